"""The batch runner: configuration, parameter checks, execution, failures, index, run.json.

The execution tests run the tiny notebooks in ``tests/notebooks/`` (each run starts a
kernel, about 1-2 s), grouped so that one batch serves several assertions.
"""

from __future__ import annotations

import hashlib
import html
import itertools
import json
import math
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgestats import __version__
from bridgestats.errors import BridgestatsError
from bridgestats.reports import (
    ReportConfig,
    ReportEntry,
    check_parameters,
    expand_runs,
    load_config,
    notebook_parameters,
    notebook_title,
    parse_param,
    run_reports,
)
from bridgestats.reports.parameters import inspect_parameters

NB = Path(__file__).parent / "notebooks"
TINY, EMPTY, NOPARAMS = NB / "tiny.ipynb", NB / "empty.ipynb", NB / "noparams.ipynb"


def write_config(folder: Path, text: str) -> Path:
    path = folder / "reports.toml"
    path.write_text(text.replace("@NB", NB.as_posix()))
    return path


# --- configuration (no kernel) -------------------------------------------------------------


def test_load_config_reads_entries_and_resolves_notebooks_relative_to_the_file(tmp_path):
    cfg = load_config(
        write_config(
            tmp_path,
            """
            allow_missing = true
            [[report]]
            name = "a"
            notebook = "@NB/tiny.ipynb"
            parameters = { n = 5 }
            [[report]]
            name = "b"
            notebook = "sub/b.ipynb"
            description = "later"
            grid = { seed = [1, 2] }
            """,
        )
    )
    assert cfg.allow_missing is True
    assert [e.name for e in cfg.entries] == ["a", "b"]
    assert cfg.entries[0].notebook == TINY.resolve()
    assert cfg.entries[0].parameters == {"n": 5}
    assert cfg.entries[1].notebook == (tmp_path / "sub" / "b.ipynb").resolve()
    assert cfg.entries[1].grid == {"seed": [1, 2]}
    assert cfg.entries[1].description == "later"


BAD_CONFIGS = [
    ("colour = 1\n", "unknown top-level key(s) colour"),
    ('[[report]]\nname = "a"\n', "report 1 ('a'): 'notebook' must be a path"),
    ('[[report]]\nname = "a"\nnotebook = "a.ipynb"\nparam = {}\n', "unknown key(s) param"),
    ('[[report]]\nnotebook = "a.ipynb"\n', "report 1: 'name' must be"),
    ('[[report]]\nname = "x/y"\nnotebook = "a.ipynb"\n', "'name' must be"),
    ('[[report]]\nname = "a"\nnotebook = "a.ipynb"\ngrid = { n = [] }\n', "grid 'n' must be"),
    ('[[report]]\nname = "a"\nnotebook = "a.ipynb"\ngrid = { n = 3 }\n', "grid 'n' must be"),
    ('[[report]]\nname = "a"\nnotebook = "a.ipynb"\ngrid = { n = [1, 1] }\n', "repeats a value"),
    ('[[report]]\nname = "a"\nnotebook = "a.ipynb"\ngrid = "n"\n', "'grid' must be a table"),
    (
        '[[report]]\nname = "a"\nnotebook = "a.ipynb"\n'
        "parameters = { n = 1 }\ngrid = { n = [2] }\n",
        "'n' is both in 'parameters' and in 'grid'",
    ),
    (
        '[[report]]\nname = "a"\nnotebook = "a.ipynb"\n'
        '[[report]]\nname = "a"\nnotebook = "b.ipynb"\n',
        "report name 'a' is used twice",
    ),
    ("allow_missing = 'yes'\n", "allow_missing must be true or false"),
    ("timeout = 0\n", "timeout must be a whole number of seconds from 1"),
    ("[[report]\n", "not valid TOML"),
    (
        '[[report]]\nname = "index.html"\nnotebook = "b.ipynb"\n',
        "report 1 ('index.html'): 'name' 'index.html' is reserved",
    ),
    (
        '[[report]]\nname = "INDEX.html"\nnotebook = "b.ipynb"\n',
        "'name' 'INDEX.html' is reserved",
    ),
    ('[[report]]\nname = ".lock"\nnotebook = "b.ipynb"\n', "'name' must be letters"),
    ('[[report]]\nname = ".kernels"\nnotebook = "b.ipynb"\n', "'name' must be letters"),
]


@pytest.mark.parametrize(("text", "message"), BAD_CONFIGS, ids=[m for _, m in BAD_CONFIGS])
def test_config_errors_name_the_file_and_the_entry(tmp_path, text, message):
    path = write_config(tmp_path, text)
    with pytest.raises(BridgestatsError) as info:
        load_config(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_a_config_that_is_not_utf8_is_one_error_naming_the_file(tmp_path):
    path = tmp_path / "reports.toml"
    path.write_bytes('[[report]]\nname = "caf\u00e9"\nnotebook = "a.ipynb"\n'.encode("latin-1"))
    with pytest.raises(BridgestatsError) as info:
        load_config(path)
    assert str(info.value) == (
        f"{path}: not UTF-8 text (byte 22: invalid continuation byte); TOML files are UTF-8"
    )


def test_load_config_of_a_missing_file_is_an_error(tmp_path):
    with pytest.raises(BridgestatsError, match="no such file"):
        load_config(tmp_path / "nope.toml")


def _config(*entries, allow_missing=False):
    return ReportConfig(Path("test.toml"), tuple(entries), allow_missing)


def test_grid_expands_into_named_runs_with_parameters():
    entry = ReportEntry(
        "e", TINY, parameters={"n": 4}, grid={"seed": [1, 2], "label": ["a b", "c"]}
    )
    runs = expand_runs(_config(entry))
    assert [r.name for r in runs] == [
        "e__seed-1_label-a_b",
        "e__seed-1_label-c",
        "e__seed-2_label-a_b",
        "e__seed-2_label-c",
    ]
    assert runs[1].overrides == {"n": 4, "seed": 1, "label": "c"}
    assert {r.report for r in runs} == {"e"}
    signed = expand_runs(_config(ReportEntry("e", TINY, grid={"n": [1, -1, 0.5]})))
    assert [r.name for r in signed] == ["e__n-1", "e__n--1", "e__n-0.5"]  # found by hypothesis


def test_command_line_params_override_and_collapse_a_grid_axis():
    entry = ReportEntry("e", TINY, parameters={"n": 4}, grid={"seed": [1, 2], "label": ["a"]})
    runs = expand_runs(_config(entry), params={"seed": 9, "n": 7})
    assert [r.name for r in runs] == ["e__label-a"]
    assert runs[0].overrides == {"n": 7, "label": "a", "seed": 9}


def test_only_selects_by_report_or_run_name_and_rejects_unknown_names():
    cfg = _config(ReportEntry("a", TINY), ReportEntry("g", EMPTY, grid={"seed": [1, 2]}))
    assert [r.name for r in expand_runs(cfg, only=["g"])] == ["g__seed-1", "g__seed-2"]
    assert [r.name for r in expand_runs(cfg, only=["g__seed-2", "a"])] == ["a", "g__seed-2"]
    with pytest.raises(BridgestatsError, match=r"no report or run named 'gg'.*did you mean 'g'"):
        expand_runs(cfg, only=["gg"])


def test_missing_notebook_is_an_error_unless_allowed(tmp_path):
    entry = ReportEntry("later", tmp_path / "later.ipynb")
    with pytest.raises(BridgestatsError, match=r"report 'later': notebook .* does not exist"):
        expand_runs(_config(entry))
    (run,) = expand_runs(_config(entry, allow_missing=True))
    assert run.missing


def test_duplicate_run_names_from_a_grid_are_an_error():
    cfg = _config(ReportEntry("e", TINY, grid={"label": ["a b", "a_b"]}))
    with pytest.raises(BridgestatsError, match="two runs would be named 'e__label-a_b'"):
        expand_runs(cfg)


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["n", "seed", "label", "fail"]),
        st.lists(st.integers(-50, 50), min_size=1, max_size=3, unique=True),
        max_size=3,
    )
)
def test_grid_gives_one_run_per_combination_with_unique_names(grid):
    runs = expand_runs(_config(ReportEntry("e", TINY, grid=grid)))
    sizes = [len(v) for v in grid.values()]
    assert len(runs) == math.prod(sizes)  # 1 for an empty grid
    assert len({r.name for r in runs}) == len(runs)
    combos = {tuple(r.overrides[k] for k in grid) for r in runs}
    assert combos == set(itertools.product(*grid.values()))


# --- parameters (no kernel) ----------------------------------------------------------------


def test_notebook_parameters_reads_the_tagged_cell():
    assert notebook_parameters(TINY) == {
        "n": 3,
        "seed": 1,
        "label": "tiny",
        "input_path": None,
        "files": None,
        "make_figure": False,
        "fail": False,
        "sleep_s": 0,
    }
    assert notebook_parameters(NOPARAMS) == {}
    assert notebook_title(TINY) == "Tiny report (runner tests)"


def test_notebook_parameters_keeps_non_literal_defaults_as_source(tmp_path):
    nb = json.loads(EMPTY.read_text())
    nb["cells"][1]["source"] = "seed = 0\nsigma: float = 11.0\nscale = 2 * sigma\n"
    path = tmp_path / "derived.ipynb"
    path.write_text(json.dumps(nb))
    assert notebook_parameters(path) == {"seed": 0, "sigma": 11.0, "scale": "2 * sigma"}


def test_notebook_parameters_survive_lines_papermill_cannot_split(tmp_path):
    # papermill's line reader skips a line holding two "=" and cuts a value at a "#" inside
    # a string; the cell's syntax tree gives those, and papermill's help comments are kept
    nb = json.loads(EMPTY.read_text())
    nb["cells"][1]["source"] = (
        'seed = 0  # the random seed\nlabel = "a=b"\ncolour = "#fff"\nn: int = 3\n'
    )
    path = tmp_path / "odd.ipynb"
    path.write_text(json.dumps(nb))
    assert notebook_parameters(path) == {"seed": 0, "colour": "#fff", "n": 3, "label": "a=b"}
    found = inspect_parameters(path)
    assert found["seed"].help == "the random seed" and found["seed"].literal
    assert found["colour"].help == ""  # not the "fff\"" papermill took for a comment
    assert check_parameters(path, {"label": "x"})["label"] == "x"


def test_a_parameters_cell_that_does_not_parse_is_an_error(tmp_path):
    nb = json.loads(EMPTY.read_text())
    nb["cells"][1]["source"] = "seed = (0\n"
    path = tmp_path / "broken.ipynb"
    path.write_text(json.dumps(nb))
    with pytest.raises(BridgestatsError, match="the parameters cell does not parse"):
        notebook_parameters(path)
    (tmp_path / "junk.ipynb").write_text("not json")
    with pytest.raises(BridgestatsError, match="notebook: cannot read"):
        notebook_parameters(tmp_path / "junk.ipynb")


def test_check_parameters_merges_defaults_and_rejects_a_misspelt_name():
    assert check_parameters(EMPTY, {"seed": 4}) == {"seed": 4}
    assert check_parameters(TINY, {"n": 10})["n"] == 10
    with pytest.raises(BridgestatsError) as info:
        check_parameters(TINY, {"sed": 4}, run="tiny__x")
    message = str(info.value)
    assert "run 'tiny__x'" in message and "'sed'" in message
    assert "did you mean 'seed'" in message
    assert "fail, files, input_path, label, make_figure, n, seed, sleep_s" in message
    with pytest.raises(BridgestatsError, match="no parameters cell"):
        check_parameters(NOPARAMS, {"seed": 1})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("n=8", ("n", 8)),
        ("sigma=11.5", ("sigma", 11.5)),
        ("quick=true", ("quick", True)),
        ("quick=False", ("quick", False)),
        ("path=None", ("path", None)),
        ("path=null", ("path", None)),
        ("scale=wbf", ("scale", "wbf")),
        ("scale='wbf'", ("scale", "wbf")),
        ("label=a=b", ("label", "a=b")),
        ("label=", ("label", "")),
        ("grid=[8, 12]", ("grid", [8, 12])),
        ('opts={"a": 1}', ("opts", {"a": 1})),
    ],
)
def test_parse_param(text, expected):
    assert parse_param(text) == expected


@pytest.mark.parametrize("text", ["n", "=3", "2n=3", "a b=1"])
def test_parse_param_rejects_malformed(text):
    with pytest.raises(BridgestatsError, match="NAME=VALUE"):
        parse_param(text)


def test_misspelt_parameter_stops_the_batch_before_anything_runs(tmp_path):
    cfg = write_config(
        tmp_path,
        """
        [[report]]
        name = "fine"
        notebook = "@NB/empty.ipynb"
        [[report]]
        name = "typo"
        notebook = "@NB/tiny.ipynb"
        grid = { sed = [1, 2] }
        """,
    )
    out = tmp_path / "reports"
    with pytest.raises(BridgestatsError, match=r"run 'typo__sed-1': unknown parameter 'sed'"):
        run_reports(cfg, reports_dir=out)
    assert not out.exists()  # not even the folder: nothing ran


def test_a_missing_file_stops_the_batch_before_anything_runs(tmp_path, monkeypatch):
    """A relative ``files`` path is looked for where the batch was started; one that names
    nothing there is refused, naming the path and that folder, before any folder is made."""
    cfg = write_config(tmp_path, '[[report]]\nname = "a"\nnotebook = "@NB/tiny.ipynb"\n')
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "reports"
    with pytest.raises(
        BridgestatsError,
        match=r"run 'a': parameter files: no file or folder "
        r"'club/none.csv' \(relative paths are read from the folder the batch "
        r"was started in, '.*'\)",
    ):
        run_reports(cfg, reports_dir=out, params={"files": ["club/none.csv"]})
    assert not out.exists()


def test_relative_files_are_read_from_where_the_batch_started(tmp_path, monkeypatch):
    """The kernel runs in the run's own folder; ``files`` given relative to the folder the
    batch was started in reach it as absolute paths, which run.json records (and the
    notebook hashes the file it was given: its SHA-256 computed here)."""
    cfg = write_config(tmp_path, '[[report]]\nname = "a"\nnotebook = "@NB/tiny.ipynb"\n')
    club = tmp_path / "club"
    club.mkdir()
    (club / "week1.csv").write_text("event,round,home,visitors,boards,imps_home,imps_visitors\n")
    monkeypatch.chdir(tmp_path)
    (result,) = run_reports(
        cfg, reports_dir=tmp_path / "reports", params={"files": ["club/week1.csv"]}
    )
    assert result.status == "ok", result.error
    absolute = str((club / "week1.csv").resolve())
    record = json.loads((result.folder / "run.json").read_text())
    assert record["parameters"]["files"] == [absolute]
    assert record["overrides"]["files"] == [absolute]  # what papermill was given
    digest = hashlib.sha256((club / "week1.csv").read_bytes()).hexdigest()
    assert record["inputs"] == {absolute: digest}
    summary = json.loads((result.folder / "summary.json").read_text())
    assert summary["files"] == [absolute] and Path(summary["cwd"]) != tmp_path


def test_jobs_must_be_a_positive_integer(tmp_path):
    cfg = write_config(tmp_path, '[[report]]\nname = "a"\nnotebook = "@NB/empty.ipynb"\n')
    for jobs in (0, -1, 1.5, True, "2"):
        with pytest.raises(BridgestatsError, match=r"jobs: must be an integer >= 1; got"):
            run_reports(cfg, jobs=jobs, reports_dir=tmp_path / "r")


# --- one batch with two jobs: success, failure, grid, missing --------------------------------


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("batch")
    data = folder / "input.csv"
    data.write_text("board,score_ns\n1,420\n2,-50\n")
    cfg = write_config(
        folder,
        f"""
        allow_missing = true
        [[report]]
        name = "tiny"
        notebook = "@NB/tiny.ipynb"
        description = "the tiny one"
        parameters = {{ n = 4, seed = 7, make_figure = true, input_path = "{data.as_posix()}" }}
        [[report]]
        name = "boom"
        notebook = "@NB/tiny.ipynb"
        parameters = {{ fail = true }}
        [[report]]
        name = "grid"
        notebook = "@NB/empty.ipynb"
        grid = {{ seed = [11, 12] }}
        [[report]]
        name = "later"
        notebook = "not_written_yet.ipynb"
        """,
    )
    out = folder / "reports"
    results = run_reports(cfg, jobs=2, reports_dir=out)
    return {
        "results": {r.name: r for r in results},
        "order": [r.name for r in results],
        "out": out,
        "data": data,
    }


def test_batch_returns_one_result_per_run_in_config_order(batch):
    assert batch["order"] == ["tiny", "boom", "grid__seed-11", "grid__seed-12", "later"]
    status = {name: r.status for name, r in batch["results"].items()}
    assert status == {
        "tiny": "ok",
        "boom": "failed",
        "grid__seed-11": "ok",
        "grid__seed-12": "ok",
        "later": "missing",
    }


def test_two_jobs_run_at_the_same_time(batch):
    spans = sorted(
        (r.record["started"], r.record["ended"])
        for r in batch["results"].values()
        if r.status != "missing"
    )
    # ISO times in UTC with milliseconds compare as strings: the first two runs overlap
    assert spans[1][0] < spans[0][1]


def test_run_folder_holds_notebook_html_summary_figures_and_run_json(batch):
    folder = batch["out"] / "tiny"
    assert batch["results"]["tiny"].folder == folder
    for name in ("tiny.ipynb", "tiny.html", "summary.json", "run.json", "figures/draws.png"):
        assert (folder / name).is_file(), name
    assert (folder / "figures/draws.png").read_bytes()[:4] == b"\x89PNG"
    # no temporary folders left behind
    hidden = [p.name for p in batch["out"].iterdir() if p.name.startswith(".")]
    assert hidden == [".bridgestats-reports"]  # the folder's marker only


def test_parameters_reach_the_notebook_and_the_summary(batch):
    summary = json.loads((batch["out"] / "tiny" / "summary.json").read_text())
    assert summary["n"] == 4 and summary["seed"] == 7 and len(summary["draws"]) == 4
    # the notebook's own computation, redone here: seed 7, 4 normal draws
    import numpy as np

    expected = np.random.default_rng(7).normal(size=4)
    assert summary["draws"] == pytest.approx(expected.tolist(), rel=1e-12)  # JSON round trip
    grid = [
        json.loads((batch["out"] / f"grid__seed-{s}" / "summary.json").read_text())
        for s in (11, 12)
    ]
    assert [g["seed"] for g in grid] == [11, 12]


def test_kernel_runs_this_interpreter_in_the_run_folder(batch):
    summary = json.loads((batch["out"] / "tiny" / "summary.json").read_text())
    assert summary["executable"] == sys.executable
    assert summary["prefix"] == sys.prefix
    cwd = Path(summary["cwd"])  # the temporary folder that became reports/tiny
    assert cwd.parent == batch["out"] and cwd.name.startswith(".tiny.tmp-")


def test_run_json_records_provenance(batch):
    record = json.loads((batch["out"] / "tiny" / "run.json").read_text())
    assert record["run"] == "tiny" and record["report"] == "tiny" and record["status"] == "ok"
    assert record["bridgestats_version"] == __version__
    assert re.fullmatch(r"[0-9a-f]{40}", record["git"]["revision"])
    assert isinstance(record["git"]["dirty"], bool)
    assert record["parameters"] == {
        "n": 4,
        "seed": 7,
        "label": "tiny",
        "input_path": batch["data"].as_posix(),
        "files": None,
        "make_figure": True,
        "fail": False,
        "sleep_s": 0,
    }
    assert record["overrides"]["n"] == 4 and "label" not in record["overrides"]
    assert record["seed"] == 7
    assert record["notebook"] == "tiny.ipynb"
    assert record["notebook_sha256"] == hashlib.sha256(TINY.read_bytes()).hexdigest()
    data_hash = hashlib.sha256(batch["data"].read_bytes()).hexdigest()
    assert record["inputs"] == {batch["data"].as_posix(): data_hash}
    assert record["python"] == sys.executable
    assert record["started"] <= record["ended"]
    d = record["durations"]
    assert d["kernel_start_s"] > 0 and d["execute_s"] > 0 and d["html_s"] > 0
    # the parts fit inside the total (papermill's wall time also covers kernel shutdown)
    assert d["kernel_start_s"] + d["execute_s"] <= d["papermill_s"] + 0.05
    assert d["total_s"] == pytest.approx(d["papermill_s"] + d["html_s"])
    assert "figures/draws.png" in record["files"] and "summary.json" in record["files"]


def test_html_report_states_its_provenance(batch):
    page = (batch["out"] / "tiny" / "tiny.html").read_text()
    record = json.loads((batch["out"] / "tiny" / "run.json").read_text())
    about = html.unescape(page[page.index("About this report") :])
    assert f"SHA-256 {record['notebook_sha256']}" in about
    (input_hash,) = record["inputs"].values()
    assert f"SHA-256 {input_hash}" in about
    # issue 33: in words, not Python's syntax (was "n = 4 (set), label = 'tiny', input_path
    # = None"): each parameter under its name spaced (tiny's have no help comment)
    assert ">n</th><td>4 (set for this run)</td>" in about and ">label</th><td>tiny</td>" in about
    assert ">make figure</th><td>yes (set for this run)</td>" in about
    assert ">fail</th><td>no</td>" in about and "'" not in about and "False" not in about
    assert "<th" in about and ">seed</th><td>7</td>" in about
    assert f"{__version__}, git {record['git']['revision']}" in about
    assert "<title>Tiny report (runner tests) (tiny)</title>" in page


def test_failed_run_keeps_its_partial_notebook_with_the_error(batch):
    result = batch["results"]["boom"]
    assert result.folder == batch["out"] / "boom.failed"
    assert not (batch["out"] / "boom").exists()
    assert "RuntimeError: deliberate failure for the runner tests" in result.error
    nb = json.loads((result.folder / "tiny.ipynb").read_text())
    errors = [o for c in nb["cells"] for o in c.get("outputs", []) if o["output_type"] == "error"]
    assert errors and errors[0]["evalue"] == "deliberate failure for the runner tests"
    assert "deliberate failure for the runner tests" in (result.folder / "tiny.html").read_text()
    record = json.loads((result.folder / "run.json").read_text())
    assert record["status"] == "failed" and record["error"] == result.error
    assert not (result.folder / "summary.json").exists()


def test_html_hides_code_by_default(batch):
    page = (batch["out"] / "tiny" / "tiny.html").read_text()
    assert "mean of 4 draws" in page  # the output is there
    assert "default_rng" not in page  # the code is not
    assert "cdnjs" not in page and 'src="http' not in page  # no remote scripts without math


def test_html_loads_mathjax_only_for_notebooks_with_math(tmp_path):
    import nbformat
    from nbformat.v4 import new_markdown_cell, new_notebook

    from bridgestats.reports.execute import export_html

    for name, text, expect in [
        ("plain", "σ = K·√n", False),
        ("math", r"$\sigma = K\sqrt{n}$", True),
    ]:
        path = tmp_path / f"{name}.ipynb"
        nbformat.write(new_notebook(cells=[new_markdown_cell(text)]), path)
        page = export_html(path, show_code=False).read_text()
        assert ("mathjax" in page.lower()) is expect, name
        assert "require.min.js" not in page and "mermaid.esm" not in page


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs, self.external = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a":
            self.hrefs.append(attrs["href"])
        for key in ("src", "href"):
            if attrs.get(key, "").startswith(("http:", "https:", "//")):
                self.external.append(attrs[key])
        if tag in ("script", "link", "img"):
            self.external.append(f"<{tag}>")


def test_index_lists_every_run_with_status_figures_and_working_links(batch):
    page = (batch["out"] / "index.html").read_text()
    for name in ("tiny", "boom", "grid__seed-11", "grid__seed-12"):  # title first, then id
        assert f'<span class="small run">run <code>{name}</code></span>' in page
        assert f"<strong>{name}</strong>" not in page
    assert "<strong>Tiny report (runner tests)</strong>" in page
    assert "<strong>later</strong>" in page  # never run: no title to show
    assert page.count('class="status ok"') == 3
    assert page.count('class="status failed"') == 1
    assert page.count('class="status missing"') == 1
    assert "the tiny one" in page  # the description
    assert "Empty report (benchmark baseline)" in page  # the notebook title otherwise
    summary = json.loads((batch["out"] / "tiny" / "summary.json").read_text())
    assert f"<dt>mean</dt><dd>{summary['mean']:.4g}</dd>" in page  # a headline figure
    assert "deliberate failure for the runner tests" in page  # the error, on the failed row
    links = _Links()
    links.feed(page)
    assert not links.external  # self-contained: no scripts, stylesheets or remote images
    assert "tiny/tiny.html" in links.hrefs and "boom.failed/tiny.html" in links.hrefs
    assert "tiny/figures/draws.png" in links.hrefs
    for href in links.hrefs:
        assert (batch["out"] / href).exists(), href


# --- atomic replacement ---------------------------------------------------------------------


def test_a_failed_rerun_keeps_the_good_report_and_a_good_rerun_replaces_it(tmp_path):
    cfg = write_config(tmp_path, '[[report]]\nname = "x"\nnotebook = "@NB/tiny.ipynb"\n')
    out = tmp_path / "reports"
    (first,) = run_reports(cfg, reports_dir=out)
    assert first.status == "ok"
    good = (out / "x" / "summary.json").read_text()

    (second,) = run_reports(cfg, reports_dir=out, params={"fail": True, "n": 5})
    assert second.status == "failed" and second.folder == out / "x.failed"
    assert (out / "x" / "summary.json").read_text() == good  # the earlier report survives
    assert json.loads((out / "x" / "run.json").read_text())["status"] == "ok"
    page = (out / "index.html").read_text()
    assert 'class="status failed"' in page and 'href="x/tiny.html">previous good report' in page

    (third,) = run_reports(cfg, reports_dir=out, params={"n": 6})
    assert third.status == "ok"
    assert json.loads((out / "x" / "summary.json").read_text())["n"] == 6  # replaced
    assert not (out / "x.failed").exists()  # the stale failure is gone
    listed = sorted(p.name for p in out.iterdir())
    assert listed == [".bridgestats-reports", "findings.html", "index.html", "x"]


def test_a_cell_over_the_timeout_fails_the_run(tmp_path):
    cfg = write_config(
        tmp_path,
        'timeout = 1\n[[report]]\nname = "slow"\nnotebook = "@NB/tiny.ipynb"\n'
        "parameters = { sleep_s = 30 }\n",
    )
    assert load_config(cfg).timeout == 1
    (result,) = run_reports(cfg, reports_dir=tmp_path / "reports")
    assert result.status == "failed" and "timed out" in result.error.lower()
    assert result.record["durations"]["papermill_s"] < 20  # it did not sleep 30 s
    assert (tmp_path / "reports" / "slow.failed" / "tiny.ipynb").is_file()


def test_a_notebook_that_writes_no_summary_fails(tmp_path):
    nb = json.loads(EMPTY.read_text())
    nb["cells"] = nb["cells"][:2]  # title and parameters only
    (tmp_path / "silent.ipynb").write_text(json.dumps(nb))
    cfg = write_config(tmp_path, '[[report]]\nname = "s"\nnotebook = "silent.ipynb"\n')
    (result,) = run_reports(cfg, reports_dir=tmp_path / "reports")
    assert result.status == "failed" and "summary.json" in result.error
    assert (tmp_path / "reports" / "s.failed" / "silent.html").is_file()


# --- jobs in their own processes --------------------------------------------------------------


def test_jobs_and_outcomes_are_frozen_and_pickle():
    import dataclasses
    import pickle

    from bridgestats.reports.jobs import Job, Outcome

    job = Job("x", str(TINY), "/nowhere", overrides={"n": 2}, git={"revision": None})
    outcome = Outcome("ok", "2026-01-01T10:00:00.000+00:00", "2026-01-01T10:00:01.000+00:00")
    for value in (job, outcome):
        assert pickle.loads(pickle.dumps(value)) == value
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.name = "y"  # any field, on either
    assert job.output_name == "tiny.ipynb"


def test_a_run_whose_process_dies_fails_with_its_exit_status(tmp_path):
    from bridgestats.reports.execute import run_in_process
    from bridgestats.reports.jobs import Job

    # the process cannot open <folder>/kernel.log: it exits with a traceback before papermill
    outcome = run_in_process(Job("x", str(TINY), str(tmp_path / "no-such-folder")))
    assert outcome.status == "failed"
    assert "the run's process exited with status 1 (see the batch's stderr)" in outcome.error
    assert outcome.process_s > 0 and outcome.started <= outcome.ended


def test_a_whole_batch_of_a_pack_config_writes_the_booklet_and_the_pack(tmp_path, capsys):
    """Issue 33, item 3: a configuration with ``pack = true`` (notebooks/reports.toml, which
    ``make reports`` runs) writes booklet.html and the committee pack when every run ran, the
    index links both; a batch of some runs (--only) leaves them as they were."""
    from bridgestats.reports import browser

    cfg = write_config(
        tmp_path,
        'pack = true\n[[report]]\nname = "x"\nnotebook = "@NB/tiny.ipynb"'
        '\n[[report]]\nname = "y"\nnotebook = "@NB/empty.ipynb"\n',
    )
    out = tmp_path / "reports"
    assert {r.status for r in run_reports(cfg, reports_dir=out)} == {"ok"}
    said = capsys.readouterr().err
    assert "<title>VP scales: the booklet</title>" in (out / "booklet.html").read_text()
    index = (out / "index.html").read_text()
    assert 'href="booklet.html"' in index
    if browser.find_browser() is not None:
        assert (out / "committee_pack.pdf").read_bytes().startswith(b"%PDF")
        assert 'href="committee_pack.pdf"' in index and "committee pack: committee_pack.pdf" in said
    else:
        assert "committee pack: not printed" in said
    before = (out / "booklet.html").stat().st_mtime_ns
    run_reports(cfg, reports_dir=out, only=["y"])
    assert (out / "booklet.html").stat().st_mtime_ns == before  # some runs: left as it was
