"""A VP scale read from CSV (``bridgestats score --scale-file``): every column read, the
rows checked against each other, a file that disagrees refused with its line (issue 34).

The files are the ones ``bridgestats scale --format csv`` writes (whole-IMP bands, the
evidence's 5-board scale: 17-3 from 13 to 14 IMPs) and the continuous frame of
``VPScale.to_frame``, each changed in one cell as the hostile pass did.
"""

from __future__ import annotations

import numpy as np
import pytest
from apps.test_score_event import TEAMS
from cli.test_cli_score import _run  # tests/ is on the path (rootdir conftest)

from bridgestats.apps.score import team_matches
from bridgestats.cli import main
from bridgestats.errors import BridgestatsError
from bridgestats.io import read_scale_csv
from bridgestats.vp import event_scale, gaussian_scale, wbf_scale


@pytest.fixture
def five_boards(tmp_path, capsys):
    """``bridgestats scale --boards 5 --format csv``, as written, and its lines."""
    assert main(["scale", "--boards", "5", "--format", "csv"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "scale.csv"
    path.write_text(text)
    assert "17,3,13,14," in text  # the row the issue changes
    return path, text.splitlines()


def _edited(path, lines, old: str, new: str):
    """The file with the line starting ``old`` starting ``new`` instead (the whole line
    when ``new`` has all five fields); the edited line's number."""
    (at,) = [i for i, line in enumerate(lines) if line.startswith(old)]
    edited = new if new.count(",") == 4 else new + lines[at][len(old) :]
    path.write_text("\n".join([*lines[:at], edited, *lines[at + 1 :]]) + "\n")
    return at + 1


def test_a_scale_file_as_the_scale_command_writes_it(tmp_path):
    scale = event_scale("teams", 2, k=6.5)
    path = tmp_path / "scale.csv"
    path.write_text(scale.to_csv(step=1))
    back = read_scale_csv(path)
    assert back.max_vp == 20 and back.negative == 0
    # whole-IMP margins score the same on the file's whole-IMP thresholds
    for margin in range(-40, 41):
        assert back.vp(margin) == scale.vp(margin), margin
    m = team_matches(TEAMS, scale="file", scale_file=back)
    assert m["vp_b"].iat[0] == scale.vp(8)


@pytest.mark.parametrize(
    "scale",
    [
        gaussian_scale(20, sigma=14.0, negative=3, unit="IMPs"),  # 20-(-3): winner stays 20
        gaussian_scale(30, sigma=30.0, unit="IMPs"),  # a 15-15 tie
        wbf_scale(12),  # the continuous scale's 2-decimal VPs
        gaussian_scale(20, sigma=3.0, unit="IMPs"),  # narrow: empty whole-IMP bands
    ],
    ids=["negative", "30-0", "wbf", "empty-bands"],
)
@pytest.mark.parametrize("step", [1, 0], ids=["whole", "continuous"])
def test_every_scale_the_package_writes_reads_back(tmp_path, scale, step):
    path = tmp_path / "scale.csv"
    path.write_text(scale.to_csv(step=step))
    back = read_scale_csv(path)
    margins = np.arange(-80, 81) if step else np.linspace(-80, 80, 641)
    np.testing.assert_array_equal(back.vp(margins), scale.vp(margins))


def test_a_changed_vp_row_is_refused_not_ignored(five_boards):
    # the case: 17-3 changed to 19-1 at 13-14 IMPs was scored 17-3 without a word
    path, lines = five_boards
    line = _edited(path, lines, "17,3,13,14", "19,1,13,14")
    with pytest.raises(
        BridgestatsError,
        match=rf"scale\.csv: line {line + 1}: VPs 18-2 go back from 19-1 in the row above",
    ):
        read_scale_csv(path)


def test_changed_vps_that_stay_monotone_are_scored_as_printed(five_boards):
    path, lines = five_boards
    _edited(path, lines, "17,3,13,14", "17.5,2.5,13,14")
    scale = read_scale_csv(path)
    assert scale.vp([13, 14, 15, -13]).tolist() == [17.5, 17.5, 18.0, 2.5]


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("17,3,13,14", "17,2,13,14", r"VPs 17-2 do not add up to the tie's total 20"),
        ("17,3,13,14", "nan,3,13,14", r"vp_winner must be a number; got nan"),
        ("17,3,13,14", "17,3,,14", r"margin_from must be a number; got ''"),
        ("17,3,13,14", "17,3,12,14", r"margin_from 12 overlaps the band above \(10-12\)"),
        ("17,3,13,14", "17,3,14,14", r"margin_from 14 leaves a gap after the band above"),
        ("17,3,13,14", "17,3,13,15", r"margin_from 15 overlaps the band above \(13-15\)"),
        ("17,3,13,14", "17,3,13,14,1.5", r"probability must be in 0-1; got 1.5"),
        ("17,3,13,14", "17,3,13,14,", r"probability must be a number; got ''"),
        ("17,3,13,14", "17,3,13,inf", r"margin_to must be finite"),
        ("17,3,13,14", "16,4,13,14", r"VPs 16-4 are the row above's"),
        ("10,10,0,0", "11,9,0,0", r"the first row is the tie: margin_from 0 and equal VPs"),
        ("20,0,24,", "20,0,24,30", r"the top band is open"),
    ],
)
def test_rows_that_disagree_are_refused_naming_the_line(five_boards, old, new, says):
    path, lines = five_boards
    line = _edited(path, lines, old, new)
    with pytest.raises(BridgestatsError, match=rf"scale\.csv: line (\d+): {says}") as info:
        read_scale_csv(path)
    shown = int(str(info.value).split("line ")[1].split(":")[0])
    assert shown in (line, line + 1)  # the edited row, or the row it now disagrees with


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("imp,vp\n1,2\n", r"unknown column 'imp'"),
        ("vp_winner,vp_loser,margin_from,margin_upto\n10,10,0,0\n", r"unknown column"),
        ("vp_winner,vp_loser,margin_from\n10,10,0\n", r"two or more rows"),
        ("vp_winner,vp_loser,margin_from\n10,10,0\n11,9,5\n12,8,3\n", r"line 4: margin_from 3"),
        ("vp_winner,vp_loser,margin_from\n10,10,0\n11,9,5,7\n", r"line 3: 4 fields"),
        ("vp_winner,vp_loser,vp_loser,margin_from\n10,10,10,0\n", r"once each"),
    ],
)
def test_a_bad_scale_file_is_named(tmp_path, text, says):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(BridgestatsError, match=rf"^{path}: .*{says}"):
        read_scale_csv(path)


def test_score_refuses_the_edited_file_in_one_line(capsys, tmp_path, five_boards):
    path, lines = five_boards
    _edited(path, lines, "17,3,13,14", "19,1,13,14")
    pbn = tmp_path / "teams.pbn"
    text = ""
    for room, contract, result in (("Open", "4H", "10"), ("Closed", "4HX", "9")):
        text += (
            f'[Event "Teams"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "IMP"]\n'
            f'[Declarer "N"]\n[Contract "{contract}"]\n[Result "{result}"]\n'
            f'[HomeTeam "Lions"]\n[VisitTeam "Bears"]\n[Room "{room}"]\n\n'
        )
    pbn.write_text(text)
    code, out, err = _run(capsys, "score", pbn, "--scale-file", path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "scale.csv: line 10: VPs 18-2 go back" in err


def test_a_swiss_pairs_scale_as_the_command_line_writes_it_reads_back(tmp_path, capsys):
    """`bridgestats scale --form swiss-pairs --format csv` adds the winner's score columns
    (50 + the MP % margin): the file reads back to the same thresholds and VPs, centre 50,
    and a score column that is not the margin + one centre is refused with its line."""
    from bridgestats.cli import main

    assert main(["scale", "--form", "swiss-pairs", "--boards", "8", "--format", "csv"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "swiss.csv"
    path.write_text(text[text.index("vp_winner") :])
    scale = read_scale_csv(path)
    from bridgestats.vp import event_scale

    made = event_scale("swiss_pairs", 8)
    np.testing.assert_allclose(scale.thresholds, made.thresholds, rtol=1e-12)
    assert scale.centre == 50 and scale.vp(made.thresholds[-1]) == 20
    lines = path.read_text().splitlines()
    cells = lines[3].split(",")
    cells[-2] = str(float(cells[-2]) + 0.5)  # score_from off by half a point
    lines[3] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(
        BridgestatsError,
        match=r"line 4: score_from .* is not margin_from .* \+ "
        r"the centre 50 of the first row",
    ):
        read_scale_csv(path)
