"""What a notebook calls to leave its machine-readable results next to its report.

The batch runner (:mod:`bridgestats.reports`) executes each notebook with the run's folder
as the working directory, so these helpers write there: ``summary.json`` (headline
figures, read by the runner into ``reports/index.html`` and by the tests) and
``figures/<name>.png``.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from pathlib import Path

import numpy as np

from . import datasets
from ._output import without_bidi
from ._validate import check_flag, fail
from .errors import BridgestatsError
from .figures import count_axis, figure_caption, figure_names, place_legends, tell_apart
from .names import and_list, counted, readable

__all__ = [
    "and_list",
    "counted",
    "finding",
    "findings_problems",
    "inert_markdown",
    "input_hashes",
    "jsonable",
    "plain_numbers",
    "run_sweep",
    "save_figure",
    "save_summary",
    "show_findings",
    "show_markdown",
    "show_read",
    "show_table",
    "table_html",
]

#: What a table shows in place of a missing value (and the note that says so).
MISSING = "–"


def jsonable(value):
    """Convert numpy scalars/arrays, tuples and dataclass-like results to JSON types.

    >>> jsonable({"k": np.float64(6.5), "ci": (6.1, np.float32(7.0)), "n": np.int64(3)})
    {'k': 6.5, 'ci': [6.1, 7.0], 'n': 3}
    """
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, (np.floating, float)):
        f = float(value)
        return None if math.isnan(f) else f
    return value


def input_hashes(inputs) -> dict[str, str]:
    """SHA-256 of each input: a shipped data set name (``"seeds/brighton_2005"``) or a path.

    A folder (the readers of :mod:`bridgestats.io` take folders) is hashed as the SHA-256
    of its listing: one line ``<SHA-256 of the file>  <path below the folder>`` per file,
    sorted by path, so that any change to any file below it changes the hash.
    """
    hashes = {}
    for item in inputs:
        file = Path(item)
        if file.is_dir():
            hashes[str(item)] = _folder_hash(file)
            continue
        if not file.is_file():
            file = datasets.path(str(item))
        hashes[str(item)] = hashlib.sha256(file.read_bytes()).hexdigest()
    return hashes


def _folder_hash(folder: Path) -> str:
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    listing = "".join(
        f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(folder).as_posix()}\n"
        for p in files
    )
    return hashlib.sha256(listing.encode()).hexdigest()


def finding(text: str, *, section: str, key: str | None = None, headline: bool = False) -> dict:
    """One finding of a report: a sentence with its number, and the section that shows it.

    Parameters
    ----------
    text : str
        The finding in one sentence, with its number, unit and interval, as a committee
        member should read it ("K per board: 6.13 IMPs (90 %: 6.09-6.17) from 37,099
        boards"); data set and scale ids in it read as their names
        (:func:`bridgestats.names.readable`).
    section : str
        The notebook's markdown heading (its text, without the ``#``) of the section that
        shows it: ``reports/findings.html`` links to it.
    key : str, optional
        The summary key holding the number (checked by :func:`save_summary`).
    headline : bool
        Shown in ``reports/index.html`` in place of the headline keys.

    Examples
    --------
    >>> finding("sigma: 11.0 %", section="The fit", key="sigma", headline=True)
    {'text': 'sigma: 11.0 %', 'section': 'The fit', 'key': 'sigma', 'headline': True}
    """
    for name, value in (("text", text), ("section", section)):
        if not isinstance(value, str) or not value.strip():
            raise fail(name, "a non-empty string", value)
    if key is not None and not isinstance(key, str):
        raise fail("key", "a summary key (str) or None", key)
    headline = check_flag(headline, "headline")
    return {
        "text": plain_numbers(readable(without_bidi(text.strip()))),
        "section": section.strip(),
        "key": key,
        "headline": headline,
    }


#: A sentence ends at ".", "!" or "?" (perhaps closing a bracket or quote) followed by a
#: space and a capital letter, unless the word before is an abbreviation: "90 %:
#: 6.09-6.17", "e.g. the", "vs. Elo", "p. 12" and "Probst et al. Table 3" end none.
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][)\"'’”]))\s+(?=[\"'‘“(]?[A-Z])")
_ABBREVIATIONS = re.compile(
    r"(?:\b(?:vs|e\.g|i\.e|cf|pp?|no|nos|fig|al|st|dr|mr|ms|approx)|\b[A-Z])\.$", re.I
)


def _sentences(text: str) -> list[str]:
    """``text`` split into sentences (see ``_SENTENCE_END``).

    >>> _sentences("Elo beats the PPI vs. Glicko (p. 3). It holds")
    ['Elo beats the PPI vs. Glicko (p. 3).', 'It holds']
    """
    out: list[str] = []
    for part in _SENTENCE_END.split(text.strip()):
        if out and _ABBREVIATIONS.search(out[-1]):
            out[-1] = f"{out[-1]} {part}"
        elif part.strip():
            out.append(part)
    return out


def findings_problems(findings) -> list[str]:
    """What is wrong with a report's findings, as sentences (empty when nothing): each
    finding is one sentence, and at least one is marked headline.

    >>> findings_problems([finding("K is 6.13 IMPs. It holds for 8 boards", section="s")])
    ['finding 1 runs to 2 sentences: K is 6.13 IMPs. | It holds for 8 boards', \
'no finding is marked headline (finding(..., headline=True))']
    >>> findings_problems([finding("K is 6.13 IMPs (90 %: 6.09-6.17)", section="s", headline=True)])
    []
    """
    problems = []
    for i, item in enumerate(findings, 1):
        text = item["text"] if isinstance(item, dict) else str(item)
        parts = _sentences(text)
        if len(parts) > 1 or "\n" in text.strip():
            n = max(len(parts), 2)
            problems.append(f"finding {i} runs to {n} sentences: " + " | ".join(parts))
    if findings and not any(isinstance(f, dict) and f.get("headline") for f in findings):
        problems.append("no finding is marked headline (finding(..., headline=True))")
    return problems


def save_summary(
    summary: dict,
    *,
    inputs=(),
    headline=(),
    findings=(),
    path: str | Path = "summary.json",
) -> None:
    """Write the notebook's headline figures as JSON (NaN becomes null) to ``path``.

    Returns None, so that a cell ending with the call shows nothing on the page.

    ``inputs`` names the files the notebook read (data set names or paths); their SHA-256
    are stored under the key ``"_inputs"`` so that every report records what it used.
    ``headline`` optionally names the keys that ``reports/index.html`` shows first, in that
    order (stored under ``"_headline"``); without it the index shows the first few numbers.
    ``findings`` are the report's findings in words (:func:`finding`, or a study's findings
    frame with columns ``text``, ``section``, ``key``, ``headline``), stored under
    ``"_findings"``: ``reports/findings.html`` lists them with links to their sections, and
    the index shows those marked ``headline`` in place of the headline keys. What
    :func:`findings_problems` finds wrong with them (a finding of more than one sentence,
    none marked headline) is stored under ``"_findings_problems"``, and ``bridgestats
    reports`` warns of it.

    >>> import json, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     save_summary({"sigma": 11.0, "n": 8}, headline=["sigma"], path=f"{tmp}/s.json")
    ...     json.loads(Path(f"{tmp}/s.json").read_text())
    {'_headline': ['sigma'], '_inputs': {}, 'n': 8, 'sigma': 11.0}
    """
    payload = dict(jsonable(summary))
    headline = [headline] if isinstance(headline, str) else list(headline)
    unknown = [key for key in headline if key not in payload]
    if unknown:
        known = ", ".join(sorted(payload))
        raise BridgestatsError(f"headline: {unknown[0]!r} is not a summary key; keys: {known}")
    if headline:
        payload["_headline"] = headline
    if hasattr(findings, "to_dict"):  # a study's findings frame: each row a finding(...)
        findings = [finding(**row) for row in findings.to_dict(orient="records")]
    findings = list(findings)
    for i, item in enumerate(findings):
        if not isinstance(item, dict) or set(item) != {"text", "section", "key", "headline"}:
            raise fail(f"findings[{i}]", "a finding(...)", item)
        if item["key"] is not None and item["key"] not in payload:
            known = ", ".join(sorted(payload))
            raise BridgestatsError(
                f"findings[{i}]: key {item['key']!r} is not a summary key; keys: {known}"
            )
    if findings:
        payload["_findings"] = findings
        problems = findings_problems(findings)
        if problems:  # the runner warns; tests/test_browser.py lists the reports not yet clean
            payload["_findings_problems"] = problems
    payload["_inputs"] = input_hashes(inputs)
    path = Path(path)
    path.write_text(json.dumps(payload, indent=2, sort_keys=True) + "\n")


def save_figure(
    fig,
    name: str,
    *,
    caption: str | None = None,
    folder: str | Path = "figures",
    dpi: int = 110,
    show: bool = True,
    counts: dict | None = None,
) -> None:
    """Save a matplotlib figure as ``<folder>/<name>.png`` and show it once on the page.

    Before saving, the series of each legend are told apart by more than colour
    (:func:`~bridgestats.figures.tell_apart`), ids in its texts read as names
    (:func:`~bridgestats.figures.figure_names`), every legend is moved off the plotted data
    (:func:`~bridgestats.figures.place_legends`, which raises when none can be), and
    ``counts`` declares count axes: ``{axes: "x" | "y" | "xy"}`` (or ``"y"`` for every
    axes) get whole-number ticks (:func:`~bridgestats.figures.count_axis`).

    The page's image carries ``caption`` as its alt text (by default the figure's label,
    which the figures of :mod:`bridgestats.figures` set to their caption, else its titles,
    else its name), and the PNG file carries it as its ``Title`` (the index's link to the
    figure reads it: :func:`bridgestats.reports.index.png_title`). With ``show`` (in a
    notebook) the figure is displayed here and closed,
    so the inline backend does not show it a second time without its alt text. Returns
    None, so that a cell ending with the call shows nothing else.
    """
    if counts is not None:
        if isinstance(counts, str):
            counts = dict.fromkeys(fig.axes, counts)
        if not isinstance(counts, dict):
            raise fail("counts", 'a dict {axes: "x" | "y" | "xy"} or one of those', counts)
        for ax, which in counts.items():
            count_axis(ax, which)
    tell_apart(fig)
    figure_names(fig)
    place_legends(fig, name=name)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    alt = caption or fig.get_label() or figure_caption(fig) or name.replace("_", " ")
    # the caption goes into the PNG too ("Title"), so the index names the figure by it
    fig.savefig(path, dpi=dpi, bbox_inches="tight", metadata={"Title": alt})
    if show and _in_notebook():
        import base64

        from IPython.display import display
        from matplotlib import pyplot as plt

        data = base64.b64encode(path.read_bytes()).decode()
        display(
            {"image/png": data, "text/plain": alt}, raw=True, metadata={"image/png": {"alt": alt}}
        )
        plt.close(fig)


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebooks extra
        return False
    shell = get_ipython()
    return shell is not None and shell.__class__.__name__ == "ZMQInteractiveShell"


def show_markdown(text: str, *, links=()) -> None:
    """Show ``text`` on the page as Markdown (prose as prose, not monospace ``print``), with
    data set and scale ids read as their names (:func:`bridgestats.names.readable`).

    The text is made inert first (:func:`inert_markdown`): names read from a file (events,
    teams, players) may hold ``<``, ``&`` or ``[...](...)``, and the page shows them as
    text, never as HTML or a link. Emphasis, code spans, lists and tables stay Markdown.
    ``links`` names the files beside the report that a link ``[text](file)`` of ``text``
    may point at; every other bracket reads as a bracket.
    """
    from IPython.display import Markdown, display

    display(Markdown(inert_markdown(plain_numbers(readable(str(text))), links=links)))


def show_findings(findings, *, title: str | None = None, section: str | None = None) -> None:
    """Show findings (:func:`finding`, plain sentences, or a study's findings frame with a
    ``text`` column) as a Markdown list; given ``section``, the frame's rows of that
    ``section`` only (none: nothing is shown)."""
    if hasattr(findings, "to_dict"):
        if section is not None:
            findings = findings[findings["section"] == section]
        findings = findings["text"].tolist()
        if not findings:
            return
    lines = [f"**{title}**", ""] if title else []
    for item in findings:
        text = item["text"] if isinstance(item, dict) else str(item)
        lines.append(f"- {_md_escape(readable(text))}")
    show_markdown("\n".join(lines))


#: A Markdown code span: a run of backticks, then the same run alone (CommonMark 6.1).
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
#: Outside code spans, what would let text act: raw HTML and autolinks (``<``, ``>``), a
#: character reference (``&`` before ``name;`` or ``#digits;``), link brackets.
_ACTIVE = re.compile(
    r"[<>\[\]]|&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{0,31};)"
)
_INERT = {"<": "&lt;", ">": "&gt;", "[": "&#91;", "]": "&#93;", "&": "&amp;"}


def inert_markdown(text: str, *, links=()) -> str:
    r"""Markdown ``text`` that cannot act on a page: outside code spans (whose text a page
    shows as written), ``<``, ``>``, ``[`` and ``]`` become character references, as does
    an ``&`` that would start one, and Unicode's bidirectional controls are dropped
    (:func:`bridgestats._output.without_bidi`). Emphasis, lists, tables and code spans are
    kept. A link ``[text](file)`` is kept only when ``file`` is one of ``links`` (files
    beside the report).

    >>> print(inert_markdown("**K** of <img src=x onerror=alert(1)> & `a<b`"))
    **K** of &lt;img src=x onerror=alert(1)&gt; & `a<b`
    >>> print(inert_markdown("[x](javascript:alert(3)), [the CSV](t.csv)", links=["t.csv"]))
    &#91;x&#93;(javascript:alert(3)), [the CSV](t.csv)
    """
    text = without_bidi(str(text))
    kept = {str(name) for name in links}
    out, at = [], 0
    for span in _CODE_SPAN.finditer(text):
        out += [_inert_prose(text[at : span.start()], kept), span.group(0)]
        at = span.end()
    return "".join([*out, _inert_prose(text[at:], kept)])


def _inert_prose(text: str, links: set) -> str:
    """Prose outside code spans made inert (:func:`inert_markdown`), ``links`` kept."""
    if not links:
        return _ACTIVE.sub(lambda m: _INERT[m.group(0)], text)
    link = re.compile(
        r"\[([^\[\]<>]*)\]\((" + "|".join(re.escape(name) for name in sorted(links)) + r")\)"
    )
    parts, at = [], 0
    for match in link.finditer(text):
        parts.append(_ACTIVE.sub(lambda m: _INERT[m.group(0)], text[at : match.start()]))
        label = _ACTIVE.sub(lambda m: _INERT[m.group(0)], match.group(1))
        parts.append(f"[{label}]({match.group(2)})")
        at = match.end()
    parts.append(_ACTIVE.sub(lambda m: _INERT[m.group(0)], text[at:]))
    return "".join(parts)


def _md_escape(text: str) -> str:
    """``text`` with Markdown's emphasis characters escaped, code spans (between backticks)
    left as written, where a backslash would show.

    >>> print(_md_escape("k_per_board is `k_per_board`, *not* 2*3"))
    k\\_per\\_board is `k_per_board`, \\*not\\* 2\\*3
    """
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: no code span, escape it all
        parts = [text]
    return "`".join(
        part if i % 2 else part.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_")
        for i, part in enumerate(parts)
    )


_EXPONENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)e([+-]\d{2,3})\b")
_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def plain_numbers(text: str) -> str:
    """``text`` with Python's exponent notation written as a reader writes it: ``4.5e-31``
    is "4.5 × 10⁻³¹" (a committee does not read ``e-31``).

    >>> plain_numbers("p = 4.5e-31 and 4.996e-05, not 1e5x or v2e-05")
    'p = 4.5 × 10⁻³¹ and 4.996 × 10⁻⁵, not 1e5x or v2e-05'
    """

    def written(match: re.Match) -> str:
        power = str(int(match.group(2))).translate(_SUPERSCRIPT)
        return f"{match.group(1)} × 10{power}"

    return _EXPONENT.sub(written, str(text))


#: Text a table shows as a number (right-aligned, kept on one line): "0.592 ± 0.002",
#: "45.1 %", "6.09-6.17", "4.5 × 10⁻³¹".
_NUMBER_TEXT = re.compile(
    r"(< )?[-+−]?\d[\d,.]*( ?%)?( × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"
    r"(( ± |-|–| to )[-+−]?\d[\d,.]*( ?%)?( × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?)?"
)


def _cell(value, digits) -> str | None:
    """One table cell as text: yes/no for booleans, rounded numbers, None when missing."""
    import pandas as pd

    if value is None or (not isinstance(value, (list, tuple, dict, np.ndarray)) and pd.isna(value)):
        return None
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return f"{int(value):,}"
    if isinstance(value, (float, np.floating)):
        if digits is None:
            text = f"{float(value):,.4g}" if abs(value) < 1e4 else f"{float(value):,.0f}"
            return plain_numbers(text)
        if 0 < value < 0.5 * 10.0**-digits:  # a p-value of 3e-9 is not "0.0000"
            return f"< {10.0**-digits:.{digits}f}"
        return f"{float(value):,.{digits}f}"
    if isinstance(value, (list, tuple, np.ndarray)):
        return ", ".join(_cell(v, digits) or MISSING for v in value)
    return plain_numbers(readable(without_bidi(str(value))))


def table_html(frame, *, columns=None, digits=None, note: str | None = None) -> str:
    """A data frame as the page shows it: an HTML table with a ``<thead>``, no index.

    ``columns`` maps column names to what the reader sees (and, when given, picks and
    orders the columns); other snake_case names read with spaces. Data set and scale ids
    in text cells read as their names (:func:`bridgestats.names.readable`). ``digits`` rounds every
    float column (an int) or some (a dict by column). Booleans read yes/no; a missing value
    is a dash, and a note under the table says what a dash means (``note`` overrides it).
    Nothing is cut short.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"worst_ratio": [1.23456, None], "ok": [True, False]})
    >>> html = table_html(t, columns={"worst_ratio": "worst ratio", "ok": "fits"}, digits=2)
    >>> '<th class="num whole">worst ratio</th>' in html, ">1.23</td>" in html
    (True, True)
    >>> "<td>no</td>" in html
    True
    >>> "NaN" in html, "–: not available" in html
    (False, True)
    >>> p = table_html(pd.DataFrame({"p_holm": [3e-9, 0.04, 0.0]}), digits=4)
    >>> '<td class="num">&lt; 0.0001</td>' in p, ">0.0400<" in p, ">0.0000<" in p
    (True, True, True)
    """
    import html as _html

    import pandas as pd

    if isinstance(frame, pd.Series):
        frame = frame.reset_index()
    if columns is not None:
        missing = [c for c in columns if c not in frame.columns]
        if missing:
            known = ", ".join(map(str, frame.columns))
            raise BridgestatsError(f"columns: {missing[0]!r} is not a column; columns: {known}")
        frame = frame[list(columns)]
    names = [
        without_bidi((columns or {}).get(c) or str(c).replace("_", " ")) for c in frame.columns
    ]
    body, n_missing = [], 0
    numeric_columns = {
        c: pd.api.types.is_numeric_dtype(frame[c]) and not pd.api.types.is_bool_dtype(frame[c])
        for c in frame.columns
    }
    for c in frame.columns:  # text that is a number ("0.592 ± 0.002") reads as one
        if not numeric_columns[c]:
            texts = [_cell(v, None) for v in frame[c]]
            texts = [t for t in texts if t is not None]
            numeric_columns[c] = bool(texts) and all(_NUMBER_TEXT.fullmatch(t) for t in texts)
    for row in frame.itertuples(index=False):
        cells = []
        for column, value in zip(frame.columns, row, strict=True):
            d = digits.get(column) if isinstance(digits, dict) else digits
            text = _cell(value, d)
            if text is None:
                n_missing += 1
                text = MISSING
            numeric = numeric_columns[column]
            cls = ' class="num"' if numeric else ""
            cells.append(f"<td{cls}>{_html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    head = "".join(
        f"<th{_header_class(n) if numeric_columns[c] else ''}>{_html.escape(n)}</th>"
        for c, n in zip(frame.columns, names, strict=True)
    )
    out = (
        f'<div class="bs-table{" bs-many" if len(frame.columns) >= MANY_COLUMNS else ""}"><table>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )
    if note or n_missing:
        out += f'<p class="bs-note">{_html.escape(note or MISSING + ": not available")}</p>'
    return out + "</div>"


#: A table of this many columns or more (``bs-many``) prints smaller, its short headers
#: free to wrap at their spaces (report.css), so that it fits an A4 page's width (issue 33:
#: rederive_k's eleven and swiss_events' ten columns ran past the margin).
MANY_COLUMNS = 9


def _header_class(header: str) -> str:
    """The class of a header over numbers: a short one ("90 % to", "paired SE") is kept on
    one line (``whole``: report.css), so that a squeezed table does not split it over the
    numbers; a long one may wrap (and in print, in a table of :data:`MANY_COLUMNS`, any).

    >>> _header_class("paired SE"), _header_class("K per board, from margins")
    (' class="num whole"', ' class="num"')
    """
    return ' class="num whole"' if len(header) <= 14 else ' class="num"'


def show_table(frame, *, columns=None, digits=None, note: str | None = None) -> None:
    """Show a data frame as :func:`table_html` makes it (its plain text has no "…" either)."""
    from IPython.display import display

    html = table_html(frame, columns=columns, digits=digits, note=note)
    display({"text/html": html, "text/plain": f"table of {len(frame)} rows"}, raw=True)


def show_read(read) -> None:
    """What a report read of a committee's files: the sentence and the table of counts of a
    :class:`bridgestats.derive.ReadStatement` (nothing for the shipped data, ``None``)."""
    if read is None:
        return
    show_markdown(read.sentence)
    show_table(
        read.table,
        columns={
            "what": "what",
            "status": "read, used or skipped",
            "count": "count",
            "where": "where (first line)",
        },
    )


def run_sweep(grid, *, rng, scheduler=None, progress=True):
    """:func:`bridgestats.sim.sweep.run_sweep`, with a scheduler given by its address too.

    ``scheduler`` may be a scheduler address (``"tcp://host:8786"``): a
    ``distributed.Client`` is connected to it for the sweep and closed after (the notebooks
    extra provides ``dask.distributed``); a connected client is used as given and left
    open; None runs the cells here. Same ``rng`` seed, same frame, wherever it runs.
    """
    from .sim import sweep

    if isinstance(scheduler, str):
        try:
            from distributed import Client
        except ImportError:  # pragma: no cover - the notebooks extra is installed in tests
            raise BridgestatsError(
                "scheduler: an address needs dask.distributed "
                "(pip install 'bridgestats[notebooks]')"
            ) from None
        with Client(scheduler) as client:
            return sweep.run_sweep(grid, rng=rng, scheduler=client, progress=progress)
    return sweep.run_sweep(grid, rng=rng, scheduler=scheduler, progress=progress)
