#!/usr/bin/python3
"""The scene schema checked with a real validator (Python's jsonschema, Draft 7):
- docs/scene.schema.json is what `zoetrope schema` prints now (the committed copy is current);
- it is a valid draft-07 schema;
- every scene in scenes/ validates;
- every scene in Tests/Schema/Refused/ (refused by the reader for a structural reason: a wrong
  type, an unknown key, a missing required key, a value out of range) is refused by the schema
  too, and by `zoetrope validate` with exit 65.

Usage: validate.py ZOETROPE   (exit 0 when every check passes)
"""
import glob
import json
import os
import subprocess
import sys

import jsonschema
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ZOETROPE = os.path.abspath(sys.argv[1])
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def load(path):
    with open(path) as file:
        return json.load(file) if path.endswith(".json") else yaml.safe_load(file)


printed = subprocess.run([ZOETROPE, "schema"], capture_output=True, text=True, check=True).stdout
committed = open(os.path.join(ROOT, "docs/scene.schema.json")).read()
check(printed == committed, "docs/scene.schema.json is current (regenerate it: zoetrope schema > docs/scene.schema.json)")
schema = json.loads(committed)
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)

scenes = sorted(glob.glob(os.path.join(ROOT, "scenes/*.yaml")) + glob.glob(os.path.join(ROOT, "scenes/*.json")))
check(len(scenes) >= 17, f"{len(scenes)} scenes to validate")
for path in scenes:
    errors = sorted(validator.iter_errors(load(path)), key=lambda e: list(e.path))
    detail = "; ".join(f"{'/'.join(map(str, e.path))}: {e.message}" for e in errors[:3])
    check(not errors, f"{os.path.relpath(path, ROOT)} validates" + (f": {detail}" if detail else ""))
    first = open(path).readline()
    expected = '"$schema": "../docs/scene.schema.json"' if path.endswith(".json") else "# yaml-language-server: $schema=../docs/scene.schema.json"
    check(expected in (first if not path.endswith(".json") else open(path).read()), f"{os.path.relpath(path, ROOT)} names the schema for editors")

refused = sorted(glob.glob(os.path.join(ROOT, "Tests/Schema/Refused/*.yaml")))
check(len(refused) >= 10, f"{len(refused)} refused scenes")
for path in refused:
    name = os.path.relpath(path, ROOT)
    errors = list(validator.iter_errors(load(path)))
    check(bool(errors), f"{name}: the schema refuses it" + (f" ({errors[0].message[:90]})" if errors else ""))
    result = subprocess.run([ZOETROPE, "validate", path], capture_output=True, text=True)
    check(result.returncode == 65, f"{name}: zoetrope validate refuses it with 65 (exit {result.returncode}: {result.stderr.strip()[:120]})")

print(f"{len(failures)} schema checks failed" if failures else "every schema check passed")
sys.exit(1 if failures else 0)
