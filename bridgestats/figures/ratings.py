"""Ratings on real and simulated players (``ratings_real``, ``ppi_half_life``).

Each takes a study's result and returns a matplotlib figure; a figure whose caption is
not its titles carries it as its label (:func:`bridgestats.notebook.save_figure` reads it).
"""

from __future__ import annotations

__all__ = [
    "calibration_figure",
    "half_life_figure",
    "newcomers_figure",
    "ppi_bands_figure",
    "profile_likelihood_figure",
]


def calibration_figure(report):
    """The Gaussian model's predictive intervals' coverage against their level (left) and
    each system's reliability diagram (right).

    ``report`` is :func:`bridgestats.studies.ratings_real_report.ratings_report`'s result."""
    import matplotlib.pyplot as plt

    from ..studies.ratings_words import SYSTEM_NAMES

    cal, diagram = report.coverage, report.diagram
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    ax1.errorbar(cal["level"], cal["coverage"], yerr=1.96 * cal["coverage_se"], fmt="o", capsize=3)
    ax1.plot([0.4, 1], [0.4, 1], "k:", lw=1)
    ax1.set(
        xlabel="nominal coverage",
        ylabel="observed coverage",
        title="Gaussian model's predictive intervals",
    )
    for system, points in diagram.groupby("system", sort=False):
        ax2.plot(
            points["mean_forecast"], points["mean_outcome"], "o-", ms=3, label=SYSTEM_NAMES[system]
        )
    ax2.plot([40, 60], [40, 60], "k:", lw=1)
    ax2.set(
        xlabel="predicted session %",
        ylabel="mean outcome %",
        title="Reliability: deciles of each forecast",
    )
    ax2.legend(loc="upper left", fontsize=8)
    return fig


def profile_likelihood_figure(report):
    """The profile deviance of each of the Gaussian model's five sds, over all sessions and
    the multi-partner sides, with the χ²₁ cut of a 90 % interval (as
    :func:`calibration_figure`)."""
    import matplotlib.pyplot as plt

    from ..studies.ratings_real_report import PARAMETER_NAMES

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


def half_life_figure(report):
    """The half-life of one bad session by activity (fixed and pick-up partners, theory
    dotted), and the remaining effect month by month at the page's activity.

    ``report`` is :func:`bridgestats.studies.ppi_report.ppi_report`'s result; the figure's
    label is its caption."""
    import matplotlib.pyplot as plt

    from ..studies.ppi import PAGE_ACTIVITY, half_life_frame
    from . import count_axis

    table = half_life_frame(report.half_lives)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    short = {"fixed": "fixed", "pickup": "pick-up"}
    for part, style in (("fixed", "o-"), ("pickup", "s-")):
        rows = table[table["partnership"] == part]
        ax1.errorbar(
            rows["activity"],
            rows["half_life_months"],
            yerr=[
                rows["half_life_months"] - rows["months_lo"],
                rows["months_hi"] - rows["half_life_months"],
            ],
            fmt=style,
            capsize=3,
            label=f"{short[part]} (simulated)",
        )
        ax1.plot(rows["activity"], rows["theory_months"], "k:", lw=1)
        resp = report.at_page[part].response
        ax2.plot(resp["month"], resp["effect"], style, label=short[part])
    ax1.axhline(3, color="grey", lw=0.8)
    ax1.set(
        xlabel="boards per three months",
        ylabel="half-life (months)",
        title="Half-life of one bad session (dotted: theory)",
    )
    ax1.legend()
    ax2.axhline(0.5, color="grey", lw=0.8)
    ax2.set(
        xlabel="months since the bad session",
        ylabel="remaining effect",
        title=f"{PAGE_ACTIVITY:g} boards per three months",
    )
    ax2.legend()
    count_axis(ax2, "x")
    fig.set_label(
        "Half-life of one bad session by activity, fixed and pick-up partners, and the "
        f"remaining effect month by month at {PAGE_ACTIVITY:g} boards per three months"
    )
    return fig


def newcomers_figure(report):
    """Mean PPI of the simulated newcomers of each true strength by boards played, with
    the 5-95 % range (as :func:`half_life_figure`)."""
    import matplotlib.pyplot as plt

    from . import count_axis

    p, trajectory = report.parameters, report.trajectory
    fig, ax = plt.subplots(figsize=(7, 4))
    reached = trajectory[trajectory["n"] >= p["newcomer_per_strength"] / 2]  # most still in
    for strength, rows in reached.groupby("strength"):
        (line,) = ax.plot(rows["boards"], rows["mean"], label=f"true {strength:g} %")
        ax.fill_between(rows["boards"], rows["q05"], rows["q95"], alpha=0.2, color=line.get_color())
        ax.axhline(strength, color=line.get_color(), lw=0.8, ls=":")
    ax.axvline(50, color="grey", lw=0.8)
    ax.set(
        xlabel="boards played",
        ylabel="PPI (%)",
        title="Newcomers (mean, 5-95 %; PPI shown after 50 boards)",
    )
    ax.legend()
    count_axis(ax, "x")
    strengths = ", ".join(f"{s:g}" for s in p["newcomer_strengths"])
    fig.set_label(
        f"Mean PPI of simulated newcomers of true strength {strengths} % by boards "
        "played, with the 5-95 % range"
    )
    return fig
