"""The sample committee files of data/committee/ are what their script writes."""

from __future__ import annotations

import importlib.util

import pandas as pd

from bridgestats import datasets
from bridgestats.paths import project_root


def _script():
    path = project_root() / "scripts" / "make_committee_samples.py"
    spec = importlib.util.spec_from_file_location("make_committee_samples", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_samples_are_their_script_s_output():
    script = _script()
    for name, made in (
        ("committee/teams_matches", script.teams_matches()),
        ("committee/swiss_pairs_rounds", script.swiss_pairs_rounds()),
    ):
        shipped = datasets.load(name)
        # through a CSV and back, as shipped; floats compared to 1e-9 (two-decimal values)
        again = pd.read_csv(pd.io.common.StringIO(made.to_csv(index=False)))
        pd.testing.assert_frame_equal(again, shipped, rtol=1e-9)


def test_the_real_event_is_the_shipped_bermuda_bowl_round_robin():
    teams = datasets.load("committee/teams_matches")
    assert len(teams) == 231 and teams["round"].max() == 21  # 22 teams, 21 rounds
    assert set(teams["boards"]) == {16}
    assert (teams["vp_home"] + teams["vp_visitors"]).round(2).eq(20).all()


def test_the_club_sessions_are_their_script_s_output():
    """The simulated club's eight USEBIO sessions, byte for byte."""
    folder = datasets.path("committee/swiss_pairs_rounds").parent / "club_sessions"
    made = _script().club_sessions()
    assert sorted(made) == sorted(p.name for p in folder.glob("*.xml"))
    for name, text in made.items():
        assert (folder / name).read_text() == text, name
