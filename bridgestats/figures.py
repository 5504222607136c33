"""Figures the reports draw from the studies' frames (matplotlib: the notebooks extra).

The studies return tidy frames and never import matplotlib (it is in the ``notebooks``
extra, not a core dependency); the figures built from those frames sit here, at the top
with the notebooks' helpers (:mod:`bridgestats.notebook`), so the package below works
without it. Every legend sits where it covers no data (tests/test_figures.py checks it in
display coordinates; :func:`bridgestats.notebook.save_figure` checks every saved figure).
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "calibration_figure",
    "half_residuals_figure",
    "k_by_group_figure",
    "k_by_length_figure",
    "match_margins_figure",
    "outcome_figure",
    "outcome_share_figure",
    "ppi_bands_figure",
    "profile_likelihood_figure",
    "qualifier_changes_by_event_figure",
    "qualifier_changes_figure",
    "sensitivity_figure",
    "shooting_figure",
    "sigma_by_round_figure",
    "strongest_wins_figure",
    "team_frequencies_figure",
    "top_by_round_figure",
]


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

    ``sens`` is :func:`bridgestats.studies.outcomes.sensitivity`'s frame."""
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


def half_residuals_figure(rounds):
    """Adjusted residual of each VP result in each half of an event, against its model.

    ``rounds`` is :func:`bridgestats.studies.outcomes.round_frequencies`' result."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4))
    width = 0.4
    vps = np.asarray(rounds.pooled_counts.index)
    for shift, (name, test) in zip((-width / 2, width / 2), rounds.half_tests.items(),
                                   strict=True):  # fmt: skip
        ax.bar(vps + shift, test.residuals, width=width, label=rounds.half_names[name])
    ax.axhline(0, color="black", lw=0.8)
    for y in (-2, 2):
        ax.axhline(y, color="grey", ls=":", lw=0.8)
    ax.set_xticks(vps, [f"{v}-{20 - v}" for v in vps])
    ax.set_xlabel("VP result (winner's VPs first)")
    ax.set_ylabel("adjusted residual")
    unit = rounds.counts.margin_unit
    ax.set_title(f"{rounds.counts.name} against {rounds.model} (σ = {rounds.sigma:.2f}{unit})")
    ax.legend()
    return fig


def top_by_round_figure(rounds):
    """Observed and expected 20-0s in each round of an event (as
    :func:`half_residuals_figure`)."""
    import matplotlib.pyplot as plt

    from .notebook import count_axis

    by_round = rounds.by_round
    fig, ax = plt.subplots(figsize=(8, 3.5))
    ax.bar(by_round.index, by_round.observed_20_0, color="tab:blue", label="observed 20-0")
    ax.plot(by_round.index, by_round.expected_20_0, "k_", ms=25, mew=2,
            label=f"expected ({rounds.model})")  # fmt: skip
    ax.set_xticks(by_round.index)
    ax.set_xlabel("round")
    ax.set_ylabel("20-0 matches")
    ax.set_title(f"20-0s by round: {rounds.counts.name}")
    ax.legend()
    count_axis(ax, "xy")
    return fig


def team_frequencies_figure(teams):
    """Team matches' VP results on a Gaussian scale and the WBF discrete scale, against
    equal probability, with adjusted residuals.

    ``teams`` is :func:`bridgestats.studies.outcomes.team_frequencies`' result."""
    import matplotlib.pyplot as plt

    from .names import display_name
    from .notebook import count_axis

    fig, axes = plt.subplots(2, 2, figsize=(10, 6.5), sharex=True, sharey="row")
    panels = [
        ("Gaussian scale", teams.gaussian_observed, teams.tests["gaussian_vs_equal"]),
        (display_name("scale", "wbf_discrete"), teams.wbf_observed, teams.tests["wbf_vs_equal"]),
    ]
    for col, (name, obs, test) in enumerate(panels):
        axes[0, col].bar(range(10, 21), obs, color="tab:blue", label="observed")
        axes[0, col].step(np.arange(9.5, 21.5), np.r_[teams.equal, teams.equal[-1]],
                          where="post", color="black", label="equal probability")  # fmt: skip
        axes[0, col].set_title(name)
        axes[1, col].bar(range(10, 21), test.residuals, color="tab:orange")
        for y in (-2, 0, 2):
            axes[1, col].axhline(y, color="grey", ls=":" if y else "-", lw=0.8)
        axes[1, col].set_xlabel("winner's VPs")
    axes[0, 0].set_ylabel("matches")
    axes[1, 0].set_ylabel("adjusted residual vs equal")
    fig.legend(*axes[0, 0].get_legend_handles_labels(), loc="lower center", ncols=2,
               bbox_to_anchor=(0.5, 1.0))  # fmt: skip
    fig.tight_layout()
    count_axis(axes[0, 0], "xy")
    count_axis(axes[1, 0], "x")
    return fig


# --------------------------------------------------------------------------- rederive_k


def k_by_group_figure(report):
    """K per board in each series and decade with its interval, against the published
    values (Probst §3) and the pooled K.

    ``report`` is :func:`bridgestats.studies.rederive_k.rederive_k`'s result; the figure's
    label is its caption."""
    import matplotlib.pyplot as plt

    from .names import series_label
    from .studies.rederive_k import published_label

    by_group, k_board = report.by_group, report.board.value
    fig, ax = plt.subplots(figsize=(9, 0.28 * len(by_group) + 2.5), layout="constrained")
    y = np.arange(len(by_group))
    error = [by_group["k"] - by_group["ci_low"], by_group["ci_high"] - by_group["k"]]
    ax.errorbar(by_group["k"], y, xerr=error, fmt="o", color="black", capsize=3,
                label=f"this data ({report.level} interval)")  # fmt: skip
    for row, color in zip(report.published.itertuples(), plt.cm.tab10.colors, strict=False):
        ax.axvline(row.value, color=color, linestyle="--", linewidth=1, label=published_label(row))
    ax.axvline(k_board, color="grey", linewidth=2, alpha=0.5, label=f"pooled {k_board:.2f}")
    names = by_group["group"].map(series_label)
    ax.set_yticks(y, names + " (" + by_group["n_boards"].map("{:,}".format) + " boards)")
    ax.set_xlabel("K: IMPs per board (σ of one board's swing)")
    ax.invert_yaxis()
    # below the plot, across it: the labels say who and what each K is for
    fig.legend(loc="outside lower center", ncol=2, fontsize=8)
    fig.set_label(f"K per board in each series and decade with its {report.level} interval, "
                  "against the published values")  # fmt: skip
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
    fig.set_label(f"Margins of {m.n_matches:,} matches per √board against normal curves with "
                  "the per-board K and K from margins")  # fmt: skip
    return fig


def k_by_length_figure(report):
    """K from margins by band of match length against the K(n) model and the per-board K
    (as :func:`k_by_group_figure`)."""
    import matplotlib.pyplot as plt

    bands, model, k_board = report.by_length, report.model, report.board.value
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.errorbar(bands["mean_boards"], bands["k_match"],
                yerr=[bands["k_match"] - bands["ci_low"], bands["ci_high"] - bands["k_match"]],
                fmt="o", color="black", capsize=3,
                label=f"K from margins by band ({report.level} interval)")  # fmt: skip
    for row in bands.itertuples():
        ax.annotate(row.band, (row.mean_boards, row.ci_high), textcoords="offset points",
                    xytext=(0, 4), ha="center", fontsize=8)  # fmt: skip
    grid_n = np.linspace(1, max(40, float(bands["mean_boards"].max())), 200)
    ax.plot(grid_n, model.k_at(grid_n), color="tab:red",
            label=f"K(n) = √(K² + nδ²), K {model.k:.2f}, δ {model.delta:.2f}")  # fmt: skip
    ax.axhline(k_board, color="grey", ls="--", label=f"per-board K {k_board:.2f} (σ = K√n)")
    ax.set_xlabel("boards per match (band mean)")
    ax.set_ylabel("K = σ(n)/√n, IMPs per board")
    ax.legend(fontsize=8)
    fig.set_label("K from margins by band of match length against the K(n) model and the "
                  "per-board K")  # fmt: skip
    return fig


# --------------------------------------------------------------------------- compare_scales


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
            ax.barh(np.arange(len(names)) + (i - (len(rules) - 1) / 2) * width, sel["value"],
                    height=width, xerr=sel["se"], capsize=2, label=rule)  # fmt: skip
        ax.set_yticks(np.arange(len(names)), names, fontsize=8)
        ax.invert_yaxis()
        ax.set(title=event, xlabel="P(strongest wins) ± SE")
        ax.legend(fontsize=8, title="pairing", title_fontsize=8, loc="upper left",
                  bbox_to_anchor=(1.01, 1))  # fmt: skip
    fig.tight_layout()
    return fig


def outcome_share_figure(report):
    """The shares of 20-0 and 10-10 round by round under each pairing rule, against the
    equal-probability design (as :func:`strongest_wins_figure`)."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from .studies import swiss

    m = report.measures
    shares = m[(m["measure"] == "outcome_share") & m["round"].notna()]
    shown = {"round robin": "Gaussian 20-0,", "Swiss teams": "Gaussian 20-0,",
             "Swiss pairs": "Swiss pairs EBU (2006)"}  # fmt: skip
    fig, axes = plt.subplots(3, 2, figsize=(11, 11), sharex="row")  # an event a row
    for col, (event, prefix) in enumerate(shown.items()):
        rows = shares[(shares["event"] == event) & shares["scale"].str.startswith(prefix)]
        for row, (outcome, design) in enumerate((("20-0", 2 / 21), ("10-10", 1 / 21))):
            ax = axes[col, row]
            for rule, sel in rows[rows["outcome"] == outcome].groupby("pairing", sort=False):
                ax.errorbar(sel["round"], sel["value"], yerr=sel["se"], marker="o", ms=3,
                            capsize=2, label=swiss.PAIRING_NAMES.get(rule, rule))  # fmt: skip
            ax.axhline(design, color="k", ls=":", lw=1)
            scale = rows["scale"].iloc[0] if len(rows) else prefix
            ax.set(title=f"{event}: {outcome} ({scale})",
                   ylabel="share of the round's matches ± SE")  # fmt: skip
            ax.title.set_fontsize(9)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_xlabel("round")
        axes[col, 1].legend(fontsize=8, title="pairing", loc="upper left",
                            bbox_to_anchor=(1.02, 1))  # fmt: skip
    fig.tight_layout()
    return fig


def shooting_figure(report):
    """The expected gain from shooting, by deficit, boards left down and an event a column
    (as :func:`strongest_wins_figure`)."""
    import matplotlib.pyplot as plt

    from .names import counted

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
            ax.set(title=f"{event}: {counted(n_left, 'board')} left", xlabel="deficit (IMPs)",
                   ylabel="expected gain from shooting (VPs of 20)")  # fmt: skip
            ax.title.set_fontsize(9)
        # each event has its own Gaussian σ (its boards per match): a legend per row
        axes[-1, row].legend(fontsize=8, title=event, loc="upper center",
                             bbox_to_anchor=(0.5, -0.2))  # fmt: skip
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
    ax.barh(y - 0.2, by_scale.loc[order, "qualifiers_changed"], height=0.4,
            label="qualifiers changed")  # fmt: skip
    ax.barh(y + 0.2, by_scale.loc[order, "winners_changed"], height=0.4, label="winners changed")
    ax.set_yticks(y, order, fontsize=8)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(title=f"{changes['event'].nunique()} real events against "
           + ", ".join(pd.unique(changes["baseline_scale"])),
           xlabel="count over all events")  # fmt: skip
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


def qualifier_changes_by_event_figure(report):
    """Qualifiers changed, event by event and scale by scale (as
    :func:`strongest_wins_figure`)."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from .studies import rescore

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


# --------------------------------------------------------------------------- washington_sigma


def sigma_by_round_figure(report):
    """σ of each round with its interval, the rounds that differ from the others ringed,
    against the σ of the published scales and the whole event's interval.

    ``report`` is :func:`bridgestats.studies.washington_sigma.washington_sigma`'s result;
    the figure's label is its caption."""
    import matplotlib.pyplot as plt

    from .names import display_name
    from .notebook import count_axis

    by_round, counts, alpha = report.by_round, report.counts, report.alpha
    every = report.group_fits.loc["all"]
    fig, ax = plt.subplots(figsize=(10, 4.5))
    ax.errorbar(by_round.index, by_round.sigma,
                yerr=[by_round.sigma - by_round.ci_low, by_round.ci_high - by_round.sigma],
                fmt="o", capsize=3, color="black",
                label=f"σ of the round ({report.level} interval)")  # fmt: skip
    rest = report.rounds_vs_rest
    differs = rest.index[rest.p_holm < alpha]
    ax.plot(differs, by_round.loc[differs, "sigma"], "o", ms=11, mfc="none", color="tab:red",
            label=f"differs from the other rounds (Holm p < {alpha:g})")  # fmt: skip
    sigmas = report.scale_sigmas
    for name, colour in zip(sigmas, plt.cm.tab10.colors[: len(sigmas)], strict=True):
        label = f"{display_name('scale', name)} scale (σ ≈ {sigmas[name]:.2f})"
        ax.axhline(sigmas[name], color=colour, ls="--", lw=1, label=label)
    ax.axhspan(every["ci_low"], every["ci_high"], color="grey", alpha=0.2,
               label="all rounds, interval")  # fmt: skip
    ax.set_xlabel("round")
    ax.set_ylabel(f"σ of a {counts.n_boards}-board match ({counts.unit})")
    ax.set_xticks(by_round.index)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.set_title(f"{counts.name}: σ by round")
    fig.tight_layout()
    count_axis(ax, "x")
    fig.set_label(f"σ of each of the {len(by_round)} rounds of {counts.name} with its "
                  f"{report.level} interval, against the σ of the published scales")  # fmt: skip
    return fig


# --------------------------------------------------------------------------- ratings_real


def calibration_figure(report):
    """The Gaussian model's predictive intervals' coverage against their level (left) and
    each system's reliability diagram (right).

    ``report`` is :func:`bridgestats.studies.ratings_real_report.ratings_report`'s result."""
    import matplotlib.pyplot as plt

    from .studies.ratings_real import SYSTEM_NAMES

    cal, diagram = report.coverage, report.diagram
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    ax1.errorbar(cal["level"], cal["coverage"], yerr=1.96 * cal["coverage_se"], fmt="o", capsize=3)
    ax1.plot([0.4, 1], [0.4, 1], "k:", lw=1)
    ax1.set(xlabel="nominal coverage", ylabel="observed coverage",
            title="Gaussian model's predictive intervals")  # fmt: skip
    for system, points in diagram.groupby("system", sort=False):
        ax2.plot(points["mean_forecast"], points["mean_outcome"], "o-", ms=3,
                 label=SYSTEM_NAMES[system])  # fmt: skip
    ax2.plot([40, 60], [40, 60], "k:", lw=1)
    ax2.set(xlabel="predicted session %", ylabel="mean outcome %",
            title="Reliability: deciles of each forecast")  # fmt: skip
    ax2.legend(loc="upper left", fontsize=8)
    return fig


def profile_likelihood_figure(report):
    """The profile deviance of each of the Gaussian model's five sds, over all sessions and
    the multi-partner sides, with the χ²₁ cut of a 90 % interval (as
    :func:`calibration_figure`)."""
    import matplotlib.pyplot as plt

    from .studies.ratings_real_report import PARAMETER_NAMES

    ident, curve = report.identification, report.curve
    fig, axes = plt.subplots(1, 5, figsize=(14, 3), sharey=True)
    cut = 2.706 if report.parameters["level"] == 0.9 else None
    for ax, row in zip(axes, ident[ident["sessions"] == "all"].itertuples(), strict=True):
        for kind, style in (("all", "o-"), ("multi_partner", "s--")):
            c = curve[(curve["parameter"] == row.parameter) & (curve["sessions"] == kind)]
            if len(c):
                label = "all sessions" if kind == "all" else "multi-partner sides"
                ax.plot(c["value"], c["deviance"], style, ms=3, label=label)
        if cut:
            ax.axhline(cut, color="grey", lw=1, ls=":")
        name = PARAMETER_NAMES[row.parameter]
        ax.set(xlabel=f"{name} (%)", title=name)
    axes[0].set_ylabel("deviance 2(ℓ̂ − ℓ_p)")
    axes[1].legend(loc="upper right", fontsize=7)
    axes[0].set_ylim(0, 12)
    return fig


def ppi_bands_figure(report):
    """The band each real player's PPI varies in, against the page's 3 to 5 % (as
    :func:`calibration_figure`)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist(report.band_widths["band"], bins=30)
    ax.axvspan(3, 5, color="grey", alpha=0.2, label="the page's 3 to 5 %")
    ax.set(xlabel="band of the PPI (central 95 %, %)", ylabel="players", title="PPI bands")
    ax.legend(loc="upper right")
    return fig
