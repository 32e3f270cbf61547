"""Renders frames of one Lottie file with ThorVG (the reference renderer), in its own process.

usage: thorvg_frames.py FILE OUT_DIR SIZE FRAME...

Writes OUT_DIR/frame_K.png for each frame K (0 is the first frame, at the file's ip; K may be
fractional, 12.5, and names the file as it was given) at most SIZE pixels a side (never
enlarged), or at exactly W × H pixels when SIZE is WxH, and prints one JSON line: the size,
the frame count, the median milliseconds one frame took to draw (update, draw, sync; one
thread), and the milliseconds all frames took to draw and Pillow took to write as PNG.
"""
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

import thorvg_python as tvg
from PIL import Image


def unpacked(file, folder):
    """The JSON of a packed file (a .tgs gzip stream, a .lottie zip archive, its images beside
    it), for the binding reads JSON only; the file itself otherwise."""
    with open(file, "rb") as handle:
        head = handle.read(4)
    if head[:2] == b"\x1f\x8b":
        target = os.path.join(folder, "animation.json")
        with gzip.open(file) as source, open(target, "wb") as sink:
            sink.write(source.read())
        return target
    if head == b"PK\x03\x04":
        with zipfile.ZipFile(file) as archive:
            names = archive.namelist()
            wanted = None
            if "manifest.json" in names:
                animations = json.loads(archive.read("manifest.json")).get("animations") or [{}]
                wanted = f"animations/{animations[0].get('id')}.json"
            jsons = [n for n in names if n.endswith(".json") and n != "manifest.json"]
            name = wanted if wanted in names else next((n for n in jsons if n.startswith("animations/")), jsons[0] if jsons else None)
            if name is None:
                return file
            target = os.path.join(folder, "animation.json")
            with open(target, "wb") as sink:
                sink.write(archive.read(name))
            # The archive's images, where an asset's "u" + "p" finds them beside the JSON:
            # under images/ and, for assets that name the file alone, next to it.
            for entry in names:
                if entry.startswith("images/") and not entry.endswith("/"):
                    data = archive.read(entry)
                    for place in (os.path.join(folder, entry), os.path.join(folder, os.path.basename(entry))):
                        os.makedirs(os.path.dirname(place), exist_ok=True)
                        with open(place, "wb") as sink:
                            sink.write(data)
            return target
    return file


def load_fonts(file, engine):
    """Loads into ThorVG the installed font that fontconfig picks for each font the file lists,
    the font Zoetrope sets its text in when the file carries no glyph outlines (ThorVG draws
    such text only in a font loaded into it); for a font Zoetrope draws in a substitute, that
    family (THORVG_FONTS: JSON of family by index in `fonts.list`, from lottie_check.py)."""
    try:
        substitutes = json.loads(os.environ.get("THORVG_FONTS") or "{}")
    except ValueError:
        substitutes = {}
    try:
        with open(file, "rb") as handle:
            fonts = (json.load(handle).get("fonts") or {}).get("list") or []
    except (OSError, ValueError, AttributeError):
        return
    text = tvg.Text(engine)
    for index, font in enumerate(fonts):
        if not isinstance(font, dict):
            continue
        family = substitutes.get(str(index)) or font.get('fFamily') or font.get('fName') or 'sans-serif'
        pattern = family if ":style=" in family else f"{family}:style={font.get('fStyle') or 'Regular'}"
        try:
            path = subprocess.run(["fc-match", "-f", "%{file}", pattern], capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            return
        if path:
            text.font_load(path)


def main():
    file, out, size, frames = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    file = unpacked(file, tempfile.mkdtemp())
    engine = tvg.Engine(threads=0)
    load_fonts(file, engine)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    if picture.load(file) != tvg.Result.SUCCESS:
        print(json.dumps({"error": "ThorVG cannot load the file"}))
        return
    _, width, height = picture.get_size()
    if width <= 0 or height <= 0:
        print(json.dumps({"error": "ThorVG reads a size of 0"}))
        return
    if "x" in size:
        w, h = (int(n) for n in size.split("x"))
        scale = w / width
        picture.set_size(w, h)
    else:
        scale = min(int(size) / width, int(size) / height, 1)
        w, h = max(1, round(width * scale)), max(1, round(height * scale))
        # The picture at the one scale both ways, as Zoetrope draws at --scale: set to the
        # rounded canvas (1200 × 1000 points as 512 × 427 pixels) ThorVG would stretch it
        # across (0.08 % taller), and every long horizontal edge would differ by a fraction
        # of a pixel.
        picture.set_size(width * scale, height * scale)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h, cs=tvg.Colorspace.ABGR8888S)  # straight alpha, as PNG holds it
    canvas.add(picture)
    _, total = animation.get_total_frame()
    times, saves = [], []
    for frame in frames:
        animation.set_frame(float(frame))
        start = time.perf_counter()
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        drawn = time.perf_counter()
        times.append((drawn - start) * 1000)
        Image.frombytes("RGBA", (w, h), bytes(canvas.buffer_arr)).save(f"{out}/frame_{frame}.png")
        saves.append((time.perf_counter() - drawn) * 1000)
    print(json.dumps({"width": w, "height": h, "scale": scale, "frames": total, "ms": statistics.median(times),
                      "draw_total_ms": sum(times), "save_total_ms": sum(saves)}))


if __name__ == "__main__":
    main()
