"""Read a committee's folder of 1,000 club sessions: the goal of issue 36, under a minute.

The sessions are copies of a real club session (``../shared/data/usebio/mp_pairs_howell.xml``,
a Compscore3 matchpoint pairs of 24 boards and 161 table results), each under its own
event name and date, written to a temporary folder (100 with ``quick``). The folder is
read by :func:`bridgestats.derive.read_committee` (every file through its reader, sorted
into pairs sessions and team matches, the files' and skipped rows' tables) and, as the
baseline timed in the same process, by :func:`bridgestats.io.read_results` (the readers
alone, one call): the ratio is what the committee's way in costs over reading the files.
Each side is the best of three runs (one with ``quick``).

Then the fast paths of the committee brief and the reports beside it (issue 33: the
committee_brief, vp_scale_designer, swiss_events and butler_scales reports), each timed in
CPU time (``time.process_time``, the machine being shared) against the plain version it
replaced, run in turn in this process (best of three, one with ``quick``), with the
ratio; each pair's results are checked equal before the figures are printed:

- ``ppi_forecasts``: the committee's PPI decision's six factors on m over the real
  players' log in one pass (:func:`bridgestats.ratings.systems.ppi_forecasts`) against
  ``Ppi(m_scale=f).forecast`` per factor;
- ``outcomes once``: a scale's per-event outcomes made once for summarising and pairing
  (``summarise_events(..., outcomes=)``) against twice (the designer's Swiss pairs of 128);
- ``draws once``: the designer's six scales played on the same simulated events, the
  random inputs drawn once (:func:`bridgestats.sim.events.simulate_scales`), against
  ``simulate_events`` per scale on the same seed;
- ``Brighton kept``: swiss_events' Brighton runs, the fitted row of
  ``brighton_difference`` from the run kept, against simulated again;
- ``late-entry kernel``: the late-entry Swiss of swiss_events (:func:`bridgestats.sim.swiss.
  simulate_ko_swiss`, 8 sessions) with its rounds in a compiled kernel, against the plain
  NumPy loop it replaced (``tests/sim_swiss_reference.py``, put in its place);
- ``bootstrap sums``: the cluster bootstrap's resampled totals as running sums column by
  column against ``sums[idx].sum(axis=1)`` (the Butler factor's 18,080 boards).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np

from benchmarks._timing import best_time_result as _best
from bridgestats.derive import read_committee
from bridgestats.io import read_results
from bridgestats.paths import shared_data_dir

GOAL_SECONDS = 60.0


def _folder(root: Path, n: int) -> Path | None:
    shared = shared_data_dir()
    if shared is None:
        return None
    text = (shared / "usebio" / "mp_pairs_howell.xml").read_text()
    for i in range(n):
        day = f"{1 + i % 28:02d}/{1 + (i // 28) % 12:02d}/{2020 + i // 336}"
        session = text.replace("EL Wed 10.00am Open (27-Jul-22)", f"Club session {i + 1}")
        (root / f"session_{i:04d}.xml").write_text(session.replace("27/07/2022", day))
    return root


def run(quick: bool = False) -> dict:
    n = 100 if quick else 1000
    repeat = 1 if quick else 3
    with tempfile.TemporaryDirectory() as tmp:
        folder = _folder(Path(tmp), n)
        if folder is None:
            print("   ../shared/data is absent: nothing to benchmark")
            return {}
        t_committee, committee = _best(lambda: read_committee(folder), repeat)
        t_read, frame = _best(lambda: read_results(folder), repeat)
    sessions = committee.sessions_for("benchmark")
    print(
        f"   read_committee: {n} club sessions, {len(sessions):,} table results of pairs "
        f"sessions in {t_committee:.1f} s (goal: under {GOAL_SECONDS:.0f} s for 1,000: "
        f"{'met' if n < 1000 or t_committee < GOAL_SECONDS else 'NOT met'})"
    )
    print(
        f"   baseline read_results (the readers alone): {len(frame):,} table results in "
        f"{t_read:.1f} s; ratio {t_committee / t_read:.2f}"
    )
    return {
        "seconds": t_committee,
        "baseline_seconds": t_read,
        "n_sessions": n,
        "fast_paths": _fast_paths(quick),
    }


def _cpu_interleaved(plain, fast, repeat):
    """Best CPU seconds of ``plain()`` and ``fast()`` run in turn ``repeat`` times (after
    one untimed run of each: a compiled kernel loaded, a data set read), and their last
    results."""
    best = [float("inf"), float("inf")]
    out = [plain(), fast()]
    for _ in range(repeat):
        for i, fn in enumerate((plain, fast)):
            start = time.process_time()
            out[i] = fn()
            best[i] = min(best[i], time.process_time() - start)
    return best, out


def _ppi_forecasts(quick):
    from bridgestats import datasets
    from bridgestats.ratings.systems import ppi_forecasts, rating_system
    from bridgestats.studies.ppi_decision import FACTORS

    log = datasets.load("derived/rating_sessions")
    if quick:
        log = log.iloc[:4000]

    def plain():
        return np.column_stack(
            [rating_system("ppi", m_scale=f).forecast(log)["mean"].to_numpy() for f in FACTORS]
        )

    return plain, lambda: ppi_forecasts(log, FACTORS), f"{len(log):,} sessions x 6 factors"


def _outcomes_once(quick):
    from bridgestats.sim.events import simulate_events
    from bridgestats.sim.measures import event_outcomes, summarise_events
    from bridgestats.studies.designer import SIM_EVENTS, simulated_model

    spec, model = SIM_EVENTS["swiss_pairs"], simulated_model("swiss_pairs", 8)
    n_events = 1000 if quick else 8000
    res = simulate_events(
        spec["n_entrants"],
        n_rounds=spec["n_rounds"],
        n_boards=8,
        board=model["board"],
        k=model["k"],
        strength_sd=model["strength_sd"],
        scale="ebu_2006",
        n_events=n_events,
        rng=1,
    )
    k = spec["top_k"]

    def plain():
        return summarise_events(res, top_k=k), event_outcomes(res, top_k=k)

    def fast():
        outcomes = event_outcomes(res, top_k=k)
        return summarise_events(res, top_k=k, outcomes=outcomes), outcomes

    return plain, fast, f"{n_events:,} Swiss pairs of {spec['n_entrants']}, one scale"


def _draws_once(quick):
    from bridgestats.sim.events import simulate_events, simulate_scales
    from bridgestats.studies.designer import SIM_EVENTS, simulated_model
    from bridgestats.vp import gaussian_scale, named_scale

    spec, model = SIM_EVENTS["swiss_pairs"], simulated_model("swiss_pairs", 8)
    n_events = 1000 if quick else 8000
    scales = [gaussian_scale(sigma=s, unit="MP %") for s in (11.0, 9.35, 12.65)] + [
        named_scale(s) for s in ("ebu_2006", "washington_2004", "mp")
    ]
    common = dict(
        n_rounds=spec["n_rounds"],
        n_boards=8,
        board=model["board"],
        k=model["k"],
        strength_sd=model["strength_sd"],
        n_events=n_events,
        rng=11,
    )

    def plain():
        runs = [simulate_events(spec["n_entrants"], scale=s, **common) for s in scales]
        return [r.rank for r in runs]

    def fast():
        return [r.rank for r in simulate_scales(spec["n_entrants"], scales=scales, **common)]

    return plain, fast, f"6 scales x {n_events:,} Swiss pairs of {spec['n_entrants']}"


def _brighton_kept(quick):
    from bridgestats.studies import swiss
    from bridgestats.studies.swiss_findings import swiss_pairs_fit

    fit = swiss_pairs_fit()
    n_events = 30 if quick else 300

    def both(keep):
        swiss._brighton_rule.cache_clear()
        sim = swiss.brighton_simulation(
            strength_sd=fit.strength_sd, k=fit.k, n_events=n_events, rng=2026
        )
        if not keep:
            swiss._brighton_rule.cache_clear()
        return sim.counts, swiss.brighton_difference(fit, n_events=n_events, rng=2026)

    return (lambda: both(False)), (lambda: both(True)), f"{n_events} Brightons per run"


def _late_entry_kernel(quick):
    import importlib.util

    from bridgestats.paths import project_root
    from bridgestats.sim import swiss

    path = project_root() / "tests" / "sim_swiss_reference.py"
    spec = importlib.util.spec_from_file_location("sim_swiss_reference", path)
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    n_events = 20 if quick else 200
    kernel = swiss._swiss_event

    def play(event):
        swiss._swiss_event = event
        try:
            r = swiss.simulate_ko_swiss(8, k=27.6, strength_sd=4.0, n_events=n_events, rng=1)
        finally:
            swiss._swiss_event = kernel
        return r.score, r.rank, r.table_at_entry, r.place_at_entry

    return (
        lambda: play(reference.reference_swiss_event),
        lambda: play(kernel),
        f"{n_events} knock-outs of 256 pairs, a Swiss of 7 rounds",
    )


def _bootstrap_sums(quick):
    from bridgestats import datasets
    from bridgestats.fit._common import _resampled_totals

    spreads = datasets.load("derived/fullfield_board_spreads")
    r = spreads["n_tables"].to_numpy(float)
    sums = np.column_stack(
        [
            spreads["butler_imps_sd_trimmed"].to_numpy(float) ** 2,
            spreads["cross_imps_rms"].to_numpy(float) ** 2 * (r - 1) / (2 * r),
        ]
    )
    c = sums.shape[0]
    idx = np.random.default_rng(1).integers(0, c, size=(2_000_000 // c, c))
    columns = np.ascontiguousarray(sums.T)
    n = 2 if quick else 18  # 110 resamples a chunk: 18 chunks are B's 2,000 resamples

    def plain():
        return [sums[idx].sum(axis=1) for _ in range(n)][-1]

    def fast():
        return [_resampled_totals(columns, idx) for _ in range(n)][-1]

    return plain, fast, f"{n * idx.shape[0]:,} resamples of {c:,} boards"


def _equal(a, b) -> bool:
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    if hasattr(a, "equals"):  # a pandas frame
        return bool(a.equals(b))
    return bool(np.array_equal(a, b, equal_nan=True))


def _fast_paths(quick) -> dict:
    """Each fast path of issue 33 against its plain version (see the module docstring)."""
    cases = {
        "ppi_forecasts": _ppi_forecasts,
        "outcomes once": _outcomes_once,
        "draws once": _draws_once,
        "Brighton kept": _brighton_kept,
        "late-entry kernel": _late_entry_kernel,
        "bootstrap sums": _bootstrap_sums,
    }
    out = {}
    for name, make in cases.items():
        plain, fast, what = make(quick)
        (t_plain, t_fast), (a, b) = _cpu_interleaved(plain, fast, 1 if quick else 3)
        same = _equal(a, b)
        out[name] = {"plain": t_plain, "fast": t_fast, "ratio": t_plain / t_fast, "equal": same}
        print(
            f"   {name} ({what}): plain {t_plain:.3f} s, fast {t_fast:.3f} s CPU; "
            f"ratio {t_plain / t_fast:.2f}; results {'equal' if same else 'DIFFER'}"
        )
    return out


if __name__ == "__main__":
    run()
