"""Hostile input to the readers, third pass (issue 34).

- A signed result or ``=`` is read against the contract by one rule in every reader (the
  PBN ``Result`` rule of the second pass, now :func:`bridgestats.io._records.relative_results`
  applied by ``finish``), and counted in the load summary: an ACBL ``made`` of ``+1`` was 7
  tricks and a VALET ``+1`` one trick. A result the format cannot print (an ACBL ``made`` of
  2 on 3NT, which ACBLscore prints for a made contract only as tricks over book) is skipped
  as ``impossible result``, never scored as something else.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgestats.io import read_acbl_travellers, read_pbn, read_valet, summary_of
from bridgestats.io._records import RELATIVE_NOTE

_SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

_ACBL_HEADER = (
    "session,section,board,vul,contract,declarer,made,score_ns,score_ew,mp_ns,mp_ew,"
    "pair_ns,pair_ew\n"
)


def _acbl(tmp_path, *mades, contract="3NT"):
    """An ACBL traveller of board 1 (nobody vulnerable), one line per ``made``, no printed
    score (the case of the issue: nothing to compare the reading with)."""
    path = tmp_path / "travellers.csv"
    lines = [
        f"2017-01-09/recap_b_20170109.html,,1,None,{contract},N,{made},,,,,{i},{i + 10}\n"
        for i, made in enumerate(mades, 1)
    ]
    path.write_text(_ACBL_HEADER + "".join(lines))
    return read_acbl_travellers(path)


def _valet(tmp_path, *results, contract="4H"):
    path = tmp_path / "scores.txt"
    path.write_text("".join(f"1|1|1|2|3|4|{contract}|N|{r}\n" for r in results))
    return read_valet(path)


def _pbn(tmp_path, *results, contract="4H"):
    path = tmp_path / "t.pbn"
    path.write_text(
        "\n".join(
            f'[Event "E"]\n[Board "1"]\n[Vulnerable "None"]\n[Declarer "N"]\n'
            f'[Contract "{contract}"]\n[Result "{r}"]\n'
            for r in results
        )
    )
    return read_pbn(path)


# --------------------------------------------------------------------------- the cases


def test_acbl_signed_made_is_against_the_contract(tmp_path):
    # 3NT,N,+1 was 7 tricks (-100): it is 3NT making 10 tricks, +430
    frame = _acbl(tmp_path, "+1", "=", "-2", "4")
    assert frame["tricks"].tolist() == [10, 9, 7, 10]
    assert frame["score_ns"].tolist() == [430.0, 400.0, -100.0, 430.0]
    assert summary_of(frame).notes[RELATIVE_NOTE] == 2  # "-2" is ACBLscore's own spelling


def test_acbl_travellers_of_a_header_alone_are_none(tmp_path):
    # the signed-result rule's mask of no rows was a float array: TypeError, not a count
    # (hypothesis found the header alone among its mutated excerpts)
    frame = _acbl(tmp_path)
    assert len(frame) == 0 and summary_of(frame).records == 0


def test_acbl_made_below_the_level_is_an_impossible_result(tmp_path):
    # made 2 on 3NT was read as 8 tricks (-50); ACBLscore prints a made 3NT as 3 or more
    frame = _acbl(tmp_path, "2", "1", "3")
    assert frame["skip_reason"].fillna("").tolist() == ["impossible result"] * 2 + [""]
    assert frame["score_ns"].isna().tolist() == [True, True, False]
    assert summary_of(frame).skipped == {"impossible result": 2}


def test_valet_signed_tricks_are_against_the_contract(tmp_path):
    # a VALET +1 on 4H was one trick (-400); it is 11 tricks, +450
    frame = _valet(tmp_path, "+1", "=", "-1", "10", "14")
    assert frame["tricks"].tolist()[:4] == [11, 10, 9, 10]
    assert frame["score_ns"].tolist()[:4] == [450.0, 420.0, -50.0, 420.0]
    assert frame["skip_reason"].tolist()[4] == "impossible result"
    assert summary_of(frame).notes[RELATIVE_NOTE] == 3


@pytest.mark.parametrize("result", ["+1", "=", "-2", "+7", "-10"])
def test_every_reader_reads_a_signed_result_alike(tmp_path, result):
    pbn = _pbn(tmp_path, result)
    valet = _valet(tmp_path, result)
    acbl = _acbl(tmp_path, result, contract="4H")
    for frame in (valet, acbl):
        assert frame["tricks"].equals(pbn["tricks"]), result
        assert frame["score_ns"].equals(pbn["score_ns"]), result
        assert frame["skip_reason"].equals(pbn["skip_reason"]), result
    assert summary_of(valet).notes == summary_of(pbn).notes


@_SETTINGS
@given(level=st.integers(1, 7), offset=st.integers(-7, 6))
def test_property_a_signed_result_is_the_trick_count_in_every_reader(tmp_path, level, offset):
    tricks = level + 6 + offset
    sign = "=" if offset == 0 else f"{offset:+d}"
    contract = f"{level}S"
    absolute = _pbn(tmp_path, str(tricks), contract=contract)
    for frame in (
        _pbn(tmp_path, sign, contract=contract),
        _valet(tmp_path, sign, contract=contract),
    ):
        assert frame["skip_reason"].equals(absolute["skip_reason"])
        assert frame["score_ns"].equals(absolute["score_ns"])
