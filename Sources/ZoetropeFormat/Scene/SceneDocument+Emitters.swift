import ZoetropeCore

extension SceneDocument {
    /// `emitter: { position, size, birthRate, …, shape, mode, renderMode, seed, prewarm, cells }`
    /// (CAEmitterLayer's): the animatable keys set the layer's `emitter.` values, the others its
    /// style's `Emitter`. Refused past `SceneLimits.particles` alive at once.
    func readEmitter(_ node: DocumentNode, at path: DocumentPath, into layer: inout Layer) {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.emitter.names) else { return }
        var emitter = Emitter()
        for (key, value) in pairs {
            if let property = SceneVocabulary.emitterProperties.first(where: { $0.key == key })?.property {
                if let read = readValue(of: property, value, at: path / key) { layer.values[property] = read }
            } else {
                readEmitterSetting(key, value, at: path / key, into: &emitter)
            }
        }
        layer.style.emitter = emitter
        checkParticleCount(of: emitter, values: layer.values, at: path)
    }

    /// A restyle's `style.emitter: { shape, mode, renderMode, seed, prewarm, cells }`.
    func readEmitterStyle(_ node: DocumentNode, at path: DocumentPath) -> Emitter? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.emitterStyle.names) else { return nil }
        var emitter = Emitter()
        for (key, value) in pairs { readEmitterSetting(key, value, at: path / key, into: &emitter) }
        return emitter
    }

    /// One of `SceneVocabulary.emitterSettings`.
    private func readEmitterSetting(_ key: String, _ value: DocumentNode, at path: DocumentPath, into emitter: inout Emitter) {
        switch key {
        case "shape": emitter.shape = reader.choice(value, at: path, of: EmitterShape.self) ?? emitter.shape
        case "mode": emitter.mode = reader.choice(value, at: path, of: EmitterMode.self) ?? emitter.mode
        case "renderMode": emitter.renderMode = reader.choice(value, at: path, of: EmitterRenderMode.self) ?? emitter.renderMode
        case "seed":
            if let seed = reader.number(value, at: path, where: { NumberRange.seed.contains($0) && $0 == $0.rounded() },
                                        expected: "a whole number \(NumberRange.seed.description)") {
                emitter.seed = UInt32(clamping: Int(saturating: seed))
            }
        case "prewarm": emitter.prewarm = reader.number(value, at: path, within: .time) ?? 0
        default:  // cells
            guard let items = reader.sequence(value, at: path, of: "emitter cells", atMost: SceneLimits.emitterCells) else { return }
            emitter.cells = items.enumerated().compactMap { readCell($1, at: path / $0) }
        }
    }

    /// `{ name, contents, birthRate, lifetime, … }` (CAEmitterCell's).
    private func readCell(_ node: DocumentNode, at path: DocumentPath) -> EmitterCell? {
        guard let pairs = reader.mapping(node, at: path, allowed: SceneVocabulary.emitterCell.names) else { return nil }
        var cell = EmitterCell()
        for (key, value) in pairs {
            let at = path / key
            switch key {
            case "name": cell.name = reader.string(value, at: at) ?? ""
            case "enabled": cell.isEnabled = reader.bool(value, at: at) ?? true
            case "contents": cell.contents = readImage(value, at: at) ?? ""
            case "color": cell.color = reader.color(value, at: at) ?? .white
            default:
                guard let number = SceneVocabulary.emitterCellNumbers.first(where: { $0.key == key }) else { continue }
                let read = number.range.map { reader.number(value, at: at, within: $0) } ?? reader.angle(value, at: at)
                if let read { cell[keyPath: number.field] = read }
            }
        }
        return cell
    }

    /// Reports an emitter whose declared rates and lifetimes keep more than
    /// `SceneLimits.particles` alive at once: Σ birth rate × longest lifetime over its cells,
    /// times the layer's birth rate and lifetime multipliers.
    private func checkParticleCount(of emitter: Emitter, values: LayerValues, at path: DocumentPath) {
        let alive = emitter.cells.filter(\.isEnabled).reduce(0.0) { $0 + $1.birthRate * $1.longestLifetime }
            * values.emitterBirthRate * values.emitterLifetime
        guard alive > Double(SceneLimits.particles) else { return }
        reader.report(path, "its cells keep about \(DocumentReader.format(alive.rounded())) particles alive at once (birth rate × lifetime, "
                      + "summed over the cells, times the emitter's birthRate and lifetime); an emitter may have at most \(SceneLimits.particles)")
    }
}
