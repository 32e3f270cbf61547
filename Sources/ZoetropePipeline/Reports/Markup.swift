/// Text set into the pages (`test`'s report, `view`, `preview`'s problems) and the JUnit XML
/// this target writes: the one place it is escaped, so no page escapes less than another.
enum Markup {
    /// `text` with `&`, `<` and `>` as entities, and `"` too when `quotes` (a value between
    /// double quotes; the JUnit report escapes them everywhere, as it always has).
    static func escaped(_ text: String, quotes: Bool = false) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// JSON set inside a `<script>` element: every `<` as `\u003c`, so no `</script>` in a value
    /// can end the element (the JSON reads the same).
    static func inScript(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
