#!/usr/bin/env bash
# The seed chapters' UIKit code against their scenes: each Example (built by `swift build`)
# films its demo, `zoetrope render` renders the matching scene in scenes/, and every frame must
# be the same bytes, with the same number of frames. The film's own recording, written as a
# scene file (`film.writeScene(to:)`), must render the same bytes too, and read and written
# again (`zoetrope convert --to scene`) be the same bytes as the film wrote.
# Usage: compare.sh BUILD_DIR OUT_DIR
set -euo pipefail
bin=$1
out=$2
rm -rf "$out"
mkdir -p "$out"

# example  scene(s) it films (each example writes OUT/<scene>/ per scene)
pairs=(
  "Dismiss dismiss-transition"
  "Navigation navigation-detail"
  "Table table-rows"
  "ChatText chat-text"
  "LayerTime login-form search-avatars slide-to-unlock pull-to-refresh voice-meter logo-reveal penguin-walk side-menu-3d snow"
  "BlurPreview touch-preview"
  "SignUp sign-up-form"
  "StackToggle stack-toggle"
  "Animalation frog frog-jump frog-spring frog-fling frog-pause-scrub frog-stop-finish frog-reverse frog-crossfade-reversed frog-crossfade"
)

failures=0
# compare NAME EXPECTED_FOLDER FILM_FOLDER: the same frames, the same bytes.
compare() {
  local expected film differing=0
  expected=$(ls "$2" | grep -c '^frame_.*\.png$')
  film=$(ls "$3" | grep -c '^frame_.*\.png$')
  for frame in "$2"/frame_*.png; do
    cmp -s "$frame" "$3/$(basename "$frame")" || differing=$((differing + 1))
  done
  if [ "$film" != "$expected" ] || [ "$differing" != 0 ]; then
    echo "FAIL $1: $film film frames, $expected expected, $differing differ"
    failures=$((failures + 1))
  else
    echo "ok   $1: $expected frames, the same bytes"
  fi
}

for pair in "${pairs[@]}"; do
  read -r example scenes <<<"$pair"
  "$bin/$example" "$out/films"
  for scene in $scenes; do
    # The scene and the recording rendered side by side: a small scene's render is mostly one
    # thread (reading and evaluating), so two at once use both cores.
    "$bin/zoetrope" render "scenes/$scene.yaml" --out "$out/scenes/$scene" --progress none >/dev/null &
    scene_render=$!
    "$bin/zoetrope" render "$out/films/$scene.json" --out "$out/recordings/$scene" --progress none >/dev/null
    wait "$scene_render"
    compare "$example vs scenes/$scene.yaml" "$out/scenes/$scene" "$out/films/$scene"
    compare "$example's recording $scene.json vs its film" "$out/recordings/$scene" "$out/films/$scene"
    mkdir -p "$out/rewritten"
    "$bin/zoetrope" convert "$out/films/$scene.json" --to scene -o "$out/rewritten/$scene.json" >/dev/null
    if cmp -s "$out/films/$scene.json" "$out/rewritten/$scene.json"; then
      echo "ok   $example's recording $scene.json: read and written again, the same bytes"
    else
      echo "FAIL $example's recording $scene.json: read and written again, different bytes"
      failures=$((failures + 1))
    fi
  done
done
exit $((failures > 0))
