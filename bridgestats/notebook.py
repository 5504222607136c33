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
from pathlib import Path

import numpy as np

from . import datasets
from ._validate import check_flag, fail
from .errors import BridgestatsError

__all__ = [
    "finding",
    "input_hashes",
    "jsonable",
    "run_sweep",
    "save_figure",
    "save_summary",
    "show_findings",
    "show_markdown",
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
        boards").
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
    return {"text": text.strip(), "section": section.strip(), "key": key, "headline": headline}


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
    ``findings`` are the report's findings in words (:func:`finding`), stored under
    ``"_findings"``: ``reports/findings.html`` lists them with links to their sections, and
    the index shows those marked ``headline`` in place of the headline keys.

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
) -> None:
    """Save a matplotlib figure as ``<folder>/<name>.png`` and show it once on the page.

    The page's image carries ``caption`` as its alt text (by default the figure's titles,
    else its name). With ``show`` (in a notebook) the figure is displayed here and closed,
    so the inline backend does not show it a second time without its alt text. Returns
    None, so that a cell ending with the call shows nothing else.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    fig.savefig(path, dpi=dpi, bbox_inches="tight")
    if show and _in_notebook():
        import base64

        from IPython.display import display
        from matplotlib import pyplot as plt

        alt = caption or figure_caption(fig) or name.replace("_", " ")
        data = base64.b64encode(path.read_bytes()).decode()
        display(
            {"image/png": data, "text/plain": alt}, raw=True, metadata={"image/png": {"alt": alt}}
        )
        plt.close(fig)


def figure_caption(fig) -> str:
    """The figure's titles (suptitle, then each axes' title) joined, "" when it has none.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from matplotlib import pyplot as plt
    >>> fig, ax = plt.subplots(); _ = ax.set_title("K by series"); figure_caption(fig)
    'K by series'
    """
    titles = []
    if getattr(fig, "_suptitle", None) is not None and fig._suptitle.get_text():
        titles.append(fig._suptitle.get_text())
    titles += [ax.get_title() for ax in fig.axes if ax.get_title()]
    return "; ".join(titles)


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebooks extra
        return False
    shell = get_ipython()
    return shell is not None and shell.__class__.__name__ == "ZMQInteractiveShell"


def show_markdown(text: str) -> None:
    """Show ``text`` on the page as Markdown (prose as prose, not monospace ``print``)."""
    from IPython.display import Markdown, display

    display(Markdown(str(text)))


def show_findings(findings, *, title: str | None = None) -> None:
    """Show findings (:func:`finding`, or plain sentences) as a Markdown list."""
    lines = [f"**{title}**", ""] if title else []
    for item in findings:
        text = item["text"] if isinstance(item, dict) else str(item)
        lines.append(f"- {_md_escape(text)}")
    show_markdown("\n".join(lines))


def _md_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_")


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
            return f"{float(value):,.4g}" if abs(value) < 1e4 else f"{float(value):,.0f}"
        return f"{float(value):,.{digits}f}"
    if isinstance(value, (list, tuple, np.ndarray)):
        return ", ".join(_cell(v, digits) or MISSING for v in value)
    return str(value)


def table_html(frame, *, columns=None, digits=None, note: str | None = None) -> str:
    """A data frame as the page shows it: an HTML table with a ``<thead>``, no index.

    ``columns`` maps column names to what the reader sees (and, when given, picks and
    orders the columns); other snake_case names read with spaces. ``digits`` rounds every
    float column (an int) or some (a dict by column). Booleans read yes/no; a missing value
    is a dash, and a note under the table says what a dash means (``note`` overrides it).
    Nothing is cut short.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"worst_ratio": [1.23456, None], "ok": [True, False]})
    >>> html = table_html(t, columns={"worst_ratio": "worst ratio", "ok": "fits"}, digits=2)
    >>> "<th>worst ratio</th>" in html, ">1.23</td>" in html, "<td>no</td>" in html
    (True, True, True)
    >>> "NaN" in html, "–: not available" in html
    (False, True)
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
    names = [(columns or {}).get(c) or str(c).replace("_", " ") for c in frame.columns]
    head = "".join(f"<th>{_html.escape(n)}</th>" for n in names)
    body, n_missing = [], 0
    numeric_columns = {
        c: pd.api.types.is_numeric_dtype(frame[c]) and not pd.api.types.is_bool_dtype(frame[c])
        for c in frame.columns
    }
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
    out = (
        '<div class="bs-table"><table>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )
    if note or n_missing:
        out += f'<p class="bs-note">{_html.escape(note or MISSING + ": not available")}</p>'
    return out + "</div>"


def show_table(frame, *, columns=None, digits=None, note: str | None = None) -> None:
    """Show a data frame as :func:`table_html` makes it (its plain text has no "…" either)."""
    from IPython.display import display

    html = table_html(frame, columns=columns, digits=digits, note=note)
    display({"text/html": html, "text/plain": f"table of {len(frame)} rows"}, raw=True)


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
