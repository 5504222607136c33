"""The rating log of real players (bridgestats.derive.ratinglog) and its shipped session file."""

from __future__ import annotations

import importlib.util

import numpy as np
import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.derive import (
    normalise_name,
    rating_board_log,
    rating_players,
    rating_sessions,
    read_fullfield,
)
from bridgestats.derive.ratinglog import DROP_REASONS, event_date
from bridgestats.errors import BridgestatsError
from bridgestats.paths import project_root

SEATS = ["north", "south", "east", "west"]


def _frame(rows):
    """A tidy frame of table results: (source, round, board, score, N, S, E, W)."""
    f = pd.DataFrame(rows, columns=["source", "segment", "board", "score_ns", *SEATS])
    return f.assign(skip_reason=None)


def test_normalise_name_links_the_printed_forms():
    keys = normalise_name(["BAKKEREN Ton", "Ton Bakkeren", " ton  BAKKEREN ", "Bakkeren, T."])
    assert keys.tolist()[:3] == ["bakkeren ton"] * 3
    assert keys[3] == "bakkeren t"  # an initial is another player: not guessed
    assert normalise_name("Andreas Böhmer") == normalise_name("BOHMER Andreas")
    assert normalise_name("Ł Ząbek") == "l zabek"
    assert normalise_name("Dr. Regine Neuhauser-Riess") == "neuhauser regine riess"
    assert normalise_name(["NNN999", None, ""]).tolist() == ["", "", ""]


def test_event_date_orders_a_year_by_series():
    dates = event_date(["2012-Euro/Men/A", "2012-Polish-League", "2012-Mind/Women/E"])
    assert dates.strftime("%Y-%m-%d").tolist() == ["2012-06-01", "2012-07-01", "2012-08-01"]
    assert event_date("2009-18_Bundesliga/3a") == pd.Timestamp("2016-01-01")  # its source: 2015/16
    with pytest.raises(BridgestatsError, match="event: must be"):
        event_date("Spring Foursomes")


def test_board_log_percentages_against_the_whole_field():
    # one round, two boards at four tables (eight pairs); board 2 has a lone-result table
    names = [("A", "B", "C", "D"), ("E", "F", "G", "H"), ("C", "D", "A", "B"), ("G", "H", "E", "F")]
    src = "2005-World/Men/scores.txt"
    rows = [(src, "1", 1, s, *n) for s, n in zip([420, 420, -50, 170], names, strict=True)]
    rows += [(src, "1", 2, s, *n) for s, n in zip([-100, 100, 600, -620], names, strict=True)]
    rows += [(src, "2", 3, 110, "A", "B", "E", "F")]  # alone on its board
    rows += [(src, "1", 1, 50, "A", "A", "G", "H")]  # one player in two seats
    rows += [(src, "1", 1, 50, "NNN999", "Q", "G", "H")]  # not named
    log = rating_board_log(_frame(rows))
    assert log.attrs["summary"] == {
        "records": 11,
        "used": 8,
        "dropped": {
            "duplicate file": 0,
            "not scorable": 0,
            "no date": 0,
            "player not named": 1,
            "player in two seats": 1,
            "lone result on board": 1,
        },
    }
    assert list(log.attrs["summary"]["dropped"]) == list(DROP_REASONS)
    b1 = log[log["board"] == 1]
    # 420, 420, -50, 170: two tied tops (2.5 of 3 beaten), a bottom, one in the middle
    assert b1["pct_ns"].tolist() == pytest.approx([100 * 2.5 / 3, 100 * 2.5 / 3, 0.0, 100 / 3])
    # the percentages of a board average 50 and the matchpoint top is shared
    assert log.groupby("board")["pct_ns"].mean().tolist() == pytest.approx([50.0, 50.0])
    # trimmed datum: drop one from each end -> mean(420, 170) = 295 -> 300
    assert b1["butler_imps_ns"].tolist() == [3.0, 3.0, -8.0, -4.0]  # 120, -350, -130 points
    assert log["event"].unique().tolist() == ["2005-World/Men"]
    sessions = rating_sessions(log)
    assert len(sessions) == 4 and (sessions["n_boards"] == 2).all()
    a = sessions.set_index("north").loc["a"]
    assert a["pct_ns"] == pytest.approx((100 * 2.5 / 3 + 100 / 3) / 2)  # -100: 1 of 3 beaten
    assert a["pct_ns_var"] == pytest.approx((100 * 2.5 / 3 - 100 / 3) ** 2 / 4)
    assert (
        a["butler_imps_ns"]
        == 3.0 + log.loc[(log["board"] == 2) & (log["north"] == "a"), "butler_imps_ns"].item()
    )


def test_sessions_keep_every_board_and_time_order():
    rows = []
    for event in ("2010-Euro/Men/scoresA.txt", "2009-World/Men/scores.txt"):
        for rnd in ("2", "10", "1"):
            for board in (1, 2):
                rows.append((event, rnd, board, 100 * board, "A", "B", "C", "D"))
                rows.append((event, rnd, board, -100, "C", "D", "A", "B"))
    log = rating_board_log(_frame(rows))
    sessions = rating_sessions(log)
    assert sessions["n_boards"].sum() == len(log) == 24
    assert sessions["event"].tolist()[:6] == ["2009-World/Men"] * 6  # 2009 before 2010
    assert sessions["round"].tolist()[:6] == [1, 1, 2, 2, 10, 10]  # as numbers, not text
    assert sessions["event"].tolist()[-1] == "2010-Euro/Men/A"
    players = rating_players(sessions)
    assert players.set_index("player")["n_championships"].tolist() == [2, 2, 2, 2]
    assert players["n_boards"].tolist() == [24, 24, 24, 24]


def test_board_log_refuses_a_frame_without_seats():
    with pytest.raises(BridgestatsError, match="frame"):
        rating_board_log(pd.DataFrame({"source": ["x"], "segment": ["1"], "board": [1]}))


@pytest.fixture(scope="module")
def shipped():
    return datasets.load("derived/rating_sessions")


def test_shipped_sessions_sum_to_the_documented_counts(shipped):
    """The figures data/derived/README.md states, from the shipped file alone."""
    assert len(shipped) == 22_130 and shipped["n_boards"].sum() == 373_087
    assert list(shipped.columns) == [
        "event",
        "date",
        "round",
        *SEATS,
        "n_boards",
        "pct_ns",
        "pct_ns_var",
        "butler_imps_ns",
    ]
    # the boards' spread about their session's mean: a board % has sd about 29 %
    pooled = np.average(shipped["pct_ns_var"], weights=shipped["n_boards"])
    assert 25 < np.sqrt(pooled) < 30
    # every board's percentages average 50, so the board-weighted mean is 50
    assert np.average(shipped["pct_ns"], weights=shipped["n_boards"]) == pytest.approx(50, abs=1e-9)
    assert shipped["pct_ns"].between(0, 100).all()
    dates = pd.to_datetime(shipped["date"])
    assert dates.is_monotonic_increasing  # time order
    players = rating_players(shipped)
    assert len(players) == 3_252 and (players["n_championships"] >= 2).sum() == 1_350
    assert players["n_partners"].value_counts().sort_index().tolist() == [
        2046,
        679,
        307,
        118,
        67,
        20,
        8,
        5,
        2,
    ]
    # a session never seats a player twice, and names are normalised
    seats = shipped[SEATS].to_numpy()
    assert all((seats[:, i] != seats[:, j]).all() for i in range(4) for j in range(i + 1, 4))
    sample = pd.unique(seats.ravel())[:200]
    assert (normalise_name(sample) == sample).all()


def _load_script():
    path = project_root() / "scripts" / "derive_rating_log.py"
    spec = importlib.util.spec_from_file_location("derive_rating_log", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.shared
def test_rederive_from_archive(shared_data, shipped):
    """The script's output from ../shared/data equals the shipped file (floats written with
    10 significant digits, so rtol 1e-9), and every table result read is accounted for."""
    fresh = _load_script().derive(shared_data)
    summary = fresh.attrs["summary"]
    assert summary["dropped"] == {
        "duplicate file": 21_552,
        "not scorable": 0,
        "no date": 0,
        "player not named": 13_883,
        "player in two seats": 0,
        "lone result on board": 0,
    }
    assert summary["records"] + summary["dropped"]["duplicate file"] == 408_522
    assert summary["used"] + sum(summary["dropped"].values()) == 408_522
    pd.testing.assert_frame_equal(
        fresh.reset_index(drop=True), shipped, check_dtype=False, rtol=1e-9, check_exact=False
    )


@pytest.mark.shared
def test_read_fullfield_names_each_file_from_its_own_names_file(shared_data):
    folder = shared_data / "valet-fullfield" / "2008-Euro" / "Men"
    frame = read_fullfield(folder)
    assert frame.attrs["summary"]["unnamed"] == 0 and frame.attrs["summary"]["excluded"] == 0
    # ids count from 1 in both files: the same id is two different players
    a, b = (frame[frame["source"] == f"scores{g}.txt.gz"] for g in "AB")
    assert not set(a["north"]) & set(b["north"])
