#!/usr/bin/env python3
"""ZoetropeUIKit's constraint solver against kiwisolver, the Cassowary solver it follows.

Usage: kiwi_check.py LAYOUT_CHECK [--systems N] [--seed S] [--only INDEX] [--show K]

LAYOUT_CHECK is the built Tools/LayoutCheck executable. The script makes N random constraint
systems from seed S (system i from random.Random(f"{S}:{i}"), so one system can be rerun alone
with --only i), solves each with kiwisolver and, all at once, with LAYOUT_CHECK, and compares:
the errors each raised (at which operation, of which kind: DuplicateConstraint,
UnsatisfiableConstraint, UnknownConstraint, DuplicateEditVariable, UnknownEditVariable,
BadRequiredStrength; InternalSolverError where kiwi's tableau breaks, which ends kiwisolver's
process, so kiwi runs in worker processes) and every variable's final value, within
1e-6 x max(1, |value|).

A system is a few variables, equalities and inequalities of small integer or real coefficients
at mixed strengths (required, strong, medium, weak, kiwi's create(a, b, c) and raw weights),
added and removed in a random order, with edit variables and suggested values, and misuses
that raise (adding twice, removing what was not added, editing twice or at required strength).
Random required constraints often contradict each other, so many systems end with an
UnsatisfiableConstraint: both sides stop there (kiwi may keep part of the rejected constraint)
and report the values from before it.

Half the systems also pull every variable towards a value of its own at a distinct weak
strength, which makes the optimum unique; the other half are left degenerate, where the answer
depends on the pivots: the Swift solver makes kiwi's pivot choices in kiwi's order, so these
must agree as well. One thing there is outside both: kiwi orders a constraint's variables by
their address in memory, so the script asks kiwi for that order (kiwi_order) and writes the
Swift side's terms in it.

Needs kiwisolver (make layout-deps installs it in .build/layout-venv). Exits 1 when a system
disagrees, printing up to --show of them with their JSON, 2 on a usage error.
"""
import argparse
import functools
import json
import random
import subprocess
import sys
import time

import kiwisolver

REQUIRED = 1001001000.0
STRONG, MEDIUM, WEAK = 1000000.0, 1000.0, 1.0
TOLERANCE = 1e-6


def strength(rng):
    """A constraint's strength: required about a third of the time."""
    pick = rng.random()
    if pick < 0.35:
        return REQUIRED
    if pick < 0.75:
        return rng.choice([STRONG, MEDIUM, WEAK])
    if pick < 0.9:
        return kiwisolver.strength.create(rng.uniform(0, 3), rng.uniform(0, 3), rng.uniform(0, 3))
    return rng.uniform(0, 2e9)  # clipped to required past it


def coefficient(rng):
    """A small integer, now and then a real, rarely zero (which kiwi skips)."""
    pick = rng.random()
    if pick < 0.6:
        return float(rng.choice([-3, -2, -1, 1, 2, 3]))
    if pick < 0.97:
        return round(rng.uniform(-4, 4), rng.choice([1, 2, 6]))
    return 0.0


def make_system(rng, unique):
    count = rng.randint(1, 6)
    constraints, operations = [], []

    def constraint(terms, constant, relation, weight):
        constraints.append({"terms": terms, "constant": constant, "relation": relation, "strength": weight})
        return len(constraints) - 1

    if unique:
        # Each variable pulled towards its own value at its own weak strength: a unique optimum.
        for variable in range(count):
            index = constraint([[variable, 1.0]], -round(rng.uniform(-30, 30), 3), "==",
                               WEAK * (0.5 + variable * 0.37 + rng.random() * 0.1))
            operations.append({"op": "add", "constraint": index})

    added, removed, edits = [], [], []
    for _ in range(rng.randint(1, 12)):
        pick = rng.random()
        if pick < 0.62 or not added:
            chosen = sorted(rng.sample(range(count), rng.randint(1, min(3, count))))
            if rng.random() < 0.05:
                chosen = sorted(chosen + [chosen[0]])  # a variable twice: the terms merge
            terms = [[variable, coefficient(rng)] for variable in chosen]
            constant = float(rng.randint(-20, 20)) if rng.random() < 0.7 else round(rng.uniform(-50, 50), 4)
            index = constraint(terms, constant, rng.choice(["==", "<=", ">="]), strength(rng))
            operations.append({"op": "add", "constraint": index})
            added.append(index)
        elif pick < 0.72:
            index = rng.choice(added)
            operations.append({"op": "remove", "constraint": index})
            added.remove(index)
            removed.append(index)
        elif pick < 0.76 and removed:
            index = removed.pop(rng.randrange(len(removed)))
            operations.append({"op": "add", "constraint": index})
            added.append(index)
        elif pick < 0.79:
            # A misuse: adding one again, or removing one that is not in the solver.
            if rng.random() < 0.5:
                operations.append({"op": "add", "constraint": rng.choice(added)})
            else:
                stray = constraint([[0, 1.0]], 0.0, "==", WEAK)
                operations.append({"op": "remove", "constraint": rng.choice(removed + [stray])})
        elif pick < 0.88:
            variable = rng.randrange(count)
            weight = rng.choice([STRONG, MEDIUM, WEAK, rng.uniform(0.5, 5e6), REQUIRED if rng.random() < 0.2 else STRONG])
            operations.append({"op": "addEdit", "variable": variable, "strength": weight})
            if weight < REQUIRED and variable not in edits:
                edits.append(variable)
        elif pick < 0.96:
            variable = rng.choice(edits) if edits and rng.random() < 0.9 else rng.randrange(count)
            operations.append({"op": "suggest", "variable": variable, "value": float(rng.randint(-40, 40))
                               if rng.random() < 0.7 else round(rng.uniform(-100, 100), 5)})
        else:
            variable = rng.choice(edits) if edits and rng.random() < 0.8 else rng.randrange(count)
            operations.append({"op": "removeEdit", "variable": variable})
            if variable in edits:
                edits.remove(variable)
    # A few more suggestions at the end, where edits are the point.
    for _ in range(rng.randint(0, 3) if edits else 0):
        operations.append({"op": "suggest", "variable": rng.choice(edits), "value": round(rng.uniform(-60, 60), 2)})
    return {"variables": count, "constraints": constraints, "operations": operations}


def kiwi_order(variables):
    """The variables in the order kiwi gives them symbols within one constraint: kiwi sorts a
    constraint's terms by the address of each variable's data, which Python cannot see. Asked of
    kiwi itself: in a scratch solver, `a + b == 1` makes the earlier of the two basic, at 1.
    (The scratch solver ends with `a + b == 0`, so every value read is back to 0.)"""
    def compare(a, b):
        solver = kiwisolver.Solver()
        one = kiwisolver.Constraint(kiwisolver.Expression([kiwisolver.Term(a), kiwisolver.Term(b)], -1.0), "==")
        solver.addConstraint(one)
        solver.updateVariables()
        earlier = -1 if a.value() == 1.0 else 1
        solver.removeConstraint(one)
        solver.addConstraint(kiwisolver.Constraint(kiwisolver.Expression([kiwisolver.Term(a), kiwisolver.Term(b)]), "=="))
        solver.updateVariables()
        return earlier
    return sorted(range(len(variables)), key=functools.cmp_to_key(lambda i, j: compare(variables[i], variables[j])))


def solve_with_kiwi(system, progress):
    """kiwisolver's errors and values. Writes "order [I, …]" (kiwi_order) first, then "op J" to `progress` before each operation J and "error J KIND" after each error, flushed:
    kiwi's InternalSolverError is not a Python exception but ends the process (kiwisolver lets
    the C++ exception escape), and these lines are what then tells where."""
    variables = [kiwisolver.Variable(f"v{i}") for i in range(system["variables"])]
    progress.write(f"order {json.dumps(kiwi_order(variables))}\n")
    constraints = [
        kiwisolver.Constraint(
            kiwisolver.Expression([kiwisolver.Term(variables[int(v)], c) for v, c in spec["terms"]], spec["constant"]),
            spec["relation"], spec["strength"])
        for spec in system["constraints"]
    ]
    solver = kiwisolver.Solver()
    errors = []
    for number, operation in enumerate(system["operations"]):
        progress.write(f"op {number}\n")
        progress.flush()
        try:
            kind = operation["op"]
            if kind == "add":
                solver.addConstraint(constraints[operation["constraint"]])
            elif kind == "remove":
                solver.removeConstraint(constraints[operation["constraint"]])
            elif kind == "addEdit":
                solver.addEditVariable(variables[operation["variable"]], operation["strength"])
            elif kind == "removeEdit":
                solver.removeEditVariable(variables[operation["variable"]])
            else:
                solver.suggestValue(variables[operation["variable"]], operation["value"])
        except (kiwisolver.UnsatisfiableConstraint, kiwisolver.DuplicateConstraint, kiwisolver.UnknownConstraint,
                kiwisolver.DuplicateEditVariable, kiwisolver.UnknownEditVariable, kiwisolver.BadRequiredStrength) as error:
            errors.append([number, type(error).__name__])
            progress.write(f"error {number} {type(error).__name__}\n")
            if isinstance(error, kiwisolver.UnsatisfiableConstraint):
                break  # kiwi's tableau may keep part of the constraint: the values stay as before it
        solver.updateVariables()
    return {"errors": errors, "values": [v.value() for v in variables]}


def kiwi_worker():
    """The --kiwi-worker process: systems as JSON on stdin, a "result" line for each."""
    for system in json.load(sys.stdin)["systems"]:
        result = solve_with_kiwi(system, sys.stdout)
        sys.stdout.write("result " + json.dumps(result) + "\n")
        sys.stdout.flush()


def solve_all_with_kiwi(systems):
    """kiwisolver's (result, variable order) for each system, solved in worker processes: where kiwi
    ends its process with an InternalSolverError, the system's result is its errors up to it
    and that error, with no values (None), and a new worker takes the systems after it."""
    results = []
    while len(results) < len(systems):
        rest = systems[len(results):]
        run = subprocess.run([sys.executable, __file__, "--kiwi-worker"], input=json.dumps({"systems": rest}).encode(),
                             capture_output=True)
        errors, operation, order = [], None, None
        for line in run.stdout.decode().splitlines():
            word, _, payload = line.partition(" ")
            if word == "order":
                order = json.loads(payload)
            elif word == "op":
                operation = int(payload)
            elif word == "error":
                number, kind = payload.split(" ")
                errors.append([int(number), kind])
            elif word == "result":
                results.append((json.loads(payload), order))
                errors, operation, order = [], None, None
        if run.returncode != 0:
            if operation is None or b"InternalSolverError" not in run.stderr:
                sys.exit(f"kiwi_check: the kiwisolver worker failed on system {len(results)}: {run.stderr.decode().strip()}")
            results.append(({"errors": errors + [[operation, "InternalSolverError"]], "values": None}, order))
    return results


def agree(kiwi, swift):
    if kiwi["errors"] != swift["errors"]:
        return False
    if kiwi["values"] is None:  # kiwi ended its process: the errors alone are compared
        return True
    if len(kiwi["values"]) != len(swift["values"]):
        return False
    return all(b is not None and abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b))
               for a, b in zip(kiwi["values"], swift["values"]))


def main():
    if sys.argv[1:] == ["--kiwi-worker"]:
        return kiwi_worker()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("layout_check", help="the built LayoutCheck executable")
    parser.add_argument("--systems", type=int, default=5000, help="how many random systems")
    parser.add_argument("--seed", default="1", help="the seed the systems are made from")
    parser.add_argument("--only", type=int, help="check system INDEX alone, and print it")
    parser.add_argument("--show", type=int, default=5, help="how many disagreeing systems to print")
    arguments = parser.parse_args()
    if arguments.systems < 1:
        parser.error(f"--systems must be at least 1 (found {arguments.systems})")

    indices = [arguments.only] if arguments.only is not None else range(arguments.systems)
    systems, uniques = [], []
    for index in indices:
        rng = random.Random(f"{arguments.seed}:{index}")
        unique = rng.random() < 0.5
        systems.append(make_system(rng, unique))
        uniques.append(unique)

    started = time.perf_counter()
    kiwi_results = solve_all_with_kiwi(systems)
    kiwi_seconds = time.perf_counter() - started

    # The Swift solver numbers a constraint's variables in the order its terms name them: write
    # them in kiwi's order.
    swift_systems = []
    for system, (_, order) in zip(systems, kiwi_results):
        rank = {variable: position for position, variable in enumerate(order)}
        constraints = [dict(spec, terms=sorted(spec["terms"], key=lambda term: rank[term[0]]))
                       for spec in system["constraints"]]
        swift_systems.append(dict(system, constraints=constraints))

    started = time.perf_counter()
    run = subprocess.run([arguments.layout_check], input=json.dumps({"systems": swift_systems}).encode(),
                         capture_output=True)
    swift_seconds = time.perf_counter() - started
    if run.returncode != 0:
        sys.exit(f"kiwi_check: {arguments.layout_check} exited {run.returncode}: {run.stderr.decode().strip()}")
    swift_results = [json.loads(line) for line in run.stdout.decode().splitlines()]
    if len(swift_results) != len(systems):
        sys.exit(f"kiwi_check: {arguments.layout_check} answered {len(swift_results)} systems of {len(systems)}")

    agreed = exact = internal = 0
    raised = {}
    disagreements = []
    for index, system, (kiwi, _), swift in zip(indices, swift_systems, kiwi_results, swift_results):
        for _, kind in kiwi["errors"]:
            raised[kind] = raised.get(kind, 0) + 1
        if agree(kiwi, swift):
            agreed += 1
            exact += kiwi["values"] == swift["values"]
            internal += kiwi["values"] is None
        else:
            disagreements.append((index, system, kiwi, swift))

    ending = sum(1 for kiwi, _ in kiwi_results if kiwi["errors"] and kiwi["errors"][-1][1] == "UnsatisfiableConstraint")
    print(f"kiwi check: {len(systems)} systems from seed {arguments.seed} ({sum(uniques)} with a unique optimum, "
          f"{len(systems) - sum(uniques)} degenerate), kiwisolver {kiwisolver.__version__}")
    print(f"  errors raised by kiwisolver: " + (", ".join(f"{kind} {count}" for kind, count in sorted(raised.items())) or "none")
          + f"; {ending} systems end unsatisfiable")
    print(f"  {agreed} agreed ({exact} to the last bit, {internal} on where both stop with InternalSolverError), "
          f"{len(disagreements)} disagreed")
    print(f"  kiwisolver {kiwi_seconds:.2f} s in worker processes; LayoutCheck {swift_seconds:.2f} s, process and JSON included")
    for index, system, kiwi, swift in disagreements[:arguments.show]:
        print(f"system {index}: kiwisolver {json.dumps(kiwi)}\n  swift {json.dumps(swift)}\n  {json.dumps(system)}")
    if arguments.only is not None:
        print(json.dumps(swift_systems[0]))
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
