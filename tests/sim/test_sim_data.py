"""Re-measure on real club matchpoint data the spreads quoted in bridgestats.sim.club."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bridgestats.sim import club


@pytest.mark.shared
def test_board_sd_of_real_matchpoints(shared_data):
    t = pd.read_csv(shared_data / "club-matchpoints" / "travellers.csv", dtype=str)
    for col in ("mp_ns", "mp_ew"):
        t[col] = pd.to_numeric(t[col], errors="coerce")
    # the section is a column for multi-section travellers, else the letter in the file name
    section = t["section"].fillna(t["session"].str.extract(r"recap_([a-z])_", expand=False))
    t = t.assign(section=section.fillna(""), total=t["mp_ns"] + t["mp_ew"])
    top = t.groupby(["session", "section", "board"])["total"].transform("max")
    ok = t["mp_ns"].notna() & t["mp_ew"].notna() & (top > 0)
    pct = 100 * t.loc[ok, "mp_ns"] / top[ok]
    assert ok.sum() == 29_076
    # the docstring quotes 30.15 % (two decimals): rounding tolerance 0.005
    assert pct.std() == pytest.approx(club.BOARD_SD, abs=0.005)
    assert pct.mean() == pytest.approx(50.0, abs=0.05)


@pytest.mark.shared
def test_strength_sd_of_real_pair_sessions(shared_data):
    s = pd.read_csv(shared_data / "club-matchpoints" / "pair_standings.csv")
    mp = s[s["scoring"] == "MP"]
    assert len(mp) == 2553
    session_sd = mp["pct"].std()
    assert session_sd == pytest.approx(7.33, abs=0.005)
    pair_sd = np.sqrt(session_sd**2 - club.BOARD_SD**2 / 25.5)
    # STRENGTH_SD is quoted to one decimal: tolerance 0.05
    assert pair_sd * np.sqrt(2) == pytest.approx(club.STRENGTH_SD, abs=0.05)
