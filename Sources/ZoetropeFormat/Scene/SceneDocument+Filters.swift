import ZoetropeCore

extension SceneDocument {
    /// `filters: [{ fill: { color, opacity } }, { tint: { black, white, amount } }, …]`: each item
    /// one mapping with exactly one key naming the filter (`ColorFilter`); absent parameters take
    /// the defaults After Effects gives a new effect (a Fill in red at full opacity, a Tint from
    /// black to white at full amount, a Tritone of black, grey and white, identity Levels).
    func readFilters(_ node: DocumentNode, at path: DocumentPath) -> [ColorFilter] {
        guard let items = reader.sequence(node, at: path, of: "filters", atMost: SceneLimits.items) else { return [] }
        return items.enumerated().compactMap { index, item in
            let at = path / index
            guard let pairs = reader.mapping(item, at: at, allowed: SceneVocabulary.filter.names) else { return nil }
            guard pairs.count == 1, let (name, body) = pairs.first else {
                reader.report(at, "expected exactly one of \(SceneVocabulary.filter.names.joined(separator: ", ")) (found \(pairs.count) keys)")
                return nil
            }
            return readFilter(name, body, at: at / name)
        }
    }

    private func readFilter(_ name: String, _ node: DocumentNode, at path: DocumentPath) -> ColorFilter? {
        let allowed = SceneVocabulary.filterMappings.first { $0.name == name + "Filter" }?.names ?? []
        guard let pairs = reader.mapping(node, at: path, allowed: allowed) else { return nil }
        func color(_ key: String, _ fallback: Color) -> Color {
            pairs.first { $0.key == key }.flatMap { reader.color($0.value, at: path / key) } ?? fallback
        }
        func unit(_ key: String, _ fallback: Double) -> Double {
            pairs.first { $0.key == key }.flatMap { reader.unit($0.value, at: path / key) } ?? fallback
        }
        switch name {
        case "fill":
            return .fill(color: color("color", Color(red: 1, green: 0, blue: 0)), opacity: unit("opacity", 1))
        case "tint":
            return .tint(black: color("black", .black), white: color("white", .white), amount: unit("amount", 1))
        case "tritone":
            return .tritone(highlights: color("highlights", .white), midtones: color("midtones", Color(red: 0.5, green: 0.5, blue: 0.5)),
                            shadows: color("shadows", .black), blend: unit("blend", 0))
        case "invert":
            return .invert(amount: unit("amount", 1))
        default:  // levels
            let range = NumberRange(minimum: ColorFilter.gammaRange.lowerBound, maximum: ColorFilter.gammaRange.upperBound, name: "gamma")
            let gamma = pairs.first { $0.key == "gamma" }.flatMap { reader.number($0.value, at: path / "gamma", within: range) } ?? 1
            return .levels(ColorFilter.Levels(inputBlack: unit("inputBlack", 0), inputWhite: unit("inputWhite", 1), gamma: gamma,
                                              outputBlack: unit("outputBlack", 0), outputWhite: unit("outputWhite", 1)))
        }
    }
}
