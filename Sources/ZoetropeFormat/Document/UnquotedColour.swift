/// A colour written without quotes where YAML takes its `#` for a comment (`fill: #FF0000`):
/// the value is lost (null, or a flow mapping left open, so libyaml complains a line later about
/// "expected node content"). Found by a look at the text's lines before the reader's messages,
/// so the problem is named on its own line and says what to do.
struct UnquotedColour: Hashable, Sendable {
    /// 1-based, as `DocumentMark`'s.
    var line: Int
    var column: Int
    /// The key it was meant for (`fill`), or nil in a list (`stops: [[0, #FF0000]]`).
    var key: String?
    var colour: String

    /// `line 7, column 11`, the place as syntax errors give it.
    var place: String { "line \(line), column \(column)" }

    var message: String {
        (key.map { "\($0): " } ?? "") + "a colour starting with # must be quoted ('\(colour)'); YAML reads # as a comment"
    }

    /// Every `#` that starts a comment right where a value belongs (after `key:`, `- `, `[` or
    /// `,`) and is followed by 3, 4, 6 or 8 hex digits and nothing else. Quoted text and whole
    /// comment lines are passed over; a comment after a value (`size: 10 # px`) is not a colour.
    static func find(in text: String) -> [UnquotedColour] {
        var found: [UnquotedColour] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let characters = Array(line.utf8)
            var quote: UInt8? = nil
            var position = 0
            while position < characters.count {
                let character = characters[position]
                if let open = quote {
                    if character == UInt8(ascii: "\\") && open == UInt8(ascii: "\"") { position += 1 }
                    else if character == open { quote = nil }
                } else if character == UInt8(ascii: "\"") || character == UInt8(ascii: "'") {
                    quote = character
                } else if character == UInt8(ascii: "#") {
                    // A `#` starts a comment only after white space (or at the start of the line).
                    guard position == 0 || characters[position - 1] == UInt8(ascii: " ") || characters[position - 1] == UInt8(ascii: "\t") else {
                        position += 1
                        continue
                    }
                    if let colour = colour(in: characters, at: position, line: index + 1) { found.append(colour) }
                    break  // The rest of the line is the comment.
                }
                position += 1
            }
        }
        return found
    }

    private static func colour(in characters: [UInt8], at hash: Int, line: Int) -> UnquotedColour? {
        var end = hash + 1
        while end < characters.count, isHexDigit(characters[end]) { end += 1 }
        let digits = end - hash - 1
        guard [3, 4, 6, 8].contains(digits) else { return nil }
        guard end == characters.count || [" ", "\t", ",", "]", "}", "\r"].map({ UInt8(ascii: $0) }).contains(characters[end]) else { return nil }
        var before = hash - 1
        while before >= 0, characters[before] == UInt8(ascii: " ") || characters[before] == UInt8(ascii: "\t") { before -= 1 }
        guard before >= 0 else { return nil }
        let colour = String(decoding: characters[hash..<end], as: UTF8.self)
        switch characters[before] {
        case UInt8(ascii: ":"):
            var start = before
            while start > 0, !" \t{,-".utf8.contains(characters[start - 1]) { start -= 1 }
            let key = String(decoding: characters[start..<before], as: UTF8.self)
            return UnquotedColour(line: line, column: hash + 1, key: key.isEmpty ? nil : key, colour: colour)
        case UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: ","):
            return UnquotedColour(line: line, column: hash + 1, key: nil, colour: colour)
        default:
            return nil
        }
    }

    private static func isHexDigit(_ character: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(character)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(character)
    }
}
