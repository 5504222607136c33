"""Benchmarks: ``python -m benchmarks [NAME ...]`` (or ``make bench``).

Each ``bench_<name>.py`` defines ``run(quick: bool = False) -> None``, printing its
throughput and ratios against a baseline run in the same process (machines here are noisy:
read the ratios, not the absolute times).
"""
