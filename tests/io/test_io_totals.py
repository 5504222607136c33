"""Tests of bridgestats.io.read_pbn_totals (PBN 2.1 §5.8 ``TotalScoreTable``).

The reference is the hand-written file below: every expected value is read off its text
(PBN 2.1 §5.1-5.2 say how: blank-separated cells, ``"..."`` strings, ``-`` irrelevant, ``?``
unknown, ``^`` artificial). The parse is cross-checked against endplay's PBN parser
(an independent implementation) and, where endplay cannot tokenise (quoted names with
blanks: it splits them), against a plain regex tokeniser written here. Numbers are short
decimals read by ``float``, so every comparison is exact.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgestats.io import ParseError, read_pbn, read_pbn_totals

_TOTALS_SPEC = (
    "+Rank\\2R;PairId\\2R;Names\\24L;TotalMP\\6R;TotalPercentage\\6R;TotalIMP\\5R;NrBoards\\2R"
)
# A ScoreTable board, then a totals record whose Event/Site/Date/Section are "#", then a
# second section's totals whose record omits Event (inherited) and adds a column of its own.
PBN = """\
% PBN 2.1
% EXPORT
[Event "Spring Pairs"]
[Site "Club"]
[Date "2024.03.05"]
[Section "A"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract;Declarer;Result\\2R;Score_NS\\5R;Names_NS"]
 1  4 3NT  N 10   430 "Ann Bee - Cat Dee"
 2  5 4S   S  9   -50 O'Brien

[Event "#"]
[Site "#"]
[Date "#"]
[Section "#"]
[TotalScoreTable "@SPEC@"]
 1  1 "Ann Bee - Cat Dee"         61.5  64.06  12.5 24
 2  4 "Pat O'Hara - Lee Wu"       50.0  52.08  -3.0 24
% a comment line inside the table
 3  5 -                         ^45.0  46.88     ? 24
 4  2 "Sam Roe"                    -      -      - 24

[Section "B"]
[Round "2"]
[TotalScoreTable "Rank\\1R;PairId\\3R;TotalIMP\\6R;Club\\8L"]
1 B1  -17.25 "Old Town"
2 B2 -0.5    Harbour
""".replace("@SPEC@", _TOTALS_SPEC)

_LINES = PBN.split("\n")


def _line_of(text: str, start: str) -> int:
    """1-based line number of the (only) line of ``text`` beginning with ``start``."""
    hits = [i + 1 for i, line in enumerate(text.split("\n")) if line.startswith(start)]
    assert len(hits) == 1, (start, hits)
    return hits[0]


@pytest.fixture
def totals(tmp_path, write_file):
    return read_pbn_totals(write_file(tmp_path / "club.pbn", PBN))


def test_totals_rows_and_tags_in_force(totals):
    assert len(totals) == 6
    assert list(totals.columns[:9]) == [
        "source",
        "record",
        "event",
        "segment",
        "section",
        "date",
        "table_name",
        "table_record",
        "artificial",
    ]
    assert (totals["source"] == "club.pbn").all()
    assert (totals["table_name"] == "TotalScoreTable").all()
    # "#" resolved from the board before; the omitted Event of the second table inherited
    assert totals["event"].tolist() == ["Spring Pairs"] * 6
    assert totals["date"].tolist() == ["2024.03.05"] * 6
    assert totals["section"].tolist() == ["A"] * 4 + ["B"] * 2
    assert totals["segment"].fillna("-").tolist() == ["-"] * 4 + ["2"] * 2
    first = _line_of(PBN, '[TotalScoreTable "+Rank')
    second = _line_of(PBN, '[TotalScoreTable "Rank')
    assert totals["table_record"].tolist() == [first] * 4 + [second] * 2
    # each row's record is its own line (the comment line is skipped, not a row)
    rows = [first + 1, first + 2, first + 4, first + 5, second + 1, second + 2]
    assert totals["record"].tolist() == rows
    assert [_LINES[r - 1].split()[1] for r in totals["record"]] == ["1", "4", "5", "2", "B1", "B2"]


def test_totals_cells(totals):
    a = totals.iloc[:4]
    assert a["Rank"].tolist() == [1, 2, 3, 4]
    assert a["PairId"].tolist() == ["1", "4", "5", "2"]  # text, like pair_ns of a ScoreTable
    assert a["Names"].tolist() == ["Ann Bee - Cat Dee", "Pat O'Hara - Lee Wu", None, "Sam Roe"]
    np.testing.assert_array_equal(a["TotalMP"], [61.5, 50.0, 45.0, np.nan])
    np.testing.assert_array_equal(a["TotalPercentage"], [64.06, 52.08, 46.88, np.nan])
    np.testing.assert_array_equal(a["TotalIMP"], [12.5, -3.0, np.nan, np.nan])  # "?" and "-"
    assert a["NrBoards"].tolist() == [24] * 4
    assert a["artificial"].tolist() == [False, False, True, False]  # ^45.0
    for col in ("Rank", "TotalMP", "TotalPercentage", "TotalIMP", "NrBoards"):
        assert pd.api.types.is_numeric_dtype(totals[col]), col
    b = totals.iloc[4:]
    np.testing.assert_array_equal(b["TotalIMP"], [-17.25, -0.5])
    assert b["PairId"].tolist() == ["B1", "B2"]
    assert b["Club"].tolist() == ["Old Town", "Harbour"]  # a column of the file's own
    # columns a table does not print are missing in its rows
    assert a["Club"].isna().all() and b["Names"].isna().all() and b["NrBoards"].isna().all()
    assert totals.attrs["notes"] == {}


def test_read_pbn_keeps_table_results_only(tmp_path, write_file):
    """The totals records are headers to read_pbn; ScoreTable rows are its results."""
    path = write_file(tmp_path / "club.pbn", PBN)
    results = read_pbn(path)
    assert results["pair_ns"].tolist() == ["1", "2"]
    assert results["score_ns"].tolist() == [430.0, -50.0]
    assert "TotalMP" not in results.columns
    # the shared cell tokeniser: a quoted name whole, a single quote an ordinary character
    assert results["Names_NS"].tolist() == ["Ann Bee - Cat Dee", "O'Brien"]
    # every pair of section A's results has a total
    totals = read_pbn_totals(path)
    pairs = set(results["pair_ns"]) | set(results["pair_ew"])
    assert pairs <= set(totals.loc[totals["section"] == "A", "PairId"])


def test_totals_directory_gzip_and_files_without_totals(tmp_path, write_file):
    write_file(tmp_path / "a.pbn.gz", PBN, gz=True)
    (tmp_path / "sub").mkdir()
    write_file(tmp_path / "sub" / "b.pbn", PBN.split("\n\n")[0] + "\n")  # the board only
    totals = read_pbn_totals(tmp_path)
    assert totals["source"].unique().tolist() == ["a.pbn.gz"]
    assert len(totals) == 6
    assert totals.attrs["notes"] == {"files without a TotalScoreTable": 1}
    empty = read_pbn_totals(tmp_path / "sub" / "b.pbn")
    assert len(empty) == 0 and list(empty.columns)[:2] == ["source", "record"]
    assert empty.attrs["notes"] == {"files without a TotalScoreTable": 1}


# --------------------------------------------------------------------------- malformed


def test_row_with_wrong_cell_count_names_the_line(tmp_path, write_file):
    row = ' 2  4 "Pat O\'Hara - Lee Wu"       50.0  52.08  -3.0 24'
    bad = PBN.replace(row, ' 2  4 "Pat O\'Hara - Lee Wu"       50.0  52.08 24')
    line = _line_of(PBN, row)
    with pytest.raises(
        ParseError,
        match=rf"bad\.pbn, line {line}: TotalScoreTable row has 6 cells, "
        "the column spec names 7",
    ):
        read_pbn_totals(write_file(tmp_path / "bad.pbn", bad))
    assert line == 21  # counted by hand in the file as printed above


def test_name_split_by_a_missing_quote_is_a_bad_row(tmp_path, write_file):
    line = _line_of(PBN, ' 4  2 "Sam Roe"')
    bad = PBN.replace('"Sam Roe"', "Sam Roe")  # unquoted: 8 cells
    with pytest.raises(ParseError, match=rf"line {line}: TotalScoreTable row has 8 cells"):
        read_pbn_totals(write_file(tmp_path / "bad.pbn", bad))
    unclosed = PBN.replace('"Sam Roe"', '"Sam Roe')
    with pytest.raises(ParseError, match=rf"line {line}: TotalScoreTable row: No closing quot"):
        read_pbn_totals(write_file(tmp_path / "bad.pbn", unclosed))


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("Rank\\2X;PairId", r"bad column spec 'Rank\\\\2X'"),  # alignment is L or R
        ("Rank;;PairId", r"bad column spec ''"),
        ("Rank;Pair Id", r"bad column spec 'Pair Id'"),
        ("Rank;PairId;Rank\\3R", r"column 'Rank' named twice"),
        ("Rank;PairId;TotalIMP;record", r"column 'record' is a reserved name"),
    ],
)
def test_bad_spec_names_the_tag_line(tmp_path, spec, reason, write_file):
    bad = PBN.replace('"Rank\\1R;PairId\\3R;TotalIMP\\6R;Club\\8L"', f'"{spec}"')
    line = _line_of(PBN, '[TotalScoreTable "Rank')
    with pytest.raises(ParseError, match=rf"bad\.pbn, line {line}: TotalScoreTable: {reason}"):
        read_pbn_totals(write_file(tmp_path / "bad.pbn", bad))


def test_strict_raises_on_a_number_column_holding_text(tmp_path, write_file):
    bad = write_file(tmp_path / "comma.pbn", PBN.replace("61.5", "61,5"))
    loose = read_pbn_totals(bad)
    # kept as printed, not silently NaN, and counted
    assert loose["TotalMP"].iloc[:4].tolist() == ["61,5", "50.0", "45.0", None]
    assert loose.attrs["notes"] == {"TotalMP kept as text: cells that are not numbers": 1}
    line = _line_of(PBN, ' 1  1 "Ann Bee')
    with pytest.raises(
        ParseError, match=rf"comma\.pbn, line {line}: TotalScoreTable column TotalMP: '61,5'"
    ):
        read_pbn_totals(bad, strict=True)
    # a column the file adds is text when it is text: not an error even when strict
    ok = read_pbn_totals(write_file(tmp_path / "ok.pbn", PBN), strict=True)
    assert ok["Club"].notna().sum() == 2


# --------------------------------------------------------------------------- cross-checks

# A plain tokeniser written for the test from PBN 2.1 §5.1: a string token is "..." (\" and
# \\ escaped), any other token runs to the next blank.
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


def _plain_parse(text: str, tag: str) -> list[tuple[list[str], list[list[str]]]]:
    """Each ``tag`` table of ``text``: its column names and rows of raw cells."""
    out = []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(rf'\[{tag} "([^"]*)"\]', line)
        if not m:
            continue
        names = [re.sub(r"\\.*$", "", item).lstrip("+-") for item in m.group(1).split(";")]
        rows = []
        for row in lines[i + 1 :]:
            if not row.strip() or row.startswith("["):
                break
            if row.lstrip().startswith("%"):
                continue
            rows.append([q if q or not b else b for q, b in _TOKEN.findall(row)])
        out.append((names, rows))
    return out


def _as_printed(frame: pd.DataFrame, names: list[str]) -> list[list[str]]:
    """Frame rows back to comparable cell values (missing as "-")."""
    return [["-" if pd.isna(v) else v for v in row] for row in frame[names].itertuples(index=False)]


def _cell(raw: str):
    """A raw cell as read_pbn_totals should hold it: ``-``/``?`` missing, numbers as float."""
    if raw in ("-", "?"):
        return "-"
    try:
        return float(raw.lstrip("^"))
    except ValueError:
        return raw


def test_totals_agree_with_a_plain_parse(totals):
    """Every cell of both tables, against the test's own tokeniser (quoted names whole)."""
    tables = _plain_parse(PBN, "TotalScoreTable")
    assert [len(rows) for _, rows in tables] == [4, 2]
    start = 0
    for names, rows in tables:
        part = totals.iloc[start : start + len(rows)]
        start += len(rows)
        ours = _as_printed(part, names)
        theirs = [[_cell(c) for c in row] for row in rows]
        # PairId stays text: compare it as printed
        k = names.index("PairId")
        for o, t, r in zip(ours, theirs, rows, strict=True):
            t[k] = r[k]
            assert [x if isinstance(x, str) else float(x) for x in o] == t


def test_totals_agree_with_endplay(tmp_path, write_file):
    """endplay (independent) puts each ``*Table`` in ``board.info`` as headers and rows.

    It resolves ``#`` for Event/Date/Section like us (but not an omitted tag), reads the
    same column names and, where no quoted cell holds a blank, the same cells. It splits
    a quoted name at its blanks (rows longer than the spec) and checks no cell count, so
    with names it only agrees token by token.
    """
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    plain = re.sub(  # blanks inside quoted cells (not tag values) become "_"
        r"^([^\[%].*)$",
        lambda m: re.sub(r'"[^"]*"', lambda q: q.group().replace(" ", "_"), m.group(1)),
        PBN,
        flags=re.MULTILINE,
    )
    path = write_file(tmp_path / "plain.pbn", plain)
    ours = read_pbn_totals(path)
    with open(path) as fh:
        boards = endplay_pbn.load(fh)
    with_totals = [b for b in boards if "TotalScoreTable" in b.info]
    assert len(with_totals) == 2
    start, omitted = 0, []
    for board in with_totals:
        table = board.info["TotalScoreTable"]
        names = [h["name"] if isinstance(h, dict) else h for h in table["headers"]]
        rows = [r for r in table["rows"] if not r[0].startswith("%")]
        part = ours.iloc[start : start + len(rows)]
        start += len(rows)
        assert [c for c in part.columns if c in names and part[c].notna().any()] == names
        for key, col in (("Event", "event"), ("Date", "date"), ("Section", "section")):
            if key in board.info:
                assert part[col].unique().tolist() == [board.info[key]]
            else:  # endplay inherits "#" only, not an omitted tag (section B's record)
                omitted.append(key)
        k = names.index("PairId")
        for o, row in zip(_as_printed(part, names), rows, strict=True):
            theirs = [_cell(c.strip('"')) for c in row]
            theirs[k] = row[k]
            assert [x if isinstance(x, str) else float(x) for x in o] == theirs
    assert start == len(ours)
    assert omitted == ["Event", "Date"]

    # with blanks inside quoted names endplay splits the cells; the tokens still agree
    with open(write_file(tmp_path / "names.pbn", PBN)) as fh:
        rows = next(b for b in endplay_pbn.load(fh) if "TotalScoreTable" in b.info).info[
            "TotalScoreTable"
        ]["rows"]
    assert len(rows[0]) == 11  # 7 columns; "Ann Bee - Cat Dee" became 5 cells
    assert " ".join(rows[0]) == '1 1 "Ann Bee - Cat Dee" 61.5 64.06 12.5 24'


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(alphabet=st.sampled_from("AaBbZz '-.&"), min_size=1, max_size=12).filter(
                lambda s: s.strip() not in ("", "-", "?") and not s.startswith("^")
            ),
            st.decimals(min_value=-999, max_value=999, places=2, allow_nan=False),
            st.integers(min_value=1, max_value=99),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_written_totals_read_back(tmp_path_factory, write_file, entries):
    """Round trip: a table written in export format (widths, quoted names) reads back."""
    lines = ['[Event "RT"]', '[TotalScoreTable "Rank\\3R;PairId\\3R;Names\\14L;TotalIMP\\8R"]']
    for i, (name, imp, pair) in enumerate(entries, start=1):
        lines.append(f"{i:>3} {pair:>3} {chr(34) + name + chr(34):<14} {imp!s:>8}")
    path = write_file(tmp_path_factory.mktemp("rt") / "rt.pbn", "\n".join(lines) + "\n")
    back = read_pbn_totals(path)
    assert back["Rank"].tolist() == list(range(1, len(entries) + 1))
    assert back["PairId"].tolist() == [str(p) for _, _, p in entries]
    assert back["Names"].tolist() == [n for n, _, _ in entries]
    assert back["TotalIMP"].tolist() == [float(i) for _, i, _ in entries]
    assert back["record"].tolist() == list(range(3, len(entries) + 3))
