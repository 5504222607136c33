"""Each file by its own method, the method inferred from the IMPs a file prints (issue 35).

A pairs file that says only "IMP" (OKbridge's ``##IMP``) or nothing, and prints each
line's IMPs, is scored by whichever of Butler and cross-IMPs agrees with them; the
summary says which rule chose it. A folder of files is scored file by file.

The board below is worked by hand: 4S by North, not vulnerable, 10, 11 and 9 tricks and
2S making 8: North-South 420, 450, -50, 110. Cross-IMPs, each against the three others,
averaged: 420: (-1 + 10 + 7)/3 = 5.33; 450: (1 + 11 + 8)/3 = 6.67; -50: (-10 - 11 - 4)/3
= -8.33; 110: (-7 - 8 + 4)/3 = -3.67. Butler, the datum trimmed (the top and bottom
dropped: (420 + 110)/2 = 265, rounded to 270): 420 +150 = 4, 450 +180 = 5, -50 -320 = -8,
110 -160 = -4 IMPs.
"""

from __future__ import annotations

import io

import pandas as pd
import pytest

import bridgestats.io as bio
from bridgestats.apps.score import declared_method, score_files
from bridgestats.cli import main

CROSS = ("5.33", "6.67", "-8.33", "-3.67")
BUTLER = ("4", "5", "-8", "-4")


def _pairs_pbn(printed, scoring=None):
    """One board, four tables, the ScoreTable printing ``printed`` as IMP_NS."""
    lines = [
        ("1", "5", "4S", "N", "10"),
        ("2", "6", "4S", "N", "11"),
        ("3", "7", "4S", "N", "9"),
        ("4", "8", "2S", "N", "8"),
    ]
    head = ['[Event "IMP pairs"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]']
    if scoring is not None:
        head.append(f'[Scoring "{scoring}"]')
    spec = r"PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;IMP_NS\6R"
    head.append(f'[ScoreTable "{spec}"]')
    rows = [
        f"{a:>2} {b:>2} {c:<4} {d} {e:>2} {p:>6}"
        for (a, b, c, d, e), p in zip(lines, printed, strict=True)
    ]
    return "\n".join([*head, *rows]) + "\n"


@pytest.mark.parametrize("scoring", ["IMP", "##IMP", None])
def test_the_printed_imps_choose_cross_imps(tmp_path, scoring):
    path = tmp_path / "x.pbn"
    path.write_text(_pairs_pbn(CROSS, scoring))
    method, source = declared_method(bio.read_results(path))
    assert method == "cross_imps"
    rule = "printed IMP_NS: cross-IMPs agree with 4 of 4 lines, Butler with 0"
    assert source == (rule if scoring is None else f"declared: IMP; {rule}")


def test_the_printed_imps_choose_butler(tmp_path):
    path = tmp_path / "b.pbn"
    path.write_text(_pairs_pbn(BUTLER))
    # printed as whole IMPs, a cross-IMP figure within half an IMP agrees too: -8.33
    # and -3.67 (printed -8 and -4), not 5.33 nor 6.67 (printed 4 and 5)
    assert declared_method(bio.read_results(path)) == (
        "butler",
        "printed IMP_NS: Butler agree with 4 of 4 lines, cross-IMPs with 2",
    )


def test_a_folder_is_scored_file_by_file(tmp_path, capsys):
    (tmp_path / "a.pbn").write_text(_pairs_pbn(CROSS))
    (tmp_path / "b.pbn").write_text(_pairs_pbn(BUTLER, "IMP"))
    results = score_files(bio.read_results(tmp_path))
    assert [r.method for r in results] == ["cross_imps", "butler"]
    assert [r.agreement["agree"].tolist() for r in results] == [[4], [4]]
    code = main(["score", str(tmp_path), "--table", "ranking", "--format", "csv"])
    out, err = capsys.readouterr()
    assert code == 0
    ranking = pd.read_csv(io.StringIO(out))
    assert ranking["source"].tolist() == ["a.pbn"] * 8 + ["b.pbn"] * 8
    assert "a.pbn: event: IMP pairs; method: cross-IMPs (printed IMP_NS" in err
    code = main(["score", str(tmp_path)])
    out, _ = capsys.readouterr()
    # each file under its event, named (the folder's title above them)
    assert "\n## IMP pairs (a.pbn)\n" in out and "\n## IMP pairs (b.pbn)\n" in out
    assert "\n### Ranking\n" in out


@pytest.mark.shared
def test_the_usebio_folder_mixes_butler_cross_imps_and_matchpoints(tmp_path, shared_data):
    for name in ("butler_howell.xml", "cross_imp_howell.xml", "mp_pairs_howell.xml"):
        (tmp_path / name).symlink_to(shared_data / "usebio" / name)
    from bridgestats.apps.score import printed_standings

    results = score_files(
        bio.read_results(tmp_path),
        standings=lambda source, method: printed_standings(tmp_path / source, method),
    )
    assert [(r.method, r.method_source) for r in results] == [
        ("butler", "declared: BUTLER_PAIRS"),
        ("cross_imps", "declared: CROSS_IMP"),
        ("mp", "declared: MP_PAIRS"),
    ]
    # each file's own printed standings compared, as when scored alone
    assert [r.ranking_agreement["agree"].tolist() for r in results] == [
        [8, 8],
        [9, 9],
        [12, 12, 12],
    ]
