"""``bridgestats score FILE`` and ``bridgestats read FILE --to csv``.

The small files are those of tests/test_score_event.py, whose figures are worked by hand
there; the real files (``../shared/data``, skipped when absent) check that the command
prints the agreement counts the study measures on the scorers' own printed figures. Bad
files and bad options: one line on standard error naming the file (and the record and
the reason), exit status 2, never a traceback.
"""

from __future__ import annotations

import io
import itertools
import os
import re
import subprocess
import sys

import pandas as pd
import pytest
from apps.test_score_event import MITCHELL_PBN  # tests/ is on the path (rootdir conftest)

import bridgestats.io as bio
from bridgestats.cli import main
from bridgestats.paths import project_root


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def club_pbn(tmp_path):
    path = tmp_path / "club.pbn"
    path.write_text(MITCHELL_PBN)
    return path


@pytest.fixture
def teams_pbn(tmp_path):
    """Lions v Bears, 2 boards: +520 (11 IMPs to Lions), -170 (5 IMPs to Bears)."""
    deals = [
        ("1", "None", "Open", "N", "4H", "10", "NS 11 EW -11"),  # 4H= +420
        ("1", "None", "Closed", "N", "4HX", "9", "NS -11 EW 11"),  # 4HX-1 -100
        ("2", "NS", "Open", "E", "1S", "7", "NS -5 EW 5"),  # 1S= -80
        ("2", "NS", "Closed", "N", "2C", "8", "NS 5 EW -5"),  # 2C= +90
    ]
    text = ""
    for board, vul, room, declarer, contract, result, imps in deals:
        text += (
            f'[Event "Teams"]\n[Board "{board}"]\n[Vulnerable "{vul}"]\n[Scoring "IMP"]\n'
            f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{result}"]\n'
            f'[HomeTeam "Lions"]\n[VisitTeam "Bears"]\n[Room "{room}"]\n'
            f'[Stage "1"]\n[ScoreIMP "{imps}"]\n\n'
        )
    path = tmp_path / "teams.pbn"
    path.write_text(text)
    return path


def test_the_parser_offers_the_package_s_methods_datums_and_tables():
    from bridgestats import cli
    from bridgestats.apps.score.render import TABLES
    from bridgestats.cli import _common
    from bridgestats.cli import score as cli_score
    from bridgestats.scoring import DATUMS, METHODS

    score = next(
        a
        for a in cli._parser()._subparsers._group_actions[0].choices["score"]._actions
        if a.dest == "method"
    )
    assert list(score.choices) == [_common._shown_id(m) for m in (*METHODS, "teams")]
    assert _common._datums() == DATUMS  # read from scoring at first use, not copied
    assert cli_score._TABLES == ("all", *TABLES)


def test_the_command_line_spells_ids_with_hyphens_and_maps_them_in_one_place(capsys):
    from bridgestats import cli

    parser = cli._parser()
    for word in ("cross-imps", "cross_imps"):
        assert parser.parse_args(["score", "f.pbn", "--method", word]).method == "cross_imps"
    with pytest.raises(SystemExit):
        parser.parse_args(["score", "f.pbn", "--method", "cross"])
    err = capsys.readouterr().err
    assert "(choose from 'mp', 'butler', 'cross-imps', 'teams')" in err
    assert "cross_imps" not in err


def test_building_the_parser_imports_no_study():
    code = (
        "import sys; from bridgestats import cli; cli._parser(); "
        "print(any(m.startswith('bridgestats.studies') for m in sys.modules))"
    )
    env = {**os.environ, "PYTHONPATH": str(project_root())}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "False"


def test_score_prints_the_ranking_and_the_agreement(capsys, club_pbn):
    code, out, err = _run(capsys, "score", club_pbn)
    assert code == 0 and err == ""
    assert "- method: matchpoints (declared in the file: MP)" in out
    assert "- printed MP_NS: 7 of 8 agree with the computed NS matchpoints" in out
    assert "- printed Percentage_NS: 8 of 8 agree with the computed NS percentage" in out
    # the results first (the ranking, the boards), then the agreement and diagnostics
    for table in ("Ranking", "Boards", "Agreement and diagnostics"):
        assert f"\n## {table}\n" in out
    for table in ("The file's printed scores, checked", "Printed scores that differ"):
        assert f"\n### {table}\n" in out
    assert out.index("## Ranking") < out.index("## Boards") < out.index("- method: ")
    assert out.startswith("# Club pairs\n\nScored by matchpoints\n")
    assert "\n### Board 2 (4 results, top 6)\n" in out
    # the one disagreement: board 2 (NS 4 v EW 5), printed 1.0 where the -140 scores 0
    # (the file and the event, one of each, are said once above the tables)
    assert "| printed figure | record | board | NS pair | EW pair | printed | computed |" in out
    assert "| MP_NS | 27 | 2 | 4 | 5 | 1 | 0 |" in out
    assert "- event: Club pairs\n" in out


def test_score_csv_ranking_by_hand(capsys, club_pbn):
    code, out, err = _run(capsys, "score", club_pbn, "--table", "ranking", "--format", "csv")
    assert code == 0
    r = pd.read_csv(io.StringIO(out), dtype={"pair": str})
    ns = r[r.direction == "NS"]
    assert ns["pair"].tolist() == ["3", "1", "4", "2"] and ns["total"].tolist() == [8, 7, 6, 3]
    assert "printed MP_NS: 7 of 8 agree" in err  # the summary line goes to stderr with CSV


def test_score_csv_is_one_table_the_ranking_unless_asked(capsys, club_pbn):
    code, out, _ = _run(capsys, "score", club_pbn, "--format", "csv")
    assert code == 0
    assert not [line for line in out.splitlines() if line.startswith("#")]
    _, ranking, _ = _run(capsys, "score", club_pbn, "--format", "csv", "--table", "ranking")
    assert out == ranking


def test_score_html_and_out(capsys, club_pbn, tmp_path):
    target = tmp_path / "scores.html"
    code, out, err = _run(capsys, "score", club_pbn, "--format", "html", "--out", target)
    assert code == 0 and out == ""
    page = target.read_text()
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert "<h2>Ranking</h2>" in page and "<thead>" in page and "<th>NS matchpoints</th>" in page
    assert "printed MP_NS: 7 of 8 agree" in err


def test_score_options_reach_the_study(capsys, club_pbn):
    # Butler, mean rounded to 10: board 1 (420, -50, 400, 450) mean 305 -> 310:
    # +110 3, -360 -8 (320-360), +90 3, +140 4
    code, out, _ = _run(
        capsys,
        *("score", club_pbn, "--method", "butler", "--datum", "rounded"),
        *("--table", "boards", "--format", "csv"),
    )
    assert code == 0
    b = pd.read_csv(io.StringIO(out))
    assert b.loc[b.board == 1, "imps_ns"].tolist() == [3, -8, 3, 4]
    assert set(b.loc[b.board == 1, "datum"]) == {310}


def test_score_teams_with_the_scales(capsys, teams_pbn, tmp_path):
    code, out, _ = _run(capsys, "score", teams_pbn, "--table", "matches", "--format", "csv")
    assert code == 0
    m = pd.read_csv(io.StringIO(out))
    assert m[["team_a", "imps_a", "imps_b"]].values.tolist() == [["Bears", 5, 11]]
    assert m["vp_b"].tolist() == [14.39]  # WBF 2013, 6 IMPs over 2 boards
    code, out, err = _run(capsys, "score", teams_pbn, "--table", "agreement", "--format", "csv")
    assert "printed ScoreIMP: 4 of 4 agree" in err
    # a Gaussian K and the same scale through a file, as `bridgestats scale` writes it
    _, gauss, _ = _run(
        capsys,
        *("score", teams_pbn, "--scale", "gaussian", "--k", "6.5"),
        *("--table", "matches", "--format", "csv"),
    )
    scale_csv = tmp_path / "k65.csv"
    _, scale_text, _ = _run(capsys, "scale", "--boards", "2", "--k", "6.5", "--format", "csv")
    scale_csv.write_text(scale_text)
    _, from_file, _ = _run(
        capsys,
        *("score", teams_pbn, "--scale-file", scale_csv),
        *("--table", "matches", "--format", "csv"),
    )
    g, f = pd.read_csv(io.StringIO(gauss)), pd.read_csv(io.StringIO(from_file))
    assert g[["vp_a", "vp_b"]].values.tolist() == f[["vp_a", "vp_b"]].values.tolist()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--ascherman"], "--ascherman: must be given with matchpoints"),
        (["--k", "6.5"], "--k: must be given with --scale gaussian"),
        (["--datum", "mean"], "--datum: must be given with butler"),
        (["--decimals", "2"], "--decimals: must be given with a pairs method"),
        (["--standings", "s.csv"], "--standings: must be given with a pairs method"),
        (["--table", "ranking2"], None),  # argparse's own message
    ],
)
def test_options_that_do_not_fit_exit_2(capsys, teams_pbn, argv, said):
    if said is None:
        with pytest.raises(SystemExit) as info:
            main(["score", str(teams_pbn), *argv])
        assert info.value.code == 2
        return
    code, out, err = _run(capsys, "score", teams_pbn, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and said in err


def test_scale_options_on_a_pairs_file_exit_2(capsys, club_pbn):
    code, _, err = _run(capsys, "score", club_pbn, "--scale", "wbf-discrete")
    assert code == 2 and "--scale: must be given with teams (the method here is mp)" in err


def test_a_bad_file_gets_one_line_naming_file_record_and_reason(capsys, tmp_path):
    bad = tmp_path / "broken.pbn"
    bad.write_text(MITCHELL_PBN.replace(" 4  5 2H   E  9  -140  1.0  6.0   0.00", " 4  5 2H"))
    for command in ("score", "read"):
        code, out, err = _run(capsys, command, bad)
        assert code == 2 and out == ""
        assert err == (
            f"bridgestats {command}: error: broken.pbn, line 27: ScoreTable row has 3 cells, "
            "the column spec names 9\n"
        )
    binary = tmp_path / "binary.pbn"
    binary.write_bytes(b"\x00\x01garbage")
    code, _, err = _run(capsys, "score", binary)
    assert code == 2 and err.startswith("bridgestats score: error: binary.pbn, line 1:")
    code, _, err = _run(capsys, "score", tmp_path / "absent.pbn")
    assert code == 2 and "absent.pbn" in err and err.count("\n") == 1


def test_no_traceback_from_the_installed_command(tmp_path):
    bad = tmp_path / "cut.pbn.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00garbage")
    env = {**os.environ, "PYTHONPATH": str(project_root())}
    done = subprocess.run(
        [sys.executable, "-m", "bridgestats.cli", "score", str(bad)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("bridgestats score: error: cut.pbn.gz")
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_read_writes_the_tidy_frame(capsys, club_pbn, tmp_path):
    code, out, err = _run(capsys, "read", club_pbn, "--to", "csv")
    assert code == 0
    frame = pd.read_csv(io.StringIO(out))
    direct = bio.read_results(club_pbn)
    assert list(frame.columns) == list(direct.columns)
    assert frame["score_ns"].tolist() == direct["score_ns"].tolist()
    assert err == (
        f"bridgestats read: {club_pbn}: 1 file(s), 8 records, 8 scorable; scores printed in "
        "the file: 0 of 8 differ from the score of their contract and result\n"
    )
    target = tmp_path / "club.csv"
    code, out, _ = _run(capsys, "read", club_pbn, "--out", target)
    assert code == 0 and out == "" and pd.read_csv(target).shape == direct.shape


def test_write_failure_is_one_line(capsys, club_pbn, tmp_path):
    code, _, err = _run(capsys, "score", club_pbn, "--out", tmp_path / "no" / "such" / "x.md")
    assert code == 2 and "could not write the scores" in err and err.count("\n") == 1


# --------------------------------------------------------------------------- real files


@pytest.mark.shared
def test_score_the_acbl_club_travellers(capsys, shared_data):
    path = shared_data / "club-matchpoints" / "travellers.csv"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    standings = path.parent / "pair_standings.csv"  # the recaps' headers, apart
    code, out, err = _run(
        capsys,
        "score",
        path,
        "--neuberg",
        "--table",
        "agreement",
        "--format",
        "csv",
        "--standings",
        standings,
        "--decimals",
        "2",
    )
    assert code == 0
    got = pd.read_csv(io.StringIO(out)).set_index("printed")
    # the counts of tests/test_score_event.py: 28,047 of 29,021 with Neuberg
    assert got.loc["mp_ns", ["compared", "agree"]].tolist() == [29_021, 28_047]
    assert "(1 MP per result beaten)" in err
    # and its pair percentages, rounding each board to 2 decimals as ACBLscore does:
    # 1,526 of the 2,206 pairs of sections the travellers hold. 297 of them (12 agreeing)
    # are of sessions of two or more sections, whose travellers name a pair "E7" and the
    # standings section E, pair 7 (1,514 of 1,909 before they were matched so); those
    # sessions are matchpointed across their sections (2017-03-06 board 1 of section E
    # prints a top of 15 over its 8 lines), which a section's travellers cannot show
    pct = got.loc["pair_standings.csv pct", ["compared", "agree"]].tolist()
    assert pct == [2_206, 1_526]
    assert "1526 of 2206 percentages agree" in err and "; differ: pair 12 " in err
    assert "printed pair ids: 313 printed pair numbers matched as section and number" in err


@pytest.mark.shared
def test_score_the_acbl_imp_sessions_match_their_sectioned_pair_ids(capsys, shared_data, tmp_path):
    """The two IMP-scored ACBL sessions: their travellers name a pair by section and
    number (``B7``), their recaps' standings by section ``B`` and pair ``7``. Matched so,
    all 38 printed totals are the pairs' cross-IMPs per comparison (ACBLscore's IMP pairs,
    as in tests/apps/test_score_event.py), the printed penalties added; to the printed 2
    decimals. The 16 pairs of the two-section session are matched by section and number
    (the other session's travellers print bare numbers); before, those 16 were not
    compared."""
    path = shared_data / "club-matchpoints" / "travellers.csv"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    sessions = ("2017-01-02/recap_20170102.html", "2018-01-08/recap_b_20180108.html")
    lines = path.read_text().splitlines()
    imps = tmp_path / "travellers.csv"  # the sessions' lines only, read from the real file
    imps.write_text("\n".join([lines[0], *(x for x in lines if x.startswith(sessions))]) + "\n")
    code, out, err = _run(
        capsys,
        "score",
        imps,
        "--method",
        "cross-imps",
        "--table",
        "agreement",
        "--format",
        "csv",
        "--standings",
        path.parent / "pair_standings.csv",
    )
    assert code == 0
    got = pd.read_csv(io.StringIO(out)).set_index("printed")
    assert got.loc["pair_standings.csv total", ["compared", "agree"]].tolist() == [38, 38]
    assert "printed ranking: 38 of 38 totals agree" in err
    assert "printed pair ids: 16 printed pair numbers matched as section and number" in err


@pytest.mark.shared
def test_score_the_online_team_qualifier(capsys, shared_data):
    path = shared_data / "endplay-pbn" / "example2.pbn"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    code, out, err = _run(capsys, "score", path, "--table", "matches", "--format", "csv")
    assert code == 0
    m = pd.read_csv(io.StringIO(out))
    assert len(m) == 15 and (m.vp_a + m.vp_b).round(2).eq(20).all()
    assert "printed ScoreIMP: 298 of 298 agree" in err


@pytest.mark.shared
def test_score_a_usebio_file(capsys, shared_data):
    if not hasattr(bio, "read_usebio"):
        pytest.skip("bridgestats.io has no read_usebio yet")
    path = shared_data / "usebio" / "cross_imp_howell.xml"
    code, out, _ = _run(capsys, "score", path)
    assert code == 0
    assert "- method: cross-IMPs (declared in the file: CROSS_IMP)" in out
    assert "- printed NS_CROSS_IMP_POINTS: 108 of 108 agree" in out


@pytest.mark.shared
def test_score_the_compscore_howell_compares_the_printed_standings(capsys, shared_data):
    path = shared_data / "usebio" / "mp_pairs_howell.xml"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    code, out, err = _run(capsys, "score", path, "--table", "standings", "--format", "csv")
    assert code == 0
    got = pd.read_csv(io.StringIO(out)).set_index("figure")
    assert got[["compared", "agree"]].values.tolist() == [[12, 12]] * 3
    assert "printed ranking: 12 of 12 totals, 12 of 12 percentages, 12 of 12 places agree" in err
    assert "1 adjusted" in err and "161 of 161 agree" in err
    # the adjusted line named, with how it was scored (Law 12C2: half the top each)
    assert "adjusted: board 26 (5 v 10) A5050: 50% and 50% of the top of 10 (Law 12C2)" in err
    # --no-neuberg: board 12's 5 results on a top of 8 in the totals too; 10 pairs differ
    code, out, err = _run(
        capsys, "score", path, "--no-neuberg", "--table", "standings", "--format", "csv"
    )
    got = pd.read_csv(io.StringIO(out)).set_index("figure")
    assert got.loc["pct", "agree"] < 12


# A TotalScoreTable (PBN 2.1 §5.10) for the Mitchell of test_score_event, as the scoring
# program that printed MP_NS 1.0 for pair 4 on board 2 (computed: 0, the -140 is beaten by
# all three) totals it: pair 4 on 7 MPs, 58.33 %, sharing 2nd with pair 1 ("Rank: the best
# rank in case of ties"). Computed: 6 MPs, 50 %, 3rd alone.
TOTALS_PBN = r"""
[Event "Club pairs"]
[TotalScoreTable "Rank\2R;PairId\2R;Direction\2L;TotalMP\5R;TotalPercentage\6R;NrBoards\2R"]
 1  3 NS  8.0  66.67 2
 2  1 NS  7.0  58.33 2
 2  4 NS  7.0  58.33 2
 4  2 NS  3.0  25.00 2
 1  6 EW  9.0  75.00 2
 2  5 EW  8.0  66.67 2
 3  7 EW  7.0  58.33 2
 4  8 EW  0.0   0.00 2
"""


def test_score_compares_a_pbn_total_score_table(capsys, tmp_path):
    path = tmp_path / "club.pbn"
    path.write_text(MITCHELL_PBN + TOTALS_PBN)
    code, out, err = _run(capsys, "score", path)
    assert code == 0 and err == ""
    assert (
        "- printed ranking: 7 of 8 totals, 7 of 8 percentages, 7 of 8 places agree (totals"
        " summed); differ: pair 4 place 2 (computed 3), pair 4 percentage 58.33 (computed"
        " 50.00), pair 4 total 7.00 (computed 6.00)\n"
    ) in out
    # the agreement table holds the standings' figures under the file's own names
    assert "| TotalMP | total | 8 | 7 | 1 | 0 |" in out
    assert "| TotalPercentage | percentage | 8 | 7 | 1 | 0 |" in out
    assert "| Rank | place | 8 | 7 | 1 | 0 |" in out
    code, out, err = _run(
        capsys, "score", path, "--table", "standings-mismatches", "--format", "csv"
    )
    bad = pd.read_csv(io.StringIO(out), dtype=str)
    assert bad[
        ["direction", "pair", "figure", "printed_value", "computed_value"]
    ].values.tolist() == [
        ["NS", "4", "total", "7.0", "6.0"],
        ["NS", "4", "pct", "58.33", "50.0"],
        ["NS", "4", "place", "2", "3"],
    ]


def test_a_cumulative_total_percentage_is_not_a_session_percentage(tmp_path):
    # PBN 2.1 calls TotalPercentage the "cumulative value of percentage": a table that
    # prints sums of board percentages (over 100) is compared on MeanPercentage
    from bridgestats.apps.score import printed_standings

    path = tmp_path / "club.pbn"
    table = TOTALS_PBN.replace(
        "TotalPercentage\\6R;NrBoards\\2R", "TotalPercentage\\6R;MeanPercentage\\6R"
    )
    rows = [line.split() for line in TOTALS_PBN.strip().splitlines()[2:]]
    body = "\n".join(f" {r[0]} {r[1]} {r[2]} {r[3]} {2 * float(r[4]):.2f} {r[4]}" for r in rows)
    head = "\n".join(table.strip().splitlines()[:2])
    path.write_text(MITCHELL_PBN + "\n" + head + "\n" + body + "\n")
    got = printed_standings(path, "mp")
    assert got.attrs["names"] == {"total": "TotalMP", "pct": "MeanPercentage", "place": "Rank"}
    assert got["pct"].tolist()[:2] == [66.67, 58.33]
    assert printed_standings(path, "teams") is None
    assert printed_standings(tmp_path, "mp") is None  # a folder: no one file's standings


def test_scoring_matchpoints_imports_no_study_and_no_scipy(tmp_path):
    # the start-up of `bridgestats score` (benchmarks/bench_start.py): the command
    # imports what it uses; the studies, scipy.stats and scipy.special stay unloaded for a
    # pairs session (the VP scales' room, bridgestats.vp, loads: its catalogue names the
    # team scales `--scale` offers, and it needs neither scipy nor pandas), and so does
    # statsmodels (issue 24), and of the readers only the PBN one is imported for a PBN file
    # (bridgestats.io and its table of readers import a reader at its use)
    import subprocess
    import sys

    pbn = tmp_path / "s.pbn"
    records = []
    for north, contract, result in (("1", "4S", "10"), ("2", "4S", "9")):
        records.append(
            f'[Event "E"]\n[Board "1"]\n[Scoring "MP"]\n[Vulnerable "None"]\n'
            f'[Declarer "N"]\n[Contract "{contract}"]\n[Result "{result}"]\n'
            f'[North "{north}"]\n[South "S{north}"]\n[East "E{north}"]\n[West "W{north}"]\n'
        )
    pbn.write_text("\n".join(records))
    code = (
        "import sys, contextlib, io\n"
        "from bridgestats.cli import main\n"
        f"sys.argv = ['bridgestats', 'score', {str(pbn)!r}]\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main() == 0\n"
        "bad = [m for m in ('bridgestats.studies', 'scipy.stats', 'scipy.special', "
        "'bridgestats.io.lin', 'bridgestats.io.valet', "
        "'bridgestats.io.acbl', 'bridgestats.io.usebio', 'statsmodels') "
        "if m in sys.modules]\n"
        "assert 'bridgestats.io.pbn' in sys.modules\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_summary_says_which_results_were_adjusted_and_how_for_every_method():
    # issue 23: each adjusted result named (board, pairs or teams) with how it was
    # scored, at matchpoints (Law 12C2), Butler and cross-IMPs (Law 86A, +-3) and teams
    from apps.test_score_event import TEAMS, _adjusted_board, _adjusted_room

    from bridgestats.apps.score import score_event
    from bridgestats.apps.score.render import summary_lines

    f = _adjusted_board([420, 400, 170, -50], ["A6040"])
    f["pair_ns"], f["pair_ew"] = ["1", "2", "3", "4", "5"], ["6", "7", "8", "9", "10"]
    expected = {
        "mp": "adjusted: board 1 (5 v 10) A6040: 60% and 40% of the top of 8 (Law 12C2)",
        "butler": "adjusted: board 1 (5 v 10) A6040: +3 and -3 IMPs (average plus +3,"
        " average minus -3)",
        "cross_imps": "adjusted: board 1 (5 v 10) A6040: +3 and -3 IMPs (average plus +3,"
        " average minus -3)",
    }
    for method, line in expected.items():
        lines = summary_lines(score_event(f, method=method))
        assert line in lines, (method, lines)
    lines = summary_lines(score_event(_adjusted_room(TEAMS, 2, "A6040"), method="teams"))
    assert lines[0].startswith("event: ")
    assert "1 boards with an artificial adjusted score" in lines[2]
    assert lines[3] == (
        "adjusted: board 2 (Bears v Lions) open room A6040: Law 86A: average plus +3,"
        " average 0, average minus -3 (Lions +3, Bears -3 IMPs)"
    )
    # nothing adjusted: no such line
    assert not any(x.startswith("adjusted") for x in summary_lines(score_event(TEAMS)))


def test_standings_apart_from_the_results(capsys, club_pbn, tmp_path):
    # --standings: a CSV of the printed ranking (here the ACBL recaps' columns: session,
    # section, direction, pair, pct, score, adjust); pair 4's printed 50.00 agrees, pair
    # 2's 30.00 does not (computed 25.00), and a fined pair 3 (8 MPs, printed 7.0 with an
    # adjustment of -1) agrees on its total
    csv = tmp_path / "standings.csv"
    csv.write_text(
        "session,event,section,direction,scoring,pair,pct,score,adjust\n"
        "Club pairs,title line,,NS,MP,4,50.00,6.00,0\n"
        "Club pairs,title line,,NS,MP,2,30.00,3.00,0\n"
        "Club pairs,title line,,NS,MP,3,66.67,7.00,-1\n"
    )
    code, out, err = _run(capsys, "score", club_pbn, "--standings", csv)
    assert code == 0
    assert "| standings.csv total | total | 3 | 3 | 0 | 0 |" in out
    assert "| standings.csv pct | percentage | 3 | 2 | 1 | 0 |" in out
    assert "differ: pair 2 percentage 30.00 (computed 25.00)" in out
    bad = tmp_path / "bad.csv"
    bad.write_text("team,pct\nA,50\n")
    code, out, err = _run(capsys, "score", club_pbn, "--standings", bad)
    assert code == 2 and "bad.csv: must be a CSV with a pair column" in err


# --- what a scorer reads: names in Markdown and HTML, ids in CSV (issue 22) ---------------

_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a column id: mp_ns, not_compared, place_text


def _headers(markdown: str) -> list[str]:
    """Every column header of the Markdown tables (the line above each ``|---|`` rule)."""
    lines = markdown.splitlines()
    return [
        cell.strip()
        for above, line in itertools.pairwise(lines)
        if line.startswith("|---")
        for cell in above.strip("|").split(" | ")
    ]


@pytest.mark.parametrize("method", ["mp", "butler", "cross-imps", "teams"])
def test_markdown_and_html_show_names_and_csv_keeps_the_column_ids(
    capsys, club_pbn, teams_pbn, method
):
    path = teams_pbn if method == "teams" else club_pbn
    code, md, _ = _run(capsys, "score", path, "--method", method)
    assert code == 0
    headers = _headers(md)
    assert headers and not [h for h in headers if _SNAKE.search(h)], headers
    from bridgestats.names import COLUMNS, METHODS

    assert set(headers) <= set(COLUMNS.values()) | {
        "printed figure",
        "printed",
        "computed",
        "margin A",
        "margin B",
        "adjusted boards",
    }
    summary = [line for line in md.splitlines() if line.startswith("- ")]
    said = [line for line in summary if line.startswith("- method: ")]
    assert said[0].startswith(f"- method: {METHODS[method.replace('-', '_')]} (")
    assert not [line for line in summary if re.search(r"\b(mp_ns|imps_ns|pct_ns)\b", line)]
    # no column of one value said above, none empty throughout, no index, no "-0.00"
    assert "| file |" not in md and "| event |" not in md and "adjusted" not in md
    assert "-0.00" not in md and "| nan |" not in md.lower()
    code, page, _ = _run(capsys, "score", path, "--method", method, "--format", "html")
    ths = re.findall(r"<th>([^<]*)</th>", page)
    assert ths and not [h for h in ths if _SNAKE.search(h)]
    # CSV is for programs: the package's column names and ids, every column
    code, csv, _ = _run(
        capsys, "score", path, "--method", method, "--format", "csv", "--table", "ranking"
    )
    columns = pd.read_csv(io.StringIO(csv)).columns
    assert "place_text" in columns and "source" in columns and "event" in columns


def test_teams_say_the_vp_scale_by_name(capsys, teams_pbn):
    _, out, _ = _run(capsys, "score", teams_pbn)
    assert "- VPs: WBF 2013 (continuous) scale\n" in out
    _, out, _ = _run(capsys, "score", teams_pbn, "--scale", "wbf-discrete")
    assert "- VPs: WBF 2013 (whole VPs) scale\n" in out
    _, out, _ = _run(capsys, "score", teams_pbn, "--scale", "gaussian", "--k", "6.5")
    assert "- VPs: Gaussian equal-probability scale, σ = K√n (K = 6.5 IMPs a board)\n" in out
    # the matches' margins: "margin A", not imp_margin
    assert "| team A | team B | boards | IMPs A | IMPs B | margin A | margin B |" in out


def test_numbers_read_as_numbers_whole_without_decimals():
    from bridgestats.apps.score.render import number_text as _number_text

    shown = _number_text(pd.Series([-400.0, 620.0, None]))
    assert shown.tolist() == ["-400", "620", ""]
    assert _number_text(pd.Series([5.0, 4.1667, -0.001])).tolist() == ["5.00", "4.17", "0.00"]


# --------------------------------------------------------------------------- Bridgemate


def test_score_a_bridgemate_session_with_and_without_its_hand_record(capsys, shared_data, club_pbn):
    bws = shared_data / "bridgemate" / "club_pairs_2026-01-19.bws"
    hands = shared_data / "bridgemate" / "club_pairs_2026-01-19_hands.pbn"
    code, out, err = _run(capsys, "score", bws, "--table", "ranking", "--format", "csv")
    assert code == 0
    ranking = pd.read_csv(io.StringIO(out))
    # a Mitchell of 11 tables: 11 pairs each way, every pair on all 27 boards; each board's
    # 11 results share 11 x 10 = 110 matchpoints, so a direction's totals add up to 27 x 110
    assert ranking.groupby("direction").size().to_dict() == {"EW": 11, "NS": 11}
    assert (ranking["n_boards"] == 27).all()
    assert ranking.groupby("direction")["total"].sum().tolist() == [27 * 110] * 2
    assert "297 results read, 297 scored" in err
    assert "297 vulnerability from the board number (a BWS holds none)" in err
    code, out2, err = _run(
        capsys, "score", bws, "--hands", hands, "--table", "ranking", "--format", "csv"
    )
    assert code == 0 and "297 vulnerability from the hand record" in err
    # the hand record's vulnerability is the board number's here: the same ranking
    assert out2 == out
    code, _, err = _run(capsys, "score", club_pbn, "--hands", hands)
    assert code == 2
    assert err.startswith("bridgestats score: error: --hands: must be given with a Bridgemate")
