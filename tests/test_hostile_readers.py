"""Hostile input to the readers, second pass (issue 26): silently wrong results closed.

Each class of defect the second hostile pass found in the readers gets a fixed case (which
failed before its fix) and, where the class is wide, a hypothesis property so that it stays
closed: braces inside PBN values, signed ``Result`` tags, undefined USEBIO entities behind a
DOCTYPE, duplicated or impossible results, ``Multiplicity`` on a line naming its pairs.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgestats.errors import ParseError
from bridgestats.io import read_pbn, summary_of

_SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _record(board, event="Pairs", result="10", contract="4S", declarer="S"):
    return (
        f'[Event "{event}"]\n[Board "{board}"]\n[Vulnerable "None"]\n'
        f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{result}"]\n'
    )


def _write(tmp_path, text, name="t.pbn"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- PBN braces


def test_brace_inside_a_value_is_text(tmp_path):
    frame = read_pbn(_write(tmp_path, _record(1, "Pairs {heat 1}")))
    assert frame["event"].tolist() == ["Pairs {heat 1}"]
    assert frame["score_ns"].tolist() == [420.0]


def test_brace_opened_in_one_value_and_closed_in_another_swallows_nothing(tmp_path):
    text = "\n".join([_record(1, "A {x"), _record(2), _record(3), _record(4, "y} B")])
    frame = read_pbn(_write(tmp_path, text))
    summary = summary_of(frame)
    assert frame["board"].tolist() == [1, 2, 3, 4]
    assert (summary.records, summary.scorable) == (4, 4)
    assert frame["event"].tolist() == ["A {x", "Pairs", "Pairs", "y} B"]


def test_comment_outside_strings_is_still_removed(tmp_path):
    text = '{a comment [Board "9"]\nover two lines}\n' + _record(1) + '{note "quoted}"}\n'
    frame = read_pbn(_write(tmp_path, text))
    assert frame["board"].tolist() == [1]
    assert frame["record"].tolist() == [3]  # line numbers hold


def test_unclosed_comment_is_reported_with_file_and_line(tmp_path):
    path = _write(tmp_path, "\n".join([_record(1), "{ never closed", _record(2)]), "u.pbn")
    frame = read_pbn(path)
    assert len(frame) == 2
    (key,) = [k for k in summary_of(frame).notes if "unclosed" in k]
    assert key.endswith("u.pbn line 8")
    with pytest.raises(ParseError, match=r"u\.pbn, line 8: .*never closed"):
        read_pbn(path, strict=True)


_VALUE_TEXT = st.text(alphabet=st.sampled_from(list("ab {}%;[] 1")), min_size=0, max_size=12)


@_SETTINGS
@given(events=st.lists(_VALUE_TEXT, min_size=1, max_size=5))
def test_property_braces_in_values_never_change_values_or_records(tmp_path, events):
    text = "\n".join(_record(b + 1, e) for b, e in enumerate(events))
    frame = read_pbn(_write(tmp_path, text))
    assert len(frame) == len(events)
    assert summary_of(frame).scorable == len(events)
    assert frame["event"].tolist() == events


# --------------------------------------------------------------------------- PBN Result sign


@pytest.mark.parametrize(
    ("result", "tricks", "score"),
    [("+1", 11, 450.0), ("=", 10, 420.0), ("-2", 8, -100.0), ("10", 10, 420.0)],
)
def test_signed_result_is_relative_to_the_contract(tmp_path, result, tricks, score):
    frame = read_pbn(_write(tmp_path, _record(1, result=result)))
    assert frame["tricks"].tolist() == [tricks]
    assert frame["score_ns"].tolist() == [score]
    relative = [k for k in summary_of(frame).notes if "relative" in k]
    assert len(relative) == (result != "10")


@_SETTINGS
@given(
    level=st.integers(1, 7),
    offset=st.integers(-7, 6),
    declarer=st.sampled_from("NESW"),
)
def test_property_signed_result_matches_the_trick_count(tmp_path, level, offset, declarer):
    tricks = level + 6 + offset
    if not 0 <= tricks <= 13:
        return
    sign = "=" if offset == 0 else f"{offset:+d}"
    relative = read_pbn(
        _write(tmp_path, _record(1, result=sign, contract=f"{level}H", declarer=declarer))
    )
    absolute = read_pbn(
        _write(tmp_path, _record(1, result=str(tricks), contract=f"{level}H", declarer=declarer))
    )
    assert relative["tricks"].tolist() == [tricks]
    assert relative["score_ns"].tolist() == absolute["score_ns"].tolist()
