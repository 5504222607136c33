"""The reports' figures: every legend clear of the data (display coordinates)."""

import matplotlib
import numpy as np
import pandas as pd

from bridgestats import figures

matplotlib.use("Agg")


def _overlaps(a, b) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def test_legends_cover_no_data():
    """The legend's box in display coordinates against every bar, line vertex and point."""
    by = pd.DataFrame({"a": np.r_[1, [2] * 10] / 21, "b": np.linspace(0.02, 0.2, 11)},
                      index=[f"{10 + i}-{10 - i}" for i in range(11)])  # fmt: skip
    figs = [figures.outcome_figure(by, title="t")]
    sens = pd.DataFrame({"scale": ["a"] * 3 + ["b"] * 3, "sigma": [9, 10, 11] * 2,
                         "p_top": [0.06, 0.095, 0.13, 0.05, 0.09, 0.14]})  # fmt: skip
    figs.append(figures.sensitivity_figure(sens, sigma=10, unit="IMPs"))
    for fig in figs:
        fig.canvas.draw()
        ax = fig.axes[0]
        box = ax.get_legend().get_window_extent()
        for patch in ax.patches:
            assert not _overlaps(box, patch.get_window_extent())
        for line in ax.lines:
            xy = ax.transData.transform(np.column_stack(line.get_data()).astype(float))
            inside = ((xy[:, 0] >= box.x0) & (xy[:, 0] <= box.x1)
                      & (xy[:, 1] >= box.y0) & (xy[:, 1] <= box.y1))  # fmt: skip
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
    from bridgestats.notebook import _look

    return [_look(key) for key in legend.legend_handles]


def test_series_are_told_apart_without_colour_in_the_plot_and_the_legend(tmp_path):
    """Issue 33: compare_scales' pairing rules (bars) and rederive_k's eight published K
    (dashed lines) differed by colour alone; printed in black and white they were one."""
    from matplotlib import pyplot as plt

    from bridgestats.notebook import _dashes, _look, save_figure, tell_apart

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

    hatches = [{p.get_hatch() for p in c.patches} for c in bars.containers
               if isinstance(c, BarContainer)]  # fmt: skip
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

    from bridgestats.notebook import tell_apart

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

    from bridgestats.notebook import tell_apart

    fig, ax = plt.subplots()
    ax.boxplot([[1, 2, 3]], positions=[0], patch_artist=True)
    ax.boxplot([[2, 3, 4]], positions=[1], patch_artist=True)
    ax.plot([], [], color="C0", lw=6, label="entry rule")
    ax.plot([], [], color="C1", lw=6, label="counterfactual")
    ax.legend()
    assert tell_apart(fig) == 0
    plt.close(fig)
