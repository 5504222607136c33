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
