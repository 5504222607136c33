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
