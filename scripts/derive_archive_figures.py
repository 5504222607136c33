"""Derive the figures shipped in data/derived/ from the real-results archive.

Run: ``.venv/bin/python scripts/derive_archive_figures.py`` (reads ``../shared/data`` via
:func:`bridgestats.paths.shared_data_dir`, writes ``data/derived/*.csv``). The archive may
not be redistributed; these counts, margins and spreads may. ``data/derived/README.md``
documents each file; ``tests/test_derived_data.py`` re-derives them and compares.
"""

from __future__ import annotations

import sys

import numpy as np
import pandas as pd

from bridgestats.fit import field_spreads
from bridgestats.io import field_results, match_margins, read_pbn, read_valet, team_board_swings
from bridgestats.paths import data_dir, shared_data_dir

#: The teams-pbn series folders, in the order of its PROVENANCE table.
SERIES = ("bb", "us", "sg", "vb", "ec", "ol", "dt", "ca")
#: VALET files that concatenate other files of the folder (left out: no double counting).
VALET_DUPLICATES = ("2009-18_Bundesliga/scores.txt.gz", "2018-Open/BAMQ/scores.txt.gz")
FLOAT_FORMAT = "%.10g"


def _series_year(source: pd.Series) -> pd.DataFrame:
    """``bb/bb-1955.pbn.gz`` -> series ``bb``, year 1955 (the year ends every file name)."""
    parts = source.str.extract(r"^(?P<series>[a-z]+)/.*?(?P<year>\d{4})\.pbn(?:\.gz)?$")
    if parts.isna().any().any():
        bad = source[parts.isna().any(axis=1)].iloc[0]
        raise ValueError(f"cannot read series and year from {bad!r}")
    return parts.assign(year=parts["year"].astype(int))


def _board_spreads(fields: pd.DataFrame) -> pd.DataFrame:
    """Per board of :func:`~bridgestats.io.field_results`: :func:`~bridgestats.fit.field_spreads`
    with the Butler IMPs against both datums (plain mean, trimmed) as two columns.

    Boards with a single result have no spread; none occur in the archive, and any that did
    would stop the script rather than be dropped silently.
    """
    scores = fields["scores"].tolist()
    mean = field_spreads(scores, datum="mean")
    trimmed = field_spreads(scores, datum="trimmed")
    event = fields["source"].str.replace(r"/scores(\w*)\.txt(\.gz)?$", r"/\1", regex=True)
    return pd.DataFrame(
        {
            "event": event.str.rstrip("/"),
            "round": fields["round"].astype(int),
            "board": fields["board"],
            "n_tables": mean["n_tables"],
            "score_sd": mean["score_sd"],
            "butler_imps_sd_mean": mean["butler_imps_sd"],
            "butler_imps_sd_trimmed": trimmed["butler_imps_sd"],
            "cross_imps_rms": mean["cross_imps_rms"],
        }
    )


def derive(shared) -> dict[str, pd.DataFrame]:
    """The three derived tables, from the archive folder ``shared``."""
    teams = read_pbn(shared / "teams-pbn" / "pbn")
    swings = team_board_swings(teams)
    sy = _series_year(swings["source"])
    swings = swings.assign(series=sy["series"], year=sy["year"], decade=sy["year"] // 10 * 10)

    grid = pd.MultiIndex.from_product(
        [SERIES, sorted(swings["decade"].unique()), range(-24, 25)],
        names=["series", "decade", "imps"],
    )
    counts = swings.groupby(["series", "decade", "imps"]).size().reindex(grid, fill_value=0)
    counts = counts.rename("count").reset_index()
    present = swings[["series", "decade"]].drop_duplicates()
    counts = counts.merge(present, on=["series", "decade"])  # only series-decades played

    margins = match_margins(swings)
    first = swings.drop_duplicates("match").set_index("match")[["series", "year"]]
    margins = margins.join(first, on="match")
    margins = margins[["match", "series", "year", "n_boards", "imp_margin", "sum_sq_imps"]]

    valet = read_valet(shared / "valet-fullfield")
    valet = valet[~valet["source"].isin(VALET_DUPLICATES)]
    spreads = _board_spreads(field_results(valet))
    return {
        "swing_counts": counts,
        "match_margins": margins,
        "fullfield_board_spreads": spreads,
    }


def main() -> int:
    shared = shared_data_dir()
    if shared is None:
        print("../shared/data is absent: nothing to derive from", file=sys.stderr)
        return 1
    out = data_dir() / "derived"
    out.mkdir(parents=True, exist_ok=True)
    for name, frame in derive(shared).items():
        path = out / f"{name}.csv"
        frame.to_csv(path, index=False, float_format=FLOAT_FORMAT, lineterminator="\n")
        print(f"{path}: {len(frame)} rows")
    swings = pd.read_csv(out / "swing_counts.csv")
    n = swings["count"].sum()
    k = np.sqrt((swings["count"] * swings["imps"] ** 2).sum() / n)
    print(f"boards {n}, K (rms IMPs per board) {k:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
