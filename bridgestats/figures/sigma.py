"""σ of a Swiss pairs match, fitted round by round (``washington_sigma``).

Each takes a study's result and returns a matplotlib figure; a figure whose caption is
not its titles carries it as its label (:func:`bridgestats.notebook.save_figure` reads it).
"""

from __future__ import annotations

__all__ = ["sigma_by_round_figure"]


def sigma_by_round_figure(report):
    """σ of each round with its interval, the rounds that differ from the others ringed,
    against the σ of the published scales and the whole event's interval.

    ``report`` is :func:`bridgestats.studies.washington_sigma.washington_sigma`'s result;
    the figure's label is its caption."""
    import matplotlib.pyplot as plt

    from ..names import display_name
    from . import count_axis

    by_round, counts, alpha = report.by_round, report.counts, report.alpha
    every = report.group_fits.loc["all"]
    fig, ax = plt.subplots(figsize=(10, 4.5))
    ax.errorbar(
        by_round.index,
        by_round.sigma,
        yerr=[by_round.sigma - by_round.ci_low, by_round.ci_high - by_round.sigma],
        fmt="o",
        capsize=3,
        color="black",
        label=f"σ of the round ({report.level} interval)",
    )
    rest = report.rounds_vs_rest
    differs = rest.index[rest.p_holm < alpha]
    ax.plot(
        differs,
        by_round.loc[differs, "sigma"],
        "o",
        ms=11,
        mfc="none",
        color="tab:red",
        label=f"differs from the other rounds (Holm p < {alpha:g})",
    )
    sigmas = report.scale_sigmas
    for name, colour in zip(sigmas, plt.cm.tab10.colors[: len(sigmas)], strict=True):
        label = f"{display_name('scale', name)} scale (σ ≈ {sigmas[name]:.2f})"
        ax.axhline(sigmas[name], color=colour, ls="--", lw=1, label=label)
    ax.axhspan(
        every["ci_low"], every["ci_high"], color="grey", alpha=0.2, label="all rounds, interval"
    )
    ax.set_xlabel("round")
    ax.set_ylabel(f"σ of a {counts.n_boards}-board match ({counts.unit})")
    ax.set_xticks(by_round.index)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.set_title(f"{counts.name}: σ by round")
    fig.tight_layout()
    count_axis(ax, "x")
    fig.set_label(
        f"σ of each of the {len(by_round)} rounds of {counts.name} with its "
        f"{report.level} interval, against the σ of the published scales"
    )
    return fig
