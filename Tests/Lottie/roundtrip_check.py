"""Measures the round trip Lottie → scene → Lottie: whether a Lottie file, converted to a scene
and that scene converted back to Lottie, still draws the original's frames.

usage: roundtrip_check.py ZOETROPE CORPUS [--limit N] [--jobs N] [--work DIR] [--report FILE] [--goal PERCENT]
                          [--side PX] [--min-agree N]

For every Lottie file in CORPUS (recursively, as lottie_check.py finds them): `zoetrope convert
FILE --to scene`, then `zoetrope convert SCENE --to lottie`; the export is checked against the
Lottie specification's JSON schema (the lottie-specs package's, as export_check.py checks it).
Then Zoetrope renders the original and the exported file at the five instants lottie_check.py
uses (0, 25, 50, 75 and 100 % of the original's frames), at the same scale (at most PX, 512,
pixels a side), and the frames are compared over white as lottie_check.py compares them: a
file round-trips when at most 1 % of the pixels of each frame differ by more than 32/255.

Both sides are Zoetrope's frames, so the measure is the round trip's alone: what the export
keeps or loses, not how Zoetrope's drawing differs from a player's (lottie_check.py measures
that, and export_check.py measures ThorVG playing an export). Files Zoetrope refuses to read
are skipped; a conversion that fails, an export the schema rejects, or one Zoetrope cannot
read back counts as a failure. Prints files round-tripping / compared, the share, and each
failure with the most differing frame's share of pixels and what the export said it drew
without. Exits 1 when the share is under the goal (95 %), or fewer than --min-agree files round-trip.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import threading

from lottie_check import FRACTIONS, TIME_LIMIT, agrees, lottie_files, over_white
from lottie_schema import schema_problems


def run(arguments):
    try:
        return subprocess.run(arguments, capture_output=True, text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(arguments, -9, "", "took longer than the time limit")


def frame_count(zoetrope, file):
    """The frame count Zoetrope reads of `file`; None when it does not read it."""
    probe = run([zoetrope, "validate", file])
    line = next((l for l in probe.stdout.splitlines() if ": ok (" in l), None)
    return int(line.split(": ok (")[1].split(" frames")[0]) if line else None


def canvas_size(scene):
    """The canvas size the converted scene file gives (`canvas:` then `size: [W, H]`)."""
    for line in open(scene, encoding="utf-8"):
        stripped = line.strip()
        if stripped.startswith("size:") and "[" in stripped:
            width, height = stripped.split("[", 1)[1].split("]")[0].split(",")[:2]
            return float(width), float(height)
    return None


def check(zoetrope, file, work, side):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    result = {"file": file}
    frames = frame_count(zoetrope, file)
    if frames is None:
        return {**result, "status": "skipped", "detail": "Zoetrope does not read the original"}
    scene, exported = f"{work}/scene.yaml", f"{work}/export.json"
    to_scene = run([zoetrope, "convert", file, "--to", "scene", "-o", scene])
    if to_scene.returncode != 0:
        return {**result, "status": "failed", "detail": f"to scene: exit {to_scene.returncode}: {to_scene.stderr.strip()[-300:]}"}
    to_lottie = run([zoetrope, "convert", scene, "--to", "lottie", "-o", exported])
    if to_lottie.returncode != 0:
        return {**result, "status": "failed", "detail": f"to Lottie: exit {to_lottie.returncode}: {to_lottie.stderr.strip()[-300:]}"}
    notes = [line.split(": not exported: ", 1)[1] for line in to_lottie.stderr.splitlines() if ": not exported: " in line]
    with open(exported) as handle:
        invalid = schema_problems(json.load(handle))
    if invalid:
        return {**result, "status": "failed", "detail": f"not valid under the Lottie schema: {invalid[0]} ({len(invalid)} problems)",
                "notes": notes}
    size = canvas_size(scene) or (side, side)
    scale = min(1.0, side / max(size[0], size[1], 1))
    picks = sorted({round(f * (frames - 1)) for f in FRACTIONS})
    rendered = {}
    for name, source in (("original", file), ("export", exported)):
        drawn = run([zoetrope, "render", source, "--frames", ",".join(map(str, picks)), "--scale", repr(scale),
                     "--out", f"{work}/{name}", "--jobs", "1", "--progress", "none"])
        if drawn.returncode != 0:
            return {**result, "status": "failed", "detail": f"rendering the {name}: exit {drawn.returncode}: {drawn.stderr.strip()[-300:]}",
                    "notes": notes}
        rendered[name] = drawn
    compared = []
    for pick in picks:
        ours, back = f"{work}/original/frame_{pick:05d}.png", f"{work}/export/frame_{pick:05d}.png"
        compared.append(agrees(over_white(ours) if os.path.exists(ours) else None, over_white(back) if os.path.exists(back) else None))
    return {**result, "status": "compared", "agrees": all(ok for ok, _ in compared), "differing": max(d for _, d in compared),
            "frames": [f"{pick}: {d * 100:.1f} %" for pick, (_, d) in zip(picks, compared)], "notes": notes}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zoetrope")
    parser.add_argument("corpus")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--side", type=int, default=512)
    parser.add_argument("--work", default="/tmp/zoetrope-roundtrip-check")
    parser.add_argument("--report")
    parser.add_argument("--goal", type=float, default=95)
    parser.add_argument("--min-agree", type=int, default=0)
    options = parser.parse_args()
    if not os.path.isdir(options.corpus):
        print(f"roundtrip-check: no corpus at {options.corpus}")
        return 2
    files = lottie_files(options.corpus)
    if options.limit and options.limit < len(files):
        step = len(files) / options.limit
        files = [files[int(i * step)] for i in range(options.limit)]
    zoetrope = os.path.abspath(options.zoetrope)

    def one(numbered):
        number, file = numbered
        return number, file, check(zoetrope, file, f"{options.work}/{threading.get_ident()}", options.side)

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        for number, file, outcome in pool.map(one, enumerate(files, 1)):
            results.append(outcome)
            mark = {True: "round-trips", False: "differs"}.get(outcome.get("agrees"), outcome["status"])
            extra = f" ({outcome['differing'] * 100:.1f} % of pixels)" if outcome["status"] == "compared" else f": {outcome.get('detail', '')}"
            print(f"[{number}/{len(files)}] {os.path.relpath(file, options.corpus)}: {mark}{extra}", flush=True)
    counted = [r for r in results if r["status"] != "skipped"]
    agreeing = [r for r in counted if r.get("agrees")]
    share = len(agreeing) / len(counted) * 100 if counted else 100
    print()
    print(f"round trip Lottie → scene → Lottie (Zoetrope's frames of the original and of the export): "
          f"{len(agreeing)}/{len(counted)} files agree ({share:.1f} %; goal {options.goal:g} %), "
          f"{len(results) - len(counted)} not read by Zoetrope (skipped)")
    for r in counted:
        if not r.get("agrees"):
            detail = f"frames {', '.join(r['frames'])}" if r["status"] == "compared" else r["detail"]
            notes = f"; said not exported: {'; '.join(r['notes'])}" if r.get("notes") else ""
            print(f"  {os.path.relpath(r['file'], options.corpus)}: {detail}{notes}")
    if options.report:
        json.dump(results, open(options.report, "w"), indent=1)
    return 0 if share >= options.goal and len(agreeing) >= options.min_agree else 1


if __name__ == "__main__":
    sys.exit(main())
