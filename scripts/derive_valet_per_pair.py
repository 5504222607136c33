"""VALET's own per-pair output, reduced to the figures bridgestats checks its event ranking
against: ``data/derived/valet_per_pair.csv``.

VALET (S. Hein, github.com/valet-bridge/valet, Apache-2.0) prints, for each championship
of its ``data/`` folder, every pair's boards and IMPs per board over the whole event: by
Butler against the datum (``datum.txt``, column "Butler") and across the field
(``iaf.txt``, column "IMPs": cross-IMPs, each result against every other). This script
keeps, for each pair, its names as VALET prints them, its boards (``No.``) and those two
figures, nothing of the decomposition (bidding, play, defence) that follows. The files
are not redistributed here; fetch them from the repository (the commit is in
``data/derived/README.md``) and run::

    python scripts/derive_valet_per_pair.py \
        --event 2005-World/Men DATUM_TXT IAF_TXT [--event ...] \
        --out data/derived/valet_per_pair.csv

``tests/apps/test_score_event_ranking.py`` checks the parser on lines of the printed
layout and compares the shipped figures with ``bridgestats score FOLDER --ranking event``
on the archive's copy of the same results.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pandas as pd

#: A pair's line of VALET's text tables: the names, then ``| No. value |`` (boards and IMPs
#: per board, two decimals), then the decomposition.
_LINE = re.compile(r"^(?P<pair>[^|]*\S)\s*\|\s*(?P<n>\d+)\s+(?P<value>-?\d+\.\d+)\s*\|")


def parse(text: str) -> pd.DataFrame:
    """The pairs of one of VALET's per-pair text tables (``datum.txt``, ``iaf.txt``):
    ``pair``, ``n_boards``, ``value`` and ``block`` (1: the first list; 2: the list VALET
    prints after a blank line, of pairs that played few boards), in the printed order.

    >>> t = (
    ...     "Players   |  No. Butler |   Bid   Play |\\n"
    ...     "GRECO Eric - HAMPSON Geoff   |  340   0.67 |  0.45   0.22 |\\n"
    ...     "\\n"
    ...     "SHEN Chih-Kuo - SHIH Juei-Yu |   80   1.14 |  1.04   0.09 |\\n"
    ... )
    >>> parse(t).to_dict("list")
    {'pair': ['GRECO Eric - HAMPSON Geoff', 'SHEN Chih-Kuo - SHIH Juei-Yu'], \
'n_boards': [340, 80], 'value': [0.67, 1.14], 'block': [1, 2]}
    """
    rows, block, seen = [], 1, False
    for line in text.splitlines():
        if not line.strip():
            block += seen  # a blank line after some pairs starts the next list
            seen = False
            continue
        m = _LINE.match(line)
        if m is None or m.group("pair").strip() == "Players":
            continue
        rows.append((m.group("pair").strip(), int(m.group("n")), float(m.group("value")), block))
        seen = True
    return pd.DataFrame(rows, columns=["pair", "n_boards", "value", "block"])


def derive(events: list[tuple[str, Path, Path]]) -> pd.DataFrame:
    """One row per event and pair: ``event``, ``pair``, ``n_boards``, ``butler`` (VALET's
    datum Butler, IMPs per board), ``cross_imps`` (its IMPs across the field per board),
    ``block``; the pairs in ``datum.txt``'s order."""
    parts = []
    for event, datum, iaf in events:
        butler = parse(datum.read_text(encoding="utf-8"))
        cross = parse(iaf.read_text(encoding="utf-8"))
        both = butler.merge(cross[["pair", "n_boards", "value"]], on=["pair", "n_boards"],
                            how="left", suffixes=("_butler", "_cross"))  # fmt: skip
        if both["value_cross"].isna().any() or len(cross) != len(butler):
            raise SystemExit(f"{event}: datum.txt and iaf.txt list different pairs")
        both = both.rename(columns={"value_butler": "butler", "value_cross": "cross_imps"})
        parts.append(both.assign(event=event))
    out = pd.concat(parts, ignore_index=True)
    return out[["event", "pair", "n_boards", "butler", "cross_imps", "block"]]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--event", nargs=3, action="append", required=True,
                        metavar=("NAME", "DATUM_TXT", "IAF_TXT"))  # fmt: skip
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    events = [(name, Path(d), Path(i)) for name, d, i in args.event]
    derive(events).to_csv(args.out, index=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
