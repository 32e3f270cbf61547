"""The closing lines of `make lottie-check`: both references' scores side by side.

usage: lottie_summary.py THORVG_REPORT LOTTIE_IOS_REPORT [ROUNDTRIP_REPORT]

THORVG_REPORT is lottie_check.py's --report (files against ThorVG), LOTTIE_IOS_REPORT
lottie_ios_check.py's (samples against lottie-ios's snapshots, with ThorVG's own score at the
snapshots' exact frames), and ROUNDTRIP_REPORT roundtrip_check.py's. Prints one line per
reference; a report that is missing is said so.
"""
import json
import os
import sys


def share(agreeing, total):
    return f"{agreeing} of {total} ({agreeing / total * 100:.1f} %)" if total else "0 of 0"


def main():
    thorvg_report, ios_report = sys.argv[1:3]
    roundtrip_report = sys.argv[3] if len(sys.argv) > 3 else None
    print()
    if os.path.exists(thorvg_report):
        results = json.load(open(thorvg_report))
        compared = [r for r in results if r["status"] != "no-reference"]
        spec = [r for r in compared if r.get("spec_only")]
        print(f"lottie-check: against ThorVG, files agreeing: {share(sum(bool(r.get('agrees')) for r in compared), len(compared))}; "
              f"spec-1.0-only files: {share(sum(bool(r.get('agrees')) for r in spec), len(spec))}")
    else:
        print(f"lottie-check: no ThorVG report at {thorvg_report}")
    if os.path.exists(ios_report):
        samples = json.load(open(ios_report))["samples"]
        ours = sum(bool(s.get("agrees")) for s in samples)
        theirs = sum(bool(s.get("thorvg_agrees")) for s in samples)
        print(f"lottie-check: against lottie-ios's snapshots, samples agreeing: Zoetrope {share(ours, len(samples))}, "
              f"ThorVG at the same frames {share(theirs, len(samples))}")
    else:
        print(f"lottie-check: no lottie-ios report at {ios_report}")
    if roundtrip_report and os.path.exists(roundtrip_report):
        counted = [r for r in json.load(open(roundtrip_report)) if r["status"] != "skipped"]
        print(f"lottie-check: round trip Lottie → scene → Lottie, files drawing as the original: "
              f"{share(sum(bool(r.get('agrees')) for r in counted), len(counted))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
