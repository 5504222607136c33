"""Swiss events: Brighton 2005's 20-0s simulated by round, the step at the half, and late
entrants' finishes (``swiss_events``).

Each takes :func:`bridgestats.studies.swiss_findings.swiss_events`' result and returns a
matplotlib figure (its titles are its caption).
"""

from __future__ import annotations

import numpy as np

__all__ = ["late_entry_figure", "twenty_zeros_figure", "twenty_zeros_step_figure"]


def twenty_zeros_figure(report):
    """The simulated mean of 20-0s by round under each pairing rule with the band of single
    events, against Brighton's counts and the design share."""
    import matplotlib.pyplot as plt

    from ..studies.swiss import PAIRING_NAMES

    observed = report.observed_rounds
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for rule, rows in report.by_round.groupby("pairing", sort=False):
        line = ax.plot(
            rows["round"], rows["mean"], marker="o", ms=3, label=f"simulated, {PAIRING_NAMES[rule]}"
        )[0]
        ax.fill_between(
            rows["round"], rows["band_low"], rows["band_high"], color=line.get_color(), alpha=0.15
        )
    ax.plot(observed["round"], observed["n_20_0"], "k*", ms=9, label="Brighton 2005 (Table 7)")
    ax.axhline(257 * 2 / 21, color="k", ls=":", lw=1, label="design share 2/21 of 257")
    level = report.parameters["confidence"]
    ax.set(
        xlabel="round",
        ylabel="20-0s in the round",
        title=f"20-0s by round: simulated mean and {level:.0%} band of single events",
    )
    ax.set_xticks(range(1, 15))
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    fig.tight_layout()
    return fig


def twenty_zeros_step_figure(report):
    """Brighton's 20-0s by round against the smooth sorting model and a step at round 8 (as
    :func:`twenty_zeros_figure`)."""
    import matplotlib.pyplot as plt

    step = report.step
    rounds = sorted(step["by_round"])
    fig, ax = plt.subplots(figsize=(9, 4))
    ax.plot(rounds, [step["by_round"][r]["observed"] for r in rounds], "k*", ms=9, label="Brighton")
    ax.plot(
        rounds,
        [step["by_round"][r]["smooth"] for r in rounds],
        "C0-o",
        ms=3,
        label=f"smooth sorting model, X² {step['x2_smooth']:.1f}",
    )
    ax.plot(
        rounds,
        [step["by_round"][r]["step"] for r in rounds],
        "C3--",
        label=f"step at round 8, X² {step['x2_step']:.1f}",
    )
    ax.set(
        xlabel="round", ylabel="20-0s in the round", title="A step at the half or smooth sorting"
    )
    ax.set_xticks(rounds)
    ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    return fig


def late_entry_figure(report):
    """Late entrants' finish percentiles by rounds missed, under the last entry rule and in
    the counterfactual Swiss, at the headline size (as :func:`twenty_zeros_figure`)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    p, overall, finishes, by_entry = (
        report.parameters,
        report.overall,
        report.finishes,
        report.by_entry,
    )
    rule, size = p["late_rules"][-1], p["late_headline_sessions"]
    scale = overall.loc[overall["rule"] == rule, "scale"].iloc[0]
    head = finishes[(finishes["n_sessions"] == size) & (finishes["scale"] == scale)]
    missed = sorted(head["missed"].unique())
    fig, ax = plt.subplots(figsize=(9, 4.5))
    keys = []  # each kind of box its colour and a hatch: told apart in black and white too
    kinds = ((rule, "C0", ""), ("counterfactual", "C1", "//"))
    for offset, (name, colour, hatch) in zip((-0.18, 0.18), kinds, strict=True):
        data = [head[(head["rule"] == name) & (head["missed"] == m)]["percentile"] for m in missed]
        parts = ax.boxplot(
            data,
            positions=np.array(missed) + offset,
            widths=0.3,
            patch_artist=True,
            showfliers=False,
        )
        for box in parts["boxes"]:
            box.set_facecolor(colour)
            box.set_alpha(0.5)
            box.set_hatch(hatch)
        label = name if name == "counterfactual" else f"entry rule {name}"
        keys.append(Patch(facecolor=colour, alpha=0.5, hatch=hatch, label=label))
    scores = by_entry[(by_entry["n_sessions"] == size) & (by_entry["rule"] == rule)]
    ticks = zip(missed, scores["entry_score"].iloc[1:], strict=True)
    ax.set_xticks(missed, [f"{m} missed\n(on {s})" for m, s in ticks])
    ax.set(
        ylabel="finish percentile in the Swiss (100 = winner)",
        title=f"Late entrants' finishes, {size} sessions, entry rule {rule}",
    )
    ax.legend(handles=keys, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    fig.tight_layout()
    return fig
