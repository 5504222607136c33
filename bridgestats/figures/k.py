"""K, the swing of a board: the figures of the re-derivation of K (``rederive_k``).

Each takes a study's result and returns a matplotlib figure; a figure whose caption is
not its titles carries it as its label (:func:`bridgestats.notebook.save_figure` reads it).
"""

from __future__ import annotations

import numpy as np

__all__ = ["k_by_group_figure", "k_by_length_figure", "match_margins_figure"]


def k_by_group_figure(report):
    """K per board in each series and decade with its interval, against the published
    values (Probst §3) and the pooled K.

    ``report`` is :func:`bridgestats.studies.rederive_k.rederive_k`'s result; the figure's
    label is its caption."""
    import matplotlib.pyplot as plt

    from ..names import series_label
    from ..studies.rederive_k import published_label

    by_group, k_board = report.by_group, report.board.value
    fig, ax = plt.subplots(figsize=(9, 0.28 * len(by_group) + 2.5), layout="constrained")
    y = np.arange(len(by_group))
    error = [by_group["k"] - by_group["ci_low"], by_group["ci_high"] - by_group["k"]]
    ax.errorbar(
        by_group["k"],
        y,
        xerr=error,
        fmt="o",
        color="black",
        capsize=3,
        label=f"this data ({report.level} interval)",
    )
    for row, color in zip(report.published.itertuples(), plt.cm.tab10.colors, strict=False):
        ax.axvline(row.value, color=color, linestyle="--", linewidth=1, label=published_label(row))
    ax.axvline(k_board, color="grey", linewidth=2, alpha=0.5, label=f"pooled {k_board:.2f}")
    names = by_group["group"].map(series_label)
    ax.set_yticks(y, names + " (" + by_group["n_boards"].map("{:,}".format) + " boards)")
    ax.set_xlabel("K: IMPs per board (σ of one board's swing)")
    ax.invert_yaxis()
    # below the plot, across it: the labels say who and what each K is for
    fig.legend(loc="outside lower center", ncol=2, fontsize=8)
    fig.set_label(
        f"K per board in each series and decade with its {report.level} interval, "
        "against the published values"
    )
    return fig


def match_margins_figure(report):
    """Margins per √board of the matches the match-level K counts, against normal curves
    with the per-board K and K from margins (as :func:`k_by_group_figure`)."""
    import matplotlib.pyplot as plt

    m, p = report.match_k, report.parameters
    lo, hi = p["min_match_boards"], p["max_match_boards"]
    typical = report.frame[report.frame["n_boards"].between(lo, hi)]
    fig, ax = plt.subplots(figsize=(7, 4))
    z = typical["imp_margin"] / np.sqrt(typical["n_boards"])
    ax.hist(z, bins=40, density=True, color="lightgrey", edgecolor="grey", label="matches")
    grid = np.linspace(z.min(), z.max(), 200)
    for k, label in [(m.k_board, "per-board K"), (m.k, "K from margins")]:
        density = np.exp(-0.5 * (grid / k) ** 2) / (k * np.sqrt(2 * np.pi))
        ax.plot(grid, density, label=f"normal, sd {k:.2f} ({label})")
    ax.set_xlabel("IMP margin / √(boards in the match)")
    ax.set_ylabel("density (share of matches per unit)")
    ax.set_title(f"{m.n_matches:,} matches of {lo}-{hi} boards")
    ax.legend()
    fig.set_label(
        f"Margins of {m.n_matches:,} matches per √board against normal curves with "
        "the per-board K and K from margins"
    )
    return fig


def k_by_length_figure(report):
    """K from margins by band of match length against the K(n) model and the per-board K
    (as :func:`k_by_group_figure`)."""
    import matplotlib.pyplot as plt

    bands, model, k_board = report.by_length, report.model, report.board.value
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.errorbar(
        bands["mean_boards"],
        bands["k_match"],
        yerr=[bands["k_match"] - bands["ci_low"], bands["ci_high"] - bands["k_match"]],
        fmt="o",
        color="black",
        capsize=3,
        label=f"K from margins by band ({report.level} interval)",
    )
    for row in bands.itertuples():
        ax.annotate(
            row.band,
            (row.mean_boards, row.ci_high),
            textcoords="offset points",
            xytext=(0, 4),
            ha="center",
            fontsize=8,
        )
    grid_n = np.linspace(1, max(40, float(bands["mean_boards"].max())), 200)
    ax.plot(
        grid_n,
        model.k_at(grid_n),
        color="tab:red",
        label=f"K(n) = √(K² + nδ²), K {model.k:.2f}, δ {model.delta:.2f}",
    )
    ax.axhline(k_board, color="grey", ls="--", label=f"per-board K {k_board:.2f} (σ = K√n)")
    ax.set_xlabel("boards per match (band mean)")
    ax.set_ylabel("K = σ(n)/√n, IMPs per board")
    ax.legend(fontsize=8)
    fig.set_label(
        "K from margins by band of match length against the K(n) model and the per-board K"
    )
    return fig
