/// A scene exported as a Lottie animation (`LottieWriter.json(name:)`): the file's text, and
/// what it draws without.
///
/// ```swift
/// var writer = LottieWriter(frames: frames, frameRate: 60, textOutline: outline, imageBytes: read)
/// let export = writer.json(name: "frog")
/// for note in export.notExported { print("\(note.path): not exported: \(note.feature)") }
/// ```
public struct LottieExport: Sendable, Equatable {
    /// The animation as compact JSON (Bodymovin 5.7); `{}` for a scene without frames.
    public var text: String
    /// What the animation draws without, once per layer and feature, in the order the writer
    /// met them; empty when it draws the scene whole.
    public var notExported: [LottieExportNote]

    /// An export of `text` that draws without `notExported`.
    public init(text: String, notExported: [LottieExportNote]) {
        self.text = text
        self.notExported = notExported
    }
}

/// A property of one layer that a Lottie export draws without, and how it draws instead:
/// layer `card`, property `backdropBlur`, feature `backdrop blur: drawn without it`.
public struct LottieExportNote: Sendable, Hashable {
    /// The id of the layer, or `scene` for what concerns the whole scene (layers added while
    /// it runs, a `zIndex` changing among the top layers).
    public var layer: String
    /// The scene key that cannot be said: `backdropBlur`, `emitter`, `blendMode`, `zIndex`…
    public var property: String
    /// What is drawn without, then how it is drawn: `replicator: children drawn once`.
    public var feature: String

    /// A note that `layer`'s `property` is drawn without `feature`.
    public init(layer: String, property: String, feature: String) {
        self.layer = layer
        self.property = property
        self.feature = feature
    }

    /// Where the property is in the scene's terms: `layers.card.backdropBlur`, or the
    /// property alone for the whole scene.
    public var path: String { layer == "scene" ? property : "layers.\(layer).\(property)" }
}
