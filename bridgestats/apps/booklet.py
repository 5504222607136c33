"""A booklet of VP scales a committee can print: every form, every board count from 4 to 32.

:func:`booklet` builds the scales, one tidy frame; :func:`booklet_html` lays them out for
A4 (one table per form and group of board counts, the band starts in the columns, as
printed scale cards are) and :func:`booklet_csv` writes the frame. ``bridgestats scale
--booklet`` writes either.

The sections come from the catalogues (:func:`bridgestats.names.booklet_sections`): every
event form of :data:`bridgestats.sigma.FORMS` whose σ(n) the project's evidence measures,
each with and without Pomfrey's five negative VPs, a Gaussian scale after J. Probst, "On VP
Scales" (c. 2006, reproduced on bridgeguys.com) on the form's ``evidence`` σ(n) with the
strength terms the project measures (:func:`bridgestats.sigma.form_sigma` on the booklet's
sources, the one σ of a form; each section's introduction is the form's ``evidence_source``);
then every named scale of :data:`bridgestats.vp.NAMED_SCALES` marked for printing
(its ``booklet`` print spec): today the WBF 2013 continuous and discrete scales (WBF
Scoring Panel, "The New WBF IMP to VP Scales", 2013) and the EBU's 7-9 board Swiss pairs
table of 2006 (σ = 11 %). Adding a form or marking a named scale adds its section. The
booklet states the K, σ, B and aggregate K it was built from and where each came from.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass
from pathlib import Path
from string import Template

import pandas as pd

from .._validate import check_int, check_number, fail
from ..names import SECTIONS, booklet_sections, readable
from ..sigma import FORMS, evidence_inputs, form_sigma
from ..vp import NAMED_SCALES, event_scale, named_scale

__all__ = [
    "SECTIONS",
    "BookletSources",
    "booklet",
    "booklet_csv",
    "booklet_html",
    "default_sources",
]

# SECTIONS: the booklet's sections, id -> display name, in print order: a view of the
# catalogues (bridgestats.names.SECTIONS, read at each use), not a list kept here.

_COLUMNS = ("section", "n_boards", "vps", "margin_from", "unit", "threshold", "sigma")


@dataclass(frozen=True)
class BookletSources:
    """The estimates a booklet is built from, each with where it came from.

    ``k`` (IMPs per board), ``sigma_pairs_8`` (MP %, an 8-board Swiss pairs match),
    ``b`` (the Butler factor) and ``n_tables`` (tables in play for the Butler scales); each
    ``*_source`` says which estimate, from which data, it is. ``delta`` (the K(n) model's
    δ, IMPs per board; 0: σ = K√n) and ``pairs_k`` (the per-board σ of equal pairs, MP %;
    None: all of σ₈ is luck, σ₈·√(8/n)) carry the strength terms. ``aggregate_k`` (points
    per board) and ``aggregate_source``: the aggregate form's K (None: a booklet with the
    aggregate section refuses to build).
    """

    k: float
    k_source: str
    sigma_pairs_8: float
    sigma_source: str
    b: float
    b_source: str
    n_tables: int = 15
    delta: float = 0.0
    pairs_k: float | None = None
    aggregate_k: float | None = None
    aggregate_source: str = ""


def default_sources(*, n_tables=15) -> BookletSources:
    """The booklet's estimates from the shipped data, each named with its source.

    The inputs every report uses (:func:`bridgestats.sigma.evidence_inputs`):
    K and δ from within the matches of ``data/derived/match_margins.csv``; the Swiss pairs
    σ₈ (round 1 of Brighton 2005, a random draw) and k of the one strength fit
    (:func:`bridgestats.studies.sigma_evidence.swiss_pairs_strength`); B, the trimmed-datum
    Butler factor of the shipped full fields; the aggregate K, Probst's Sheffield σ.

    Examples
    --------
    >>> src = default_sources()
    >>> round(src.k, 2), round(src.delta, 2), round(src.sigma_pairs_8, 2), round(src.b, 3)
    (6.09, 0.63, 11.31, 1.158)
    """
    ev = evidence_inputs()
    return BookletSources(
        k=ev["k"],
        k_source=ev["k_source"],
        sigma_pairs_8=ev["sigma_pairs_8"],
        sigma_source=f"σ₈ and k of {ev['pairs_source']}",
        b=ev["b"],
        b_source=ev["b_source"],
        n_tables=check_int(n_tables, "n_tables", minimum=2, maximum=1000),
        delta=ev["delta"],
        pairs_k=ev["pairs_k"],
        aggregate_k=ev["aggregate_k"],
        aggregate_source=ev["aggregate_source"],
    )


def _check_sources(sources) -> BookletSources:
    if not isinstance(sources, BookletSources):
        raise fail("sources", "a BookletSources", type(sources).__name__)
    check_number(sources.k, "sources.k", low=1.0, high=50.0)
    check_number(sources.sigma_pairs_8, "sources.sigma_pairs_8", low=1.0, high=50.0)
    check_number(sources.b, "sources.b", low=0.5, high=3.0)
    check_int(sources.n_tables, "sources.n_tables", minimum=2, maximum=1000)
    check_number(sources.delta, "sources.delta", low=0.0, high=10.0)
    if sources.pairs_k is not None:
        check_number(sources.pairs_k, "sources.pairs_k", low=1.0, high=200.0)
    if sources.aggregate_k is not None:
        check_number(sources.aggregate_k, "sources.aggregate_k", low=1.0, high=10000.0)
    return sources


def _inputs(src: BookletSources) -> dict:
    """The evidence's inputs (:func:`bridgestats.sigma.evidence_inputs`' names) that
    ``src`` gives, with their sources: what a form's ``evidence`` σ(n) and its
    ``evidence_source`` take. τ is the one σ₈ and k imply (σ₈² = k²/8 + 2τ²)."""
    pairs_k = src.sigma_pairs_8 * math.sqrt(8) if src.pairs_k is None else src.pairs_k
    tau2 = (src.sigma_pairs_8**2 - pairs_k**2 / 8) / 2
    return {
        "k": src.k,
        "delta": src.delta,
        "k_source": src.k_source,
        "sigma_pairs_8": src.sigma_pairs_8,
        "pairs_k": pairs_k,
        "strength_sd": math.sqrt(tau2) if tau2 >= 0 else math.nan,
        "pairs_source": src.sigma_source,
        "b": src.b,
        "b_source": src.b_source,
        "n_tables": src.n_tables,
        "aggregate_k": src.aggregate_k,
        "aggregate_source": src.aggregate_source,
    }


def _rows(section, n_boards, scale, *, whole: bool):
    if whole:
        ranges = scale.integer_ranges()
        starts = ranges["margin_from"].astype("Int64").astype(str).tolist()
        for vps, start, low in zip(scale.labels, starts, [0.0, *scale.thresholds], strict=True):
            yield (section, n_boards, vps, start, scale.unit, float(low), scale.sigma)
    else:
        for vps, low in zip(scale.labels, [0.0, *scale.thresholds], strict=True):
            yield (
                section,
                n_boards,
                vps,
                f"{scale.centre + low:.2f}",
                scale.unit,
                float(scale.centre + low),
                scale.sigma,
            )


def _scale_rows(section, spec, unit, boards):
    """The rows of a named scale marked for printing (:class:`bridgestats.vp.BookletPrint`):
    a margin in MP % to two decimals, any other unit in whole units; ``threshold`` the
    first margin as printed, ``n_boards`` 0 for one table made for several board counts."""
    sigma = math.nan if spec.sigma is None else float(spec.sigma)
    if spec.boards:
        builds = [
            (0, named_scale(section.scale, n_boards=sorted(spec.boards)[len(spec.boards) // 2]))
        ]
    else:
        builds = [(n, named_scale(section.scale, n_boards=n)) for n in boards]
    for n, scale in builds:
        if spec.margins_down:  # every whole margin to the first with the most VPs
            for m in range(math.ceil(scale.thresholds[-1]) + 1):
                vp = float(scale.vp(m))
                yield (section.id, n, f"{vp:.2f}", str(m), unit, float(m), sigma)
        elif unit == "MP %":
            for row in _rows(section.id, n, scale, whole=False):
                yield (*row[:5], float(row[3]), sigma)  # the threshold as printed
        else:
            starts = scale.integer_ranges(step=1)["margin_from"].astype(int).tolist()
            for vps, start in zip(scale.labels, starts, strict=True):
                yield (section.id, n, vps, str(start), unit, float(start), sigma)


def booklet(sources, *, boards=range(4, 33)) -> pd.DataFrame:
    """Every scale of the booklet as one tidy frame.

    Parameters
    ----------
    sources : BookletSources
        K, the 8-board Swiss pairs σ, B, the Butler tables and the aggregate K, with their
        sources.
    boards : iterable of int
        Board counts (each 1-100); 4 to 32 by default.

    Returns
    -------
    pandas.DataFrame
        One row per section (:data:`SECTIONS`), board count and VP outcome: ``section``,
        ``n_boards`` (0 for a table made for several board counts, the EBU's 7-9 board
        table), ``vps`` (``"13-7"``, ``"20-(-2)"``; for a continuous scale the winner's
        VPs), ``margin_from`` (as printed: the first whole IMP (10 points) that earns the
        outcome, or the MP % to two decimals; for a continuous scale the IMP margin),
        ``unit``, ``threshold`` (the continuous band start; a named scale's first margin as
        printed) and ``sigma`` (the match σ; for a named scale the σ it was made for, or
        blank).

    Examples
    --------
    >>> src = BookletSources(6.13, "K", 11.0, "σ", 1.16, "B", aggregate_k=365.0)
    >>> b = booklet(src, boards=[8])
    >>> b[(b["section"] == "teams") & (b["vps"] == "20-0")]["margin_from"].tolist()
    ['29']
    >>> list(dict.fromkeys(b["section"])) == list(SECTIONS)
    True
    """
    src = _check_sources(sources)
    boards = [check_int(n, "boards", minimum=1, maximum=100) for n in boards]
    if not boards:
        raise fail("boards", "at least one board count", boards)
    inputs = {name: value for name, value in _inputs(src).items() if name != "n_tables"}
    rows = []
    for section in booklet_sections():
        if section.form is not None:
            # each scale as bridgestats scale and the designer print it: the form's unit,
            # centre and printing step from its catalogue entry (bridgestats.sigma.FORMS)
            whole = FORMS[section.form].step is not None
            for n in boards:
                sigma = form_sigma(section.form, n, n_tables=src.n_tables, inputs=inputs).sigma
                scale = event_scale(section.form, n, sigma=sigma, negative=section.negative)
                rows += _rows(section.id, n, scale, whole=whole)
        else:
            entry = NAMED_SCALES[section.scale]
            rows += _scale_rows(section, entry.booklet, entry.unit, boards)
    return pd.DataFrame(rows, columns=list(_COLUMNS))


def booklet_csv(frame) -> str:
    """The booklet frame as CSV text (one row per section, board count and outcome)."""
    return frame.to_csv(index=False)


#: The booklet's template files (:mod:`string.Template`: ``$name`` placeholders, every value
#: escaped with :func:`html.escape` before it is put in): the page, a section, a table, the CSS.
TEMPLATES = Path(__file__).with_name("templates")


def _reading(unit: str, step, *, margins_down=False, top=None) -> str:
    """How a section's tables read, from its unit and printing step."""
    if margins_down:
        return (
            f"The winner's VPs at each margin in whole {unit} ({top:.2f} from the last row "
            "of each column)."
        )
    if step is None:
        return f"The winner's {unit} from which each outcome starts."
    whole = f"whole {unit}" if step == 1 else f"steps of {step:g} {unit}"
    return f"Each outcome from the first margin in {whole} that earns it."


_SOURCE = "\x00"  # stands for an input's source text in a form's evidence_source


def _intro(section, inputs: dict) -> str:
    """A section's introduction, from its catalogue entry: a form's ``evidence_source``
    (its σ(n) and where the inputs come from) on the booklet's inputs, a named scale's
    ``source`` line; then how its tables read."""
    if section.form is not None:
        form = FORMS[section.form]
        if not form.evidence_source.strip():  # its introduction is its catalogue entry's
            raise fail(
                f"FORMS[{form.id!r}].evidence_source",
                "the sentence that says where the form's σ(n) comes from",
                "",
            )
        # the formula and its values; where each input comes from is said once, at the top
        bare = {
            name: (_SOURCE if name.endswith("_source") else value) for name, value in inputs.items()
        }
        try:
            sigma = form.evidence_source.format(**bare)
        except KeyError as missing:  # an input the booklet's sources do not carry
            need = f"sources with the input {missing.args[0]!r} of form {form.id!r}'s evidence"
            raise fail("sources", need, given=", ".join(sorted(inputs))) from missing
        sigma = re.sub(rf"\s*\({_SOURCE}\)|:\s*{_SOURCE}", "", sigma)
        return readable(f"{sigma} (sources at the top). {_reading(form.unit, form.step)}")
    entry = NAMED_SCALES[section.scale]
    if not entry.source.strip():
        raise fail(
            f"NAMED_SCALES[{entry.id!r}].source",
            "the line that says where the scale comes from",
            "",
        )
    spec = entry.booklet
    step = None if entry.unit == "MP %" else 1
    top = named_scale(section.scale).max_vp if spec.margins_down else None
    n = sorted(spec.boards)[len(spec.boards) // 2] if spec.boards else None
    made = "" if spec.sigma is None else f" Made for σ = {spec.sigma:g} {entry.unit}"
    made += "" if spec.sigma is None else (f" at {n} boards." if n else ".")
    reading = _reading(entry.unit, step, margins_down=spec.margins_down, top=top)
    return readable(f"{entry.source}.{made} {reading}")


#: A table of at most this many rows is kept on one page (the WBF continuous ones run on).
_SHORT_TABLE = 20


def _template(name: str) -> Template:
    return Template((TEMPLATES / name).read_text(encoding="utf-8"))


def _grid(part: pd.DataFrame, boards, caption: str, *, corner: str) -> tuple[str, bool]:
    """One HTML table: the outcomes down, ``boards`` across, the printed starts inside; and
    whether it is long (more than :data:`_SHORT_TABLE` rows: it runs over pages)."""
    wide = part.pivot_table(
        index="vps", columns="n_boards", values="margin_from", aggfunc="first", sort=False
    )
    order = list(dict.fromkeys(part["vps"]))
    wide = wide.reindex(index=order, columns=boards)
    esc = html.escape
    rows = [
        f"<tr><td class='vp'>{esc(str(vps))}</td>"
        + "".join(f"<td>{'' if pd.isna(v) else esc(str(v))}</td>" for v in values)
        + "</tr>"
        for vps, values in wide.iterrows()
    ]
    long = len(rows) > _SHORT_TABLE
    return _template("booklet_table.html").substitute(
        size="long" if long else "short",
        caption=esc(caption),
        corner=esc(corner),
        head="".join(f"<th>{esc(str(n))}</th>" for n in boards),
        rows="\n".join(rows),
    ), long


def _groups(boards, per_table: int) -> list[list]:
    """``boards`` in as few tables of at most ``per_table`` columns as will do, balanced
    (29 board counts at 10: 10, 10 and 9; not 8, 8, 8 and a stub of 5)."""
    n_tables = -(-len(boards) // per_table)
    size = -(-len(boards) // n_tables)
    return [boards[i : i + size] for i in range(0, len(boards), size)]


def booklet_html(frame, sources, *, per_table=10, title="VP scales") -> str:
    """The booklet as one self-contained HTML page that prints on A4.

    Parameters
    ----------
    frame : pandas.DataFrame
        :func:`booklet`.
    sources : BookletSources
        Printed in the header: which K, σ and B, from where.
    per_table : int
        Most board counts per table (a table fits an A4 page across), 2-16; the board
        counts are spread evenly over as few tables as that allows.
    title : str

    Returns
    -------
    str
        The page of ``templates/booklet.html`` with ``booklet.css``, one section per
        :data:`SECTIONS` entry (``booklet_section.html``), each with its tables
        (``booklet_table.html``, the header row in a ``<thead>`` that a browser repeats
        on every printed page the table's rows run onto).
    """
    src = _check_sources(sources)
    per_table = check_int(per_table, "per_table", minimum=2, maximum=16)
    esc = html.escape
    aggregate = ""
    if src.aggregate_k is not None:
        aggregate = f"aggregate K = {src.aggregate_k:.1f} points ({src.aggregate_source}); "
    meta = (
        f"Built from K = {src.k:.3f} IMPs per board, δ = {src.delta:.3f} ({src.k_source}); "
        f"Swiss pairs σ = {src.sigma_pairs_8:.2f} % for 8 boards ({src.sigma_source}); B = "
        f"{src.b:.3f} ({src.b_source}); {aggregate}Butler scales for {src.n_tables} tables. "
        'Gaussian scales after J. Probst, "On VP Scales" (c. 2006); WBF scales after the WBF '
        'Scoring Panel, "The New WBF IMP to VP Scales" (2013).'
    )
    meta = readable(meta)  # the estimates name their data by id: a committee reads names
    section_html = _template("booklet_section.html")
    sections = []
    inputs = _inputs(src)
    for section in booklet_sections():
        part = frame[frame["section"] == section.id]
        if part.empty:
            continue
        boards = sorted(set(part["n_boards"]))
        corner = "VPs \\ boards"
        spec = None if section.scale is None else NAMED_SCALES[section.scale].booklet
        if spec is not None and spec.margins_down:  # margins down, VPs inside
            part = part.rename(columns={"vps": "margin_from", "margin_from": "vps"})
            corner = f"{NAMED_SCALES[section.scale].unit} \\ boards"
        fixed = spec is not None and spec.boards
        span = f"{min(spec.boards)}-{max(spec.boards)}" if fixed else ""
        tables, long = [], False  # a section with a long table starts a printed page
        for group in _groups(boards, per_table):
            label = "" if fixed else f", {group[0]}-{group[-1]} boards"
            shown = [span] if fixed else group
            sub = (
                part.replace({"n_boards": {0: span}})
                if fixed
                else part[part["n_boards"].isin(group)]
            )
            table, is_long = _grid(sub, shown, f"{section.name}{label}", corner=corner)
            tables.append(table)
            long = long or is_long
        sections.append(
            section_html.substitute(
                kind=esc(section.form or section.scale) + (" long" if long else ""),
                heading=esc(section.name),
                intro=esc(_intro(section, inputs)),
                tables="\n".join(tables),
            )
        )
    page = _template("booklet.html").substitute(
        title=esc(title),
        css=(TEMPLATES / "booklet.css").read_text(encoding="utf-8"),
        meta=esc(meta),
        sections="\n".join(sections),
    )
    return page
