"""An event scored, as a club publishes it: the results page of ``bridgestats score``.

Part of :mod:`bridgestats.apps.score`. One :class:`Page` per file scored
(:func:`page_of`): its title is the event's name and date as the file gives them, then the
ranking with the players' names, the travellers board by board, and last the agreement
with the figures the file printed and the diagnostics of reading and scoring
(:func:`summary_lines`). :func:`render` writes one page, or a folder's pages, as

- Markdown and HTML, for people: methods, scales and columns by name
  (:mod:`bridgestats.names`), the printed place (``6=``), whole numbers without
  decimals, a column of one value said once, a column empty throughout left out. The
  HTML is assembled from the template files of ``bridgestats/apps/templates``
  (``score*.html``, ``score.css``; :class:`string.Template`), prints on A4 and repeats
  each table's header row on a new page;
- CSV, for programs: one table (``--table``; the ranking by default), with the
  package's column names and ids, a folder's rows each with its ``source``;
- JSON, for programs: one object per file (``source``, ``event``, ``date``, ``method``,
  ``conventions``, ``ranking``, ``boards``, ``agreement``, ``mismatches``, ``notes``;
  teams add ``matches``), a list of them for a folder.

Every text read from a file (names, events, contracts) is data in every format: HTML
escapes it (:func:`html.escape`; pandas' ``to_html`` escapes every cell), Markdown writes
it as text (:func:`bridgestats._output.markdown_text`: no raw HTML, no link, no table
column), CSV quotes what a spreadsheet would run (:func:`bridgestats._output.csv_safe_frame`)
and JSON is JSON; Unicode's bidirectional controls are dropped from all of them
(:func:`bridgestats._output.without_bidi`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from importlib.resources import files
from string import Template

import numpy as np
import pandas as pd

from ..._output import (
    csv_safe_frame,
    html_text,
    markdown_table,
    markdown_text,
    without_bidi,
)
from ..._validate import fail
from ...conventions import CONVENTIONS
from ...names import display_name
from .frame import _KEYS

__all__ = ["FORMATS", "TABLES", "Page", "page_of", "render", "summary_lines"]

#: The output formats of :func:`render`.
FORMATS = ("markdown", "html", "csv", "json")

#: The tables of a page, by id (``--table`` takes them, or ``"all"``), in page order: the
#: results first, the checks last.
TABLES = (
    "ranking",
    "matches",
    "boards",
    "agreement",
    "mismatches",
    "standings",
    "standings-mismatches",
    "adjusted",
)

#: The results a club publishes; the others are the agreement and diagnostics.
_RESULTS = ("ranking", "matches", "boards")

#: The headings of the tables.
TABLE_TITLES = {
    "ranking": "Ranking",
    "matches": "Matches",
    "agreement": "The file's printed scores, checked",
    "mismatches": "Printed scores that differ",
    "boards": "Boards",
    "adjusted": "Adjusted results",
    "standings": "The file's printed standings, checked",
    "standings-mismatches": "Printed standings that differ",
}

#: Where a column means more in one table than its name says.
_TABLE_COLUMNS = {
    "matches": {
        "imp_margin": "margin A",
        "imp_margin_b": "margin B",
        "adjusted": "adjusted boards",
    },
    "mismatches": {
        "printed": "printed figure",
        "printed_value": "printed",
        "computed_value": "computed",
    },
    "standings-mismatches": {"printed_value": "printed", "computed_value": "computed"},
    "adjusted": {"adjusted": "how it was scored"},
}

#: Columns whose cells are column ids (the figure compared), shown by name.
_ID_CELLS = {"agreement": "computed", "standings": "figure", "standings-mismatches": "figure"}

#: Columns left out where they repeat another column throughout (a board factored to
#: its own results, no board on its own top).
_SAME_AS = {"n_expected": "n_results", "mp_ns_own": "mp_ns", "top_own": "top"}

#: A computed figure as a sentence names it (the ranking's ``pct`` is a column of "%").
_FIGURE_WORDS = {"pct": "percentage", "pct_ns": "NS percentage"}

#: The printed standings' figures counted in a sentence ("12 of 12 places agree").
_FIGURE_PLURALS = {"total": "totals", "pct": "percentages", "place": "places"}

_NOTHING_PRINTED = "the file prints no scores of its own to check"

#: The columns that give an event's date, as the readers name them (PBN and Bridgemate
#: ``Date``, USEBIO ``DATE``).
_DATES = ("Date", "DATE")


@dataclass(frozen=True)
class Page:
    """One file's event scored, ready to render (see :func:`page_of`).

    Attributes
    ----------
    title : str
        The event's name and date (``"EL Wed 10.00am Open, 27/07/2022"``), else the file.
    source : str
        The file scored.
    result : EventScore
        The scores.
    tables : dict
        The tables chosen, by id of :data:`TABLES`, in page order.
    lines : list of str
        The agreement and diagnostics in words (:func:`summary_lines`).
    said : tuple of str
        Columns of one value throughout (the file, the event), said once in the title or
        the lines and left out of Markdown and HTML tables.
    event, date : str or None
        As the file gives them.
    """

    title: str
    source: str
    result: object
    tables: dict
    lines: list
    said: tuple = ()
    event: str | None = None
    date: str | None = None


def page_of(result, *, source: str, table: str = "all", load_lines=(), vp_line=None) -> Page:
    """The :class:`Page` of one file's :class:`~bridgestats.apps.score.EventScore`.

    Parameters
    ----------
    result : EventScore
        From :func:`~bridgestats.apps.score.score_event` (or ``score_files``).
    source : str, keyword-only
        The file, as the reader is told it.
    table : str, keyword-only
        ``"all"`` or one id of :data:`TABLES` the result has.
    load_lines : list of str, keyword-only
        What the reader noticed (:func:`load_lines`), added to the diagnostics.
    vp_line : str or None, keyword-only
        Teams: the VP scale the matches were scored on, in words.

    Returns
    -------
    Page
    """
    lines = summary_lines(result)
    if vp_line:
        lines.insert(1, vp_line)
    load_lines = list(load_lines)
    if load_lines and load_lines[0].startswith("scores printed"):  # the reader compared them
        lines = [ln for ln in lines if ln != _NOTHING_PRINTED]
    lines = [f"file: {source}", *lines, *load_lines]
    boards = result.boards
    event = _one(boards, "event")
    date = result.notes.get("date")
    said = tuple(
        c
        for c in ("source", "event")
        if boards is not None and c in boards and boards[c].astype(str).nunique() <= 1
    )
    title = ", ".join(t for t in (event, date) if t) or source
    return Page(
        title=title,
        source=source,
        result=result,
        tables=_tables(result, table),
        lines=lines,
        said=said,
        event=event,
        date=date,
    )


def _one(frame, column: str) -> str | None:
    """The one value of a column (blank and missing aside), else None."""
    if frame is None or column not in frame or not len(frame):
        return None
    values = [v for v in dict.fromkeys(frame[column].dropna().astype(str)) if v.strip()]
    return values[0] if len(values) == 1 else None


def _tables(result, table: str) -> dict:
    """The tables ``table`` asks for (``"all"``: every one the result has, the adjusted
    results only where there are some), in the order of :data:`TABLES`."""
    printed = result.ranking_agreement
    available = {
        "ranking": result.ranking,
        "matches": result.matches,
        "boards": result.boards,
        "agreement": _with_standings(result.agreement, printed, result.notes.get("printed names")),
        "mismatches": result.mismatches,
    }
    if printed is not None:
        available["standings"] = printed
        available["standings-mismatches"] = printed.attrs["mismatches"]
    available["adjusted"] = _adjusted_table(result)
    available = {n: available[n] for n in TABLES if available.get(n) is not None}
    if table == "all":
        return {n: t for n, t in available.items() if n != "adjusted" or len(t)}
    if table in available:
        return {table: available[table]}
    shown = display_name("method", result.method)
    raise fail("--table", f"one of {', '.join(available)} for {shown}", table)


# --------------------------------------------------------------------------- the words


def _figure_name(column: str) -> str:
    """A figure compared, as a reader reads it: ``mp_ns`` is "NS matchpoints"."""
    return _FIGURE_WORDS.get(column) or display_name("column", column)


def load_lines(frame) -> list[str]:
    """What the reader noticed (its load summary's notes and printed-score check), as lines
    for the diagnostics: never left unsaid."""
    summary = frame.attrs.get("summary")
    if summary is None:
        return []
    lines = []
    if summary.printed_scores:
        lines.append(
            f"scores printed in the file: {summary.score_mismatches} of "
            f"{summary.printed_scores} differ from the score of their contract and result"
        )
    if summary.notes:
        lines.append("read: " + ", ".join(f"{n} {what}" for what, n in summary.notes.items()))
    return lines


def _differ(versus, most: int = 6) -> str:
    """The printed standings' disagreements: ``; differ: pair 8 place 8 (computed 9), ...``
    (places first, then percentages and totals; the first ``most``, the rest counted)."""
    bad = versus.attrs.get("mismatches")
    if bad is None or len(bad) == 0:
        return ""

    def shown(v) -> str:
        return f"{v:.2f}" if isinstance(v, float) else str(v)

    keys = [k for k in ("event", "direction") if k in bad and bad[k].nunique() > 1]
    first = bad["figure"].map({"place": 0, "pct": 1, "total": 2}).sort_values(kind="stable")
    items = []
    for row in bad.loc[first.index].head(most).to_dict("records"):
        where = " ".join(str(row[k]) for k in keys if row[k])
        who = f"pair {row['pair']}" + (f" ({where})" if where else "")
        items.append(
            f"{who} {_figure_name(row['figure'])} {shown(row['printed_value'])}"
            f" (computed {shown(row['computed_value'])})"
        )
    more = f" and {len(bad) - most} more" if len(bad) > most else ""
    return "; differ: " + ", ".join(items) + more


def _with_standings(agree, versus, names):
    """The agreement table with a row per printed standings figure (``TOTAL_SCORE``,
    ``TotalMP``, ``PLACE``, ``Rank``, ... beside the computed ``total``, ``pct``,
    ``place``): the file's ranking is checked in the same table as its lines."""
    if versus is None or len(versus) == 0:
        return agree
    names = names or {}
    rows = pd.DataFrame(
        {
            "printed": [names.get(f, f) for f in versus["figure"]],
            "computed": versus["figure"].to_numpy(),
            "compared": versus["compared"].to_numpy(),
            "agree": versus["agree"].to_numpy(),
            "disagree": versus["disagree"].to_numpy(),
            "not_compared": (versus["pairs"] - versus["compared"]).to_numpy()
            + versus.attrs.get("unmatched", 0),
        }
    )
    return pd.concat([agree, rows], ignore_index=True) if len(agree) else rows


def _adjusted_table(result):
    """The adjusted results (pairs: lines; teams: boards) and how each was scored."""
    boards = result.boards
    if boards is None or "adjusted" not in boards:
        return None
    if result.method == "teams":
        keep = [
            "source",
            "event",
            "segment",
            "team_a",
            "team_b",
            "board",
            "imps_a",
            "imps_b",
            "adjusted",
        ]
    else:
        keep = ["source", "record", "event", "segment", "board", "pair_ns", "pair_ew"]
        keep += ["mp_ns", "mp_ew"] if "mp_ns" in boards else ["imps_ns", "imps_ew"]
        keep += ["adjusted"]
    rows = boards[boards["adjusted"].notna()]
    return rows[[c for c in keep if c in rows]].reset_index(drop=True)


def _adjusted_text(table, *, teams: bool, most: int = 4) -> str:
    """The list of adjusted results: board, who, how it was scored."""

    def pair(v) -> str:
        return "?" if v is None or v != v else str(v)  # no pair numbers (NaN)

    items = []
    for row in table.head(most).to_dict("records"):
        who = (
            f"{row['team_a']} v {row['team_b']}"
            if teams
            else f"{pair(row.get('pair_ns'))} v {pair(row.get('pair_ew'))}"
        )
        items.append(f"board {row['board']} ({who}) {row['adjusted']}")
    more = f"; and {len(table) - most} more (--table adjusted)" if len(table) > most else ""
    return "; ".join(items) + more


def _method_source(result) -> str:
    """Where the method came from, in words: "declared in the file: MP_PAIRS"."""
    source = str(result.method_source)
    if source.startswith("declared: "):
        return "declared in the file: " + source.removeprefix("declared: ")
    return "chosen with --method" if source == "chosen" else source


def vp_scale_line(*, scale: str, k, scale_file) -> str:
    """Teams: the VP scale the matches were scored on, by name."""
    if scale == "file":
        return f"VPs: the scale read from {scale_file.name}"
    if scale == "gaussian":
        sigma = "K = " + ("the model's default" if k is None else f"{k:g}") + " IMPs a board"
        return f"VPs: {display_name('scale', scale)} scale, σ = K√n ({sigma})"
    return f"VPs: {display_name('scale', scale)} scale"


def _conventions_line(result) -> str:
    """The scoring program's conventions the event was scored by, and why those."""
    why = result.notes.get("conventions", "")
    why = "chosen with --conventions" if why == "chosen" else why
    return f"conventions: {CONVENTIONS[result.conventions].name} ({why})"


def _read_line(result) -> str:
    """The results read and scored (teams: paired into matches), and those skipped."""
    notes = result.notes
    read = f"{notes['results']} results read"
    if result.method == "teams":
        unpaired = {k: v for k, v in notes.get("unpaired", {}).items() if v}
        n = len(result.matches)
        read += f", {notes.get('paired_boards', 0)} boards paired into {n} match"
        read += "" if n == 1 else "es"
        if notes.get("adjusted"):
            read += f"; {notes['adjusted']} boards with an artificial adjusted score"
        if unpaired:
            read += "; unpaired records: " + ", ".join(f"{v} {k}" for k, v in unpaired.items())
        if notes.get("nameless matches"):
            k = notes["nameless matches"]
            read += (
                f"; {k} match{'' if k == 1 else 'es'} without team names: each side shown as"
                " home (North-South in the open room) or visitors, ranked match by match"
            )
    else:
        read += f", {notes.get('scored', 0)} scored"
        if notes.get("per_beat"):
            read += f" ({notes['per_beat']} MP per result beaten)"
        if notes.get("adjusted"):
            read += f"; {notes['adjusted']} adjusted"
        if notes.get("assigned"):
            read += f", {notes['assigned']} of them results credited as the file printed"
        if notes.get("no pair"):
            read += f"; {notes['no pair']} without pair numbers (not ranked)"
    skipped = ", ".join(f"{n} {reason}" for reason, n in notes.get("skipped", {}).items())
    return read + (f"; skipped: {skipped}" if skipped else "")


def _standings_line(result) -> list[str]:
    """The printed ranking compared (or why not), and how its pair ids were matched."""
    versus = getattr(result, "ranking_agreement", None)
    if versus is None:
        return []
    if versus.attrs.get("why"):
        return [f"printed ranking: not compared ({versus.attrs['why']})"]
    said = {
        r.figure: _FIGURE_PLURALS.get(r.figure, _figure_name(r.figure)) for r in versus.itertuples()
    }
    parts = [
        f"{r.agree} of {r.compared} {said[r.figure]}" for r in versus.itertuples() if r.compared
    ]
    idle = [said[r.figure] for r in versus.itertuples() if not r.compared]
    total = result.notes.get("printed total", "summed")
    text = ", ".join(parts) + f" agree (totals {total})" if parts else "not compared"
    if idle:
        text += f"; {' and '.join(idle)} not compared (printed, but not as numbers)"
    lines = ["printed ranking: " + text + _differ(versus)]
    if result.notes.get("printed pair ids"):
        lines.append(f"printed pair ids: {result.notes['printed pair ids']}")
    return lines


def summary_lines(result) -> list[str]:
    """The agreement and diagnostics of an event scored, in words, one line each: the
    event, the method and where it came from, the conventions, the results read and
    skipped, the event ranking's reach, the adjusted results, and every printed figure
    compared with its computed one."""
    notes = result.notes
    lines = [f"method: {display_name('method', result.method)} ({_method_source(result)})"]
    if result.method != "teams":
        lines.append(_conventions_line(result))
    event = _one(result.boards, "event")
    if event:
        lines.insert(0, f"event: {event}")
    lines.append(_read_line(result))
    reach = notes.get("event ranking")
    if reach:
        by_number = reach["results by pair number"]
        lines.append(
            f"ranking: the event's {reach['pairs']} pairs over its {reach['segments']} "
            f"segments and both directions, {display_name('method', result.method)} per board"
            + (f" ({by_number} sides by pair number)" if by_number else "")
        )
    adjusted = _adjusted_table(result)
    if adjusted is not None and len(adjusted):
        lines.append("adjusted: " + _adjusted_text(adjusted, teams=result.method == "teams"))
    if len(result.agreement) == 0:
        lines.append(_NOTHING_PRINTED)
    lines += _standings_line(result)
    for row in result.agreement.itertuples(index=False):
        if not row.compared:
            lines.append(
                f"printed {row.printed}: not compared ({row.not_compared} printed, none beside "
                f"a computed {_figure_name(row.computed)}: a result alone on its board, or "
                "not a number)"
            )
            continue
        line = (
            f"printed {row.printed}: {row.agree} of {row.compared} agree with the computed "
            f"{_figure_name(row.computed)}"
        )
        if row.not_compared:
            line += f" ({row.not_compared} printed but not compared)"
        lines.append(line)
    return lines


# --------------------------------------------------------------------------- the tables


def _empty(values) -> bool:
    """Whether every cell of a column is missing or blank text."""
    return bool(values.map(lambda v: v is None or v is pd.NA or v != v or v == "").all())


def number_text(values):
    """A numeric column as text: whole numbers without decimals when every value is whole
    (a score of -400, 6 results), else two decimals; a missing value is blank.

    >>> number_text(pd.Series([-400.0, 620.0, None])).tolist()
    ['-400', '620', '']
    """
    numbers = pd.to_numeric(values, errors="coerce").astype(float)
    present = numbers.dropna().to_numpy()
    spec = ".0f" if bool(np.all(present == np.round(present))) else ".2f"

    def text(v: float) -> str:
        if v != v:
            return ""
        shown = format(v, spec)
        return shown[1:] if shown.startswith("-") and shown.strip("-0.") == "" else shown

    return numbers.map(text)


def shown_frame(frame, name: str = "", *, said=()):
    """The table ``name`` as a reader sees it in Markdown and HTML: the printed place for
    the place (``6=``), ids in cells and column headers as names, empty columns and the
    columns ``said`` elsewhere left out, numbers as :func:`number_text` writes them, no
    bidirectional controls. (CSV and JSON write ``frame`` itself.)"""
    out = frame.drop(columns=[c for c in said if c in frame])
    if "place_text" in out and "place" in out:  # "6=" says what the number 6 does not
        out = out.drop(columns="place").rename(columns={"place_text": "place"})
    if name in _ID_CELLS and _ID_CELLS[name] in out:
        out[_ID_CELLS[name]] = out[_ID_CELLS[name]].map(_figure_name)
    if len(out):
        out = out[[c for c in out.columns if not _empty(out[c])]]
    if name == "matches" and "adjusted" in out and not out["adjusted"].any():
        out = out.drop(columns="adjusted")  # no board adjusted: the lines say so
    for col, same in _SAME_AS.items():  # said once when no board differs
        if col in out and same in out and out[col].equals(out[same]):
            out = out.drop(columns=col)
    for col in out.columns:
        kind = out[col].dtype
        if pd.api.types.is_bool_dtype(kind):
            out[col] = out[col].map({True: "yes", False: "no"})
        elif pd.api.types.is_numeric_dtype(kind):
            out[col] = number_text(out[col])
        else:  # a float among text (a place "6=" beside totals) is shown as the floats are
            out[col] = out[col].map(
                lambda v: (
                    ""
                    if v is None or v is pd.NA or v != v
                    else (f"{v:.2f}" if isinstance(v, float) else v)
                )
            )
        out[col] = out[col].map(without_bidi)  # names read from the file
    own = _TABLE_COLUMNS.get(name, {})
    return out.rename(columns={c: own.get(c) or display_name("column", c) for c in out.columns})


#: Columns a traveller leaves to its heading (one value on a board) or to the other tables
#: (the players: the ranking names them; the record: the boards in CSV and JSON).
_BOARD_WIDE = {"n_results": "{} results", "top": "top {}", "datum": "datum {}"}
_NOT_ON_TRAVELLER = ("record", "north", "east", "south", "west", "n_expected")


def _travellers(boards: pd.DataFrame, said) -> list[tuple[str, pd.DataFrame]]:
    """A pairs event's results board by board, in board order: ``(heading, rows)`` each,
    the rows as a reader sees them (:func:`shown_frame`, once for the whole event), the
    board (its segment where there are several) and its results, top or datum (one value on
    every board) in the heading, not in the rows."""
    boards = boards.reset_index(drop=True)
    keys = [k for k in _KEYS if k in boards]
    text = {k: boards[k].astype(str) for k in keys}
    shown_keys = [k for k in keys if k not in said and k != "board" and text[k].nunique() > 1]
    rank = {
        k: text[k].map({v: n for n, v in enumerate(dict.fromkeys(text[k]))})
        for k in keys
        if k != "board"
    }
    order = pd.DataFrame(
        {
            **{f"_{k}": v for k, v in rank.items()},
            "_n": pd.to_numeric(boards["board"], errors="coerce"),
        }
    )
    order = order.sort_values(list(order.columns), kind="stable").index
    groups = boards.loc[order].groupby(keys, sort=False, dropna=False)
    wide = [
        c for c in _BOARD_WIDE if c in boards and bool((groups[c].nunique(dropna=False) <= 1).all())
    ]
    drop = [*keys, *_NOT_ON_TRAVELLER, *wide]
    for col, same in _SAME_AS.items():  # said once when it repeats its partner throughout
        if col in boards and same in boards and boards[col].equals(boards[same]):
            drop.append(col)
    shown = shown_frame(boards.drop(columns=[c for c in drop if c in boards]), "boards", said=said)
    out = []
    for key, rows in groups:
        where = dict(zip(keys, key if isinstance(key, tuple) else (key,), strict=True))
        parts = [f"{display_name('column', k)} {where[k]}" for k in shown_keys]
        for col in wide:
            value = rows[col].iat[0]
            if value == value and value is not None:
                parts.append(_BOARD_WIDE[col].format(number_text(pd.Series([value])).iat[0]))
        heading = f"Board {where['board']}" + (f" ({', '.join(parts)})" if parts else "")
        out.append((heading, shown.loc[rows.index]))
    return out


# --------------------------------------------------------------------------- the formats


def _template(name: str) -> Template:
    text = files("bridgestats.apps").joinpath("templates", name).read_text(encoding="utf-8")
    return Template(text)


def _html_table(frame, name: str, said) -> str:
    if not len(frame):
        return _template("score_empty.html").substitute()
    shown = shown_frame(frame, name, said=said)
    return shown.to_html(index=False, border=0, classes="scores", escape=True)


def _html_body(page: Page, *, h: int, prefix: str = "") -> str:
    """One page's body: the method, the results, then the agreement and diagnostics."""
    results, checks = [], []
    for name, table in page.tables.items():
        if name == "boards" and page.result.method != "teams" and len(table):
            boards = [
                _template("score_board.html").substitute(
                    id=f"{prefix}board-{i}",
                    h=h + 1,
                    heading=html_text(heading),
                    table=rows.to_html(index=False, border=0, classes="scores", escape=True),
                )
                for i, (heading, rows) in enumerate(_travellers(table, page.said), start=1)
            ]
            body = "\n".join(boards)
        else:
            body = _template("score_table.html").substitute(
                table=_html_table(table, name, page.said)
            )
        level = h if name in _RESULTS else h + 1  # the checks: under the diagnostics
        section = _template("score_section.html").substitute(
            id=prefix + name, h=level, heading=html_text(TABLE_TITLES[name]), body=body
        )
        (results if name in _RESULTS else checks).append(section)
    return _template("score_file.html").substitute(
        method=html_text(_scored_by(page)),
        sections="\n".join(results),
        prefix=prefix,
        h=h,
        lines="\n".join(f"<li>{html_text(line)}</li>" for line in page.lines),
        checks="\n".join(checks),
    )


def _scored_by(page: Page) -> str:
    """The line under the title: how the event was scored."""
    r = page.result
    said = f"Scored by {display_name('method', r.method)}"
    conv = CONVENTIONS.get(r.conventions)
    if r.method != "teams" and conv is not None and conv.programs:  # a program's own rules
        said += f", {conv.name}'s conventions"
    return said


def _html(pages: list, *, title: str) -> str:
    css = files("bridgestats.apps").joinpath("templates", "score.css").read_text("utf-8")
    if len(pages) == 1:
        body = _html_body(pages[0], h=2)
        title = pages[0].title
    else:
        body = "\n".join(
            _template("score_folder.html").substitute(
                id=f"file-{i}",
                title=html_text(_file_heading(p)),
                body=_html_body(p, h=3, prefix=f"f{i}-"),
            )
            for i, p in enumerate(pages, start=1)
        )
    return _template("score.html").substitute(title=html_text(title), css=css, body=body)


def _file_heading(page: Page) -> str:
    """A folder's file: its event and date, and which file."""
    return page.title if page.title == page.source else f"{page.title} ({page.source})"


def _markdown_page(page: Page, *, level: int) -> list[str]:
    h = "#" * level
    parts = [f"{h} {markdown_text(page.title)}", "", markdown_text(_scored_by(page))]
    checks = []
    for name, table in page.tables.items():
        lines = ["", f"{h}# {TABLE_TITLES[name]}", ""]
        if not len(table):
            lines.append("None.")
        elif name == "boards" and page.result.method != "teams":
            for heading, rows in _travellers(table, page.said):
                lines += [f"{h}## {markdown_text(heading)}", ""]
                lines += [markdown_table(rows).rstrip(), ""]
            lines.pop()
        else:
            lines.append(markdown_table(shown_frame(table, name, said=page.said)).rstrip())
        (parts if name in _RESULTS else checks).extend(lines)
    parts += ["", f"{h}# Agreement and diagnostics", ""]
    parts += [f"- {markdown_text(line)}" for line in page.lines]
    parts += [re.sub(r"^(#+ )", r"#\1", ln) if ln.startswith("#") else ln for ln in checks]
    return parts


def _markdown(pages: list, *, title: str, lines) -> str:
    if len(pages) == 1:
        return "\n".join(_markdown_page(pages[0], level=1)) + "\n"
    parts = [f"# {markdown_text(title)}", ""]
    parts += [f"- {markdown_text(line)}" for line in lines]
    for page in pages:
        page = replace(page, title=_file_heading(page))
        parts += ["", *_markdown_page(page, level=2)]
    return "\n".join(parts) + "\n"


def _csv(pages: list) -> str:
    """One table: each page's, a folder's rows each with its ``source``."""
    parts = []
    for page in pages:
        for table in page.tables.values():
            if len(pages) > 1 and "source" not in table:
                table = table.assign(source=page.source)
                table = table[["source", *[c for c in table.columns if c != "source"]]]
            parts.append(table)
    frame = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
    return csv_safe_frame(frame).to_csv(index=False)


def _records(frame) -> list | None:
    """A frame as JSON-able records: NaN and NA as null, text without bidi controls."""
    if frame is None:
        return None
    plain = json.loads(
        frame.to_json(orient="records", date_format="iso", double_precision=15, default_handler=str)
    )
    return [{k: without_bidi(v) for k, v in row.items()} for row in plain]


def _json_object(page: Page) -> dict:
    r = page.result
    out = {
        "source": without_bidi(page.source),
        "event": without_bidi(page.event),
        "date": without_bidi(page.date),
        "method": r.method,
        "conventions": r.conventions,
        "ranking": _records(r.ranking),
        "boards": _records(r.boards),
        "agreement": _records(
            _with_standings(r.agreement, r.ranking_agreement, r.notes.get("printed names"))
        ),
        "mismatches": _records(r.mismatches),
        "notes": [without_bidi(line) for line in page.lines],
    }
    if r.matches is not None:
        out["matches"] = _records(r.matches)
    return out


def render(pages: list, *, fmt: str, title: str = "", lines=()) -> str:
    """Pages as one text in ``fmt`` (:data:`FORMATS`).

    Parameters
    ----------
    pages : list of Page
        One page per file (:func:`page_of`); a folder's several.
    fmt : {"markdown", "html", "csv", "json"}
        See the module's introduction: CSV writes each page's one table (a folder's rows
        each with its ``source``); JSON an object per page, a list for several.
    title : str
        A folder's title (one page is titled by its event).
    lines : list of str
        A folder's own lines (what the reader noticed across its files).

    Returns
    -------
    str
    """
    if fmt == "csv":
        return _csv(pages)
    if fmt == "json":
        objects = [_json_object(p) for p in pages]
        data = objects[0] if len(objects) == 1 else objects
        return json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    if fmt == "html":
        return _html(pages, title=title)
    if fmt == "markdown":
        return _markdown(pages, title=title, lines=lines)
    raise fail("fmt", f"one of {', '.join(FORMATS)}", fmt)
