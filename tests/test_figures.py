"""The reports' figures (bridgestats/figures/): every legend clear of the data (display
coordinates), series told apart by more than colour, ids read as names, count axes, captions."""

import matplotlib
import numpy as np
import pandas as pd
import pytest

from bridgestats import figures
from bridgestats.errors import BridgestatsError

matplotlib.use("Agg")


def _overlaps(a, b) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def test_legends_cover_no_data():
    """The legend's box in display coordinates against every bar, line vertex and point."""
    by = pd.DataFrame(
        {"a": np.r_[1, [2] * 10] / 21, "b": np.linspace(0.02, 0.2, 11)},
        index=[f"{10 + i}-{10 - i}" for i in range(11)],
    )
    figs = [figures.outcome_figure(by, title="t")]
    sens = pd.DataFrame(
        {
            "scale": ["a"] * 3 + ["b"] * 3,
            "sigma": [9, 10, 11] * 2,
            "p_top": [0.06, 0.095, 0.13, 0.05, 0.09, 0.14],
        }
    )
    figs.append(figures.sensitivity_figure(sens, sigma=10, unit="IMPs"))
    for fig in figs:
        fig.canvas.draw()
        ax = fig.axes[0]
        box = ax.get_legend().get_window_extent()
        for patch in ax.patches:
            assert not _overlaps(box, patch.get_window_extent())
        for line in ax.lines:
            xy = ax.transData.transform(np.column_stack(line.get_data()).astype(float))
            inside = (
                (xy[:, 0] >= box.x0)
                & (xy[:, 0] <= box.x1)
                & (xy[:, 1] >= box.y0)
                & (xy[:, 1] <= box.y1)
            )
            assert not inside.any()
        matplotlib.pyplot.close(fig)


def test_a_saved_figure_names_ids_in_its_legend_ticks_and_titles(tmp_path):
    """Issue 22: compare_scales' legend read ``round_robin``; save_figure names ids."""
    from matplotlib import pyplot as plt

    from bridgestats.notebook import save_figure

    fig, ax = plt.subplots()
    ax.barh(["seeds/ebu_swiss_pairs_7_9", "wbf_discrete"], [1, 2], label="round_robin")
    ax.set_title("p_strongest_wins by scale")
    ax.legend(title="pairing")
    save_figure(fig, "f", folder=tmp_path, show=False)
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert ticks == ["EBU Swiss pairs, 7-9 boards a match", "WBF 2013 (whole VPs)"]
    assert ax.get_legend().get_texts()[0].get_text() == "round robin"
    assert ax.get_title() == "P(strongest wins) by scale"
    assert (tmp_path / "f.png").is_file()
    plt.close(fig)


def _looks(legend):
    """Each legend key's look without its colour: dash pattern, marker and weight of a line,
    hatch of a bar."""
    from bridgestats.figures import _look

    return [_look(key) for key in legend.legend_handles]


def test_series_are_told_apart_without_colour_in_the_plot_and_the_legend(tmp_path):
    """Issue 33: compare_scales' pairing rules (bars) and rederive_k's eight published K
    (dashed lines) differed by colour alone; printed in black and white they were one."""
    from matplotlib import pyplot as plt

    from bridgestats.figures import _dashes, _look, tell_apart
    from bridgestats.notebook import save_figure

    fig, (bars, lines) = plt.subplots(2, 1)
    for i, rule in enumerate(["random", "score", "seeded", "swiss"]):
        bars.barh(np.arange(3) + 0.2 * i, [1, 2, 3], height=0.2, xerr=0.1, label=rule)
    bars.legend()
    lines.errorbar([6.1, 6.2], [0, 1], xerr=0.1, fmt="o", color="black", label="this data")
    for k in np.linspace(6.0, 7.0, 8):
        lines.axvline(k, linestyle="--", linewidth=1, label=f"K {k:.2f}")
    lines.axvline(6.13, color="grey", linewidth=2, label="pooled")
    fig.legend(loc="outside lower center", ncol=2)
    save_figure(fig, "styles", folder=tmp_path, show=False)
    for legend in (bars.get_legend(), fig.legends[0]):
        looks = _looks(legend)
        assert len(set(looks)) == len(looks), looks  # every key its own look
    # the plotted series changed with their keys: every bar of a rule has its key's hatch
    from matplotlib.container import BarContainer

    hatches = [
        {p.get_hatch() for p in c.patches} for c in bars.containers if isinstance(c, BarContainer)
    ]
    assert [len(h) for h in hatches] == [1, 1, 1, 1] and len(set.union(*hatches)) == 4
    published = [line for line in lines.lines if line.get_label().startswith("K ")]
    assert len({(_dashes(x), x.get_marker()) for x in published}) == 8
    assert {_look(x) for x in published} <= set(_looks(fig.legends[0]))
    # the errorbar's caps and the thick pooled line kept their looks; a second pass changes
    # nothing
    assert _dashes(lines.lines[-1]) == "-" and lines.lines[-1].get_marker() == "None"
    assert tell_apart(fig) == 0
    plt.close(fig)


def test_series_told_apart_by_style_already_are_left_as_they_are():
    from matplotlib import pyplot as plt

    from bridgestats.figures import tell_apart

    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1], "-", label="a")
    ax.plot([0, 1], [1, 0], "--", label="b")
    ax.plot([0, 1], [0.5, 0.5], "o", label="c")
    ax.fill_between([0, 1], 0, 0.2, hatch="//", label="d")
    ax.legend()
    assert tell_apart(fig) == 0
    plt.close(fig)


def test_a_proxy_key_is_not_restyled_alone():
    """swiss_events named its boxes by empty proxy lines: restyling the proxies would have
    drawn a dashed key for boxes that are not dashed; they are left as they are."""
    from matplotlib import pyplot as plt

    from bridgestats.figures import tell_apart

    fig, ax = plt.subplots()
    ax.boxplot([[1, 2, 3]], positions=[0], patch_artist=True)
    ax.boxplot([[2, 3, 4]], positions=[1], patch_artist=True)
    ax.plot([], [], color="C0", lw=6, label="entry rule")
    ax.plot([], [], color="C1", lw=6, label="counterfactual")
    ax.legend()
    assert tell_apart(fig) == 0
    plt.close(fig)


def test_figure_caption_is_the_figures_titles():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from bridgestats.figures import figure_caption

    fig, (a, _b) = plt.subplots(1, 2)
    fig.suptitle("K by series")
    a.set_title("margins")
    assert figure_caption(fig) == "K by series; margins"
    plt.close(fig)


# --- figures a reader can use ---------------------------------------------------------------


def _figure(*shape, **kw):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt.subplots(*shape, **kw)


def _covers(fig, legend) -> bool:
    from bridgestats.figures import _covers_data, _renderer

    return _covers_data(fig, legend, _renderer(fig), 0.0)


def test_a_legend_placed_on_the_data_is_moved_off_it(tmp_path):
    from matplotlib import pyplot as plt

    from bridgestats.figures import place_legends
    from bridgestats.notebook import save_figure

    # a line through the upper right and bars under the upper left: "upper right" and
    # "upper left" both cover data, as the 12-VP bar of vp_frequencies was covered
    fig, ax = _figure()
    x = np.linspace(0, 10, 50)
    ax.plot(x, x, label="rising line")
    ax.bar([0.5, 1.5], [9.5, 9.5], width=1.0, label="tall bars")
    ax.scatter([9.5], [0.5], label="one point")
    legend = ax.legend(loc="upper right")
    assert _covers(fig, legend)  # the check itself sees the overlap (it can fail)
    assert place_legends(fig, name="t") == 1
    assert not _covers(fig, legend)
    assert legend._loc != 1  # moved from "upper right"
    # save_figure does the same before it saves
    fig2, ax2 = _figure()
    ax2.plot(x, x, label="rising line")
    legend2 = ax2.legend(loc="upper left")
    ax2.plot(x, 10 - x, label="falling line")
    legend2 = ax2.legend(loc="upper left")
    assert _covers(fig2, legend2)
    save_figure(fig2, "moved", folder=tmp_path, show=False)
    assert not _covers(fig2, legend2) and (tmp_path / "moved.png").is_file()
    plt.close("all")


def test_a_legend_that_cannot_be_cleared_raises_naming_figure_and_axes():
    from matplotlib import pyplot as plt

    from bridgestats.figures import LEGEND_PLACES, place_legends

    # a 3 x 3 grid with no space between, every axes filled with a dense scatter: the
    # middle legend covers points inside its axes and, outside it, its neighbours'
    fig, axes = _figure(3, 3, figsize=(6, 6), gridspec_kw={"wspace": 0, "hspace": 0})
    rng = np.random.default_rng(3)
    for ax in axes.flat:
        ax.scatter(rng.uniform(0, 1, 4000), rng.uniform(0, 1, 4000), s=4, label="boards")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
    axes[1, 1].set_title("middle")
    axes[1, 1].legend()
    with pytest.raises(BridgestatsError) as err:
        place_legends(fig, name="crowded")
    message = str(err.value)
    assert "figure 'crowded'" in message and "axes 5 ('middle')" in message
    assert f"tried {len(LEGEND_PLACES)} places" in message
    plt.close("all")


def test_a_legend_is_not_moved_behind_another_axes():
    from matplotlib import pyplot as plt

    from bridgestats.figures import _renderer, place_legends

    # vp_frequencies' team-match panels: bars fill the upper axes to the top, so the legend
    # goes outside, where the axes below and beside it would hide it
    fig, axes = _figure(2, 2, figsize=(10, 6.5), sharex=True, sharey="row")
    for ax in axes.flat:
        ax.bar(range(10, 21), [100] + [210] * 10, width=0.95, label="observed")
        ax.set_ylim(0, 215)
    axes[0, 0].step([9.5, 20.5], [105, 105], label="equal probability")
    legend = axes[0, 0].legend(loc="upper left")
    assert place_legends(fig, name="panels") == 1
    renderer = _renderer(fig)
    box = legend.get_window_extent(renderer)
    assert not _covers(fig, legend)
    for other in axes.flat[1:]:
        assert not other.get_tightbbox(renderer).overlaps(box)
    plt.close("all")


def test_a_legend_clear_of_the_data_stays_where_it_is():
    from matplotlib import pyplot as plt

    from bridgestats.figures import place_legends

    fig, ax = _figure()
    ax.plot([0, 10], [0, 1], label="low line")
    ax.set_ylim(0, 10)
    legend = ax.legend(loc="upper left")
    assert place_legends(fig) == 0 and legend._loc == 2
    plt.close("all")


def test_count_axes_get_whole_number_ticks():
    from matplotlib import pyplot as plt

    from bridgestats.figures import count_axis

    fig, ax = _figure()
    ax.plot([1, 2, 3], [0.5, 1.0, 2.5])  # rounds 1-3: matplotlib ticks 1.0, 1.25, ...
    fig.draw_without_rendering()
    assert any(t != round(t) for t in ax.get_xticks())
    count_axis(ax, "x")
    fig.draw_without_rendering()
    ticks = [t for t in ax.get_xticks() if 1 <= t <= 3]
    assert ticks and all(t == round(t) for t in ax.get_xticks())
    ax.set_yticks([0.5, 1.5])
    with pytest.raises(BridgestatsError, match="y axis is a count but its ticks are not whole"):
        count_axis(ax, "y")
    with pytest.raises(BridgestatsError, match="which: must be"):
        count_axis(ax, "z")
    plt.close("all")
