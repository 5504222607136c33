"""Figures the reports draw from the studies' frames (matplotlib: the notebooks extra).

The studies return tidy frames and never import matplotlib (it is in the ``notebooks``
extra, not a core dependency); the figures built from those frames sit here, at the top
with the notebooks' helpers (:mod:`bridgestats.notebook`), so the package below works
without it. Every legend sits where it covers no data (tests/test_figures.py checks it in
display coordinates; :func:`bridgestats.notebook.save_figure` checks every saved figure).
"""

from __future__ import annotations

import numpy as np

__all__ = ["outcome_figure", "sensitivity_figure"]


def _legend_outside(ax) -> None:
    """The legend beside the axes (right), where it cannot cover any data."""
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)


def outcome_figure(by_outcome, *, max_vp=20, title=""):
    """Bars of each scale's outcome shares (%), the equal-probability design dashed.

    Parameters
    ----------
    by_outcome : pandas.DataFrame
        Outcomes down (the labels of the recommended scale, 10-10 first), one column per
        scale, shares in 0-1.

    Returns
    -------
    matplotlib.figure.Figure
        The legend sits to the right of the axes, clear of the bars.
    """
    import matplotlib.pyplot as plt

    x = np.arange(len(by_outcome))
    width = 0.8 / by_outcome.shape[1]
    fig, ax = plt.subplots(figsize=(10, 4))
    for i, name in enumerate(by_outcome.columns):
        ax.bar(x + (i - (by_outcome.shape[1] - 1) / 2) * width, 100 * by_outcome[name],
               width=width, label=name)  # fmt: skip
    share = 100 * np.r_[1, np.full(max_vp // 2, 2)] / (max_vp + 1)
    ax.step(np.r_[x - 0.5, x[-1] + 0.5], np.r_[share, share[-1]], where="post", color="black",
            ls="--", label="equal probability (the design)")  # fmt: skip
    ax.set_xticks(x, list(by_outcome.index))
    ax.set_xlabel("result (winner-loser VPs)")
    ax.set_ylabel("% of matches between equal sides")
    ax.set_title(title)
    _legend_outside(ax)
    fig.tight_layout()
    return fig


def sensitivity_figure(sens, *, sigma, unit, max_vp=20):
    """Each scale's 20-0 share (%) against σ.

    ``sens`` is :func:`bridgestats.studies.frequencies.sensitivity`'s frame."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4))
    for name, g in sens.groupby("scale", sort=False):
        ax.plot(g["sigma"], 100 * g["p_top"], "o-", label=name)
    ax.axhline(100 * 2 / (max_vp + 1), color="black", ls="--",
               label=f"equal share (2/{max_vp + 1})")  # fmt: skip
    ax.axvline(sigma, color="grey", lw=0.8, label="σ of the recommendation")
    ax.set_xlabel(f"σ of the match margin ({unit})")
    ax.set_ylabel(f"% of matches that are {max_vp}-0")
    ax.set_title(f"{max_vp}-0 share against σ")
    _legend_outside(ax)
    fig.tight_layout()
    return fig
