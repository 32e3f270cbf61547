"""The Lottie specification's JSON schema (the lottie-specs package's), checked by two validators.

jsonschema-rs (compiled) decides whether a document is valid: Python's jsonschema took 75 s of
CPU on one 3 MB export of the round-trip check and minutes on the 10 MB export of
scenes/typography.yaml, about a second each in jsonschema-rs (docs/performance.md). Only a
document it finds invalid is walked again by Python's jsonschema, whose messages name each
problem's path.
"""
import jsonschema
import jsonschema_rs
from lottie_specs.resources import load_specs

_SPECS = load_specs()
_FAST = jsonschema_rs.Draft202012Validator(_SPECS)
_DETAILED = jsonschema.Draft202012Validator(_SPECS)


def schema_problems(document):
    """Each way `document` (parsed JSON) breaks the schema, as 'path: message'; empty when valid."""
    if _FAST.is_valid(document):
        return []
    problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:160]}" for e in _DETAILED.iter_errors(document)]
    # The two validators disagreeing is itself a problem to see, not a pass.
    return problems or [f"{'/'.join(map(str, e.instance_path))}: {e.message[:160]}" for e in _FAST.iter_errors(document)]
