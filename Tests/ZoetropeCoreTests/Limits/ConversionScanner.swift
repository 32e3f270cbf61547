import Foundation

/// Finds integer conversions of floating-point values in Swift source text: `Int(x)` and its
/// sized and unsigned kin trap (SIGILL) on NaN, infinities and values past the type's range, so
/// every such conversion must go through `Int(saturating:rounding:)` or
/// `Int32(saturating:rounding:)` (ZoetropeCore/Limits/Saturating.swift).
///
/// A grep cannot type-check, so the rule is a pattern. A conversion is a call of `Int`, `Int8`,
/// `Int16`, `Int32`, `Int64`, `UInt`, `UInt8`, `UInt16`, `UInt32` or `UInt64` whose argument (its
/// balanced parentheses, across lines) has no label — labelled forms (`saturating:`,
/// `clamping:`, `truncatingIfNeeded:`, `bitPattern:`, `exactly:`) cannot trap on a Double. Its
/// argument is floating when it
/// - contains a floating form: `.rounded`, `Double`, `Float`, `sqrt`, `.squareRoot()`, `.pi`, a
///   literal with a fraction or an exponent, `exp(`/`log(`/`pow(`/`floor(`/`ceil(`, a vector
///   component (`.x`, `.y`), `scale`, `framesPerSecond`; or
/// - names a variable (a word not reached through a `.`) whose declaration in scope is floating:
///   `name: Double` (or `Float`), or `let name = …` / `var name = …` / `, name = …` whose value,
///   its integer conversions cut out, contains a floating form or a floating variable; or a
///   name the same block rounds or tests as floating (`value.rounded()`, `value.isFinite`).
///   `Scopes` says what "in scope" means here.
///
/// Comments (`//` to the end of the line, outside string literals) are ignored; code inside
/// string interpolations is not, since `"\(Int(x))"` traps like any other conversion.
struct ConversionScanner {
    struct Finding: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        var description: String { "\(file):\(line): \(text)" }
    }

    // Regexes are not Sendable, but these are never mutated after they are made.
    nonisolated(unsafe) static let floatingForm = #/\.rounded\b|\bC?(?:Double|Float)\b|\bsqrt\b|\.squareRoot\(|\.pi\b|\b\d+\.\d+|\b\d+(?:\.\d+)?[eE][-+]?\d+\b|\b(?:exp|log|pow|floor|ceil)\(|\.[xy]\b|\bscale\b|\bframesPerSecond\b/#
    nonisolated(unsafe) static let conversion = #/\bU?Int(?:8|16|32|64)?\(/#
    nonisolated(unsafe) static let label = #/^\s*[A-Za-z_]\w*\s*:/#

    /// Every floating conversion in the `.swift` files under `root`, except those in files whose
    /// name is in `exempt`.
    static func scan(root: URL, exempt: Set<String>) throws -> [Finding] {
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var findings: [Finding] = []
        for case let url as URL in files where url.pathExtension == "swift" && !exempt.contains(url.lastPathComponent) {
            let text = try String(contentsOf: url, encoding: .utf8)
            let relative = String(url.path.dropFirst(root.deletingLastPathComponent().path.count + 1))
            findings += scan(text, file: relative)
        }
        return findings.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The floating conversions in one file's `text`.
    static func scan(_ text: String, file: String) -> [Finding] {
        let code = withoutComments(text)
        let scopes = Scopes(code)
        var findings: [Finding] = []
        for match in code.matches(of: conversion) {
            // `Foo.Int(`, `myInt(`: not a conversion; `0...Int(x)` is.
            if match.range.lowerBound > code.startIndex {
                let before = code.index(before: match.range.lowerBound)
                let character = code[before]
                if character == "_" || character.isLetter || character.isNumber { continue }
                if character == ".", before == code.startIndex || code[code.index(before: before)] != "." { continue }
            }
            guard let argument = balancedArgument(in: code, from: match.range.upperBound) else { continue }
            guard argument.firstMatch(of: label) == nil else { continue }
            guard argument.contains(floatingForm)
                    || variables(in: argument).contains(where: { scopes.isFloating($0, at: match.range.lowerBound) }) else { continue }
            let line = code[..<match.range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let call = code[match.range.lowerBound...].prefix(match.output.count + argument.count + 1)
            findings.append(Finding(file: file, line: line, text: String(call).replacingOccurrences(of: "\n", with: " ")))
        }
        return findings
    }

    /// The declarations of one file and where each is visible: a `let`/`var` (or `, name =`) to
    /// the end of the braces around it; a `name: Double` inside parentheses (a parameter) through
    /// the body that follows them.
    struct Scopes {
        struct Declaration {
            let name: String
            let position: String.Index
            let end: String.Index
            /// The value, its integer conversions cut out; nil for a type annotation.
            let value: Substring?
            var isFloating: Bool
        }
        private(set) var declarations: [Declaration] = []

        init(_ code: String) {
            // Every pair of braces, and the parenthesis depth at each annotation.
            var blocks: [(open: String.Index, close: String.Index)] = []
            var open: [String.Index] = []
            for index in code.indices {
                if code[index] == "{" { open.append(index) }
                if code[index] == "}", let start = open.popLast() { blocks.append((start, index)) }
            }
            func enclosingEnd(_ position: String.Index) -> String.Index {
                blocks.filter { $0.open < position && position < $0.close }.max { $0.open < $1.open }?.close ?? code.endIndex
            }
            // The parenthesis depth, walked forward from one annotation to the next.
            var depth = 0, walked = code.startIndex
            for match in code.matches(of: #/(\w+)\s*:\s*C?(?:Double|Float)\b/#) {
                let position = match.range.lowerBound
                for character in code[walked..<position] {
                    if character == "(" { depth += 1 } else if character == ")" { depth = max(depth - 1, 0) }
                }
                walked = position
                var end = enclosingEnd(position)
                if depth > 0, let body = blocks.filter({ $0.open > position }).min(by: { $0.open < $1.open }) {
                    end = body.close
                }
                declarations.append(Declaration(name: String(match.output.1), position: position, end: end, value: nil, isFloating: true))
            }
            for match in code.matches(of: #/(?:\b(?:let|var)\s+|,\s*)(\w+)\s*=\s*([^\n]*)/#) {
                // The value ends at the next top-level comma (`let a = x.rounded(), b = 1`).
                var depth = 0
                let value = match.output.2.prefix { character in
                    if "([{".contains(character) { depth += 1 }
                    if ")]}".contains(character) { depth -= 1 }
                    return !(character == "," && depth == 0)
                }
                let position = match.output.1.startIndex
                declarations.append(Declaration(name: String(match.output.1), position: position, end: enclosingEnd(position),
                                                value: ConversionScanner.withoutConversions(value), isFloating: false))
            }
            // A name a block rounds or tests as a floating value (`value == value.rounded()`, as a
            // `case .number(let value)` binds it) is floating throughout that block.
            for match in code.matches(of: #/\b(\w+)\.(?:rounded|isFinite|isNaN|isInfinite|squareRoot)\b/#) {
                let position = match.range.lowerBound
                // `a.b.rounded()` rounds a member, not a variable.
                if position > code.startIndex, code[code.index(before: position)] == "." { continue }
                let block = blocks.filter { $0.open < position && position < $0.close }.max { $0.open < $1.open }
                declarations.append(Declaration(name: String(match.output.1), position: block?.open ?? code.startIndex,
                                                end: block?.close ?? code.endIndex, value: nil, isFloating: true))
            }
            declarations.sort { $0.position < $1.position }
            // To a fixed point: a value made of floating names is floating (`let scaled = u * segments`).
            var changed = true
            while changed {
                changed = false
                for index in declarations.indices where !declarations[index].isFloating {
                    guard let value = declarations[index].value else { continue }
                    let position = declarations[index].position
                    if value.contains(floatingForm) || variables(in: value).contains(where: { isFloating($0, at: position) }) {
                        declarations[index].isFloating = true
                        changed = true
                    }
                }
            }
        }

        /// Whether the declaration of `name` visible at `position` (the nearest before it whose
        /// scope reaches it) is floating.
        func isFloating(_ name: String, at position: String.Index) -> Bool {
            declarations.last { $0.name == name && $0.position < position && position <= $0.end }?.isFloating ?? false
        }
    }

    /// `expression` with every integer conversion call cut out: its value is an integer,
    /// whatever went in (`let width = Int32(box.width)` declares no floating `width`).
    static func withoutConversions(_ expression: Substring) -> Substring {
        var text = String(expression)
        while let match = text.firstMatch(of: conversion),
              let argument = balancedArgument(in: text, from: match.range.upperBound) {
            text.replaceSubrange(match.range.lowerBound...argument.endIndex, with: "0")
        }
        return Substring(text)
    }

    /// The bare names in `expression`: words not reached through a `.` (`header.length` names
    /// no variable `length`).
    static func variables(in expression: Substring) -> Set<String> {
        var names: Set<String> = []
        var word = ""
        var afterDot = false
        var previous: Character = " "
        for character in expression + " " {
            if character.isLetter || character.isNumber || character == "_" {
                if word.isEmpty { afterDot = previous == "." }
                word.append(character)
            } else {
                if !word.isEmpty, !afterDot, word.first?.isNumber == false { names.insert(word) }
                word = ""
            }
            previous = character
        }
        return names
    }

    /// The text between the parenthesis opened just before `start` and its partner.
    static func balancedArgument(in code: String, from start: String.Index) -> Substring? {
        var depth = 1
        var index = start
        while index < code.endIndex {
            switch code[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return code[start..<index] }
            default: break
            }
            index = code.index(after: index)
        }
        return nil
    }

    /// `text` without `//` comments; `//` inside a string literal (an odd number of quotes
    /// before it on the line) is kept.
    static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var quotes = 0
            var previous: Character = " "
            for index in line.indices {
                let character = line[index]
                if character == "\"" && previous != "\\" { quotes += 1 }
                if character == "/", previous == "/", quotes % 2 == 0 {
                    return line[..<line.index(before: index)]
                }
                previous = character
            }
            return line
        }.joined(separator: "\n")
    }
}
