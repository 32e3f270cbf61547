#!/usr/bin/env bash
# Runs Zoetrope's libFuzzer targets (built by `make fuzz-build`; FuzzFirstFrame, which reaches
# Cairo and the pointer code of drawing, also under AddressSanitizer): first every input kept in
# Regressions/<target>/ (each once: a crash fixed must stay fixed), then each target for SECONDS
# with its seeds, its growing corpus (.build/corpus/<target>) and, for scenes, the scene format's
# dictionary. Prints the executions of each and in all; exits 1 on any crash, whose input is
# left in .build/crashes/<target>/ to be kept in Regressions/ once fixed.
#
#   Fuzz/run.sh SECONDS [TARGET...]
#
# FUZZ_BUILD_DIR runs every target from one build folder (make fuzz-short: all under
# AddressSanitizer, unoptimised, .build-short/release); FUZZ_TIMEOUT is the seconds an input may
# take (10). FUZZ_SHORT=1 (make fuzz-short, on an unoptimised build) leaves out the seeds that
# take such a build minutes to draw: the scenes at the limits (limits-*), and for
# FuzzSceneAtSize, which draws every seed whole at its size, the scenes of scenes/ (its own seeds
# stay); make fuzz keeps them all.
set -euo pipefail
cd "$(dirname "$0")"
seconds=$1; shift
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(FuzzSceneReader FuzzFirstFrame FuzzSceneAtSize FuzzCommandLine FuzzCurveSpec FuzzSVGPath)
# Swift's own crash reporter would stand in libFuzzer's way; leaks of the runtime's caches are not findings.
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
shopt -s nullglob

total=0
for target in "${targets[@]}"; do
    bin=.build/release
    [[ $target == FuzzFirstFrame ]] && bin=.build-asan/release
    bin=${FUZZ_BUILD_DIR:-$bin}
    kept=(Regressions/"$target"/*)
    if [[ ${#kept[@]} -gt 0 ]]; then
        "$bin/$target" -runs=1 "${kept[@]}" > ".build/$target-regressions.log" 2>&1 \
            || { tail -40 ".build/$target-regressions.log"; echo "fuzz: $target: a kept input crashes again" >&2; exit 1; }
    fi
    seeds=()
    case $target in
        FuzzSceneReader|FuzzFirstFrame|FuzzSceneAtSize) seeds=(../scenes Seeds/FuzzSceneAtSize); dictionary=(-dict=scene.dict) ;;
        *) seeds=(Seeds/"$target"); dictionary=() ;;
    esac
    if [[ -n ${FUZZ_SHORT:-} ]]; then
        [[ $target == FuzzSceneAtSize ]] && seeds=(Seeds/FuzzSceneAtSize)
        short_seeds=".build/seeds/$target"
        rm -rf "$short_seeds"
        mkdir -p "$short_seeds"
        for folder in "${seeds[@]}"; do
            for seed in "$folder"/*; do
                if [[ -f $seed && $(basename "$seed") != limits-* ]]; then cp "$seed" "$short_seeds/"; fi
            done
        done
        seeds=("$short_seeds")
    fi
    mkdir -p ".build/corpus/$target" ".build/crashes/$target"
    log=".build/$target.log"
    # A 10 s input or one past 2 GB is a finding: the limits table promises seconds and bounded
    # memory (AddressSanitizer's build runs the scenes at the limits several times slower).
    if ! "$bin/$target" "${dictionary[@]}" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=8192 \
            -print_final_stats=1 -artifact_prefix=".build/crashes/$target/" \
            ".build/corpus/$target" "${seeds[@]}" > "$log" 2>&1; then
        grep -E "ERROR|Fatal|runtime failure|Test unit written" "$log" | head -10 >&2
        echo "fuzz: $target found a crash or a hang (log: Fuzz/$log)" >&2
        exit 1
    fi
    runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log")
    corpus=$(ls ".build/corpus/$target" | wc -l)
    echo "fuzz: $target: ${runs:-0} executions in ${seconds}s, 0 crashes, corpus $corpus inputs, ${#kept[@]} kept inputs replayed"
    total=$((total + ${runs:-0}))
done
echo "fuzz: $total executions in all, 0 crashes"
