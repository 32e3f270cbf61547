"""Measures Zoetrope's Lottie export: each scene exported, played by ThorVG, against Zoetrope's
own frames of the scene.

usage: export_check.py ZOETROPE SCENE... [--every N] [--side PX] [--work DIR] [--report FILE] [--goal PERCENT] [--jobs N]

For every scene file: `zoetrope convert SCENE --to lottie`, checked against the Lottie
specification's JSON schema (the lottie-specs package's), then ThorVG draws the exported file (in a
process of its own) at every N-th frame and the last, at most PX (1024) px a side, and Zoetrope renders
the scene itself at the same frames and scale. Frames are compared over white as lottie_check.py
compares them: a frame agrees when at most 1 % of its pixels differ by more than 32/255 in a
channel. Prints each scene's agreeing frames and what its export drew without (blur and backdrop
blur, which Lottie players cannot draw), then the share of all frames that agree and the share on
the scenes exported whole; exits 1 when the latter is under the goal (95 % by default) or an
export failed (or is not valid under the schema). `--jobs N` checks N scenes at once (each in a work
folder of its own), printing them in the order given.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys

from lottie_check import HERE, TIME_LIMIT, agrees, over_white
from lottie_schema import schema_problems


def frame_count(zoetrope, scene):
    probe = subprocess.run([zoetrope, "validate", scene], capture_output=True, text=True, timeout=TIME_LIMIT)
    line = next((l for l in probe.stdout.splitlines() if ": ok (" in l), None)
    return int(line.split(": ok (")[1].split(" frames")[0]) if line else None


def check(zoetrope, scene, every, side, work):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(f"{work}/thorvg")
    name = os.path.splitext(os.path.basename(scene))[0]
    exported = f"{work}/{name}.json"
    convert = subprocess.run([zoetrope, "convert", scene, "--to", "lottie", "-o", exported], capture_output=True, text=True,
                             timeout=TIME_LIMIT)
    if convert.returncode != 0:
        return {"scene": scene, "status": "failed", "detail": convert.stderr.strip()[-300:]}
    notes = [line.split(": not exported: ", 1)[1] for line in convert.stderr.splitlines() if ": not exported: " in line]
    with open(exported) as handle:
        invalid = schema_problems(json.load(handle))
    if invalid:
        return {"scene": scene, "status": "failed", "detail": f"not valid under the Lottie schema: {invalid[0]} ({len(invalid)} problems)"}
    frames = frame_count(zoetrope, scene)
    picks = sorted(set(range(0, frames, every)) | {frames - 1})
    reference = subprocess.run([sys.executable, f"{HERE}/thorvg_frames.py", exported, f"{work}/thorvg", str(side)] + [str(p) for p in picks],
                               capture_output=True, text=True, timeout=TIME_LIMIT)
    lines = reference.stdout.strip().splitlines()
    info = json.loads(lines[-1]) if reference.returncode == 0 and lines else {"error": f"ThorVG exited {reference.returncode}"}
    if "error" in info:
        return {"scene": scene, "status": "failed", "detail": info["error"]}
    # Every N-th frame as a stepped range, and the last.
    frames_spec = f"0-{frames - 1}:{every},{frames - 1}"
    ours = subprocess.run([zoetrope, "render", scene, "--frames", frames_spec, "--scale", repr(info["scale"]),
                           "--out", f"{work}/zoetrope", "--progress", "none"], capture_output=True, text=True, timeout=TIME_LIMIT)
    if ours.returncode != 0:
        return {"scene": scene, "status": "failed", "detail": ours.stderr.strip()[-300:]}
    size = (info["width"], info["height"])
    results = [agrees(over_white(f"{work}/zoetrope/frame_{pick:05d}.png", size), over_white(f"{work}/thorvg/frame_{pick}.png"))
               for pick in picks]
    return {"scene": scene, "status": "compared", "frames": len(picks), "agreeing": int(sum(bool(ok) for ok, _ in results)),
            "worst": float(max(d for _, d in results)), "notes": notes}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zoetrope")
    parser.add_argument("scenes", nargs="+")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--side", type=int, default=1024)
    parser.add_argument("--work", default="/tmp/zoetrope-export-check")
    parser.add_argument("--report")
    parser.add_argument("--goal", type=float, default=95)
    parser.add_argument("--jobs", type=int, default=1)
    options = parser.parse_args()
    zoetrope = os.path.abspath(options.zoetrope)
    results = []
    with concurrent.futures.ThreadPoolExecutor(max(1, options.jobs)) as pool:
        checks = [pool.submit(check, zoetrope, scene, max(1, options.every), options.side, f"{options.work}/{index}")
                  for index, scene in enumerate(options.scenes)]
    for scene, future in zip(options.scenes, checks):
        result = future.result()
        results.append(result)
        if result["status"] != "compared":
            print(f"{scene}: FAILED: {result['detail']}", flush=True)
            continue
        notes = f"; drawn without: {', '.join(result['notes'])}" if result["notes"] else ""
        print(f"{scene}: {result['agreeing']}/{result['frames']} frames agree (worst {result['worst'] * 100:.1f} % of pixels){notes}",
              flush=True)
    compared = [r for r in results if r["status"] == "compared"]
    whole = [r for r in compared if not r["notes"]]

    def share(rows):
        total, agreeing = sum(r["frames"] for r in rows), sum(r["agreeing"] for r in rows)
        return agreeing, total, (agreeing / total * 100 if total else 100)

    failed = len(results) - len(compared)
    print()
    agreeing, total, overall = share(compared)
    print(f"export round trip (scene → Lottie → ThorVG vs Zoetrope's own frames): {agreeing}/{total} frames agree ({overall:.1f} %), "
          f"{len(compared)} scenes, {failed} failed")
    agreeing, total, exported = share(whole)
    print(f"on the {len(whole)} scenes exported whole (nothing said not exported): {agreeing}/{total} frames agree ({exported:.1f} %); "
          f"goal {options.goal:g} %")
    if options.report:
        json.dump(results, open(options.report, "w"), indent=1)
    return 0 if failed == 0 and exported >= options.goal else 1


if __name__ == "__main__":
    sys.exit(main())
