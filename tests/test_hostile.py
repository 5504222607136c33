"""Hostile input (issue 15): every error a user can cause is a BridgestatsError, raised at once.

The cases of the issue for the formulas (scoring, sigma, vpscale), the statistics (fit), the
loaders (io) and the ``scale`` command, each as a test, then a property-based pass
(hypothesis) over the public API with wrong types, NaN/inf, huge and negative values and
wrong shapes: whatever it raises is a BridgestatsError, within a second.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from bridgestats import fit, scoring, sigma, vp
from bridgestats.errors import BridgestatsError

# --------------------------------------------------------------------------- helpers


def _refused(call, match: str | None = None, *, within: float = 10.0) -> BridgestatsError:
    """``call()`` raises a BridgestatsError (matching ``match``) in under ``within`` s:
    a hang guard, not a speed test (speed is measured in benchmarks/); 10 s by default, so
    that a loaded 2-core machine does not fail it."""
    start = time.perf_counter()
    with pytest.raises(BridgestatsError, match=match) as info:
        call()
    elapsed = time.perf_counter() - start
    assert elapsed < within, f"refused only after {elapsed:.1f} s"
    return info.value


# --------------------------------------------------------------------------- accepted wrongly


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: scoring.imps("30"), r"^score_diff: must be numbers"),
        (lambda: scoring.imps(["30", 40]), r"^score_diff: must be numbers"),
        (lambda: scoring.imps(np.array(["30"])), r"^score_diff: must be numbers"),
        (lambda: scoring.matchpoints(["420", "450"]), r"^scores: must be numbers \(not text\)"),
        (lambda: sigma.sigma_teams("8"), r"^n_boards: must be numbers \(not text\)"),
        (lambda: sigma.sigma_teams(8, k=1e308), r"^k: must be a number in \(0, 1e\+12\]"),
        (
            lambda: sigma.sigma_cross_imps([8, 9], comparisons=[1, 2, 3], n_results=4),
            r"^n_boards, comparisons, n_results, k: must be shapes that broadcast together",
        ),
        (lambda: vp.wbf_vp("10", 8), r"^imp_margin: must be numbers \(not text\)"),
        (lambda: scoring.contract_score("4", "S", 0, 10, False), r"^level: must be numbers"),
        (lambda: fit.frequency_test(["1", "2"], [1.5, 1.5]), r"^observed: must be numbers"),
    ],
)
def test_numeric_text_is_not_a_number(call, match):
    _refused(call, match)


# --------------------------------------------------------------------------- absurd sizes


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: vp.wbf_vp(10, 10**9), r"^n_boards: must be whole numbers in 1-500; got"),
        (lambda: vp.wbf_vp(10, 501), r"^n_boards: must be whole numbers in 1-500; got 501$"),
        (lambda: vp.wbf_table(10**9), r"^n_boards: must be an integer in 1-500"),
        (lambda: vp.wbf_scale(10**9), r"^n_boards: must be an integer in 1-500"),
        (lambda: vp.gaussian_scale(10**30), r"^max_vp: must be an integer in 2-2000"),
        (lambda: vp.gaussian_scale(10**9), r"^max_vp: must be an integer in 2-2000"),
        (lambda: vp.gaussian_z(negative=10**9), r"^negative: must be an integer in 0-2000"),
        (lambda: vp.gaussian_scale(sigma=1e308), r"^sigma: must be a number in \(0, 1e\+06\]"),
        (
            lambda: vp.event_scale("teams", 8, max_vp=10**9),
            r"^max_vp: must be an integer in 2-2000",
        ),
        (
            lambda: vp.event_scale("teams", 10**9, source="probst"),
            r"^n_boards: must be a number in \(0, 500\]",
        ),
        (
            lambda: vp.event_scale("teams", 10**9),
            r"^n_boards: must be an integer in 1-500",
        ),
        (
            lambda: vp.VPScale((1.0, 2.0e12), max_vp=4),
            r"^thresholds: must be margins <= 1e\+09 \(MAX_MARGIN\); got 2000000000000.0$",
        ),
        (
            lambda: vp.scale_from_thresholds([1, 2, 1e12]),
            r"^thresholds: must be margins within ±1e\+09 of centre",
        ),
        (
            lambda: fit.frequency_test([1, 2, 3], [2, 2, 2], monte_carlo=True, n_sim=10**12),
            r"^n_sim: must be an integer in 1-1000000; got 1000000000000$",
        ),
        (
            lambda: fit.estimate_k([1.0, -1e300, 3]),
            r"^swings: must be numbers in ±1e\+06; got -1e\+300$",
        ),
        (
            lambda: fit.estimate_k([1.0, 2, 3], n_boot=10**12),
            r"^n_boot: must be an integer in 10-1000000",
        ),
        (
            lambda: fit.butler_factor([1.0, 2], [1.0, 2], [4, 4], n_boot=10**12),
            r"^n_boot: must be an integer in 10-1000000",
        ),
    ],
)
def test_absurd_sizes_are_refused_at_once(call, match):
    _refused(call, match)


def test_the_bounds_themselves_are_served_quickly():
    # the largest allowed sizes are cheap, so the bounds refuse only the absurd
    start = time.perf_counter()
    assert vp.wbf_vp(10**6, vp.MAX_BOARDS) == 20.0
    assert vp.wbf_table(vp.MAX_BOARDS)["vp_winner"].iloc[-1] == 20.0
    scale = vp.gaussian_scale(vp.MAX_VP, negative=vp.MAX_NEGATIVE)
    assert len(scale.thresholds) == vp.MAX_VP // 2 + vp.MAX_NEGATIVE
    assert vp.gaussian_scale(sigma=vp.MAX_SIGMA).integer_ranges()["margin_from"].max()
    assert time.perf_counter() - start < 10.0  # a hang guard, not a speed test


def test_monte_carlo_is_drawn_in_chunks_and_reproducible(monkeypatch):
    # more draws than one chunk: the p-value is the one of drawing them all at once
    obs, exp = [3, 9, 8], [5.0, 7.5, 7.5]
    from bridgestats.fit import gof

    n_sim = 2 * gof._SIM_CHUNK + 7
    a = fit.frequency_test(obs, exp, monte_carlo=True, n_sim=n_sim, rng=5)
    monkeypatch.setattr(gof, "_SIM_CHUNK", n_sim)
    b = fit.frequency_test(obs, exp, monte_carlo=True, n_sim=n_sim, rng=5)
    assert (a.p_chi2_mc, a.p_g_mc, a.n_sim) == (b.p_chi2_mc, b.p_g_mc, n_sim)


# --------------------------------------------------------------------------- foreign exceptions


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: vp.wbf_vp(10**30, 8), r"^imp_margin: must be whole numbers"),
        (lambda: vp.wbf_vp(10, 1e30), r"^n_boards: must be whole numbers"),
        (
            lambda: vp.wbf_vp([1, 2, 3], [8, 9]),
            r"^imp_margin, n_boards: must be shapes that broadcast together; got shapes "
            r"\(3,\), \(2,\)$",
        ),
        (
            lambda: scoring.contract_score([1, 2], ["S", "H", "N"], 0, [7, 8], False),
            r"^level, strain, doubled, tricks, vulnerable: must be shapes that broadcast "
            r"together; got shapes \(2,\), \(3,\), \(\), \(2,\), \(\)$",
        ),
        (
            lambda: fit.frequency_test([1, 2, 3], [2, 2, 2], monte_carlo=True, rng="x"),
            r"^rng: must be None, an integer seed >= 0 or a numpy.random.Generator; got 'x'$",
        ),
        (lambda: fit.frequency_test([1, 2, 3], [2, 2, 2], rng=-1), r"^rng: must be None"),
        (lambda: fit.frequency_test([1, 2, 3], [2, 2, 2], rng=1.5), r"^rng: must be None"),
        (lambda: fit.estimate_k([1.0, 2, 3, 4], rng="x"), r"^rng: must be None"),
        (lambda: fit.estimate_k([1.0, 2, 3, 4], rng=True), r"^rng: must be None"),
        (lambda: fit.butler_factor([1.0, 2], [1.0, 2], [4, 4], rng="x"), r"^rng: must be None"),
        (
            lambda: fit.estimate_k_from_matches([10.0, -4, 7], [8, 8, 8], rng="x"),
            r"^rng: must be None",
        ),
    ],
)
def test_foreign_exceptions_become_bridgestats_errors(call, match):
    _refused(call, match)


def test_rng_accepts_seeds_generators_and_seed_sequences():
    for rng in (None, 0, np.int64(3), np.random.default_rng(1), np.random.SeedSequence(2)):
        assert fit.estimate_k([1.0, -2, 3, 4], rng=rng, n_boot=10).n == 4


def test_expected_total_within_our_tolerance_passes_scipy_too():
    # 5e-7 relative off the observed total: within bridgestats' 1e-6, beyond SciPy's 1.5e-8
    res = fit.frequency_test([1, 2, 3], [2, 2, 2 * (1 + 5e-7)])
    exact = fit.frequency_test([1, 2, 3], [2, 2, 2])
    assert res.chi2 == pytest.approx(exact.chi2, rel=1e-5)
    assert res.g == pytest.approx(exact.g, rel=1e-5)
    assert res.expected.sum() == pytest.approx(6.0, rel=1e-15)


@pytest.mark.parametrize("scale", [1.0, 1e10, 1e20, 1e28, 1e30])
def test_g_is_stable_for_huge_counts(scale):
    # X² and G are homogeneous of degree 1 in the counts: scaling them scales the statistics
    obs = np.array([41, 66, 52, 62, 74, 60, 63], dtype=float)
    exp = 418 / 13 * np.array([1, 2, 2, 2, 2, 2, 2])
    base = fit.frequency_test(obs, exp)
    res = fit.frequency_test(obs * scale, exp * scale)
    assert res.g >= 0 and np.isfinite(res.p_g) and np.isfinite(res.p_chi2)
    assert res.g == pytest.approx(base.g * scale, rel=1e-9)
    assert res.chi2 == pytest.approx(base.chi2 * scale, rel=1e-9)


def test_g_of_near_equal_huge_counts_is_not_negative():
    # counts near 1e30 that differ in the 9th digit: the plain Σ O ln(O/E) cancels to noise
    obs = np.array([1e30, 1e30 * (1 + 1e-9), 3e30])
    exp = np.array([1e30 * (1 + 1e-9), 1e30, 3e30])
    res = fit.frequency_test(obs, exp)
    # (O − E)²/E per band: 1e12 each in the first two bands; G agrees to second order
    assert res.chi2 == pytest.approx(2e12, rel=1e-6)
    assert res.g == pytest.approx(2e12, rel=1e-6)
    assert res.p_g == 0.0 and res.p_chi2 == 0.0


def test_g_matches_scipy_on_ordinary_counts():
    from scipy import stats

    obs = np.array([41, 66, 52, 62, 74, 60, 63], dtype=float)
    exp = 418 / 13 * np.array([1, 2, 2, 2, 2, 2, 2])
    res = fit.frequency_test(obs, exp, fitted_params=1)
    g, p = stats.power_divergence(obs, exp, ddof=1, lambda_="log-likelihood")
    chi2, pc = stats.power_divergence(obs, exp, ddof=1, lambda_="pearson")
    assert res.g == pytest.approx(g, rel=1e-12) and res.p_g == pytest.approx(p, rel=1e-9)
    assert res.chi2 == pytest.approx(chi2, rel=1e-12) and res.p_chi2 == pytest.approx(pc, rel=1e-9)


# --------------------------------------------------------------------------- the scale command


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--boards", "8", "--max-vp", "1000000000"], "max_vp: must be an integer in 2-2000"),
        (["--boards", "8", "--negative", "1000000000"], "negative: must be an integer in 0-2000"),
        (["--wbf", "--boards", "1000000000"], "n_boards: must be an integer in 1-500"),
        (["--boards", "1000000000"], "n_boards: must be an integer in 1-500"),  # the evidence's
        (["--boards", "1000000000", "--model", "probst"], "n_boards: must be a number in (0, 500]"),
        # an IMP σ is held to --k's range over its boards (issue 34)
        (["--boards", "8", "--sigma", "1e308"], "--sigma: must be a number in [2.83, 141] IMPs"),
        (["--boards", "8", "--sigma", "nan"], "--sigma: must be a number in [2.83, 141] IMPs"),
        # --k: [1, 50] on the command line, as the booklet has (issue 26)
        (["--boards", "8", "--k", "1e308"], "--k: must be a number in [1, 50]; got 1e+308"),
        (["--boards", "8", "--k", "1e11"], "--k: must be a number in [1, 50]; got 1"),
    ],
)
def test_scale_refuses_absurd_sizes_in_one_line(capsys, argv, message):
    from bridgestats.cli import main

    start = time.perf_counter()
    code = main(["scale", *argv])
    out, err = capsys.readouterr()
    assert time.perf_counter() - start < 10.0  # a hang guard, not a speed test
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("bridgestats scale: error: ")
    assert message in err


class _FailingOut:
    """A standard output whose writes fail with ``error``."""

    def __init__(self, error: OSError):
        self.error = error

    def write(self, text):
        raise self.error

    def flush(self):
        raise self.error


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (OSError(28, "No space left on device"), "could not write the table (No space left"),
        (BrokenPipeError(32, "Broken pipe"), "standard output closed early"),
    ],
)
def test_scale_output_errors_are_one_line(monkeypatch, capsys, error, message):
    from bridgestats.cli import main

    monkeypatch.setattr("sys.stdout", _FailingOut(error))
    code = main(["scale", "--boards", "8"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and message in err


def _command(*argv) -> list[str]:
    import sys

    return [sys.executable, "-m", "bridgestats.cli", *argv]


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="no /dev/full")
def test_scale_to_a_full_disk_exits_2_without_traceback():
    import subprocess

    with open("/dev/full", "w") as full:
        done = subprocess.run(
            _command("scale", "--boards", "8"), stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 2
    assert done.stderr == (
        "bridgestats scale: error: standard output: could not write the table "
        "(No space left on device)\n"
    )


def test_scale_to_a_closed_pipe_exits_2_without_traceback():
    import subprocess

    # a table far larger than a pipe's buffer, its reader gone before the first write
    argv = _command("scale", "--boards", "8", "--max-vp", "2000", "--negative", "2000")
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 2
    assert err == "bridgestats scale: error: standard output closed early\n"


# --------------------------------------------------------------------------- loaders

PBN_TWO_ROOMS = (
    '[Event "T"]\n[Board "1"]\n[Room "Open"]\n[Vulnerable "None"]\n[Declarer "S"]\n'
    '[Contract "3NT"]\n[Result "10"]\n\n'
    '[Event "T"]\n[Board "1"]\n[Room "Closed"]\n[Vulnerable "None"]\n[Declarer "S"]\n'
    '[Contract "3NT"]\n[Result "9"]\n\n'
    '[Event "T"]\n[Board "2"]\n[Room "Open"]\n[Vulnerable "NS"]\n[Declarer "N"]\n'
    '[Contract "4S"]\n[Result "10"]\n\n'
    '[Event "T"]\n[Board "2"]\n[Room "Closed"]\n[Vulnerable "NS"]\n[Declarer "N"]\n'
    '[Contract "4S"]\n[Result "9"]\n'
)


def _io():
    from bridgestats import io

    return io


@pytest.mark.parametrize(
    ("broken", "line"),
    [('[Board "2"]', '[Board "2]'), ('[Room "Closed"]\n[Vulnerable "NS"]', '[Room "Closed]')],
)
def test_pbn_tag_line_missing_its_quote_is_a_counted_skip(tmp_path, write_file, broken, line):
    io = _io()
    good = PBN_TWO_ROOMS
    if "Room" in broken:  # the second board's closed room
        at = good.rindex(broken)
        text = good[:at] + line + '\n[Vulnerable "NS"]' + good[at + len(broken) :]
    else:
        at = good.rindex(broken)  # the second board's closed room again
        text = good[:at] + line + good[at + len(broken) :]
    path = write_file(tmp_path / "t.pbn", text)
    df = io.read_pbn(path)
    s = io.summary_of(df)
    assert s.records == 4 and s.skipped == {"malformed tag": 1}
    bad = df[df["skip_reason"] == "malformed tag"]
    assert len(bad) == 1 and bad["record"].iat[0] == 25 and np.isnan(bad["score_ns"].iat[0])
    # never the previous record's board nor a room it does not print
    assert bad["board"].isna().all() or "Board" not in line
    assert s.records == s.scorable + sum(s.skipped.values())
    with pytest.raises(io.ParseError, match=r"^t\.pbn, line 2[67]: malformed tag line '\["):
        io.read_pbn(path, strict=True)


def test_pbn_note_with_unescaped_quotes_is_read_as_a_tag(tmp_path, write_file):
    io = _io()
    text = PBN_TWO_ROOMS.replace('[Result "9"]\n', '[Result "9"]\n[Note "1:"cards""]\n', 1)
    df = io.read_pbn(write_file(tmp_path / "n.pbn", text), strict=True)
    assert io.summary_of(df).scorable == 4
    key = "tag values holding unescaped quotes, read to the last quote"
    assert io.summary_of(df).notes[key] == 1


@pytest.mark.parametrize(
    ("encoding", "message"),
    [
        ("utf-16", r"the file is UTF-16 \(little-endian\) text \(byte-order mark\)"),
        ("utf-16-be", r"line 1: holds NUL bytes: likely UTF-16 text without a byte-order mark"),
        ("utf-16-le", r"line 1: holds NUL bytes: likely UTF-16 text without a byte-order mark"),
        ("utf-32", r"the file is UTF-32 \(little-endian\) text \(byte-order mark\)"),
    ],
)
def test_wide_encodings_are_named(tmp_path, encoding, message):
    io = _io()
    path = tmp_path / "w.pbn"
    path.write_bytes(PBN_TWO_ROOMS.encode(encoding))
    _refused(lambda: io.read_pbn(path), r"^w\.pbn(, line 1)?: " + message.split(": ", 1)[-1])
    valet = tmp_path / "scores.txt"
    valet.write_bytes("1|1|1|2|3|4|3N|S|10\n".encode(encoding))
    _refused(lambda: io.read_valet(valet), "UTF-")


@pytest.mark.parametrize("reader", ["read_pbn", "read_lin", "read_valet", "read_acbl_travellers"])
@pytest.mark.parametrize("path", [None, 123, 4.5, b"x.pbn", [None], {"a": 1}])
def test_loaders_refuse_what_is_not_a_path(reader, path):
    _refused(lambda: getattr(_io(), reader)(path), r"^path: must be a file, a folder")


def test_valet_empty_file_says_so(tmp_path, write_file):
    io = _io()
    df = io.read_valet(write_file(tmp_path / "scores.txt", ""))
    s = io.summary_of(df)
    assert s.records == 0 and s.notes == {"files without a result line (empty)": 1}


@pytest.mark.parametrize(
    "text",
    [
        '1|"1|101|102|103|104|3N|S|10\n1|1|105|106|107|108|4S|E|9\n',
        '1|1|101|102|103|104|"3N|S|10\n1|1|105|106|107|108|4S"|E|9\n',
        '1|1|101|102|103|104|3N|S|10|"H4\n',
    ],
)
def test_valet_quotes_are_characters_not_strings(tmp_path, write_file, text):
    io = _io()
    df = io.read_valet(write_file(tmp_path / "scores.txt", text))
    s = io.summary_of(df)
    assert s.records == text.count("\n")  # one row per line: nothing swallowed
    assert s.records == s.scorable + sum(s.skipped.values())
    assert s.scorable < s.records or text.endswith('"H4\n')


ACBL_HEAD = (
    "session,section,board,vul,contract,declarer,made,score_ns,score_ew,mp_ns,mp_ew,"
    "pair_ns,pair_ew\n"
)
ACBL_LINE = "2017-01-09/recap_b_20170109.html,,1,None,3NT,S,4,430,,10.50,1.50,5,9\n"


@pytest.mark.parametrize(
    ("body", "match"),
    [
        (ACBL_LINE[:-1] + ",\n", r"line 2: expected 13 comma-separated fields, found 14 \(a trai"),
        (ACBL_LINE + ACBL_LINE[:-1] + ",\n", r"line 3: expected 13 comma-separated fields"),
        (ACBL_LINE + "a,b\n", r"line 3: expected 13 comma-separated fields, found 2$"),
        (ACBL_LINE + '"x,1\n', r"line 3: not a traveller CSV line"),
    ],
)
def test_acbl_field_counts_name_the_line(tmp_path, write_file, body, match):
    io = _io()
    path = write_file(tmp_path / "travellers.csv", ACBL_HEAD + body)
    _refused(lambda: io.read_acbl_travellers(path), r"^travellers\.csv, " + match)


def test_pbn_score_table_without_rows_says_so(tmp_path, write_file):
    io = _io()
    text = (
        '[Event "Club"]\n[Board "5"]\n[Vulnerable "NS"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n'
    )
    df = io.read_pbn(write_file(tmp_path / "s.pbn", text))
    s = io.summary_of(df)
    assert s.records == 0
    assert s.notes["ScoreTables without a row (no table results for their board)"] == 1


# --------------------------------------------------------------------------- datasets


@pytest.mark.parametrize("name", [None, 123, "../seeds/x", "nope", ["seeds/brighton_2005"]])
def test_dataset_names_are_checked(name):
    from bridgestats import datasets

    _refused(lambda: datasets.path(name), r"^name: must be one of ")
    _refused(lambda: datasets.load(name), r"^name: must be one of ")


@pytest.mark.parametrize("kwargs", [{"nrows": "x"}, {"no_such_option": 1}, {"sep": 5}])
def test_dataset_read_options_pandas_refuses_are_named(kwargs):
    from bridgestats import datasets

    _refused(
        lambda: datasets.load("seeds/brighton_2005_vp_counts", **kwargs),
        r"^read_csv_kwargs: must be options pandas.read_csv accepts for "
        r"'seeds/brighton_2005_vp_counts'; got " + next(iter(kwargs)),
    )


@pytest.mark.parametrize(("text", "result"), [("4S+\n1", 1), ("3NN-\t2", -2), ("4S + 1", 1)])
def test_contract_results_with_any_blank_inside(text, result):
    # "-\n1" (a LIN rs field cut by a line end) once escaped as int()'s ValueError
    assert scoring.parse_contract(text).result == result


@pytest.mark.parametrize(
    ("board", "result", "reason"),
    [
        ("1e400", "9", "no board"),
        ("99999999999999999999", "9", "no board"),
        ("-5", "9", "no board"),
        ("0", "9", "no board"),
        ("inf", "9", "no board"),
        ("3", "99999999999999999999", "no result"),
        ("3", "1e400", "no result"),
    ],
)
def test_numbers_beyond_reason_in_files_are_skips_not_wrapped_ints(
    tmp_path, write_file, board, result, reason
):
    # "1e400" and twenty nines once became board -2**63, scored; board 0 or -5 was scored
    io = _io()
    text = (
        f'[Board "{board}"]\n[Vulnerable ""]\n[Declarer "S"]\n[Contract "3NT"]\n'
        f'[Result "{result}"]\n'
    )
    df = io.read_pbn(write_file(tmp_path / "x.pbn", text))
    assert io.summary_of(df).skipped == {reason: 1} and np.isnan(df["score_ns"].iat[0])
    valet = write_file(tmp_path / "scores.txt", f"1|{board}|1|2|3|4|3N|S|{result}\n")
    assert io.summary_of(io.read_valet(valet)).skipped == {reason: 1}


# --------------------------------------------------------------------------- frames

_TEAMS = {
    "source": ["f", "f"],
    "event": ["e", "e"],
    "segment": ["s", "s"],
    "board": [1, 1],
    "room": ["open", "closed"],
    "home_team": ["A", "A"],
    "visit_team": ["B", "B"],
    "score_ns": [420.0, -50.0],
}


@pytest.mark.parametrize(
    ("scores", "match"),
    [
        (["420", "x"], r"^frame: row 0: score_ns: must be a number or missing; got '420'$"),
        ([np.inf, 1.0], r"^frame: row 0: score_ns: must be a finite number or missing; got inf$"),
        ([[1], 2.0], r"^frame: row 0: score_ns: must be a number or missing; got \[1\]$"),
    ],
)
def test_frame_helpers_refuse_scores_that_are_not_numbers(scores, match):
    import pandas as pd

    io = _io()
    frame = pd.DataFrame({**_TEAMS, "score_ns": scores})
    _refused(lambda: io.team_board_swings(frame), match)
    _refused(lambda: io.field_results(frame), match)


def test_score_board_results_refuses_text_scores_and_unhashable_boards():
    import pandas as pd

    _refused(
        lambda: scoring.score_board_results(
            pd.DataFrame({"board": [1, 1], "score_ns": ["1", "2"]})
        ),
        r"^score: row 0: must be a number; got '1'$",
    )
    _refused(
        lambda: scoring.score_board_results(
            pd.DataFrame({"board": [[1], [2]], "score_ns": [1.0, 2]})
        ),
        r"^board: column 'board': must be hashable keys \(numbers or text\); got a list or dict$",
    )


def test_huge_margins_take_the_top_outcome_without_overflow():
    import warnings

    scale = vp.gaussian_scale(sigma=10)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert scale.vp([1e300, -1e300, 5.0]).tolist() == [20, 0, 14]
