import ZoetropeCore

/// Reads JSON (RFC 8259) into `JSONValue` in one pass over the bytes. Foundation's `JSONDecoder`
/// could only read an untyped document by trying each type in turn, and every miss threw an
/// error that built its coding path: reading a large Lottie file took longer than drawing
/// dozens of its frames.
///
/// It accepts what `JSONDecoder` accepted, so that every file read before reads the same (a test
/// compares them): one value of any kind (a UTF-8 byte order mark before it is skipped),
/// strings of valid UTF-8 with every escape (a surrogate pair escaped as two `\u`, a lone
/// surrogate refused), numbers as the grammar writes them and within a `Double` (one that
/// overflows it, or underflows to zero, refuses the document), at most 512 arrays and objects
/// deep, a comma after an array's or object's last member, and of an object's repeated keys the
/// first. At most `SceneLimits.documentNodes` values are read (a small packed file can unpack
/// to hundreds of megabytes of tiny arrays, each far larger parsed than written).
///
/// What is not JSON is reported with where reading stopped: the line and column, and the
/// JSON path of the value being read (`layers[2].ks.o.k`).
struct JSONParser {
    /// Arrays and objects nested deeper than this are refused (Foundation's limit), so that a
    /// hostile file cannot exhaust the stack.
    static let depthLimit = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Values read so far, against `SceneLimits.documentNodes`.
    private var nodes = 0
    /// Why reading stopped, once it has; the path is gathered as the reading unwinds.
    private var failure: String?
    private var failurePath: [String] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// `bytes` as one JSON document; nil when they are not JSON.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        if case .success(let value) = read(bytes) { return value }
        return nil
    }

    /// `bytes` as one JSON document, or why they are not one.
    static func read(_ bytes: [UInt8]) -> Result<JSONValue, JSONError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            guard let value = parser.value(depth: 0) else { return .failure(parser.error()) }
            parser.skipWhitespace()
            guard parser.index == buffer.count else {
                parser.failure = "more follows the document"
                return .failure(parser.error())
            }
            return .success(value)
        }
    }

    /// The error where reading stopped.
    private func error() -> JSONError {
        let stop = min(index, bytes.count)
        var line = 1, column = 1
        for offset in 0..<stop {
            let byte = bytes[offset]
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        var path = ""
        for part in failurePath.reversed() { path += part.hasPrefix("[") || path.isEmpty ? part : "." + part }
        return JSONError(message: failure ?? (stop == bytes.count ? "the document ends early" : "unexpected text"),
                         line: line, column: column, path: path)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        nodes += 1
        guard nodes <= SceneLimits.documentNodes else {
            failure = "the document holds more than \(SceneLimits.documentNodes) values; a Lottie file may hold at most that many"
            return nil
        }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.depthLimit else {
                failure = "arrays and objects nest more than \(Self.depthLimit) deep"
                return nil
            }
            return bytes[index] == UInt8(ascii: "{") ? object(depth: depth + 1) : array(depth: depth + 1)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return word("null") ? .null : nil
        default: return number().map(JSONValue.number)
        }
    }

    private mutating func word(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var items: [JSONValue] = []
        if skip(UInt8(ascii: "]")) { return .array(items) }
        while true {
            guard let item = value(depth: depth) else {
                failurePath.append("[\(items.count)]")
                return nil
            }
            items.append(item)
            guard let ended = ends(UInt8(ascii: "]")) else { return nil }
            if ended { return .array(items) }
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        if skip(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string(), skip(UInt8(ascii: ":")) else { return nil }
            guard let member = value(depth: depth) else {
                failurePath.append(key)
                return nil
            }
            if members[key] == nil { members[key] = member }
            guard let ended = ends(UInt8(ascii: "}")) else { return nil }
            if ended { return .object(members) }
        }
    }

    /// Skips whitespace, then reads `byte` if it is next; whether it was.
    private mutating func skip(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// After a member of an array or object that `closing` ends: true when it ends there (a
    /// comma before `closing` read too), false when a comma says another member follows, nil
    /// for anything else.
    private mutating func ends(_ closing: UInt8) -> Bool? {
        if skip(UInt8(ascii: ",")) { return skip(closing) }
        return skip(closing) ? true : nil
    }

    /// The string whose opening quote is at `index`; nil when it is not closed, holds a control
    /// character, a bad escape or bytes that are not UTF-8.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // Most strings (keys, names) have no escapes: their bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            index += 1
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text += Array(String(Character(scalar)).utf8)
                default: return nil
                }
            case 0..<0x20: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape whose `u` was just read (two escapes for a surrogate pair).
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hexQuad() else { return nil }
        switch first {
        case 0xD800..<0xDC00:
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
            index += 2
            guard let second = hexQuad(), (0xDC00..<0xE000).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00..<0xE000: return nil
        default: return Unicode.Scalar(first)
        }
    }

    private mutating func hexQuad() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The number at `index` (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`); nil when
    /// it does not follow the grammar, or is beyond a `Double` (too large, or so small that a
    /// number with a digit other than 0 would read as 0).
    private mutating func number() -> Double? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        let mantissa = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        // Up to 15 digits, an integer is exact in a Double: no need to round a decimal string.
        if text.count == mantissa.count, text.count <= 15, !text.contains(UInt8(ascii: ".")) {
            var magnitude = 0.0
            for byte in text where byte != UInt8(ascii: "-") { magnitude = magnitude * 10 + Double(byte - UInt8(ascii: "0")) }
            return text.first == UInt8(ascii: "-") ? -magnitude : magnitude
        }
        let written = String(decoding: text, as: UTF8.self)
        guard let value = Double(written), value.isFinite else {
            failure = "the number \(written.prefix(40)) is beyond a double's range"
            return nil
        }
        if value == 0, mantissa.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) {
            failure = "the number \(written.prefix(40)) is too small for a double (it would read as 0)"
            return nil
        }
        return value
    }

    /// Skips decimal digits; returns how many.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }
}

/// Why bytes are not a JSON document: what stopped the reading, where (line and column, from
/// 1), and the JSON path of the value it was reading.
struct JSONError: Error, Sendable, Equatable {
    var message: String
    var line: Int
    var column: Int
    var path: String
}
