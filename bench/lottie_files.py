"""Lottie files into PNG frames, the whole process, against ThorVG's drawing plus Pillow's PNG
writer, file by file; and how long reading each file takes.

usage: lottie_files.py ZOETROPE CORPUS [--frames N] [--side PX] [--limit N] [--work DIR]

For every Lottie file of CORPUS (or LIMIT of them, spread over the sorted list): Zoetrope's
`render` of its first N frames at most PX a side, one job, timed as a process (reading,
evaluating, drawing, PNG encoding and writing); ThorVG drawing the same frames at the same size
and Pillow writing them (thorvg_frames.py's own timers, in one process: its start and the file's
loading not counted); and `zoetrope validate` of the file, timed as a process (reading,
checking, evaluating; nothing drawn). Prints the ratio Zoetrope ÷ (ThorVG + Pillow) per file,
its median and its worst (goal: at most 1 on every file), and the median and worst reading time.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "Lottie"))
from lottie_check import lottie_files  # noqa: E402


def timed(command):
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    return done, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zoetrope")
    parser.add_argument("corpus")
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--side", type=int, default=512)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--work", default=tempfile.mkdtemp(prefix="lottie-files-"))
    options = parser.parse_args()
    files = lottie_files(options.corpus)
    if options.limit and len(files) > options.limit:
        step = len(files) / options.limit
        files = [files[int(i * step)] for i in range(options.limit)]
    python = sys.executable
    rows = []
    for file in files:
        name = os.path.relpath(file, options.corpus)
        out = os.path.join(options.work, "frames")
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        reference = subprocess.run([python, os.path.join(HERE, "..", "Tests", "Lottie", "thorvg_frames.py"), file, out, str(options.side)]
                                   + [str(k) for k in range(options.frames)], capture_output=True, text=True, timeout=600)
        try:
            info = json.loads(reference.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            info = {"error": "no output"}
        if "error" in info or "draw_total_ms" not in info:
            print(f"{name}: ThorVG cannot draw it, not timed")
            continue
        count = min(options.frames, int(info.get("frames") or options.frames))
        scale = info["scale"]
        shutil.rmtree(out, ignore_errors=True)
        done, seconds = timed([options.zoetrope, "render", file, "--frames", f"0-{max(count - 1, 0)}", "--scale", f"{scale:.6f}",
                               "--jobs", "1", "--out", out])
        if done.returncode != 0:
            print(f"{name}: Zoetrope exits {done.returncode}, not timed")
            continue
        probe, reading = timed([options.zoetrope, "validate", file])
        theirs = (info["draw_total_ms"] + info["save_total_ms"]) * count / max(options.frames, 1) / 1000
        ratio = seconds / theirs if theirs > 0 else float("inf")
        rows.append((name, ratio, seconds, theirs, reading))
        print(f"{name}: Zoetrope {seconds * 1000:.0f} ms, ThorVG + Pillow {theirs * 1000:.0f} ms ({ratio:.2f}×); reading {reading * 1000:.0f} ms", flush=True)
    if not rows:
        print("Lottie files: none timed")
        return 0
    ratios = [r[1] for r in rows]
    worst = max(rows, key=lambda r: r[1])
    slowest = max(rows, key=lambda r: r[4])
    print(f"Lottie files to PNG ({len(rows)} files, {options.frames} frames at ≤ {options.side} px): Zoetrope ÷ (ThorVG + Pillow) "
          f"median {statistics.median(ratios):.2f}×, worst {worst[1]:.2f}× ({worst[0]}); goal ≤ 1× on every file")
    print(f"Reading a file (zoetrope validate, a whole process): median {statistics.median(r[4] for r in rows) * 1000:.0f} ms, "
          f"worst {slowest[4] * 1000:.0f} ms ({slowest[0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
