"""Measures Zoetrope's Lottie rendering against ThorVG's on a folder of Lottie files.

usage: lottie_check.py ZOETROPE CORPUS [--limit N] [--jobs N] [--work DIR] [--cache DIR] [--report FILE]

For every Lottie file in CORPUS (recursively; `index.json` there, when present, gives each
file's features), renders the frames at 0, 25, 50, 75 and 100 % of the animation with
Zoetrope and with ThorVG (each file in its own ThorVG process: ThorVG crashes on a few
files), at most 512 px a side, and compares them over white. A frame agrees when at most 1 %
of its pixels differ by more than 32/255 in a channel; a file agrees when all five frames do.

Prints files rendered, crashes and hangs (Zoetrope exiting 70 or by a signal, or taking longer
than the time limit), agreement overall and on the files that use only the 1.0
specification's features, and milliseconds per frame next to ThorVG's: a whole render process,
and a frame's evaluating and drawing alone (from the render's JSON progress, the median over
the file's frames) against ThorVG's update, draw and sync (the median over the same frames),
both on one thread. `--limit N` checks N
files spread evenly over the sorted list (the short run in `make test`); `--jobs N` checks N
files at a time; `--cache DIR` keeps ThorVG's frames there, keyed by the file's bytes and the
frames asked for, so a second run draws only Zoetrope's (the milliseconds quoted for ThorVG
are then those of the run that filled the cache). Exits 1 when Zoetrope crashed or hung on
any file.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time

import numpy
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
FRACTIONS = [0, 0.25, 0.5, 0.75, 1]
SIDE = 512
TIME_LIMIT = 120
# Features beyond the Lottie 1.0 specification (as the corpus index names them).
BEYOND_SPEC = {"L:text", "fonts", "glyph-chars", "text-animators", "text-on-path", "S:merge-paths", "S:repeater",
               "S:round-corners", "expression", "effects", "blend-mode", "layer-styles", "3d-comp", "3d-layer", "slots",
               "S:other:unknown", "L:audio"}


def lottie_files(corpus):
    found = []
    for folder, _, names in os.walk(corpus):
        for name in names:
            if name.endswith((".json", ".lottie", ".tgs")) and name != "index.json":
                found.append(os.path.join(folder, name))
    return sorted(found)


def spec_only(features):
    return not any(f in BEYOND_SPEC or f.startswith("effect-") for f in features)


def over_white(path, size=None):
    image = Image.open(path).convert("RGBA")
    if size and image.size != size:
        return None
    return image_over_white(image)


def image_over_white(image):
    """The RGB pixels of an RGBA image composited over white, as float64 0…255."""
    pixels = numpy.asarray(image, dtype=numpy.float64)
    alpha = pixels[:, :, 3:4] / 255
    return pixels[:, :, :3] * alpha + 255 * (1 - alpha)


def agrees(ours, reference):
    if ours is None or reference is None or ours.shape != reference.shape:
        return False, 1.0
    differing = (numpy.abs(ours - reference) > 32).any(axis=2).mean()
    return differing <= 0.01, float(differing)


def substitutes(notes):
    """The families Zoetrope draws a file's missing fonts in, by their index in `fonts.list`,
    from what `validate` reports (`fonts.list[0]: warning: font "Helvetica" is not installed: drawn
    in "Liberation Sans"`, with `(Regular)` after it when the style drawn is not the file's):
    ThorVG is given the same font, as `family` or `family:style=STYLE`."""
    found = {}
    for match in re.finditer(r'fonts\.list\[(\d+)\]: (?:warning: )?font "[^"]*" [^\n]*?: drawn in "([^"]+)"(?: \((\w[\w ]*)\))?', notes):
        # A style in brackets is the one drawn instead of the file's (Core Text's regular fallback).
        found[match.group(1)] = match.group(2) + (f":style={match.group(3)}" if match.group(3) else "")
    return found


def reference_frames(file, picks, folder, cache, size=SIDE, fonts=None):
    """ThorVG's frames of `file` in a folder, with its JSON summary, drawn in a process of
    their own, at most `size` pixels a side (or exactly "WxH"), the fonts `fonts` names in
    place of those of `fonts.list` (by index) that are not installed; from `cache` when an
    earlier run drew the same frames of the same bytes at the same size in the same fonts."""
    fonts = fonts or {}
    if cache:
        # Keyed by the reference script too: a change to how it draws draws anew.
        harness = open(f"{HERE}/thorvg_frames.py", "rb").read()
        key = hashlib.sha1(open(file, "rb").read() + repr((picks, size)).encode() + harness
                           + (json.dumps(fonts, sort_keys=True).encode() if fonts else b"")).hexdigest()
        folder = os.path.join(cache, key)
        summary = os.path.join(folder, "info.json")
        if os.path.exists(summary):
            return folder, json.load(open(summary))
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
    try:
        reference = subprocess.run([sys.executable, f"{HERE}/thorvg_frames.py", file, folder, str(size)] + [str(p) for p in picks],
                                   capture_output=True, text=True, timeout=TIME_LIMIT,
                                   env={**os.environ, "THORVG_FONTS": json.dumps(fonts)} if fonts else None)
        info = json.loads(reference.stdout.strip().splitlines()[-1]) if reference.returncode == 0 and reference.stdout.strip() else None
    except (subprocess.TimeoutExpired, json.JSONDecodeError):
        info = None
    info = info or {"error": "ThorVG crashed or hung"}
    if cache:
        json.dump(info, open(os.path.join(folder, "info.json.part"), "w"))
        os.replace(os.path.join(folder, "info.json.part"), os.path.join(folder, "info.json"))
    return folder, info


def check(zoetrope, file, work, cache):
    """One file: ThorVG's frames, Zoetrope's, and how they compare."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(f"{work}/thorvg")
    result = {"file": file}
    # How many frames, and the scale that fits 512 px: from Zoetrope's own reading.
    started = time.perf_counter()
    try:
        probe = subprocess.run([zoetrope, "validate", file], capture_output=True, text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return {**result, "status": "hang", "detail": "validate took longer than the time limit"}
    if probe.returncode not in (0, 65, 66):
        return {**result, "status": "crash", "detail": f"validate exited {probe.returncode}: {probe.stderr[-300:]}"}
    summary = [line for line in probe.stdout.splitlines() if ": ok (" in line]
    if not summary:
        return {**result, "status": "refused", "detail": (probe.stderr or probe.stdout).strip()[-300:]}
    frames = int(summary[-1].split(": ok (")[1].split(" frames")[0])
    picks = sorted({round(f * (frames - 1)) for f in FRACTIONS})
    folder, info = reference_frames(file, picks, f"{work}/thorvg", cache, fonts=substitutes(probe.stderr + probe.stdout))
    if "error" in info:
        return {**result, "status": "no-reference", "detail": info["error"]}
    started = time.perf_counter()
    try:
        ours = subprocess.run([zoetrope, "render", file, "--frames", ",".join(map(str, picks)), "--scale", repr(info["scale"]),
                               "--out", f"{work}/zoetrope", "--jobs", "1", "--progress", "json"], capture_output=True, text=True,
                              timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return {**result, "status": "hang", "detail": "render took longer than the time limit"}
    elapsed = (time.perf_counter() - started) * 1000
    if ours.returncode == 70 or ours.returncode < 0:
        return {**result, "status": "crash", "detail": f"render exited {ours.returncode}: {ours.stderr[-300:]}"}
    if ours.returncode != 0:
        return {**result, "status": "refused", "detail": ours.stderr.strip()[-300:]}
    size = (info["width"], info["height"])
    compared = []
    for pick in picks:
        mine = f"{work}/zoetrope/frame_{pick:05d}.png"
        compared.append(agrees(over_white(mine, size) if os.path.exists(mine) else None, over_white(f"{folder}/frame_{pick}.png")))
    return {**result, "status": "rendered", "agrees": all(ok for ok, _ in compared), "differing": max(d for _, d in compared),
            "ms": elapsed / len(picks), "draw_ms": drawing_ms(ours.stdout, len(picks)), "thorvg_ms": info["ms"],
            "warnings": ours.stderr.count("warning:")}


def drawing_ms(progress, frames):
    """Milliseconds Zoetrope spent evaluating and drawing a frame (what ThorVG's update, draw
    and sync do), from the render's JSON progress: the median over the frames it drew, as
    ThorVG's time is the median over its frames (a frame that shows the same picture as the one
    before reuses its bytes and is not drawn: it would make the median flatter than drawing
    is), or the mean when the frames carry no times; None when it printed none."""
    drawn, total = [], None
    for line in progress.splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if event.get("event") == "frame" and "seconds" in event and event["seconds"]["draw"] > 0:
            drawn.append((event["seconds"]["evaluate"] + event["seconds"]["draw"]) * 1000)
        if event.get("event") == "done" and "seconds" in event:
            total = (event["seconds"]["evaluate"] + event["seconds"]["draw"]) * 1000 / frames
    return statistics.median(drawn) if drawn else total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zoetrope")
    parser.add_argument("corpus")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--work", default="/tmp/zoetrope-lottie-check")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache")
    parser.add_argument("--report")
    options = parser.parse_args()
    if not os.path.isdir(options.corpus):
        print(f"lottie-check: no corpus at {options.corpus}: give its folder as LOTTIE_CORPUS=…")
        return 2
    files = lottie_files(options.corpus)
    if options.limit and options.limit < len(files):
        step = len(files) / options.limit
        files = [files[int(i * step)] for i in range(options.limit)]
    features = {}
    index = os.path.join(options.corpus, "index.json")
    if os.path.exists(index):
        for entry in json.load(open(index)):
            features[os.path.join(options.corpus, entry["file"])] = entry["features"]
    results = []

    def one(numbered):
        number, file = numbered
        outcome = check(os.path.abspath(options.zoetrope), file, f"{options.work}/{threading.get_ident()}", options.cache)
        outcome["spec_only"] = spec_only(features.get(file, []))
        return number, file, outcome

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        for number, file, outcome in pool.map(one, enumerate(files, 1)):
            results.append(outcome)
            mark = {True: "agrees", False: "differs"}.get(outcome.get("agrees"), outcome["status"])
            extra = f" ({outcome['differing'] * 100:.1f} % of pixels)" if outcome["status"] == "rendered" else f": {outcome.get('detail', '')}"
            print(f"[{number}/{len(files)}] {os.path.relpath(file, options.corpus)}: {mark}{extra}", flush=True)
    rendered = [r for r in results if r["status"] == "rendered"]
    crashes = [r for r in results if r["status"] in ("crash", "hang")]
    compared = [r for r in results if r["status"] != "no-reference"]
    spec = [r for r in compared if r["spec_only"]]

    def share(rows):
        agreeing = sum(1 for r in rows if r.get("agrees"))
        return f"{agreeing}/{len(rows)} ({agreeing / len(rows) * 100:.1f} %)" if rows else "0/0"

    print()
    print(f"files: {len(files)}; rendered: {len(rendered)}; refused: {sum(r['status'] == 'refused' for r in results)}; "
          f"no ThorVG reference: {len(results) - len(compared)}; crashes or hangs: {len(crashes)}")
    print(f"agreement with ThorVG: {share(compared)}; on spec-1.0-only files: {share(spec)}")
    if rendered:
        ours, theirs = statistics.median(r["ms"] for r in rendered), statistics.median(r["thorvg_ms"] for r in rendered)
        print(f"ms per frame (median): Zoetrope {ours:.1f} (a whole render process: reading, drawing, PNG writing) vs ThorVG {theirs:.2f} (drawing only)")
        timed = [r for r in rendered if r.get("draw_ms") is not None and r["thorvg_ms"] > 0]
        if timed:
            drawing = statistics.median(r["draw_ms"] for r in timed)
            ratio = statistics.median(r["draw_ms"] / r["thorvg_ms"] for r in timed)
            print(f"drawing a frame (median): Zoetrope {drawing:.2f} ms (evaluating and drawing, one thread) vs ThorVG {theirs:.2f} ms; "
                  f"median ratio per file {ratio:.2f}× (goal ≤ 2×)")
    for r in crashes:
        print(f"CRASH {r['file']}: {r['detail']}")
    if options.report:
        json.dump(results, open(options.report, "w"), indent=1)
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
