"""Hostile input to the ratings, the club simulator and the PPI studies (issue 15).

Each case is a call a user could make by mistake: it raises a
:class:`~bridgestats.errors.BridgestatsError` whose message names the argument and says
what is allowed (the property pass over the same functions is in
``tests/test_hostile_properties.py``).
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd
import pytest

from bridgestats import studies
from bridgestats.errors import BridgestatsError
from bridgestats.ratings import elo, forecast, glicko2, lpr, ppi
from bridgestats.sim import club


def _message(func, *args, **kwargs) -> str:
    with pytest.raises(BridgestatsError) as info:
        func(*args, **kwargs)
    return str(info.value)


# --- LPR ----------------------------------------------------------------------------------


def test_own_rating_must_be_one_number():
    assert _message(lpr.performance_rating, 0, [1900, 2000], own_rating=[1, 2]) == (
        "own_rating: must be a number in [-10000, 10000]; got [1, 2]"
    )
    assert _message(lpr.performance_rating, 1, [1900, 2000], own_rating="2000").startswith(
        "own_rating: must be a number"
    )


def test_a_score_a_hair_above_zero_is_refused_not_a_foreign_error():
    assert _message(lpr.performance_rating, 1e-300, [1919, 1864, 1946]) == (
        "score: 1e-300 of 3 is so near 0 % or 100 % that the LPR would lie more than 4000"
        " points beyond every opponent's rating"
    )
    # near, but within reach: still a rating
    assert lpr.performance_rating(0.01, [1919, 1864, 1946]) < 1200


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: lpr.expected_score(1e300, 2000),
            "rating: must be ratings in -10000 to 10000; got 1e+300",
        ),
        (
            lambda: lpr.performance_rating(1, [1900, -2e4]),
            "opponent_ratings: must be ratings in -10000 to 10000; got -20000.0",
        ),
        (
            lambda: lpr.limit_change([1800, 1800], [1, 2, 3], 1830),
            "last_rating, change, lpr: must be shapes that broadcast together;"
            " got shapes (2,), (3,), ()",
        ),
        (
            lambda: lpr.limit_change(1800, 1e6, 1830),
            "change: must be ratings in -10000 to 10000; got 1000000.0",
        ),
        (
            lambda: lpr.expected_score([1, 2], [1, 2, 3]),
            "rating, opponent_ratings: must be shapes that broadcast together;"
            " got shapes (2,), (3,)",
        ),
    ],
)
def test_lpr_ranges_and_shapes(call, message):
    with pytest.raises(BridgestatsError) as info:
        call()
    assert str(info.value) == message


# --- PPI ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: ppi.update([50, 51], [40, 60, 70], 50, 50, 50, k=100, w=0),
            "a, p, b, c, d, k, w: must be shapes that broadcast together;"
            " got shapes (2,), (3,), (), (), (), (), ()",
        ),
        (
            lambda: ppi.update(50, 40, 50, 50, 50, k=[100, 200], w=[0, 1, 2]),
            "a, p, b, c, d, k, w: must be shapes that broadcast together;"
            " got shapes (), (), (), (), (), (2,), (3,)",
        ),
        (
            lambda: ppi.expected_pct([50, 51], [50, 51, 52], 50, 50),
            "a, b, c, d: must be shapes that broadcast together; got shapes (2,), (3,), (), ()",
        ),
        (lambda: ppi.weighting(100, 0, 101), "a: must be PPIs in 0-100 (%); got 101.0"),
        (
            lambda: ppi.update(50, 40, -1, 50, 50, k=0, w=0),
            "b: must be PPIs in 0-100 (%); got -1.0",
        ),
        (
            lambda: ppi.expected_pct(50, 50, 50, 1e9),
            "d: must be PPIs in 0-100 (%); got 1000000000.0",
        ),
        (lambda: ppi.displayed(100.5), "ppi: must be PPIs in 0-100 (%); got 100.5"),
        (lambda: ppi.weighting(2.5, 0, 50), "k: must be whole numbers >= 0; got 2.5"),
        (
            lambda: ppi.weighting([100, 200], [0, 1, 2], 50),
            "k, w, a: must be shapes that broadcast together; got shapes (2,), (3,), ()",
        ),
        (
            lambda: ppi.update(50, 40, 50, 50, 50, k=100, w=101),
            "w: must be <= k (the boards of the last three months are among the k);"
            " got w = 101 with k = 100",
        ),
        (
            lambda: ppi.weighting([], 0, 50),
            "k: must be one or more numbers; got [] (none)",
        ),
        (lambda: ppi.weighting(True, 0, 50), "k: must be whole numbers >= 0; got True"),
    ],
)
def test_ppi_ranges_and_shapes(call, message):
    with pytest.raises(BridgestatsError) as info:
        call()
    assert str(info.value) == message


def test_the_ppi_engine_refuses_an_initial_table_out_of_range():
    log = pd.DataFrame(
        {
            "date": ["2024-03-04"],
            "board": [1],
            "north": ["n"],
            "south": ["s"],
            "east": ["e"],
            "west": ["w"],
            "pct_ns": [55.0],
        }
    )
    base = {"player": ["n"], "ppi": [50.0], "k": [100], "w": [20]}
    cases = {
        "ppi": ([120.0], "initial.ppi: must be PPIs in 0-100 (%); got 120.0"),
        "k": ([10.5], "initial.k: must be whole numbers >= 0; got 10.5"),
        "w": ([200], "initial.w: must be <= initial.k; got w = 200 with k = 100 in row 0"),
    }
    for column, (value, message) in cases.items():
        initial = pd.DataFrame({**base, column: value})
        assert _message(ppi.rate_log, log, initial=initial) == message
    ppi.rate_log(log, initial=pd.DataFrame(base))  # the base table itself is fine


# --- Glicko-2 and Elo -----------------------------------------------------------------------

_GAMES = {"player": [0], "opponent_rating": [1400], "opponent_rd": [30], "score": [1]}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rd": [0.0]}, "rd: must be numbers in [1, 10000]; got 0.0"),
        ({"volatility": [1e-300]}, "volatility: must be numbers in [1e-06, 1]; got 1e-300"),
        ({"rating": [1e300]}, "rating: must be numbers in [-10000, 10000]; got 1e+300"),
        ({"opponent_rd": [1e9]}, "opponent_rd: must be numbers in [1, 10000]; got 1000000000.0"),
        ({"tau": 1e-300}, "tau: must be a number in [0.01, 10]; got 1e-300"),
    ],
)
def test_glicko2_period_ranges(kwargs, message):
    args = {"rating": [1500.0], "rd": [200.0], "volatility": [0.06], **_GAMES, "tau": 0.5}
    args.update(kwargs)
    rating, rd, volatility = args.pop("rating"), args.pop("rd"), args.pop("volatility")
    assert _message(glicko2.glicko2_period, rating, rd, volatility, **args) == message


_LOG = pd.DataFrame(
    {
        "round": [1],
        "board": [1],
        "north": ["a"],
        "south": ["b"],
        "east": ["c"],
        "west": ["d"],
        "pct_ns": [60.0],
    }
)


def test_forecast_options_ranges():
    assert _message(elo.elo_forecast, _LOG, k_factor=1e9) == (
        "k_factor: must be a number in (0, 400]; got 1000000000.0"
    )
    assert _message(elo.elo_forecast, _LOG, scale=0.001) == (
        "scale: must be a number in [1, 10000]; got 0.001"
    )
    assert _message(elo.elo_forecast, _LOG, initial=np.inf).startswith("initial: must be")
    assert _message(glicko2.glicko2_forecast, _LOG, initial_rd=0) == (
        "initial_rd: must be a number in [1, 10000]; got 0"
    )
    assert _message(glicko2.glicko2_forecast, _LOG, volatility=5) == (
        "volatility: must be a number in [1e-06, 1]; got 5"
    )


def test_forecast_scores_refuses_what_is_not_percentages_or_a_dict():
    assert _message(forecast.forecast_scores, [40.0, 60.0], [[50.0, 50.0]]) == (
        "predictions: must be a dict of system name -> predicted percentages; got [[50.0, 50.0]]"
    )
    assert _message(forecast.forecast_scores, [40.0, 160.0], {"flat": [50.0, 50.0]}) == (
        "actual: must be board percentages in 0-100; got 160.0"
    )
    assert _message(forecast.forecast_scores, [40.0, 60.0], {"x": [50.0, -1]}) == (
        "predictions['x']: must be board percentages in 0-100; got -1.0"
    )


# --- rng and sizes in the simulator and the studies -------------------------------------------

RNG_CALLS = [
    lambda rng: club.simulate(np.full(8, 50.0), 300.0, n_months=1, rng=rng),
    lambda rng: studies.shock_response(n_players=40, n_shocked=4, rng=rng),
    lambda rng: studies.half_life_table(activities=(416.0,), partnerships=("fixed",), rng=rng),
    lambda rng: studies.stationary_wander(n_players=40, n_months=13, rng=rng),
    lambda rng: studies.newcomer_trajectory(n_per_strength=2, n_regulars=40, rng=rng),
    lambda rng: studies.forecast_comparison(n_players=40, n_months=2, rng=rng),
]


@pytest.mark.parametrize("call", RNG_CALLS)
@pytest.mark.parametrize("rng", ["x", -1, 1.5, True])
def test_a_bad_rng_is_refused_at_once(call, rng):
    start = time.perf_counter()
    message = _message(call, rng)
    assert message.startswith(
        "rng: must be None, an integer seed >= 0 or a numpy.random.Generator; got"
    )
    assert time.perf_counter() - start < 10.0  # a hang guard, not a speed test


def test_an_activity_beyond_the_regulars_boards_is_refused():
    assert _message(studies.shock_response, activity=2e4, rng=1) == (
        "activity: must be a number in (0, 10000]; got 20000.0"
    )


_STRENGTH = np.full(8, 50.0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_months": 10**9}, "n_months: must be an integer in 1-1200; got 1000000000"),
        ({"sessions_per_month": 10**6}, "sessions_per_month: must be an integer in 1-100; got"),
        ({"n_boards": 1000}, "n_boards: must be an integer in 1-100; got 1000"),
        ({"boards_per_round": 13}, "boards_per_round: must be an integer in 1-12; got 13"),
        ({"strength": np.full(20_000, 50.0)}, "strength: must be one value per player, 2-10000"),
        ({"strength": [50.0, 150.0]}, "strength: must be strengths on the PPI scale, 0-100 (%)"),
        ({"initial_ppi": 101.0}, "initial_ppi: must be PPIs in 0-100 (%); got 101.0"),
        ({"initial_k": 10.5}, "initial_k: must be whole numbers of boards >= 0; got 10.5"),
        ({"initial_k": 100, "history": 200}, "history: must be boards in 0-initial_k"),
        ({"shock_month": 12}, "shock_month: must be an integer in 0-11; got 12"),
        ({"shocked": [[0], [1, 2]]}, "shocked: must be a rectangular array"),
        ({"track": [0.5]}, "track: must be player indices 0-7"),
    ],
)
def test_simulate_sizes_and_ranges_are_refused_at_once(kwargs, message):
    args = {"strength": _STRENGTH, "activity": 300.0, "rng": 1, **kwargs}
    start = time.perf_counter()
    assert _message(club.simulate, args.pop("strength"), args.pop("activity"), **args).startswith(
        message
    )
    assert time.perf_counter() - start < 10.0  # a hang guard, not a speed test


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: studies.newcomer_claim(pct=None), "pct: must be a number in [0, 100]; got None"),
        (
            lambda: studies.newcomer_claim(table_ppi="x"),
            "table_ppi: must be a number in [0, 100]; got 'x'",
        ),
        (
            lambda: studies.newcomer_claim(n_boards=10**12),
            "n_boards: must be an integer in 1-10000; got 1000000000000",
        ),
        (
            lambda: studies.shock_response(n_players=10**12, rng=1),
            "n_players: must be an integer in 8-10000; got 1000000000000",
        ),
        (
            lambda: studies.shock_response(activity=[1, 2], rng=1),
            "activity: must be a number in (0, 10000]; got [1, 2]",
        ),
        (
            lambda: studies.shock_response(min_level="x", rng=1),
            "min_level: must be a number in [0, 100]; got 'x'",
        ),
        (
            lambda: studies.newcomer_trajectory(step=1e300, rng=1),
            "step: must be an integer in 1-100000; got 1e+300",
        ),
    ],
)
def test_study_arguments_are_refused_at_once(call, message):
    start = time.perf_counter()
    with pytest.raises(BridgestatsError) as info:
        call()
    assert str(info.value).startswith(message)
    assert time.perf_counter() - start < 10.0  # a hang guard, not a speed test


def test_a_club_that_played_no_boards_is_said_so():
    # (once "cannot convert float NaN to integer" from board_log)
    with pytest.raises(BridgestatsError) as info:
        studies.forecast_comparison(n_players=40, n_months=1, activity=0.5, rng=1)
    assert str(info.value) == (
        "sim: no boards were played in the simulation (raise activity or n_months)"
    )
