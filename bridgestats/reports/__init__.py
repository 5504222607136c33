"""The batch runner: execute the evidence notebooks into HTML reports (``make reports``).

(The modules of this package are being split out of one file; see config and parameters.)
"""

from __future__ import annotations

from ._old import RunResult, run_reports, write_index
from .config import (
    ReportConfig,
    ReportEntry,
    RunSpec,
    default_config_path,
    expand_runs,
    load_config,
)
from .parameters import (
    check_parameters,
    notebook_parameters,
    notebook_title,
    parse_param,
)

__all__ = [
    "ReportConfig",
    "ReportEntry",
    "RunResult",
    "RunSpec",
    "check_parameters",
    "default_config_path",
    "expand_runs",
    "load_config",
    "notebook_parameters",
    "notebook_title",
    "parse_param",
    "run_reports",
    "write_index",
]
