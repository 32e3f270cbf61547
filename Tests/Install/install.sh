#!/usr/bin/env bash
# make install PREFIX=<temporary>: the binary and the three completion scripts land where their
# shells look, the installed binary runs, and bash's completion offers subcommands and flags.
# Usage: install.sh BINARY (the build to install; make test passes the debug one it has built)
set -euo pipefail
binary=$(realpath "$1")
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" INSTALL_BINARY="$binary" > /dev/null
for file in bin/zoetrope share/bash-completion/completions/zoetrope share/zsh/site-functions/_zoetrope share/fish/vendor_completions.d/zoetrope.fish; do
    [ -s "$prefix/$file" ] || { echo "FAIL: make install did not write $file"; exit 1; }
done
"$prefix/bin/zoetrope" --help | grep -q "USAGE: zoetrope" || { echo "FAIL: the installed zoetrope does not run"; exit 1; }
head -n 1 "$prefix/share/zsh/site-functions/_zoetrope" | grep -q '^#compdef zoetrope' || { echo "FAIL: the zsh script does not declare #compdef zoetrope"; exit 1; }

# Ask bash's completion function what it offers, as bash would when Tab is pressed.
complete_words() {
    bash -c '
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        fn=$(complete -p zoetrope | sed -E "s/.*-F ([^ ]+).*/\1/")
        "$fn" zoetrope "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}"
    ' _ "$prefix/share/bash-completion/completions/zoetrope" "$@"
}
subcommands=$(complete_words zoetrope "")
for expected in render test view video diff; do
    echo "$subcommands" | grep -qx "$expected" || { echo "FAIL: bash completion of 'zoetrope ' lacks $expected: $subcommands"; exit 1; }
done
flags=$(complete_words zoetrope render --vi)
echo "$flags" | grep -qx -- "--video" || { echo "FAIL: bash completion of 'zoetrope render --vi' lacks --video: $flags"; exit 1; }
echo "make install: binary and bash, zsh and fish completions installed; bash completes subcommands and flags"
