"""read_usebio and read_usebio_participants: USEBIO 1.2/1.3 XML.

The inline files follow the structure of the USEBIO standard (EBU, "USEBIO - Universal
Standard for the Exchange of Bridge Information Online", versions 1.2/1.3): a ``<USEBIO>``
root, ``<EVENT EVENT_TYPE=...>`` with ``<PARTICIPANTS>`` and ``<BOARD>`` travellers of
``<TRAVELLER_LINE>`` elements, boards optionally inside ``<SESSION>``/``<SECTION>`` or a
team ``<MATCH>``, hands in a ``<HANDSET>``. The real-data tests read the two Compscore3 club
sessions of ``../shared/data/usebio`` (skipped when it is absent) and reproduce the
scorer's own printed figures with the package's scoring functions: the Butler datum and
IMPs, the cross-IMPs, the pairs' totals and places.
"""

from __future__ import annotations

import gzip

import numpy as np
import pandas as pd
import pytest

from bridgestats.errors import BridgestatsError
from bridgestats.io import (
    COLUMNS,
    ParseError,
    read_results,
    read_usebio,
    read_usebio_participants,
)
from bridgestats.scoring import butler_datum, score_board_results

# A Mitchell matchpoint pairs event: two NS and two EW pairs, two boards, one adjusted
# score and one line not played. Board 2 is North-South vulnerable (Law 2 cycle).
MITCHELL = """<?xml version="1.0"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="MP_PAIRS">
  <EVENT_DESCRIPTION>Tuesday Pairs</EVENT_DESCRIPTION>
  <PROGRAM_NAME>TestScorer</PROGRAM_NAME>
  <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
      <TOTAL_SCORE>3.00</TOTAL_SCORE><PERCENTAGE>75.00</PERCENTAGE><PLACE>1</PLACE>
      <PLAYER><PLAYER_NAME>Ann North</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>Sam South</PLAYER_NAME></PLAYER></PAIR>
    <PAIR><PAIR_NUMBER>2NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
      <TOTAL_SCORE>1.00</TOTAL_SCORE><PERCENTAGE>25.00</PERCENTAGE><PLACE>2</PLACE>
      <PLAYER><PLAYER_NAME>Nia Two</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>Sol Two</PLAYER_NAME></PLAYER></PAIR>
    <PAIR><PAIR_NUMBER>1EW</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
      <TOTAL_SCORE>2.00</TOTAL_SCORE><PLACE>1=</PLACE>
      <PLAYER><PLAYER_NAME>Eve East</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>Wes West</PLAYER_NAME></PLAYER></PAIR>
    <PAIR><PAIR_NUMBER>2EW</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
      <TOTAL_SCORE>2.00</TOTAL_SCORE><PLACE>1=</PLACE>
      <PLAYER><PLAYER_NAME>Ed Two</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>Win Two</PLAYER_NAME></PLAYER></PAIR>
  </PARTICIPANTS>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
      <CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>KH</LEAD><TRICKS>10</TRICKS>
      <SCORE>420</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
      <CONTRACT>PASS</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS></TRICKS>
      <SCORE>0</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
  <BOARD>
    <BOARD_NUMBER>2</BOARD_NUMBER>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
      <CONTRACT>3NTX</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>8</TRICKS>
      <SCORE>-200</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>1</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
      <CONTRACT></CONTRACT><SCORE>A60</SCORE>
      <NS_MATCH_POINTS>1.2</NS_MATCH_POINTS><EW_MATCH_POINTS>0.8</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>3NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>
      <CONTRACT>NP</CONTRACT>
    </TRAVELLER_LINE>
  </BOARD>
</EVENT>
<HANDSET>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <HAND><DIRECTION>East</DIRECTION><SPADES>84</SPADES><HEARTS>QT865</HEARTS>
      <DIAMONDS>963</DIAMONDS><CLUBS>862</CLUBS></HAND>
    <HAND><DIRECTION>North</DIRECTION><SPADES>K93</SPADES><HEARTS>97</HEARTS>
      <DIAMONDS>AT2</DIAMONDS><CLUBS>97543</CLUBS></HAND>
    <HAND><DIRECTION>South</DIRECTION><SPADES>AQT52</SPADES><HEARTS>A2</HEARTS>
      <DIAMONDS>875</DIAMONDS><CLUBS>AKT</CLUBS></HAND>
    <HAND><DIRECTION>West</DIRECTION><SPADES>J76</SPADES><HEARTS>KJ43</HEARTS>
      <DIAMONDS>KQJ4</DIAMONDS><CLUBS>QJ</CLUBS></HAND>
  </BOARD>
</HANDSET>
</USEBIO>
"""

# A teams event: boards inside a MATCH between two teams; teams as participants.
TEAMS = """<?xml version="1.0"?>
<USEBIO Version="1.3">
<EVENT EVENT_TYPE="TEAMS_OF_FOUR">
  <TITLE>Club Teams</TITLE>
  <PARTICIPANTS>
    <TEAM><TEAM_NUMBER>1</TEAM_NUMBER><TEAM_NAME>Aces</TEAM_NAME>
      <TOTAL_SCORE>12</TOTAL_SCORE><PLACE>1</PLACE>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER>
        <PLAYER><PLAYER_NAME>A1</PLAYER_NAME></PLAYER>
        <PLAYER><PLAYER_NAME>A2</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER>
        <PLAYER><PLAYER_NAME>A3</PLAYER_NAME></PLAYER>
        <PLAYER><PLAYER_NAME>A4</PLAYER_NAME></PLAYER></PAIR></TEAM>
    <TEAM><TEAM_NUMBER>2</TEAM_NUMBER><TEAM_NAME>Kings</TEAM_NAME>
      <TOTAL_SCORE>-12</TOTAL_SCORE><PLACE>2</PLACE>
      <PLAYER><PLAYER_NAME>K1</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>K2</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>K3</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>K4</PLAYER_NAME></PLAYER></TEAM>
  </PARTICIPANTS>
  <MATCH>
    <ROUND_NUMBER>1</ROUND_NUMBER><TEAM>Aces</TEAM><OPPOSING_TEAM>Kings</OPPOSING_TEAM>
    <TEAM_SCORE>12</TEAM_SCORE><OPPOSING_TEAM_SCORE>0</OPPOSING_TEAM_SCORE>
    <BOARD><BOARD_NUMBER>5</BOARD_NUMBER>
      <TRAVELLER_LINE><DIRECTION>NS</DIRECTION>
        <CONTRACT>6H</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>12</TRICKS><SCORE>1430</SCORE>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE><DIRECTION>EW</DIRECTION>
        <CONTRACT>4H</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>12</TRICKS><SCORE>680</SCORE>
      </TRAVELLER_LINE>
    </BOARD>
  </MATCH>
</EVENT>
</USEBIO>
"""


def _write(tmp_path, text, name="event.xml"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.fixture
def mitchell(tmp_path):
    return read_usebio(_write(tmp_path, MITCHELL))


# --------------------------------------------------------------------------- the schema


def test_mitchell_tidy_columns_then_usebio_figures(mitchell):
    assert list(mitchell.columns[: len(COLUMNS)]) == list(COLUMNS)
    assert len(mitchell) == 5  # nothing dropped: the adjusted and the NP line are kept
    for col in ("EVENT_TYPE", "BOARD_SCORING_METHOD", "PROGRAM_NAME", "SCORE", "LEAD"):
        assert col in mitchell.columns
    assert mitchell["EVENT_TYPE"].unique().tolist() == ["MP_PAIRS"]
    assert mitchell["event"].unique().tolist() == ["Tuesday Pairs"]
    assert mitchell["NS_MATCH_POINTS"].tolist()[:4] == [2.0, 0.0, 1.0, 1.2]
    assert mitchell["NS_MATCH_POINTS"].dtype == float


def test_mitchell_pair_numbers_and_player_names(mitchell):
    first = mitchell.iloc[0]
    assert (first["pair_ns"], first["pair_ew"]) == ("1NS", "1EW")
    assert (first["north"], first["south"]) == ("Ann North", "Sam South")
    assert (first["east"], first["west"]) == ("Eve East", "Wes West")
    # board 2, 1NS against 2EW
    row = mitchell.iloc[2]
    assert (row["north"], row["east"], row["west"]) == ("Ann North", "Ed Two", "Win Two")
    # 3NS/3EW are not among the participants: no names, the numbers as printed
    last = mitchell.iloc[4]
    assert last["pair_ns"] == "3NS" and pd.isna(last["north"])


def test_mitchell_scores_computed_and_compared(mitchell):
    # 4S=, none vul: +420; passed out: 0; 3NTX -1 by N, NS vul (board 2): -200
    assert mitchell["score_ns"].tolist()[:3] == [420.0, 0.0, -200.0]
    assert mitchell["vulnerable"].tolist()[:3] == ["None", "None", "NS"]
    assert mitchell["contract"].tolist()[:3] == ["4S", "Pass", "3NX"]
    s = mitchell.attrs["summary"]
    assert (s.records, s.scorable, s.printed_scores, s.score_mismatches) == (5, 3, 3, 0)
    assert s.skipped == {"adjusted score": 1, "not played": 1}
    assert s.notes == {"vulnerability from the board number (not stated in the file)": 5}


def test_record_is_the_line_of_the_traveller_line(mitchell):
    lines = MITCHELL.split("\n")
    for rec in mitchell["record"]:
        assert lines[rec - 1].strip() == "<TRAVELLER_LINE>"
    assert mitchell["record"].is_monotonic_increasing


def test_handset_becomes_a_pbn_deal(mitchell):
    assert mitchell["Deal"].iat[0] == (
        "N:K93.97.AT2.97543 84.QT865.963.862 AQT52.A2.875.AKT J76.KJ43.KQJ4.QJ"
    )
    assert pd.isna(mitchell["Deal"].iat[2])  # board 2 has no hand record


def test_strict_raises_on_the_adjusted_line(tmp_path):
    path = _write(tmp_path, MITCHELL)
    with pytest.raises(ParseError) as info:
        read_usebio(path, strict=True)
    assert info.value.source == "event.xml"
    assert MITCHELL.split("\n")[info.value.record - 1].strip() == "<TRAVELLER_LINE>"
    assert info.value.reason == "adjusted score"


def test_vulnerability_given_by_the_hand_record_is_used(tmp_path):
    text = MITCHELL.replace(
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n    <HAND>",
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><VULNERABILITY>All</VULNERABILITY>\n    <HAND>",
    )
    df = read_usebio(_write(tmp_path, text))
    assert df["vulnerable"].tolist()[:2] == ["All", "All"]
    assert df["score_ns"].iat[0] == 620.0  # 4S= vulnerable
    note = df.attrs["summary"].notes["vulnerability from the board number (not stated in the file)"]
    assert note == 3  # board 2's lines only


# --------------------------------------------------------------------------- structures


def test_sessions_and_sections_name_the_segment(tmp_path):
    body = MITCHELL.split("<BOARD>", 1)[1].split("</EVENT>")[0]
    board = "<BOARD>" + body
    text = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        f"<SESSION><SESSION_NUMBER>2</SESSION_NUMBER><SECTION><SECTION_ID>B</SECTION_ID>"
        f"{board}</SECTION></SESSION></EVENT></USEBIO>"
    )
    df = read_usebio(_write(tmp_path, text))
    assert len(df) == 5
    assert df["segment"].unique().tolist() == ["2/B"]


def test_teams_match_gives_the_teams(tmp_path):
    df = read_usebio(_write(tmp_path, TEAMS))
    assert len(df) == 2
    assert df["event"].unique().tolist() == ["Club Teams"]
    assert df["home_team"].unique().tolist() == ["Aces"]
    assert df["visit_team"].unique().tolist() == ["Kings"]
    assert df["segment"].unique().tolist() == ["1"]
    assert df["DIRECTION"].tolist() == ["NS", "EW"]
    assert df["TEAM_SCORE"].unique().tolist() == ["12"]
    assert df["OPPOSING_TEAM_SCORE"].unique().tolist() == ["0"]
    # board 5: NS vulnerable; 6H= by S +1430, 4H+2 by N +680
    assert df["score_ns"].tolist() == [1430.0, 680.0]
    assert df.attrs["summary"].score_mismatches == 0


def test_teams_participants(tmp_path):
    p = read_usebio_participants(_write(tmp_path, TEAMS))
    assert p["kind"].tolist() == ["team", "team"]
    assert p["name"].tolist() == ["Aces", "Kings"]
    assert p["number"].tolist() == ["1", "2"]
    assert p["players"].tolist() == ["A1 & A2 & A3 & A4", "K1 & K2 & K3 & K4"]
    assert p["n_players"].tolist() == [4, 4]
    assert p["TOTAL_SCORE"].tolist() == [12.0, -12.0]


def test_individual_players_by_seat(tmp_path):
    text = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="INDIVIDUAL"><PARTICIPANTS>'
        + "".join(
            f"<PLAYER><PLAYER_NUMBER>{i}</PLAYER_NUMBER><PLAYER_NAME>P{i}</PLAYER_NAME></PLAYER>"
            for i in range(1, 5)
        )
        + "</PARTICIPANTS><BOARD><BOARD_NUMBER>3</BOARD_NUMBER><TRAVELLER_LINE>"
        "<N_PLAYER_NUMBER>4</N_PLAYER_NUMBER><E_PLAYER_NUMBER>3</E_PLAYER_NUMBER>"
        "<S_PLAYER_NUMBER>2</S_PLAYER_NUMBER><W_PLAYER_NUMBER>1</W_PLAYER_NUMBER>"
        "<CONTRACT>1NT</CONTRACT><PLAYED_BY>W</PLAYED_BY><TRICKS>7</TRICKS><SCORE>-90</SCORE>"
        "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )
    df = read_usebio(_write(tmp_path, text))
    assert df[["north", "east", "south", "west"]].iloc[0].tolist() == ["P4", "P3", "P2", "P1"]
    assert df["N_PLAYER_NUMBER"].iat[0] == "4"
    assert df["score_ns"].iat[0] == -90.0
    p = read_usebio_participants(_write(tmp_path, text))
    assert p["kind"].unique().tolist() == ["player"] and p["players"].iat[0] == "P1"


def test_mitchell_numbered_from_one_in_each_direction(tmp_path):
    # participants "1" NS and "1" EW told apart by DIRECTION; travellers print "1" and "1"
    text = MITCHELL.replace(">1NS<", ">1<").replace(">1EW<", ">1<")
    df = read_usebio(_write(tmp_path, text))
    first = df.iloc[0]
    assert (first["pair_ns"], first["pair_ew"]) == ("1", "1")
    assert (first["north"], first["east"]) == ("Ann North", "Eve East")


def test_howell_pair_numbers_with_a_space(tmp_path):
    text = MITCHELL.replace("1NS<", "1 NS<").replace(">1EW<", ">1 EW<")
    df = read_usebio(_write(tmp_path, text))
    assert df["north"].iat[0] == "Ann North" and df["east"].iat[0] == "Eve East"


def test_unknown_event_type_still_yields_its_travellers(tmp_path):
    df = read_usebio(_write(tmp_path, MITCHELL.replace('"MP_PAIRS"', '"NOTSUP"')))
    assert len(df) == 5
    assert df["EVENT_TYPE"].unique().tolist() == ["NOTSUP"]
    notes = df.attrs["summary"].notes
    assert notes["event type NOTSUP not known to the reader (travellers read)"] == 1
    assert df["score_ns"].tolist()[:3] == [420.0, 0.0, -200.0]


def test_other_version_noted(tmp_path):
    df = read_usebio(_write(tmp_path, MITCHELL.replace('Version="1.2"', 'Version="1.1"')))
    assert df.attrs["summary"].notes["USEBIO version 1.1, read as 1.2/1.3"] == 1
    df = read_usebio(_write(tmp_path, TEAMS))  # 1.3: no note
    assert not any("version" in k for k in df.attrs["summary"].notes)


def test_file_without_boards(tmp_path):
    text = '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"></EVENT></USEBIO>'
    df = read_usebio(_write(tmp_path, text))
    assert len(df) == 0 and list(df.columns[: len(COLUMNS)]) == list(COLUMNS)
    assert df.attrs["summary"].notes == {"files without a traveller line": 1}


def test_not_a_number_in_a_points_element_is_counted(tmp_path):
    df = read_usebio(_write(tmp_path, MITCHELL.replace(">1.2<", ">x<")))
    assert np.isnan(df["NS_MATCH_POINTS"].iat[3])
    assert (
        df.attrs["summary"].notes[
            "NS_MATCH_POINTS: printed values that are not numbers (kept as NaN)"
        ]
        == 1
    )


# --------------------------------------------------------------------------- participants


def test_participants_totals_places_ties(tmp_path):
    p = read_usebio_participants(_write(tmp_path, MITCHELL))
    assert p["number"].tolist() == ["1NS", "2NS", "1EW", "2EW"]
    assert p["direction"].tolist() == ["NS", "NS", "EW", "EW"]
    assert p["players"].iat[0] == "Ann North & Sam South"
    assert p["TOTAL_SCORE"].tolist() == [3.0, 1.0, 2.0, 2.0]
    assert p["PERCENTAGE"].tolist()[:2] == [75.0, 25.0] and np.isnan(p["PERCENTAGE"].iat[2])
    assert p["PLACE"].tolist() == ["1", "2", "1=", "1="]
    assert p["place"].tolist() == [1, 2, 1, 1]
    assert p["tied"].tolist() == [False, False, True, True]
    assert p["event"].unique().tolist() == ["Tuesday Pairs"]
    lines = MITCHELL.split("\n")
    assert all(lines[r - 1].strip().startswith("<PAIR>") for r in p["record"])


# --------------------------------------------------------------------------- bad files


def test_bad_xml_names_file_line_element_and_why(tmp_path):
    text = MITCHELL.replace("</TRICKS>\n      <SCORE>420", "</TRICK>\n      <SCORE>420")
    path = _write(tmp_path, text, "broken.xml")
    with pytest.raises(ParseError) as info:
        read_usebio(path)
    line = next(i for i, s in enumerate(text.split("\n"), 1) if "</TRICK>" in s)
    assert info.value.source == "broken.xml"
    assert info.value.record == line
    assert "mismatched tag" in info.value.reason
    assert "inside <TRICKS>" in info.value.reason
    assert str(info.value).startswith(f"broken.xml, line {line}: not well-formed XML")


def test_declared_encoding_is_honoured_and_a_wrong_one_named(tmp_path):
    text = MITCHELL.replace("Ann North", "Zoë O'Brien")
    latin = text.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>')
    path = tmp_path / "latin.xml"
    path.write_bytes(latin.encode("latin-1"))
    assert read_usebio(path)["north"].iat[0] == "Zoë O'Brien"
    path.write_bytes(text.encode("latin-1"))  # Latin-1 bytes, no declaration: not UTF-8
    with pytest.raises(ParseError, match="the file is not UTF-8: does it declare its encoding"):
        read_usebio(path)


def test_truncated_file(tmp_path):
    path = _write(tmp_path, MITCHELL[: MITCHELL.index("<HANDSET>")], "cut.xml")
    with pytest.raises(ParseError, match=r"cut\.xml, line \d+: not well-formed XML"):
        read_usebio(path)


def test_not_usebio_root(tmp_path):
    path = _write(tmp_path, '<?xml version="1.0"?>\n<PBN><BOARD/></PBN>', "other.xml")
    with pytest.raises(
        ParseError, match=r"other\.xml, line 2: not a USEBIO file: the root is <PBN>"
    ):
        read_usebio(path)


def test_entity_declarations_refused(tmp_path):
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE USEBIO [\n <!ENTITY a "aaaaaaaaaa">\n'
        ' <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n<USEBIO>&b;</USEBIO>'
    )
    with pytest.raises(ParseError, match=r"bomb\.xml, line 3: entity declaration 'a' refused"):
        read_usebio(_write(tmp_path, bomb, "bomb.xml"))


def test_gzip_and_folder(tmp_path):
    (tmp_path / "a.xml.gz").write_bytes(gzip.compress(MITCHELL.encode()))
    _write(tmp_path, TEAMS, "b.xml")
    df = read_usebio(tmp_path)
    assert df["source"].unique().tolist() == ["a.xml.gz", "b.xml"]
    assert len(df) == 7 and df.attrs["summary"].files == 2


def test_bad_path_arguments(tmp_path):
    with pytest.raises(BridgestatsError, match="path: must be an existing file or folder"):
        read_usebio(tmp_path / "missing.xml")
    with pytest.raises(BridgestatsError, match="path: must be"):
        read_usebio(None)
    with pytest.raises(BridgestatsError, match="strict: must be"):
        read_usebio(tmp_path, strict="yes")


def test_read_results_picks_usebio_for_xml(tmp_path):
    path = _write(tmp_path, MITCHELL)
    df = read_results(path)
    assert len(df) == 5 and df["EVENT_TYPE"].iat[0] == "MP_PAIRS"
    other = _write(tmp_path, "<PBN/>", "notes.xml")
    with pytest.raises(
        BridgestatsError, match=r"root element is <USEBIO>.*notes\.xml \(root <PBN>\)"
    ):
        read_results(other)


# --------------------------------------------------------------------------- real data

_BUTLER = "butler_howell.xml"
_CROSS = "cross_imp_howell.xml"


@pytest.fixture(scope="module")
def usebio_dir(shared_data):
    return shared_data / "usebio"


@pytest.fixture(scope="module")
def butler(usebio_dir):
    return read_usebio(usebio_dir / _BUTLER)


@pytest.fixture(scope="module")
def cross(usebio_dir):
    return read_usebio(usebio_dir / _CROSS)


def _pair_totals(frame, ns_col, ew_col) -> pd.Series:
    """Each pair's sum of its own side's figures (NS lines and EW lines)."""
    ns = frame.groupby("pair_ns")[ns_col].sum()
    ew = frame.groupby("pair_ew")[ew_col].sum()
    return ns.add(ew, fill_value=0.0)


@pytest.mark.shared
def test_real_files_read_in_full(butler, cross):
    # the counts of the archive's PROVENANCE.md: 140 and 108 lines, 35 and 27 boards
    for frame, lines, boards, event_type in (
        (butler, 140, 35, "BUTLER_PAIRS"),
        (cross, 108, 27, "CROSS_IMP"),
    ):
        s = frame.attrs["summary"]
        assert (s.records, s.scorable, s.skipped) == (lines, lines, {})
        assert frame["board"].nunique() == boards
        assert frame["EVENT_TYPE"].unique().tolist() == [event_type]
        assert frame["PROGRAM_NAME"].unique().tolist() == ["Compscore3"]
        # every printed SCORE equals the computed one (vulnerability from the board number)
        assert (s.printed_scores, s.score_mismatches) == (lines, 0)
        assert frame["Deal"].notna().all()
        assert frame[["north", "east", "south", "west"]].notna().all().all()
    assert "NS_BUTLER_POINTS" in butler.columns and "BOARD_AVERAGE" in butler.columns
    assert "NS_CROSS_IMP_POINTS" in cross.columns


@pytest.mark.shared
def test_compscore3_datum_rule(butler):
    """Which datum rule Compscore3 prints as BOARD_AVERAGE: boards reproduced of 35.

    Every board has 4 results. Measured, not tuned: the trimmed mean (drop the highest and
    the lowest, average the middle two) rounded to 10 with halves away from zero
    reproduces all 35; 17 boards have a trimmed mean ending in 5, which tells the half
    rules apart (half up gives 24, half to even 25, truncation 18). The mean and median
    rules fail on most boards. With 4 results per board the files cannot tell how many
    results Compscore3 drops from a larger field.
    """

    def r10(x, how):
        if how == "away":
            return np.sign(x) * np.floor(np.abs(x) / 10 + 0.5) * 10
        if how == "up":
            return np.floor(x / 10 + 0.5) * 10
        if how == "even":
            return np.round(x / 10) * 10
        return np.trunc(x / 10) * 10

    def middle(s):
        return np.sort(s)[1:-1].mean()

    rules = {
        "mean": lambda s: s.mean(),
        "mean, rounded to 10": lambda s: r10(s.mean(), "away"),
        "median": np.median,
        "trimmed mean, unrounded": middle,
        "trimmed, round half up": lambda s: r10(middle(s), "up"),
        "trimmed, round half to even": lambda s: r10(middle(s), "even"),
        "trimmed, truncated to 10": lambda s: r10(middle(s), "trunc"),
        "trimmed, rounded half away from zero": lambda s: r10(middle(s), "away"),
        "bridgestats butler_datum('trimmed')": lambda s: butler_datum(s, datum="trimmed"),
    }
    boards = list(butler.groupby("board"))
    assert len(boards) == 35 and all(len(g) == 4 for _, g in boards)
    counts = {
        name: sum(rule(g["score_ns"].to_numpy()) == g["BOARD_AVERAGE"].iat[0] for _, g in boards)
        for name, rule in rules.items()
    }
    assert counts == {
        "mean": 1,
        "mean, rounded to 10": 3,
        "median": 18,
        "trimmed mean, unrounded": 18,
        "trimmed, round half up": 24,
        "trimmed, round half to even": 25,
        "trimmed, truncated to 10": 18,
        "trimmed, rounded half away from zero": 35,
        "bridgestats butler_datum('trimmed')": 35,
    }


@pytest.mark.shared
def test_compscore3_butler_imps_reproduced(butler):
    """score_board_results(method="butler") gives the printed datum and every line's IMPs."""
    scored = score_board_results(butler, method="butler", datum="trimmed")
    assert (scored["datum"] == butler["BOARD_AVERAGE"]).all()
    assert (scored["imps_ns"] == butler["NS_BUTLER_POINTS"]).sum() == 140
    assert (scored["imps_ew"] == butler["EW_BUTLER_POINTS"]).sum() == 140


@pytest.mark.shared
def test_compscore3_butler_totals_and_places(usebio_dir, butler):
    scored = butler.join(score_board_results(butler, method="butler", datum="trimmed"))
    totals = _pair_totals(scored, "imps_ns", "imps_ew")
    p = read_usebio_participants(usebio_dir / _BUTLER).set_index("number")
    assert len(p) == 8 and p["players"].notna().all()
    assert (totals.reindex(p.index) == p["TOTAL_SCORE"]).all()  # whole IMPs: exact
    place = totals.rank(ascending=False, method="min").astype(int)
    assert (place.reindex(p.index).to_numpy() == p["place"].to_numpy()).all()


@pytest.mark.shared
def test_compscore3_cross_imps_reproduced(cross):
    """Averaged cross-IMPs, as printed to 2 decimals, on all 108 lines.

    Tolerance: the file prints 2 decimals, so the computed average is rounded to 2
    decimals and compared exactly (the averages are thirds, never a tie at the third
    decimal). The sum of the IMPs without averaging agrees on 2 lines only (the zeros).
    """
    scored = score_board_results(cross, method="cross_imps")
    assert (scored["imps_ns"].round(2) == cross["NS_CROSS_IMP_POINTS"]).sum() == 108
    assert (scored["imps_ew"].round(2) == cross["EW_CROSS_IMP_POINTS"]).sum() == 108
    assert (scored["n_results"] == 4).all()
    from bridgestats.scoring import cross_imps

    summed = cross.groupby("board")["score_ns"].transform(
        lambda s: cross_imps(s.to_numpy(), average=False)
    )
    assert (summed == cross["NS_CROSS_IMP_POINTS"]).sum() == 2


@pytest.mark.shared
def test_compscore3_cross_imp_totals_and_places(usebio_dir, cross):
    """TOTAL_SCORE is the sum of the unrounded averages, rounded to 2 decimals (9 of 9);
    summing the printed 2-decimal lines instead reproduces 2 of the 9 totals."""
    scored = cross.join(score_board_results(cross, method="cross_imps"))
    p = read_usebio_participants(usebio_dir / _CROSS).set_index("number")
    assert len(p) == 9
    totals = _pair_totals(scored, "imps_ns", "imps_ew").reindex(p.index)
    assert (totals.round(2) == p["TOTAL_SCORE"]).sum() == 9
    printed = _pair_totals(cross, "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS").reindex(p.index)
    assert (printed.round(2) == p["TOTAL_SCORE"]).sum() == 2
    place = totals.rank(ascending=False, method="min").astype(int)
    assert (place.to_numpy() == p["place"].to_numpy()).all()


@pytest.mark.shared
def test_read_results_reads_the_usebio_folder(usebio_dir):
    # the folder read at once equals its files read one by one (the archive grows: the
    # Compscore3 matchpoint session joined the two Howells)
    files = sorted(usebio_dir.glob("*.xml"))
    df = read_results(usebio_dir)
    assert df.attrs["summary"].files == len(files) >= 3
    assert len(df) == sum(len(read_usebio(f)) for f in files)


def test_players_numbers_are_read_national_first_then_club(tmp_path):
    """Each seat's number: the NATIONAL_ID_NUMBER as printed, else the CLUB_ID_NUMBER as
    'club <n>', else missing; in the order the pair lists its players, as the names."""
    from bridgestats.io import read_usebio

    path = tmp_path / "ids.xml"
    path.write_text(
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><PARTICIPANTS>'
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ann</PLAYER_NAME>"
        "<NATIONAL_ID_NUMBER> 4711 </NATIONAL_ID_NUMBER><CLUB_ID_NUMBER>9</CLUB_ID_NUMBER>"
        "</PLAYER><PLAYER><PLAYER_NAME>Bob</PLAYER_NAME><CLUB_ID_NUMBER>12</CLUB_ID_NUMBER>"
        "</PLAYER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLAYER><PLAYER_NAME>Cy"
        "</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Di</PLAYER_NAME></PLAYER></PAIR>"
        "</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>10</TRICKS>"
        "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )
    row = read_usebio(path).iloc[0]
    assert (row.north, row.north_id, row.south, row.south_id) == ("Ann", "4711", "Bob", "club 12")
    assert row.east == "Cy" and row.east_id is None and row.west_id is None


def test_the_real_files_numbers_are_their_participants(shared_data):
    """Every seat's number is the one the file's PARTICIPANTS give that player (read again
    here with ElementTree): 24 players in the three Compscore3 sessions."""
    import xml.etree.ElementTree as ET

    from bridgestats.io import read_usebio

    folder = shared_data / "usebio"
    frame = read_usebio(folder)
    number = {}
    for path in folder.glob("*.xml"):
        for p in ET.parse(path).getroot().iter("PLAYER"):
            number[p.findtext("PLAYER_NAME")] = p.findtext("NATIONAL_ID_NUMBER")
    for seat in ("north", "south", "east", "west"):
        assert (frame[seat].map(number) == frame[f"{seat}_id"]).all(), seat
    assert len(set(frame[["north_id", "south_id", "east_id", "west_id"]].to_numpy().ravel())) == 24
