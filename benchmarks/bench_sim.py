"""Event simulator throughput: simulated matches per second, compiled against plain Python.

The event is the issue's yardstick: a Swiss teams of 64 entrants over 8 rounds of 8-board
matches, paired by score (top-down with backtracking, no repeats), boards drawn from the
shipped swing counts, strengths normal with sd 0.5 IMPs a board, scored on the WBF
continuous scale and ranked. Two runs in one process, on the same pre-drawn random
numbers:

- :func:`bridgestats.sim.events.simulate_events` end to end (the random draws, the
  compiled kernel's pairing, boards, scoring and standings, and the result arrays);
- the plain-Python reference of the same simulation (``tests/sim_events_reference.py``,
  the tests' oracle: lists, a recursive pairing search, ``sorted`` standings) on a sample
  of the events, checked equal to the compiled results and extrapolated per match.

Each is timed as the best of 3 runs, by the wall clock and by the process's CPU time (on
a shared machine the CPU-time ratio is the steadier one); the kernel runs on one thread.

Goal: at least 1,000,000 matches/s and at least 50x the plain-Python version.

Then the kernel's fast paths (issue 32: a fast path stays only where a user waits for it),
each against its plain version, compiled in this process from the kernel's own code with
that one function swapped (results checked equal), timed by CPU time, the kernels taking
turns:

- the guide table of the inverse-CDF swing draw (``_swing_index``) against
  ``np.searchsorted(cdf, u, side="right")``;
- the counting order of fields up to 128 (``_order``) against the two stable mergesorts
  of larger fields.

Each is timed on the event above (the kernel's matches/s) and on what a user waits for: the
biggest simulations of ``make reports``, the compare_scales report's Swiss teams and Swiss
pairs (every candidate scale, its default sizes; the events timed here, scaled to the
report's 20,000 + 3 x 500 events per scale). The rule: keep a fast path when it saves at
least 10 % of the report's simulation time or 1 s; the output says "kept" and why for each,
with this run's figures, and flags a run whose figures fall below the rule. A third fast
path, a table of cells for a margin's outcome on the scale, was measured so and replaced by
``np.searchsorted`` (issue 32: plain 1.2-1.3x the kernel's time on the event above, but 1-3 %
of compare_scales' Swiss kernel time, +0.3 s; committee_brief +0.2 s).

Then the per-event measures (:func:`bridgestats.sim.measures.event_outcomes`, issue 33) on
the compare_scales report's Swiss events, against their plain version (a full sort of each
event's strengths and two argsorts for the top k, as the measures took them before, outputs
checked equal), computed twice a scale and rule as before (once for the summary, once for
the paired differences) against once now; the run compare_pairings no longer repeats; and
Kendall's τ-b of the events (O(n²) pair count, the package's) against Knight's O(n log n)
method (scipy's), measured and rejected.

Then the sweep (:func:`bridgestats.sim.sweep.run_sweep`): cells per second of a small grid
run here, one after another, and on a local Dask cluster of two worker processes (started
and warmed first: each process compiles the kernels once), with the two frames checked
equal. Skipped, saying so, without dask.distributed (the notebooks extra).
"""

from __future__ import annotations

import importlib.util
import math
import os
import time
import types

import numba
import numpy as np

from bridgestats.paths import project_root
from bridgestats.sim import events as ev
from bridgestats.sim import measures
from bridgestats.sim.pairing import MAX_STEPS

_EVENT = {
    "n_rounds": 8,
    "n_boards": 8,
    "event_format": "swiss",
    "pairing": "score",
    "board": "swings",
    "k": None,
    "scale": "wbf",
    "strength": None,
    "strength_sd": 0.5,
    "bye_score": None,
    "max_steps": MAX_STEPS,
}
_N_ENTRANTS = 64


def _reference_module():
    path = project_root() / "tests" / "sim_events_reference.py"
    spec = importlib.util.spec_from_file_location("sim_events_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _best_times(fn, repeat=3):
    """The shortest wall-clock and the shortest CPU time (s) of ``repeat`` calls, and the
    last result. The machine may be shared: CPU time (this process's) is what a busy
    neighbour disturbs least, so both are shown, and each ratio is taken on one clock."""
    wall, cpu, result = float("inf"), float("inf"), None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = fn()
        wall = min(wall, time.perf_counter() - w)
        cpu = min(cpu, time.process_time() - c)
    return wall, cpu, result


def _reference_rates(n_events, seed):
    """Matches/s (wall, CPU) of the plain-Python reference, checked against the kernel."""
    ref = _reference_module()
    plan = ev._plan(_N_ENTRANTS, **_EVENT)
    drawn = ev._draw(plan, np.random.default_rng(seed), n_events)
    fixed = {**plan.board._asdict(), **plan.scoring._asdict(), **plan.rules._asdict()}
    args = {k: v.tolist() if isinstance(v, np.ndarray) else v for k, v in fixed.items()}
    lists = [a.tolist() for a in drawn]
    wall, cpu, events = _best_times(lambda: ref.reference_events(*lists, **args))
    fast = ev.simulate_events(_N_ENTRANTS, n_events=n_events, rng=seed, **_EVENT)
    np.testing.assert_array_equal(fast.rank, [e["rank"] for e in events])
    np.testing.assert_array_equal(fast.score, [e["score"] for e in events])
    matches = n_events * _matches_per_event()
    return matches / wall, matches / cpu


def _matches_per_event():
    return _EVENT["n_rounds"] * (_N_ENTRANTS // 2)


def run(quick=False):
    """Print the throughput figures (``quick``: 10x fewer events, for a smoke run)."""
    n_events = 2_000 if quick else 20_000
    n_ref = 10 if quick else 50
    ev.simulate_events(_N_ENTRANTS, n_events=2, rng=0, **_EVENT)  # compile the kernel
    wall, cpu, res = _best_times(
        lambda: ev.simulate_events(_N_ENTRANTS, n_events=n_events, rng=1, **_EVENT)
    )
    matches = n_events * _matches_per_event()
    rate, rate_cpu = matches / wall, matches / cpu
    assert res.repeats.sum() == 0
    ref_rate, ref_cpu = _reference_rates(n_ref, 2)
    print(
        f"event: Swiss teams, {_N_ENTRANTS} entrants, {_EVENT['n_rounds']} rounds of "
        f"{_EVENT['n_boards']}-board matches, paired by score, WBF continuous; "
        f"{n_events:,} events ({matches:,} matches) in {wall:.2f} s (best of 3), one thread"
    )
    print(f"simulated matches/s: {rate:,.0f} (goal >= 1,000,000); by CPU time {rate_cpu:,.0f}")
    print(
        f"plain-Python reference (same simulation, {n_ref} events, results equal, best of 3): "
        f"{ref_rate:,.0f} matches/s, by CPU time {ref_cpu:,.0f}; speed-up {rate / ref_rate:,.0f}x,"
        f" by CPU time {rate_cpu / ref_cpu:,.0f}x (goal >= 50x)"
    )
    _fast_paths(quick)
    _outcomes(quick)
    _sweep(quick)


# --- the kernel's fast paths against their plain versions -------------------------------------


@numba.njit(inline="always")
def _plain_swing_index(cdf, guide, u):
    return np.searchsorted(cdf, u, side="right")  # cdf[-1] = 1 > u: never past the top


@numba.njit
def _plain_order(hi, lo):
    by_lo = np.argsort(-lo, kind="mergesort")
    return by_lo[np.argsort(-hi[by_lo], kind="mergesort")]


#: Each fast path: the kernel's function it lives in and that function's plain version.
_PLAIN = {
    "guide table (swing draw)": ("_swing_index", _plain_swing_index),
    "counting order (fields <= 128)": ("_order", _plain_order),
}
#: The events whose kernel runs a fast path's code (elsewhere the two kernels run the same
#: code, and their difference is the timing's noise): the guide only where a match's swing
#: is drawn from a table, not in the Swiss pairs' normal model.
_RUNS = {"guide table (swing draw)": ("Swiss teams",)}
#: Why each is kept (issue 32, measured over 3-5 runs of this benchmark on a shared machine).
_WHY = {
    "guide table (swing draw)": "saves compare_scales' Swiss teams 1.0-1.5 s (>= 1 s of a "
    "report; the closest call of the three)",
    "counting order (fields <= 128)": "halves the kernel's time, 10-12 s of compare_scales",
}
#: The compare_scales report's Swiss simulations (its defaults; τ about the report's).
_REPORT = {
    "Swiss teams": dict(
        n_entrants=60, n_rounds=8, n_boards=8, board="swings", k=None, strength_sd=0.47
    ),
    "Swiss pairs": dict(
        n_entrants=128, n_rounds=10, n_boards=8, board="pairs", k=None, strength_sd=3.0
    ),
}
_REPORT_EVENTS = 20_000 + 3 * 500  # per scale: paired by score, and each other rule


def _kernel_without(name):
    """The kernel compiled here from its own code with the named function plain."""
    where, plain = _PLAIN[name]
    space = {**vars(ev), where: plain}

    def rebuilt(kernel):
        return numba.njit(types.FunctionType(kernel.py_func.__code__, space, kernel.__name__))

    space["_standings"] = rebuilt(ev._standings)  # it calls _order
    return rebuilt(ev._simulate_kernel)


def _workload(n_entrants, n_events, seed, scale, **options):
    """A pre-drawn block of events: (plan, drawn, matches)."""
    event = {**_EVENT, **options, "scale": scale}
    plan = ev._plan(n_entrants, **event)
    drawn = ev._draw(plan, np.random.default_rng(seed), n_events)
    return plan, drawn, n_events * plan.n_rounds * (n_entrants // 2)


def _play(kernel, plan, drawn):
    """CPU seconds of one kernel run, and its outputs."""
    e, n, rounds = drawn.strength.shape[0], plan.n_entrants, plan.n_rounds
    out = ev._Out(
        np.empty((e, n)),
        np.empty((e, n)),
        np.empty((e, n), dtype=np.int64),
        np.zeros((0, rounds, n), dtype=np.int64),
        np.zeros((e, rounds, plan.n_outcomes), dtype=np.int64),
        np.empty(e, dtype=np.int64),
    )
    start = time.process_time()
    kernel(drawn, plan.board, plan.scoring, plan.rules, out)
    return time.process_time() - start, out


def _interleaved(kernels, workloads, repeat=5):
    """Each kernel's CPU time on each workload as the fast kernel's best time times the
    median ratio to it over ``repeat`` rounds in which the kernels take turns (on a shared
    machine a neighbour's load slows turns run a moment apart alike; the ratio cancels
    it). Every kernel's outputs are checked equal to the fast kernel's."""
    times = {k: [] for k in kernels}
    names = list(kernels)
    for plan, drawn, _ in workloads:
        first = _play(kernels["fast"], plan, drawn)[1]  # compiles, and checks results equal
        for name in names[1:]:
            for a, b in zip(first, _play(kernels[name], plan, drawn)[1], strict=True):
                np.testing.assert_array_equal(a, b, err_msg=f"{name} differs")
        runs = {k: [] for k in kernels}
        for i in range(repeat):
            for name in names[i % 2 :] + names[: i % 2]:  # alternate who goes first
                runs[name].append(_play(kernels[name], plan, drawn)[0])
        fast = np.array(runs["fast"])
        for name in names:
            times[name].append(fast.min() * float(np.median(np.array(runs[name]) / fast)))
    return times


def _fast_paths(quick):
    from bridgestats.studies.scales import candidate_scales

    kernels = {"fast": ev._simulate_kernel} | {name: _kernel_without(name) for name in _PLAIN}
    bench = [_workload(_N_ENTRANTS, 2_000 if quick else 20_000, 3, "wbf")]
    per_scale = 200 if quick else 2_000
    report = {
        event: [
            _workload(seed=4, n_events=per_scale, scale=sc, **opts)
            for sc in candidate_scales(event, n_boards=opts["n_boards"])
        ]
        for event, opts in _REPORT.items()
    }
    on_bench = _interleaved(kernels, bench)
    scale_up = _REPORT_EVENTS / per_scale
    on_report = {}  # event -> kernel -> its report time (s), the scales summed
    for event, workloads in report.items():
        times = _interleaved(kernels, workloads)
        on_report[event] = {k: sum(t) * scale_up for k, t in times.items()}
    fast_report = sum(r["fast"] for r in on_report.values())
    matches = bench[0][2]
    print(
        f"fast paths: kernel on the event above, {matches:,} matches, "
        f"{matches / on_bench['fast'][0]:,.0f} matches/s by CPU time; compare_scales' Swiss "
        f"simulations ({len(candidate_scales('Swiss teams'))} scales each, {_REPORT_EVENTS:,} "
        f"events a scale, timed on {per_scale:,}): "
        + ", ".join(f"{event} {r['fast']:.1f} s" for event, r in on_report.items())
        + " of kernel"
    )
    for name in _PLAIN:
        runs = _RUNS.get(name, tuple(on_report))
        extra = {event: r[name] - r["fast"] for event, r in on_report.items() if event in runs}
        total = sum(extra.values())
        figures = (
            f"plain version {on_bench[name][0] / on_bench['fast'][0]:.2f}x the kernel's time "
            f"on the event above ({matches / on_bench[name][0]:,.0f} matches/s); "
            "compare_scales' Swiss simulations "
            + ", ".join(
                f"{event} {extra[event]:+.1f} s" if event in extra else f"{event} not used"
                for event in on_report
            )
            + f": {fast_report:.1f} s -> {fast_report + total:.1f} s ({total / fast_report:+.0%})"
        )
        below = "" if total >= 1 or total >= 0.1 * fast_report else "; BELOW THE RULE in this run"
        print(f"   {name}: kept: {_WHY[name]}; {figures}{below}")
    print(
        "   cells table (outcome on the scale): plain: replaced by np.searchsorted (issue 32; "
        "measured then: plain 1.16-1.32x the kernel's time on the event above, compare_scales' "
        "Swiss simulations +0.2-0.4 s of 11-13 s, committee_brief +0.2 s)"
    )


def _plain_event_outcomes(results, k):
    """The per-event measures as :func:`~bridgestats.sim.measures.event_outcomes` took them
    before issue 33: a full sort of the strengths, the top k by two argsorts."""
    s = results.strength
    n_events = s.shape[0]
    ranked = np.sort(s, axis=1)[:, ::-1]
    won = np.full(n_events, np.nan)
    unique_best = ranked[:, 0] > ranked[:, 1]
    best = s.argmax(axis=1)
    won[unique_best] = results.rank[np.arange(n_events), best][unique_best] == 1
    top = np.full(n_events, np.nan)
    separated = ranked[:, k - 1] > ranked[:, k]
    strongest = np.sort(np.argsort(-s, axis=1, kind="stable")[:, :k], axis=1)
    finishers = np.sort(np.argsort(results.rank, axis=1)[:, :k], axis=1)
    top[separated] = (strongest == finishers).all(axis=1)[separated]
    tau = np.full(n_events, np.nan)
    varied = ranked[:, 0] > ranked[:, -1]
    tau[varied] = measures.kendall_tau_b(s[varied], -results.rank[varied])
    return won, top, tau


#: The compare_scales report's runs of 20,000 events per Swiss event: 6 scales paired by
#: score, and 3 more rules (and the score rule again) in its comparison of pairing rules.
_REPORT_OUTCOME_RUNS = 10


def _outcomes(quick):
    n_events = 2_000 if quick else 20_000
    saved = rerun = 0.0
    lines = []
    for event, opts in _REPORT.items():
        scale = "ebu_2006" if event == "Swiss pairs" else "wbf"  # the reference scales
        start = time.process_time()
        res = ev.simulate_events(n_events=n_events, rng=5, **{**_EVENT, **opts, "scale": scale})
        fast = measures.event_outcomes(res)
        rerun += (time.process_time() - start) * 20_000 / n_events
        k = fast.attrs["k"]
        plain = _plain_event_outcomes(res, k)
        for col, want in zip(measures.PAIRED_MEASURES, plain, strict=True):
            np.testing.assert_array_equal(fast[col].to_numpy(), want)
        runs = {"fast": [], "plain": []}
        for i in range(5):  # taking turns, CPU time
            for name in ("fast", "plain")[:: 1 if i % 2 else -1]:
                start = time.process_time()
                measures.event_outcomes(res) if name == "fast" else _plain_event_outcomes(res, k)
                runs[name].append(time.process_time() - start)
        f, p = min(runs["fast"]), min(runs["plain"])
        per_report = (2 * p - f) * _REPORT_OUTCOME_RUNS * 20_000 / n_events
        saved += per_report
        lines.append(
            f"{event} {f:.3f} s against plain {p:.3f} s ({p / f:.2f}x), twice a run before: "
            f"{2 * p / f:.2f}x, {per_report:.1f} s of the report"
        )
    print(
        f"per-event measures (event_outcomes), {n_events:,} events by CPU time, outputs equal: "
        + "; ".join(lines)
        + f"; kept: saves compare_scales {saved:.1f} s"
    )
    print(
        "   the reference scale's runs paired by score, measured by compare_scales and given "
        "to compare_pairings (known=, matched by EventResults.fingerprint) instead of "
        f"simulated again: kept: saves compare_scales {rerun:.1f} s (simulation and "
        "event_outcomes of one 20,000-event run of each Swiss event, timed here)"
    )
    _tau(quick)


@numba.njit
def _knight_tau_b(x, y, out):
    """τ-b of each row by Knight's method (scipy's): one argsort by x, ties in x put in y's
    order, the discordant pairs the inversions of y counted by a bottom-up merge sort."""
    n_rows, n = x.shape
    tot = n * (n - 1) // 2
    a, b = np.empty(n), np.empty(n)
    for e in range(n_rows):
        xe, ye = x[e], y[e]
        order = np.argsort(xe)
        xtie = ntie = 0
        i = 0
        while i < n:
            j = i + 1
            while j < n and xe[order[j]] == xe[order[i]]:
                j += 1
            if j - i > 1:  # a run of ties in x: by y (insertion sort), joint ties counted
                xtie += (j - i) * (j - i - 1) // 2
                for p in range(i + 1, j):
                    v, q = order[p], p
                    while q > i and ye[order[q - 1]] > ye[v]:
                        order[q] = order[q - 1]
                        q -= 1
                    order[q] = v
                c = 1
                for p in range(i + 1, j + 1):
                    if p < j and ye[order[p]] == ye[order[p - 1]]:
                        c += 1
                    else:
                        ntie += c * (c - 1) // 2
                        c = 1
            i = j
        for p in range(n):
            a[p] = ye[order[p]]
        dis, width, src, dst = 0, 1, a, b
        while width < n:
            for lo in range(0, n, 2 * width):
                mid, hi = min(lo + width, n), min(lo + 2 * width, n)
                left, right = lo, mid
                for t in range(lo, hi):
                    if right >= hi or (left < mid and src[left] <= src[right]):
                        dst[t] = src[left]
                        left += 1
                    else:
                        dst[t] = src[right]
                        right += 1
                        dis += mid - left
            src, dst = dst, src
            width *= 2
        ytie, c = 0, 1
        for p in range(1, n + 1):
            if p < n and src[p] == src[p - 1]:
                c += 1
            else:
                ytie += c * (c - 1) // 2
                c = 1
        if xtie == tot or ytie == tot:
            out[e] = np.nan
        else:
            s = tot - xtie - ytie + ntie - 2 * dis
            out[e] = min(1.0, max(-1.0, s / math.sqrt(tot - xtie) / math.sqrt(tot - ytie)))


def _tau(quick):
    rows = 2_000 if quick else 20_000
    rng = np.random.default_rng(6)
    figures = []
    for n in (22, 60, 128, 512):
        x = rng.standard_normal((rows, n))
        y = -(np.argsort(rng.random((rows, n)), axis=1) + 1.0)  # places: as the reports
        x[: rows // 10] = np.round(x[: rows // 10])  # and a tenth of rows with ties
        want = measures.kendall_tau_b(x, y)
        got = np.empty(rows)
        _knight_tau_b(x, y, got)
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
        runs = {"pairs": [], "knight": []}
        for i in range(3):
            for name in ("pairs", "knight")[:: 1 if i % 2 else -1]:
                start = time.process_time()
                measures.kendall_tau_b(x, y) if name == "pairs" else _knight_tau_b(x, y, got)
                runs[name].append(time.process_time() - start)
        figures.append(f"n {n} {min(runs['knight']) / min(runs['pairs']):.2f}x")
    print(
        f"   Kendall's tau-b, {rows:,} rows: Knight's O(n log n) (values equal) takes, of the "
        "O(n^2) pair count's CPU time: "
        + ", ".join(figures)
        + "; rejected: slower at the reports' fields (22, 60, 128 entrants)"
    )


_SWEEP = {
    "n_entrants": 32,
    "n_rounds": 6,
    "pairing": ["random", "score"],
    "strength_sd": [0.25, 0.5],
    "scale": ["wbf", "wdl"],
}


def _warm():
    ev.simulate_events(8, n_rounds=2, n_events=2, rng=0)
    return True


def _sweep(quick):
    from bridgestats.sim.sweep import run_sweep

    grid = {**_SWEEP, "n_events": 100 if quick else 1000}
    n_cells = 8
    run_sweep({**grid, "n_events": 2}, rng=0, progress=False)  # compile here
    start = time.perf_counter()
    here = run_sweep(grid, rng=1, progress=False)
    local = time.perf_counter() - start
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("sweep: dask.distributed not installed (the notebooks extra); cluster skipped")
        return
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        client.run(_warm)  # every worker compiles the kernels before the clock starts
        run_sweep({**grid, "n_events": 2}, rng=0, scheduler=client, progress=False)
        start = time.perf_counter()
        there = run_sweep(grid, rng=1, scheduler=client, progress=False)
        remote = time.perf_counter() - start
    import pandas as pd

    pd.testing.assert_frame_equal(here, there)
    print(
        f"sweep: {n_cells} cells ({grid['n_entrants']}-entrant Swiss, {grid['n_rounds']} rounds, "
        f"{grid['n_events']:,} events each): here {n_cells / local:.2f} cells/s, "
        f"LocalCluster of 2 processes {n_cells / remote:.2f} cells/s (frames equal; "
        f"the machine's {os.cpu_count()} cores are shared)"
    )


if __name__ == "__main__":
    run()
