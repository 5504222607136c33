"""Real data: ACBL club travellers (../shared/data/club-matchpoints/travellers.csv).

The printed matchpoints are recomputed from the printed scores with ACBL's rule (1 per
result beaten, ½ per tie, within session + section + board) through
:func:`bridgestats.scoring.score_board_results`, and the printed scores are recomputed from
contract, declarer, result and vulnerability with :func:`contract_score`. The counts
asserted are the ones measured on the archive file (its sha256 is in the folder's
inventory.tsv); every disagreement is put in a named class and the classes must account
for all of them.

Tolerance for matchpoints: the recaps print two decimals, so a recomputed value agrees
when it is within half a unit of the last printed digit (0.005, plus 1e-4 for the float
sums). Scores are integers and compared exactly.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bridgestats.scoring import contract_score, neuberg, parse_contracts, score_board_results

pytestmark = pytest.mark.shared

KEYS = ["session", "section", "board"]
MP_TOL = 0.005 + 1e-4


@pytest.fixture(scope="module")
def travellers(shared_data):
    path = shared_data / "club-matchpoints" / "travellers.csv"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return pd.read_csv(path, dtype=str, keep_default_na=False)


def _printed_score_ns(t: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """North-South's printed score (F/G markers stripped; passed out = 0) and its marker.

    Scores that are not numbers (Ave, Ave+, Ave-; NP/LP rows) come back NaN: they are
    artificial adjusted scores, not results to compare.
    """

    def num(col):
        return pd.to_numeric(col.str.replace(r"^(-?\d+)[FG]$", r"\1", regex=True), errors="coerce")

    ns, ew = num(t.score_ns), num(t.score_ew)
    score = ns.where(ns.notna(), -ew)
    passed = (t.score_ns == "Pass") | (
        (t.contract == "Pass") & (t.score_ns == "") & (t.score_ew == "")
    )
    marker = (t.score_ns + t.score_ew).str.extract(r"\d([FG])$")[0].fillna("")
    return score.where(~passed, 0.0), marker


@pytest.fixture(scope="module")
def recomputed(travellers):
    t = travellers.copy()
    t["score"], t["marker"] = _printed_score_ns(t)
    t["real"] = t.score.notna()
    t["mp_printed"] = pd.to_numeric(t.mp_ns, errors="coerce")
    t["top_printed"] = t.mp_printed + pd.to_numeric(t.mp_ew, errors="coerce")
    # ACBL: 1 per beat, ½ per tie, compared only among the real results of the board
    out = score_board_results(
        t.assign(artificial=~t.real), board=KEYS, score="score", unplayed="artificial", per_beat=1
    )
    t["mp"] = out.mp_ns.where(t.real)
    t["n_real"] = out.n_results  # A: real results on the board
    t["n_rows"] = t.groupby(KEYS).board.transform("size")  # results incl. artificial ones
    # E implied by the printed top (ACBL factors every board to the section's top)
    t["n_top"] = t.groupby(KEYS).top_printed.transform("median").round() + 1
    a = t.n_real.clip(lower=1).to_numpy()
    t["mp_own"] = neuberg(t.mp.fillna(0), a, t.n_rows.to_numpy(), per_beat=1)
    t["mp_top"] = neuberg(t.mp.fillna(0), a, t.n_top.fillna(1).clip(lower=1).to_numpy(), per_beat=1)
    t["fouled"] = t.groupby(KEYS).marker.transform(lambda m: (m != "").any())
    return t


def test_traveller_counts(recomputed):
    t = recomputed
    assert len(t) == 30_238
    has_mp = t.mp_printed.notna()
    assert has_mp.sum() == 29_076
    assert (has_mp & t.real).sum() == 29_051
    # artificial adjusted scores (Ave, Ave+, Ave-, with or without NP/LP) that carry MPs:
    # ACBL gives 40/50/60 % of the top or the pair's session %, not a comparison of scores
    assert (has_mp & ~t.real).sum() == 25
    # no printed MPs: the IMP-scored 2017-01-02 session and three recaps with empty columns
    no_mp = t[~has_mp].groupby("session").size()
    assert no_mp.to_dict() == {
        "2017-01-02/recap_20170102.html": 192,
        "2017-07-17/recap_b_20170717.html": 241,
        "2017-10-23/recap_b_20171023.html": 432,
        "2018-01-08/recap_b_20180108.html": 297,
    }


def test_recomputed_matchpoints_agree_with_printed(recomputed):
    t = recomputed[recomputed.mp_printed.notna() & recomputed.real]
    plain = (t.mp_printed - t.mp).abs() <= MP_TOL
    own = ~plain & ((t.mp_printed - t.mp_own).abs() <= MP_TOL)
    top = ~plain & ~own & ((t.mp_printed - t.mp_top).abs() <= MP_TOL)
    explained = plain | own | top
    # 1. plain ACBL matchpoints of the real results: 27,066 of 29,051 rows (93.2 %)
    assert plain.sum() == 27_066
    # 2. + Neuberg (1-per-beat form) up to the traveller's own row count, on boards that
    #    also hold artificial scores: 148 rows
    assert own.sum() == 148
    # 3. + Neuberg up to the number of results implied by the printed top (boards played
    #    fewer times than the section's top are factored): 1,336 rows
    assert top.sum() == 1_336
    assert explained.sum() == 28_550  # 98.3 %

    rest = t[~explained]
    top_results = rest.n_top  # results the printed top implies
    classes = pd.Series(
        np.select(
            [
                top_results - 1 < rest.n_rows - 1.02,  # top below n - 1: not matchpoints
                top_results >= 2 * rest.n_rows,  # scored across two sections
                rest.fouled,  # F/G-marked results scored in separate groups
            ],
            ["not_matchpoints", "across_sections", "fouled"],
            "unexplained",
        ),
        index=rest.index,
    )
    counts = classes.value_counts().to_dict()
    assert counts == {"across_sections": 270, "not_matchpoints": 198, "fouled": 33}
    # which recaps they come from (so a change in the data shows up here)
    assert sorted(rest[classes == "across_sections"].session.unique()) == [
        "2017-03-06/recap_20170306.html",  # section E only; standings list sections E and F
        "2017-11-06/recap_ef_20171106.html",
    ]
    assert rest[classes == "not_matchpoints"].session.unique().tolist() == [
        "2017-09-25/recap_b_20170925_767.html"  # mp_ns 0/0.5/1 and mp_ew all 0
    ]


def test_printed_scores_agree_with_contract_score(recomputed):
    t = recomputed
    contract = t.contract.str.strip()
    playable = ~contract.isin(["NP", "LP", ""])
    sub = t[playable]
    parsed = parse_contracts(contract[playable])
    made = pd.to_numeric(sub.made, errors="coerce")
    level = parsed.level.to_numpy()
    # `made` is relative to book as printed: 4 on 3NT = 10 tricks, -2 = two down
    tricks = np.where(level == 0, 0, np.where(made > 0, 6 + made, level + 6 + made))
    ns_declarer = sub.declarer.isin(["N", "S"]).to_numpy()
    vul = np.where(ns_declarer, sub.vul.isin(["NS", "All"]), sub.vul.isin(["EW", "All"]))
    scorable = ~np.isnan(tricks) & ((level == 0) | sub.declarer.isin(list("NESW")).to_numpy())
    assert scorable.sum() == 30_172
    s = sub[scorable]
    calc = contract_score(
        parsed.level[scorable],
        parsed.strain[scorable],
        parsed.doubled[scorable],
        tricks[scorable].astype(int),
        vul[scorable],
    )
    calc = np.where(ns_declarer[scorable], calc, -calc)
    printed = s.score.to_numpy()
    has_score = ~np.isnan(printed)
    assert has_score.sum() == 30_170  # 2 passed-out rows carry Ave-/Ave+ instead of a score
    agree = printed[has_score] == calc[has_score]
    assert agree.sum() == 30_148  # 99.93 %
    bad_p, bad_c = printed[has_score][~agree], calc[has_score][~agree]
    # disagreement classes: the score entered on the wrong side (same size, other sign)
    # and a score that belongs to a different contract or result (scorer entry errors)
    wrong_side = np.abs(bad_p) == np.abs(bad_c)
    assert (wrong_side.sum(), (~wrong_side).sum()) == (3, 19)
