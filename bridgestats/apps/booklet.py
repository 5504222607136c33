"""A booklet of VP scales a committee can print: every form, every board count from 4 to 32.

:func:`booklet` builds the scales, one tidy frame; :func:`booklet_html` lays them out for
A4 (one table per form and group of board counts, the band starts in the columns, as
printed scale cards are) and :func:`booklet_csv` writes the frame. ``bridgestats scale
--booklet`` writes either.

The Gaussian scales follow J. Probst, "On VP Scales" (c. 2006, reproduced on
bridgeguys.com) with the strength terms the project measures, each σ(n) from
:func:`bridgestats.studies.sigma_evidence.form_sigma_from` (the designer's formula): teams
σ = √(nK² + n²δ²) (the K(n) model; δ = 0 is Probst's K√n); Swiss pairs σ = √(σ₈² +
k²(1/n − 1/8)) in MP % (σ₈ of an 8-board match, k the per-board σ of equal pairs: √(k²/n +
2τ²) for random draws; without k, Probst's σ₈·√(8/n)); face-to-face Butler σ =
B·K(n)·√(n(T−1)/(2T)); cross-IMPed teams of eight σ = K(n)·√(n·C·R/2) with C = R = 4
(Pomfrey's rule), K(n) = √(K² + nδ²). Each is shown with and without
Pomfrey's five negative VPs. Beside them: the WBF 2013 continuous and discrete scales
(WBF Scoring Panel, "The New WBF IMP to VP Scales", 2013) and the EBU's 7-9 board Swiss
pairs table (σ = 11 %, as shipped in ``data/seeds/ebu_swiss_pairs_7_9.csv``). The booklet
states the K, σ and B it was built from and where each came from.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path
from string import Template

import pandas as pd

from .. import datasets
from .._validate import check_int, check_number, fail
from ..names import display_name, readable
from ..studies.sigma_evidence import form_sigma_from
from ..vpscale import event_scale, wbf_table

__all__ = ["BookletSources", "booklet", "booklet_csv", "booklet_html", "default_sources"]

#: The booklet's sections, in print order.
SECTIONS = (
    "teams", "teams, negative VPs", "swiss pairs", "swiss pairs, negative VPs",
    "ebu swiss pairs 7-9", "butler", "butler, negative VPs", "cross imps (teams of eight)",
    "cross imps, negative VPs", "wbf discrete", "wbf continuous",
)  # fmt: skip

_COLUMNS = ("section", "n_boards", "vps", "margin_from", "unit", "threshold", "sigma")


@dataclass(frozen=True)
class BookletSources:
    """The estimates a booklet is built from, each with where it came from.

    ``k`` (IMPs per board), ``sigma_pairs_8`` (MP %, an 8-board Swiss pairs match),
    ``b`` (the Butler factor) and ``n_tables`` (tables in play for the Butler scales); each
    ``*_source`` says which estimate, from which data, it is. ``delta`` (the K(n) model's
    δ, IMPs per board; 0: σ = K√n) and ``pairs_k`` (the per-board σ of equal pairs, MP %;
    None: all of σ₈ is luck, σ₈·√(8/n)) carry the strength terms.
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


def default_sources(*, n_tables=15) -> BookletSources:
    """The booklet's estimates from the shipped data, each named with its source.

    The inputs every report uses (:func:`bridgestats.studies.sigma_evidence.evidence_inputs`):
    K and δ from within the matches of ``data/derived/match_margins.csv``; the Swiss pairs
    σ₈ (round 1 of Brighton 2005, a random draw) and k of the one strength fit
    (:func:`bridgestats.studies.sigma_evidence.swiss_pairs_strength`); B, the trimmed-datum
    Butler factor of the shipped full fields.

    Examples
    --------
    >>> src = default_sources()
    >>> round(src.k, 2), round(src.delta, 2), round(src.sigma_pairs_8, 2), round(src.b, 3)
    (6.09, 0.63, 11.31, 1.158)
    """
    from ..studies.sigma_evidence import evidence_inputs

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
    return sources


def _rows(section, n_boards, scale, *, whole: bool):
    if whole:
        ranges = scale.integer_ranges()
        starts = ranges["margin_from"].astype("Int64").astype(str).tolist()
        for vps, start, low in zip(scale.labels, starts, [0.0, *scale.thresholds], strict=True):
            yield (section, n_boards, vps, start, scale.unit, float(low), scale.sigma)
    else:
        for vps, low in zip(scale.labels, [0.0, *scale.thresholds], strict=True):
            yield (section, n_boards, vps, f"{scale.centre + low:.2f}", scale.unit,
                   float(scale.centre + low), scale.sigma)  # fmt: skip


def booklet(sources, *, boards=range(4, 33)) -> pd.DataFrame:
    """Every scale of the booklet as one tidy frame.

    Parameters
    ----------
    sources : BookletSources
        K, the 8-board Swiss pairs σ, B and the Butler tables, with their sources.
    boards : iterable of int
        Board counts (each 1-100); 4 to 32 by default.

    Returns
    -------
    pandas.DataFrame
        One row per section (:data:`SECTIONS`), board count and VP outcome: ``section``,
        ``n_boards`` (0 for the EBU table, which is one table for 7-9 boards),
        ``vps`` (``"13-7"``, ``"20-(-2)"``; for the WBF continuous scale the winner's VPs),
        ``margin_from`` (as printed: the first whole IMP that earns the outcome, or the MP
        % to two decimals; for the WBF continuous scale the IMP margin), ``unit``,
        ``threshold`` (the continuous band start) and ``sigma`` (the match σ; blank for the
        WBF and EBU tables).

    Examples
    --------
    >>> src = BookletSources(6.13, "K", 11.0, "σ", 1.16, "B")
    >>> b = booklet(src, boards=[8])
    >>> b[(b["section"] == "teams") & (b["vps"] == "20-0")]["margin_from"].tolist()
    ['29']
    >>> sorted(set(b["section"])) == sorted(SECTIONS)
    True
    """
    src = _check_sources(sources)
    boards = [check_int(n, "boards", minimum=1, maximum=100) for n in boards]
    if not boards:
        raise fail("boards", "at least one board count", boards)
    kw = {"k": src.k, "delta": src.delta, "sigma_pairs_8": src.sigma_pairs_8,
          "pairs_k": src.pairs_k, "b": src.b, "n_tables": src.n_tables}  # fmt: skip
    rows = []
    for n in boards:
        sig = {form: form_sigma_from(form, n, **kw)
               for form in ("teams", "swiss_pairs", "butler", "cross_imps")}  # fmt: skip
        for negative, suffix in ((0, ""), (5, ", negative VPs")):
            # each scale as bridgestats scale and the designer print it: the form's unit,
            # centre and printing step from its catalogue entry (bridgestats.forms.FORMS)
            teams = event_scale("teams", n, sigma=sig["teams"], negative=negative)
            rows += _rows("teams" + suffix, n, teams, whole=True)
            pairs = event_scale("swiss_pairs", n, sigma=sig["swiss_pairs"], negative=negative)
            rows += _rows("swiss pairs" + suffix, n, pairs, whole=False)
            butler = event_scale("butler", n, sigma=sig["butler"], negative=negative)
            rows += _rows("butler" + suffix, n, butler, whole=True)
            cross = event_scale("cross_imps", n, sigma=sig["cross_imps"], negative=negative)
            name = "cross imps (teams of eight)" if not negative else "cross imps, negative VPs"
            rows += _rows(name, n, cross, whole=True)
        discrete = wbf_table(n, discrete=True)
        for row in discrete.itertuples(index=False):
            start = row.margin_from
            rows.append(("wbf discrete", n, f"{row.vp_winner}-{row.vp_loser}", str(start),
                         "IMPs", float(start), math.nan))  # fmt: skip
        for row in wbf_table(n).itertuples(index=False):
            rows.append(("wbf continuous", n, f"{row.vp_winner:.2f}", str(row.imp_margin),
                         "IMPs", float(row.imp_margin), math.nan))  # fmt: skip
    ebu = datasets.load("seeds/ebu_swiss_pairs_7_9")
    rows.append(("ebu swiss pairs 7-9", 0, "10-10", "50.00", "MP %", 50.0, 11.0))
    for row in ebu.itertuples(index=False):
        pct = float(row.threshold_pct)
        rows.append(("ebu swiss pairs 7-9", 0, f"{row.vp_winner}-{20 - row.vp_winner}",
                     f"{pct:.2f}", "MP %", pct, 11.0))  # fmt: skip
    frame = pd.DataFrame(rows, columns=list(_COLUMNS))
    order = frame["section"].map({name: i for i, name in enumerate(SECTIONS)})
    return frame.iloc[order.argsort(kind="stable")].reset_index(drop=True)


def booklet_csv(frame) -> str:
    """The booklet frame as CSV text (one row per section, board count and outcome)."""
    return frame.to_csv(index=False)


#: The booklet's template files (:mod:`string.Template`: ``$name`` placeholders, every value
#: escaped with :func:`html.escape` before it is put in): the page, a section, a table, the CSS.
TEMPLATES = Path(__file__).with_name("templates")

_INTRO = {
    "teams": "σ = √(nK² + n²δ²) IMPs; the first whole IMP margin that earns each outcome.",
    "swiss pairs": "σ = √(σ₈² + k²(1/n − 1/8)) MP %; the winner's percentage from which each "
    "outcome starts.",
    "butler": "face to face, σ = B·K(n)·√(n(T−1)/(2T)) IMPs, T tables, K(n) = √(K² + nδ²); "
    "the pair's Butler total.",
    "cross imps": "σ = K(n)·√(n·C·R/2) IMPs with C = R = 4 (cross-IMPed teams of eight).",
    "wbf discrete": "The WBF 2013 discrete scale: whole VPs; the first IMP margin of each.",
    "wbf continuous": "The WBF 2013 continuous scale: the winner's VPs at each IMP margin "
    "(20.00 from the last row of each column).",
    "ebu swiss pairs 7-9": "The EBU's published Swiss pairs table for 7-9 board matches "
    "(σ = 11 % for 8 boards), as shipped with this package.",
}

#: A table of at most this many rows is kept on one page (the WBF continuous ones run on).
_SHORT_TABLE = 20


def _template(name: str) -> Template:
    return Template((TEMPLATES / name).read_text(encoding="utf-8"))


def _grid(part: pd.DataFrame, boards, caption: str, *, corner: str) -> str:
    """One HTML table: the outcomes down, ``boards`` across, the printed starts inside."""
    wide = part.pivot_table(index="vps", columns="n_boards", values="margin_from",
                            aggfunc="first", sort=False)  # fmt: skip
    order = list(dict.fromkeys(part["vps"]))
    wide = wide.reindex(index=order, columns=boards)
    esc = html.escape
    rows = [
        f"<tr><td class='vp'>{esc(str(vps))}</td>"
        + "".join(f"<td>{'' if pd.isna(v) else esc(str(v))}</td>" for v in values)
        + "</tr>"
        for vps, values in wide.iterrows()
    ]
    return _template("booklet_table.html").substitute(
        size="short" if len(rows) <= _SHORT_TABLE else "long",
        caption=esc(caption),
        corner=esc(corner),
        head="".join(f"<th>{esc(str(n))}</th>" for n in boards),
        rows="\n".join(rows),
    )


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
    meta = (
        f"Built from K = {src.k:.3f} IMPs per board, δ = {src.delta:.3f} ({src.k_source}); "
        f"Swiss pairs σ = {src.sigma_pairs_8:.2f} % for 8 boards ({src.sigma_source}); B = "
        f"{src.b:.3f} ({src.b_source}); Butler scales for {src.n_tables} tables. Gaussian "
        'scales after J. Probst, "On VP Scales" (c. 2006); WBF scales after the WBF '
        'Scoring Panel, "The New WBF IMP to VP Scales" (2013).'
    )
    meta = readable(meta)  # the estimates name their data by id: a committee reads names
    section_html = _template("booklet_section.html")
    sections = []
    for section in SECTIONS:
        part = frame[frame["section"] == section]
        if part.empty:
            continue
        key = next(k for k in _INTRO if section.startswith(k))
        heading = display_name("section", section)  # names.SECTIONS: the ids stay in the CSV
        boards = sorted(set(part["n_boards"]))
        corner = "VPs \\ boards"
        if section == "wbf continuous":  # margins down, VPs inside
            part = part.rename(columns={"vps": "margin_from", "margin_from": "vps"})
            corner = "IMPs \\ boards"
        tables = []
        for group in _groups(boards, per_table):
            label = "" if group == [0] else f", {group[0]}-{group[-1]} boards"
            shown = [("7-9" if n == 0 else n) for n in group]
            sub = part[part["n_boards"].isin(group)].replace({"n_boards": {0: "7-9"}})
            tables.append(_grid(sub, shown, f"{heading}{label}", corner=corner))
        sections.append(section_html.substitute(
            kind=esc(key.replace(" ", "-")), heading=esc(heading), intro=esc(_INTRO[key]),
            tables="\n".join(tables),
        ))  # fmt: skip
    page = _template("booklet.html").substitute(
        title=esc(title), css=(TEMPLATES / "booklet.css").read_text(encoding="utf-8"),
        meta=esc(meta), sections="\n".join(sections),
    )  # fmt: skip
    return page
