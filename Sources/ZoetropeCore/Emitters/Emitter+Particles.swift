import RealModule

extension Emitter {
    /// The particles alive at `time` (the scene's seconds; the emitter started `prewarm` before 0), in
    /// the order `renderMode` draws them, written into `particles` (emptied first, its storage
    /// kept: a drawer passes the same array every frame).
    ///
    /// A pure function of (emitter, history, time): particle i of cell c is born at the instant
    /// s the cell's births, `cell.birthRate × (births(s) − births(beginTime))`, exceed i, with
    /// the emitter's values then (`history.samples`); its random numbers are a hash of (`seed`,
    /// c, i). At age a = time − s it is
    ///
    ///     position = p₀ + v·a + ½·(xAcceleration, yAcceleration)·a²
    ///     rotation = spin·a,  scale = max(0, (scale₀ + scaleSpeed·a)·emitter.scale)
    ///     colour   = clamp(colour₀ + speed·a, 0, 1) per component
    ///
    /// and alive while a < lifetime. Only the particles born within the cell's longest
    /// lifetime before `time` are visited, at most `SceneLimits.particles` for the emitter (the
    /// newest of each cell when an animated multiplier asks for more).
    public func particles(at time: Double, history: EmissionHistory, into particles: inout [Particle]) {
        particles.removeAll(keepingCapacity: true)
        var budget = SceneLimits.particles
        for (index, cell) in cells.enumerated() where cell.isEnabled && cell.birthRate > 0 && cell.birthRate.isFinite {
            appendParticles(of: cell, at: index, time: time, history: history, budget: &budget, into: &particles)
        }
        switch renderMode {
        case .oldestFirst:
            particles.sort { ($0.birthTime, $0.cell, $0.index) < ($1.birthTime, $1.cell, $1.index) }
        case .oldestLast:
            particles.sort { ($0.birthTime, $0.cell, $0.index) > ($1.birthTime, $1.cell, $1.index) }
        case .unordered, .backToFront, .additive:
            break
        }
    }

    /// How many particles of each cell are born by `time` (the ones alive and the ones dead).
    public func birthCounts(at time: Double, history: EmissionHistory) -> [Int] {
        cells.map { cell in
            guard cell.isEnabled, cell.birthRate > 0, cell.birthRate.isFinite else { return 0 }
            let begin = cell.beginTime - prewarm, end = min(time, cell.endTime - prewarm)
            guard end > begin else { return 0 }
            let count = cell.birthRate * (history.births(at: end) - history.births(at: begin))
            return Int(saturating: count, rounding: .up)
        }
    }

    private func appendParticles(of cell: EmitterCell, at cellIndex: Int, time: Double, history: EmissionHistory,
                                 budget: inout Int, into particles: inout [Particle]) {
        // The cell's time is the emitter's, which starts `prewarm` seconds before the scene.
        let begin = cell.beginTime - prewarm, end = min(time, cell.endTime - prewarm)
        let longest = cell.longestLifetime * history.largestLifetime
        guard end > begin, longest > 0, budget > 0 else { return }
        let windowStart = max(begin, time - longest)
        guard windowStart < end else { return }
        let atBegin = history.births(at: begin), rate = cell.birthRate
        // Particle i is born once the births pass i: those before the window are dead, those
        // from `last` on are not born yet.
        let first = Int(saturating: rate * (history.births(at: windowStart) - atBegin), rounding: .up)
        let last = Int(saturating: rate * (history.births(at: end) - atBegin), rounding: .up)
        let lowest = max(first, last - budget)
        guard lowest < last else { return }
        budget -= last - lowest
        var segment = history.segment(whereBirthsExceed: atBegin + Double(lowest) / rate)
        let planar = Double.cos(cell.emissionLatitude)
        for index in lowest..<last {
            guard let born = history.instant(birthsExceed: atBegin + Double(index) / rate, segment: &segment), born <= time else { break }
            if let particle = particle(index, of: cell, at: cellIndex, born: born, sample: history.samples[segment], time: time,
                                       planar: planar) {
                particles.append(particle)
            }
        }
    }

    /// Particle `index` of `cell` at `time`, born at `born` with the emitter's values `sample`;
    /// nil once it has died. Its random numbers are drawn in one fixed order, whatever ranges
    /// are 0, so changing one range changes nothing else about the particle.
    /// `planar` is cos(emission latitude): how much of the speed lies in the screen's plane.
    private func particle(_ index: Int, of cell: EmitterCell, at cellIndex: Int, born: Double, sample: EmissionHistory.Sample,
                          time: Double, planar: Double) -> Particle? {
        var random = ParticleRandom(seed: seed, cell: cellIndex, particle: index)
        let age = time - born
        let lifetime = max(cell.lifetime + cell.lifetimeRange * random.signed(), 0) * sample.lifetime
        guard age >= 0, age < lifetime else { return nil }
        let speed = (cell.velocity + cell.velocityRange * random.signed()) * sample.velocity * planar
        let direction = cell.emissionLongitude + cell.emissionRange / 2 * random.signed()
        let origin = sample.position + emissionOffset(size: sample.size, &random)
        let spin = (cell.spin + cell.spinRange * random.signed()) * sample.spin
        let scale = cell.scale + cell.scaleRange * random.signed()
        func component(_ base: Double, _ range: Double, _ speed: Double, _ random: inout ParticleRandom) -> Double {
            min(max(base + range * random.signed() + speed * age, 0), 1)
        }
        let color = Color(red: component(cell.color.red, cell.redRange, cell.redSpeed, &random),
                          green: component(cell.color.green, cell.greenRange, cell.greenSpeed, &random),
                          blue: component(cell.color.blue, cell.blueRange, cell.blueSpeed, &random),
                          alpha: component(cell.color.alpha, cell.alphaRange, cell.alphaSpeed, &random))
        let half = age * age / 2
        let position = Vector2(origin.x + speed * Double.cos(direction) * age + cell.xAcceleration * half,
                               origin.y + speed * Double.sin(direction) * age + cell.yAcceleration * half)
        return Particle(cell: cellIndex, index: index, birthTime: born, position: position, rotation: spin * age,
                        scale: max((scale + cell.scaleSpeed * age) * sample.scale, 0), color: color)
    }

    /// Where on the emission shape a particle is born, from the emitter position; three random
    /// numbers drawn whatever the shape.
    private func emissionOffset(size: Vector2, _ random: inout ParticleRandom) -> Vector2 {
        let u = random.unit(), v = random.unit(), w = random.unit()
        let halfWidth = size.x / 2, halfHeight = size.y / 2
        switch shape {
        case .point:
            return .zero
        case .line:
            return Vector2(mode == .points ? (u < 0.5 ? -halfWidth : halfWidth) : (2 * u - 1) * halfWidth, 0)
        case .rectangle, .cuboid:
            switch mode {
            case .points:
                return Vector2(u < 0.5 ? -halfWidth : halfWidth, v < 0.5 ? -halfHeight : halfHeight)
            case .outline:
                // A point along the perimeter, each edge by its length.
                var along = w * 2 * (size.x + size.y)
                if along < size.x { return Vector2(along - halfWidth, -halfHeight) }
                along -= size.x
                if along < size.y { return Vector2(halfWidth, along - halfHeight) }
                along -= size.y
                if along < size.x { return Vector2(halfWidth - along, halfHeight) }
                return Vector2(-halfWidth, halfHeight - (along - size.x))
            case .surface, .volume:
                return Vector2((2 * u - 1) * halfWidth, (2 * v - 1) * halfHeight)
            }
        case .circle, .sphere:
            let angle = 2 * Double.pi * u
            let radius: Double = switch mode {
            case .points: 0
            case .outline: size.x
            // Uniform over the disc.
            case .surface, .volume: size.x * v.squareRoot()
            }
            return Vector2(radius * Double.cos(angle), radius * Double.sin(angle))
        }
    }
}
