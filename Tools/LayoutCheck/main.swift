// LayoutCheck: the Swift side of `make test-layout` (Tests/Layout/kiwi_check.py). Reads random
// constraint systems as JSON on standard input, solves each with ZoetropeUIKit's
// ConstraintSolver, and prints each one's errors and final values as one JSON line, for the
// script to compare with kiwisolver's.
//
// Input: {"systems": [system, …]}, a system being
//   {"variables": count,
//    "constraints": [{"terms": [[variable, coefficient], …], "constant": c,
//                     "relation": "==" | "<=" | ">=", "strength": s}, …],
//    "operations": [{"op": "add" | "remove", "constraint": index}
//                 | {"op": "addEdit", "variable": index, "strength": s}
//                 | {"op": "removeEdit", "variable": index}
//                 | {"op": "suggest", "variable": index, "value": v}, …]}
// Output, a line a system: {"errors": [[operation, "kind"], …], "values": [v, …]}. An
// unsatisfiable constraint ends the system (kiwi's solver is not to be trusted after one), and so
// does an internal inconsistency (kiwi's InternalSolverError, which ends kiwisolver's process).
import Foundation
import ZoetropeUIKit

struct Input: Decodable {
    var systems: [System]
}

struct System: Decodable {
    struct Constraint: Decodable {
        var terms: [[Double]]
        var constant: Double
        var relation: String
        var strength: Double
    }

    struct Operation: Decodable {
        var op: String
        var constraint: Int?
        var variable: Int?
        var strength: Double?
        var value: Double?
    }

    var variables: Int
    var constraints: [Constraint]
    var operations: [Operation]
}

/// kiwi's exception names, as kiwi_check.py compares them.
func kind(of error: ConstraintSolverError) -> String {
    switch error {
    case .duplicateConstraint: "DuplicateConstraint"
    case .unsatisfiableConstraint: "UnsatisfiableConstraint"
    case .unknownConstraint: "UnknownConstraint"
    case .duplicateEditVariable: "DuplicateEditVariable"
    case .unknownEditVariable: "UnknownEditVariable"
    case .requiredEditStrength: "BadRequiredStrength"
    case .internalInconsistency: "InternalSolverError"
    }
}

enum CheckFailure: Error, CustomStringConvertible {
    case malformed(String)
    var description: String {
        switch self {
        case .malformed(let detail): "LayoutCheck: \(detail)"
        }
    }
}

func solve(_ system: System, index: Int) throws -> String {
    let variables = (0..<system.variables).map { LayoutVariable("v\($0)") }
    func variable(_ number: Int?, in operation: Int) throws -> LayoutVariable {
        guard let number, variables.indices.contains(number) else {
            throw CheckFailure.malformed("systems[\(index)].operations[\(operation)]: no variable \(number.map(String.init) ?? "given")")
        }
        return variables[number]
    }
    let constraints = try system.constraints.enumerated().map { number, spec in
        let terms = try spec.terms.map { pair in
            guard pair.count == 2, let variable = variables.indices.contains(Int(pair[0])) ? variables[Int(pair[0])] : nil else {
                throw CheckFailure.malformed("systems[\(index)].constraints[\(number)]: a term is [variable, coefficient] (found \(pair))")
            }
            return LayoutExpression.Term(variable, pair[1])
        }
        let relation: LayoutRelation
        switch spec.relation {
        case "==": relation = .equal
        case "<=": relation = .lessThanOrEqual
        case ">=": relation = .greaterThanOrEqual
        default: throw CheckFailure.malformed("systems[\(index)].constraints[\(number)].relation must be ==, <= or >= (found \(spec.relation))")
        }
        return LayoutConstraint(LayoutExpression(terms, constant: spec.constant), relation,
                                strength: LayoutStrength(spec.strength))
    }

    var solver = ConstraintSolver()
    var errors: [String] = []
    operations: for (number, operation) in system.operations.enumerated() {
        do {
            switch operation.op {
            case "add", "remove":
                guard let which = operation.constraint, constraints.indices.contains(which) else {
                    throw CheckFailure.malformed("systems[\(index)].operations[\(number)]: no constraint \(operation.constraint.map(String.init) ?? "given")")
                }
                if operation.op == "add" {
                    try solver.addConstraint(constraints[which])
                } else {
                    try solver.removeConstraint(constraints[which])
                }
            case "addEdit":
                try solver.addEditVariable(try variable(operation.variable, in: number),
                                           strength: LayoutStrength(operation.strength ?? 0))
            case "removeEdit":
                try solver.removeEditVariable(try variable(operation.variable, in: number))
            case "suggest":
                try solver.suggestValue(operation.value ?? 0, for: try variable(operation.variable, in: number))
            default:
                throw CheckFailure.malformed("systems[\(index)].operations[\(number)].op must be add, remove, addEdit, removeEdit or suggest (found \(operation.op))")
            }
        } catch let error as ConstraintSolverError {
            errors.append("[\(number),\"\(kind(of: error))\"]")
            switch error {
            case .unsatisfiableConstraint, .internalInconsistency: break operations
            default: continue
            }
        }
    }
    let values = variables.map { variable in
        let value = solver.value(of: variable)
        return value.isFinite ? "\(value)" : "null"
    }
    return "{\"errors\":[\(errors.joined(separator: ","))],\"values\":[\(values.joined(separator: ","))]}"
}

do {
    let input = try JSONDecoder().decode(Input.self, from: FileHandle.standardInput.readDataToEndOfFile())
    var output = ""
    for (index, system) in input.systems.enumerated() {
        output += try solve(system, index: index) + "\n"
    }
    FileHandle.standardOutput.write(Data(output.utf8))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
