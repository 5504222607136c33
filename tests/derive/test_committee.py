"""A committee's own files (bridgestats.derive.committee): read, sorted, refused, described."""

from __future__ import annotations

import shutil

import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.derive import HOLDS, read_committee, read_statement
from bridgestats.errors import BridgestatsError

TEAMS = "event,round,home,visitors,boards,imps_home,imps_visitors"


def _folder(tmp_path):
    """A committee's folder: the two samples, a bad CSV row, a file of no known format, a
    PBN that cannot be parsed, and a PBN of two rooms of one board."""
    for name in ("committee/teams_matches", "committee/swiss_pairs_rounds"):
        shutil.copy(datasets.path(name), tmp_path / datasets.path(name).name)
    (tmp_path / "league.csv").write_text(
        f"{TEAMS}\nLeague,1,Ayr,Bute,16,40,12\nLeague,1,Cork,Down,16,x,3\n"
    )
    (tmp_path / "minutes.docx").write_bytes(b"PK\x03\x04")
    (tmp_path / "broken.pbn").write_bytes(b"\xff\xfe[\x00")
    (tmp_path / "match.pbn").write_text(
        '[Event "Club teams"]\n[Round "2"]\n[Board "1"]\n[HomeTeam "Ayr"]\n'
        '[VisitTeam "Bute"]\n[Room "Open"]\n[Vulnerable "None"]\n[Declarer "S"]\n'
        '[Contract "4S"]\n[Result "10"]\n\n'
        '[Event "Club teams"]\n[Round "2"]\n[Board "1"]\n[HomeTeam "Ayr"]\n'
        '[VisitTeam "Bute"]\n[Room "Closed"]\n[Vulnerable "None"]\n[Declarer "S"]\n'
        '[Contract "4S"]\n[Result "9"]\n'
    )
    return tmp_path


def test_a_folder_is_read_sorted_by_what_it_holds_and_nothing_is_lost(tmp_path):
    c = read_committee(_folder(tmp_path))
    assert c.holds() == ["teams_matches", "swiss_pairs_rounds"]
    files = c.files.set_index("source")
    assert files.loc["teams_matches.csv", "format"] == "match_csv"
    assert files.loc["match.pbn", ["format", "holds"]].tolist() == ["pbn", "teams_matches"]
    assert files.loc["minutes.docx", "reason"] == "no reader for its name"
    assert "UTF-16" in files.loc["broken.pbn", "reason"]
    # the PBN's one board: the open room's 420 against the closed room's -50 is 10 IMPs
    pbn = c.matches[c.matches.source == "match.pbn"].iloc[0]
    assert (pbn["home"], pbn["round"], pbn["boards"], pbn["margin"]) == ("Ayr", 2, 1, 10.0)
    teams = c.matches_for("washington_sigma", forms=["teams"])
    assert len(teams) == 231 + 1 + 1 and teams.attrs["holds"] == ["teams_matches"]
    skipped = c.skipped.set_index(["source", "reason"])["count"]
    assert skipped[("league.csv", "no score")] == 1
    assert skipped[("minutes.docx", "no reader for its name")] == 1
    byes = datasets.load("committee/swiss_pairs_rounds")["visitors"].eq("bye").sum()
    assert skipped.get(("swiss_pairs_rounds.csv", "bye"), 0) == byes
    # every row read is a usable match or counted as skipped
    assert (
        len(c.matches)
        == c.matches["skip_reason"].isna().sum()
        + c.skipped.loc[c.skipped.what == "match", "count"].sum()
    )


def test_a_report_refuses_in_one_sentence_naming_the_files(tmp_path):
    (tmp_path / "league.csv").write_text(f"{TEAMS}\nLeague,1,Ayr,Bute,16,40,12\n")
    (tmp_path / "notes.txt").write_text("not results")
    c = read_committee(tmp_path)
    with pytest.raises(BridgestatsError) as err:
        c.sessions_for("butler_scales")
    text = str(err.value)
    assert text == (
        "files: butler_scales needs pairs sessions, and none was found: league.csv holds "
        "team matches and notes.txt was not read (no reader for its name)."
    )
    assert text.count(". ") == 0  # one sentence


def test_files_of_one_name_in_two_folders_keep_apart(tmp_path):
    for side in ("north", "south"):
        (tmp_path / side).mkdir()
        (tmp_path / side / "league.csv").write_text(f"{TEAMS}\nL,1,A,B,16,40,12\n")
    c = read_committee([tmp_path / "north", tmp_path / "south"])
    assert sorted(c.matches["source"]) == ["north/league.csv", "south/league.csv"]
    assert c.matches["skip_reason"].isna().all()  # not one match repeated


def test_the_statement_says_what_was_read_and_skipped_with_a_table(tmp_path):
    c = read_committee(_folder(tmp_path))
    r = read_statement(c, ["teams_matches"])
    assert r.sentence == (
        "Read 4 files: 233 team matches of 3 events in rounds 1-21, 3,713 boards; skipped 2 "
        "files and 1 match (by reason in the table); 1 file holds only what this report "
        "does not use."
    )  # the Swiss pairs file is not used here
    t = r.table.set_index("status")
    assert t.loc["skipped: no score", "where"] == "league.csv (line 3)"
    assert t.loc["not used by this report: Swiss pairs rounds", "count"] == 1
    assert set(r.table["what"]) == {"files", "matches"}
    with pytest.raises(BridgestatsError, match="uses"):
        read_statement(c, "teams")


def test_progress_is_shown_on_long_reads(tmp_path, capsys):
    for i in range(30):
        (tmp_path / f"r{i:02d}.csv").write_text(f"{TEAMS}\nL,{i + 1},A,B,16,40,12\n")
    read_committee(tmp_path, progress=True)
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[-1].startswith("reading: 30/30 files")
    assert 3 <= len(lines) <= 11


@pytest.mark.shared
def test_real_files_pairs_sessions_and_team_matches(shared_data):
    c = read_committee([shared_data / "usebio", shared_data / "teams-pbn" / "lin"])
    assert c.holds() == ["teams_matches", "pairs_sessions"]
    sessions = c.sessions_for("butler_scales")
    # the three Compscore3 sessions: 140 + 108 + 161 lines, one of them not scorable
    assert sessions.groupby("source").size().to_dict() == {
        "butler_howell.xml": 140,
        "cross_imp_howell.xml": 108,
        "mp_pairs_howell.xml": 160,
    }
    assert set(sessions["date"]) >= {"2022-07-27"}
    lin = c.matches_for("rederive_k", forms=["teams"])
    assert len(lin) == 5 and lin["boards"].sum() == 72
    assert set(HOLDS) >= set(c.holds())
    assert isinstance(c.files, pd.DataFrame)
