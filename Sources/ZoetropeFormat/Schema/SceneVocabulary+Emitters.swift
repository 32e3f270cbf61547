import ZoetropeCore

/// A cell's number key, the field it sets and what it takes: the one table the reader, the
/// writer and the schema read.
struct EmitterCellNumber: Sendable {
    var key: String
    var field: WritableKeyPath<EmitterCell, Double> & Sendable
    /// The numbers it takes; nil for an angle (radians, or `"90deg"`), any finite one.
    var range: NumberRange?
    var help = ""
}

extension SceneVocabulary {
    /// `emitter`'s animatable keys, by the property each sets (the reader's and the writer's table).
    static let emitterProperties: [(key: String, property: LayerProperty)] = [
        ("position", .emitterPosition), ("size", .emitterSize), ("birthRate", .emitterBirthRate), ("lifetime", .emitterLifetime),
        ("velocity", .emitterVelocity), ("scale", .emitterScale), ("spin", .emitterSpin),
    ]

    /// `emitter`'s keys that do not animate: what a `restyle`'s `style.emitter` holds.
    static let emitterSettings: [Key] = [
        Key(name: "shape", value: .choice(of: EmitterShape.self), help: "emitterShape: where particles are born around position (default point)."),
        Key(name: "mode", value: .choice(of: EmitterMode.self), help: "emitterMode: the shape's corners, outline or inside (default volume, the inside)."),
        Key(name: "renderMode", value: .choice(of: EmitterRenderMode.self),
            help: "The order particles are drawn in, or additive (plusLighter); default unordered: cell by cell, oldest first."),
        Key(name: "seed", value: .number(.seed), help: "The seed of the particles' randomness (a whole number)."),
        Key(name: "prewarm", value: .number(.time), help: "Seconds the emitter has run when the scene starts: their particles are alive at 0 (SpriteKit's advanceSimulationTime)."),
        Key(name: "cells", value: .list(.mapping("emitterCell"), maximumCount: SceneLimits.emitterCells)),
    ]

    static let emitter = Mapping(name: "emitter", help: "CAEmitterLayer: particles born from a shape by its cells, drawn above the layer's content and below its children.", keys: [
        Key(name: "position", value: .pair(.coordinate), help: "emitterPosition: the shape's centre, in the layer's coordinates; read by each particle at its birth."),
        Key(name: "size", value: .pair(.extent), help: "emitterSize: a line's width, a rectangle's size, a circle's radius (the width)."),
        Key(name: "birthRate", value: .number(.emitterRate), help: "Multiplies every cell's birth rate; 0 stops births (the particles alive live on)."),
        Key(name: "lifetime", value: .number(.emitterRate), help: "Multiplies the lifetime of particles born from now on."),
        Key(name: "velocity", value: .number(.emitterFactor)), Key(name: "scale", value: .number(.emitterFactor)),
        Key(name: "spin", value: .number(.emitterFactor)),
    ] + emitterSettings)

    /// A `restyle`'s emitter: the settings alone (the animatable keys are values, set by `set`).
    static let emitterStyle = Mapping(name: "emitterStyle", help: "An emitter's cells, shape, mode, render mode and seed.", keys: emitterSettings)

    /// A cell's number keys.
    static let emitterCellNumbers: [EmitterCellNumber] = [
        EmitterCellNumber(key: "birthRate", field: \.birthRate, range: .particleBirthRate, help: "Particles per second."),
        EmitterCellNumber(key: "lifetime", field: \.lifetime, range: .time, help: "Seconds each particle lives."),
        EmitterCellNumber(key: "lifetimeRange", field: \.lifetimeRange, range: .layerTime),
        EmitterCellNumber(key: "velocity", field: \.velocity, range: .coordinate, help: "Points per second."),
        EmitterCellNumber(key: "velocityRange", field: \.velocityRange, range: .coordinate),
        EmitterCellNumber(key: "emissionLongitude", field: \.emissionLongitude, help: "The direction, from the x axis (90deg is down)."),
        EmitterCellNumber(key: "emissionLatitude", field: \.emissionLatitude, help: "The tilt out of the screen: the speed on screen is cos(latitude) of the speed."),
        EmitterCellNumber(key: "emissionRange", field: \.emissionRange, help: "The cone's angle: directions within longitude ± range / 2."),
        EmitterCellNumber(key: "xAcceleration", field: \.xAcceleration, range: .coordinate, help: "Points per second²."),
        EmitterCellNumber(key: "yAcceleration", field: \.yAcceleration, range: .coordinate, help: "Points per second² (positive falls)."),
        EmitterCellNumber(key: "spin", field: \.spin, help: "An angle per second."),
        EmitterCellNumber(key: "spinRange", field: \.spinRange),
        EmitterCellNumber(key: "scale", field: \.scale, range: .particleScale, help: "Of the contents' size in points (a pixel a point)."),
        EmitterCellNumber(key: "scaleRange", field: \.scaleRange, range: .particleScale),
        EmitterCellNumber(key: "scaleSpeed", field: \.scaleSpeed, range: .particleScale, help: "Scale added per second."),
        EmitterCellNumber(key: "redRange", field: \.redRange, range: .colorRange), EmitterCellNumber(key: "greenRange", field: \.greenRange, range: .colorRange),
        EmitterCellNumber(key: "blueRange", field: \.blueRange, range: .colorRange), EmitterCellNumber(key: "alphaRange", field: \.alphaRange, range: .colorRange),
        EmitterCellNumber(key: "redSpeed", field: \.redSpeed, range: .speed), EmitterCellNumber(key: "greenSpeed", field: \.greenSpeed, range: .speed),
        EmitterCellNumber(key: "blueSpeed", field: \.blueSpeed, range: .speed),
        EmitterCellNumber(key: "alphaSpeed", field: \.alphaSpeed, range: .speed, help: "Alpha added per second (negative fades out)."),
        EmitterCellNumber(key: "beginTime", field: \.beginTime, range: .layerTime, help: "When the cell starts emitting, in the emitter's seconds."),
        EmitterCellNumber(key: "duration", field: \.duration, range: .time, help: "How long it emits (0: for ever)."),
    ]

    static let emitterCell = Mapping(name: "emitterCell", help: "CAEmitterCell: one kind of particle; each …Range is ±, each …Speed a change per second.", keys: [
        Key(name: "name", value: .string), Key(name: "enabled", value: .bool),
        Key(name: "contents", value: .string, help: "The particle's image: a PNG, JPEG or WebP file relative to the scene file, or a base64 data URL; none draws nothing."),
        Key(name: "color", value: .color, help: "Multiplies the image's colour (a white image takes it); default white."),
    ] + emitterCellNumbers.map { number in
        Key(name: number.key, value: number.range.map { Value.number($0) } ?? .angle, help: number.help)
    })
}
