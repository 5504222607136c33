"""PBN score tables (PBN 2.1 §5.9) read end to end, and the reader's helpers against
implementations nobody wrote for them.

The reader works once per distinct value where a column holds few (a ``^`` marker, a
number), and joins the records' and the tables' columns without :func:`pandas.concat`;
each is checked here against pandas itself or a per-element oracle written from the
function's docstring (PBN 2.1 §3.4 and §5.2 for the ``^`` markers). hypothesis generates the
inputs (``max_examples`` modest, ``deadline=None``). The end-to-end tests read score tables
of two column specifications, in one call and file by file, with scores checked by hand
against the scoring table of the Laws of Duplicate Bridge 2017, Law 77.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgestats.io import _pbn_tables, pbn, read_pbn, summary_of
from bridgestats.io._records import _line_numbers, _to_int, _whole_parts

_SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _objects(values) -> np.ndarray:
    """A 1-D object array holding exactly ``values`` (no conversion by numpy)."""
    arr = np.empty(len(values), dtype=object)
    arr[:] = list(values)
    return arr


def _same_missing(x, y) -> bool:
    """Equal values, or both missing (None, NaN and pd.NA count as one missing value)."""
    x_na, y_na = pd.isna(x), pd.isna(y)
    if x_na or y_na:
        return bool(x_na and y_na)
    return bool(x == y)


# --------------------------------------------------------------------------- 1. whole numbers


def test_whole_parts_by_hand():
    arr = np.array([np.nan, np.inf, -np.inf, 10.5, 2.0**53, 2.0**53 + 2, -0.0, 7.0])
    values, bad = _whole_parts(arr)
    assert bad.tolist() == [True, True, True, True, False, True, False, False]
    assert values[~bad].tolist() == [2**53, 0, 7]
    ints = _to_int(pd.Series(arr))
    assert ints.isna().tolist() == bad.tolist()
    values, bad = _whole_parts(np.array([2**53, 2**53 + 1, -(2**53) - 1, 3], dtype=np.int64))
    assert bad.tolist() == [False, True, True, False]
    assert values[~bad].tolist() == [2**53, 3]


# --------------------------------------------------------------------------- 2. line numbers

# newlines, empty lines, and characters of 2, 3 and 4 bytes in UTF-8 (é, ♠, an emoji)
_TEXTS = st.text(alphabet=st.sampled_from([*"ab [\n\t", "é", "♠", "\U0001f0a1"]), max_size=80)


@st.composite
def _text_and_offsets(draw):
    text = draw(_TEXTS)
    offsets = draw(st.lists(st.integers(0, len(text)), min_size=1, max_size=30))
    return text, offsets


@_SETTINGS
@given(case=_text_and_offsets())
def test_line_numbers_count_the_newlines_before_each_offset(case):
    text, offsets = case
    want = [text.count("\n", 0, o) + 1 for o in offsets]  # the line of each offset, by hand
    got = _line_numbers(text, np.array(offsets, dtype=np.int64))
    assert got.dtype == np.int64
    assert got.tolist() == want


def test_line_numbers_by_hand_across_wide_characters():
    text = "é♠\n\n\U0001f0a1x\nlast"  # lines: "é♠", "", "🂡x", "last"
    offsets = [0, 2, 3, 4, 6, 7, len(text)]
    assert _line_numbers(text, np.array(offsets)).tolist() == [1, 1, 2, 3, 3, 4, 4]


# --------------------------------------------------------------------------- 3. tag pairs on a line


def test_scan_reads_two_tags_on_one_line(tmp_path):
    one_line = '[Event "Club"]\n[Board "1"][Dealer "N"]\n[Vulnerable "None"] [Declarer "S"]\n'
    one_line += '[Contract "4S"]\n[Result "10"]\n\n[Board "2"]\t[Dealer "E"]\n[Contract "Pass"]\n'
    (tmp_path / "one.pbn").write_text(one_line)
    (tmp_path / "apart.pbn").write_text(re.sub(r"\][ \t]*\[", "]\n[", one_line))
    together = pbn._scan(tmp_path / "one.pbn")
    apart = pbn._scan(tmp_path / "apart.pbn")
    assert together["names"].tolist() == [
        "Event",
        "Board",
        "Dealer",
        "Vulnerable",
        "Declarer",
        "Contract",
        "Result",
        "Board",
        "Dealer",
        "Contract",
    ]
    assert together["values"].tolist()[:3] == ["Club", "1", "N"]
    assert together["names"].tolist() == apart["names"].tolist()
    assert together["values"].tolist() == apart["values"].tolist()
    assert together["record"].tolist() == apart["record"].tolist() == [0] * 7 + [1] * 3
    assert together["lines"].tolist() == [1, 7]  # each record's first line
    df = read_pbn(tmp_path / "one.pbn")
    assert df["Dealer"].tolist() == ["N", "E"]
    assert df["score_ns"].tolist() == [420.0, 0.0]  # Law 77: 4S by S, 10 tricks, not vul.


def test_a_tag_pair_after_an_escaped_line_is_no_tag(tmp_path):
    # PBN 2.1 §3.1: a line starting with % is escaped; a tag pair later on it is not read
    text = '[Board "1"]\n%[Note "x"] [Board "2"]\n[Declarer "N"]\n[Contract "4S"]\n'
    (tmp_path / "escaped.pbn").write_text(text + '[Result "10"]\n[Vulnerable "None"]\n')
    df = read_pbn(tmp_path / "escaped.pbn")
    assert df["board"].tolist() == [1]
    assert df["score_ns"].tolist() == [420.0]
    assert summary_of(df).notes == {}


# --------------------------------------------------------------------------- 4. numeric columns


def _old_maybe_numeric(arr: np.ndarray) -> np.ndarray:
    """The rule before the fast path: a column numeric when every cell given is a number."""
    num = pd.to_numeric(pd.Series(arr, dtype=object), errors="coerce")
    if num.notna().sum() == pd.Series(arr).notna().sum():
        return num.to_numpy()
    return arr


_CELLS = st.one_of(
    st.none(),
    st.integers(-999, 999).map(str),
    st.sampled_from(
        [
            "1",
            "2",
            "-0",
            "+3",
            "007",
            "1e3",
            " 5",
            "5 ",
            "10.5",
            ".5",
            "A60",
            "40%",
            "nan",
            "inf",
            "-inf",
            "",
            "x",
            "12345678901234567890",
            "-1",
        ]
    ),
)


def _assert_numeric_like_old(arr: np.ndarray) -> None:
    got, want = _pbn_tables._maybe_numeric(arr), _old_maybe_numeric(arr)
    assert got.dtype == want.dtype
    if want.dtype == object:
        assert got.tolist() == arr.tolist()
    else:
        np.testing.assert_array_equal(got, want)  # NaN equal to NaN, exact otherwise


@_SETTINGS
@given(cells=st.lists(_CELLS, max_size=12))
def test_maybe_numeric_is_the_old_rule(cells):
    _assert_numeric_like_old(_objects(cells))


@_SETTINGS
@given(cells=st.lists(st.one_of(st.none(), st.integers(-99, 99).map(str)), max_size=200))
def test_maybe_numeric_of_whole_numbers_with_and_without_gaps(cells):
    _assert_numeric_like_old(_objects(cells))


@pytest.mark.parametrize(
    ("cells", "dtype"),
    [
        (["1", "2", "2"], "int64"),
        (["1", None, "2"], "float64"),
        (["1e3", "-0"], "float64"),
        ([" 5", "-0"], "int64"),
        (["1", "A60"], "object"),
        (["1", "nan"], "object"),  # "nan" is no number given: the column stays text
        (["1", "inf"], "float64"),
        ([], "int64"),
    ],
)
def test_maybe_numeric_by_hand(cells, dtype):
    arr = _objects(cells)
    assert _pbn_tables._maybe_numeric(arr).dtype.name == dtype
    _assert_numeric_like_old(arr)


# --------------------------------------------------------------------------- 5. ^ markers


def _number(text: str) -> bool:
    """Whether ``text`` alone is a number by pandas' rules, the readers' one rule for a
    number (see ``_pbn_tables._numeric_column``): ``" 5"`` is one, ``"nan"`` and
    ``" inf"`` are not (where Python's ``float`` would differ)."""
    return not pd.isna(pd.to_numeric(text, errors="coerce"))


def _artificial_oracle(values):
    """PBN 2.1 §5.2: ``^`` right before a number marks an artificial score; the number kept."""
    out, marked = [], []
    for v in values:
        hit = isinstance(v, str) and v.startswith("^") and _number(v[1:])
        out.append(v[1:] if hit else v)
        marked.append(hit)
    return out, marked


def _irregular_oracle(values):
    """PBN 2.1 §3.4.13/§3.4.15: ``^`` before a declarer or a result marks an irregularity;
    the value after the caret (blanks around taken off) is kept."""
    out, marked = [], []
    for v in values:
        hit = isinstance(v, str) and v.strip().startswith("^")
        out.append(v.strip()[1:].strip() if hit else v)
        marked.append(hit)
    return out, marked


# cells with and without a caret, before numbers and text
_MARKED = st.one_of(
    st.none(),
    st.builds(
        lambda caret, body: caret + body,
        st.sampled_from(["", "^", " ^", "^ ", "^^", "x^"]),
        st.sampled_from(
            [
                "50",
                "-3",
                "62.5",
                ".5",
                "1e3",
                "inf",
                "nan",
                "x",
                "",
                "A60",
                "40%",
                "S",
                "9",
                " 5",
                "N",
                "=",
                "+1",
            ]
        ),
    ),
)


@pytest.mark.parametrize(
    ("marker", "oracle"),
    [("_artificial", _artificial_oracle), ("_irregular", _irregular_oracle)],
)
@_SETTINGS
@given(cells=st.lists(_MARKED, max_size=200))
def test_caret_markers_follow_their_per_cell_rule(marker, oracle, cells):
    got, marked = getattr(_pbn_tables, marker)(_objects(cells))
    want, want_marked = oracle(cells)
    assert got.tolist() == want
    assert marked.dtype == bool and marked.tolist() == want_marked


def test_markers_by_hand():
    cells = _objects(["^50", "^x", " ^9", "^S", "62.5", None, "^-3"])
    artificial, irregular = _pbn_tables._artificial(cells), _pbn_tables._irregular(cells)
    assert artificial[0].tolist() == ["50", "^x", " ^9", "^S", "62.5", None, "-3"]
    assert artificial[1].tolist() == [True, False, False, False, False, False, True]
    assert irregular[0].tolist() == ["50", "x", "9", "S", "62.5", None, "-3"]
    assert irregular[1].tolist() == [True, True, True, True, False, False, True]


# --------------------------------------------------------------------------- 6. file order

_FILES = ["a.pbn", "b/b.pbn", "c.pbn"]


@st.composite
def _parts(draw, *, n_frame=None, int_only_column=None):
    """A records' part and a table rows' part as :func:`pbn._build` hands them over: the
    rows' part has every column of the records' part, and columns of its own."""
    order = dict(zip(draw(st.permutations(_FILES)), range(3), strict=True))
    n = draw(st.integers(0, 6)) if n_frame is None else n_frame
    m = draw(st.integers(1, 8))
    in_order = draw(st.booleans())

    def rows(k):
        src = draw(st.lists(st.sampled_from(_FILES), min_size=k, max_size=k))
        rec = draw(st.lists(st.integers(1, 30), min_size=k, max_size=k))
        if in_order:
            pairs = sorted(zip(src, rec, strict=True), key=lambda p: (order[p[0]], p[1]))
            src, rec = [p[0] for p in pairs], [p[1] for p in pairs]
        return _objects(src), np.array(rec, dtype=np.int64)

    maybe = st.one_of(st.none(), st.sampled_from(["E1", "E2", "x"]))
    frame_src, frame_rec = rows(n)
    frame = {
        "source": frame_src,
        "record": frame_rec,
        "event": _objects(draw(st.lists(maybe, min_size=n, max_size=n))),
        "tricks": _objects(
            draw(st.lists(st.sampled_from(["10", "9", None]), min_size=n, max_size=n))
        ),
        "irregular": np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=bool),
    }
    exp_src, exp_rec = rows(m)
    floats = st.one_of(st.just(np.nan), st.integers(0, 12).map(float))
    whole = int_only_column if int_only_column is not None else draw(st.booleans())
    expanded = {
        "source": exp_src,
        "record": exp_rec,
        "event": _objects(draw(st.lists(maybe, min_size=m, max_size=m))),
        "tricks": np.array(draw(st.lists(floats, min_size=m, max_size=m)), dtype=float),
        "irregular": np.array(draw(st.lists(st.booleans(), min_size=m, max_size=m)), dtype=bool),
        "MP_NS": (
            np.array(draw(st.lists(st.integers(0, 12), min_size=m, max_size=m)), dtype=np.int64)
            if whole
            else np.array(draw(st.lists(floats, min_size=m, max_size=m)), dtype=float)
        ),
        "Names": _objects(draw(st.lists(maybe, min_size=m, max_size=m))),
    }
    return frame, expanded, order


def _concat_sorted(frame: dict, expanded: dict, order: dict) -> pd.DataFrame:
    """The general path: pandas.concat, then a stable sort by file order and record."""
    both = pd.concat([pd.DataFrame(frame), pd.DataFrame(expanded)], ignore_index=True)
    both["_file"] = both["source"].map(order)
    return both.sort_values(["_file", "record"], kind="stable").drop(columns="_file")


def _assert_in_file_order(frame, expanded, order) -> dict:
    got = _pbn_tables._in_file_order(frame, expanded, order)
    want = _concat_sorted(frame, expanded, order)
    assert list(got) == list(want.columns)
    for c in want.columns:
        assert len(got[c]) == len(want)
        pairs = zip(got[c].tolist(), want[c].tolist(), strict=True)
        assert all(_same_missing(x, y) for x, y in pairs), c
    for c in set(expanded) - set(frame):  # a table's own column: numbers stay numbers
        if expanded[c].dtype.kind in "iuf":
            assert got[c].dtype.kind in "iuf", c
    return got


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parts=_parts())
def test_in_file_order_is_concat_then_stable_sort(parts):
    _assert_in_file_order(*parts)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parts=_parts(n_frame=0))
def test_in_file_order_without_records(parts):
    _assert_in_file_order(*parts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parts=_parts(int_only_column=True).filter(lambda p: len(p[0]["source"]) > 0))
def test_in_file_order_a_tables_whole_number_column_becomes_float_beside_records(parts):
    got = _assert_in_file_order(*parts)
    assert got["MP_NS"].dtype == np.float64  # NaN on the records' rows, as pandas.concat


def test_in_file_order_without_records_keeps_pandas_concat_dtypes():
    frame = {
        "source": _objects([]),
        "record": np.zeros(0, dtype=np.int64),
        "tricks": _objects([]),
    }
    expanded = {
        "source": _objects(["a.pbn", "a.pbn"]),
        "record": np.array([5, 6], dtype=np.int64),
        "tricks": np.array([10.0, 9.0]),
        "MP_NS": np.array([2, 0], dtype=np.int64),
    }
    got = _pbn_tables._in_file_order(frame, expanded, {"a.pbn": 0})
    want = _concat_sorted(frame, expanded, {"a.pbn": 0})
    # "tricks" is the readers' own raw column (the records' text, the tables' numbers),
    # never output: _finish reads either, so only its values must agree
    assert got["tricks"].tolist() == want["tricks"].tolist()
    dtypes = {c: got[c].dtype for c in got if c != "tricks"}
    assert dtypes == want.dtypes.drop("tricks").to_dict()
    assert got["MP_NS"].dtype == np.float64


def test_in_file_order_by_hand():
    frame = {"source": _objects(["b.pbn", "a.pbn"]), "record": np.array([3, 9])}
    expanded = {
        "source": _objects(["a.pbn", "b.pbn", "a.pbn"]),
        "record": np.array([9, 1, 2]),
        "MP_NS": np.array([1.0, 2.0, 3.0]),
    }
    got = _pbn_tables._in_file_order(frame, expanded, {"a.pbn": 0, "b.pbn": 1})
    assert got["source"].tolist() == ["a.pbn", "a.pbn", "a.pbn", "b.pbn", "b.pbn"]
    assert got["record"].tolist() == [2, 9, 9, 1, 3]
    # the record's row before the table row of the same line (the stable sort's tie)
    assert [x if x == x else None for x in got["MP_NS"].tolist()] == [3.0, None, 1.0, 2.0, None]


# --------------------------------------------------------------------------- 7. end to end

# PBN 2.1 §5.9: a ScoreTable, its column specification, then one line per table.
_SPEC_MP = (
    "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
    "Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"
)
_SPEC_PCT = (
    "Table\\2R;Section\\1L;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
    "Score_NS\\5R;Score_EW\\5R;Percentage_NS\\6R;Multiplicity\\1R"
)
# board -> (dealer, vulnerable, spec, rows); scores by Law 77 of the Laws of Duplicate
# Bridge 2017: 4S making 10 not vulnerable 120 + 300 = 420; 3NT making 9 vulnerable
# 40 + 30 + 30 + 500 = 600 (for EW, so -600 for NS); 2H making 8 60 + 50 = 110; 4HX down
# one vulnerable 200; 4S making 11 not vulnerable 150 + 300 = 450; 3NT down one vul. 100.
_BOARDS = {
    1: (
        "N",
        "None",
        _SPEC_MP,
        [
            " 1  2 4S    S 10   420     -    2    0",
            " 3  4 4S    S 11   450     -    4    0",
            " 5  6 4S    S  9     -    50    0    4",
        ],
    ),
    2: (
        "E",
        "NS",
        _SPEC_PCT,
        [
            " 1 B  1  2 2H    N  8   110     -  75.00 1",
            " 2 B  3  4 2H    N  =   110     -  75.00 1",
            " 3 B  5  6 4HX   W 10     -   590   0.00 2",
        ],
    ),
    3: (
        "S",
        "EW",
        _SPEC_MP,
        [
            " 1  4 3NT   E  9     -   600    2    2",
            " 3  6 3NT   E  8   100     -    4    0",
            " 5  2 3NT   E  9     -   600    2    2",
        ],
    ),
    4: (
        "W",
        "All",
        _SPEC_PCT,
        [
            " 1 B  1  4 4HX   W  9   200     - 100.00 1",
            " 2 B  3  6 4S    N -1     -   100  50.00 1",
            " 3 B  5  2 Pass  -  -     0     0  25.00 1",
        ],
    ),
}


def _pbn(boards) -> str:
    """A PBN file of score tables, one record per board, a blank line between records."""
    out = []
    for b in boards:
        dealer, vul, spec, rows = _BOARDS[b]
        out.append(
            f'[Event "Club Pairs"]\n[Section "A"]\n[Board "{b}"]\n[Dealer "{dealer}"]\n'
            f'[Vulnerable "{vul}"]\n[ScoreTable "{spec}"]\n' + "\n".join(rows) + "\n"
        )
    return "\n".join(out)


@pytest.fixture()
def files(tmp_path):
    paths = {
        "mp": tmp_path / "mp.pbn",  # boards 1 and 3: the MP column spec
        "pct": tmp_path / "pct.pbn",  # boards 2 and 4: the percentage spec
        "mixed": tmp_path / "mixed.pbn",  # boards 1-4, the two specs alternating
    }
    paths["mp"].write_text(_pbn([1, 3]))
    paths["pct"].write_text(_pbn([2, 4]))
    paths["mixed"].write_text(_pbn([1, 2, 3, 4]))
    return paths


def _assert_same_values(left: pd.DataFrame, right: pd.DataFrame, columns) -> None:
    """The same rows in ``columns``: equal values, or missing on both sides."""
    assert len(left) == len(right)
    for c in columns:
        pairs = zip(left[c].tolist(), right[c].tolist(), strict=True)
        assert all(_same_missing(x, y) for x, y in pairs), c


def _key(df: pd.DataFrame) -> pd.DataFrame:
    return df.sort_values(["board", "pair_ns", "pair_ew"], kind="stable").reset_index(drop=True)


def test_scores_by_hand_law_77(files):
    df = read_pbn(files["mixed"])
    s = summary_of(df)
    assert (s.records, s.scorable, s.skipped, s.score_mismatches) == (13, 13, {}, 0)
    by = {(r.board, r.pair_ns): r.score_ns for r in df.itertuples()}
    assert by[(1, "1")] == 420.0  # 4S by S, 10 tricks, not vulnerable
    assert by[(1, "3")] == 450.0  # 4S by S, 11 tricks, not vulnerable
    assert by[(1, "5")] == -50.0  # 4S by S, 9 tricks: down one not vulnerable
    assert by[(3, "1")] == -600.0  # 3NT by E, 9 tricks, vulnerable
    assert by[(3, "3")] == 100.0  # 3NT by E, 8 tricks: down one vulnerable
    assert by[(2, "1")] == by[(2, "3")] == 110.0  # 2H by N, 8 tricks ("=" is 6 + 2)
    assert by[(2, "5")] == -590.0  # 4HX by W, 10 tricks, not vulnerable: 240 + 300 + 50
    assert by[(4, "1")] == 200.0  # 4HX by W, 9 tricks: down one doubled vulnerable
    assert by[(4, "3")] == -100.0  # 4S by N, "-1": down one vulnerable
    assert by[(4, "5")] == 0.0  # passed out
    assert (df["score_ns_printed"] == df["score_ns"]).all()  # the file's scores agree
    assert df.loc[df["board"] == 2, "Percentage_NS"].tolist() == [75.0, 75.0, 0.0, 0.0]
    # Section: the table's cells where its spec has the column, else the board's tag
    assert df["Section"].tolist() == ["A"] * 3 + ["B"] * 4 + ["A"] * 3 + ["B"] * 3


def test_two_specs_in_one_call_is_each_file_alone(files):
    both = read_pbn([files["mp"], files["pct"]])
    mp, pct = read_pbn(files["mp"]), read_pbn(files["pct"])
    shared = [c for c in mp.columns if c in pct.columns]
    assert set(shared) >= {"source", "record", "board", "contract", "score_ns", "tricks"}
    # values equal column by column (missing as missing); the dtype where the two files
    # agree on it (pandas.concat of a text column and an all-missing one is object, while
    # the one call reads the column as text: pandas' choice, not the reader's)
    _assert_same_values(both, pd.concat([mp, pct], ignore_index=True), shared)
    for c in shared:
        if mp[c].dtype == pct[c].dtype:
            assert both[c].dtype == mp[c].dtype, c
    # mp.pbn has no Table; board 2's table 3 stands for two tables (Multiplicity 2): its
    # copy names no table (issue 26)
    assert pd.isna(both["table"]).tolist() == [True] * 6 + [False] * 3 + [True] + [False] * 3
    assert set(both.columns) == set(mp.columns) | set(pct.columns)
    s, s_mp, s_pct = summary_of(both), summary_of(mp), summary_of(pct)
    assert s.records == s_mp.records + s_pct.records == len(both) == 3 + 3 + 4 + 3
    assert s.scorable == s_mp.scorable + s_pct.scorable
    assert s.skipped == dict(pd.Series(s_mp.skipped).add(pd.Series(s_pct.skipped), fill_value=0))
    # a column one spec lacks is missing on the other's rows
    assert both.loc[both["source"] == "pct.pbn", "MP_NS"].isna().all()
    assert both.loc[both["source"] == "mp.pbn", "Percentage_NS"].isna().all()


def test_alternating_specs_in_one_file_is_one_spec_per_file(files):
    mixed = read_pbn(files["mixed"])
    apart = read_pbn([files["mp"], files["pct"]])
    assert set(mixed.columns) == set(apart.columns)
    columns = [c for c in apart.columns if c not in ("source", "record")]
    _assert_same_values(_key(mixed), _key(apart), columns)
    for c in columns:
        assert mixed[c].dtype == apart[c].dtype, c
    assert mixed["record"].is_monotonic_increasing  # rows in file order
    assert mixed["board"].tolist() == [1] * 3 + [2] * 4 + [3] * 3 + [4] * 3
    s, s_apart = summary_of(mixed), summary_of(apart)
    assert (s.records, s.scorable, s.skipped) == (s_apart.records, s_apart.scorable, {})
    assert s.notes == s_apart.notes


def test_table_only_file_keeps_the_float_dtype_of_a_whole_number_column(files):
    assert read_pbn(files["mp"])["MP_NS"].dtype == np.float64
