"""Contract scores, contract parsing and the IMP table, against outside sources.

Oracles used only here: ``endplay`` (``Contract.score``) and ``bridgebots``
(``play_utils.calculate_score``), two independent implementations of Law 77; the Funbridge
IMP table and examples (Funbridge, "Frequently asked questions", funbridge.com). All
comparisons are exact (tolerance 0): scores and IMPs are integers.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgestats.errors import BridgestatsError
from bridgestats.scoring import (
    IMP_TABLE_LOWER,
    IMP_TABLE_UPPER,
    Contract,
    contract_score,
    imps,
    parse_contract,
    parse_contracts,
)

# ----------------------------------------------------------------- the full contract grid
LEVELS, STRAINS, DOUBLED, VUL, TRICKS = range(1, 8), "CDHSN", range(3), (False, True), range(14)
GRID = np.array(list(itertools.product(LEVELS, range(5), DOUBLED, VUL, TRICKS)))


def _grid_scores():
    lvl, s, dbl, vul, trk = GRID.T
    return contract_score(lvl, np.array(list(STRAINS))[s], dbl, trk, vul.astype(bool))


def test_grid_has_all_2940_cases():
    assert len(GRID) == 7 * 5 * 3 * 2 * 14 == 2940


def test_contract_score_matches_endplay_on_all_2940_cases():
    from endplay.types import Contract as EContract
    from endplay.types import Denom, Penalty, Player, Vul

    denoms = {0: Denom.clubs, 1: Denom.diamonds, 2: Denom.hearts, 3: Denom.spades, 4: Denom.nt}
    penalties = {0: Penalty.passed, 1: Penalty.doubled, 2: Penalty.redoubled}
    expected = [
        EContract(
            level=int(lvl),
            denom=denoms[s],
            declarer=Player.north,
            penalty=penalties[dbl],
            result=int(trk) - (int(lvl) + 6),
        ).score(Vul.both if vul else Vul.none)
        for lvl, s, dbl, vul, trk in GRID
    ]
    np.testing.assert_array_equal(_grid_scores(), expected)


def test_contract_score_matches_bridgebots_on_all_2940_cases():
    from bridgebots.deal_enums import BiddingSuit
    from bridgebots.play_utils import calculate_score

    suits = [
        BiddingSuit.CLUBS,
        BiddingSuit.DIAMONDS,
        BiddingSuit.HEARTS,
        BiddingSuit.SPADES,
        BiddingSuit.NO_TRUMP,
    ]
    expected = [
        calculate_score(int(lvl), suits[s], int(dbl), int(trk), bool(vul))
        for lvl, s, dbl, vul, trk in GRID
    ]
    np.testing.assert_array_equal(_grid_scores(), expected)


def test_contract_score_funbridge_examples():
    # Funbridge FAQ: "3NT with no overtricks: +600", "+630" with one more, "-100" one down (vul).
    np.testing.assert_array_equal(contract_score(3, "NT", 0, [9, 10, 8], True), [600, 630, -100])


def test_contract_score_known_values():
    # Law 77 values every scorer knows by heart.
    assert contract_score(1, "N", 0, 7, False) == 90
    assert contract_score(2, "C", 1, 8, False) == 180  # 2 x 40 = 80 < 100: part score 50, 50 for X
    assert contract_score(2, "H", 1, 8, True) == 670  # 120 doubled = game
    assert contract_score(1, "S", 2, 7, True) == 720  # 4 x 30 = 120: game 500, 100 for XX
    assert contract_score(7, "N", 2, 0, True) == -7600
    assert contract_score(7, "N", 1, 0, False) == -3500
    assert contract_score(0, "", 0, 0, False) == 0


def test_contract_score_broadcasts_and_accepts_case():
    out = contract_score([4, 4], ["s", "nt"], 0, 10, [True, False])
    np.testing.assert_array_equal(out, [620, 430])
    assert isinstance(contract_score(4, "S", 0, 10, True), np.integer)
    # empty columns (a traveller with no rows) once failed as "vulnerable: must be True/False"
    empty = contract_score([], [], [], [], [])
    assert empty.shape == (0,) and empty.dtype == np.int64


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"strain": "Z"}, "strain"),
        ({"level": 8}, "level"),
        ({"level": -1}, "level"),
        ({"tricks": 14}, "tricks"),
        ({"tricks": 9.5}, "tricks"),
        ({"doubled": 3}, "doubled"),
        ({"vulnerable": 2}, "vulnerable"),
        ({"vulnerable": "yes"}, "vulnerable"),
        ({"strain": ""}, "strain"),
        ({"tricks": float("nan")}, "tricks"),
    ],
)
def test_contract_score_bad_input_names_argument(kwargs, argument):
    args = {"level": 4, "strain": "S", "doubled": 0, "tricks": 10, "vulnerable": False} | kwargs
    with pytest.raises(BridgestatsError, match=f"^{argument}:"):
        contract_score(**args)


# ----------------------------------------------------------------- parsing
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4SX", Contract(4, "S", 1)),
        ("3NT", Contract(3, "N", 0)),
        ("3N", Contract(3, "N", 0)),
        ("7HXX", Contract(7, "H", 2)),
        ("7hxx", Contract(7, "H", 2)),
        ("1 NT", Contract(1, "N", 0)),  # ACBLscore recap form
        ("3 SX", Contract(3, "S", 1)),
        ("1NTXX", Contract(1, "N", 2)),
        ("Pass", Contract(0, "", 0)),
        ("P", Contract(0, "", 0)),
        ("AP", Contract(0, "", 0)),
        ("PASS", Contract(0, "", 0)),
        ("4SN-1", Contract(4, "S", 0, "N", -1)),  # LIN rs records
        ("3NS-2", Contract(3, "N", 0, "S", -2)),
        ("5DE=", Contract(5, "D", 0, "E", 0)),
        ("6SW+1", Contract(6, "S", 0, "W", 1)),
        ("3NTE", Contract(3, "N", 0, "E")),
        ("4SXN-1", Contract(4, "S", 1, "N", -1)),
        (" 2C* ", Contract(2, "C", 1)),
    ],
)
def test_parse_contract_forms(text, expected):
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["NP", "LP", "8S", "0S", "4Z", "", "4SXXX", "3NTQ", "4S-14"])
def test_parse_contract_rejects_with_text(text):
    with pytest.raises(BridgestatsError, match=r"^contract: .*" + repr(text).replace("+", r"\+")):
        parse_contract(text)


def test_parse_contract_rejects_non_string():
    with pytest.raises(BridgestatsError, match=r"^contract:"):
        parse_contract(4)


def test_parse_contracts_matches_scalar_parser_and_keeps_index():
    import pandas as pd

    texts = pd.Series(["3NT", "4HX", "P", "1 NT", "4SN-1", "3NT"], index=[10, 11, 12, 13, 14, 15])
    out = parse_contracts(texts)
    assert list(out.index) == [10, 11, 12, 13, 14, 15]
    for (_, row), text in zip(out.iterrows(), texts, strict=True):
        p = parse_contract(text)
        assert (row.level, row.strain, row.doubled) == (p.level, p.strain, p.doubled)
        assert row.declarer == (p.declarer or "")
        assert (pd.isna(row.result) and p.result is None) or row.result == p.result


def test_parse_contracts_names_bad_text_and_position():
    with pytest.raises(
        BridgestatsError, match=r"^contract: position 2: must be a contract: .*; got 'NP'$"
    ):
        parse_contracts(["3NT", "4S", "NP"])
    with pytest.raises(
        BridgestatsError, match=r"^contract: position 1: must be a contract; got None$"
    ):
        parse_contracts(["3NT", None])


def test_parse_then_score_round_trip():
    p = parse_contracts(["4SX", "3NT", "Pass"])
    out = contract_score(p.level, p.strain, p.doubled, [10, 8, 0], [True, False, True])
    np.testing.assert_array_equal(out, [790, -50, 0])


# ----------------------------------------------------------------- IMPs
def test_imp_table_is_the_printed_funbridge_table():
    # Funbridge FAQ, "Conversion table for IMP scores", transcribed row by row (IMP, low, high).
    printed = [
        (0, 0, 10),
        (1, 20, 40),
        (2, 50, 80),
        (3, 90, 120),
        (4, 130, 160),
        (5, 170, 210),
        (6, 220, 260),
        (7, 270, 310),
        (8, 320, 360),
        (9, 370, 420),
        (10, 430, 490),
        (11, 500, 590),
        (12, 600, 740),
        (13, 750, 890),
        (14, 900, 1090),
        (15, 1100, 1290),
        (16, 1300, 1490),
        (17, 1500, 1740),
        (18, 1750, 1990),
        (19, 2000, 2240),
        (20, 2250, 2490),
        (21, 2500, 2990),
        (22, 3000, 3490),
        (23, 3500, 3990),
    ]
    assert [lo for _, lo, _ in printed] + [4000] == list(IMP_TABLE_LOWER)
    assert [hi for _, _, hi in printed] == list(IMP_TABLE_UPPER)


@pytest.mark.parametrize("gaps", ["upper", "midpoint"])
def test_every_printed_band_edge_both_rules(gaps):
    # both printed ends of every band give the band's IMPs, for either sign and either rule
    for band in range(25):
        lo = IMP_TABLE_LOWER[band]
        ends = [lo] if band == 24 else [lo, IMP_TABLE_UPPER[band]]
        for d in ends:
            assert imps(d, gaps=gaps) == band, (gaps, d)
            assert imps(-d, gaps=gaps) == -band, (gaps, -d)
    # every multiple of 10 agrees between the two rules (the printed table is exact there)
    d = np.arange(-5000, 5001, 10)
    np.testing.assert_array_equal(imps(d, gaps="upper"), imps(d, gaps="midpoint"))


def test_gap_rules_between_bands():
    # "upper": anything above a printed upper end is the next band (Funbridge 425 -> 10)
    np.testing.assert_array_equal(imps([11, 15, 19, 41, 421, 425, 3991]), [1, 1, 1, 2, 10, 10, 24])
    # "midpoint": boundaries 15, 45, ..., 425, ..., 3995; the midpoint itself goes up
    np.testing.assert_array_equal(
        imps([14, 14.99, 15, 44, 45, 424, 425, 3994, 3995], gaps="midpoint"),
        [0, 0, 1, 1, 2, 9, 10, 23, 24],
    )


def test_funbridge_imp_examples():
    # Funbridge FAQ: +630 vs +600 = 1 IMP; -100 vs +600 = -12 (700 = 12 IMPs);
    # datum 205: 630 -> 425 and 660 -> 455, both 10 IMPs.
    assert imps(630 - 600) == 1
    assert imps(-100 - 600) == -12
    np.testing.assert_array_equal(imps(np.array([630, 660]) - 205), [10, 10])


def test_imps_shapes_and_dtype():
    out = imps(np.array([[0, 30], [-700, 5000]]))
    assert out.shape == (2, 2) and out.dtype == np.int64
    assert imps(np.array([], dtype=float)).shape == (0,)
    assert isinstance(imps(30), np.integer)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: imps(30, gaps="nearest"), "gaps"),
        (lambda: imps([30, float("nan")]), "score_diff"),
        (lambda: imps(["a"]), "score_diff"),
    ],
)
def test_imps_bad_input(call, argument):
    with pytest.raises(BridgestatsError, match=f"^{argument}:"):
        call()


def _imps_reference(d, gaps):
    """Python-loop reference: walk the printed table (test-only)."""
    mag = abs(d)
    if gaps == "midpoint":
        mag = np.floor(mag / 10 + 0.5) * 10  # round to 10, halves up
    band = 24
    for k, hi in enumerate(IMP_TABLE_UPPER):
        if mag <= hi:
            band = k
            break
    return -band if d < 0 else band


diffs = st.floats(min_value=-10_000, max_value=10_000, allow_nan=False)


@given(st.lists(diffs, min_size=1, max_size=50), st.sampled_from(["upper", "midpoint"]))
def test_imps_match_loop_reference(ds, gaps):
    expected = [_imps_reference(d, gaps) for d in ds]
    np.testing.assert_array_equal(imps(ds, gaps=gaps), expected)


@given(diffs, st.sampled_from(["upper", "midpoint"]))
def test_imps_antisymmetric(d, gaps):
    assert imps(-d, gaps=gaps) == -imps(d, gaps=gaps)


@given(diffs, diffs, st.sampled_from(["upper", "midpoint"]))
def test_imps_monotone(a, b, gaps):
    lo, hi = min(a, b), max(a, b)
    assert imps(lo, gaps=gaps) <= imps(hi, gaps=gaps)
    assert 0 <= abs(imps(hi, gaps=gaps)) <= 24


@given(
    st.lists(st.integers(min_value=-(10**12), max_value=10**12), min_size=1, max_size=50),
    st.sampled_from(["upper", "midpoint"]),
)
def test_imps_integer_path_matches_loop_reference(ds, gaps):
    # integer input takes the lookup-table path without a float conversion
    expected = [_imps_reference(d, gaps) for d in ds]
    np.testing.assert_array_equal(imps(np.array(ds, dtype=np.int64), gaps=gaps), expected)
    np.testing.assert_array_equal(imps(np.array(ds, dtype=float), gaps=gaps), expected)


def test_imps_other_dtypes_and_huge_values():
    np.testing.assert_array_equal(imps(np.array([30, 5000], dtype=np.uint16)), [1, 24])
    np.testing.assert_array_equal(imps(np.array([-30, 425], dtype=np.int32)), [-1, 10])
    np.testing.assert_array_equal(
        imps(np.array([1e300, -1e300, 425.0], dtype=float)), [24, -24, 10]
    )
    np.testing.assert_array_equal(imps(np.array([10.5, -10.5], dtype=np.float32)), [1, -1])
    # unsigned above 2**63 - 1 once wrapped to a negative int64 (and scored -24)
    huge = np.array([2**63 + 5, 2**64 - 1, 425], dtype=np.uint64)
    np.testing.assert_array_equal(imps(huge), [24, 24, 10])
    for dtype in (np.uint8, np.uint32):  # narrow unsigned types cannot hold 4000 themselves
        np.testing.assert_array_equal(imps(np.array([0, 30, 200], dtype=dtype)), [0, 1, 5])
    with pytest.raises(BridgestatsError, match=r"^score_diff:"):
        imps(np.array([30 + 1j]))  # was cast to 30 with a ComplexWarning


def test_contract_score_strain_arrays_both_paths():
    # one-character arrays take a code-point lookup, others (e.g. "NT", objects) a hash
    one_char = np.array(["c", "D", "h", "S", "n"])
    objects = np.array(["C", "d", "H", "s", "NT"], dtype=object)
    expected = contract_score([1] * 5, ["C", "D", "H", "S", "N"], 0, 9, False)
    np.testing.assert_array_equal(expected, [110, 110, 140, 140, 150])  # 1x made 9 tricks
    np.testing.assert_array_equal(contract_score(1, one_char, 0, 9, False), expected)
    np.testing.assert_array_equal(contract_score(1, objects, 0, 9, False), expected)
    for bad in (np.array(["C", "Z"]), np.array(["C", "NTX"]), np.array(["C", None], dtype=object)):
        with pytest.raises(BridgestatsError, match=r"^strain:"):
            contract_score(1, bad, 0, 9, False)
    with pytest.raises(BridgestatsError, match=r"^strain:"):
        contract_score([0, 1], np.array(["", ""]), 0, 9, False)
    np.testing.assert_array_equal(contract_score([0, 1], np.array(["", "S"]), 0, 7, False), [0, 80])
