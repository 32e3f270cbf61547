"""Measures Zoetrope's Lottie frames against lottie-ios's own snapshot images.

usage: lottie_ios_check.py ZOETROPE SOURCE [--jobs N] [--work DIR] [--cache DIR] [--report FILE]
                           [--only NAME...] [--min-agree N] [--complete]

SOURCE is a lottie-ios checkout, its git directory (a bare clone or mirror: the samples, the
snapshots and the snapshot configuration are exported from its HEAD into the work folder), or
a folder laid out as its Tests/ folder is (Samples/…, __Snapshots__/SnapshotTests/…), such as
Tests/Lottie/LottieIOS.

lottie-ios's SnapshotTests renders every sample of Tests/Samples with its main-thread engine
at 2× (the view at most 500 points a side, the image's pixels rounded up), over a transparent
background, paused at progress 0, 25, 50, 75 and 100 % (or the progresses and frames its
SnapshotConfiguration.swift lists for the sample), and keeps the images as
__Snapshots__/SnapshotTests/testMainThreadRenderingEngine.<Sample-path-with-dashes>-<25>.png.
Progress p is the frame ip + p·(op − ip), unrounded, and a layer is drawn from its in-point up
to and including its out-point.

lottie-ios's SnapshotTests registers the fonts of Tests/Samples/Fonts (Airbnb Cereal…) before
it draws; Zoetrope is given them too (a fontconfig configuration of the installed fonts and that
folder, in FONTCONFIG_FILE).

For each sample with such images, Zoetrope renders each instant at the image's size: with
`render --progress P` (and `--at SECONDS` for a snapshot of a frame) when its `render --help`
offers them, else at the whole frame nearest (`--frames`; 100 % is the last frame, op − 1).
An instant agrees when at most 1 % of its pixels differ by more than 32/255 in a channel over
white (lottie_check.py's rule); its score is the share of pixels that differ. A sample agrees
when all its instants do.

A disagreeing instant is put in the first class that fits:
- refused, crash: Zoetrope does not render the sample (exit 64–66; 70, a signal or a hang),
  or refuses that instant;
- custom: lottie-ios drew it with a value, image, text or font provider or a viewport from
  SnapshotConfiguration.swift, which Zoetrope is not given;
- custom (said): lottie-ios drew it with value, text or image providers that Zoetrope was
  given as keypath overrides (`--set keypath.**.Fill 1.Color=#FF0000FF`, `keypath.**.Text`,
  `keypath.**.Image`, the image copied beside a copy of the sample); ThorVG, given none,
  cannot tell more;
- timing: drawn at lottie-ios's time it would agree. Evidence: Zoetrope's other whole frame
  next to the exact one agrees with the snapshot (whole-frame renders only), or ThorVG drawing
  the file at the nearest whole frame (a layer hidden at its out-point) agrees with Zoetrope's
  image and not with the snapshot (in any mode: an exact render that still rounds), while
  ThorVG drawing it at the exact frame, every layer shown at its out-point, agrees with the
  snapshot;
- drawn without: Zoetrope said on standard error that it drew the file without something;
- drawing: the rest, split by whether ThorVG at lottie-ios's time agrees with the snapshot
  (Zoetrope alone draws it otherwise) or not (ThorVG differs from lottie-ios too), or ThorVG
  could not draw it (unexplained).
A snapshot whose sample is missing is a class of its own (no sample). A disagreeing sample is
"timing" when every instant that disagrees is; otherwise it takes the first other class.

Prints each sample's outcome, the totals (samples agreeing of those compared, instants
agreeing), ThorVG's score beside Zoetrope's (ThorVG drawing every sample at lottie-ios's exact
frames, out-points shown, against the same snapshots by the same rule), the classes, and every timing instant (sample, progress). Exits 1 when Zoetrope
crashed or hung, when fewer than --min-agree samples agree, or, with --complete, when a
snapshot has no sample or a sample no snapshot (orphans).
"""
import argparse
import concurrent.futures
import copy
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

from PIL import Image

from lottie_check import agrees, image_over_white, reference_frames, TIME_LIMIT
from thorvg_frames import unpacked

PREFIX = "testMainThreadRenderingEngine."
DEFAULT_PROGRESS = [0, 0.25, 0.5, 0.75, 1.0]
MAX_POINTS = 500  # SnapshotConfiguration.maxSnapshotDimension
DISPLAY_SCALE = 2  # the snapshots are taken on a 2× simulator
SAMPLE_EXTENSIONS = (".json", ".lottie", ".lot")
# A layer's out-point moved this far on (in frames) shows it at its out-point in ThorVG, as
# lottie-ios shows it, and at no frame where lottie-ios hides it but one within 1/1000 after.
OUT_POINT_NUDGE = 1e-3
CLASSES = ["no sample", "refused", "crash", "custom", "custom (said)", "timing", "drawn without",
           "drawing (ThorVG agrees with lottie-ios)", "drawing (ThorVG differs too)", "unexplained"]


# The snapshots and samples

def snapshot_root(source, work):
    """The folder holding Samples/ and __Snapshots__/SnapshotTests/: SOURCE/Tests for a
    checkout, an export of HEAD's for a git directory, SOURCE itself otherwise."""
    if os.path.isdir(os.path.join(source, "Tests", "Samples")):
        return os.path.join(source, "Tests")
    if os.path.isdir(os.path.join(source, "Samples")):
        return source
    if os.path.isfile(os.path.join(source, "HEAD")) and os.path.isdir(os.path.join(source, "objects")):
        return exported(source, work)
    raise SystemExit(f"lottie-ios-check: {source} is neither a lottie-ios checkout, its git directory, nor a folder with Samples/")


def exported(git_dir, work):
    """Tests/Samples, the main-thread snapshots and SnapshotConfiguration.swift of HEAD, in a
    folder of the work folder named by the commit (kept between runs). A blob the git
    directory lacks (a partial mirror) is left out, and its sample then counts as missing."""
    git = ["git", "--git-dir", git_dir]
    commit = subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    target = os.path.join(work, f"lottie-ios-{commit[:12]}")
    if os.path.exists(os.path.join(target, ".complete")):
        return os.path.join(target, "Tests")
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    wanted = ["Tests/Samples", f"Tests/__Snapshots__/SnapshotTests/{PREFIX}*", "Tests/SnapshotConfiguration.swift"]
    tree = subprocess.run(git + ["ls-tree", "-r", "HEAD", "--"] + wanted, capture_output=True, text=True, check=True).stdout
    blobs = [line.split(None, 3) for line in tree.splitlines()]
    check = subprocess.run(git + ["cat-file", "--batch-check"], input="".join(f"{sha}\n" for _, _, sha, _ in blobs),
                           capture_output=True, text=True, check=True).stdout.splitlines()
    absent = [path for (_, _, _, path), answer in zip(blobs, check) if answer.endswith(" missing")]
    for path in absent:
        print(f"lottie-ios-check: {git_dir} lacks the blob of {path}: left out")
    archive = subprocess.run(git + ["archive", "HEAD", "--"] + wanted + [f":(exclude){path}" for path in absent],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", target], input=archive, check=True)
    open(os.path.join(target, ".complete"), "w").write(commit + "\n")
    return os.path.join(target, "Tests")


def configurations(root):
    """SnapshotConfiguration.swift's custom mapping, read from its source: for each sample
    name, the providers lottie-ios drew it with and the progresses or frames it snapshots.
    Empty when the folder has no such file (the checked-in subset: all default samples)."""
    path = os.path.join(root, "SnapshotConfiguration.swift")
    if not os.path.exists(path):
        return {}
    source = open(path).read()
    start = source.index("customMapping")
    mapping = source[start:source.index("\n  ]\n", start)]
    found = {}
    entries = list(re.finditer(r'^    "([^"]+)":', mapping, re.M))
    for entry, following in zip(entries, entries[1:] + [None]):
        body = re.sub(r"//[^\n]*", "", mapping[entry.end():following.start() if following else len(mapping)])
        kinds = [kind for kind in ("ValueProviders", "ImageProvider", "TextProvider", "FontProvider", "ViewportFrame")
                 if f"custom{kind}" in body]

        def listed(call):
            values = re.search(call + r"\(\[([^\]]*)\]\)", body)
            return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", values.group(1))] if values else None

        progress = [0.0] if ".nonanimating()" in body else listed("progressValuesToSnapshot")
        overrides, images, unsaid = providers(body, root)
        found[entry.group(1)] = {"custom": kinds, "progress": progress, "frames": listed("framesToSnapshot"),
                                 "overrides": overrides, "images": images, "unsaid": unsaid}
    return found


# lottie-ios's providers as Zoetrope's overrides

NAMED_COLOURS = {"black": (0, 0, 0, 1), "red": (1, 0, 0, 1), "blue": (0, 0, 1, 1)}  # SnapshotConfiguration.swift's LottieColor helpers


def call_arguments(text, open_at):
    """The text between the parenthesis (or bracket) at `open_at` and the one closing it."""
    pairs = {"(": ")", "[": "]"}
    depth, quote = 0, False
    for index in range(open_at, len(text)):
        character = text[index]
        if character == '"':
            quote = not quote
        elif not quote and character in pairs:
            depth += 1
        elif not quote and character in ")]":
            depth -= 1
            if depth == 0:
                return text[open_at + 1:index]
    return None


def colour(literal):
    """`.red`, `LottieColor.black`, `LottieColor(r: 1, g: 0.5, b: 0, a: 1)` as #RRGGBBAA."""
    literal = literal.strip()
    named = re.fullmatch(r"(?:LottieColor)?\.(\w+)", literal)
    if named and named.group(1) in NAMED_COLOURS:
        components = NAMED_COLOURS[named.group(1)]
    else:
        found = dict(re.findall(r"([rgba]):\s*(-?[\d.]+)", literal))
        if not literal.startswith("LottieColor(") or set(found) != {"r", "g", "b", "a"}:
            return None
        components = [float(found[k]) for k in "rgba"]
    return "#" + "".join(f"{round(min(max(c, 0), 1) * 255):02X}" for c in components)


def top_level_items(text):
    """`text` split at the commas outside parentheses, brackets and quotes."""
    items, depth, quote, current = [], 0, False, ""
    for character in text:
        if character == '"':
            quote = not quote
        elif not quote and character in "([":
            depth += 1
        elif not quote and character in ")]":
            depth -= 1
        if character == "," and depth == 0 and not quote:
            items.append(current.strip())
            current = ""
        else:
            current += character
    if current.strip():
        items.append(current.strip())
    return items


def provider_value(kind, arguments):
    """A value provider's arguments as the text of a Zoetrope keypath override; None for
    one it cannot say (a closure, say)."""
    arguments = arguments.strip()
    if kind == "ColorValueProvider":
        if arguments.startswith("["):
            keys = []
            for item in top_level_items(arguments[1:-1]):
                key = re.fullmatch(r"Keyframe\((.*)\)", item, re.S)
                if not key:
                    return None
                parts = dict(re.match(r"(\w+):\s*(.*)", part, re.S).groups() for part in top_level_items(key.group(1)))
                value, time = colour(parts.get("value", "")), parts.get("time")
                if value is None or time is None:
                    return None
                keys.append(f'{{frame: {time}, value: "{value}"{", hold: true" if parts.get("isHold") == "true" else ""}}}')
            return "[" + ", ".join(keys) + "]"
        return colour(arguments)
    if kind == "FloatValueProvider":
        return arguments if re.fullmatch(r"-?[\d.]+", arguments) else None
    if kind in ("PointValueProvider", "SizeValueProvider"):
        point = re.fullmatch(r"CG(?:Point|Size)\((?:x|width):\s*(-?[\d.]+),\s*(?:y|height):\s*(-?[\d.]+)\)", arguments)
        return f"[{point.group(1)}, {point.group(2)}]" if point else None
    if kind == "GradientValueProvider":
        items = top_level_items(arguments)
        if not items or not items[0].startswith("["):
            return None
        colours = [colour(item) for item in top_level_items(items[0][1:-1])]
        locations = next((re.findall(r"-?[\d.]+", item) for item in items[1:] if item.startswith("locations:")), None)
        if None in colours:
            return None
        return "{colors: [" + ", ".join(f'"{c}"' for c in colours) + "]" + (f", locations: [{', '.join(locations)}]" if locations else "") + "}"
    return None


def providers(body, root):
    """A configuration's value, text and image providers as Zoetrope overrides (KEY, VALUE):
    `"KEYPATH": ColorValueProvider(…)` → keypath.KEYPATH=#RRGGBBAA (keyframes, numbers,
    points and gradients alike); HardcodedTextProvider(text:) → keypath.**.Text; a
    DictionaryTextProvider's full keypaths → keypath.KEYPATH.Text and its bare layer names
    → keypath.**.NAME.Text (the full keypath wins, as in lottie-ios); HardcodedImageProvider
    → keypath.**.Image={file: IMAGE, fit: aspectFill} (the tests' provider fills so), the image
    copied beside the sample (`images`). Also the
    providers it cannot say (`unsaid`)."""
    overrides, images, unsaid = [], [], []
    for match in re.finditer(r'"([^"]+)":\s*(\w+ValueProvider)\(', body):
        arguments = call_arguments(body, match.end() - 1)
        value = provider_value(match.group(2), arguments or "")
        if value is None:
            unsaid.append(f"{match.group(2)} at {match.group(1)}")
        else:
            overrides.append((f"keypath.{match.group(1)}", value))
    text = re.search(r"HardcodedTextProvider\(text:\s*\"([^\"]*)\"\)", body)
    if text:
        overrides.append(("keypath.**.Text", text.group(1)))
    dictionary = re.search(r"DictionaryTextProvider\(\[", body)
    if dictionary:
        pairs = re.findall(r'"([^"]+)":\s*"([^"]*)"', call_arguments(body, dictionary.end() - 1) or "")
        overrides += [(f"keypath.**.{k}.Text", v) for k, v in pairs if "." not in k]
        overrides += [(f"keypath.{k}.Text", v) for k, v in pairs if "." in k]
    image = re.search(r'HardcodedImageProvider\(imageName:\s*"([^"]+)"\)', body)
    if image:
        images.append(os.path.join(root, image.group(1)))
        # The tests' HardcodedImageProvider (Tests/Utils) answers contentsGravity
        # .resizeAspectFill: the image keeps its proportions and covers the layer.
        overrides.append(("keypath.**.Image", f"{{file: {os.path.basename(image.group(1))}, fit: aspectFill}}"))
    # customViewportFrame(CGRect(x:, y:, width:, height:)[.insetBy(dx:, dy:)]) → viewport=X,Y,W,H.
    frame = re.search(r"customViewportFrame\(\s*CGRect\(x:\s*(-?[\d.]+),\s*y:\s*(-?[\d.]+),\s*width:\s*(-?[\d.]+),\s*height:\s*(-?[\d.]+)\)"
                      r"(?:\.insetBy\(dx:\s*(-?[\d.]+),\s*dy:\s*(-?[\d.]+)\))?", body)
    if frame:
        x, y, w, h = (float(n) for n in frame.groups()[:4])
        dx, dy = (float(n) for n in frame.groups()[4:]) if frame.group(5) else (0.0, 0.0)
        overrides.append(("viewport", f"{x + dx:g},{y + dy:g},{w - 2 * dx:g},{h - 2 * dy:g}"))
    elif "customViewportFrame" in body:
        unsaid.append("ViewportFrame")
    if "customFontProvider" in body:
        unsaid.append("FontProvider")
    return overrides, images, unsaid


def snapshot_name(sample, description):
    """The file name swift-snapshot-testing gives `named: "<sample> (<description>)"`:
    every run of non-word characters a dash, none at either end."""
    return PREFIX + re.sub(r"^-|-$", "", re.sub(r"\W+", "-", f"{sample} ({description})")) + ".png"


def samples(root, config):
    """Every sample with main-thread snapshots: its name, file, instants (label, progress or
    None, exact frame offset from ip is filled in later) and snapshot paths; and the orphans
    (snapshots of no sample, as `no sample` entries) and samples without snapshots."""
    folder = os.path.join(root, "Samples")
    snapshots_folder = os.path.join(root, "__Snapshots__", "SnapshotTests")
    on_disk = {n for n in os.listdir(snapshots_folder) if n.startswith(PREFIX)} if os.path.isdir(snapshots_folder) else set()
    found, unsnapped, claimed = [], [], set()
    for here, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            if not name.endswith(SAMPLE_EXTENSIONS):
                continue
            file = os.path.join(here, name)
            sample = os.path.splitext(os.path.relpath(file, folder))[0].replace(os.sep, "/")
            settings = config.get(sample, {})
            if settings.get("frames"):
                instants = [(f"Frame {int(f)}", None, f) for f in settings["frames"]]
            else:
                instants = [(f"{int(p * 100)}%", p, None) for p in settings.get("progress") or DEFAULT_PROGRESS]
            shots = [(label, p, f, snapshot_name(sample, label)) for label, p, f in instants]
            present = [shot for shot in shots if shot[3] in on_disk]
            claimed.update(shot[3] for shot in shots)
            if present:
                found.append({"sample": sample, "file": file, "custom": settings.get("custom", []),
                              "overrides": settings.get("overrides", []), "images": settings.get("images", []),
                              "unsaid": settings.get("unsaid", []),
                              "instants": [{"label": label, "progress": p, "frame": f, "snapshot": os.path.join(snapshots_folder, n)}
                                           for label, p, f, n in present]})
            else:
                unsnapped.append(sample)
    orphans = {}
    for name in sorted(on_disk - claimed):
        # The sample's name is the file's minus the prefix and the instant: the longest
        # dash-separated head that is not a known sample.
        stem = name[len(PREFIX):-len(".png")]
        sample, _, label = stem.rpartition("-")
        if sample.endswith("-Frame"):
            sample, label = sample[:-len("-Frame")], f"Frame {label}"
        orphans.setdefault(sample, []).append(label)
    return found, unsnapped, orphans


def animation(file, folder):
    """The animation's JSON (a dotLottie's first, unpacked into `folder` with its images)
    and the JSON file it is read from."""
    json_file = unpacked(file, folder)
    return json.load(open(json_file)), json_file


def snapshot_size(data):
    """The snapshot's pixel size and the scale from points to pixels, as lottie-ios sizes
    the view (the longer side clamped to 500 points; LottieAnimation.snapshotSize) and
    UIGraphicsImageRenderer rounds its pixels (up)."""
    width, height = float(data["w"]), float(data["h"])
    points = min(max(width, height), MAX_POINTS) / max(width, height)
    scale = points * DISPLAY_SCALE
    return (math.ceil(width * scale - 1e-9), math.ceil(height * scale - 1e-9)), scale


def lottie_ios_timed(data, json_file, target):
    """A copy of the animation that ThorVG draws with lottie-ios's timing: every layer's
    out-point a little later (shown at its out-point), the animation one frame longer (its
    out-point drawable), written to `target`, with external images found where the
    original finds them."""
    timed = copy.deepcopy(data)
    compositions = [timed.get("layers") or []] + [a.get("layers") or [] for a in timed.get("assets") or [] if isinstance(a, dict)]
    for layers in compositions:
        for layer in layers:
            if isinstance(layer, dict) and isinstance(layer.get("op"), (int, float)):
                layer["op"] += OUT_POINT_NUDGE
    timed["op"] = data["op"] + 1
    origin = os.path.dirname(os.path.abspath(json_file))
    for asset in timed.get("assets") or []:
        if isinstance(asset, dict) and isinstance(asset.get("p"), str) and asset.get("e") != 1 and not asset["p"].startswith("data:"):
            asset["u"] = os.path.join(origin, asset.get("u") or "") + ("" if (asset.get("u") or "").endswith("/") else "/")
    json.dump(timed, open(target, "w"))
    return target


# Zoetrope

def timing_support(zoetrope):
    """How this Zoetrope can be asked for an instant: 'progress' (render --progress P, and
    --at SECONDS for a frame), 'at' (--at only) or 'frames' (whole frames only). Today's
    --progress is the progress display (auto, bar, json, none): only a --progress whose help
    does not list those takes a progress."""
    help_text = subprocess.run([zoetrope, "render", "--help"], capture_output=True, text=True).stdout
    display = re.search(r"--progress <[^>]*>[^\n]*(\n {20,}[^\n]*)*", help_text)
    takes_progress = display is not None and "values: auto, bar, json, none" not in re.sub(r"\s+", " ", display.group(0))
    takes_time = re.search(r"--at\b", help_text) is not None
    return "progress" if takes_progress else "at" if takes_time else "frames"


# The environment Zoetrope runs in: set by main() to give it the fonts lottie-ios's tests register.
ENVIRONMENT = None


def sample_fonts(root, work):
    """lottie-ios's SnapshotTests registers every font of Samples/Fonts before it draws (Airbnb
    Cereal, Pacifico…): the environment that gives Zoetrope the same fonts, a fontconfig
    configuration of the installed fonts and that folder; None when there is no such folder."""
    folder = os.path.join(root, "Samples", "Fonts")
    if not os.path.isdir(folder):
        return None
    conf = os.path.join(os.path.abspath(work), "fonts.conf")
    with open(conf, "w") as handle:
        handle.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
                     '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
                     f'  <dir>{os.path.abspath(folder)}</dir>\n</fontconfig>\n')
    return {**os.environ, "FONTCONFIG_FILE": conf}


def run(command, timeout=TIME_LIMIT):
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=ENVIRONMENT)
    except subprocess.TimeoutExpired:
        return None
    return done


def failure(done, what):
    """The class and detail of a failed Zoetrope run, or None when it succeeded."""
    if done is None:
        return "crash", f"{what} took longer than {TIME_LIMIT} s"
    if done.returncode == 70 or done.returncode < 0:
        return "crash", f"{what} exited {done.returncode}: {done.stderr.strip()[-300:]}"
    if done.returncode != 0:
        return "refused", f"{what} exited {done.returncode}: {done.stderr.strip()[-300:]}"
    return None


def whole_frame(offset, frames):
    """Zoetrope's whole frame nearest a frame offset from ip, within its frames."""
    return min(max(math.floor(offset + 0.5), 0), frames - 1)


def settings(overrides):
    """`--set KEY=VALUE` for each override."""
    return [argument for key, value in overrides for argument in ("--set", f"{key}={value}")]


def render_whole(zoetrope, file, picks, scale, out, overrides=()):
    """Zoetrope's images of whole frames (offsets from ip), by frame."""
    shutil.rmtree(out, ignore_errors=True)
    done = run([zoetrope, "render", file, "--frames", ",".join(map(str, sorted(set(picks)))), "--scale", repr(scale),
                "--out", out, "--jobs", "1", "--progress", "none"] + settings(overrides))
    return done, {k: os.path.join(out, f"frame_{k:05d}.png") for k in picks}


def render_instant(zoetrope, file, flag, value, scale, out, overrides=()):
    """Zoetrope's image at one instant (render --progress P or --at SECONDS), in a folder of
    its own: the one PNG the render writes there."""
    shutil.rmtree(out, ignore_errors=True)
    done = run([zoetrope, "render", file, flag, repr(value), "--scale", repr(scale), "--out", out, "--jobs", "1"]
               + settings(overrides))
    pngs = sorted(n for n in os.listdir(out) if n.endswith(".png")) if os.path.isdir(out) else []
    return done, os.path.join(out, pngs[0]) if len(pngs) == 1 else None


def fitted(path, size):
    """An image over white at the snapshot's size: Zoetrope rounds a scaled size to the
    nearest pixel, lottie-ios up, so a row or column of transparency is added (or cut) at
    the right and bottom. None when it is missing or further off."""
    if path is None or not os.path.exists(path):
        return None
    image = Image.open(path).convert("RGBA")
    if image.size != size:
        if abs(image.size[0] - size[0]) > 1 or abs(image.size[1] - size[1]) > 1:
            return None
        canvas = Image.new("RGBA", size, (0, 0, 0, 0))
        canvas.paste(image, (0, 0))
        image = canvas
    return image_over_white(image)


def reference(path):
    return image_over_white(Image.open(path).convert("RGBA"))


# One sample

def check(zoetrope, mode, entry, work, cache):
    """Zoetrope's images of one sample's instants against its snapshots, each disagreement
    classified."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    result = {"sample": entry["sample"], "instants": []}
    try:
        data, json_file = animation(entry["file"], tempfile.mkdtemp(dir=work))
        ip, op, rate = float(data["ip"]), float(data["op"]), float(data["fr"])
        size, scale = snapshot_size(data)
    except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError) as error:
        return {**result, "status": "refused", "detail": f"not a Lottie file lottie-ios reads as one: {error}"}
    for instant in entry["instants"]:
        frame = instant["frame"] if instant["frame"] is not None else ip + instant["progress"] * (op - ip)
        instant["offset"] = frame - ip
    # lottie-ios's providers as overrides; an image provider's file copied beside a copy of
    # the sample (Zoetrope reads images only from the animation's folder).
    overrides, file = entry.get("overrides", []), entry["file"]
    if entry.get("images"):
        beside = os.path.join(work, "sample")
        os.makedirs(beside, exist_ok=True)
        file = shutil.copy(entry["file"], beside)
        for image in entry["images"]:
            shutil.copy(image, beside)
    probe = run([zoetrope, "validate", file] + settings(overrides))
    failed = failure(probe, "validate")
    if failed:
        return {**result, "status": failed[0], "detail": failed[1]}
    summary = [line for line in probe.stdout.splitlines() if ": ok (" in line]
    if not summary:
        return {**result, "status": "refused", "detail": (probe.stderr or probe.stdout).strip()[-300:]}
    frames = int(summary[-1].split(": ok (")[1].split(" frames")[0])
    for instant in entry["instants"]:
        instant["whole"] = whole_frame(instant["offset"], frames)
    images, warnings, refusals = {}, "", {}
    if mode == "frames":
        done, paths = render_whole(zoetrope, file, [i["whole"] for i in entry["instants"]], scale, f"{work}/zoetrope", overrides)
        failed = failure(done, "render")
        if failed:
            return {**result, "status": failed[0], "detail": failed[1]}
        images = {i["label"]: paths[i["whole"]] for i in entry["instants"]}
        warnings = done.stderr
    else:
        for number, instant in enumerate(entry["instants"]):
            if instant["progress"] is not None and mode == "progress":
                flag, value = "--progress", instant["progress"]
            else:
                flag, value = "--at", instant["offset"] / rate
            done, path = render_instant(zoetrope, file, flag, value, scale, f"{work}/zoetrope-{number}", overrides)
            failed = failure(done, f"render {flag} {value!r}")
            if failed and failed[0] == "crash":
                return {**result, "status": failed[0], "detail": failed[1]}
            # An instant refused (an out-point it will not draw, say) is that instant's
            # disagreement; the sample's other instants are still compared.
            if failed:
                refusals[instant["label"]] = failed[1]
            images[instant["label"]] = path
            warnings += done.stderr
    # What Zoetrope said it drew the file without, the file's name left off.
    drawn_without = sorted({line.strip().split(": ", 1)[-1] for line in warnings.splitlines() if "warning:" in line})
    for instant in entry["instants"]:
        ok, differing = agrees(fitted(images[instant["label"]], size), reference(instant["snapshot"]))
        result["instants"].append({"label": instant["label"], "progress": instant["progress"], "frame": ip + instant["offset"],
                                   "zoetrope_frame": instant["whole"] if mode == "frames" else None,
                                   "agrees": bool(ok), "differing": float(differing)})
        if instant["label"] in refusals:
            result["instants"][-1].update({"class": "refused", "evidence": refusals[instant["label"]]})
    wrong = [(i, r) for i, r in zip(entry["instants"], result["instants"]) if not r["agrees"]]
    if wrong:
        classify(zoetrope, mode, entry, wrong, images, frames, data, json_file, size, scale, drawn_without, work, cache)
    # ThorVG is given no providers (as before Zoetrope took them): its score stays comparable.
    thorvg = thorvg_score(entry, result, data, json_file, size, work, cache)
    return {**result, "status": "compared", "agrees": not wrong, "drawn_without": drawn_without,
            "differing": max(r["differing"] for r in result["instants"]), "thorvg_agrees": thorvg}


def thorvg_score(entry, result, data, json_file, size, work, cache):
    """ThorVG beside Zoetrope: whether ThorVG, drawing the sample at lottie-ios's exact frames
    (every layer shown at its out-point, as lottie-ios shows it), agrees with every snapshot;
    each instant's `thorvg_agrees` set. None when ThorVG cannot draw the file."""
    os.makedirs(f"{work}/thorvg-score", exist_ok=True)
    timed = lottie_ios_timed(data, json_file, f"{work}/lottie-ios-timed.json")
    exact = sorted({i["offset"] for i in entry["instants"]})
    folder, info = reference_frames(timed, exact, f"{work}/thorvg-score", cache, f"{size[0]}x{size[1]}")
    if "error" in info:
        return None
    verdicts = []
    for instant, row in zip(entry["instants"], result["instants"]):
        ok = bool(agrees(fitted(f"{folder}/frame_{instant['offset']}.png", size), reference(instant["snapshot"]))[0])
        row["thorvg_agrees"] = ok
        verdicts.append(ok)
    return all(verdicts)


def classify(zoetrope, mode, entry, wrong, images, frames, data, json_file, size, scale, drawn_without, work, cache):
    """Gives each disagreeing instant its class and the evidence for it."""
    wrong = [(i, r) for i, r in wrong if "class" not in r]
    if entry["custom"]:
        for _, row in wrong:
            if entry.get("unsaid") or not entry.get("overrides"):
                row["class"] = "custom"
                row["evidence"] = "lottie-ios drew it with custom " + ", ".join(entry.get("unsaid") or entry["custom"]) + ", which Zoetrope is not given"
            else:
                row["class"] = "custom (said)"
                row["evidence"] = "lottie-ios drew it with custom " + ", ".join(entry["custom"]) + ", given to Zoetrope as " + \
                    "; ".join(f"{k}={v}" for k, v in entry["overrides"])[:300]
        return
    # Zoetrope's other whole frame beside the exact one.
    if mode == "frames":
        others = {}
        for instant, row in wrong:
            near = {min(max(math.floor(instant["offset"]), 0), frames - 1), min(max(math.ceil(instant["offset"]), 0), frames - 1)}
            for k in near - {instant["whole"]}:
                others[k] = None
        if others:
            done, paths = render_whole(zoetrope, entry["file"], list(others), scale, f"{work}/zoetrope-neighbours")
            if failure(done, "render") is None:
                others = paths
        for instant, row in wrong:
            for k, path in others.items():
                if path and abs(k - instant["offset"]) < 1 and agrees(fitted(path, size), reference(instant["snapshot"]))[0]:
                    row["class"], row["evidence"] = "timing", f"Zoetrope's frame {k} (ip + {k}) agrees"
    # ThorVG at Zoetrope's time and at lottie-ios's.
    pending = [(i, r) for i, r in wrong if "class" not in r]
    thorvg = {}
    if pending:
        dimensions = f"{size[0]}x{size[1]}"
        # Zoetrope's whole frame, in every mode: a render asked for lottie-ios's instant that
        # still draws like its nearest whole frame is still timed otherwise.
        whole = sorted({i["whole"] for i, _ in pending})
        exact = sorted({i["offset"] for i, _ in pending})
        os.makedirs(f"{work}/thorvg-exact", exist_ok=True)
        os.makedirs(f"{work}/thorvg-whole", exist_ok=True)
        timed = lottie_ios_timed(data, json_file, f"{work}/lottie-ios-timed.json")
        folder, info = reference_frames(timed, exact, f"{work}/thorvg-exact", cache, dimensions)
        if "error" not in info:
            thorvg["exact"] = folder
        folder, info = reference_frames(json_file, whole, f"{work}/thorvg-whole", cache, dimensions)
        if "error" not in info:
            thorvg["whole"] = folder
    for instant, row in pending:
        snapshot = reference(instant["snapshot"])
        exact_ok = None
        if "exact" in thorvg:
            exact_ok = agrees(fitted(f"{thorvg['exact']}/frame_{instant['offset']}.png", size), snapshot)[0]
        if exact_ok and "whole" in thorvg:
            thorvg_whole = fitted(f"{thorvg['whole']}/frame_{instant['whole']}.png", size)
            if agrees(thorvg_whole, fitted(images[instant["label"]], size))[0] and not agrees(thorvg_whole, snapshot)[0]:
                row["class"] = "timing"
                row["evidence"] = (f"ThorVG at frame ip + {instant['whole']} draws Zoetrope's image, at ip + "
                                   f"{instant['offset']:g} (out-points shown) lottie-ios's")
                continue
        if drawn_without:
            row["class"], row["evidence"] = "drawn without", "; ".join(drawn_without)[:300]
        elif exact_ok is None:
            row["class"], row["evidence"] = "unexplained", "ThorVG could not draw the file"
        elif exact_ok:
            row["class"], row["evidence"] = "drawing (ThorVG agrees with lottie-ios)", "ThorVG at lottie-ios's time agrees"
        else:
            row["class"], row["evidence"] = "drawing (ThorVG differs too)", "ThorVG at lottie-ios's time differs as well"


def sample_class(result):
    """A disagreeing sample's class: timing when every disagreeing instant is timing (the
    timing alone), else the first other class of its instants; refusals and crashes as such."""
    if result["status"] != "compared":
        return result["status"]
    classes = [r["class"] for r in result["instants"] if not r["agrees"]]
    if all(c == "timing" for c in classes):
        return "timing"
    return min((c for c in classes if c != "timing"), key=CLASSES.index)


# The run

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zoetrope")
    parser.add_argument("source")
    parser.add_argument("--work", default="/tmp/zoetrope-lottie-ios-check")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache")
    parser.add_argument("--report")
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--min-agree", type=int)
    parser.add_argument("--complete", action="store_true")
    options = parser.parse_args()
    zoetrope = os.path.abspath(options.zoetrope)
    os.makedirs(options.work, exist_ok=True)
    root = snapshot_root(options.source, options.work)
    global ENVIRONMENT
    ENVIRONMENT = sample_fonts(root, options.work)
    config = configurations(root)
    found, unsnapped, orphans = samples(root, config)
    if options.only:
        found = [e for e in found if e["sample"] in options.only]
    mode = timing_support(zoetrope)
    print({"frames": "Zoetrope drawn at the nearest whole frame (render --frames: it takes no --progress or --at)",
           "at": "Zoetrope drawn at lottie-ios's instants (render --at SECONDS)",
           "progress": "Zoetrope drawn at lottie-ios's instants (render --progress P, --at SECONDS for frames)"}[mode])
    if not config:
        print(f"no SnapshotConfiguration.swift in {root}: every sample taken as lottie-ios's default configuration draws it")
    results = []

    def one(numbered):
        number, entry = numbered
        return number, entry, check(zoetrope, mode, entry, f"{options.work}/{threading.get_ident()}", options.cache)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        for number, entry, outcome in pool.map(one, enumerate(found, 1)):
            results.append(outcome)
            if outcome["status"] != "compared":
                line = f"{outcome['status']}: {outcome['detail']}"
            elif outcome["agrees"]:
                line = f"agrees (at most {outcome['differing'] * 100:.2f} % of pixels differ)"
            else:
                line = f"differs: {sample_class(outcome)}"
            print(f"[{number}/{len(found)}] {entry['sample']}: {line}", flush=True)
            for row in outcome.get("instants", []):
                if not row["agrees"]:
                    drawn = f", Zoetrope's frame ip + {row['zoetrope_frame']}" if row["zoetrope_frame"] is not None else ""
                    print(f"    {row['label']} (frame {row['frame']:g}{drawn}): {row['differing'] * 100:.2f} % differ, "
                          f"{row['class']}: {row['evidence']}", flush=True)
    for sample, labels in orphans.items() if not options.only else []:
        results.append({"sample": sample, "status": "no sample", "detail": "snapshots " + ", ".join(labels) + " have no sample file"})
    report(results, mode, unsnapped, options.report)
    crashes = [r for r in results if r["status"] == "crash"]
    agreeing = sum(1 for r in results if r.get("agrees"))
    status = 0
    if crashes:
        status = 1
    if options.min_agree is not None and agreeing < options.min_agree:
        print(f"lottie-ios-check: {agreeing} samples agree, fewer than the {options.min_agree} expected (--min-agree)")
        status = 1
    if options.complete and (orphans or unsnapped):
        print(f"lottie-ios-check: snapshots without a sample: {sorted(orphans) or 'none'}; samples without a snapshot: {unsnapped or 'none'}")
        status = 1
    return status


def report(results, mode, unsnapped, path):
    compared = [r for r in results if r["status"] == "compared"]
    instants = [i for r in compared for i in r["instants"]]
    agreeing = [r for r in compared if r["agrees"]]
    disagreeing = [r for r in results if not r.get("agrees")]
    print()
    print(f"samples with main-thread snapshots: {len(results)}; compared: {len(compared)}; "
          f"samples without snapshots (not compared): {len(unsnapped)}")
    print(f"samples agreeing with lottie-ios: {len(agreeing)} of {len(results)} "
          f"({len(agreeing)} of {len(compared)} compared); instants agreeing: "
          f"{sum(i['agrees'] for i in instants)} of {len(instants)}")
    scored = [r for r in compared if r.get("thorvg_agrees") is not None]
    print(f"beside ThorVG (drawing each sample at lottie-ios's exact frames): ThorVG agrees on "
          f"{sum(bool(r['thorvg_agrees']) for r in scored)} of {len(results)} samples "
          f"({len(compared) - len(scored)} it could not draw); Zoetrope on {len(agreeing)}")
    print(f"disagreeing samples by class ({len(disagreeing)}):")
    for name in CLASSES:
        count = sum(1 for r in disagreeing if sample_class(r) == name)
        if count:
            print(f"  {name}: {count}")
    print("disagreeing instants by class:")
    for name in CLASSES:
        count = sum(1 for i in instants if not i["agrees"] and i["class"] == name)
        if count:
            print(f"  {name}: {count}")
    timing = [(r["sample"], i) for r in compared for i in r["instants"] if not i["agrees"] and i["class"] == "timing"]
    if timing:
        print("timing instants (sample, snapshot, exact frame):")
        for sample, i in timing:
            print(f"  {sample} {i['label']} frame {i['frame']:g}")
    if path:
        json.dump({"mode": mode, "samples": results, "without_snapshots": unsnapped}, open(path, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
