"""The Bridgemate reader (``bridgestats.io.bws``) on the archive's real session.

``../shared/data/bridgemate/club_pairs_2026-01-19.bws`` is an 11-table Mitchell played on
19 January 2026 (section A, 22 pairs, 9 rounds of 3 boards, 297 results; see its
PROVENANCE.md), with the session's hand record (36 deals with double-dummy tables,
written by BridgeComposer). Every figure checked here is found without the reader: counts
from the file's provenance and the movement's arithmetic, each score by endplay's own
contract scoring from the raw ``Contract``/``NS/EW``/``Result`` texts and the hand
record's ``Vulnerable`` tag, the boards placed by the hand record's double-dummy tricks,
and (where Debian's ``mdbtools`` is installed) every field against ``mdb-export``.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest

from bridgestats.errors import BridgestatsError, ParseError
from bridgestats.io import read_bws, read_bws_movement, read_bws_players, read_results


@pytest.fixture(scope="module")
def session(shared_data_module):
    return shared_data_module / "bridgemate" / "club_pairs_2026-01-19.bws"


@pytest.fixture(scope="module")
def hands(shared_data_module):
    return shared_data_module / "bridgemate" / "club_pairs_2026-01-19_hands.pbn"


@pytest.fixture(scope="module")
def results(session, hands):
    return read_bws(session, hands=hands)


@pytest.fixture(scope="module")
def shared_data_module():
    from bridgestats.paths import shared_data_dir

    path = shared_data_dir()
    if not (path / "bridgemate").is_dir():
        pytest.skip("../shared/data/bridgemate is absent: the real-results tests need it")
    return path


def _hand_record(path) -> dict:
    """Board -> (Vulnerable, DoubleDummyTricks) read from the PBN with a regular expression
    (not the package's PBN reader)."""
    text = path.read_text(encoding="latin-1")
    out = {}
    for block in text.split('[Board "')[1:]:
        board = int(block.split('"', 1)[0])
        vul = re.search(r'\[Vulnerable "(\w+)"\]', block).group(1)
        dd = re.search(r'\[DoubleDummyTricks "(\w+)"\]', block).group(1)
        out[board] = (vul, dd)
    return out


def test_the_session_as_its_provenance_describes_it(results):
    # PROVENANCE.md: 297 results in ReceivedData, section A, 11 tables, 22 pairs; 9 rounds
    # of 3 boards on 11 tables is 27 boards played 11 times each
    assert len(results) == 297
    assert set(results["segment"]) == {"A"}
    assert results["table"].nunique() == 11
    assert results["round"].nunique() == 9
    assert results.groupby("board").size().tolist() == [11] * 27
    assert results["pair_ns"].nunique() == 11 and results["pair_ew"].nunique() == 11
    s = results.attrs["summary"]
    assert s.scorable == 297 and s.skipped == {}
    assert s.notes == {
        "vulnerability from the hand record": 297,
        "results relative to the contract (=, +n, -n), read as tricks": 295,  # 2 passed out
    }
    assert results["event"].unique().tolist() == ["Bridge game"]
    assert results["Date"].unique().tolist() == ["2026-01-19"]


def test_every_score_is_endplays_from_the_raw_texts_and_the_hand_records_vulnerability(
    session, hands, results
):
    from endplay.types import Contract, Denom, Penalty, Player, Vul

    raw = _raw(session)
    vul_of = {b: v for b, (v, _) in _hand_record(hands).items()}
    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both, "Both": Vul.both}
    denoms = {
        "NT": Denom.nt,
        "S": Denom.spades,
        "H": Denom.hearts,
        "D": Denom.diamonds,
        "C": Denom.clubs,
    }
    expected = {}
    for row in raw:
        if row["Contract"] == "PASS":
            expected[int(row["ID"])] = 0.0
            continue
        level, denom, *dbl = row["Contract"].split()
        result = 0 if row["Result"] == "=" else int(row["Result"])
        seat = row["NS/EW"]
        c = Contract(
            level=int(level),
            denom=denoms[denom],
            declarer=Player.find(seat),
            penalty={(): Penalty.passed, ("x",): Penalty.doubled, ("xx",): Penalty.redoubled}[
                tuple(dbl)
            ],
            result=result,
        )
        points = c.score(vuls[vul_of[int(row["Board"])]])
        expected[int(row["ID"])] = float(points if seat in "NS" else -points)
    got = dict(zip(results["record"].astype(int), results["score_ns"], strict=True))
    assert got == expected
    assert (results["vulnerable"] == results["board"].map(vul_of)).all()


def test_the_results_sit_on_their_boards_by_the_hand_records_double_dummy_tricks(hands, results):
    # 9 in 10 results at a club are within one trick of double dummy on the board played;
    # shifted one board, the same comparison falls to about 1 in 4 (it can tell)
    dd = {b: t for b, (_, t) in _hand_record(hands).items()}
    played = results[results["level"] > 0]

    def within_one(shift: int) -> float:
        near = []
        for r in played.itertuples():
            board = (r.board - 1 + shift) % 36 + 1
            tricks = int(dd[board]["NSEW".index(r.declarer) * 5 + "NSHDC".index(r.strain)], 16)
            near.append(abs(r.tricks - tricks) <= 1)
        return float(np.mean(near))

    assert len(played) == 295  # 2 passed out
    assert within_one(0) == pytest.approx(267 / 295)
    assert within_one(1) < 0.3 and within_one(-1) < 0.3


def test_the_movement_and_the_players(session, results):
    movement = read_bws_movement(session)
    assert len(movement) == 99  # PROVENANCE: RoundData 99 rows = 11 tables x 9 rounds
    # a Mitchell: North-South pairs stay at their table, every pair meets each of the
    # other direction's pairs at most once
    assert (movement["pair_ns"] == movement["table"]).all()
    assert not movement.duplicated(["pair_ns", "pair_ew"]).any()
    players = read_bws_players(session)
    assert len(players) == 44  # PROVENANCE: PlayerNumbers 44 rows
    assert players["round"].eq(0).all() and players["pair"].notna().all()
    assert players["name"].isna().sum() == 1  # one number without a name in the database
    # every result names its four players, the same two for a pair all session
    assert results[["north", "east", "south", "west"]].notna().all().all()
    for side, seats in (("pair_ns", ["north", "south"]), ("pair_ew", ["east", "west"])):
        per_pair = results.groupby(side)[seats].nunique()
        assert (per_pair == 1).all().all()
    # NS 8 and EW 8 are two pairs (a Mitchell): the reader tells them apart
    first = results.iloc[0]
    assert first["pair_ns"] == first["pair_ew"] == "8"
    assert {first["north"], first["south"]}.isdisjoint({first["east"], first["west"]})
    # the one unnamed player is shown by number
    assert "9005805" in set(results["east"])


def test_mdbtools_reads_the_same_received_data(session, results):
    if shutil.which("mdb-export") is None:
        pytest.skip("Debian's mdbtools (mdb-export) is not installed")
    raw = _raw(session)
    assert len(raw) == len(results) == 297
    got = results.set_index(results["record"].astype(int))
    for row in raw:
        mine = got.loc[int(row["ID"])]
        assert (mine["board"], mine["table"], mine["pair_ns"], mine["pair_ew"]) == (
            int(row["Board"]),
            row["Table"],
            row["PairNS"],
            row["PairEW"],
        )
        assert mine["round"] == int(row["Round"])
        if row["Contract"] == "PASS":
            assert pd.isna(mine["declarer"]) and mine["score_ns"] == 0
        else:
            assert mine["declarer"] == row["NS/EW"] and mine["contract"] is not None


def _raw(session) -> list[dict]:
    """ReceivedData as ``mdb-export`` writes it, else as the reader's own Access library
    reads it (the texts as stored, without the reader's normalising)."""
    if shutil.which("mdb-export"):
        out = subprocess.run(
            ["mdb-export", str(session), "ReceivedData"], capture_output=True, text=True, check=True
        ).stdout
        return list(csv.DictReader(io.StringIO(out)))
    from bridgestats.io.bws import _access_database

    table = _access_database(str(session)).parse_table("ReceivedData")
    rows = [dict(zip(table, values, strict=True)) for values in zip(*table.values(), strict=True)]
    return [{k: str(v) for k, v in r.items()} for r in rows]


def test_read_results_reads_a_bws_by_its_name(session):
    frame = read_results(session)
    assert len(frame) == 297
    notes = frame.attrs["summary"].notes
    assert notes["vulnerability from the board number (a BWS holds none)"] == 297


# --------------------------------------------------------------------------- bad input


def test_a_file_that_is_not_an_access_database_is_refused_by_name(tmp_path):
    fake = tmp_path / "session.bws"
    fake.write_bytes(b"\x00\x01\x00\x00Standard Jet DB" + b"\x00" * 64)
    with pytest.raises(ParseError, match=r"^session\.bws: not a readable Access database"):
        read_bws(fake)
    fake.write_text("Board,Contract\n1,4S\n")
    with pytest.raises(ParseError, match=r"^session\.bws: not an Access database"):
        read_bws(fake)


def test_a_bws_over_the_size_limit_is_refused_before_it_is_read(session, tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGESTATS_MAX_FILE_MB", "1")
    big = tmp_path / "big.bws"
    big.write_bytes(session.read_bytes() + b"\x00" * (1 << 20))
    with pytest.raises(ParseError, match=r"^big\.bws: larger than the limit of 1 MB"):
        read_bws(big)


def test_a_hand_record_that_holds_no_deal_is_refused(session, tmp_path):
    empty = tmp_path / "hands.pbn"
    empty.write_text("% nothing\n")
    with pytest.raises(ParseError, match=r"^hands\.pbn: no PBN tag pairs found"):
        read_bws(session, hands=empty)
    empty.write_text('[Event "Monday"]\n[Site "Club"]\n')
    with pytest.raises(BridgestatsError, match=r"^hands: must be a PBN hand record"):
        read_bws(session, hands=empty)


def test_erased_results_are_left_out_and_counted(session, monkeypatch):
    import bridgestats.io.bws as bws

    real = bws._table

    def with_erased(db, file, name, *, required=False):
        table = real(db, file, name, required=required)
        if name == "ReceivedData":  # the first two results erased at the table
            table = table.copy()
            table.loc[:1, "Erased"] = True
        return table

    monkeypatch.setattr(bws, "_table", with_erased)
    frame = read_bws(session)
    assert len(frame) == 295
    assert frame.attrs["summary"].notes["results erased at the table (Erased), left out"] == 2
    assert not frame["record"].isin([1, 2]).any()
