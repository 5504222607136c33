"""The default batch, ``notebooks/reports.toml``: valid, complete, and its parameters exist.

Running the notebooks is the job of each notebook's own test and of ``make reports``;
here nothing is executed.
"""

from __future__ import annotations

from bridgestats.paths import notebooks_dir
from bridgestats.reports import (
    check_parameters,
    default_config_path,
    expand_runs,
    load_config,
    notebook_parameters,
)

REPORTS = [
    "committee_brief",
    "compare_scales",  # the longest, started first in a folder without a last batch
    "rederive_k",
    "washington_sigma",
    "vp_frequencies",
    "ppi_half_life",
    "vp_scale_designer",
    "ratings_real",
    "probst_reproduction",
    "butler_scales",
    "swiss_events",
]


def test_the_default_config_lists_the_default_reports():
    cfg = load_config()
    assert cfg.path == default_config_path() == notebooks_dir() / "reports.toml"
    assert [e.name for e in cfg.entries] == REPORTS
    assert [e.notebook for e in cfg.entries] == [notebooks_dir() / f"{n}.ipynb" for n in REPORTS]


def test_missing_notebooks_are_tolerated_only_until_all_exist():
    cfg = load_config()
    missing = [e.name for e in cfg.entries if not e.notebook.is_file()]
    if missing:
        assert cfg.allow_missing, f"{missing} missing: set allow_missing = true meanwhile"
    else:
        assert not cfg.allow_missing, (
            "all the notebooks exist: set allow_missing = false in notebooks/reports.toml "
            "so that a missing notebook is an error again"
        )


def test_configured_parameters_exist_in_the_notebooks_that_exist():
    cfg = load_config()
    for run in expand_runs(cfg):
        if not run.missing:
            merged = check_parameters(run.notebook, run.overrides, run=run.name)
            assert set(merged) == set(notebook_parameters(run.notebook))
