"""Run every benchmark module (or those named on the command line)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import time

import benchmarks


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    args = parser.parse_args()
    found = sorted(
        m.name.removeprefix("bench_")
        for m in pkgutil.iter_modules(benchmarks.__path__)
        if m.name.startswith("bench_")
    )
    unknown = set(args.names) - set(found)
    if unknown:
        parser.error(f"unknown benchmark(s) {sorted(unknown)}; known: {found}")
    for name in args.names or found:
        print(f"== {name}", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"benchmarks.bench_{name}").run(quick=args.quick)
        print(f"   ({time.perf_counter() - start:.1f} s)\n", flush=True)


if __name__ == "__main__":
    main()
