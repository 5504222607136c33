"""Every table and worked figure of Probst's article, printed against computed.

J. Probst, "On VP Scales" (an article on Victory Point scales for the English Bridge
Union, c. 2006; reproduced on bridgeguys.com, "On VP Scales - Bridge Guys") prints twelve
tables and several dozen worked figures. :func:`probst_items` recomputes each one from the
package's own formulas (:mod:`bridgestats.sigma`, :mod:`bridgestats.vp`) and
estimators (:mod:`bridgestats.fit`), and says whether it is reproduced.

The printed figures are seed data, transcribed from the article with provenance:
``data/seeds/probst_figures.csv`` (one row per figure: the statement quoted, the printed
value, how it was rounded, and how a disagreement is classified) and
``data/seeds/probst_table_cells.csv`` (the printed cells of the tables checked cell by
cell). Nothing printed is typed into the code below; only the article's own inputs where a
statement names them (its 1.668, its 11.73, its flight scores).

Where a statement computes from figures the article printed rounded (its 1.668, its 23.22,
its 67.27, the White Book's 30), ``computed`` follows the article's own arithmetic from
those printed inputs, read from the seed files (the policy of ``swiss_pairs_sigma_8``,
"50/(1.668 x sqrt(8)) = 10.598"), and ``exact`` is the same figure from the unrounded inputs
of the package's formulas: both are shown, and a reader can see where they part. For every
other item ``exact`` is ``computed``.

The status of an item is computed, never set:

- ``"reproduced"``: the computed figure, rounded (or truncated) as the article rounds it,
  is the printed one; for an approximate statement ("about", "between 1.18 and 1.2"), it
  lies within the tolerance stated in the seed file with its reason; for a table, every
  cell agrees within the table's stated tolerance;
- ``"rounding slip"``: rounded (or truncated) as the article rounds it, the computed figure
  is one unit of the printed last decimal from the printed one (67.257 printed 67.27, not
  67.26): a slip in the last digit, not a wrong figure;
- otherwise the seed file's ``if_differs`` says what a disagreement is: ``"refuted"`` (the
  article's figure is wrong; ``computed`` is the correct one), ``"error in the article"`` (the
  article contradicts itself: a misprint, a column at odds with its own other column), or
  ``"not reproducible"`` (the article does not give what the figure needs; ``note`` says
  what is missing).

The cell-by-cell checks of Tables 4-12 in full (every IMP range of every column) are the
tests of :mod:`bridgestats.vp` (``tests/vp/test_tables.py``); the items here are
each table's defining columns.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.stats import norm

from .. import datasets
from .._validate import check_int, check_rng
from ..fit import butler_factor, fit_sigma_tail
from ..sigma import (
    k_from_sigma,
    sigma_butler_online,
    sigma_cross_imps,
    sigma_teams,
    swiss_pairs_top_percent,
)
from ..vp import fit_scale_sigma, gaussian_z

__all__ = ["SECTIONS", "STATUSES", "probst_details", "probst_findings", "probst_items"]

#: The statuses of :func:`probst_items`, in the order the report lists them.
STATUSES = ("reproduced", "rounding slip", "refuted", "error in the article", "not reproducible")

#: The report's sections that show the findings of :func:`probst_findings` (its headings).
SECTIONS = {
    "all": "Every figure, printed against computed",
    "wrong": "What does not reproduce",
    "from_printed": "Computed from the article's rounded figures",
}

_IF_DIFFERS = {
    "refuted": "refuted",
    "seed error": "error in the article",  # the seed file's word: the source document's
    "not reproducible": "not reproducible",
}

_COLUMNS = (
    "item",
    "section",
    "table",
    "statement",
    "printed",
    "computed",
    "exact",
    "status",
    "cells_off",
    "note",
)


def _z20() -> np.ndarray:
    return gaussian_z(20)


def _top() -> float:
    return float(_z20()[-1])


def _brighton() -> pd.DataFrame:
    return datasets.load("seeds/brighton_2005_vp_counts")


def _scale(name: str) -> pd.DataFrame:
    scales = datasets.load("seeds/swiss_pairs_scales")
    return scales[scales["scale"] == name].sort_values("vp_winner")


def _scale_sigma(name: str) -> float:
    thresholds = _scale(name)["threshold_pct"].to_numpy()[1:] - 50.0
    return float(fit_scale_sigma(thresholds).sigma)


def _twenty_0s(rounds) -> int:
    b = _brighton()
    return int(b.loc[b["round"].isin(rounds) & (b["vp_winner"] == 20), "count"].sum())


def _cooke():
    b = _brighton()
    first = b[b["round"].isin([1, 2])]
    top = float(_scale("washington_2004")["threshold_pct"].iloc[-1]) - 50.0
    return fit_sigma_tail(_twenty_0s([1, 2]), int(first["count"].sum()), top)


def _band_excess(scale: str, vp: int, sigma: float) -> float:
    """% by which a scale's band for ``vp`` holds more matches than 2/21 at ``sigma``."""
    rows = _scale(scale).set_index("vp_winner")
    lo = rows.loc[vp, "threshold_pct"] - 50.0
    hi = rows.loc[vp + 1, "threshold_pct"] - 50.0
    p = 2.0 * (norm.cdf(hi / sigma) - norm.cdf(lo / sigma))
    return float(100.0 * (p / (2.0 / 21.0) - 1.0))


def _white_book_k(starts: np.ndarray) -> float:
    # a band that starts at L whole IMPs holds continuous thresholds in (L - 1, L]: fit the
    # midpoints L - 0.5 (see tests/vp/test_tables.py)
    return float(fit_scale_sigma(starts - 0.5).sigma / math.sqrt(8))


def _butler(rng) -> float:
    spreads = datasets.load("derived/fullfield_board_spreads")
    fit = butler_factor(
        spreads["butler_imps_sd_mean"],
        spreads["cross_imps_rms"],
        spreads["n_tables"],
        n_boot=200,
        rng=rng,
    )
    return float(fit.b)


def _flights():
    six = np.array([86, 83, 91, 76, 74, 85, 87], dtype=float)  # §12: leaders after 6 matches
    loss = 6 * 3 / 8  # "6 rounds of 3/8 VP"
    return six, loss


def _printed(item: str) -> float:
    """A figure as the article printed it (``data/seeds/probst_figures.csv``)."""
    figures = datasets.load("seeds/probst_figures", dtype={"printed": str})
    return float(figures.loc[figures["item"] == item, "printed"].iloc[0])


def _white_book_20_0_8() -> float:
    """The White Book's 20-0 for 8-board teams, where its 20-0 band starts (Table 4: 30+)."""
    cells = datasets.load("seeds/probst_table_cells", dtype={"printed": str})
    wb = cells[(cells["item"] == "k_white_book") & (cells["cell"] == "start 20-0")]
    return float(wb["printed"].iloc[0])


def _from_printed(item: str) -> float | None:
    """The figure by the statement's own arithmetic on the article's printed inputs.

    None where the statement does not compute from rounded printed figures (its computed
    figure is then the exact one).
    """
    table = {
        # "50/(1.668 x sqrt(8)) = 10.598": the statement's own formula with its 1.668
        "swiss_pairs_sigma_8": lambda: 50.0 / (_printed("z_20_0") * math.sqrt(8)),
        # "1.668 ... Std Dev of ... 23.22 and a 20-0 score of 38.73": the printed z times the
        # printed σ (1.668 × 23.22 = 38.731)
        "butler_online_20_0": lambda: _printed("z_20_0") * _printed("butler_online_sigma"),
        # "multiply the Teams-of-4 imps by 2 x sqrt(2) and you get 85": the procedure stated,
        # applied to the White Book's 8-board 20-0 of 30 IMPs (Table 4)
        "teams_of_8_20_0": lambda: _white_book_20_0_8() * 2.0 * math.sqrt(2.0),
        # "11.73 ... reduces the STD to about 11.65": 11.73 scaled by the printed Ascherman
        # 20-0 over the printed 63-result one, 11.73 × 17.27/17.39 = 11.649
        "ascherman_sigma": lambda: (
            11.73 * (_printed("top_ascherman") - 50) / (_printed("top_63_results") - 50)
        ),
    }
    return float(table[item]()) if item in table else None


def _scalar(item: str, rng) -> float:
    """The exact figure of a scalar item (NaN where the article gives too little)."""
    top = _top()
    six, loss = _flights()
    cooke = None
    if item.startswith("cooke_"):
        cooke = _cooke()
    table = {
        "vp_share": lambda: 100.0 / 21.0,
        "one_sd_share": lambda: 100.0 * (2.0 * norm.cdf(1.0) - 1.0),
        "sigma_teams_8": lambda: float(sigma_teams(8)),
        "white_book_20_0_k625": lambda: top * float(sigma_teams(8, k=6.25)),
        "twenty_0_32_boards": lambda: top * float(sigma_teams(32)),
        "teams_of_8_20_0": lambda: top * float(sigma_cross_imps(8, comparisons=4, n_results=4)),
        "swiss_pairs_4_boards": lambda: float(swiss_pairs_top_percent(4)),
        "swiss_pairs_sigma_8": lambda: 50.0 / (top * math.sqrt(8)),
        "swiss_pairs_20_0_21": lambda: float(swiss_pairs_top_percent(8)),
        "white_book_2004_top": lambda: float(_scale("washington_2004")["threshold_pct"].iloc[-1]),
        "teams_15_sigma": lambda: float(sigma_teams(15)),
        "teams_15_20_0": lambda: top * float(sigma_teams(15)),
        "butler_online_sigma": lambda: float(sigma_butler_online(15, n_tables=15)),
        "butler_online_20_0": lambda: top * float(sigma_butler_online(15, n_tables=15)),
        "butler_20_0_39": lambda: top * float(sigma_butler_online(15, n_tables=15)),
        "butler_factor": lambda: _butler(rng),
        "sheffield_k": lambda: float(k_from_sigma(1790.0, 24)),
        "table_6_observed": lambda: float(
            datasets.load("seeds/sheffield_aggregate_bands")["observed"].sum()
        ),
        "brighton_matches": lambda: float(_brighton()["count"].sum()),
        "brighton_20_0": lambda: float(_twenty_0s(range(1, 15))),
        "brighton_20_0_first": lambda: float(_twenty_0s(range(1, 8))),
        "brighton_20_0_second": lambda: float(_twenty_0s(range(8, 15))),
        "top_63_results": lambda: float(swiss_pairs_top_percent(8, n_results=63)),
        "top_ascherman": lambda: float(swiss_pairs_top_percent(8, ascherman=True)),
        "z_20_0": lambda: top,
        # "65.99% is 15.99/17.39 x 1.668": the statement's own arithmetic
        "z_2004": lambda: 15.99 / 17.39 * 1.668,
        "gauss_2004": lambda: 100.0 * norm.cdf(1.534),
        "share_2004": lambda: 100.0 * norm.sf(1.534),
        "predicted_20_0": lambda: float(_brighton()["count"].sum()) * 2.0 * norm.sf(1.534),
        "predicted_half": lambda: float(_brighton()["count"].sum()) / 2 * 2.0 * norm.sf(1.534),
        "sigma_2004": lambda: _scale_sigma("washington_2004"),
        "sigma_ascherman_2006": lambda: _scale_sigma("ascherman_2006"),
        "sigma_random_draw_col": lambda: _scale_sigma("random_draw"),
        "sigma_ebu_2006": lambda: _scale_sigma("ebu_2006"),
        # the article does not say at which σ; computed at its own recommendation, 11.65
        "fifteen_5_2003": lambda: _band_excess("triangular_2003", 15, 11.65),
        "cooke_sigma": lambda: float(cooke.sigma),
        "cooke_low": lambda: float(cooke.ci[0]),
        "cooke_high": lambda: float(cooke.ci[1]),
        # 11.73 scaled by the Ascherman 20-0 over the 63-result one (both computed)
        "ascherman_sigma": lambda: (
            11.73
            * (float(swiss_pairs_top_percent(8, ascherman=True)) - 50)
            / (float(swiss_pairs_top_percent(8, n_results=63)) - 50)
        ),
        "k_swiss_pairs": lambda: 11.65 * math.sqrt(8),
        "late_total_6": lambda: float(sum(range(12, 18))),
        "flight_average": lambda: float(six.mean()),
        "flight_loss": lambda: loss,
        "flight_average_new": lambda: float(six.mean()) - loss,
        "flight_leader_new": lambda: float(six.max()) - loss,
        "late_total_4": lambda: float(sum(range(14, 18))),
        "flight_4_top": lambda: 66.0 - 1.5,  # §12: the 4th-round leaders' top, less 1.5
        "late_total_5": lambda: float(sum(range(13, 18))),
        "sigma_patton_2": lambda: float(sigma_teams(2)),
        "sigma_patton_3": lambda: float(sigma_teams(3)),
        "sigma_patton_4": lambda: float(sigma_teams(4)),
    }
    return float(table[item]())


def _cells(item: str, cells: pd.DataFrame) -> np.ndarray:
    """The computed values of a table item's cells, in the seed file's order."""
    z20 = _z20()
    zneg = gaussian_z(20, negative=5)[10:]
    if item == "table_1":
        z = cells["cell"].str.removeprefix("z=").astype(float).to_numpy()
        return norm.sf(z)
    if item == "table_2_z":
        return z20
    if item == "table_2_cum":
        return 100.0 * (norm.cdf(z20) - 0.5)
    if item == "table_3_z":
        return zneg
    if item == "table_3_cum":
        return 100.0 * (norm.cdf(zneg) - 0.5)
    if item == "table_4_imps":
        return z20 * float(sigma_teams(8))
    if item == "table_5_imps":
        return zneg * float(sigma_teams(8))
    if item == "table_5_labels":
        return np.full(len(cells), 20.0)  # the winner's VP of every row beyond 20-0
    if item == "k_white_book":
        return np.full(len(cells), np.nan)  # a fit over the cells, not a cell each
    if item == "table_6_computed":
        return gaussian_z(12) * 1790.0  # 13-tile edges × the measured σ
    if item == "table_7_totals":
        return _brighton().groupby("vp_winner")["count"].sum().to_numpy(dtype=float)
    if item == "table_9_11_imps":
        return np.concatenate([gaussian_z(m) * float(sigma_teams(m // 2)) for m in (4, 6, 8)])
    if item == "session_entries":
        return np.cumsum(np.arange(14, 18), dtype=float)
    if item == "table_12_sigmas":
        return np.asarray(sigma_teams(np.arange(2, 8)), dtype=float)
    raise KeyError(item)


def _decimals(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def _one_unit_off(computed: float, printed: str, rounding: str) -> bool:
    """Whether ``computed``, rounded as printed, is one unit of the last decimal away."""
    if rounding not in ("round", "truncate") or not math.isfinite(computed):
        return False
    unit = 10.0 ** -_decimals(printed)
    if rounding == "truncate":
        shown = math.floor(computed / unit + 1e-9)
    else:
        shown = math.floor(computed / unit + 0.5)
    return abs(shown - round(float(printed) / unit)) == 1


def _agrees(computed: float, printed: str, rounding: str, tolerance) -> bool:
    value = float(printed)
    if not math.isfinite(computed):
        return False
    if rounding == "approx":
        return abs(computed - value) <= float(tolerance) + 1e-12
    unit = 10.0 ** -_decimals(printed)
    if rounding == "truncate":
        return math.isclose(math.floor(computed / unit + 1e-9) * unit, value, abs_tol=unit / 10)
    return abs(computed - value) <= unit / 2 + 1e-9


def _table_8_starts() -> tuple[int, int, list[str]]:
    """Band starts of Table 8's Gaussian columns equal to the previous band's end."""
    scales = datasets.load("seeds/swiss_pairs_scales")
    n = agree = 0
    off = []
    for name in ("washington_2004", "ascherman_2006", "random_draw", "ebu_2006"):
        rows = scales[scales["scale"] == name].sort_values("vp_winner")
        starts = rows["threshold_pct"].to_numpy()[1:]
        ends = rows["upper_pct"].to_numpy()[:-1]
        for vp, start, end in zip(rows["vp_winner"].to_numpy()[1:], starts, ends, strict=True):
            n += 1
            if math.isclose(start, end, abs_tol=1e-9):
                agree += 1
            else:
                off.append(f"{name} {vp}-{20 - vp} starts {start:.2f} after {end:.2f}")
    return n, agree, off


def probst_items(*, rng=None) -> pd.DataFrame:
    """Every table (1-12) and worked figure of Probst's article, printed against computed.

    Parameters
    ----------
    rng : None, int or numpy.random.Generator
        Seeds the bootstrap of the Butler factor (the only random figure; its point
        estimate, which is compared, does not depend on it).

    Returns
    -------
    pandas.DataFrame
        One row per item of ``data/seeds/probst_figures.csv``, in the article's order:
        ``item`` (a short id), ``section`` (§), ``table`` (its number, or ""),
        ``statement`` (the article's words), ``printed`` (the figure as printed; for a
        table, its number of cells checked), ``computed`` (the figure recomputed, by the
        statement's own arithmetic where it computes from printed inputs; for a table, the
        number of cells that agree), ``exact`` (the figure from unrounded inputs; see the
        module), ``status`` (:data:`STATUSES`, see the
        module), ``cells_off`` (for a table, the cells that disagree, printed against
        computed) and ``note`` (how it was computed, and why a tolerance is what it is).

    Examples
    --------
    >>> items = probst_items(rng=1).set_index("item")
    >>> items.loc["top_63_results", ["printed", "status"]].tolist()
    ['67.39', 'reproduced']
    >>> items.loc["top_ascherman", ["printed", "status"]].tolist(), float(round(
    ...     items.loc["top_ascherman", "computed"], 3))
    (['67.27', 'rounding slip'], 67.257)
    >>> items.loc["teams_of_8_20_0", ["computed", "exact"]].astype(float).round(2).tolist()
    [84.85, 86.76]
    >>> items.loc["table_3_cum", "status"], int(items.loc["table_3_cum", "computed"])
    ('error in the article', 2)
    """
    gen = check_rng(rng)
    figures = datasets.load("seeds/probst_figures", dtype={"printed": str, "table": str})
    cells = datasets.load("seeds/probst_table_cells", dtype={"printed": str})
    rows = []
    for fig in figures.itertuples(index=False):
        note = "" if pd.isna(fig.note) else str(fig.note)
        table = "" if pd.isna(fig.table) else str(fig.table)
        off: list[str] = []
        if fig.rounding == "cells":
            n_cells = check_int(int(fig.printed), "printed", minimum=1)
            if fig.item == "table_8_starts":
                n, agree, off = _table_8_starts()
            else:
                mine = cells[cells["item"] == fig.item]
                values = _cells(fig.item, mine)
                printed = mine["printed"].astype(float).to_numpy()
                tol = float(fig.tolerance) + 1e-9
                ok = np.abs(values - printed) <= tol
                n, agree = len(mine), int(ok.sum())
                off = [
                    f"{c}: printed {p}, computed {v:.6g}"
                    for c, p, v, good in zip(mine["cell"], mine["printed"], values, ok, strict=True)
                    if not good
                ]
            if n != n_cells:
                raise AssertionError(f"{fig.item}: {n} cells, the seed file says {n_cells}")
            computed, agrees = float(agree), agree == n
        elif fig.item == "k_white_book":
            starts = cells.loc[cells["item"] == "k_white_book", "printed"].astype(float)
            computed = _white_book_k(starts.to_numpy())
            agrees = _agrees(computed, fig.printed, "approx", fig.tolerance)
        else:
            exact = _scalar(fig.item, gen)
            printed_inputs = _from_printed(fig.item)
            computed = exact if printed_inputs is None else printed_inputs
            agrees = _agrees(computed, fig.printed, fig.rounding, fig.tolerance)
        if fig.rounding == "cells" or fig.item == "k_white_book":
            exact = computed
        if agrees:
            status = "reproduced"
        elif _one_unit_off(computed, fig.printed, fig.rounding):
            status = "rounding slip"
        else:
            status = _IF_DIFFERS[fig.if_differs]
        rows.append(
            (
                fig.item,
                int(fig.section),
                table,
                fig.statement,
                fig.printed,
                computed,
                exact,
                status,
                "; ".join(off),
                note,
            )
        )
    return pd.DataFrame(rows, columns=list(_COLUMNS))


def _rounded_inputs(items: pd.DataFrame) -> pd.DataFrame:
    """The items computed from figures the article printed rounded (``computed`` by its own
    arithmetic on them differs from ``exact``), whatever their status."""
    computed, exact = items["computed"].astype(float), items["exact"].astype(float)
    return items[(computed - exact).abs() > 1e-9]


def _where(row) -> str:
    return f"§{row.section}" + (f", Table {row.table}" if row.table else "")


def probst_details(items: pd.DataFrame) -> dict[str, list[str]]:
    """The report's two lists of items in full, each with how it was computed: the items
    that do not reproduce (``"wrong"``: every status but *reproduced*) and the items
    computed from the article's rounded figures (``"from_printed"``: both figures, and the
    status, which is mostly *reproduced*: they are not listed as failures).

    Examples
    --------
    >>> details = probst_details(probst_items(rng=1))
    >>> len(details["wrong"]), len(details["from_printed"])
    (6, 4)
    >>> [line.split(":")[0] for line in details["from_printed"]][:2]
    ['§3 (reproduced)', '§4 (reproduced)']
    """
    wrong = items[items["status"] != "reproduced"]
    return {
        "wrong": [
            f"{_where(row)} ({row.status}): “{row.statement}”, printed {row.printed}, computed "
            f"{row.computed:.4g}{'; ' + row.cells_off if row.cells_off else ''}"
            + (f". {row.note}" if row.note else ".")
            for row in wrong.itertuples()
        ],
        "from_printed": [
            f"{_where(row)} ({row.status}): “{row.statement}”, printed {row.printed}; by the "
            f"article's own arithmetic on its printed figures {row.computed:.4g}, from "
            f"unrounded inputs {row.exact:.4g}" + (f". {row.note}" if row.note else ".")
            for row in _rounded_inputs(items).itertuples()
        ],
    }


def probst_findings(items: pd.DataFrame) -> list[dict]:
    """The report's findings, one sentence each with its section (:data:`SECTIONS`) and
    summary key: the count of each status (the headline), each item that does not
    reproduce under *What does not reproduce*, and each item computed from the article's
    rounded figures under its own section with its status (issue 33: four reproduced
    items were listed under *What does not reproduce*).

    Examples
    --------
    >>> found = probst_findings(probst_items(rng=1))
    >>> found[0]["text"]  # doctest: +NORMALIZE_WHITESPACE
    "Of Probst's 66 tables and figures, 60 reproduce, 1 is a rounding slip, 0 are refuted,
    3 are errors in the article itself and 2 cannot be reproduced from what it gives."
    >>> sorted({f["section"] for f in found if "reproduced," in f["text"]})
    ["Computed from the article's rounded figures"]
    """
    counts = items["status"].value_counts().reindex(list(STATUSES), fill_value=0)
    slips = "is a rounding slip" if counts["rounding slip"] == 1 else "are rounding slips"
    found = [
        {
            "text": f"Of Probst's {len(items)} tables and figures, {counts['reproduced']} "
            f"reproduce, {counts['rounding slip']} {slips}, {counts['refuted']} are refuted, "
            f"{counts['error in the article']} are errors in the article itself and "
            f"{counts['not reproducible']} cannot be reproduced from what it gives.",
            "section": SECTIONS["all"],
            "key": "n_reproduced",
            "headline": True,
        }
    ]
    found += [
        {
            "text": f"{_where(row)}, “{row.statement}”: {row.status}, printed {row.printed}, "
            f"computed {row.computed:.4g}.",
            "section": SECTIONS["wrong"],
            "key": "items",
            "headline": False,
        }
        for row in items[items["status"] != "reproduced"].itertuples()
    ]
    found += [
        {
            "text": f"{_where(row)}, “{row.statement}”: {row.status}, printed {row.printed}, "
            f"{row.computed:.4g} by the article's own arithmetic on its printed figures, "
            f"{row.exact:.4g} from unrounded inputs.",
            "section": SECTIONS["from_printed"],
            "key": "from_printed_inputs",
            "headline": False,
        }
        for row in _rounded_inputs(items).itertuples()
    ]
    return found
