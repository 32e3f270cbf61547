/// What a sweep writes as `index.json`: its axes and every variant with its overrides, where
/// it was rendered, and, for a variant that resolves to the same scene as an earlier one, which.
public struct SweepIndex: Encodable, Sendable {
    public struct Axis: Encodable, Sendable {
        public var key: String
        public var values: [OverrideValue]
    }

    public struct Variant: Encodable, Sendable {
        public var label: String
        /// The folder, relative to the index.
        public var folder: String
        /// Key → value of the variant's `--vary` overrides.
        public var overrides: [String: OverrideValue]
        public var duration: Double
        public var frameCount: Int
        /// The label of the earlier variant with the same resolved scene, whose frames these are.
        public var sameAs: String?
    }

    /// A value as written on the command line: a JSON number when it reads as one.
    public struct OverrideValue: Encodable, Sendable {
        public var text: String

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let number = Double(text), number.isFinite { try container.encode(number) } else { try container.encode(text) }
        }
    }

    public var scene: String
    public var sceneFile: String
    /// `--set` overrides applied to every variant.
    public var overrides: [String]
    public var zip: Bool
    public var axes: [Axis]
    public var variants: [Variant]
    /// The comparison sheet (its first page), every page, and the plot, relative to the index;
    /// nil when not drawn.
    public var sheet: String?
    public var sheets: [String]
    public var plot: String?

    /// What rendering one variant of the plan found.
    public struct RenderedVariant: Hashable, Sendable {
        /// The render's length in seconds.
        public var duration: Double
        /// How many frames the render has.
        public var frameCount: Int
        /// The index in the plan of the earlier variant with the same resolved scene, whose
        /// frames these are; nil when the variant was rendered itself.
        public var sameAs: Int?

        /// A variant of `frameCount` frames over `duration` seconds, the same scene as variant
        /// `sameAs` when that is not nil.
        public init(duration: Double, frameCount: Int, sameAs: Int? = nil) {
            self.duration = duration
            self.frameCount = frameCount
            self.sameAs = sameAs
        }
    }

    /// The index of a sweep of `scene` (read from `sceneFile` with `overrides`) by `plan`:
    /// `variants` are the plan's variants as rendered, in its order; `sheets` and `plot` the
    /// files drawn, relative to the index.
    public init(scene: String, sceneFile: String, overrides: [SceneOverride], plan: SweepPlan,
                variants: [RenderedVariant], sheets: [String], plot: String?) {
        self.scene = scene
        self.sceneFile = sceneFile
        self.overrides = overrides.map(\.description)
        zip = plan.zipped
        axes = plan.axes.map { Axis(key: $0.key, values: $0.values.map(OverrideValue.init)) }
        self.variants = Swift.zip(plan.variants, variants).map { variant, rendered in
            Variant(label: variant.label, folder: variant.folder,
                    overrides: Dictionary(variant.overrides.map { ($0.key, OverrideValue(text: $0.value)) }, uniquingKeysWith: { $1 }),
                    duration: rendered.duration, frameCount: rendered.frameCount,
                    sameAs: rendered.sameAs.map { plan.variants[$0].label })
        }
        sheet = sheets.first
        self.sheets = sheets
        self.plot = plot
    }

    /// Pretty-printed JSON with sorted keys.
    public func json() throws(ReportEncodingError) -> String { try prettyJSON(self) }
}
