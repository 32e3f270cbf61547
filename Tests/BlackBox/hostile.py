#!/usr/bin/python3
"""A black-box fuzzer of the built `zoetrope` binary: files a user could be sent, made hostile.

Each case builds a sandbox (`work/`, where the command runs, and `victim/` beside it), writes
generated inputs into `work/` and runs one command there, as a user would, with CI unset. The
inputs are mutations of real outputs (a test report with failures, a render folder with its
manifest and a journal) and generated files (PNG headers, YAML alias bombs, scenes with extreme
numbers, hostile scene file names, extreme flags and farm variables). A case is a finding when
the command
- ends by a signal (a trap, a crash), or exits with a code other than the documented 0, 1, 64, 65,
  66, 73 and 74 (70, an internal error, is a finding too);
- runs past --timeout seconds (default 10) or past --rss-mb of memory (default 1536);
- writes, removes or changes anything but the outputs it was given (or its default `output/<scene>`):
  its inputs, `victim/` and the rest of the sandbox stay as made;
- prints a control character on stderr other than a newline, or a line not naming what it is
  about (a message is one line: `FILE: PATH: message`, or a usage error).

The generator is seeded, so a run is reproducible: `hostile.py ZOETROPE --seed 7 --cases 200`.
Findings are kept in FINDINGS (default .build/blackbox-findings/<case>/: the inputs, the command
and what went wrong) and the run exits 1.

Usage: hostile.py ZOETROPE [--seconds S | --cases N] [--seed N] [--timeout S] [--rss-mb M]
"""
import argparse
import json
import os
import random
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ALLOWED_EXITS = {0, 1, 64, 65, 66, 73, 74}

BASE_SCENE = """version: 1
canvas: { size: [64, 48], background: "#202020" }
render: { fps: 10, duration: 1 }
layers:
  - { id: a, shape: rect, position: [32, 24], size: [20, 20], fill: "#FF0000" }
  - { id: b, shape: ellipse, position: [20, 20], size: [10, 10], fill: "#00FF00", stroke: { color: "#FFFFFF", width: 1, dash: [2, 1] } }
  - { id: c, shape: text, text: "hi", position: [32, 40], size: [60, 10], font: { size: 8 }, color: "#FFFFFF" }
animators:
  - id: m
    duration: 1
    animations:
      - set: { a.position.x: X_TARGET }
script:
  - { at: 0, start: m }
"""

# Numbers past every limit, at the edges of a Double, and the edges of integers.
EXTREME_NUMBERS = [
    "1e300", "-1e300", "1e308", "-1e308", "1.7976931348623157e308", "5e-324", "-5e-324", "1e-300",
    "0", "-0", "-1", "1e10", "1e40", "1e6", "1e7", "32767", "32768", "65536", "16384", "100000",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "2147483648", "4294967296",
    "86400", "86401", "1e15", "0.0000001", ".nan", ".inf", "-.inf", "NaN", "1e999",
]

# Hostile strings for names and paths read from files.
HOSTILE_NAMES = [
    "../victim/evil.sh", "../../victim/evil.sh", "../../../victim/evil.sh", "/tmp/zoetrope-evil", "..", ".", "",
    "a/../../../victim/x", "frames/../../victim/secret.png", "../victim/secret.png", "x\n/abs: forged line",
    "\x1b[31mred\x1b[0m", "frame_00000.png/../../victim/y", "a\x00b", "./././../victim/z", "~/evil", "%2e%2e/victim",
    "frames/small/../../../victim/secret.png", "\u202eevil", "x" * 5000,
]


def png(width, height, color_type=6, depth=8, idat=None, crc_ok=True):
    """A PNG file: the IHDR says width × height; the IDAT is zeros (or `idat`)."""
    def chunk(kind, body):
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc if crc_ok else crc ^ 1)
    header = struct.pack(">IIBBBBB", width & 0xFFFFFFFF, height & 0xFFFFFFFF, depth, color_type, 0, 0, 0)
    if idat is None:
        channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(color_type, 4)
        row = 1 + max(1, width * channels * depth // 8)
        # Zeros compress well: a large picture is a small file. Cap what we build here.
        raw_rows = min(height, max(1, 8_000_000 // max(row, 1)))
        idat = zlib.compress(b"\0" * min(row * raw_rows, 8_000_000), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


class Case:
    """One command on generated files in a fresh sandbox."""

    def __init__(self, kind, arguments, writes, env=None, note=""):
        self.kind, self.arguments, self.env, self.note = kind, arguments, env or {}, note
        # The paths (relative to work/) the command may create or change: the outputs the user
        # named, or the default output/ folder. Anything else changing is a finding.
        self.writes = writes


class Fuzzer:
    def __init__(self, zoetrope, seed, timeout, rss_mb, findings):
        self.zoetrope, self.timeout, self.rss_mb, self.findings = zoetrope, timeout, rss_mb, findings
        self.random = random.Random(seed)
        self.root = tempfile.mkdtemp(prefix="zoetrope-blackbox-")
        self.templates = os.path.join(self.root, "templates")
        self.make_templates()
        self.count = 0
        self.found = []

    # Templates: a failing test report and a render folder, made once by the binary itself.

    def run_plain(self, arguments, cwd):
        return subprocess.run([self.zoetrope] + arguments, cwd=cwd, capture_output=True, env=self.environment({}))

    def environment(self, extra):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CI", "SLURM_", "JOB_COMPLETION", "AWS_BATCH",
                                                                         "CLOUD_RUN", "GITLAB", "CIRCLE", "BUILDKITE"))}
        env.update(extra)
        return env

    def make_templates(self):
        folder = self.templates
        os.makedirs(folder)
        with open(os.path.join(folder, "small.yaml"), "w") as file:
            file.write(BASE_SCENE.replace("X_TARGET", "40"))
        self.run_plain(["test", "small.yaml", "--goldens", "gold", "--update", "all"], folder)
        with open(os.path.join(folder, "small.yaml"), "w") as file:
            file.write(BASE_SCENE.replace("X_TARGET", "44"))
        result = self.run_plain(["test", "small.yaml", "--goldens", "gold", "--report", "rep"], folder)
        if result.returncode != 1 or not os.path.exists(os.path.join(folder, "rep/report.json")):
            sys.exit("hostile.py: could not make a failing test report to mutate: %s" % result.stderr.decode())
        result = self.run_plain(["render", "small.yaml", "--out", "out"], folder)
        if result.returncode != 0:
            sys.exit("hostile.py: could not render the template scene: %s" % result.stderr.decode())

    # Generators: each writes into `work` and returns a Case.

    def pick(self, items):
        return self.random.choice(items)

    def hostile_name(self):
        return self.pick(HOSTILE_NAMES + ["frame_%05d.png" % self.random.randint(0, 12), "small", "frames/small/frame_00001.png"])

    def copy_template(self, name, work):
        shutil.copytree(os.path.join(self.templates, name), os.path.join(work, name), symlinks=True)
        shutil.copy(os.path.join(self.templates, "small.yaml"), work)

    def plant(self, folder, relative, sandbox):
        """Replaces a file of a folder with a symlink out, a FIFO, a folder or a wrong PNG."""
        path = os.path.normpath(os.path.join(folder, relative))
        # A name outside the folder, or one no file system holds (a NUL, a component past 255
        # bytes), is planted as a frame's instead.
        if not path.startswith(folder + os.sep) or "\0" in path or any(len(part.encode()) > 255 for part in path.split(os.sep)):
            path = os.path.join(folder, "frame_00003.png")
        if os.path.lexists(path):
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path)
            else:
                os.remove(path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        how = self.pick(["symlink", "fifo", "folder", "png", "symlink-folder"])
        if how == "symlink":
            os.symlink(os.path.join(sandbox, "victim", "secret.png"), path)
        elif how == "symlink-folder":
            os.symlink(os.path.join(sandbox, "victim"), path)
        elif how == "fifo":
            os.mkfifo(path)
        elif how == "folder":
            os.makedirs(path)
        else:
            with open(path, "wb") as file:
                file.write(png(self.random.choice([1, 63, 64, 65, 40000, 1 << 20]), self.random.choice([1, 48, 70000])))
        return how

    def gen_accept(self, work, sandbox):
        self.copy_template("rep", work)
        self.copy_template("gold", work)
        report_path = os.path.join(work, "rep", "report.json")
        report = json.load(open(report_path))
        for _ in range(self.random.randint(1, 3)):
            scene = self.pick(report["scenes"])
            where = self.pick(["name", "file", "frame.file", "frame.actual", "frame.expected", "frame.diff", "goldens", "folder",
                               "frame.index", "frame.status", "plant"])
            frame = self.pick(scene["frames"])
            frame["status"] = "failed"
            if where == "name":
                scene["name"] = self.hostile_name()
            elif where == "file":
                scene["file"] = self.hostile_name()
            elif where.startswith("frame.") and where[6:] in ("file", "actual", "expected", "diff"):
                frame[where[6:]] = self.hostile_name()
            elif where == "frame.index":
                frame["index"] = self.random.choice([-1, 2**63 - 1, 1e300, "x"])
            elif where == "frame.status":
                frame["status"] = self.pick(["failed", "missing", "recorded", "x"])
            elif where == "goldens":
                report["goldens"] = self.hostile_name()
            elif where == "folder":
                report["folder"] = self.hostile_name()
            else:
                self.plant(os.path.join(work, "rep"), frame.get("actual", "frames/small/frame_00005.png"), sandbox)
        with open(report_path, "w") as file:
            json.dump(report, file)
        if self.random.random() < 0.3:
            return Case("report", ["test", "--merge", "rep", "--report", "merged"], writes=["merged"])
        goldens = self.pick(["gold", "gold/sub", "new", None])
        arguments = ["test", "--accept", "rep"] + (["--goldens", goldens] if goldens else [])
        # Without --goldens, the report's own goldens, when it names a folder that is there.
        named = os.path.normpath(os.path.join(work, str(report.get("goldens", ""))))
        existing = os.path.isdir(named) and named.startswith(work + os.sep)
        return Case("report", arguments, writes=[goldens or (os.path.relpath(named, work) if existing else "gold")])

    def gen_manifest(self, work, sandbox):
        self.copy_template("out", work)
        manifest_path = os.path.join(work, "out", "manifest.json")
        manifest = json.load(open(manifest_path))
        for _ in range(self.random.randint(1, 3)):
            frame = self.pick(manifest["frames"])
            where = self.pick(["file", "sha256", "index", "add", "plant", "journal", "frameCount"])
            if where == "file":
                frame["file"] = self.hostile_name()
            elif where == "sha256":
                frame["sha256"] = self.pick(["", "x", "0" * 64])
            elif where == "index":
                frame["index"] = self.random.choice([-1, 2**63 - 1, 10**6, 3])
            elif where == "add":
                manifest["frames"].append({"file": self.hostile_name(), "index": self.random.randint(0, 12), "sha256": "0" * 64, "time": 0})
            elif where == "frameCount":
                manifest["frameCount"] = self.random.choice([0, -1, 2**62, 10**9])
            elif where == "journal":
                line = json.dumps({"file": self.hostile_name(), "index": self.random.randint(0, 12), "sha256": "0" * 64, "time": 0})
                with open(os.path.join(work, "out", ".zoetrope-journal-nohost-999999.jsonl"), "w") as file:
                    file.write(line + "\n")
            else:
                self.plant(os.path.join(work, "out"), frame["file"] if "/" not in frame["file"] else "frame_00003.png", sandbox)
        with open(manifest_path, "w") as file:
            json.dump(manifest, file)
        arguments, writes = self.pick([
            (["render", "small.yaml", "--out", "out", "--resume"], ["out"]),
            (["video", "out", "out.apng"], ["out.apng"]),
            (["sheet", "out", "--out", "sheet.png"], ["sheet.png"]),
            (["view", "out"], ["out"]),
            (["diff", "out", "out", "--out", "d"], ["d"]),
            (["manifest", "merge", "out"], ["out"]),
        ])
        return Case("manifest", arguments, writes=writes)

    def gen_png(self, work, sandbox):
        width = self.pick([0, 1, 64, 32767, 32768, 16384, 65535, 1 << 20, 2**31 - 1, 2**32 - 1])
        height = self.pick([0, 1, 48, 16384, 32768, 1 << 20, 2**31 - 1])
        data = png(width, height, color_type=self.pick([0, 2, 3, 4, 6, 7]), depth=self.pick([1, 8, 16, 3]),
                   idat=self.pick([None, None, b"", b"\x78\x9c", os.urandom(64)]), crc_ok=self.random.random() < 0.8)
        if self.random.random() < 0.2:
            data = data[: self.random.randint(0, len(data))]
        with open(os.path.join(work, "big.png"), "wb") as file:
            file.write(data)
        if self.random.random() < 0.5:
            return Case("png", ["diff", "big.png", "big.png", "--out", "d"], writes=["d"], note="%dx%d" % (width, height))
        scene = BASE_SCENE.replace("X_TARGET", "40").replace(
            "layers:\n", "layers:\n  - { id: picture, shape: rect, image: big.png, position: [32, 24], size: [64, 48] }\n")
        with open(os.path.join(work, "s.yaml"), "w") as file:
            file.write(scene)
        return Case("png", self.pick([["render", "s.yaml", "--frames", "0", "--out", "o"], ["validate", "s.yaml"]]),
                    writes=["o"], note="%dx%d" % (width, height))

    def gen_alias(self, work, sandbox):
        depth, width = self.random.randint(2, 14), self.random.randint(2, 12)
        lines = ["version: 1", "canvas: { size: [64, 48] }", "a0: &a0 [" + ", ".join(["x"] * width) + "]"]
        for level in range(1, depth):
            lines.append("a%d: &a%d [%s]" % (level, level, ", ".join(["*a%d" % (level - 1)] * width)))
        where = self.pick(["layers", "key", "script"])
        if where == "layers":
            lines.append("layers: *a%d" % (depth - 1))
        elif where == "key":
            lines.append("? *a%d\n: 1" % (depth - 1))
        else:
            lines.append("script: [ { at: 0, set: { a.position: *a%d } } ]" % (depth - 1))
        with open(os.path.join(work, "bomb.yaml"), "w") as file:
            file.write("\n".join(lines) + "\n")
        return Case("alias", self.pick([["validate", "bomb.yaml"], ["render", "bomb.yaml", "--out", "o"]]), writes=["o"],
                    note="%d^%d" % (width, depth))

    SCENE_KEYS = [
        "a.size.x", "a.position.x", "a.blur", "a.backdropBlur", "a.shadow.radius", "a.rotation", "a.scale.x", "a.opacity",
        "a.cornerRadius", "b.stroke.width", "b.size", "c.font.size", "canvas.size", "render.fps", "render.duration",
        "animators.m.duration", "animators.m.timing", "script.0.at", "animators.m.delay",
    ]

    def extreme_scene(self):
        """The base scene with a few values pushed to extremes, written into the file."""
        scene = BASE_SCENE.replace("X_TARGET", self.pick(EXTREME_NUMBERS))
        edits = []
        for _ in range(self.random.randint(1, 3)):
            value = self.pick(EXTREME_NUMBERS)
            what = self.pick(["blur", "backdropBlur", "shadow", "size", "font", "stroke", "canvas", "fps", "duration", "cubic",
                              "spring", "dash", "drag", "position", "cornerRadius"])
            edits.append((what, value))
        for what, value in edits:
            if what in ("blur", "backdropBlur", "cornerRadius"):
                scene = scene.replace('fill: "#FF0000" }', 'fill: "#FF0000", %s: %s }' % (what, value), 1)
            elif what == "shadow":
                scene = scene.replace('fill: "#FF0000" }', 'fill: "#FF0000", shadow: { radius: %s, opacity: 1 } }' % value, 1)
            elif what == "size":
                scene = scene.replace("size: [20, 20]", "size: [%s, %s]" % (value, value))
            elif what == "font":
                scene = scene.replace("font: { size: 8 }", "font: { size: %s }" % value)
            elif what == "stroke":
                scene = scene.replace("width: 1,", "width: %s," % value)
            elif what == "dash":
                scene = scene.replace("dash: [2, 1]", "dash: [%s, %s]" % (value, self.pick(EXTREME_NUMBERS)))
            elif what == "canvas":
                scene = scene.replace("size: [64, 48]", "size: [%s, 48]" % value)
            elif what == "fps":
                scene = scene.replace("fps: 10", "fps: %s" % value)
            elif what == "duration":
                scene = scene.replace("duration: 1 }", "duration: %s }" % value)
            elif what == "cubic":
                scene = scene.replace("    duration: 1\n", "    duration: 1\n    timing: { cubic: [0, %s, 1, -%s] }\n" % (value, value))
            elif what == "spring":
                scene = scene.replace("    duration: 1\n", "    duration: %s\n    timing: { spring: { dampingRatio: %s } }\n"
                                      % (self.pick(EXTREME_NUMBERS), value))
            elif what == "drag":
                scene += "  - { at: 0.1, drag: b, path: [[%s, -%s], [-%s, %s]], duration: %s }\n  - { at: 0.2, release: b, start: m }\n" % (
                    value, value, value, value, self.pick(EXTREME_NUMBERS))
            else:
                scene = scene.replace("position: [20, 20]", "position: [%s, %s]" % (value, value))
        return scene, edits

    def gen_scene(self, work, sandbox):
        scene, edits = self.extreme_scene()
        with open(os.path.join(work, "s.yaml"), "w") as file:
            file.write(scene)
        arguments = self.pick([
            ["validate", "s.yaml"], ["render", "s.yaml", "--frames", "0,5", "--out", "o"], ["sample", "s.yaml", "--at", "0.5"],
            ["sample", "s.yaml", "--frames", "0-3", "--format", "csv"], ["plot", "s.yaml", "a.position.x", "--out", "p.png"],
        ])
        return Case("numbers", arguments, writes=["o", "p.png"], note=repr(edits))

    def gen_flags(self, work, sandbox):
        with open(os.path.join(work, "s.yaml"), "w") as file:
            file.write(BASE_SCENE.replace("X_TARGET", "40"))
        number = self.pick(EXTREME_NUMBERS)
        which = self.pick(["set", "shard", "auto", "scale", "curve", "frames", "key"])
        env = {}
        if which == "set":
            arguments = ["render", "s.yaml", "--frames", "0", "--out", "o", "--set", "%s=%s" % (self.pick(self.SCENE_KEYS), number)]
        elif which == "shard":
            arguments = ["render", "s.yaml", "--out", "o", "--shard", "%s/%s" % (self.pick(EXTREME_NUMBERS), self.pick(EXTREME_NUMBERS))]
        elif which == "auto":
            env = self.pick([
                {"SLURM_ARRAY_TASK_ID": self.pick(EXTREME_NUMBERS), "SLURM_ARRAY_TASK_MIN": self.pick(EXTREME_NUMBERS),
                 "SLURM_ARRAY_TASK_MAX": self.pick(EXTREME_NUMBERS), "SLURM_ARRAY_TASK_COUNT": self.pick(EXTREME_NUMBERS)},
                {"CI_NODE_INDEX": self.pick(EXTREME_NUMBERS), "CI_NODE_TOTAL": self.pick(EXTREME_NUMBERS)},
                {"JOB_COMPLETION_INDEX": self.pick(EXTREME_NUMBERS)},
            ])
            arguments = ["render", "s.yaml", "--out", "o", "--shard", "auto"]
        elif which == "scale":
            arguments = ["render", "s.yaml", "--frames", "0", "--out", "o", "--scale", number]
        elif which == "curve":
            spec = self.pick(["cubic(0,%s,1,-%s)", "spring(duration:%s,bounce:-0.99)", "spring(mass:%s,stiffness:1,damping:1,velocity:0)",
                              "spring(response:%s,dampingRatio:0.1)", "linear"])
            spec = spec.replace("%s", number)
            arguments = ["curve", spec, "--duration", self.pick(EXTREME_NUMBERS), "--plot", "c.png"] if self.random.random() < 0.5 \
                else ["curve", spec, "--at", "0,0.5,1"]
        elif which == "frames":
            arguments = ["render", "s.yaml", "--out", "o", "--frames", "%s-%s" % (self.pick(EXTREME_NUMBERS), self.pick(EXTREME_NUMBERS))]
        else:
            key = ".".join(["a"] * self.random.choice([2, 63, 64, 65, 1000, 7000]))
            arguments = ["render", "s.yaml", "--frames", "0", "--out", "o", "--set", key + "=1"]
        return Case("flags", arguments, writes=["o", "c.png"], env=env, note=repr(env) if env else "")

    def gen_name(self, work, sandbox):
        name = self.pick(["...yaml", "..yaml", ".yaml", "..json", "a\nb.yaml", "\x1b[2J.yaml", "-x.yaml", "a b.yaml", ".. .yaml"])
        with open(os.path.join(work, name), "w") as file:
            file.write(BASE_SCENE.replace("X_TARGET", "40"))
        with open(os.path.join(work, "other.yaml"), "w") as file:
            file.write(BASE_SCENE.replace("X_TARGET", "44"))
        os.makedirs(os.path.join(work, "out"))
        # The scene's name, as the reader derives it: the file's name without its extension.
        scene = name[: name.rindex(".")] if name.rindex(".") > 0 else name
        arguments, writes = self.pick([
            (["render", name, "other.yaml", "--out", "out", "--frames", "0"], ["out/other", "out/" + scene]),
            (["render", name, "--frames", "0"], ["output/" + scene]),
            (["sheet", name], ["output/" + scene]),
            (["view", name], ["output/" + scene]),
            (["plot", name, "a.position.x"], ["output/" + scene]),
            (["sweep", name, "--vary", "animators.m.duration=0.5,1", "--frames", "0"], ["output/" + scene]),
            (["test", name, "--goldens", "gold/sub", "--update", "all", "--report", "rep"], ["gold/sub/" + scene, "rep"]),
        ])
        # A name that cannot be a folder (., ..) may write nowhere.
        writes = [w for w in writes if os.path.basename(w) not in ("", ".", "..")]
        return Case("names", arguments, writes=writes, note=repr(name))

    GENERATORS = ["accept", "manifest", "png", "alias", "scene", "flags", "name"]

    # Running and judging a case.

    def snapshot(self, sandbox, case):
        """Every path in the sandbox but the command's own outputs and logs, with its size and times."""
        work = os.path.join(sandbox, "work")
        allowed = [os.path.normpath(os.path.join(work, w)) for w in case.writes]
        def is_allowed(path):
            return any(path == a or path.startswith(a + os.sep) for a in allowed)
        seen = {}
        for folder, folders, files in os.walk(sandbox):
            for name in folders + files:
                path = os.path.join(folder, name)
                if is_allowed(path) or (folder == sandbox and name in ("stdout.log", "stderr.log")):
                    continue
                # The folders an allowed output is made in (output/ for output/<scene>).
                if any(a.startswith(path + os.sep) for a in allowed) and os.path.isdir(path) and not os.path.islink(path):
                    continue
                info = os.lstat(path)
                # A folder's own times change when an allowed output is made inside it.
                kind = stat.S_IFMT(info.st_mode)
                seen[os.path.relpath(path, sandbox)] = (kind,) if kind == stat.S_IFDIR else (kind, info.st_size, info.st_mtime_ns)
            folders[:] = [f for f in folders if not is_allowed(os.path.join(folder, f))]
        return seen

    def run_case(self):
        self.count += 1
        sandbox = os.path.join(self.root, "case-%d" % self.count)
        work, victim = os.path.join(sandbox, "work"), os.path.join(sandbox, "victim")
        os.makedirs(work)
        os.makedirs(victim)
        shutil.copy(os.path.join(self.templates, "out", "frame_00000.png"), os.path.join(victim, "secret.png"))
        kind = self.pick(self.GENERATORS)
        case = getattr(self, "gen_" + kind)(work, sandbox)
        before = self.snapshot(sandbox, case)
        root_before = sorted(os.listdir(self.root))
        problems, elapsed, rss, status = self.execute(case, work)
        after = self.snapshot(sandbox, case)
        if before != after:
            changed = sorted(set(before.items()) ^ set(after.items()))
            problems.append("changed outside its outputs: %s" % ", ".join(sorted({path for path, _ in changed}))[:400])
        if sorted(os.listdir(self.root)) != root_before:
            problems.append("wrote beside the sandbox: %s" % sorted(set(os.listdir(self.root)) ^ set(root_before)))
        if problems:
            self.keep(case, sandbox, problems, elapsed, rss, status)
        shutil.rmtree(sandbox, ignore_errors=True)
        return case.kind

    def execute(self, case, work):
        problems = []
        out_path, err_path = os.path.join(work, "..", "stdout.log"), os.path.join(work, "..", "stderr.log")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.monotonic()
            process = subprocess.Popen([self.zoetrope] + case.arguments, cwd=work, stdout=out, stderr=err,
                                       stdin=subprocess.DEVNULL, env=self.environment(case.env), start_new_session=True)
            status, rss = None, 0
            while True:
                rss = max(rss, self.resident_mb(process.pid))
                pid, wait_status, _ = os.wait4(process.pid, os.WNOHANG)
                if pid:
                    status = wait_status
                    break
                if time.monotonic() - start > self.timeout or rss > 2 * self.rss_mb:
                    os.killpg(process.pid, signal.SIGKILL)
                    _, status, _ = os.wait4(process.pid, 0)
                    problems.append("ran past %g s" % self.timeout if rss <= 2 * self.rss_mb else "killed past %d MB" % rss)
                    break
                time.sleep(0.002)
            elapsed = time.monotonic() - start
        if os.WIFSIGNALED(status) and not problems:
            problems.append("ended by signal %d" % os.WTERMSIG(status))
        elif os.WIFEXITED(status) and os.WEXITSTATUS(status) not in ALLOWED_EXITS:
            problems.append("exit %d" % os.WEXITSTATUS(status))
        if rss > self.rss_mb:
            problems.append("used %d MB" % rss)
        errors = open(err_path, "rb").read()
        if any(byte < 0x20 and byte not in (0x0A,) or byte == 0x7F for byte in errors):
            problems.append("a control character on stderr")
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) in (65, 66, 73, 74) and not errors.strip():
            problems.append("exit %d without a message" % os.WEXITSTATUS(status))
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
        return problems, elapsed, rss, code

    @staticmethod
    def resident_mb(pid):
        """The process's peak resident memory so far (VmHWM), in MB; 0 once it has gone."""
        try:
            with open("/proc/%d/status" % pid) as file:
                for line in file:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) // 1024
        except OSError:
            pass
        return 0

    def keep(self, case, sandbox, problems, elapsed, rss, status):
        target = os.path.join(self.findings, "case-%d-%s" % (self.count, case.kind))
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(sandbox, target, symlinks=True, ignore=lambda folder, names: [
            n for n in names if stat.S_ISFIFO(os.lstat(os.path.join(folder, n)).st_mode)])
        with open(os.path.join(target, "finding.json"), "w") as file:
            json.dump({"command": ["zoetrope"] + case.arguments, "environment": case.env, "note": case.note, "problems": problems,
                       "exit": status, "seconds": round(elapsed, 2), "rssMB": rss}, file, indent=2)
        self.found.append(target)
        print("FINDING %s: zoetrope %s %s: %s (exit %s, %.1f s, %d MB)" % (
            os.path.basename(target), " ".join(case.arguments)[:200], case.note[:200], "; ".join(problems), status, elapsed, rss))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("zoetrope")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--cases", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--rss-mb", type=int, default=1536)
    parser.add_argument("--findings", default=".build/blackbox-findings")
    options = parser.parse_args()
    if options.seconds is None and options.cases is None:
        options.cases = 100
    fuzzer = Fuzzer(os.path.abspath(options.zoetrope), options.seed, options.timeout, options.rss_mb,
                    os.path.abspath(options.findings))
    start, kinds = time.monotonic(), {}
    try:
        while (options.cases is None or fuzzer.count < options.cases) and \
                (options.seconds is None or time.monotonic() - start < options.seconds):
            kind = fuzzer.run_case()
            kinds[kind] = kinds.get(kind, 0) + 1
    finally:
        shutil.rmtree(fuzzer.root, ignore_errors=True)
    summary = ", ".join("%s %d" % item for item in sorted(kinds.items()))
    print("blackbox: %d cases (%s) in %.0f s, seed %d: %d findings" % (fuzzer.count, summary, time.monotonic() - start,
                                                                       options.seed, len(fuzzer.found)))
    sys.exit(1 if fuzzer.found else 0)


if __name__ == "__main__":
    main()
