"""VP scales compared on simulated and real events (``compare_scales``), designed for an event
(``vp_scale_designer``) and for Butler (``butler_scales``).

Each takes a study's result and returns a matplotlib figure; a figure whose caption is
not its titles carries it as its label (:func:`bridgestats.notebook.save_figure` reads it).
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "butler_totals_figure",
    "designer_outcome_figure",
    "designer_sensitivity_figure",
    "outcome_share_figure",
    "qualifier_changes_by_event_figure",
    "qualifier_changes_figure",
    "shooting_figure",
    "strongest_wins_figure",
]


def strongest_wins_figure(report):
    """P(strongest wins) ± SE of each scale under each pairing rule, an event a panel.

    ``report`` is :func:`bridgestats.studies.compare_scales.scale_comparison`'s result."""
    import matplotlib.pyplot as plt

    wins = report.measures[report.measures["measure"] == "p_strongest_wins"]
    fig, axes = plt.subplots(3, 1, figsize=(9, 12), sharey=False)  # one above another: legible
    for ax, (event, rows) in zip(axes, wins.groupby("event", sort=False), strict=True):
        rules = list(dict.fromkeys(rows["pairing"]))
        names = list(dict.fromkeys(rows["scale"]))
        width = 0.8 / len(rules)
        for i, rule in enumerate(rules):
            sel = rows[rows["pairing"] == rule].set_index("scale").loc[names]
            ax.barh(
                np.arange(len(names)) + (i - (len(rules) - 1) / 2) * width,
                sel["value"],
                height=width,
                xerr=sel["se"],
                capsize=2,
                label=rule,
            )
        ax.set_yticks(np.arange(len(names)), names, fontsize=8)
        ax.invert_yaxis()
        ax.set(title=event, xlabel="P(strongest wins) ± SE")
        ax.legend(
            fontsize=8,
            title="pairing",
            title_fontsize=8,
            loc="upper left",
            bbox_to_anchor=(1.01, 1),
        )
    fig.tight_layout()
    return fig


def outcome_share_figure(report):
    """The shares of 20-0 and 10-10 round by round under each pairing rule, against the
    equal-probability design (as :func:`strongest_wins_figure`)."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..studies import swiss

    m = report.measures
    shares = m[(m["measure"] == "outcome_share") & m["round"].notna()]
    shown = {
        "round robin": "Gaussian 20-0,",
        "Swiss teams": "Gaussian 20-0,",
        "Swiss pairs": "Swiss pairs EBU (2006)",
    }
    fig, axes = plt.subplots(3, 2, figsize=(11, 11), sharex="row")  # an event a row
    for col, (event, prefix) in enumerate(shown.items()):
        rows = shares[(shares["event"] == event) & shares["scale"].str.startswith(prefix)]
        for row, (outcome, design) in enumerate((("20-0", 2 / 21), ("10-10", 1 / 21))):
            ax = axes[col, row]
            for rule, sel in rows[rows["outcome"] == outcome].groupby("pairing", sort=False):
                ax.errorbar(
                    sel["round"],
                    sel["value"],
                    yerr=sel["se"],
                    marker="o",
                    ms=3,
                    capsize=2,
                    label=swiss.PAIRING_NAMES.get(rule, rule),
                )
            ax.axhline(design, color="k", ls=":", lw=1)
            scale = rows["scale"].iloc[0] if len(rows) else prefix
            ax.set(
                title=f"{event}: {outcome} ({scale})", ylabel="share of the round's matches ± SE"
            )
            ax.title.set_fontsize(9)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_xlabel("round")
        axes[col, 1].legend(fontsize=8, title="pairing", loc="upper left", bbox_to_anchor=(1.02, 1))
    fig.tight_layout()
    return fig


def shooting_figure(report):
    """The expected gain from shooting, by deficit, boards left down and an event a column
    (as :func:`strongest_wins_figure`)."""
    import matplotlib.pyplot as plt

    from ..names import counted

    shooting, left = report.shooting_incentive, report.parameters["shooting_boards_left"]
    fig, axes = plt.subplots(  # boards left down, an event a column: legible at page width
        len(left), 2, figsize=(11, 3.8 * len(left)), squeeze=False
    )
    for row, event in enumerate(("round robin", "Swiss teams")):
        for col, n_left in enumerate(left):
            ax = axes[col, row]
            sel = shooting[(shooting["event"] == event) & (shooting["boards_left"] == n_left)]
            for scale, s in sel.groupby("scale", sort=False):
                ax.plot(s["deficit"], s["gain_vp20"], label=scale, lw=1.2)
            ax.axhline(0, color="k", lw=0.6)
            ax.set(
                title=f"{event}: {counted(n_left, 'board')} left",
                xlabel="deficit (IMPs)",
                ylabel="expected gain from shooting (VPs of 20)",
            )
            ax.title.set_fontsize(9)
        # each event has its own Gaussian σ (its boards per match): a legend per row
        axes[-1, row].legend(
            fontsize=8, title=event, loc="upper center", bbox_to_anchor=(0.5, -0.2)
        )
    fig.tight_layout()
    return fig


def qualifier_changes_figure(report):
    """Qualifiers and winners each scale changes over the real events (as
    :func:`strongest_wins_figure`)."""
    import matplotlib.pyplot as plt
    import pandas as pd
    from matplotlib.ticker import MaxNLocator

    by_scale, changes = report.changes_by_scale(), report.changes
    order = by_scale.sort_values("qualifiers_changed").index
    fig, ax = plt.subplots(figsize=(9, 4))
    y = np.arange(len(order))
    ax.barh(
        y - 0.2, by_scale.loc[order, "qualifiers_changed"], height=0.4, label="qualifiers changed"
    )
    ax.barh(y + 0.2, by_scale.loc[order, "winners_changed"], height=0.4, label="winners changed")
    ax.set_yticks(y, order, fontsize=8)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(
        title=f"{changes['event'].nunique()} real events against "
        + ", ".join(pd.unique(changes["baseline_scale"])),
        xlabel="count over all events",
    )
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


def qualifier_changes_by_event_figure(report):
    """Qualifiers changed, event by event and scale by scale (as
    :func:`strongest_wins_figure`)."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..studies import rescore

    by_scale = report.changes_by_scale()
    order = by_scale.sort_values("qualifiers_changed").index
    grid = report.changes.pivot(index="event", columns="scale", values="count")[list(order)]
    fig, ax = plt.subplots(figsize=(9, 0.22 * len(grid) + 2))
    image = ax.imshow(grid.to_numpy(), aspect="auto", cmap="Reds", vmin=0)
    ax.set_yticks(np.arange(len(grid)), [rescore.event_name(e) for e in grid.index], fontsize=8)
    ax.set_xticks(np.arange(len(order)), order, rotation=30, ha="right", fontsize=8)
    ax.set_title("Qualifiers changed, event by event", fontsize=10)
    fig.colorbar(image, ax=ax, label="qualifiers changed", ticks=MaxNLocator(integer=True))
    fig.tight_layout()
    return fig


def designer_outcome_figure(report):
    """Each compared scale's outcome shares between equal sides at the designer's σ
    (:func:`bridgestats.figures.outcome_figure`).

    ``report`` is :func:`bridgestats.studies.designer_report.design`'s result; the figure's
    label is its caption."""
    from . import outcome_figure

    s = report.scale
    title = f"{report.form_name}, {report.n_boards} boards, σ {s.sigma:.2f} {s.unit}"
    fig = outcome_figure(report.by_outcome, max_vp=report.parameters["max_vp"], title=title)
    fig.set_label("Outcome shares of each scale between equal sides")
    return fig


def designer_sensitivity_figure(report):
    """Each compared scale's 20-0 share against σ (:func:`bridgestats.figures.
    sensitivity_figure`; as :func:`designer_outcome_figure`)."""
    from . import sensitivity_figure

    s = report.scale
    fig = sensitivity_figure(
        report.sens, sigma=s.sigma, unit=s.unit, max_vp=report.parameters["max_vp"]
    )
    fig.set_label("20-0 share of each scale against σ")
    return fig


def butler_totals_figure(report):
    """The observed SD of Butler totals round by round against Probst's equal-pairs σ, and
    the ratio of the two by round.

    ``report`` is :func:`bridgestats.studies.butler.butler_report`'s result; the figure's
    label is its caption."""
    import matplotlib.pyplot as plt

    from . import count_axis

    spread = report.spread
    g = spread.groups
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    ax1.scatter(g["model_sd"], g["observed_sd"], s=8, alpha=0.5, label="one round of one event")
    lim = [0, float(max(g["model_sd"].max(), g["observed_sd"].max())) * 1.05]
    ax1.plot(lim, lim, "k:", lw=1, label="model = observed")
    ax1.plot(
        lim, [spread.ratio * v for v in lim], "C3-", lw=1, label=f"median ratio {spread.ratio:.3f}"
    )
    ax1.set(
        xlabel="Probst's σ, B·K·√(n(T−1)/(2T)) (IMPs)",
        ylabel="observed SD of Butler totals (IMPs)",
        title="Butler session totals, real full fields",
    )
    ax1.legend(frameon=False)
    ax2.hist(g["ratio"], bins=40, color="C0", alpha=0.8)
    ax2.axvline(1, color="k", ls=":", lw=1)
    ax2.axvline(spread.ratio, color="C3", lw=1)
    ax2.set(xlabel="observed / model SD (one round)", ylabel="rounds", title="Ratio by round")
    count_axis(ax2, "y")
    fig.set_label(
        f"Observed SD of Butler totals in {spread.n_groups:,} rounds against Probst's "
        "equal-pairs σ, and the ratio of the two by round"
    )
    return fig
