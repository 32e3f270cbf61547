#!/usr/bin/env bash
# make bench, particles: the CPU time of rendering 2,000 live particles (one emitter, issue #48)
# against 2,000 image layers of the same 16-point sprite, each moved by one animator, both on a
# 640×480 canvas, FRAMES frames at 30 fps, one job, best of three. The goal is a ratio of at
# most 2: a particle costs no more than twice a plain sprite. Also the CPU time of rendering
# frames 40-60 of scenes/snow.yaml alone.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/zoetrope}
WORK=.build/bench/particles
FRAMES=${FRAMES:-60}
mkdir -p "$WORK"
python3 - "$WORK" "$FRAMES" <<'PY'
import base64, random, struct, sys, zlib
work, frames = sys.argv[1], int(sys.argv[2])
# A 16×16 white disc with a soft edge: the sprite both scenes draw.
rows = b""
for y in range(16):
    rows += b"\x00"
    for x in range(16):
        d = ((x - 7.5) ** 2 + (y - 7.5) ** 2) ** 0.5
        rows += bytes([255, 255, 255, max(0, min(255, int((8 - d) * 128)))])
chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 6, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
sprite = "data:image/png;base64," + base64.b64encode(png).decode()
duration = (frames - 1) / 30
head = f'version: 1\ncanvas: {{ size: [640, 480], background: "#102030" }}\nrender: {{ fps: 30, duration: {duration} }}\nlayers:\n'
# 2,000 alive at every frame: 200 born a second, each living 10 s, the first 10 s before the scene.
open(f"{work}/particles.yaml", "w").write(head + f"""  - id: field
    shape: group
    position: [320, 240]
    size: [640, 480]
    emitter:
      shape: rectangle
      mode: surface
      position: [320, 240]
      size: [640, 480]
      prewarm: 10
      seed: 2000
      cells:
        - {{ contents: "{sprite}", birthRate: 200, lifetime: 10, velocity: 20, emissionRange: 6.283185307179586,
            spin: 1, spinRange: 1, color: "#FFFFFFCC" }}
""")
random.seed(2000)
layers, moves = [], []
for i in range(2000):
    x, y = random.uniform(0, 640), random.uniform(0, 480)
    layers.append(f'  - {{ id: s{i}, shape: image, image: *sprite, position: [{x:.2f}, {y:.2f}], size: [16, 16], opacity: 0.8 }}' if i
                  else f'  - {{ id: s{i}, shape: image, image: &sprite "{sprite}", position: [{x:.2f}, {y:.2f}], size: [16, 16], opacity: 0.8 }}')
    moves.append(f"s{i}.position: [{x + random.uniform(-40, 40):.2f}, {y + random.uniform(-40, 40):.2f}], s{i}.rotation: {random.uniform(-2, 2):.2f}")
open(f"{work}/sprites.yaml", "w").write(head + "\n".join(layers) + f"""
animators:
  - id: drift
    duration: {duration}
    timing: linear
    animations:
      - set: {{ {", ".join(moves)} }}
script:
  - {{ at: 0, start: drift }}
""")
PY
# The CPU seconds of one render (user + system).
cpu() {
  /usr/bin/time -o "$WORK/time" -f "%U %S" "$@" > /dev/null 2>&1 || return 1
  awk '{ printf "%.3f", $1 + $2 }' "$WORK/time"
}
best() {
  local best=""
  for _ in 1 2 3; do
    rm -rf "$WORK/out"
    local s; s=$(cpu "$BIN" render "$@" --out "$WORK/out" --jobs 1 --progress none)
    if [ -z "$best" ] || awk "BEGIN { exit !($s < $best) }"; then best=$s; fi
  done
  echo "$best"
}
particles=$(best "$WORK/particles.yaml")
sprites=$(best "$WORK/sprites.yaml")
snow=$(best scenes/snow.yaml --frames 40-60)
printf "%-44s %8s s\n" "2,000 particles, $FRAMES frames" "$particles" "2,000 image layers, $FRAMES frames" "$sprites" \
  "scenes/snow.yaml, frames 40-60 alone" "$snow"
ratio=$(awk "BEGIN { printf \"%.2f\", $particles / $sprites }")
verdict=$(awk "BEGIN { print ($ratio <= 2) ? \"target met\" : \"TARGET MISSED\" }")
echo "particles / image layers: ${ratio}× ($verdict, <= 2)"
