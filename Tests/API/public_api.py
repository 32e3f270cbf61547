#!/usr/bin/env python3
"""The public API of each Zoetrope library, compared with the list checked in at docs/api/.

Usage: public_api.py BUILD_FOLDER [--update]

BUILD_FOLDER is a debug or release build (.build/debug) whose Modules/ hold the libraries'
swiftmodules. Each library's public symbols are read with the toolchain's
swift-symbolgraph-extract (the declarations a Swift user can call, not the source text), one
line a symbol: its path (Type.member) and its declaration. A library whose list differs from
docs/api/<Library>.txt fails the check, with the lines added and removed, so a change of the
public API is a visible diff in review; --update writes the lists anew.
"""
import difflib
import glob
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARIES = ["ZoetropeFiles", "ZoetropeCore", "ZoetropeFormat", "ZoetropeRender", "ZoetropePipeline", "ZoetropeUIKit"]
LISTS = os.path.join(ROOT, "docs", "api")


def extractor():
    """swift-symbolgraph-extract beside the swift in use."""
    swift = shutil.which("swift")
    if swift is None:
        sys.exit("public_api: no swift on PATH")
    tool = os.path.join(os.path.dirname(os.path.realpath(swift)), "swift-symbolgraph-extract")
    if not os.path.exists(tool):
        sys.exit(f"public_api: no swift-symbolgraph-extract beside {swift}")
    return tool


def include_flags(build):
    """The module maps and C headers the libraries' C modules need (as SwiftPM gives them): the
    system libraries' own, the checkouts', and those SwiftPM writes for our C targets (CDuktape)
    into the build folder `build`."""
    flags = []
    for pattern in ["Sources/*/module.modulemap", ".build/checkouts/*/Sources/*/include/module.modulemap"]:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            flags += ["-Xcc", f"-fmodule-map-file={path}"]
    for path in sorted(glob.glob(os.path.join(build, "*.build", "module.modulemap"))):
        flags += ["-Xcc", f"-fmodule-map-file={path}"]
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "include"))):
        flags += ["-Xcc", f"-I{path}"]
    cflags = subprocess.run(["pkg-config", "--cflags-only-I", "cairo", "pangocairo", "pixman-1", "libwebp", "libjpeg", "libdeflate", "zlib", "libcrypto"],
                            capture_output=True, text=True).stdout.split()
    for flag in cflags:
        flags += ["-Xcc", flag]
    return flags


def declaration(symbol):
    return re.sub(r"\s+", " ", "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))).strip()


def symbols(tool, modules, library, scratch):
    """The sorted lines of `library`'s public symbols (its own and its extensions of others)."""
    out = os.path.join(scratch, library)
    os.makedirs(out)
    done = subprocess.run([tool, "-module-name", library, "-I", modules, "-target", f"{platform.machine()}-unknown-linux-gnu",
                           "-minimum-access-level", "public", "-output-dir", out] + include_flags(os.path.dirname(modules)),
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"public_api: swift-symbolgraph-extract {library} failed:\n{done.stderr}")
    lines = set()
    for path in sorted(glob.glob(os.path.join(out, "*.symbols.json"))):
        extended = os.path.basename(path)[:-len(".symbols.json")].partition("@")[2]
        for symbol in json.load(open(path))["symbols"]:
            name = ".".join(symbol["pathComponents"])
            where = f" (extends {extended})" if extended else ""
            lines.add(f"{name}{where}: {declaration(symbol)}")
    return sorted(lines)


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    update = "--update" in sys.argv
    if len(arguments) != 1:
        sys.exit(__doc__)
    modules = os.path.join(arguments[0], "Modules")
    if not os.path.isdir(modules):
        sys.exit(f"public_api: no {modules}: build first (swift build)")
    tool = extractor()
    differing = []
    with tempfile.TemporaryDirectory() as scratch:
        for library in LIBRARIES:
            lines = symbols(tool, modules, library, scratch)
            listed = os.path.join(LISTS, library + ".txt")
            text = "".join(line + "\n" for line in lines)
            if update:
                os.makedirs(LISTS, exist_ok=True)
                with open(listed, "w") as file:
                    file.write(text)
                print(f"{os.path.relpath(listed, ROOT)}: {len(lines)} public symbols")
                continue
            before = open(listed).read().splitlines() if os.path.exists(listed) else []
            if before != lines:
                differing.append(library)
                diff = list(difflib.unified_diff(before, lines, f"docs/api/{library}.txt", f"{library} as built", lineterm="", n=0))
                print(f"{library}: the public API differs from docs/api/{library}.txt ({len(before)} listed, {len(lines)} built):")
                for line in diff[:60]:
                    print("  " + line)
                if len(diff) > 60:
                    print(f"  … and {len(diff) - 60} more lines")
            else:
                print(f"{library}: {len(lines)} public symbols, as listed")
    if differing:
        print(f"public API changed in {', '.join(differing)}: if that is meant, run "
              f"python3 Tests/API/public_api.py {arguments[0]} --update and commit docs/api/")
        sys.exit(1)


if __name__ == "__main__":
    main()
