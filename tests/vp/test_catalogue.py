"""The catalogue of named VP scales (bridgestats/vp/catalogue.py): one entry per name.

Every entry builds a scale that behaves as a VP scale must (monotone, the two sides summing
to the total), each has a display name, and a new scale is ONE entry: checked here by
adding one and seeing it reach the simulator, scoring an event and the command line.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from bridgestats import names
from bridgestats.vp import NAMED_SCALES, NamedScale, named_scale, team_scales

_MARGINS = np.arange(0.0, 80.0, 0.25)


@pytest.mark.parametrize("name", list(NAMED_SCALES))
@pytest.mark.parametrize("n_boards", [4, 8, 20])
def test_every_named_scale_is_monotone_and_its_sides_sum_to_the_total(name, n_boards):
    entry = NAMED_SCALES[name]
    scale = named_scale(name, n_boards=n_boards)
    assert entry.id == name and entry.name and scale.name and scale.unit == entry.unit
    assert entry.source.strip()  # where it comes from (the booklet's introduction of it)
    up, down = np.asarray(scale.vp(_MARGINS), float), np.asarray(scale.vp(-_MARGINS), float)
    assert np.all(np.diff(up) >= 0) and np.all(np.diff(down) <= 0)
    if entry.raw:
        np.testing.assert_array_equal(up, _MARGINS)  # the margin itself
    else:  # no negative VPs in these: every match hands out the total (2 decimals: 1e-9)
        np.testing.assert_allclose(up + down, scale.max_vp, atol=1e-9)
        assert up[0] == down[0] == scale.max_vp / 2


def test_every_named_scale_has_its_display_name_in_its_entry():
    """The entry names the scale (no second table to edit): the names every page shows."""
    for scale_id, entry in NAMED_SCALES.items():
        assert names.display_name("scale", scale_id) == entry.name != scale_id
    with pytest.raises(ValueError, match="a display name"):
        NamedScale("nameless", "IMPs", _patton, "a scale without a name (this test)")


def _patton(n_boards):
    from bridgestats.vp import gaussian_scale

    # a Patton-style 4-0 Gaussian scale at Probst's σ = K√n, K = 6.5 (as Table 9's 4-0)
    sigma = 6.5 * math.sqrt(n_boards)
    return gaussian_scale(4, sigma=sigma, unit="IMPs", name=f"4-0, {n_boards} boards")


_TEAMS = "".join(
    f'[Event "Teams"]\n[Board "{b}"]\n[Vulnerable "{v}"]\n[Scoring "IMP"]\n'
    f'[Declarer "{d}"]\n[Contract "{c}"]\n[Result "{r}"]\n[HomeTeam "Lions"]\n'
    f'[VisitTeam "Bears"]\n[Room "{room}"]\n[Stage "1"]\n\n'
    for b, v, room, d, c, r in [
        ("1", "None", "Open", "N", "4H", "10"),  # +420
        ("1", "None", "Closed", "N", "4HX", "9"),  # -100: 11 IMPs to Lions
        ("2", "NS", "Open", "E", "1S", "7"),  # -80
        ("2", "NS", "Closed", "N", "2C", "8"),  # +90: 5 IMPs to Bears
    ]
)


def test_a_new_named_scale_is_one_entry_and_reaches_every_user(monkeypatch, tmp_path, capsys):
    from bridgestats import io as bio
    from bridgestats.apps.score import team_matches
    from bridgestats.cli import main
    from bridgestats.sim.events import simulate_events

    entry = NamedScale(
        "patton_4",
        "IMPs",
        _patton,
        "a 4-0 Gaussian scale (this test)",
        name="Patton 4-0 (this test)",
    )
    monkeypatch.setitem(NAMED_SCALES, "patton_4", entry)  # the one place a scale goes
    assert "patton_4" in team_scales()

    # the simulator scores every match by it
    res = simulate_events(
        2, event_format="round_robin", scale="patton_4", strength=[0.3, 0.0], n_events=300, rng=1
    )
    assert res.scale.max_vp == 4 and set(np.unique(res.score)) <= {0, 1, 2, 3, 4}
    np.testing.assert_array_equal(res.score[:, 0], res.scale.vp(res.margin[:, 0]))

    # scoring an event: Lions win by 11 - 5 = 6 IMPs over 2 boards; σ = 6.5√2 = 9.19, so
    # 3-7 IMPs is 3-1 (Probst's Table 9 ranges)
    path = tmp_path / "teams.pbn"
    path.write_text(_TEAMS)
    m = team_matches(bio.read_results(path), scale="patton_4")
    assert (m.team_a.iat[0], m.imp_margin.iat[0], m.vp_a.iat[0], m.vp_b.iat[0]) == (
        "Bears",
        -6,
        1.0,
        3.0,
    )

    # the command line offers it, spelled with a hyphen
    code = main(
        ["score", str(path), "--scale", "patton-4", "--table", "matches", "--format", "csv"]
    )
    out = capsys.readouterr().out
    # (imp_margin -6, imp_margin_b 6, adjusted boards 0)
    row = "teams.pbn,Teams,1,Bears,Lions,2,5,11,-6,6,0,1.0,3.0"
    assert code == 0 and out.splitlines()[1] == row
