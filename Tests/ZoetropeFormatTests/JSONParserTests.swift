import Foundation
import Testing
@testable import ZoetropeFormat

/// `JSONParser` reads what Foundation's `JSONDecoder` read before it (into the same values, and
/// refusing the same documents), so that no Lottie file reads differently.
@Suite struct JSONParserTests {
    /// `JSONValue` as `JSONDecoder` read it, trying each type in turn: the reference.
    private struct Decoded: Decodable {
        let value: JSONValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                value = .number(number)
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else if let items = try? container.decode([Decoded].self) {
                value = .array(items.map(\.value))
            } else {
                value = .object(try container.decode([String: Decoded].self).mapValues(\.value))
            }
        }
    }

    private func decoded(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(Decoded.self, from: Data(bytes)).value
    }

    @Test func theLottieFilesReadAsJSONDecoderReadThem() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Lottie/Corpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") && $0 != "index.json" }
        #expect(files.count >= 10)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(file)))
            let parsed = JSONParser.parse(bytes)
            #expect(parsed != nil, "\(file)")
            #expect(parsed == decoded(bytes), "\(file)")
        }
    }

    @Test func documentsAtTheEdgesReadAsJSONDecoderReadThem() {
        let documents: [(text: String, expected: JSONValue?)] = [
            ("1", .number(1)), ("-0", .number(0)), ("0.1", .number(0.1)), ("3.14159e2", .number(314.159)), ("1E5", .number(100_000)),
            ("123456789012345", .number(123_456_789_012_345)), ("-1234567890123456789", .number(-1_234_567_890_123_456_789)),
            ("0.30000000000000004", .number(0.30000000000000004)), ("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
            ("4.9e-324", .number(.leastNonzeroMagnitude)), ("0e0", .number(0)),
            // Beyond a Double, or read as 0 though not 0: refused.
            ("1.8e308", nil), ("-1e400", nil), ("1e-400", nil), ("2e-324", nil),
            ("01", nil), ("1.", nil), (".5", nil), ("1e", nil), ("-", nil), ("+1", nil), ("tru", nil), ("nul", nil), ("", nil), (" ", nil),
            ("\"\\u00e9\\ud83d\\ude00\"", .string("é😀")), ("\"\\ud83d\"", nil), ("\"\\ude00\"", nil), ("\"a\\qb\"", nil),
            ("\"\u{01}\"", nil), ("\"\\/\\b\\f\\n\\r\\t\\\\\\\"\"", .string("/\u{08}\u{0C}\n\r\t\\\"")), ("\"\\u0000\"", .string("\u{0}")),
            ("\u{FEFF}[1]", .array([.number(1)])), ("[true,false,null]", .array([.bool(true), .bool(false), .null])),
            ("  {\"k\" : [ 1 , 2.5e-3 , -7 ] }  ", .object(["k": .array([.number(1), .number(0.0025), .number(-7)])])),
            // A comma after the last member is read; of repeated keys, the first.
            ("[1, ]", .array([.number(1)])), ("{\"a\":1 , }", .object(["a": .number(1)])), ("{\"a\":1,\"a\":2}", .object(["a": .number(1)])),
            ("[,]", nil), ("[,1]", nil), ("[1,,2]", nil), ("{,}", nil), ("{\"a\" 1}", nil), ("[1] x", nil), ("[]", .array([])), ("{}", .object([:])),
        ]
        for (text, expected) in documents {
            let bytes = Array(text.utf8)
            #expect(JSONParser.parse(bytes) == expected, "\(text.prefix(40).debugDescription)")
            #expect(decoded(bytes) == expected, "JSONDecoder: \(text.prefix(40).debugDescription)")
        }
        // As deep as Foundation reads (512 arrays in all), and no deeper: a hostile file cannot
        // exhaust the stack.
        let nested = { (depth: Int) in Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8) }
        let deepest = (500...600).last { decoded(nested($0)) != nil } ?? 0
        #expect(deepest == JSONParser.depthLimit)
        #expect(JSONParser.parse(nested(deepest)) != nil)
        #expect(JSONParser.parse(nested(deepest + 1)) == nil)
        #expect(JSONParser.parse(nested(100_000)) == nil)
        // Bytes that are not UTF-8 are refused.
        #expect(JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) == nil)
        #expect(decoded([0x22, 0xFF, 0xFE, 0x22]) == nil)
    }
}
