"""Shared fixtures: the real-results archive (skipped cleanly when it is absent) and the
notebook runner of the ``tests/notebooks/test_notebook_*.py`` files; and the markers each
test carries by where it lives (:data:`MARKS_BY_PLACE`).

``tests/`` mirrors ``bridgestats/``: the tests of ``bridgestats/<module>`` are in
``tests/<module>/``; project-wide checks (layers, package, project files, citations, the
wheel, the browser) stay at the top, with the shared helpers (``_oracles.py``,
``sim_events_reference.py``). Test files have unique base names (pytest imports them by
base name; this folder is on ``sys.path``, so ``from apps.test_score_event import X``
works from any folder).
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

from bridgestats.paths import notebooks_dir, shared_data_dir

TESTS = Path(__file__).resolve().parent

# In CI (CI set; .ci/run sets it) hypothesis draws the same examples every run: a red CI
# lands nothing, so chance must not decide it. Locally each run explores anew (and keeps
# what it finds in .hypothesis/). No example has a deadline anywhere: speed is measured in
# benchmarks, not timed tests (a loaded 2-core machine took 404 ms of a 200 ms deadline).
settings.register_profile("ci", derandomize=True, deadline=None)
settings.register_profile("local", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "local")

#: Markers by place, relative to ``tests/``: a folder marks every test under it, a file
#: every test in it, ``file::test`` one test. The markers are registered in
#: ``pyproject.toml``; ``make check`` deselects all four
#: (``-m "not (slow or notebook or browser or fault)"``), ``make test`` runs everything.
MARKS_BY_PLACE = {
    "notebooks": ("notebook", "slow"),  # each test runs a notebook in a kernel
    "test_browser.py": ("browser", "slow"),  # headless Chromium over real pages
    "reports/test_pdf.py": ("browser",),  # Chromium prints the PDFs
    "studies/test_studies_brief.py": ("slow",),  # simulated events for every form (30-50 s)
    "reports/test_reports_faults.py": ("fault", "slow"),  # kill -9, Ctrl-C, full disks
    # a PBN's hostile event name through a whole batch (a kernel runs rederive_k)
    "reports/test_hostile_pages.py::test_an_event_name_from_a_pbn_is_text_in_every_page": (
        "notebook",
        "slow",
    ),
    "reports/test_reports_dask.py": ("slow",),  # Dask LocalClusters
    "reports/test_reports.py": ("slow",),  # kernels run the tiny notebooks
    "reports/test_reports_cli.py": ("slow",),  # likewise, through the command line
    "test_wheel.py": ("slow",),  # pip builds and installs a wheel
    # tests slow for their own sizes (5-20 s each in the quick lane on the shared machine)
    **{
        f"studies/test_studies_ratings_real.py::{name}": ("slow",)  # the shipped log's fits
        for name in (
            "test_real_players_baselines",
            "test_real_players",
            "test_real_players_claims",
            "test_settling_on_real_players",
            "test_ppi_band_on_real_players",
        )
    },
    "ratings/test_ratings_systems.py::test_the_ppi_at_factor_one_is_todays_on_the_shipped_log": (
        "slow",  # the PPI over the shipped log's 373,087 boards, 3 s
    ),
    **{
        f"studies/test_studies_ppi_decision.py::{name}": ("slow",)  # the shipped log, 6 PPIs
        for name in (
            "test_the_shipped_log",
            "test_the_shipped_verdict_does_not_flip_between_bootstrap_seeds",
            "test_a_faster_drift_prefers_faster_forgetting",  # two simulated clubs, 2 years
        )
    },
    "fit/test_fit_compare.py::test_size_and_power_by_simulation": ("slow",),
    "test_hostile_properties.py::test_frame_helpers_fail_only_with_bridgestats_errors": ("slow",),
    # the archive read whole or re-derived (3-27 s of CPU each in the quick lane, loaded)
    "apps/test_score_event.py::test_acbl_club_matchpoints_agree_with_the_printed_ones": ("slow",),
    "apps/test_score_event.py::test_acbl_pair_percentages_agree_with_the_printed_standings": (
        "slow",
    ),
    "cli/test_cli_score.py::test_score_the_acbl_club_travellers": ("slow",),
    "datasets/test_derived_data.py::test_rederive_from_archive": ("slow",),
    "datasets/test_rescored_events.py::test_rederive_from_archive": ("slow",),
    "derive/test_derive_ratinglog.py::test_rederive_from_archive": ("slow",),
    "fit/test_fit_archive.py": ("slow",),  # the archive's swings and spreads fitted
    "io/test_io_shared.py": ("slow",),  # the archive's teams, LIN, Valet and ACBL files
    "io/test_io_pbn.py::test_real_contract_spellings_all_read": ("slow",),
    # Monte Carlo studies simulated again beside the quick lane's own (2-3 s of CPU each)
    **{
        f"studies/test_studies_scales.py::{name}": ("slow",)
        for name in (
            "test_common_random_numbers_and_extremes",
            "test_reference_by_name_or_shorthand",
            "test_headline_verdict_does_not_flip_between_seeds",
            "test_compare_scales_frame",  # these three share a 3 s simulated Swiss event
            "test_headline",
            "test_conclusions_are_computed",
            "test_compare_pairings_paired_by_event",
        )
    },
    # 1-3 s of CPU each on a quiet machine (make check took 72 s with them, issue 24)
    "studies/test_studies_designer.py::test_simulated_comparison_is_paired_and_stable": ("slow",),
    "studies/test_studies_designer.py::test_findings_are_one_sentence_each": ("slow",),
    "studies/test_studies_ratings_real.py::test_identification_computes_what_is_not_shipped": (
        "slow",
    ),
    "io/test_io.py::test_swings_invariants": ("slow",),  # hypothesis, 2 s
    "ratings/test_ratings_gaussian_mixed.py::"
    "test_fixed_partnerships_leave_the_partnership_sd_unidentified": ("slow",),
    "ratings/test_ratings_glicko2.py::test_the_package_is_not_imported": ("slow",),  # a process
    "io/test_io_pbn_tables.py::test_in_file_order_is_concat_then_stable_sort": ("slow",),
    "sim/test_sim_events.py::test_paired_se_is_the_se_of_the_per_event_difference": ("slow",),
    "sim/test_sim_events.py::test_several_scales_at_once_over_blocks_of_events": ("slow",),
    "fit/test_fit_compare.py::test_holm_matches_the_step_down_rule_and_statsmodels": ("slow",),
    # real processes, hung browsers and legend searches over whole figures: 1-2 s of CPU each
    # on a quiet machine (make check took 68 s with them, 3,064 tests, issue 32)
    "cli/test_hostile_third.py::test_a_real_process_with_pythonioencoding": ("slow",),
    "reports/test_hostile_batch.py::test_the_booklet_with_a_hung_browser_is_one_line": ("fault",),
    "reports/test_hostile_batch.py::test_a_hung_browser_is_stopped_with_its_children": ("fault",),
    "test_figures.py::test_a_legend_that_cannot_be_cleared_raises_naming_figure_and_axes": (
        "slow",
    ),
    "test_figures.py::test_series_are_told_apart_without_colour_in_the_plot_and_the_legend": (
        "slow",
    ),
    "studies/test_studies_designer_report.py::test_teams_with_a_given_k_and_a_refused_table": (
        "slow",
    ),
    "apps/test_booklet.py::test_cli_writes_the_booklet_from_the_measured_estimates": ("slow",),
    "io/test_io_pbn_tables.py::test_in_file_order_without_records": ("slow",),
}

#: Doctests of the package slow for a quick lane (a Monte Carlo study or a profile
#: likelihood run in the example, 1-2.5 s of CPU each), by their doctest names.
SLOW_DOCTESTS = {
    "bridgestats.studies.ratings_identification.gaussian_identification",
    "bridgestats.ratings.gaussian_mixed.mixed_profile_likelihood",
    "bridgestats.studies.designer.simulated_comparison",
    "bridgestats.studies.scales.compare_pairings",
    "bridgestats.studies.scales.conclusions",
    "bridgestats.studies.scales.scale_verdicts",
    "bridgestats.studies.scales.compare_scales",
    "bridgestats.studies.rederive_k.KReport",
    "bridgestats.studies.rederive_k.rederive_k",
    "bridgestats.studies.compare_scales.ScalesReport",
    "bridgestats.studies.brief.recommendations",  # every form's evidence scale, 1.1 s each
    "bridgestats.studies.brief.recommendation_sentence",
    "bridgestats.studies.brief.brief_table",
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        try:
            place = Path(item.path).resolve().relative_to(TESTS)
        except ValueError:  # a doctest of the package
            if item.name in SLOW_DOCTESTS:
                item.add_marker(pytest.mark.slow)
            continue
        names = (place.as_posix(), f"{place.as_posix()}::{item.originalname}")
        for prefix, marks in MARKS_BY_PLACE.items():
            if prefix in names or names[0].startswith(prefix + "/"):
                for mark in marks:
                    item.add_marker(mark)


@pytest.fixture(scope="session")
def shared_data():
    """Path of ``../shared/data``; tests using it skip when the folder is absent."""
    path = shared_data_dir()
    if path is None:
        pytest.skip("../shared/data is absent: the real-results tests need the archive")
    return path


@pytest.fixture(scope="session")
def run_notebook(tmp_path_factory):
    """A function ``run(name, folder=None, /, **parameters) -> dict``.

    It executes ``notebooks/<name>.ipynb`` with papermill (on the report runner's kernel:
    the project's, on this interpreter; with the given parameters) in ``folder`` (a fresh
    temporary folder when ``None``; pass one to look at the figures the notebook saves
    there) and returns the parsed ``summary.json`` it wrote. Session-scoped, so
    module-scoped fixtures can run a notebook once for many tests.
    """
    papermill = pytest.importorskip("papermill")
    from bridgestats.reports.execute import KERNEL_NAME, kernel_manager_class

    manager = kernel_manager_class(tmp_path_factory.mktemp("kernels"))

    def run(name, folder=None, /, **parameters) -> dict:
        if folder is None:
            folder = tmp_path_factory.mktemp(name)
        papermill.execute_notebook(
            str(notebooks_dir() / f"{name}.ipynb"),
            str(folder / "out.ipynb"),
            parameters=parameters,
            cwd=str(folder),
            kernel_name=KERNEL_NAME,
            kernel_manager_class=manager,
            progress_bar=False,
        )
        summary = json.loads((folder / "summary.json").read_text())
        _check_finding_sections(notebooks_dir() / f"{name}.ipynb", summary)
        return summary

    return run


def _check_finding_sections(notebook, summary) -> None:
    """Every finding a notebook states links to one of its own markdown headings."""
    cells = json.loads(notebook.read_text())["cells"]
    headings = {
        line.lstrip("#").strip()
        for cell in cells
        if cell["cell_type"] == "markdown"
        for line in "".join(cell["source"]).splitlines()
        if line.startswith("#")
    }
    for item in summary.get("_findings", []):
        assert item["section"] in headings, (notebook.name, item["section"], sorted(headings))


@pytest.fixture(scope="session")
def check_notebook_clean():
    """A function ``check(name)`` asserting that ``notebooks/<name>.ipynb`` is committed as
    the house style asks: the project's kernel (``bridgestats``), a markdown first cell, a
    ``parameters``-tagged second cell, code cells without outputs or execution counts and
    without ``def``/``class``.
    Returns the notebook (:mod:`nbformat` node) for further checks."""
    nbformat = pytest.importorskip("nbformat")

    def check(name):
        nb = nbformat.read(notebooks_dir() / f"{name}.ipynb", as_version=4)
        assert nb.metadata["kernelspec"]["name"] == "bridgestats"
        assert nb.cells[0].cell_type == "markdown"
        assert "parameters" in nb.cells[1].metadata.get("tags", [])
        for cell in nb.cells:
            if cell.cell_type == "code":
                assert cell.execution_count is None and cell.outputs == []
                assert "def " not in cell.source and "class " not in cell.source
        return nb

    return check


@pytest.fixture(scope="session")
def write_file():
    """A function writing ``text`` to ``path`` (gzip-compressed with ``gz=True``), making the
    path's folders, and returning the path: input files for the loaders' tests."""

    def write(path, text: str, *, gz: bool = False):
        path.parent.mkdir(parents=True, exist_ok=True)
        if gz:
            path.write_bytes(gzip.compress(text.encode()))
        else:
            path.write_text(text)
        return path

    return write
