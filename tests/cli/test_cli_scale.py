"""``bridgestats scale``: the printed tables carry the article's figures; bad input exits 2.

Expected values come from Probst, "On VP Scales" (c. 2006): Table 5 (8-board teams with
negative VPs, "Sensible" IMP ranges), Table 6 (aggregate 12-0 in tens of points), Table 8
(EBU 2006 Swiss pairs, σ = 11 %), §5 (online Butler 20-0 at 38.73), and the WBF Scoring
Panel's 2013 technical report, "The New WBF IMP to VP Scales" (WBF 8 boards).
"""

from __future__ import annotations

import io

import pandas as pd
import pytest

from bridgestats import names
from bridgestats.cli import main


def _run(capsys, *argv):
    code = main(["scale", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_boards_is_required_without_booklet(capsys):
    code, out, err = _run(capsys, "--form", "teams")
    assert code == 2 and out == ""
    assert err == "bridgestats scale: error: --boards: must be given (boards per match); got None\n"


def test_teams_8_boards_negative_markdown(capsys):
    code, out, err = _run(
        capsys, "--form", "teams", "--boards", "8", "--k", "6.5", "--negative", "5"
    )
    assert code == 0 and err == ""
    rows = [line for line in out.splitlines() if line.startswith("| ") and "-" in line[2:6]]
    ranges = [line.split(" | ")[1] for line in rows]
    # Table 5 "Sensible" ranges for 20-0 ... 20-(-5)
    assert ranges[-6:] == ["31-36", "37-38", "39-40", "41-43", "44-47", "48+"]
    assert rows[-1].startswith("| 20-(-5) |")
    assert len(rows) == 16


def test_swiss_pairs_sigma_11_matches_ebu_table(capsys):
    code, out, _ = _run(
        capsys, "--form", "swiss_pairs", "--boards", "8", "--sigma", "11", "--format", "csv"
    )
    assert code == 0
    frame = pd.read_csv(io.StringIO(out))
    ebu = [50.65, 51.98, 53.33, 54.74, 56.23, 57.83, 59.64, 61.75, 64.40, 68.35]
    # exact quantiles vs the EBU's printed 2-decimal thresholds: within 0.011 (0.001·σ + 0.005
    # for printing, see tests/vp/test_tables)
    assert (frame["score_from"].iloc[1:] - ebu).abs().max() < 0.011
    assert frame["probability"].sum() == pytest.approx(1.0)


def test_swiss_pairs_probst_default_k_is_random_draw(capsys):
    code, out, err = _run(
        capsys, "--form", "swiss_pairs", "--boards", "8", "--model", "probst", "--format", "csv"
    )
    assert code == 0
    # CSV on standard output stays one table; which σ, on standard error
    assert err.startswith("σ = 11.65 MP % over 8 boards, Probst's model, K = 32.95 (his default)")
    frame = pd.read_csv(io.StringIO(out))
    # Table 8, random draw σ = 11.65: 20-0 at 69.43 %
    assert abs(frame["score_from"].iloc[-1] - 69.43) < 0.017


def test_swiss_pairs_field_size_and_ascherman(capsys):
    # §11: 20-0 at 67.39 % for 63 results, 67.26 % with Ascherman (article prints 67.27)
    code, out, _ = _run(capsys, "--form", "swiss_pairs", "--boards", "8", "--results", "63")
    assert code == 0 and "| 20-0 | 67.39+ |" in out
    code, out, _ = _run(capsys, "--form", "swiss_pairs", "--boards", "8", "--ascherman")
    assert code == 0 and "| 20-0 | 67.26+ |" in out


def test_butler_online(capsys):
    code, out, _ = _run(
        capsys, "--form", "butler_online", "--boards", "15", "--tables", "15", "--continuous"
    )
    assert code == 0
    assert "| 20-0 | 38.75+ |" in out  # §5: 38.73 with the printed z 1.668 and σ 23.22
    assert "**Online Butler pairs, 15 boards, σ = 23.22 IMPs**" in out  # names, not ids


def test_aggregate_12_0_in_tens(capsys):
    code, out, _ = _run(
        capsys,
        "--form",
        "aggregate",
        "--boards",
        "24",
        "--sigma",
        "1790",
        "--max-vp",
        "12",
        "--format",
        "csv",
    )
    assert code == 0
    frame = pd.read_csv(io.StringIO(out))
    # Table 6, published score ranges
    assert frame["margin_from"].tolist() == [0, 180, 530, 900, 1320, 1830, 2560]


def test_cross_imps_teams_of_eight(capsys):
    code, out, _ = _run(
        capsys, "--form", "cross_imps", "--boards", "8", "--model", "probst", "--format", "csv"
    )
    frame = pd.read_csv(io.StringIO(out))
    assert frame["margin_from"].iloc[-1] == 87  # 1.668 × 52 = 86.76 (Probst: "85", §3)
    code, out, _ = _run(
        capsys,
        "--form",
        "cross_imps",
        "--boards",
        "8",
        "--comparisons",
        "1",
        "--results",
        "2",
        "--format",
        "csv",
    )
    assert code == 0
    assert pd.read_csv(io.StringIO(out))["margin_from"].iloc[-1] == 31  # = teams of four


def test_wbf_continuous_and_discrete(capsys):
    code, out, _ = _run(capsys, "--wbf", "--boards", "8")
    assert code == 0
    assert "| 1 | 10.44 | 9.56 |" in out
    assert "| 10 | 13.78 | 6.22 |" in out
    assert "| 40 | 19.74 | 0.26 |" in out
    assert out.rstrip().endswith("| 43 | 20.00 | 0.00 |")
    code, out, _ = _run(capsys, "--wbf", "--boards", "8", "--discrete", "--format", "csv")
    frame = pd.read_csv(io.StringIO(out))
    assert frame["margin_from"].tolist() == [0, 1, 4, 7, 10, 13, 17, 21, 26, 31, 39]


def test_html(capsys):
    code, out, _ = _run(capsys, "--wbf", "--boards", "14", "--discrete", "--format", "html")
    assert code == 0 and out.startswith("<table")
    assert "<caption>WBF 2013 (whole VPs), 14 boards</caption>" in out  # its name, not its id
    code, out, _ = _run(capsys, "--wbf", "--boards", "14", "--format", "html")
    assert code == 0 and "<td>20.00</td>" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--boards", "0"], "n_boards: must be an integer in 1-500; got 0\n"),  # the evidence's
        (["--boards", "0", "--model", "probst"], "n_boards: must be a number in (0, 500]; got 0\n"),
        (["--boards", "8", "--sigma", "-1"], "--sigma: must be a number in [2.83, 141] IMPs for 8"),
        # K in [1, 50] everywhere, as the booklet has (issue 26): 1e-300 made 1 IMP win 20-0
        (["--boards", "8", "--k", "0"], "--k: must be a number in [1, 50]; got 0.0\n"),
        (["--boards", "8", "--k", "1e-300"], "--k: must be a number in [1, 50]; got 1e-300\n"),
        (["--booklet", "--k", "51"], "--k: must be a number in [1, 50]; got 51.0\n"),
        (["--booklet", "--tables", "nan"], "--tables: must be an integer >= 1; got nan\n"),
        (["--booklet", "--tables", "inf"], "--tables: must be an integer >= 1; got inf\n"),
        (
            ["--form", "butler_online", "--boards", "8", "--tables", "2.7"],
            "--tables: must be an integer >= 1; got 2.7\n",
        ),
        (["--boards", "8", "--negative", "-2"], "negative: must be an integer in 0-2000; got -2\n"),
        (
            ["--boards", "8", "--max-vp", "7"],
            "max_vp: must be even (an N-0 scale has N/2 steps); got 7\n",
        ),
        (
            ["--form", "butler_online", "--boards", "15"],
            "tables: must be a number of tables for form 'butler_online'; got None\n",
        ),
        (
            ["--form", "butler_online", "--boards", "15", "--tables", "1"],
            "tables: must be >= 2; got 1\n",
        ),
        (
            ["--boards", "8", "--k", "6", "--sigma", "18"],
            "sigma: must be None when k is given (give one of them, not both); got 18.0\n",
        ),
        (
            ["--boards", "8", "--tables", "9"],
            "tables: must be None unless form is 'butler' or 'butler_online'; got 9.0\n",
        ),
        (
            ["--boards", "8", "--results", "4"],
            "results: must be None unless form is 'cross_imps' (R) or 'swiss_pairs' (the field "
            "size); got 4.0\n",
        ),
        (
            ["--boards", "8", "--ascherman"],
            "ascherman: must be False unless form is 'swiss_pairs'; got True\n",
        ),
        (
            ["--form", "swiss_pairs", "--boards", "8", "--results", "20"],
            "results: must be >= 21; got 20\n",
        ),
        (
            ["--form", "swiss_pairs", "--boards", "8", "--results", "63", "--k", "30"],
            "k: must be None with results/ascherman (the Swiss pairs field model replaces "
            "k/sigma); got 30.0\n",
        ),
        (
            ["--boards", "8", "--discrete"],
            "--discrete: must be given with --wbf; got '--discrete without --wbf'\n",
        ),
        (
            ["--wbf", "--boards", "8", "--negative", "5"],
            "--wbf: must be given with only --boards, --discrete and --format (a 20-0 teams "
            "IMP scale); got ['--negative']\n",
        ),
        (["--wbf", "--boards", "0"], "n_boards: must be an integer in 1-500; got 0\n"),
        (["--wbf", "--boards", "8", "--discrete", "--ascherman"], "got ['--ascherman']\n"),
        (["--wbf", "--boards", "8", "--form", "teams", "--max-vp", "12"], "got ['--max-vp']\n"),
        (
            ["--boards", "8", "--format", "pdf"],
            "--format: must be markdown, csv or html for one scale (pdf is for --booklet); "
            "got 'pdf'\n",
        ),
    ],
)
def test_bad_arguments_one_line_exit_2(capsys, argv, message):
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err
    assert err.startswith("bridgestats scale: error: ")
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["--form", "rubber", "--boards", "8"],
        ["--boards", "eight"],
        ["--boards", "8", "--format", "rtf"],
    ],
)
def test_argparse_errors_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        main(["scale", *argv])
    assert exc.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


# --- start-up (issue 23): a scale is printed with numpy and the standard library only ------


def test_a_scale_is_printed_without_pandas_or_scipy():
    # `bridgestats scale` of one table in Markdown (the default) loads neither pandas nor
    # scipy (benchmarks/bench_start.py times it); a fresh interpreter shows what it loads
    import subprocess
    import sys

    code = (
        "import sys, contextlib, io\n"
        "from bridgestats.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['scale', '--form', 'teams', '--boards', '8', '--negative', '5']) == 0\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pandas', 'scipy'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_scales_normal_functions_agree_with_scipy():
    # the scales' Φ⁻¹ and upper tail come from the standard library (statistics.NormalDist:
    # Wichura's AS 241; math.erfc) so that printing a scale needs no scipy; scipy.special
    # (Cephes ndtri, ndtr) is the independent route. Both are good to a few ulps: the bound
    # is 1e-14 relative (measured: 6e-15 at most over the z of max_vp 2-100 and x in -8..6)
    import numpy as np
    from scipy.special import ndtr, ndtri

    from bridgestats.vp import gaussian_z
    from bridgestats.vp.scale import _normal_quantile, _normal_upper

    for max_vp in range(2, 102, 2):
        for negative in (0, 1, 5, 20, 2000):
            z = gaussian_z(max_vp, negative=negative)
            q = 0.5 + (2 * np.arange(max_vp // 2) + 1) / (2 * (max_vp + 1))
            assert np.allclose(z[: q.size], ndtri(q), rtol=1e-14, atol=0)
    # every threshold of a scale is under 6 sigma (the largest, 2000-0 with 2000 negative
    # steps: 5.16)
    x = np.concatenate([np.linspace(-8, 6, 1401), [-np.inf, 0.0, np.inf]])
    assert np.allclose(_normal_upper(x), ndtr(-x), rtol=1e-14, atol=0)
    # further out x/sqrt(2) is rounded before erfc, whose relative condition number 2y^2
    # amplifies it: 5e-13 relative bounds it to x = 37 (measured 1.7e-13), where P is 1e-300
    x = np.linspace(6, 37, 3101)
    assert np.allclose(_normal_upper(x), ndtr(-x), rtol=5e-13, atol=0)
    q = np.linspace(0.001, 0.999, 999)
    assert np.allclose(_normal_quantile(q), ndtri(q), rtol=1e-14, atol=1e-15)
    assert _normal_upper(np.zeros((2, 3))).shape == (2, 3)
    assert _normal_upper(np.array([])).shape == (0,)


# --- issue 21: one σ(n) per form, the same scale from the command line, booklet, designer --


_BOOKLET_SECTION = {form: form for form in ("teams", "swiss_pairs", "butler", "cross_imps")}


@pytest.fixture(scope="module")
def booklet_frame():
    from bridgestats.apps import booklet as bk

    return bk.booklet(bk.default_sources(), boards=[4, 8, 16, 32])


@pytest.mark.parametrize("n_boards", [4, 8, 16, 32])
@pytest.mark.parametrize("form", ["teams", "swiss_pairs", "butler", "cross_imps", "aggregate"])
def test_the_evidence_scale_is_the_booklets_and_the_designers(
    capsys, booklet_frame, form, n_boards
):
    """Without --k, --sigma or --model, `bridgestats scale` prints the scale of the evidence's
    σ(n): the table the designer prints (its recommendation's σ, designer_scale) and the
    booklet's (default_sources), identical row for row, for every form the evidence
    measures (the booklet has no aggregate section) and several lengths; its output says
    which σ, from where, with its interval."""
    from bridgestats.sigma import EVIDENCE_FORMS
    from bridgestats.studies import designer, sigma_evidence

    assert sorted(EVIDENCE_FORMS) == sorted(
        ["teams", "swiss_pairs", "butler", "cross_imps", "aggregate"]
    )
    code, out, err = _run(capsys, "--form", form, "--boards", str(n_boards), "--format", "csv")
    assert code == 0
    cli = pd.read_csv(io.StringIO(out))
    rec = sigma_evidence.recommendation(form, n_boards)
    printed = designer.designer_scale(form, n_boards, rec["sigma"])
    pd.testing.assert_frame_equal(cli, pd.read_csv(io.StringIO(printed.to_csv())))
    # which σ, its source (data sets by name) and its interval (CSV: on standard error)
    from bridgestats.names import readable

    lo, hi = rec["sigma_ci"] or (None, None)
    ci = "" if lo is None else f" (90% interval {lo:.2f}-{hi:.2f})"
    # issue 33: the aggregate σ is one figure Probst printed (Sheffield), not measured here
    where = "from the evidence" if lo is not None else "from a printed figure, no interval"
    assert (lo is None) == (form == "aggregate")
    assert err == (
        f"σ = {rec['sigma']:.2f} {rec['unit']}{ci} over {n_boards} boards, {where}: "
        f"{readable(rec['sigma_source'])}.\n"
    )
    code, md, _ = _run(capsys, "--form", form, "--boards", str(n_boards))
    # the same rows, under the title a reader reads (the form's name, σ; issue 22)
    import dataclasses

    from bridgestats.cli.scale import _scale_title

    titled = dataclasses.replace(printed, name=_scale_title(printed, form, n_boards))
    assert code == 0 and md == f"{err.strip()}\n\n{titled.to_markdown().rstrip()}\n"
    assert f"**{names.display_name('form', form)[:1].upper()}" in md
    if form not in _BOOKLET_SECTION:
        return
    b = booklet_frame
    rows = b[(b["section"] == _BOOKLET_SECTION[form]) & (b["n_boards"] == n_boards)]
    assert rows["sigma"].iloc[0] == rec["sigma"]
    assert rows["vps"].tolist() == [
        f"{w}-{lo}" for w, lo in zip(cli.vp_winner, cli.vp_loser, strict=True)
    ]
    if form == "swiss_pairs":  # MP % to two decimals
        assert rows["margin_from"].tolist() == [f"{v:.2f}" for v in cli["score_from"]]
    else:  # whole IMPs
        assert rows["margin_from"].tolist() == [str(v) for v in cli["margin_from"]]


def test_probsts_models_stay_reachable_and_the_routes_do_not_mix(capsys):
    # --model probst reproduces Table 5 (8-board teams, K 6.5, negative VPs) as --k 6.5 does
    code, out, _ = _run(
        capsys, "--form", "teams", "--boards", "8", "--model", "probst", "--negative", "5"
    )
    code_k, out_k, _ = _run(
        capsys, "--form", "teams", "--boards", "8", "--k", "6.5", "--negative", "5"
    )
    assert code == code_k == 0
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert table == [line for line in out_k.splitlines() if line.startswith("|")]
    assert "| 20-0 | 31-36 |" in out
    assert out.startswith("σ = 18.38 IMPs over 8 boards, Probst's model, K = 6.5 (his default)")
    assert out_k.startswith("σ = 18.38 IMPs over 8 boards, Probst's model, K = 6.5: ")
    # the evidence's 8-board teams σ is 17.95, not K√n = 18.38
    code, out, _ = _run(capsys, "--form", "teams", "--boards", "8")
    assert code == 0 and out.startswith("σ = 17.95 IMPs (90% interval 17.53-18.35)")
    # online Butler: the evidence does not measure it, Probst's model is the default
    code, out, _ = _run(capsys, "--form", "butler-online", "--boards", "15", "--tables", "15")
    assert code == 0 and "Probst's model, K = 7 (his default)" in out
    for argv, message in [
        (["--model", "evidence", "--k", "6.5"], "--model: must be probst, or not given, with --k"),
        (["--model", "evidence", "--sigma", "18"], "with --sigma; got 'evidence'"),
        (["--model", "probst", "--sigma", "18"], "--sigma: must be not given with --model"),
        (
            ["--form", "butler-online", "--tables", "15", "--model", "evidence"],
            "--model: must be probst for form butler-online (the evidence measures no sigma",
        ),
        (["--form", "butler", "--tables", "1"], "--tables: must be an integer in 2-1000"),
    ]:
        code, out, err = _run(capsys, "--boards", "8", *argv)
        assert code == 2 and out == "" and message in err, err
    # the evidence's Butler σ takes the tables in play (15 unless --tables)
    code, out, _ = _run(capsys, "--form", "butler", "--boards", "8", "--tables", "15")
    code_default, out_default, _ = _run(capsys, "--form", "butler", "--boards", "8")
    assert code == code_default == 0 and out == out_default and "T = 15" in out


def test_the_evidence_scale_is_printed_without_pandas_or_scipy():
    # the evidence's inputs are read from data/derived/sigma_evidence_inputs.csv with the
    # standard library: no pandas, scipy or bootstrap in any form's `bridgestats scale`
    import subprocess
    import sys

    code = (
        "import sys, contextlib, io\n"
        "from bridgestats.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    for form in ('teams', 'swiss-pairs', 'butler', 'cross-imps', 'aggregate'):\n"
        "        assert main(['scale', '--form', form, '--boards', '12']) == 0\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pandas', 'scipy'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
