"""A committee's pairs sessions as a rating log (studies.committee.rating_log,
derive.committee_board_log): its players and sessions counted again here from the USEBIO
files themselves, with the standard library's XML parser."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.errors import BridgestatsError
from bridgestats.studies.committee import rating_log

CLUB = datasets.path("committee/swiss_pairs_rounds").parent / "club_sessions"


def _count(folder):
    """Players (distinct national numbers), sessions (distinct meetings of an NS and an EW
    pair in a file) and table results (traveller lines) of a folder of USEBIO files."""
    players, meetings, lines = set(), set(), 0
    for path in sorted(folder.glob("*.xml")):
        root = ET.parse(path).getroot()
        players |= {p.findtext("NATIONAL_ID_NUMBER") for p in root.iter("PLAYER")}
        for line in root.iter("TRAVELLER_LINE"):
            lines += 1
            meetings.add(
                (path.name, line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER"))
            )
    return len(players), len(meetings), lines


def test_the_club_s_log_has_the_files_players_and_sessions():
    log = rating_log([CLUB])
    n_players, n_sessions, n_lines = _count(CLUB)
    assert (n_players, n_sessions, n_lines) == (28, 8 * 36, 8 * 18 * 6)
    assert len(log.players) == n_players and len(log.sessions) == n_sessions
    assert int(log.sessions["n_boards"].sum()) == n_lines
    assert set(log.players["player"]) == {f"#{800001 + i}" for i in range(28)}
    assert log.until == "2025-02-04"  # the fifth Tuesday: 144 of the 288 sessions before it
    assert (pd.to_datetime(log.sessions["date"]) < pd.Timestamp(log.until)).sum() == 144
    assert log.read_statement.sentence.startswith("Read 8 files: 8 pairs sessions of 144 boards")


def test_players_are_linked_by_their_number_not_their_name(tmp_path):
    """One member spelt another way in one week stays one player while the files give
    numbers; without the numbers the two spellings are two players."""
    folder = tmp_path / "club"
    shutil.copytree(CLUB, folder)
    week = folder / "week_02.xml"
    text = week.read_text()
    name = ET.fromstring(text).findtext(".//PLAYER_NAME")  # a member who played that week
    assert name in (folder / "week_01.xml").read_text() + (folder / "week_03.xml").read_text()
    week.write_text(text.replace(f">{name}<", ">M. Someone<"))
    assert len(rating_log([folder]).players) == 28
    for path in folder.glob("*.xml"):
        kept = [ln for ln in path.read_text().splitlines() if "NATIONAL_ID_NUMBER" not in ln]
        path.write_text("\n".join(kept) + "\n")
    assert len(rating_log([folder]).players) == 29


def test_a_club_s_real_sessions(shared_data):
    """Three real Compscore3 club sessions (anonymised, numbers kept one per player across
    files): 24 players, each file's meetings its sessions, the one adjusted score not rated."""
    folder = shared_data / "usebio"
    log = rating_log([folder])
    n_players, n_sessions, n_lines = _count(folder)
    assert len(log.players) == n_players == 24
    assert len(log.sessions) == n_sessions
    assert int(log.sessions["n_boards"].sum()) == n_lines - 1  # A5050: no contract to score
    rows = log.read_statement.table
    assert rows[rows["what"] == "files"]["count"].tolist() == [3, 2]  # PROVENANCE.md etc.


def test_one_date_is_refused(tmp_path):
    folder = tmp_path / "one"
    folder.mkdir()
    shutil.copy(CLUB / "week_01.xml", folder)
    with pytest.raises(BridgestatsError, match="pairs sessions on two or more dates"):
        rating_log([folder])
    with pytest.raises(BridgestatsError, match="until: must be a date with sessions before"):
        rating_log([CLUB], until="2030-01-01")
