"""Built-in calls of the Python package beside the same work through the Rust API (issue 69:
within 1.2x): the values of octal 0.6 to heap 2^20, Cram 4 x 9, the misère quotient of 0.77.

    python crates/games-py/benchmarks/builtins.py

The Rust side is the example ``rust_api_timings`` of the crate (built and run here with
``cargo run --release``), which makes the same calls of game-nim, game-core and game-misere
with the limits the Python calls use by default. Both sides print the median wall time of 3
runs in one process (the Rust example's start-up is outside its timings); the ratio is the
Python median over the Rust one. Not part of the tests (it measures).
"""

import statistics
import subprocess
import time
from pathlib import Path

import impartial_games as ig

REPEATS = 3


def median_seconds(run):
    seconds = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def main():
    python = {
        "octal 0.6 to 2^20": median_seconds(lambda: ig.Octal("0.6").values(1 << 20)),
        "cram 4 x 9": median_seconds(lambda: ig.cram(4, 9, allow_long=True)),
        "misere quotient 0.77": median_seconds(lambda: ig.misere_quotient("0.77")),
    }
    root = Path(__file__).resolve().parents[3]
    command = ["cargo", "run", "--quiet", "--release", "-p", "impartial-games-py", "--example", "rust_api_timings"]
    output = subprocess.run(command, cwd=root, check=True, capture_output=True, text=True).stdout
    rust = {name: float(seconds) for name, seconds in (line.split("\t") for line in output.splitlines())}
    assert rust.keys() == python.keys(), (rust, python)
    print(f"{'work':<24} {'Python (s)':>12} {'Rust API (s)':>14} {'ratio':>7}")
    for name, seconds in python.items():
        print(f"{name:<24} {seconds:12.4f} {rust[name]:14.4f} {seconds / rust[name]:7.2f}")


if __name__ == "__main__":
    main()
