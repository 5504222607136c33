"""Bad arguments of the formulas, data and statistics layers: one check, one message style.

Every check comes from ``bridgestats._validate``, so every message reads
``<argument>: must be <what is allowed>; got <what was given>``. A flag is a real ``bool``
(``"no"`` is refused, not read as true), an integer refuses bools and fractions, a number
refuses strings.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from bridgestats import fit, scoring, sigma, vp
from bridgestats.errors import BridgestatsError

#: "<name>: must be <allowed>; got <given>", the one message style
STYLE = re.compile(r"^(?P<name>[^:]+(?:: [^:]+)*): must be (?P<allowed>.+); got (?P<given>.+)$")


def _raises(call, name: str, given: str | None = None) -> str:
    """Run ``call``; it must raise naming ``name`` in the one style (``given`` if set)."""
    with pytest.raises(BridgestatsError) as info:
        call()
    message = str(info.value)
    m = STYLE.match(message)
    assert m, f"not in the one style: {message!r}"
    assert m["name"] == name, message
    if given is not None:
        assert m["given"] == given, message
    return message


BOARD = [650, 620, 620, 170]
FRAME = pd.DataFrame({"board": [1, 1, 2], "score_ns": [420, -50, 100]})

# --------------------------------------------------------------------------- flags

FLAG_CALLS = {
    "matchpoints(ascherman)": (lambda v: scoring.matchpoints(BOARD, ascherman=v), "ascherman"),
    "mp_percent(ascherman)": (lambda v: scoring.mp_percent(BOARD, ascherman=v), "ascherman"),
    "cross_imps(average)": (lambda v: scoring.cross_imps(BOARD, average=v), "average"),
    "score_board_results(ascherman)": (
        lambda v: scoring.score_board_results(FRAME, ascherman=v),
        "ascherman",
    ),
}


@pytest.mark.parametrize("call", FLAG_CALLS.values(), ids=FLAG_CALLS.keys())
@pytest.mark.parametrize("value", ["no", "False", 0, 1, None, 0.0])
def test_a_flag_is_a_real_bool(call, value):
    fn, name = call
    message = _raises(lambda: fn(value), name, repr(value))
    assert "must be True or False" in message


@pytest.mark.parametrize("call", FLAG_CALLS.values(), ids=FLAG_CALLS.keys())
def test_a_flag_takes_numpy_bools(call):
    fn, _ = call
    np.testing.assert_equal(np.asarray(fn(np.True_)), np.asarray(fn(True)))
    np.testing.assert_equal(np.asarray(fn(np.False_)), np.asarray(fn(False)))


def test_ascherman_no_is_not_ascherman():
    # the bug the flag check closes: "no" was truthy, so it meant Ascherman
    plain = scoring.matchpoints(BOARD)
    assert scoring.matchpoints(BOARD, ascherman=False).tolist() == plain.tolist()
    with pytest.raises(BridgestatsError, match=r"^ascherman: must be True or False; got 'no'$"):
        scoring.matchpoints(BOARD, ascherman="no")


# --------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("call", "name", "given"),
    [
        (lambda: scoring.matchpoints(BOARD, per_beat=True), "per_beat", "True"),
        (lambda: scoring.matchpoints(BOARD, per_beat="2"), "per_beat", "'2'"),
        (lambda: scoring.matchpoints(BOARD, per_beat=0), "per_beat", "0"),
        (lambda: scoring.neuberg(4, 9, 13, per_beat="1"), "per_beat", "'1'"),
        (lambda: scoring.neuberg(4, 9.5, 13), "n_results", "9.5"),
        (lambda: scoring.neuberg(4, True, 13), "n_results", None),
        (lambda: scoring.neuberg(4, 9, 0), "n_expected", "0"),
        (lambda: scoring.neuberg(18, 9, 13), "mp", "18.0"),
        (lambda: scoring.butler_datum(BOARD, trim="0.1"), "trim", "'0.1'"),
        (lambda: scoring.butler_datum(BOARD, trim=True), "trim", "True"),
        (lambda: scoring.butler_datum(BOARD, trim=0.5), "trim", "0.5"),
        (lambda: scoring.butler_datum(BOARD, datum="205"), "datum", "'205'"),
        (lambda: scoring.butler_datum(BOARD, datum=[1, 2]), "datum", "[1, 2]"),
        (lambda: scoring.butler_datum(BOARD, datum=True), "datum", "True"),
        (lambda: scoring.contract_score(3.5, "N", 0, 9, True), "level", "3.5"),
        (lambda: scoring.contract_score(8, "N", 0, 9, True), "level", "8"),
        (lambda: scoring.contract_score(3, "N", True, 9, True), "doubled", None),
        (lambda: scoring.contract_score(3, "N", 0, 14, True), "tricks", "14"),
        (lambda: scoring.contract_score(3, "N", 0, 9, "yes"), "vulnerable", "'yes'"),
        (lambda: scoring.contract_score(3, "Q", 0, 9, True), "strain", "'Q'"),
        (lambda: scoring.imps("ten"), "score_diff", None),
        (lambda: scoring.imps([10, np.nan]), "score_diff", "nan at position 1"),
        (lambda: scoring.parse_contract(4), "contract", "4"),
        (lambda: scoring.parse_contract("8S"), "contract", "'8S'"),
        (lambda: scoring.parse_contracts(["3NT", None]), "contract: position 1", "None"),
        (lambda: scoring.score_board_results(FRAME, unplayed_pct="25"), "unplayed_pct", "'25'"),
        (lambda: scoring.score_board_results(FRAME, unplayed_imps=None), "unplayed_imps", None),
        (lambda: scoring.score_board_results(FRAME, method="mp", per_beat=-1), "per_beat", "-1"),
        (lambda: scoring.score_board_results(FRAME, score="ns"), "score", "'ns'"),
        (lambda: scoring.score_board_results(FRAME, board="deal"), "board", "'deal'"),
        (lambda: scoring.score_board_results(FRAME, unplayed="np"), "unplayed", "'np'"),
    ],
)
def test_scoring_arguments(call, name, given):
    _raises(call, name, given)


# --------------------------------------------------------------------------- sigma, vpscale, fit


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda v: sigma.swiss_pairs_top_percent(8, ascherman=v), "ascherman"),
        (lambda v: sigma.k_from_sigma(11.65, 8, percent=v), "percent"),
        (lambda v: vp.event_scale("swiss_pairs", 8, ascherman=v), "ascherman"),
        (lambda v: vp.wbf_vp(10, 8, discrete=v), "discrete"),
        (lambda v: vp.wbf_table(8, discrete=v), "discrete"),
        (lambda v: fit.frequency_test([5, 5], [5, 5], monte_carlo=v, rng=0), "monte_carlo"),
    ],
)
@pytest.mark.parametrize("value", ["no", "yes", 0, 1, 0.0])
def test_more_flags_are_real_bools(call, name, value):
    _raises(lambda: call(value), name, repr(value))


def test_monte_carlo_none_still_means_automatic():
    assert fit.frequency_test([5, 5], [5, 5]).p_chi2_mc is None  # every expected count >= 5
    assert fit.frequency_test([1, 3], [2, 2], rng=0).p_chi2_mc is not None


@pytest.mark.parametrize(
    ("call", "name", "given"),
    [
        # integers refuse bools and fractions
        (lambda: vp.gaussian_scale(True), "max_vp", "True"),
        (lambda: vp.gaussian_scale(20.5), "max_vp", "20.5"),
        (lambda: vp.gaussian_scale(20, negative=1.5), "negative", "1.5"),
        (lambda: vp.gaussian_scale(20, negative=False), "negative", "False"),
        (lambda: vp.gaussian_scale(4, sigma=9).integer_ranges(step=True), "step", "True"),
        (lambda: vp.gaussian_scale(4, sigma=9).integer_ranges(step=2.5), "step", "2.5"),
        (lambda: vp.wbf_scale(True), "n_boards", "True"),
        (lambda: vp.wbf_scale(8.5), "n_boards", "8.5"),
        (lambda: vp.wbf_vp(1, True), "n_boards", "True"),
        (lambda: vp.wbf_vp(1.5, 8), "imp_margin", "1.5"),
        (lambda: sigma.swiss_pairs_top_percent(8, max_vp=True), "max_vp", "True"),
        (lambda: sigma.swiss_pairs_top_percent(8, max_vp=19), "max_vp", "19"),
        (lambda: fit.fit_sigma_tail(9.5, 514, 15.99), "n_top", "9.5"),
        (lambda: fit.fit_sigma_tail(90, True, 15.99), "n", "True"),
        (lambda: fit.estimate_k([1.0, -2.0, 3.0], n_boot=True), "n_boot", "True"),
        (lambda: fit.estimate_k([1.0, -2.0, 3.0], n_boot=100.5), "n_boot", "100.5"),
        (
            lambda: fit.frequency_test([1, 2, 3], [2, 2, 2], fitted_params=0.5),
            "fitted_params",
            "0.5",
        ),
        (lambda: fit.frequency_test([1, 3], [2, 2], n_sim=True), "n_sim", "True"),
        (lambda: fit.butler_factor([1.0], [1.0], [True]), "n_tables", None),
        (lambda: fit.butler_factor([1.0], [1.0], [2.5]), "n_tables", "2.5"),
        # numbers refuse strings
        (lambda: vp.gaussian_scale(sigma="11"), "sigma", "'11'"),
        (lambda: vp.VPScale((1.0, 2.0), max_vp=4, centre="50"), "centre", "'50'"),
        (lambda: vp.event_scale("teams", "8"), "n_boards", "'8'"),
        (lambda: vp.event_scale("teams", 8, k="6.5"), "k", "'6.5'"),
        (lambda: fit.fit_sigma_binned([1, 1, 1], [1, 2], confidence="0.9"), "confidence", "'0.9'"),
        (lambda: fit.fit_sigma_binned([1, 1, 1], [1, 2], confidence=True), "confidence", "True"),
        (lambda: fit.estimate_k([1.0, 2.0], confidence=1), "confidence", "1"),
    ],
)
def test_integers_and_numbers(call, name, given):
    _raises(call, name, given)


# --------------------------------------------------------------------------- io, datasets


@pytest.mark.parametrize(
    "reader",
    [
        "read_pbn",
        "read_pbn_totals",
        "read_lin",
        "read_valet",
        "read_acbl_travellers",
        "read_results",
    ],
)
@pytest.mark.parametrize("value", ["no", "False", 0, 1, None])
def test_strict_is_a_real_bool(reader, value, tmp_path):
    from bridgestats import io

    # refused before any file is read: the path need not exist
    _raises(lambda: getattr(io, reader)(tmp_path / "none", strict=value), "strict", repr(value))


def test_a_data_set_name_is_one_of_the_shipped_ones():
    from bridgestats import datasets

    assert datasets.path("seeds/sheffield_aggregate_bands").is_file()
    for bad in ("seeds/sheffield", "../README", 3, None):
        message = _raises(lambda bad=bad: datasets.path(bad), "name", repr(bad))
        assert "'seeds/sheffield_aggregate_bands'" in message


def test_the_unplayed_column_holds_flags():
    frame = pd.DataFrame({"board": [1, 1, 1], "score_ns": [420.0, -50.0, np.nan]})
    ok = scoring.score_board_results(frame.assign(np=[False, False, True]), unplayed="np")
    assert ok["pct_ns"].tolist() == [100.0, 0.0, 25.0]
    again = scoring.score_board_results(frame.assign(np=[0, None, 1]), unplayed="np")
    pd.testing.assert_frame_equal(again, ok)
    # "no" is not a flag (it was truthy, so the row counted as unplayed)
    bad = frame.assign(np=["no", "no", "yes"])
    _raises(lambda: scoring.score_board_results(bad, unplayed="np"), "unplayed: row 0", "'no'")
