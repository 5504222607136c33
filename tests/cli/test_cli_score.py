"""``bridgestats score FILE`` and ``bridgestats read FILE --to csv``.

The small files are those of tests/test_score_event.py, whose figures are worked by hand
there; the real files (``../shared/data``, skipped when absent) check that the command
prints the agreement counts the study measures on the scorers' own printed figures. Bad
files and bad options: one line on standard error naming the file (and the record and
the reason), exit status 2, never a traceback.
"""

from __future__ import annotations

import io
import os
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


def test_the_parser_offers_the_study_s_methods_and_datums():
    from bridgestats import cli
    from bridgestats.apps.score_event import DATUMS, METHODS

    assert cli._METHODS == (*METHODS, "teams")
    assert cli._DATUMS == DATUMS


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
    assert "- method: mp (declared: MP)" in out
    assert "- printed MP_NS: 7 of 8 agree with mp_ns" in out
    assert "- printed Percentage_NS: 8 of 8 agree with pct_ns" in out
    for table in ("ranking", "agreement", "mismatches", "boards"):
        assert f"\n## {table}\n" in out
    # the one disagreement: board 2, printed 1.0 where the -140 scores 0
    assert "| MP_NS | club.pbn | 27 | 2 | 1.00 | 0.00 |" in out


def test_score_csv_ranking_by_hand(capsys, club_pbn):
    code, out, err = _run(capsys, "score", club_pbn, "--table", "ranking", "--format", "csv")
    assert code == 0
    r = pd.read_csv(io.StringIO(out), dtype={"pair": str})
    ns = r[r.direction == "NS"]
    assert ns["pair"].tolist() == ["3", "1", "4", "2"] and ns["total"].tolist() == [8, 7, 6, 3]
    assert "printed MP_NS: 7 of 8 agree" in err  # the summary line goes to stderr with CSV


def test_score_csv_all_tables_are_marked(capsys, club_pbn):
    code, out, _ = _run(capsys, "score", club_pbn, "--format", "csv")
    assert code == 0
    marks = [line for line in out.splitlines() if line.startswith("# ")]
    assert marks == ["# ranking", "# agreement", "# mismatches", "# boards"]


def test_score_html_and_out(capsys, club_pbn, tmp_path):
    target = tmp_path / "scores.html"
    code, out, err = _run(capsys, "score", club_pbn, "--format", "html", "--out", target)
    assert code == 0 and out == ""
    page = target.read_text()
    assert "<h2>ranking</h2>" in page and "<table" in page
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
    code, out, err = _run(
        capsys, "score", path, "--neuberg", "--table", "agreement", "--format", "csv"
    )
    assert code == 0
    got = pd.read_csv(io.StringIO(out)).set_index("printed")
    # the counts of tests/test_score_event.py: 28,047 of 29,021 with Neuberg
    assert got.loc["mp_ns", ["compared", "agree"]].tolist() == [29_021, 28_047]
    assert "(1 MP per result beaten)" in err


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
    assert "- method: cross-imps" in out
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
    assert "printed ranking: 12 of 12 total, 12 of 12 pct, 12 of 12 place agree" in err
    assert "1 adjusted" in err and "161 of 161 agree" in err
    # --no-neuberg: board 12's 5 results on a top of 8 in the totals too; 10 pairs differ
    code, out, err = _run(
        capsys, "score", path, "--no-neuberg", "--table", "standings", "--format", "csv"
    )
    got = pd.read_csv(io.StringIO(out)).set_index("figure")
    assert got.loc["pct", "agree"] < 12


def test_scoring_matchpoints_imports_no_study_and_no_scipy(tmp_path):
    # the start-up of `bridgestats score` (benchmarks/bench_start.py): the command
    # imports what it uses; the studies, scipy.stats and the VP scales (scipy.special)
    # stay unloaded for a pairs session, and so does statsmodels (issue 24)
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
        "'bridgestats.vpscale', 'statsmodels') if m in sys.modules]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
