extension String {
    /// The text with every control character written out, so a message that quotes user data
    /// (a layer id, a key, a file name) stays one line and sends nothing to the terminal:
    /// `\n`, `\r` and `\t` as those two characters, any other C0 or C1 control, DEL, the line and
    /// paragraph separators and the bidirectional overrides as `\u{1B}` (hex).
    ///
    /// Backslashes are left as they are, so escaping twice changes nothing.
    ///
    ///     "a\n\u{1B}[31mb".escapingControlCharacters()   // a\n\u{1B}[31mb, one line
    public func escapingControlCharacters() -> String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where Self.needsEscape(scalar): escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// True for what a terminal or a line-based reader would act on rather than show.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true                            // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: true          // bidirectional embeddings and isolates
        default: false
        }
    }
}
