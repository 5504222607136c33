"""``reports/index.html``: every run with its status, headline figures, time and links."""

from __future__ import annotations

import dataclasses
import datetime as _dt
import html
import json
from pathlib import Path

from .config import ReportConfig, expand_runs
from .execute import KERNEL_LOG
from .provenance import git_state, now, package_version, read_json

__all__ = ["write_index"]

_STATUSES = ("ok", "failed", "missing", "not run")


_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto;
       max-width: 78em; padding: 0 1em; color: #1b1b1b; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
p.meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: 0.45em 0.6em; text-align: left;
         vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; white-space: nowrap; }
.status { font-weight: 600; padding: 0.1em 0.5em; border-radius: 0.3em; white-space: nowrap; }
.ok { background: #dcf5dc; color: #145214; }
.failed { background: #fbdcdc; color: #7a1010; }
.missing, .not-run { background: #eee; color: #555; }
dl { margin: 0; display: grid; grid-template-columns: max-content auto; gap: 0 0.8em; }
dt { color: #555; } dd { margin: 0; font-variant-numeric: tabular-nums; }
.error { color: #7a1010; font-family: monospace; font-size: 0.9em; }
.small { color: #555; font-size: 0.9em; }
"""


def _fmt(value) -> str:
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


def _headline(summary: dict, *, limit: int = 8) -> str:
    """The summary's headline figures as a definition list.

    The keys named in ``"_headline"`` (see :func:`bridgestats.notebook.save_summary`), in
    that order; without them the first ``limit`` scalars, then short lists, in file order.
    """
    items = {k: v for k, v in summary.items() if not k.startswith("_")}
    shown = [k for k in summary.get("_headline") or [] if k in items]
    if not shown:
        shown = [k for k, v in items.items() if not isinstance(v, dict)]
        shown = sorted(shown, key=lambda k: isinstance(items[k], list))[:limit]  # scalars first
    if not shown:
        return ""
    rows = "".join(
        f"<dt>{html.escape(k)}</dt><dd>{html.escape(_fmt(items[k]))}</dd>" for k in shown
    )
    more = len(items) - len(shown)
    extra = f'<span class="small">and {more} more in summary.json</span>' if more > 0 else ""
    return f"<dl>{rows}</dl>{extra}"


def _link(root: Path, folder: Path | None, file: str, label: str) -> str:
    if folder is None or not (folder / file).exists():
        return ""
    href = html.escape((folder / file).relative_to(root).as_posix(), quote=True)
    return f'<a href="{href}">{html.escape(label)}</a>'


def _disk_state(root: Path, name: str) -> dict:
    good, failed = root / name, root / f"{name}.failed"
    return {
        "good": read_json(good / "run.json") if (good / "run.json").is_file() else None,
        "failed": read_json(failed / "run.json") if (failed / "run.json").is_file() else None,
    }


def _row(root: Path, name: str, *, report: str, missing: bool) -> dict:
    """One index row, from what is on disk: the latest attempt decides the status."""
    state = _disk_state(root, name)
    good, failed = state["good"], state["failed"]
    row = {
        "name": name,
        "report": report,
        "status": "not run",
        "record": {},
        "folder": None,
        "previous": None,
    }
    if failed is not None and (good is None or failed.get("ended", "") >= good.get("ended", "")):
        row.update(status="failed", record=failed, folder=root / f"{name}.failed")
        row["previous"] = root / name if good is not None else None
    elif good is not None:
        row.update(status="ok", record=good, folder=root / name)
    elif missing:
        row["status"] = "missing"
    return row


def write_index(root, *, config: ReportConfig | None = None, results=()) -> Path:
    """Write ``<root>/index.html`` listing every run: configured, just run, or on disk.

    Each row shows the run's status, headline figures (``summary.json``), parameters,
    end time and duration, and links to the HTML report, the executed notebook,
    ``summary.json``, ``run.json`` and the figures. The page is self-contained.
    """
    root = Path(root)
    rows: dict[str, dict] = {}
    if config is not None:
        for spec in expand_runs(dataclasses.replace(config, allow_missing=True)):
            rows[spec.name] = _row(root, spec.name, report=spec.report, missing=spec.missing)
    for result in results:
        rows[result.name] = _row(
            root, result.name, report=result.report, missing=result.status == "missing"
        )
    for run_json in sorted(root.glob("*/run.json")):
        name = run_json.parent.name.removesuffix(".failed")
        if name not in rows and not name.startswith("."):
            rows[name] = _row(
                root, name, report=read_json(run_json).get("report", name), missing=False
            )
    body = "\n".join(_index_row(root, row) for row in rows.values())
    counts = {s: sum(r["status"] == s for r in rows.values()) for s in _STATUSES}
    tally = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
    git = git_state()
    rev = (git["revision"] or "unknown")[:12] + (" (dirty tree)" if git["dirty"] else "")
    page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bridgestats reports</title>
<style>{_CSS}</style>
</head>
<body>
<h1>bridgestats reports</h1>
<p class="meta">Index written {html.escape(_when(now()))} by bridgestats
{html.escape(package_version())}, git {html.escape(rev)}.
{len(rows)} run(s): {html.escape(tally)}.</p>
<table>
<thead><tr><th>run</th><th>status</th><th>headline figures</th><th>parameters</th>
<th>finished</th><th>time</th><th>files</th></tr></thead>
<tbody>
{body}
</tbody>
</table>
</body>
</html>
"""
    out = root / "index.html"
    out.write_text(page, encoding="utf-8")
    return out


def _when(stamp: str | None) -> str:
    """An ISO time as ``YYYY-MM-DD HH:MM:SS UTC`` ("" when absent)."""
    if not stamp:
        return ""
    when = _dt.datetime.fromisoformat(stamp).astimezone(_dt.UTC)
    return when.strftime("%Y-%m-%d %H:%M:%S UTC")


def _index_row(root: Path, row: dict) -> str:
    record, folder = row["record"], row["folder"]
    status = row["status"]
    css = status.replace(" ", "-")
    name = html.escape(row["name"])
    desc = html.escape(record.get("description") or record.get("title") or "")
    title = f"<strong>{name}</strong>"
    if row["report"] != row["name"]:
        title += f'<br><span class="small">{html.escape(row["report"])}</span>'
    if desc:
        title += f'<br><span class="small">{desc}</span>'
    summary = read_json(folder / "summary.json") if folder else {}
    figures = _headline(summary)
    if record.get("error"):
        figures = f'<div class="error">{html.escape(record["error"])}</div>' + figures
    params = record.get("overrides") or {}
    params_html = "<br>".join(
        f"{html.escape(k)} = {html.escape(_fmt(v))}" for k, v in params.items()
    )
    took = (record.get("durations") or {}).get("total_s")
    took_html = f"{took:.1f} s" if isinstance(took, (int, float)) else ""
    links = []
    if folder is not None:
        stem = Path(record.get("notebook", "")).stem
        links += [
            _link(root, folder, f"{stem}.html", "report"),
            _link(root, folder, f"{stem}.ipynb", "notebook"),
            _link(root, folder, "summary.json", "summary.json"),
            _link(root, folder, "run.json", "run.json"),
            _link(root, folder, KERNEL_LOG, "kernel log") if status == "failed" else "",
            *(
                _link(root, folder, f"figures/{png.name}", f"figure {png.stem}")
                for png in sorted((folder / "figures").glob("*.png"))
            ),
        ]
    if row["previous"] is not None:
        prev = read_json(row["previous"] / "run.json")
        stem = Path(prev.get("notebook", "")).stem
        links.append(_link(root, row["previous"], f"{stem}.html", "previous good report"))
    links_html = " · ".join(link for link in links if link)
    return (
        f'<tr><td>{title}</td><td><span class="status {css}">{html.escape(status)}</span></td>'
        f"<td>{figures}</td><td>{params_html}</td>"
        f'<td class="num">{html.escape(_when(record.get("ended")))}</td>'
        f'<td class="num">{took_html}</td><td>{links_html}</td></tr>'
    )
