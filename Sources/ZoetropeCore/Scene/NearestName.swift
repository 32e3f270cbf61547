/// Suggestions for misspelt names: "did you mean duration?".
package enum NearestName {
    /// The candidate closest to `name` by edit distance (case ignored), when it is close enough
    /// to be a likely typo: at most a third of the name's letters (1 to 3) differ.
    package static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        let limit = min(max(name.count / 3, 1), 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// " (did you mean x?)" for a suggestion, or nothing.
    package static func hint(for name: String, among candidates: some Sequence<String>) -> String {
        suggestion(for: name, among: candidates).map { "did you mean \($0)? " } ?? ""
    }

    /// Edit distance counting a swap of neighbours as one edit (optimal string alignment), so
    /// "mvoe" is one edit from "move".
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
