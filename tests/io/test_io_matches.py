"""The match results CSV (bridgestats.io.read_match_results): columns, margins, bad rows."""

from __future__ import annotations

import gzip

import numpy as np
import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.errors import BridgestatsError, ParseError
from bridgestats.io import MATCH_RESULT_COLUMNS, is_match_csv, read_match_results
from bridgestats.io.matches import MATCH_SKIP_REASONS

TEAMS = "event,round,home,visitors,boards,imps_home,imps_visitors"
PAIRS = "event,round,home,visitors,boards,pct_home,pct_visitors"


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_reads_the_shipped_samples_with_their_margins():
    teams = read_match_results(datasets.path("committee/teams_matches"))
    raw = datasets.load("committee/teams_matches")
    assert list(teams.columns[: len(MATCH_RESULT_COLUMNS)]) == list(MATCH_RESULT_COLUMNS)
    assert len(teams) == len(raw) == 231 and teams["skip_reason"].isna().all()
    assert (teams["form"] == "teams").all() and (teams["unit"] == "IMPs").all()
    np.testing.assert_array_equal(teams["margin"], raw["imps_home"] - raw["imps_visitors"])
    np.testing.assert_array_equal(teams["record"], np.arange(2, 233))  # header on line 1
    pairs = read_match_results(datasets.path("committee/swiss_pairs_rounds"))
    raw = datasets.load("committee/swiss_pairs_rounds")
    usable = pairs["skip_reason"].isna()
    np.testing.assert_allclose(pairs.loc[usable, "margin"], raw.loc[usable, "pct_home"] - 50)
    assert pairs.attrs["summary"].files == 1
    assert pairs.attrs["summary"].scorable == int(usable.sum())


def test_every_bad_row_is_kept_named_by_line_and_counted(tmp_path):
    path = _write(
        tmp_path,
        "bad.csv",
        f"{PAIRS},vp_home,vp_visitors,date\n"
        "E,1,A,B,8,60,40,14,6,2025-01-01\n"  # 2 good
        "E,1,C,,8,,,,,2025-01-01\n"  # 3 bye
        ",1,D,F,8,50,50,,,\n"  # 4 no event
        "E,x,D,F,8,50,50,,,\n"  # 5 no round
        "E,1,,F,8,50,50,,,\n"  # 6 no side
        "E,1,G,g,8,50,50,,,\n"  # 7 plays itself (case)
        "E,1,G,H,0,50,50,,,\n"  # 8 no boards
        "E,1,G,H,8,120,-20,,,\n"  # 9 outside 0-100
        "E,1,G,H,8,55,45,11,,\n"  # 10 one VP
        "E,1,G,H,8,55,45,,,2025-13-40\n"  # 11 no date
        "E,1,B,A,8,50,50,,,\n"  # 12 the match of line 2 again, sides swapped
        "E,2,A,B,8,55,46,,,\n",  # 13 good, not summing to 100
    )
    m = read_match_results(path)
    reasons = dict(zip(m["record"], m["skip_reason"], strict=True))
    assert reasons[3] == "bye" and reasons[4] == "no event" and reasons[5] == "no round"
    assert reasons[6] == "no side" and reasons[7] == "side plays itself"
    assert reasons[8] == "no boards" and reasons[9] == "no score"
    assert reasons[10] == "VPs incomplete" and reasons[11] == "no date"
    assert reasons[12] == "repeated match"
    assert pd.isna(reasons[2]) and pd.isna(reasons[13])
    s = m.attrs["summary"]
    assert s.records == 12 and s.scorable == 2 and sum(s.skipped.values()) == 10
    assert set(s.skipped) <= set(MATCH_SKIP_REASONS)
    assert s.notes == {"Swiss pairs rows whose two percentages do not sum to 100 (±0.5)": 1}
    assert m.loc[m.record == 13, "margin"].item() == pytest.approx(4.5)
    with pytest.raises(ParseError, match=r"bad.csv, line 3: the visitors are empty"):
        read_match_results(path, strict=True)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (
            "event,round,home,visitors,boards,imps_home,imps_visitors,pct_home,pct_visitors",
            "both found",
        ),
        ("event,round,home,visitors,boards", "neither found"),
        ("event,round,home,visitors,imps_home,imps_visitors,boards,boards", "boards twice"),
        (f"{TEAMS},vp_home", "name both"),
    ],
)
def test_a_header_it_cannot_read_is_named(tmp_path, header, message):
    path = _write(tmp_path, "h.csv", header + "\n")
    with pytest.raises(ParseError, match=message):
        read_match_results(path)


def test_a_row_of_another_width_and_a_file_that_is_not_one_are_refused(tmp_path):
    path = _write(tmp_path, "w.csv", f"{TEAMS}\nL,1,A,B,16,3,4,5\n")
    with pytest.raises(ParseError, match=r"w.csv, line 2: 8 fields where the header has 7"):
        read_match_results(path)
    other = _write(tmp_path, "t.csv", "session,section,board\n")
    assert not is_match_csv(other)
    with pytest.raises(ParseError, match="not a match results CSV"):
        read_match_results(other)
    with pytest.raises(BridgestatsError, match="existing file or folder"):
        read_match_results(tmp_path / "missing.csv")


def test_a_folder_reads_its_match_csvs_only_and_counts_the_rest(tmp_path):
    _write(tmp_path, "a.csv", f"{TEAMS}\nL,1,A,B,16,30,4\n")
    (tmp_path / "sub").mkdir()
    with gzip.open(tmp_path / "sub" / "b.CSV.gz", "wt") as fh:
        fh.write(f"{TEAMS.upper()}\nL,2,A,C,16,3,4\n")
    _write(tmp_path, "travellers.csv", "session,section,board\n")
    m = read_match_results(tmp_path)
    assert m["source"].tolist() == ["a.csv", "sub/b.CSV.gz"]
    assert m["margin"].tolist() == [26.0, -1.0]
    assert m.attrs["summary"].files == 2 and m.attrs["summary"].files_found == 3
