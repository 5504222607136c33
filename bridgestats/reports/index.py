"""``reports/index.html``: every run with its status, headline figures, time and links;
``reports/findings.html``: every report's findings in words, each linked to its section.

The rows are built from what is on disk (each run's ``run.json`` and ``summary.json``, the
latest attempt deciding the status) and rendered from ``templates/index.html.j2`` and
``templates/findings.html.j2``. A report states its findings with
:func:`bridgestats.notebook.finding` (a sentence with its number, and the heading of the
section that shows it); the index shows the ones marked ``headline`` in place of the raw
summary keys, which remain the fallback for a report that states none.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import functools
import json
from pathlib import Path
from urllib.parse import quote

from .._output import write_text_atomic
from ..errors import BridgestatsError
from .config import ReportConfig, expand_runs
from .execute import KERNEL_LOG
from .folder import page_is_ours, record_page
from .parameters import notebook_title
from .provenance import git_state, now, package_version, read_json
from .render import render

__all__ = ["IndexRow", "findings_problems", "section_anchor", "write_index"]

_STATUSES = ("ok", "failed", "stopped", "missing", "not run")


@dataclasses.dataclass(frozen=True)
class IndexRow:
    """One row of the index, as text: the template escapes every field.

    ``title`` is the report's title (its notebook's first heading), what a reader sees in
    place of the run's ``name``; ``figures`` are the headline ``(key, value)`` pairs and
    ``more`` how many other keys ``summary.json`` has; ``sentences`` the headline findings as
    ``(text, href)`` (href to the section of the report that shows it, or "") and
    ``findings`` all of them, as ``(text, href, headline)``; ``parameters`` the overrides as
    ``(name, value)``; ``links`` ``(href, label)`` pairs relative to the index.
    """

    name: str
    report: str
    status: str = "not run"
    title: str = ""
    description: str = ""
    error: str = ""
    figures: tuple[tuple[str, str], ...] = ()
    more: int = 0
    sentences: tuple[tuple[str, str], ...] = ()
    findings: tuple[tuple[str, str, bool], ...] = ()
    parameters: tuple[tuple[str, str], ...] = ()
    ended: str = ""
    took: str = ""
    links: tuple[tuple[str, str], ...] = ()


def write_index(root, *, config: ReportConfig | None = None, results=()) -> Path:
    """Write ``<root>/index.html`` listing every run: configured, just run, or on disk.

    Each row shows the run's status, headline figures (``summary.json``), parameters,
    end time and duration, and links to the HTML report, the executed notebook,
    ``summary.json``, ``run.json`` and the figures. The page is self-contained.
    """
    root = Path(root)
    rows: dict[str, IndexRow] = {}
    if config is not None:
        for spec in expand_runs(dataclasses.replace(config, allow_missing=True)):
            title = "" if spec.missing else notebook_title(spec.notebook)  # a run not run yet
            rows[spec.name] = _row(
                root, spec.name, report=spec.report, missing=spec.missing, title=title
            )
    for result in results:
        rows[result.name] = _row(
            root, result.name, report=result.report, missing=result.status == "missing"
        )
        if result.status == "stopped":  # the batch was stopped: the links stay the last ones
            rows[result.name] = dataclasses.replace(
                rows[result.name], status="stopped", error=result.error or "stopped"
            )
    for run_json in sorted(root.glob("*/run.json")):
        name = run_json.parent.name.removesuffix(".failed")
        if name not in rows and not name.startswith("."):
            report = read_json(run_json).get("report", name)
            rows[name] = _row(root, name, report=report, missing=False)
    counts = {s: sum(r.status == s for r in rows.values()) for s in _STATUSES}
    git = git_state()
    context = dict(
        rows=list(rows.values()),
        written=_when(now()),
        version=package_version(),
        revision=(git["revision"] or "unknown")[:12] + (" (dirty tree)" if git["dirty"] else ""),
        tally=", ".join(f"{n} {s}" for s, n in counts.items() if n),
        n_findings=sum(len(r.findings) for r in rows.values()),
        pack="committee_pack.pdf" if (root / "committee_pack.pdf").is_file() else "",
        booklet="booklet.html" if (root / "booklet.html").is_file() else "",
    )
    for page in ("findings.html", "index.html"):
        _write_page(root, page, render(f"{page}.j2", **context))
    return root / "index.html"


def _write_page(root: Path, name: str, text: str) -> None:
    """Write the page atomically, only over a page the runner wrote (see
    :func:`~bridgestats.reports.folder.page_is_ours`), and record it in the marker."""
    if not page_is_ours(root, name):
        raise BridgestatsError(
            f"reports_dir: {str(root / name)!r} was not written by the runner (or was"
            " changed since); move it away, the batch would replace it"
        )
    write_text_atomic(root / name, text, what=f"the {name.removesuffix('.html')} page")
    record_page(root, name)


def section_anchor(heading: str) -> str:
    """The id the report page gives the markdown heading ``heading`` (its text without the
    ``#``), for links into a report: made by nbconvert's own Markdown renderer, as the
    report's headings are, so the two ends agree for any heading (apostrophes, Markdown
    emphasis or code, symbols such as σ).

    >>> section_anchor("One bad session: how fast does it fade?")
    'One-bad-session:-how-fast-does-it-fade?'
    >>> section_anchor("The `K` of *Probst's* σ")
    "The-K-of-Probst's-%CF%83"
    """
    return _heading_id(heading.strip())


@functools.cache
def _heading_id(heading: str) -> str:
    import html
    import re

    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    page = markdown2html_mistune(f"## {heading}")
    found = re.search(r'<h2[^>]*\bid="([^"]*)"', page)
    if found is None:  # nbconvert gave the heading no id: its text, as nbconvert makes ids
        return quote(heading.replace(" ", "-"), safe="?/:@!$&'()*+,;=")
    return html.unescape(found.group(1))


def findings_problems(summary_json) -> list[str]:
    """What is wrong with a run's findings in words, as its ``summary.json`` records it
    (:func:`bridgestats.notebook.findings_problems`: a finding of more than one sentence,
    none marked headline); ``bridgestats reports`` warns of each."""
    problems = read_json(Path(summary_json)).get("_findings_problems") or []
    return [str(p) for p in problems] if isinstance(problems, list) else [str(problems)]


def _row(root: Path, name: str, *, report: str, missing: bool, title: str = "") -> IndexRow:
    """One index row, from what is on disk: the latest attempt decides the status; ``title``
    names a run that has no record yet (its notebook's first heading)."""
    good_json, failed_json = root / name / "run.json", root / f"{name}.failed" / "run.json"
    good = read_json(good_json) if good_json.is_file() else None
    failed = read_json(failed_json) if failed_json.is_file() else None
    previous = None
    if failed is not None and (
        good is None or str(failed.get("ended", "")) >= str(good.get("ended", ""))
    ):
        status, record, folder = "failed", failed, root / f"{name}.failed"
        previous = root / name if good is not None else None
    elif good is not None:
        status, record, folder = "ok", good, root / name
    else:
        return IndexRow(name, report, status="missing" if missing else "not run", title=title)
    summary = read_json(folder / "summary.json")
    figures, more = _headline(summary)
    findings = _findings(root, folder, record, summary)
    took = (record.get("durations") or {}).get("total_s")
    return IndexRow(
        name=name,
        report=report,
        status=status,
        title=record.get("title") or title,
        description=record.get("description") or "",
        error=record.get("error") or "",
        figures=figures,
        more=more,
        sentences=tuple((text, href) for text, href, head in findings if head),
        findings=tuple(findings),
        parameters=tuple((k, _fmt(v)) for k, v in (record.get("overrides") or {}).items()),
        ended=_when(record.get("ended")),
        took=f"{took:.1f} s" if isinstance(took, (int, float)) else "",
        links=_links(root, folder, record, status=status, previous=previous),
    )


def _links(root: Path, folder: Path, record: dict, *, status: str, previous) -> tuple:
    stem = Path(record.get("notebook", "")).stem
    wanted = [
        (folder, f"{stem}.html", "report"),
        (folder, f"{stem}.ipynb", "notebook"),
        (folder, "summary.json", "summary.json"),
        (folder, "run.json", "run.json"),
    ]
    if status == "failed":
        wanted.append((folder, KERNEL_LOG, "kernel log"))
    wanted += [
        (folder, f"figures/{png.name}", f"figure: {png_title(png) or png.stem.replace('_', ' ')}")
        for png in sorted((folder / "figures").glob("*.png"))
    ]
    if previous is not None:
        prev = Path(read_json(previous / "run.json").get("notebook", "")).stem
        wanted.append((previous, f"{prev}.html", "previous good report"))
    return tuple(
        ((where / file).relative_to(root).as_posix(), label)
        for where, file, label in wanted
        if (where / file).exists()
    )


def _findings(root: Path, folder: Path, record: dict, summary: dict) -> list[tuple]:
    """``(text, href, headline)`` of each finding in ``summary["_findings"]``; href "" when
    the report page is absent (a failed run)."""
    page = folder / f"{Path(record.get('notebook', '')).stem}.html"
    base = page.relative_to(root).as_posix() if page.is_file() else ""
    out = []
    for item in summary.get("_findings") or []:
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            continue  # written by save_summary, which checks them; a hand-edited file
        section = item.get("section") or ""
        href = f"{base}#{section_anchor(section)}" if base and section else base
        out.append((item["text"], href, bool(item.get("headline"))))
    return out


def _fmt(value) -> str:
    """A summary or parameter value as the index shows it.

    >>> _fmt(0.123456), _fmt(None), _fmt([1, 2.5]), _fmt(list(range(9))), _fmt({"a": 1})
    ('0.1235', 'null', '[1, 2.5]', '[9 values]', '{1 keys}')
    """
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, list):
        if len(value) <= 6 and all(isinstance(v, (int, float, str)) for v in value):
            return "[" + ", ".join(_fmt(v) for v in value) + "]"
        return f"[{len(value)} values]"
    if isinstance(value, dict):
        return f"{{{len(value)} keys}}"
    return str(value)


def _headline(summary: dict, *, limit: int = 8) -> tuple[tuple, int]:
    """The summary's headline figures as ``(key, text)`` pairs, and how many keys are left.

    The keys named in ``"_headline"`` (see :func:`bridgestats.notebook.save_summary`), in
    that order; without them the first ``limit`` scalars, then short lists, in file order.

    >>> _headline({"a": 1, "b": [2, 3], "c": 0.5, "_headline": ["c"]})
    ((('c', '0.5'),), 2)
    """
    items = {k: v for k, v in summary.items() if not k.startswith("_")}
    shown = [k for k in summary.get("_headline") or [] if k in items]
    if not shown:
        shown = [k for k, v in items.items() if not isinstance(v, dict)]
        shown = sorted(shown, key=lambda k: isinstance(items[k], list))[:limit]  # scalars first
    return tuple((k, _fmt(items[k])) for k in shown), len(items) - len(shown)


def _when(stamp: str | None) -> str:
    """An ISO time as ``YYYY-MM-DD HH:MM:SS UTC`` ("" when absent)."""
    if not stamp:
        return ""
    try:
        when = _dt.datetime.fromisoformat(str(stamp)).astimezone(_dt.UTC)
    except (ValueError, OverflowError, OSError):  # a hand-edited run.json ("yesterday")
        return f"{str(stamp)[:40]} (not a time)"
    return when.strftime("%Y-%m-%d %H:%M:%S UTC")


def png_title(path) -> str:
    """The ``Title`` a PNG file carries in a text chunk (``tEXt`` or uncompressed ``iTXt``,
    PNG specification §11.3.4), as :func:`bridgestats.notebook.save_figure` writes the
    figure's caption; "" when it has none or is not a PNG.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> from matplotlib import pyplot as plt
    >>> import tempfile, pathlib
    >>> fig, _ = plt.subplots()
    >>> png = pathlib.Path(tempfile.mkdtemp()) / "f.png"
    >>> fig.savefig(png, metadata={"Title": "σ by round"}); plt.close(fig)
    >>> png_title(png), png_title(__file__)
    ('σ by round', '')
    """
    data = Path(path).read_bytes()
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return ""
    at = 8
    while at + 8 <= len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"tEXt" and body.startswith(b"Title\0"):
            return body[6:].decode("latin-1")
        if kind == b"iTXt" and body.startswith(b"Title\0\0"):  # uncompressed
            _lang, _key, text = body[8:].split(b"\0", 2)
            return text.decode("utf-8")
        if kind == b"IDAT" or kind == b"IEND":
            break
        at += 12 + length
    return ""
