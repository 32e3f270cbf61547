import Foundation
import Testing
import ZoetropeCore

/// No conversion can trap: every Double → Int in Sources goes through `Int(saturating:)`.
@Suite struct SaturatingConversionTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The rule is `ConversionScanner`'s (read its documentation): a call of an integer type on an
    /// unlabelled floating argument. Saturating.swift holds the one conversion allowed.
    @Test func noSourceConvertsAFloatingValueToAnIntegerDirectly() throws {
        let findings = try ConversionScanner.scan(root: Self.sources, exempt: ["Saturating.swift"])
        #expect(findings.isEmpty, "convert with Int(saturating:rounding:) instead:\n\(findings.map(\.description).joined(separator: "\n"))")
    }

    /// The scanner finds what it must, so the test above can fail.
    @Test(arguments: [
        ("let w = Int((size.x * scale).rounded())", 1),
        ("let lower = Int(ideal.rounded(.down))", 1),
        ("let segments = Double(n)\nlet scaled = u * segments\nlet i = Int(scaled)", 1),
        ("func f(bound: Double) { print(\"\\(Int(bound))\") }", 1),
        ("return (0...Int(steps))\nlet steps = 1.5", 0),
        ("let steps = (a / b).rounded(.down)\nreturn (0...Int(steps))", 1),
        ("let a = UInt8(max(0, min(255, grey * 0.1)))", 1),
        ("let n = Int32(\n  box.width)\nlet box = (width: 2.0, height: 1)", 0),
        ("let left = max(box.x, 0)\nlet box = (width: right - left, height: 1)\nlet w = Int32(box.width)", 1),
        ("let n = Int(text)", 0),
        ("let n = Int(saturating: x.rounded())", 0),
        ("let n = Int(header.length)\nvar length = 0.0", 0),
        ("let width = Int32(box.width)\nlet p = Int(width)", 0),
        ("func f(width: Double) {}\nfunc g() { let n = Int(width) }", 0),
        ("let n = Int(x) // Int(y.rounded())", 0),
        ("let n = Int(count / 2)", 0),
    ])
    func theScannerFindsFloatingConversionsOnly(source: String, expected: Int) {
        #expect(ConversionScanner.scan(source, file: "x.swift").count == expected, "\(source)")
    }

    @Test(arguments: [
        (Double.nan, 0), (.infinity, Int.max), (-.infinity, Int.min), (1e300, Int.max), (-1e300, Int.min),
        (9_223_372_036_854_775_807.0, Int.max), (-9_223_372_036_854_775_808.0, Int.min), (2.5, 2), (-2.5, -2),
    ])
    func saturatingConversionNeverTraps(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
    }
}
