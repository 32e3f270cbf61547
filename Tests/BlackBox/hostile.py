#!/usr/bin/python3
"""A black-box fuzzer of the built `zoetrope` binary: files a user could be sent, made hostile.

Each case builds a sandbox (`work/`, where the command runs, and `victim/` beside it), writes
generated inputs into `work/` and runs one command there, as a user would, with CI unset. The
inputs are mutations of real outputs (a test report with failures, a render folder with its
manifest and a journal) and generated files (PNG headers, YAML alias bombs, scenes with extreme
numbers, hostile scene file names, extreme flags and farm variables), and, for the Lottie
surfaces, builders of Lottie JSON, dotLottie archives and `.tgs` streams (deep merges, groups and
precomps, images padded with zeros, inflating JSON, tracks sampled over millions of frames,
parent chains, nested repeaters, same names, precomp fan-out, box text, progressive JPEGs, image
paths leaving the folder, values past the limits), `convert` round trips (what it writes must
pass its own `validate`) and a driver of `preview` (Host headers, concurrent frame requests, a
day-long scene's page, the watched file swapped for a huge one, descriptors running out). A case
is a finding when the command
- ends by a signal (a trap, a crash), or exits with a code other than the documented 0, 1, 64, 65,
  66, 73 and 74 (70, an internal error, is a finding too);
- runs past --timeout seconds (default 10) or past --rss-mb of memory (default 1536);
- writes, removes or changes anything but the outputs it was given (or its default `output/<scene>`):
  its inputs, `victim/` and the rest of the sandbox stay as made;
- prints a control character on stderr other than a newline, or a line not naming what it is
  about (a message is one line: `FILE: PATH: message`, or a usage error);
- or breaks a family's own rule: reads or embeds `victim/` (asset paths), writes a file its own
  `validate` refuses (round trips), draws nothing where `validate` said ok (silent drops), an
  error that does not name the key at fault, a preview that serves another Host, spins a core,
  or does not answer within the timeout.

The generator is seeded, so a run is reproducible: `hostile.py ZOETROPE --seed 7 --cases 200`.
`--family NAME[,NAME]` runs only those families (`--list-families` names them all), e.g.
`hostile.py ZOETROPE --family lottie-depth --cases 5 --seed 3`. Findings are kept in FINDINGS
(default .build/blackbox-findings/<case>/: the inputs, the command and what went wrong; files over
64 MB, such as a sparse watched file, are listed, not copied) and the run exits 1. With
--seconds, no case that may take the whole --timeout starts in a run's last --timeout seconds,
so the run ends within --seconds (and the templates' few seconds).

Usage: hostile.py ZOETROPE [--seconds S | --cases N] [--seed N] [--timeout S] [--rss-mb M]
                           [--family NAME[,NAME]] [--list-families] [--verbose]
"""
import argparse
import base64
import glob
import json
import math
import os
import random
import re
import resource
import shutil
import signal
import socket
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
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



def png_pixels(data):
    """(width, height, channels, rows) of an 8-bit, non-interlaced PNG (what `render` writes)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, idat, header = 8, bytearray(), None
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or interlace != 0 or color not in (0, 2, 4, 6):
        raise ValueError("a PNG this reader does not decode")
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[color]
    raw = zlib.decompress(bytes(idat))
    stride, rows, previous = width * channels, [], bytearray(width * channels)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            a = row[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(row))
        previous = row
    return width, height, channels, rows


def progressive_jpeg(width, height, components, scans):
    """A valid progressive JPEG (SOF2, 4:4:4) of a flat grey picture: one DC scan, then AC scans
    of one coefficient each, first at bit 13 and refined down to bit 0 (14 scans a coefficient,
    63 coefficients a component), until `scans`. Every block is an end-of-band run, so 4096² with
    2,000 scans is about 180 KB. Returns (bytes, scans made)."""
    def marker(code, body):
        return b"\xff" + bytes([code]) + struct.pack(">H", len(body) + 2) + body

    class Bits:
        def __init__(self):
            self.out, self.acc, self.n = bytearray(), 0, 0

        def put(self, value, length):
            for i in range(length - 1, -1, -1):
                self.acc, self.n = (self.acc << 1) | ((value >> i) & 1), self.n + 1
                if self.n == 8:
                    self.out.append(self.acc)
                    if self.acc == 0xFF:
                        self.out.append(0)
                    self.acc, self.n = 0, 0

        def finish(self):
            if self.n:
                self.put((1 << (8 - self.n)) - 1, 8 - self.n)
            return bytes(self.out)

    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    data = bytearray(b"\xff\xd8") + marker(0xDB, bytes([0]) + bytes([1] * 64))
    data += marker(0xC2, struct.pack(">BHHB", 8, height, width, components) + b"".join(bytes([c + 1, 0x11, 0]) for c in range(components)))
    # DC table 0: one symbol, 0 (the code "0"); AC table 0: EOB0…EOB14 (4-bit codes 0…14).
    data += marker(0xC4, bytes([0x00]) + bytes([1] + [0] * 15) + bytes([0]))
    data += marker(0xC4, bytes([0x10]) + bytes([0, 0, 0, 15] + [0] * 12) + bytes(r << 4 for r in range(15)))
    data += marker(0xDA, bytes([components]) + b"".join(bytes([c + 1, 0x00]) for c in range(components)) + bytes([0, 0, 0]))
    dc = Bits()
    for _ in range(blocks * components):
        dc.put(0, 1)
    data += dc.finish()
    runs, left = Bits(), blocks
    while left:
        run = min(left, 0x7FFF)
        r = run.bit_length() - 1
        runs.put(r, 4)
        runs.put(run - (1 << r), r)
        left -= run
    runs = runs.finish()
    made = 1
    for c in range(components):
        for k in range(1, 64):
            for step in range(14):
                if made >= scans:
                    break
                ah, al = (0, 13) if step == 0 else (14 - step, 13 - step)
                data += marker(0xDA, bytes([1, c + 1, 0x00, k, k, (ah << 4) | al])) + runs
                made += 1
    return bytes(data + b"\xff\xd9"), made


def zip_archive(entries):
    """A zip archive of (name, method, stored bytes, crc, size) entries, methods 0 or 8."""
    out, central = bytearray(), bytearray()
    for name, method, data, crc, size in entries:
        raw = name.encode()
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, len(data), size, len(raw), 0) + raw + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0x21, crc, len(data), size, len(raw),
                               0, 0, 0, 0, 0, offset) + raw
    return bytes(out + central + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(out), 0))


def deflated(data):
    """A zip entry's fields for `data`, deflated: (method, stored bytes, crc, size)."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return 8, packer.compress(data) + packer.flush(), zlib.crc32(data) & 0xFFFFFFFF, len(data)


# Packed streams of repeated bytes are made once per run and kept (a few hundred KB each).
STREAMS = {}


def packed_stream(parts, wbits, key):
    """A deflate (wbits -15) or gzip (31) stream of `parts`, each (bytes, times): (stream, crc, size)."""
    if key not in STREAMS:
        packer, crc, size, out = zlib.compressobj(6, zlib.DEFLATED, wbits), 0, 0, []
        for chunk, times in parts:
            # Repeated chunks are fed a megabyte at a time.
            block = chunk * max(1, (1 << 20) // max(len(chunk), 1)) if times > 1 else chunk
            per_block = len(block) // len(chunk)
            left = times
            while left > 0:
                piece = block if left >= per_block else chunk * left
                out.append(packer.compress(piece))
                crc, size, left = zlib.crc32(piece, crc), size + len(piece), left - per_block
        out.append(packer.flush())
        STREAMS[key] = (b"".join(out), crc & 0xFFFFFFFF, size)
    return STREAMS[key]


def dot_lottie(animation_text, images=(), id="anim"):
    """A dotLottie archive: manifest.json, animations/ID.json and images/NAME entries
    (name, (method, stored bytes, crc, size))."""
    manifest = json.dumps({"version": "1", "generator": "hostile.py", "animations": [{"id": id}]}).encode()
    entries = [("manifest.json",) + deflated(manifest), ("animations/%s.json" % id,) + deflated(animation_text.encode())]
    entries += [(("images/" + name),) + fields for name, fields in images]
    return zip_archive(entries)


def gzip_bytes(data):
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)
    return packer.compress(data) + packer.flush()


# Lottie builders: the smallest JSON the reader takes, as Bodymovin writes it.

def k(value):
    return {"a": 0, "k": value}


TRANSFORM_ITEM = {"ty": "tr", "p": k([0, 0]), "a": k([0, 0]), "s": k([100, 100]), "r": k(0), "o": k(100)}
FILL_ITEM = {"ty": "fl", "c": k([1, 0, 0, 1]), "o": k(100), "r": 1}


def rect_item(w=20, h=20, x=0, y=0):
    return {"ty": "rc", "d": 1, "s": k([w, h]), "p": k([x, y]), "r": k(0)}


def group_item(items):
    return {"ty": "gr", "it": list(items) + [TRANSFORM_ITEM]}


def lottie_layer(ty, ind, op, nm=None, p=(32, 24), **extra):
    layer = {"ddd": 0, "ind": ind, "ty": ty, "nm": "Layer %d" % ind if nm is None else nm,
             "ks": {"o": k(100), "r": k(0), "p": k([p[0], p[1], 0]), "a": k([0, 0, 0]), "s": k([100, 100, 100])},
             "ao": 0, "ip": 0, "op": op, "st": 0, "bm": 0, "sr": 1}
    layer.update(extra)
    return layer


def shape_layer(ind, op, shapes, **extra):
    return lottie_layer(4, ind, op, shapes=shapes, **extra)


def solid_layer(ind, op, **extra):
    return lottie_layer(1, ind, op, sw=4, sh=4, sc="#ff0000", **extra)


def lottie_doc(layers, w=64, h=48, fr=30, op=30, ip=0, assets=(), **extra):
    doc = {"v": "5.7.1", "fr": fr, "ip": ip, "op": op, "w": w, "h": h, "nm": "hostile", "ddd": 0, "assets": list(assets),
           "layers": layers}
    doc.update(extra)
    return doc


def dumps(value):
    return json.dumps(value, separators=(",", ":"))


FONTS = {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]}


def text_document(text, t=0, box=None, size=10):
    s = {"s": size, "f": "DejaVuSans", "t": text, "j": 0, "tr": 0, "lh": size * 1.2, "ls": 0, "fc": [1, 1, 1]}
    if box:
        s["sz"], s["ps"] = list(box), [0, 0]
    return {"s": s, "t": t}


def text_layer(ind, op, documents):
    return lottie_layer(5, ind, op, p=(0, 10), t={"d": {"k": documents}, "p": {}, "m": {"g": 1, "a": k([0, 0])}, "a": []})


def http_get(port, path, host, deadline, limit=64 << 20):
    """GET `path` from 127.0.0.1:`port` with `Host: host` (none when None): (status, body, cut
    at `limit`), or None without a whole answer by `deadline`."""
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=max(0.05, deadline - time.monotonic()))
    except OSError:
        return None
    data = bytearray()
    with connection:
        try:
            head = "GET %s HTTP/1.1\r\n%sUser-Agent: hostile.py\r\nConnection: close\r\n\r\n" % (
                path, "" if host is None else "Host: %s\r\n" % host)
            connection.sendall(head.encode())
            while len(data) < limit:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                connection.settimeout(remaining)
                chunk = connection.recv(1 << 16)
                if not chunk:
                    break
                data += chunk
        except OSError:
            return None
    head, _, body = bytes(data).partition(b"\r\n\r\n")
    words = head.split(b" ")
    status = int(words[1]) if head.startswith(b"HTTP/") and len(words) > 1 and words[1].isdigit() else 0
    return status, body, len(data) >= limit


def page_text(body):
    """What a page says, without its scripts, styles and tags."""
    text = re.sub(rb"(?is)<(script|style)\b.*?</\1>", b" ", body[:4 << 20])
    return re.sub(rb"<[^>]*>", b" ", text).decode("utf-8", "replace")


class Case:
    """One command on generated files in a fresh sandbox.

    `check(work, exit, stdout, stderr)` returns more problems once the command has ended (it may
    run further commands with `Fuzzer.follow`); a case with a `driver` is a server
    (`preview`): `driver(server)` talks to it and returns problems, and the server is killed after.
    """

    def __init__(self, kind, arguments, writes, env=None, note="", check=None, driver=None, preexec=None):
        self.kind, self.arguments, self.env, self.note = kind, arguments, env or {}, note
        # The paths (relative to work/) the command may create or change: the outputs the user
        # named, or the default output/ folder. Anything else changing is a finding.
        self.writes = writes
        self.check, self.driver, self.preexec = check, driver, preexec


class Server:
    """A running `preview`, as a driver sees it: its port, requests with any Host, its CPU time."""

    def __init__(self, fuzzer, process, port, start):
        self.fuzzer, self.process, self.port, self.start = fuzzer, process, port, start
        self.deadline = start + fuzzer.timeout

    def get(self, path, host="", deadline=None, limit=64 << 20):
        return http_get(self.port, path, "127.0.0.1:%d" % self.port if host == "" else host,
                        self.deadline if deadline is None else deadline, limit)

    def cpu_seconds(self):
        """User and system time of all its threads so far."""
        try:
            with open("/proc/%d/stat" % self.process.pid) as file:
                fields = file.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return 0.0

    def cpu_share(self, seconds):
        """The share of one core it used over the next `seconds`."""
        before, start = self.cpu_seconds(), time.monotonic()
        time.sleep(seconds)
        return (self.cpu_seconds() - before) / max(time.monotonic() - start, 1e-3)

    def alive(self):
        return self.process.poll() is None


class Fuzzer:
    def __init__(self, zoetrope, seed, timeout, rss_mb, findings):
        self.zoetrope, self.timeout, self.rss_mb, self.findings = zoetrope, timeout, rss_mb, findings
        self.random = random.Random(seed)
        self.root = tempfile.mkdtemp(prefix="zoetrope-blackbox-")
        self.templates = os.path.join(self.root, "templates")
        self.make_templates()
        self.count = 0
        self.found = []
        self.verbose = False

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
        which = self.pick(["set", "shard", "auto", "scale", "curve", "frames", "key", "playback"])
        env = {}
        if which == "playback":
            # A Lottie file's playback keys: a viewport of extreme numbers, an easing, a speed.
            with open(os.path.join(work, "l.json"), "w") as file:
                file.write(dumps(lottie_doc([solid_layer(1, 30)])))
            setting = self.pick([
                "viewport=%s" % ",".join(self.pick(EXTREME_NUMBERS) for _ in range(self.random.choice([3, 4, 4, 5]))),
                "viewport=[0, 0, %s, %s]" % (self.pick(EXTREME_NUMBERS), self.pick(EXTREME_NUMBERS)),
                "easing=%s" % self.pick(["per-dimension", "first-dimension", number]), "speed=%s" % number,
            ])
            arguments = ["render", "l.json", "--frames", "0", "--out", "o", "--set", setting]
        elif which == "set":
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

    # Lottie, archives, preview and convert (issue 45). Each family makes files of random sizes
    # around the sizes that once took minutes or gigabytes; a fixed binary refuses them (65 naming
    # the path and the limit) or draws them within the timeout and memory.

    def work_file(self, work, name, data):
        path = os.path.join(work, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(data.encode() if isinstance(data, str) else data)
        return name

    def lottie_file(self, work, text, packs=("json", "json", "tgs", "lottie"), images=()):
        """Writes a Lottie animation as JSON, a .tgs gzip stream or a .lottie archive; its name."""
        pack = self.pick(list(packs))
        if pack == "json":
            return self.work_file(work, "anim.json", text)
        if pack == "tgs":
            return self.work_file(work, "anim.tgs", gzip_bytes(text.encode()))
        return self.work_file(work, "anim.lottie", dot_lottie(text, images))

    def lottie_command(self, work, name, choices=("validate", "render", "scene", "lottie"), frame=0):
        """A command on a Lottie file (or a scene): validate, render a frame, convert either way."""
        choice = self.pick(list(choices))
        os.makedirs(os.path.join(work, "rt"), exist_ok=True)
        if choice == "validate":
            return ["validate", name]
        if choice == "render":
            return ["render", name, "--frames", str(frame), "--out", "o"]
        if choice == "scene":
            return ["convert", name, "--to", "scene", "-o", "rt/out.yaml"]
        return ["convert", name, "--to", "lottie", "-o", self.pick(["rt/out.json", "rt/out.lottie"])]

    def gen_lottie_depth(self, work, sandbox):
        """Item 1: merge paths chained ~1,000 deep (mode 3), groups nested thousands deep, precomps
        chained thousands deep: the builder must not recurse over the file's depth."""
        variant = self.pick(["merges", "merges", "groups", "precomps"])
        op = 10
        if variant == "merges":
            depth, mode = self.random.randint(300, 3000), self.pick([3, 3, 3, 1, 2, 4, 5])
            items = [rect_item(40, 30), {"ty": "el", "d": 1, "s": k([20, 20]), "p": k([3, 0])}]
            for level in range(depth):
                items += [{"ty": "mm", "mm": mode, "nm": "Merge %d" % level},
                          rect_item(1 + level % 30, 1 + level % 17, level % 7 - 3, level % 5 - 2)]
            items += [{"ty": "mm", "mm": mode}, FILL_ITEM]
            text = dumps(lottie_doc([shape_layer(1, op, [group_item(items)])], op=op))
        elif variant == "groups":
            depth = self.random.randint(500, 5000)
            inner = dumps(group_item([rect_item(), FILL_ITEM]))
            tail = "," + dumps(TRANSFORM_ITEM) + "]}"
            shapes = '{"ty":"gr","it":[' * depth + inner + tail * depth
            text = dumps(lottie_doc([shape_layer(1, op, [])], op=op)).replace('"shapes":[]', '"shapes":[%s]' % shapes)
        else:
            depth = self.random.randint(40, 3000)
            assets = [{"id": "c%d" % i, "w": 64, "h": 48, "layers": [lottie_layer(0, 1, op, refId="c%d" % (i + 1), w=64, h=48)]}
                      for i in range(depth)]
            assets.append({"id": "c%d" % depth, "layers": [shape_layer(1, op, [group_item([rect_item(), FILL_ITEM])])]})
            text = dumps(lottie_doc([lottie_layer(0, 1, op, refId="c0", w=64, h=48)], op=op, assets=assets))
        name = self.lottie_file(work, text)
        return Case("lottie-depth", self.lottie_command(work, name), writes=["o", "rt"], note="%s %d" % (variant, depth))

    def gen_lottie_image(self, work, sandbox):
        """Item 2: an 8×8 PNG followed by many MB of zeros (deflated: a small archive) in a .lottie,
        or embedded as a data URL in a .tgs, used by many image layers."""
        megabytes, layers = self.pick([16, 32, 64, 128, 200, 240]), self.random.randint(1, 30)
        small = png(8, 8)
        shared = self.random.random() < 0.7
        count = 1 if shared else layers
        if self.random.random() < 0.7:
            pack = "lottie"
            stream, crc, size = packed_stream([(small, 1), (b"\0" * 4096, megabytes * 256)], -15, ("png-zeros", megabytes))
            assets = [{"id": "img%d" % i, "w": 8, "h": 8, "u": "/images/", "p": "img.png", "e": 0} for i in range(count)]
            text = dumps(lottie_doc([lottie_layer(2, i + 1, 10, refId="img%d" % (0 if shared else i), p=(i, i)) for i in range(layers)],
                                    op=10, assets=assets))
            data = dot_lottie(text, [("img.png", (8, stream, crc, size))])
            name = self.work_file(work, "anim.lottie", data)
        else:
            # The JSON holds every asset's copy: at most 180 MB of zeros in all (240 MB of base64).
            pack, megabytes = "tgs", max(1, min(megabytes, 180 // count))
            head = small + b"\0" * (-len(small) % 3)
            url = "data:image/png;base64," + base64.b64encode(head).decode()
            assets = [{"id": "img%d" % i, "w": 8, "h": 8, "u": "", "p": "URL", "e": 1} for i in range(count)]
            text = dumps(lottie_doc([lottie_layer(2, i + 1, 10, refId="img%d" % (0 if shared else i), p=(i, i)) for i in range(layers)],
                                    op=10, assets=assets))
            segments, parts = text.split('"URL"'), []
            for number in range(count):
                parts += [((segments[number] + '"' + url).encode(), 1), (b"A" * 4096, megabytes * 1024 // 3), (b'"', 1)]
            parts.append((segments[count].encode(), 1))
            stream, _, _ = packed_stream(parts, 31, ("tgs-url", megabytes, count, layers))
            name = self.work_file(work, "anim.tgs", stream)
        arguments = self.lottie_command(work, name, ("validate", "render", "render", "scene"))
        return Case("lottie-image", arguments, writes=["o", "rt"], note="%s: %d MB after the PNG, %d layers, %d assets" % (
            pack, megabytes, layers, count))

    def gen_lottie_bomb(self, work, sandbox):
        """Item 3: a .tgs (or .lottie) of small arrays that inflates to hundreds of MB of JSON, or
        of arrays nested millions deep: the JSON parser needs a node budget."""
        pack = self.pick(["tgs", "tgs", "lottie"])
        doc = dumps(lottie_doc([shape_layer(1, 10, [group_item([rect_item(), FILL_ITEM])])], op=10))
        if self.random.random() < 0.75:
            megabytes, unit = self.pick([32, 64, 128, 200, 240]), self.pick(["[],", "[0],", "{},", "0,", '"",', "[[]],", "[1,2],"])
            where = self.pick(["top", "assets", "shapes"])
            if where == "assets":
                unit = "{},"
            times = megabytes * (1 << 20) // len(unit)
            if where == "top":
                before, after = doc[:-1] + ',"x":[', "0]}"
            elif where == "assets":
                head, tail = doc.split('"assets":[]', 1)
                before, after = head + '"assets":[', "{}]" + tail
            else:
                head, tail = doc.split('"shapes":[', 1)
                before, after = head + '"shapes":[', tail
            note = "%d MB of %s in %s" % (megabytes, unit[:-1], where)
            parts = [(before.encode(), 1), (unit.encode(), times), (after.encode(), 1)]
        else:
            depth = self.pick([10_000, 100_000, 1_000_000, 10_000_000])
            bracket = self.pick(["[", '{"a":'])
            close = "]" if bracket == "[" else "}"
            parts = [(doc[:-1].encode() + b',"x":', 1), (bracket.encode(), depth), (b"0", 1), (close.encode(), depth), (b"}", 1)]
            note = "%d nested %s" % (depth, bracket)
        if pack == "tgs":
            stream, _, _ = packed_stream(parts, 31, ("bomb-gzip", note))
            name = self.work_file(work, "anim.tgs", stream)
        else:
            stream, crc, size = packed_stream(parts, -15, ("bomb-zip", note))
            manifest = json.dumps({"version": "1", "animations": [{"id": "anim"}]}).encode()
            name = self.work_file(work, "anim.lottie", zip_archive([("manifest.json",) + deflated(manifest),
                                                                    ("animations/anim.json", 8, stream, crc, size)]))
        return Case("lottie-bomb", self.lottie_command(work, name, ("validate", "render", "scene")), writes=["o", "rt"],
                    note="%s: %s" % (pack, note))

    def gen_lottie_sampling(self, work, sandbox):
        """Item 4: what is sampled at every frame, over long spans: a time remap, text documents, a
        per-dimension eased position, many layers' in and out points."""
        variant = self.pick(["remap", "text", "ease", "layers"])
        fr = 240
        if variant == "remap":
            span = self.pick([10_000, 100_000, 1_000_000, 10_000_000])
            inner = shape_layer(1, span, [group_item([rect_item(), FILL_ITEM])])
            inner["ks"]["p"] = {"a": 1, "k": [{"t": 0, "s": [0, 0, 0], "i": {"x": 0.5, "y": 0.5}, "o": {"x": 0.5, "y": 0.5}},
                                              {"t": span, "s": [64, 48, 0]}]}
            layer = lottie_layer(0, 1, span, refId="comp", w=64, h=48)
            layer["tm"] = {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [0.3], "y": [0.9]}, "o": {"x": [0.6], "y": [0.1]}},
                                         {"t": span, "s": [span / fr]}]}
            doc = lottie_doc([layer], op=span, fr=fr, assets=[{"id": "comp", "layers": [inner]}])
        elif variant == "text":
            span, count = self.pick([10_000, 100_000, 300_000, 1_000_000]), self.random.randint(2, 6)
            documents = [text_document("text %d" % i, t=i * span // count) for i in range(count)]
            doc = lottie_doc([text_layer(1, span, documents)], op=span, fr=fr, fonts=FONTS)
        elif variant == "ease":
            span, keys = self.pick([10_000, 100_000, 1_000_000, 10_000_000, 20_000_000]), self.random.randint(2, 4)
            layer = shape_layer(1, span, [group_item([rect_item(), FILL_ITEM])])
            frames = [{"t": span * i // (keys - 1), "s": [self.random.uniform(0, 64), self.random.uniform(0, 48)],
                       "i": {"x": [0.2, 0.9], "y": [0.8, 0.1]}, "o": {"x": [0.3, 0.6], "y": [0.1, 0.7]}} for i in range(keys)]
            layer["ks"]["p"] = {"a": 1, "k": frames}
            doc = lottie_doc([layer], op=span, fr=fr)
        else:
            span, count = self.pick([1_000_000, 10_000_000]), self.pick([300, 1000, 2000])
            layers = []
            for i in range(count):
                start = self.random.randint(0, span - 2)
                layers.append(solid_layer(i + 1, self.random.randint(start + 1, span), ip=start))
            doc = lottie_doc(layers, op=span, fr=fr)
        if span / fr > 86400:
            doc["fr"] = fr = 1000
        name = self.lottie_file(work, dumps(doc))
        return Case("lottie-sampling", self.lottie_command(work, name), writes=["o", "rt"], note="%s over %d frames" % (variant, span))

    def gen_lottie_parents(self, work, sandbox):
        """Item 5: thousands of layers in parent chains (or trees): every wrapper group the reader
        makes counts against the 100,000-layer limit."""
        count, shape = self.pick([1000, 2000, 5000, 10_000, 20_000]), self.pick(["chain", "chain", "tree", "combs"])
        # Written from two layers' JSON: json.dumps of 20,000 layers takes a second.
        solid = dumps(solid_layer("IND", 10, nm="Layer IND", parent="PARENT"))
        null = dumps(lottie_layer(3, "IND", 10, nm="Layer IND", parent="PARENT"))
        layers = []
        for i in range(count, 0, -1):
            if i == 1:
                parent = None
            elif shape == "chain":
                parent = i - 1
            else:
                parent = self.random.randint(max(1, i - 50) if shape == "combs" else 1, i - 1)
            layer = (solid if self.random.random() < 0.3 else null).replace('"IND"', str(i)).replace("Layer IND", "Layer %d" % i)
            layers.append(layer.replace('"PARENT"', str(parent)) if parent else layer.replace(',"parent":"PARENT"', ""))
        name = self.lottie_file(work, dumps(lottie_doc([], op=10)).replace('"layers":[]', '"layers":[%s]' % ",".join(layers)))
        return Case("lottie-parents", self.lottie_command(work, name), writes=["o", "rt"], note="%s of %d" % (shape, count))

    def gen_replicators(self, work, sandbox):
        """Item 6: repeaters (Lottie `rp`) and scene-file replicators nested so that the copies
        multiply to 1e6…1e12."""
        counts = [self.random.randint(1000, 10_000) for _ in range(self.random.randint(2, 3))]
        if self.random.random() < 0.5:
            items = [rect_item(1, 1), FILL_ITEM]
            for count in counts:
                repeater = {"ty": "rp", "c": k(count), "o": k(0), "m": 1,
                            "tr": {"ty": "tr", "p": k([0.01, 0.01]), "a": k([0, 0]), "s": k([100, 100]), "r": k(0),
                                   "so": k(100), "eo": k(100)}}
                items = [group_item(items), repeater]
            name = self.lottie_file(work, dumps(lottie_doc([shape_layer(1, 10, items)], op=10)))
            kind = "lottie"
        else:
            lines = ["version: 1", "canvas: { size: [64, 48] }", "render: { fps: 10, duration: 0.1 }", "layers:"]
            indent = "  "
            for level, count in enumerate(counts):
                lines += ["%s- id: r%d" % (indent, level), "%s  size: [64, 48]" % indent, "%s  position: [32, 24]" % indent,
                          "%s  replicator: { count: %d, translation: [0.001, 0.001] }" % (indent, count), "%s  children:" % indent]
                indent += "    "
            lines.append('%s- { id: dot, shape: rect, position: [1, 1], size: [1, 1], fill: "#FF0000" }' % indent)
            name = self.work_file(work, "rep.yaml", "\n".join(lines) + "\n")
            kind = "scene"
        arguments = self.lottie_command(work, name, ("render", "render", "render", "scene", "lottie"))
        if arguments[0] == "convert" and kind == "lottie":
            arguments[3] = "scene"
            arguments[5] = "rt/out.yaml"
        elif arguments[0] == "convert":
            arguments[3], arguments[5] = "lottie", "rt/out.json"
        return Case("replicators", arguments, writes=["o", "rt"], note="%s copies %s = %.0e" % (kind, counts, math.prod(counts)))

    def gen_lottie_names(self, work, sandbox):
        """Item 7: 10,000+ layers with one name (unique ids must come in linear time), and precomps
        that each use the next several times."""
        if self.random.random() < 0.5:
            count, label = self.pick([5000, 10_000, 20_000, 40_000]), self.pick(["Layer", "Shape Layer 1", "", "a b", "x" * 200])
            layer = dumps(solid_layer("IND", 10, nm=label))
            layers = ",".join(layer.replace('"IND"', str(i + 1)) for i in range(count))
            doc = dumps(lottie_doc([], op=10)).replace('"layers":[]', '"layers":[%s]' % layers)
            note = "%d layers named %r" % (count, label[:20])
        else:
            fan = self.random.randint(2, 8)
            depth = max(2, math.ceil(math.log(self.pick([1e4, 1e5, 1e6, 1e8])) / math.log(fan)))
            assets = [{"id": "c%d" % i, "w": 64, "h": 48, "layers": [lottie_layer(0, j + 1, 10, refId="c%d" % (i + 1), w=64, h=48)
                                                                     for j in range(fan)]} for i in range(depth)]
            assets.append({"id": "c%d" % depth, "layers": [solid_layer(1, 10)]})
            doc, note = lottie_doc([lottie_layer(0, 1, 10, refId="c0", w=64, h=48)], op=10, assets=assets), \
                "fan-out %d over %d precomps (%.0e layers)" % (fan, depth, fan ** depth)
        name = self.lottie_file(work, doc if isinstance(doc, str) else dumps(doc))
        return Case("lottie-names", self.lottie_command(work, name), writes=["o", "rt"], note=note)

    def gen_box_text(self, work, sandbox):
        """Item 8: box text of up to 300,000 words: wrapping must be linear in the text. Or the
        same words on one line (no box), which is shaped whole: its widths pass Pango's 32 bits
        at large sizes."""
        words = self.pick([20_000, 50_000, 100_000, 200_000, 300_000])
        letters = "abcdefghij"
        text = " ".join(letters[: 1 + i % 7] for i in range(words))
        box = self.pick([None, (self.pick([50, 200, 1000, 5000]), self.pick([100, 2000, 100_000]))])
        doc = lottie_doc([text_layer(1, 10, [text_document(text, box=box, size=self.pick([4, 10, 40, 1000]))])], op=10, fonts=FONTS,
                         w=self.pick([64, 512]), h=self.pick([48, 512]))
        name = self.lottie_file(work, dumps(doc))
        arguments = self.lottie_command(work, name, ("render", "render", "validate", "scene"))
        return Case("box-text", arguments, writes=["o", "rt"], note="%d words in a %s box" % (words, box))

    def gen_progressive_jpeg(self, work, sandbox):
        """Item 9: a progressive JPEG of up to 4096² with hundreds to thousands of scans, embedded
        as a data URL (Lottie or scene), in a .lottie archive or beside a scene."""
        components, side = self.pick([1, 3, 3]), self.pick([1024, 2048, 4096])
        width, height = side, self.pick([side, side // 2])
        wanted = self.random.randint(300, 1 + 63 * 14 * components)
        jpeg, scans = progressive_jpeg(width, height, components, wanted)
        url = "data:image/jpeg;base64," + base64.b64encode(jpeg).decode()
        holder = self.pick(["lottie-url", "lottie-archive", "scene-url", "scene-file"])
        layers = self.random.randint(1, 3)
        if holder.startswith("lottie"):
            archived = holder == "lottie-archive"
            asset = {"id": "img", "w": width, "h": height, "u": "/images/" if archived else "", "p": "pic.jpg" if archived else url,
                     "e": 0 if archived else 1}
            text = dumps(lottie_doc([lottie_layer(2, i + 1, 10, refId="img") for i in range(layers)], op=10, assets=[asset]))
            if archived:
                name = self.work_file(work, "anim.lottie", dot_lottie(text, [("pic.jpg", deflated(jpeg))]))
            else:
                name = self.lottie_file(work, text, ("json", "tgs"))
        else:
            image = url if holder == "scene-url" else self.work_file(work, "pic.jpg", jpeg)
            scene = "version: 1\ncanvas: { size: [64, 48] }\nrender: { fps: 10, duration: 0.1 }\nlayers:\n" + "".join(
                '  - { id: pic%d, shape: image, image: "%s", position: [32, 24], size: [64, 48] }\n' % (i, image) for i in range(layers))
            name = self.work_file(work, "pic.yaml", scene)
        arguments = self.lottie_command(work, name, ("render", "render", "validate", "scene" if holder.startswith("lottie") else "lottie"))
        return Case("progressive-jpeg", arguments, writes=["o", "rt"],
                    note="%s: %d×%d, %d components, %d scans, %d KB, %d layers" % (holder, width, height, components, scans,
                                                                                  len(jpeg) // 1024, layers))

    # The preview server: started on port 0 with the scene, driven over 127.0.0.1 only, always
    # killed at the end of the case.

    def preview_case(self, kind, work, scene_name, driver, note, writes=(), preexec=None):
        return Case(kind, ["preview", scene_name, "--port", "0"], writes=list(writes), note=note, driver=driver, preexec=preexec)

    EVIL_HOSTS = ["evil.example.com", "evil.example.com:{port}", "attacker.test:{port}", "127.0.0.1.evil.example.com:{port}",
                  "localhost.evil.example.com:{port}", "127.0.0.1:{port}.evil.example.com", "EVIL.EXAMPLE.COM:{port}",
                  "evil.example.com:{port}\tx", "evil.example.com:80"]

    def gen_preview_host(self, work, sandbox):
        """Item 10: DNS rebinding: a request naming another host must not get the page, a frame or
        the version; the server's own address must."""
        if self.random.random() < 0.7:
            name = self.work_file(work, "s.yaml", BASE_SCENE.replace("X_TARGET", "40"))
        else:
            name = self.lottie_file(work, dumps(lottie_doc([shape_layer(1, 10, [group_item([rect_item(), FILL_ITEM])])], op=10)))
        hosts = self.random.sample(self.EVIL_HOSTS, 3)
        paths = self.random.sample(["/", "/index.html", "/version", "/frames/frame_00000.png", "/?x=1"], 2)

        def driver(server):
            problems = []
            own = server.get("/")
            if not own or own[0] != 200:
                problems.append("no page for its own Host 127.0.0.1:%d (%s)" % (server.port, own and own[0]))
            for host in hosts:
                for path in paths:
                    answer = server.get(path, host=host.format(port=server.port))
                    if answer and 200 <= answer[0] < 300:
                        problems.append("answered %d (%d bytes) to Host: %s for %s" % (
                            answer[0], len(answer[1]), host.format(port=server.port), path))
            localhost = server.get("/", host="localhost:%d" % server.port)
            if not localhost or localhost[0] != 200:
                problems.append("no page for Host localhost:%d (%s)" % (server.port, localhost and localhost[0]))
            return problems
        return self.preview_case("preview-host", work, name, driver, ("hosts %s, paths %s" % (hosts, paths)).replace("{port}", "PORT"))

    def gen_preview_burst(self, work, sandbox):
        """Item 11: a burst of concurrent frame requests for a large canvas: the server's memory
        must stay within --rss-mb (a pool of workers, a cap on frames in memory)."""
        width, height = self.pick([(7680, 4320), (5120, 2880), (3840, 2160), (6000, 5000), (16384, 2048)])
        requests = self.random.randint(16, 40)
        scene = ("version: 1\ncanvas: { size: [%d, %d], background: \"#202020\" }\nrender: { fps: 30, duration: 10 }\nlayers:\n"
                 "  - { id: a, shape: rect, position: [100, 100], size: [%d, %d], fill: \"#FF0000\" }\n"
                 "  - { id: b, shape: ellipse, position: [%d, %d], size: [300, 300], fill: \"#00FF00\" }\n"
                 "animators:\n  - id: m\n    duration: 10\n    animations:\n      - set: { a.position.x: %d }\n"
                 "script:\n  - { at: 0, start: m }\n") % (width, height, width // 2, height // 2, width // 2, height // 2, width - 100)
        name = self.work_file(work, "big.yaml", scene)
        indices = self.random.sample(range(301), requests)

        def driver(server):
            answers = [None] * requests

            def fetch(slot, index):
                answers[slot] = server.get("/frames/frame_%05d.png" % index, limit=1 << 30)
            threads = [threading.Thread(target=fetch, args=(slot, index), daemon=True) for slot, index in enumerate(indices)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(max(0.0, server.deadline - time.monotonic()) + 0.5)
            server.note = "%d of %d frames answered" % (sum(1 for a in answers if a and a[0] == 200), requests)
            return []
        return self.preview_case("preview-burst", work, name, driver, "%d concurrent frames of %d×%d" % (requests, width, height))

    def gen_preview_long(self, work, sandbox):
        """Item 12: the page of a scene of up to a day at 240 fps: it must come within the timeout,
        and its size must not grow with the frame count."""
        duration, fps = self.pick([(3600, 60), (3600, 240), (21600, 240), (86400, 240), (86400, 120), (20000, 1000)])
        scene = BASE_SCENE.replace("X_TARGET", "40").replace("render: { fps: 10, duration: 1 }",
                                                             "render: { fps: %d, duration: %d }" % (fps, duration))
        name = self.work_file(work, "long.yaml", scene)

        def driver(server):
            answer = server.get("/")
            if answer is None:
                return ["no page within %g s" % self.timeout]
            if answer[2] or len(answer[1]) > 16 << 20:
                return ["a page of %s MB: it grows with the frame count" % (">64" if answer[2] else len(answer[1]) >> 20)]
            return [] if answer[0] == 200 else ["the page is %d" % answer[0]]
        return self.preview_case("preview-long", work, name, driver, "%d s at %d fps (%d frames)" % (duration, fps, duration * fps + 1))

    SAYS_WHY = re.compile(r"(?i)(too large|too big|larger|limit|at most|\bbytes\b|\b[0-9.]+ ?[KMGT]i?B\b)")

    def gen_preview_swap(self, work, sandbox):
        """Item 13: the watched file (or an image it draws) replaced by, or grown into, a sparse
        file of GiBs: memory and CPU stay bounded and the page says why."""
        variant, gib = self.pick(["replace", "grow", "image"]), self.pick([1, 2, 2, 4])
        scene = BASE_SCENE.replace("X_TARGET", "40")
        if variant == "image":
            self.work_file(work, "pic.png", png(8, 8))
            scene = scene.replace("layers:\n", "layers:\n  - { id: picture, shape: image, image: pic.png, position: [32, 24], "
                                                "size: [64, 48] }\n")
        name = self.work_file(work, "s.yaml", scene)
        target = os.path.join(work, "pic.png" if variant == "image" else "s.yaml")

        def driver(server):
            before = server.get("/")
            if not before or before[0] != 200:
                return ["no page before the swap (%s)" % (before and before[0])]
            if variant == "replace":
                with open(target + ".new", "wb") as file:
                    file.write(b"version: 1\n")
                os.truncate(target + ".new", gib << 30)
                os.replace(target + ".new", target)
            else:
                os.truncate(target, gib << 30)
            time.sleep(1.5)
            problems = []
            window = min(3.0, self.timeout / 3)
            share = server.cpu_share(window)
            if share > 0.25:
                problems.append("used %d%% of a core for %.1f s after the watched file became %d GiB" % (share * 100, window, gib))
            answer = server.get("/", deadline=time.monotonic() + self.timeout)
            if answer is None:
                problems.append("no page within %g s after the swap" % self.timeout)
            elif answer[1] == before[1] or not self.SAYS_WHY.search(page_text(answer[1])):
                problems.append("the page does not say why the %d GiB file is not drawn (%d: %r)" % (
                    gib, answer[0], page_text(answer[1]).split()[:30]))
            return problems
        # The swapped file is the driver's doing, not the server's.
        return self.preview_case("preview-swap", work, name, driver, "%s, %d GiB" % (variant, gib),
                                 writes=["s.yaml", "s.yaml.new", "pic.png"])

    def gen_preview_descriptors(self, work, sandbox):
        """Item 13: `accept` failing with EMFILE (the server's descriptors held by idle
        connections) must back off, not spin a core; the server answers once they close."""
        limit = self.random.randint(24, 64)
        connections = limit + self.random.randint(10, 40)
        name = self.work_file(work, "s.yaml", BASE_SCENE.replace("X_TARGET", "40"))

        def lower_limit():
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        def driver(server):
            held = []
            try:
                for _ in range(connections):
                    try:
                        held.append(socket.create_connection(("127.0.0.1", server.port), timeout=1))
                    except OSError:
                        break
                time.sleep(0.5)
                share = server.cpu_share(2.0)
            finally:
                for connection in held:
                    connection.close()
            problems = []
            if share > 0.25:
                problems.append("used %d%% of a core with %d idle connections at %d descriptors (accept spins on EMFILE)" % (
                    share * 100, len(held), limit))
            answer = server.get("/", deadline=time.monotonic() + self.timeout)
            if not answer or answer[0] != 200:
                problems.append("no page within %g s once the connections closed (%s)" % (self.timeout, answer and answer[0]))
            return problems
        return self.preview_case("preview-descriptors", work, name, driver, "%d connections, %d descriptors" % (connections, limit),
                                 preexec=lower_limit)

    # Paths and silent results.

    def gen_asset_paths(self, work, sandbox):
        """Item 14: an image asset whose `u`/`p` is absolute, has `..`, or goes through a symbolic
        link, reaching victim/secret.png: nothing may read it and exit 0, nor embed it."""
        victim = os.path.join(sandbox, "victim")
        variant = self.pick(["absolute-u", "absolute-p", "dotdot-u", "dotdot-p", "inner-dotdot", "symlink", "archive-dotdot"])
        u, p = {"absolute-u": (victim + "/", "secret.png"), "absolute-p": ("", victim + "/secret.png"),
                "dotdot-u": ("../victim/", "secret.png"), "dotdot-p": ("", "../victim/secret.png"),
                "inner-dotdot": ("images/../../victim/", "secret.png"), "symlink": ("img/", "secret.png"),
                "archive-dotdot": ("images/", "../../victim/secret.png")}[variant]
        if variant == "symlink":
            os.symlink("../victim", os.path.join(work, "img"))
        if variant in ("inner-dotdot", "archive-dotdot"):
            os.makedirs(os.path.join(work, "images"))
        asset = {"id": "img", "w": 64, "h": 48, "u": u, "p": p, "e": 0}
        text = dumps(lottie_doc([lottie_layer(2, 1, 10, refId="img", p=(0, 0))], op=10, assets=[asset]))
        name = self.lottie_file(work, text, ("lottie",) if variant == "archive-dotdot" else ("json", "json", "tgs", "lottie"))
        arguments = self.lottie_command(work, name, ("validate", "render", "scene", "scene", "lottie"))
        secret_path = os.path.join(victim, "secret.png")
        secret = open(secret_path, "rb").read()
        # Read here: its last read made older than its last change again, so the command's shows.
        info = os.stat(secret_path)
        os.utime(secret_path, ns=(info.st_mtime_ns - 10 ** 13, info.st_mtime_ns))
        read_before = os.stat(secret_path).st_atime_ns

        def check(work, code, output, errors):
            problems = []
            if code == 0 and os.stat(secret_path).st_atime_ns != read_before:
                problems.append("exit 0 having read victim/secret.png")
            for path in glob.glob(os.path.join(work, "rt", "*")):
                if os.path.isfile(path) and os.path.getsize(path) < 256 << 20:
                    data = open(path, "rb").read()
                    if data.startswith(b"PK"):
                        try:
                            with zipfile.ZipFile(path) as archive:
                                data += b"".join(archive.read(entry) for entry in archive.namelist()[:16])
                        except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError):
                            pass
                    if base64.b64encode(secret)[:96] in data or secret[:64] in data:
                        problems.append("%s embeds victim/secret.png" % os.path.relpath(path, work))
            return problems
        return Case("asset-paths", arguments, writes=["o", "rt"], note="%s: u %r p %r" % (variant, u, p), check=check)

    def gen_convert_roundtrip(self, work, sandbox):
        """Item 15 and round trips: `convert --to scene` and `--to lottie` of files with values past
        the limits (1e300, 1.5e308, 1e999 in tracks), tracks of 100,000+ samples, 100,000+ layers,
        precomps nested past 32, scenes at their limits; what convert writes (exit 0) must pass
        its own `validate`."""
        variant = self.pick(["values", "values", "long-track", "layers", "nesting", "scene-limits", "scene-nesting", "corpus"])
        to, op = self.pick(["scene", "scene", "scene", "lottie"]), 10
        if variant == "values":
            value = self.pick(["1e300", "1.5e308", "1e308", "-1e300", "1e999", "-1e999", "1e15", "3e38"])
            where = self.pick(["p", "s", "r", "o", "a"])
            layer = shape_layer(1, op, [group_item([rect_item(), FILL_ITEM])])
            dims = 1 if where in ("r", "o") else 3
            layer["ks"][where] = {"a": 1, "k": [{"t": 0, "s": ["V"] * dims, "i": {"x": 0.5, "y": 0.5}, "o": {"x": 0.5, "y": 0.5}},
                                                {"t": op, "s": [1] * dims}]}
            text, note = dumps(lottie_doc([layer], op=op)).replace('"V"', value), "%s in ks.%s" % (value, where)
        elif variant == "long-track":
            span = self.pick([100_001, 150_000, 200_001, 300_000])
            layer = shape_layer(1, span, [group_item([rect_item(), FILL_ITEM])])
            layer["ks"]["p"] = {"a": 1, "k": [{"t": 0, "s": [0, 0], "i": {"x": [0.2, 0.9], "y": [0.8, 0.1]},
                                                 "o": {"x": [0.3, 0.6], "y": [0.1, 0.7]}}, {"t": span, "s": [64, 48]}]}
            text, note = dumps(lottie_doc([layer], op=span, fr=240)), "a per-dimension eased track over %d frames" % span
        elif variant == "layers":
            # Each shape layer is a group and a path in the scene, each shape group too.
            count, how = self.pick([34_000, 50_001, 70_000, 100_001]), self.pick(["layers", "groups", "both"])
            # Written from one layer's JSON: json.dumps of 100,000 layers takes seconds.
            group, empty = dumps(group_item([rect_item(2, 2), FILL_ITEM])), dumps(shape_layer("IND", op, nm="Layer IND", shapes=[]))
            if how == "layers":
                layer, number = dumps(shape_layer("IND", op, nm="Layer IND", shapes=[rect_item(2, 2), FILL_ITEM])), count
            elif how == "groups":
                layer, number = empty.replace('"shapes":[]', '"shapes":[%s]' % ",".join([group] * count)), 1
            else:
                layer, number = empty.replace('"shapes":[]', '"shapes":[%s]' % ",".join([group] * 10)), count // 10
            layers = ",".join(layer.replace('"IND"', str(i + 1)).replace("Layer IND", "Layer %d" % (i + 1)) for i in range(number))
            text = dumps(lottie_doc([], op=op)).replace('"layers":[]', '"layers":[%s]' % layers)
            note = "%d shapes as %s" % (count, how)
        elif variant == "nesting":
            depth = self.random.randint(30, 300)
            assets = [{"id": "c%d" % i, "w": 64, "h": 48, "layers": [lottie_layer(0, 1, op, refId="c%d" % (i + 1), w=64, h=48)]}
                      for i in range(depth)]
            assets.append({"id": "c%d" % depth, "layers": [solid_layer(1, op)]})
            text = dumps(lottie_doc([lottie_layer(0, 1, op, refId="c0", w=64, h=48)], op=op, assets=assets))
            note = "%d precomps deep" % depth
        elif variant == "corpus":
            corpus = sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Lottie", "Corpus", "*.json")))
            if not corpus:
                return self.gen_convert_roundtrip(work, sandbox)
            source = self.pick(corpus)
            text = open(source).read()
            numbers = [m for m in re.finditer(r"(?<=[\[:,])-?[0-9]+(\.[0-9]+)?(?=[,\]}])", text)]
            edits = []
            for match in self.random.sample(numbers, min(len(numbers), self.random.randint(1, 4))):
                edits.append((match.start(), match.end(), self.pick(["1e300", "1.5e308", "1e999", "-1e999", "1e7", "100001", "0", "-1"])))
            for start, end, value in sorted(edits, reverse=True):
                text = text[:start] + value + text[end:]
            note = "%s with %s" % (os.path.basename(source), [(s, v) for s, _, v in edits])
        if variant.startswith("scene"):
            to = "lottie"
            if variant == "scene-nesting":
                # A translucent layer with children is a precomp in Lottie: nested past its 32.
                depth = self.random.randint(33, 256)
                lines, indent = ["version: 1", "canvas: { size: [64, 48] }", "render: { fps: 10, duration: 0.1 }", "layers:"], "  "
                for level in range(depth):
                    lines += ["%s- id: n%d" % (indent, level), "%s  size: [64, 48]" % indent, "%s  position: [32, 24]" % indent,
                              "%s  opacity: 0.9" % indent, "%s  children:" % indent]
                    indent += "    "
                lines.append('%s- { id: dot, shape: rect, position: [32, 24], size: [40, 40], fill: "#FF0000" }' % indent)
                scene, note = "\n".join(lines) + "\n", "a scene of translucent layers nested %d deep" % depth
            else:
                scene, edits = BASE_SCENE.replace("X_TARGET", "10000000"), []
                limits = [("size: [20, 20]", "size: [10000000, 10000000]"), ("fps: 10", "fps: 1000"), ("duration: 1 }", "duration: 86400 }"),
                          ("width: 1,", "width: 100000,"), ("font: { size: 8 }", "font: { size: 10000 }"),
                          ("position: [20, 20]", "position: [-10000000, 10000000]"),
                          ('fill: "#FF0000" }', 'fill: "#FF0000", shadow: { radius: 100000, offset: [10000000, -10000000] } }')]
                for key, value in self.random.sample(limits, self.random.randint(1, 3)):
                    scene = scene.replace(key, value, 1)
                    edits.append(value)
                if "fps: 1000" in scene and "duration: 86400" in scene:
                    scene = scene.replace("duration: 86400 }", "duration: 20 }")
                note = "a scene at its limits: %s" % edits
            name = self.work_file(work, "in.yaml", scene)
        else:
            name = self.lottie_file(work, text)
        os.makedirs(os.path.join(work, "rt"))
        out = "rt/out.yaml" if to == "scene" else self.pick(["rt/out.json", "rt/out.lottie"])

        def check(work, code, output, errors):
            if code != 0 or not os.path.exists(os.path.join(work, out)):
                return []
            problems, again, said, stderr = self.follow(["validate", out], work, "validate")
            if again not in (0, None):
                first = stderr.decode("utf-8", "replace").strip().split("\n")[0][:240]
                problems.append("convert wrote %s (exit 0), which its own validate refuses (exit %s: %s)" % (out, again, first))
            elif again == 0 and variant.startswith("scene"):
                # A scene read whole must read back whole: nothing of the written file left undrawn.
                lost = [line for line in said.decode("utf-8", "replace").split("\n") if "not drawn" in line]
                if lost:
                    problems.append("convert wrote %s (exit 0), which reads back with parts not drawn: %s" % (out, lost[0][:240]))
            return problems
        return Case("convert-roundtrip", ["convert", name, "--to", to, "-o", out], writes=["rt"], note=note, check=check)

    def gen_silent_drop(self, work, sandbox):
        """Item 16: what is dropped without a word: a path of 100,000+ vertices, keys past
        100,000 (validate ok, then the frame drawn empty), `fr` (or `w`, `op`…) of 1e999 (the
        error must name it)."""
        variant = self.pick(["vertices", "keys", "number"])
        if variant == "number":
            key, value = self.pick(["fr", "fr", "w", "h", "op", "ip"]), self.pick(["1e999", "-1e999", "1e400"])
            text = dumps(lottie_doc([shape_layer(1, 10, [group_item([rect_item(), FILL_ITEM])])], op=10))
            # The top-level key comes first in the text, before any layer's of the same name.
            text = re.sub(r'"%s":[^,]+,' % key, lambda _: '"%s":%s,' % (key, value), text, count=1)
            assert value in text, "the number was not put in"
            name = self.lottie_file(work, text)

            def check(work, code, output, errors):
                said = errors.decode("utf-8", "replace")
                if code == 0:
                    return ["exit 0 for %s: %s" % (key, value)]
                lines = said.strip().split("\n")
                if any("unknown key" in line for line in lines):
                    return ["%s: %s makes it a scene file: %r" % (key, value, [l for l in lines if "unknown key" in l][:2])]
                if not any(re.search(r"(^|[\s:.\[\"'`])%s($|[\s:.\]\"'`])" % key, line) for line in lines):
                    return ["%s: %s is refused without naming %s: %r" % (key, value, key, lines[:3])]
                return []
            arguments = self.lottie_command(work, name, ("validate", "render", "scene"))
            return Case("silent-drop", arguments, writes=["o", "rt"], note="%s: %s" % (key, value), check=check)
        if variant == "vertices":
            count = self.pick([100_001, 150_000, 300_000])
            center, radius = (32, 24), 20
            vertices = ",".join("[%.4f,%.4f]" % (center[0] + radius * math.cos(2 * math.pi * i / count),
                                                  center[1] + radius * math.sin(2 * math.pi * i / count)) for i in range(count))
            zeros = ",".join(["[0,0]"] * count)
            path = {"ty": "sh", "ks": k({"c": True, "v": "V", "i": "I", "o": "I"})}
            layer = shape_layer(1, 10, [group_item([path, FILL_ITEM])], p=(0, 0))
            doc = dumps(lottie_doc([layer], op=10)).replace('"V"', "[%s]" % vertices).replace('"I"', "[%s]" % zeros)
            frame, note = 0, "a path of %d vertices" % count
        else:
            count = 100_000 + self.pick([1, 10, 1000, 50_000])
            keys = [{"t": i, "s": [-1000, -1000, 0] if i < 100_000 else [32, 24, 0], "h": 1} for i in range(count)]
            layer = shape_layer(1, count + 5, [group_item([rect_item(), FILL_ITEM])])
            layer["ks"]["p"] = {"a": 1, "k": keys}
            doc, frame, note = lottie_doc([layer], op=count + 5, fr=240), count + 2, "%d position keys (the last ones in view)" % count
        name = self.lottie_file(work, doc if isinstance(doc, str) else dumps(doc))

        def check(work, code, output, errors):
            if code != 0:
                return []
            problems, rendered, _, _ = self.follow(["render", name, "--frames", str(frame), "--out", "o"], work, "render")
            frames = sorted(glob.glob(os.path.join(work, "o", "*.png")))
            if rendered == 0 and frames:
                width, height, channels, rows = png_pixels(open(frames[0], "rb").read())
                pixel = rows[height // 2][(width // 2) * channels:(width // 2 + 1) * channels]
                if pixel[0] < 128 or (channels in (2, 4) and pixel[-1] < 128):
                    problems.append("validate says ok, yet frame %d is empty (%s: the shape covers the centre)" % (frame, note))
            return problems
        return Case("silent-drop", ["validate", name], writes=["o"], note=note, check=check)

    # The families, in the order --list-families prints them: (name, may take the whole timeout,
    # what it makes). A run picks among them at random; --family picks some.
    FAMILIES = [
        ("accept", False, "test reports with hostile names, planted links and FIFOs: test --accept, --merge"),
        ("manifest", False, "render folders with hostile manifests and journals: --resume, video, sheet, view, diff, manifest merge"),
        ("png", False, "PNG headers of any size, broken chunks: diff, image layers"),
        ("alias", False, "YAML alias bombs, also as mapping keys"),
        ("scene", False, "scenes with numbers at and past every limit"),
        ("flags", False, "extreme flags and farm variables"),
        ("name", False, "hostile scene file names (...yaml, control characters)"),
        ("lottie-depth", True, "1: merge paths chained ~1,000 deep, groups and precomps nested thousands deep"),
        ("lottie-image", True, "2: a .lottie (or .tgs data URL) image of an 8x8 PNG then up to 240 MB of zeros, many layers"),
        ("lottie-bomb", True, "3: a .tgs/.lottie of small arrays inflating to 240 MB of JSON, or arrays nested 1e7 deep"),
        ("lottie-sampling", True, "4: time remap, text documents, per-dimension easing, 1,000 layers' in/out over 1e4-2e7 frames"),
        ("lottie-parents", True, "5: parent chains and trees of 1,000-20,000 layers (wrapper groups count)"),
        ("replicators", True, "6: nested Lottie repeaters and scene replicators multiplying to 1e6-1e12"),
        ("lottie-names", True, "7: 5,000-40,000 layers of one name; precomp fan-out to 1e4-1e8 layers"),
        ("box-text", True, "8: box text of 20,000-300,000 words"),
        ("progressive-jpeg", True, "9: progressive JPEGs up to 4096² with up to 2,647 scans (data URL, archive, file)"),
        ("preview-host", True, "10: preview asked with Host: evil.example.com and the like (DNS rebinding)"),
        ("preview-burst", True, "11: 16-40 concurrent frame requests of a 4K-8K canvas: the server's peak memory"),
        ("preview-long", True, "12: the page of a scene of an hour to a day at up to 240 fps"),
        ("preview-swap", True, "13: the watched scene (or its image) swapped for or grown into a sparse 1-4 GiB file"),
        ("preview-descriptors", True, "13: accept failing with EMFILE (a low descriptor limit, idle connections): no spinning"),
        ("asset-paths", True, "14: image assets whose u/p are absolute, have .. or go through a link to victim/"),
        ("convert-roundtrip", True, "15: convert both ways of values, tracks, layers and nesting past the limits, then validate"),
        ("silent-drop", True, "16: paths of 100,000+ vertices, keys past 100,000 (validate ok, frame empty), fr: 1e999"),
    ]

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
                if is_allowed(path) or (folder == sandbox and name.endswith(".log")):
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

    def run_case(self, families):
        self.count += 1
        sandbox = os.path.join(self.root, "case-%d" % self.count)
        work, victim = os.path.join(sandbox, "work"), os.path.join(sandbox, "victim")
        os.makedirs(work)
        os.makedirs(victim)
        secret = os.path.join(victim, "secret.png")
        shutil.copy(os.path.join(self.templates, "out", "frame_00000.png"), secret)
        # Its last read older than its last change: any read of it moves its atime (relatime).
        info = os.stat(secret)
        os.utime(secret, ns=(info.st_mtime_ns - 10 ** 13, info.st_mtime_ns))
        family = self.pick(families)
        case = getattr(self, "gen_" + family.replace("-", "_"))(work, sandbox)
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
        elif self.verbose:
            print("ok case-%d-%s: zoetrope %s %s (exit %s, %.1f s, %d MB)" % (
                self.count, case.kind, " ".join(case.arguments)[:160], case.note[:200], status, elapsed, rss), flush=True)
        shutil.rmtree(sandbox, ignore_errors=True)
        return case.kind

    def execute(self, case, work):
        if case.driver:
            return self.execute_server(case, work)
        problems, elapsed, rss, code, output, errors = self.monitored(case.arguments, work, case.env, "")
        if case.check and not any(p.startswith(("ran past", "killed past")) for p in problems):
            problems += case.check(work, code, output, errors)
        return problems, elapsed, rss, code

    def follow(self, arguments, work, label):
        """A further command of a case (a round trip's validate): its problems, each naming it; its
        exit code (None when it was stopped), stdout and stderr."""
        problems, elapsed, rss, code, output, errors = self.monitored(arguments, work, {}, label + "-")
        stopped = any(p.startswith(("ran past", "killed past")) for p in problems)
        return ["then `zoetrope %s`: %s" % (" ".join(arguments)[:100], p) for p in problems], None if stopped else code, output, errors

    def monitored(self, arguments, work, env, label, preexec=None):
        problems = []
        out_path, err_path = os.path.join(work, "..", label + "stdout.log"), os.path.join(work, "..", label + "stderr.log")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.monotonic()
            process = subprocess.Popen([self.zoetrope] + arguments, cwd=work, stdout=out, stderr=err,
                                       stdin=subprocess.DEVNULL, env=self.environment(env), start_new_session=True,
                                       preexec_fn=preexec)
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
        errors = open(err_path, "rb").read(4 << 20)
        problems += self.judge_stderr(errors, os.WEXITSTATUS(status) if os.WIFEXITED(status) else None)
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
        with open(out_path, "rb") as file:
            output = file.read(1 << 20)
        return problems, elapsed, rss, code, output, errors

    @staticmethod
    def judge_stderr(errors, code):
        problems = []
        if any(byte < 0x20 and byte not in (0x0A,) or byte == 0x7F for byte in errors):
            problems.append("a control character on stderr")
        if code in (65, 66, 73, 74) and not errors.strip():
            problems.append("exit %d without a message" % code)
        return problems

    def execute_server(self, case, work):
        """Starts `preview`, waits for the port it prints, runs the case's driver, then kills it.
        Its memory is sampled all along; ending on its own while driven is a finding."""
        problems = []
        out_path, err_path = os.path.join(work, "..", "stdout.log"), os.path.join(work, "..", "stderr.log")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.monotonic()
            process = subprocess.Popen([self.zoetrope] + case.arguments, cwd=work, stdout=out, stderr=err,
                                       stdin=subprocess.DEVNULL, env=self.environment(case.env), start_new_session=True,
                                       preexec_fn=case.preexec)
        watch, done, hard = {"rss": 0, "stopped": None}, threading.Event(), 3 * self.timeout + 10

        def kill():
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

        def sample():
            while not done.is_set() and process.poll() is None:
                watch["rss"] = max(watch["rss"], self.resident_mb(process.pid))
                if watch["rss"] > 2 * self.rss_mb:
                    watch["stopped"] = "killed past %d MB" % watch["rss"]
                elif time.monotonic() - start > hard:
                    watch["stopped"] = "ran past %g s" % hard
                if watch["stopped"]:
                    kill()
                    return
                time.sleep(0.01)
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        port = None
        try:
            while time.monotonic() - start < self.timeout and process.poll() is None and port is None:
                with open(out_path, "rb") as file:
                    match = re.search(rb"http://127\.0\.0\.1:([0-9]+)/", file.read(4096))
                port = int(match.group(1)) if match else None
                time.sleep(0 if port else 0.02)
            if port is None and process.poll() is None and not watch["stopped"]:
                problems.append("printed no port within %g s" % self.timeout)
            elif port is not None:
                server = Server(self, process, port, start)
                problems += case.driver(server)
                if getattr(server, "note", ""):
                    case.note += "; " + server.note
        finally:
            code = process.poll()
            watch["rss"] = max(watch["rss"], self.resident_mb(process.pid))
            kill()
            process.wait()
            done.set()
            sampler.join()
        elapsed = time.monotonic() - start
        if watch["stopped"]:
            problems.append(watch["stopped"])
        elif code is not None and code < 0:
            problems.append("ended by signal %d" % -code)
        elif code is not None and code not in ALLOWED_EXITS:
            problems.append("exit %d" % code)
        elif code is not None and port is not None:
            problems.append("the server ended (exit %d) while it was driven" % code)
        if watch["rss"] > self.rss_mb:
            problems.append("used %d MB" % watch["rss"])
        problems += self.judge_stderr(open(err_path, "rb").read(4 << 20), code)
        return problems, elapsed, watch["rss"], "killed at the end" if code is None else code

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
        left_out = []

        def ignore(folder, names):
            # FIFOs are not copied, nor files past 64 MB (a sparse watched file, a huge output).
            skipped = []
            for name in names:
                info = os.lstat(os.path.join(folder, name))
                if stat.S_ISFIFO(info.st_mode) or (stat.S_ISREG(info.st_mode) and info.st_size > 64 << 20):
                    skipped.append(name)
                    if stat.S_ISREG(info.st_mode):
                        left_out.append("%s (%d bytes)" % (os.path.relpath(os.path.join(folder, name), sandbox), info.st_size))
            return skipped
        shutil.copytree(sandbox, target, symlinks=True, ignore=ignore)
        with open(os.path.join(target, "finding.json"), "w") as file:
            json.dump({"command": ["zoetrope"] + case.arguments, "environment": case.env, "note": case.note, "problems": problems,
                       "exit": status, "seconds": round(elapsed, 2), "rssMB": rss, "notCopied": left_out}, file, indent=2)
        self.found.append(target)
        print("FINDING %s: zoetrope %s %s: %s (exit %s, %.1f s, %d MB)" % (
            os.path.basename(target), " ".join(case.arguments)[:200], case.note[:200], "; ".join(problems)[:600], status, elapsed, rss),
            flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("zoetrope", nargs="?")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--cases", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--rss-mb", type=int, default=1536)
    parser.add_argument("--findings", default=".build/blackbox-findings")
    parser.add_argument("--family", default=None, help="run only these families (comma-separated; see --list-families)")
    parser.add_argument("--list-families", action="store_true", help="print the families and what each makes")
    parser.add_argument("--verbose", action="store_true", help="print every case, not only findings")
    options = parser.parse_args()
    heavy = {name: slow for name, slow, _ in Fuzzer.FAMILIES}
    if options.list_families:
        for name, slow, what in Fuzzer.FAMILIES:
            print("%-20s %s%s" % (name, what, " (may take the whole --timeout)" if slow else ""))
        return
    if not options.zoetrope:
        parser.error("the zoetrope binary to run is required")
    families = [name for name, _, _ in Fuzzer.FAMILIES]
    if options.family:
        wanted = [name.strip() for name in options.family.split(",") if name.strip()]
        unknown = [name for name in wanted if name not in heavy]
        if unknown:
            parser.error("unknown families %s (--list-families names them)" % ", ".join(unknown))
        families = wanted
    if options.seconds is None and options.cases is None:
        options.cases = 100
    fuzzer = Fuzzer(os.path.abspath(options.zoetrope), options.seed, options.timeout, options.rss_mb,
                    os.path.abspath(options.findings))
    fuzzer.verbose = options.verbose
    start, kinds = time.monotonic(), {}
    # A heavy case (a command and its follow-up, or a preview driven) takes at most about twice
    # the timeout: none starts when less than that is left of --seconds.
    heavy_case = 2 * options.timeout + 6
    try:
        while (options.cases is None or fuzzer.count < options.cases) and \
                (options.seconds is None or time.monotonic() - start < options.seconds):
            pool = families
            if options.seconds is not None and options.seconds - (time.monotonic() - start) < heavy_case:
                pool = [name for name in families if not heavy[name]]
                if not pool:
                    break
            kind = fuzzer.run_case(pool)
            kinds[kind] = kinds.get(kind, 0) + 1
    finally:
        shutil.rmtree(fuzzer.root, ignore_errors=True)
    summary = ", ".join("%s %d" % item for item in sorted(kinds.items()))
    print("blackbox: %d cases (%s) in %.0f s, seed %d: %d findings" % (fuzzer.count, summary, time.monotonic() - start,
                                                                       options.seed, len(fuzzer.found)))
    sys.exit(1 if fuzzer.found else 0)


if __name__ == "__main__":
    main()
