"""Write the sample committee files shipped in data/committee/ (the match results CSV).

Run: ``.venv/bin/python scripts/make_committee_samples.py`` (writes
``data/committee/teams_matches.csv``, ``data/committee/swiss_pairs_rounds.csv`` and
``data/committee/club_sessions/week_*.xml``; deterministic). ``data/README.md`` documents
them and the CSV's columns; ``tests/derive/test_committee_samples.py`` runs this script's
functions again and compares.

- ``teams_matches.csv``: a real event, the 2013 Bermuda Bowl round robin (22 teams, 21
  rounds of 16 boards), every match as shipped in ``data/derived/rescored_matches.csv``
  (teams reconstructed from the seating of the VALET full field, named by their players'
  surnames), with the VPs of the WBF 2013 continuous scale it was played on.
- ``swiss_pairs_rounds.csv``: a simulated club Swiss pairs, one round a week
  (:func:`bridgestats.sim.matches.simulate_match_results`): 64 pairs, 10 rounds of 8
  boards, a random first round then by score, per-board sd k and strength spread τ the
  evidence's Swiss pairs fit (``data/derived/sigma_evidence_inputs.csv``: ``pairs_k``,
  ``strength_sd``), scored on the EBU 2006 table, seed 2026.
- ``club_sessions/week_01.xml`` ... ``week_08.xml``: a simulated club's eight Tuesday
  matchpoint pairs sessions in USEBIO 1.2 (:func:`club_sessions`): 28 members, each with
  a national number (800001-800028), 24 of them at each session in 6 NS and 6 EW pairs
  (a Mitchell of 6 rounds of 3 boards, every board played at all 6 tables); 14 regular
  partnerships, the partners of the 4 members away each week playing together; each
  table's result a fixed contract per board, its tricks moved by the two pairs' skill
  difference and a table's luck, seed 2026.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pandas as pd

from bridgestats import datasets
from bridgestats.paths import data_dir
from bridgestats.sim.matches import simulate_match_results
from bridgestats.vp import named_scale

SEED = 2026
TEAMS_EVENT = "2013-World/Men"


def teams_matches() -> pd.DataFrame:
    """The 2013 Bermuda Bowl round robin in the match results CSV's columns."""
    m = datasets.load("derived/rescored_matches")
    m = m[m["event"] == TEAMS_EVENT].reset_index(drop=True)
    scale = named_scale("wbf", n_boards=int(m["boards"].max()))
    margin = (m["imps_a"] - m["imps_b"]).to_numpy(dtype=float)
    return pd.DataFrame(
        {
            "event": "Bermuda Bowl 2013, round robin",
            "round": m["round"],
            "home": m["team_a"],
            "visitors": m["team_b"],
            "boards": m["boards"],
            "imps_home": m["imps_a"],
            "imps_visitors": m["imps_b"],
            "vp_home": scale.vp(margin),
            "vp_visitors": scale.vp(-margin),
        }
    )


def swiss_pairs_rounds() -> pd.DataFrame:
    """The simulated club Swiss pairs."""
    inputs = datasets.load("derived/sigma_evidence_inputs").set_index("input")["value"]
    return simulate_match_results(
        64,
        n_rounds=10,
        n_boards=8,
        form="swiss_pairs",
        pairing="score",
        k=float(inputs["pairs_k"]),
        strength_sd=float(inputs["strength_sd"]),
        scale="ebu_2006",
        event="Simulated club Swiss pairs",
        first_date="2025-03-01",
        rng=SEED,
    )


#: The contract each board is played in (declarer, level, strain), cycling over 18 boards.
_CONTRACTS = (("N", 4, "S"), ("S", 3, "N"), ("E", 2, "H"), ("W", 4, "H"), ("N", 1, "N"),
              ("E", 3, "C"), ("S", 4, "S"), ("W", 3, "N"), ("N", 2, "D"))  # fmt: skip
N_MEMBERS, N_WEEKS, N_TABLES, BOARDS_PER_ROUND = 28, 8, 6, 3


def club_sessions() -> dict[str, str]:
    """The simulated club's sessions: file name -> USEBIO XML text."""
    rng = np.random.default_rng(SEED)
    skill = rng.normal(0.0, 0.6, N_MEMBERS)  # tricks per board of a pair's edge, per player
    ids = [f"{800001 + i}" for i in range(N_MEMBERS)]
    names = [f"Member {i + 1:02d}" for i in range(N_MEMBERS)]
    regular = [(2 * i, 2 * i + 1) for i in range(N_MEMBERS // 2)]
    files = {}
    for week in range(N_WEEKS):
        away = set(rng.choice(N_MEMBERS, size=4, replace=False).tolist())
        pairs = [p for p in regular if not (set(p) & away)]
        lonely = [m for p in regular if set(p) & away for m in p if m not in away]
        pairs += [tuple(lonely[i : i + 2]) for i in range(0, len(lonely), 2)]
        order = rng.permutation(len(pairs))
        pairs = [pairs[i] for i in order][: 2 * N_TABLES]
        date = pd.Timestamp("2025-01-07") + pd.Timedelta(weeks=week)
        root = ET.Element("USEBIO", Version="1.2")
        club = ET.SubElement(root, "CLUB")
        ET.SubElement(club, "CLUB_NAME").text = "Simulated club"
        event = ET.SubElement(root, "EVENT", EVENT_TYPE="MP_PAIRS")
        for tag, text in (("EVENT_DESCRIPTION", f"Tuesday pairs {date:%d %b %Y}"),
                          ("PROGRAM_NAME", "bridgestats sample"),
                          ("DATE", f"{date:%d/%m/%Y}")):  # fmt: skip
            ET.SubElement(event, tag).text = text
        people = ET.SubElement(event, "PARTICIPANTS", EVENT_TYPE="MP_PAIRS")
        for number, pair in enumerate(pairs, start=1):
            el = ET.SubElement(people, "PAIR")
            ET.SubElement(el, "PAIR_NUMBER").text = str(number)
            ET.SubElement(el, "DIRECTION").text = "NS" if number <= N_TABLES else "EW"
            for m in pair:
                player = ET.SubElement(el, "PLAYER")
                ET.SubElement(player, "PLAYER_NAME").text = names[m]
                ET.SubElement(player, "NATIONAL_ID_NUMBER").text = ids[m]
        edge = [skill[a] + skill[b] for a, b in pairs]
        n_boards = N_TABLES * BOARDS_PER_ROUND
        lines = {b: [] for b in range(1, n_boards + 1)}
        for r in range(N_TABLES):  # a Mitchell: NS pairs sit, EW pairs move up, boards down
            for t in range(N_TABLES):
                ns, ew = t, N_TABLES + (t + r) % N_TABLES
                first = ((t - r) % N_TABLES) * BOARDS_PER_ROUND + 1
                luck = rng.normal(0.0, 0.5)
                for b in range(first, first + BOARDS_PER_ROUND):
                    seat, level, strain = _CONTRACTS[(b - 1) % len(_CONTRACTS)]
                    sign = 1 if seat in "NS" else -1
                    tricks = 6 + level + sign * (edge[ns] - edge[ew]) / 2 + luck
                    tricks = int(np.clip(np.rint(tricks + rng.normal(0.0, 0.8)), 0, 13))
                    lines[b].append((ns + 1, ew + 1, f"{level}{strain}", seat, tricks))
        for b, rows in lines.items():
            board = ET.SubElement(event, "BOARD")
            ET.SubElement(board, "BOARD_NUMBER").text = str(b)
            for ns, ew, contract, seat, tricks in rows:
                line = ET.SubElement(board, "TRAVELLER_LINE")
                for tag, text in (("NS_PAIR_NUMBER", ns), ("EW_PAIR_NUMBER", ew),
                                  ("CONTRACT", contract), ("PLAYED_BY", seat),
                                  ("TRICKS", tricks)):  # fmt: skip
                    ET.SubElement(line, tag).text = str(text)
        ET.indent(root, space=" ")
        text = '<?xml version="1.0"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
        files[f"week_{week + 1:02d}.xml"] = text
    return files


def main() -> None:
    out = data_dir() / "committee"
    out.mkdir(exist_ok=True)
    teams_matches().to_csv(out / "teams_matches.csv", index=False)
    swiss_pairs_rounds().to_csv(out / "swiss_pairs_rounds.csv", index=False)
    (out / "club_sessions").mkdir(exist_ok=True)
    for name, text in club_sessions().items():
        (out / "club_sessions" / name).write_text(text)


if __name__ == "__main__":
    main()
