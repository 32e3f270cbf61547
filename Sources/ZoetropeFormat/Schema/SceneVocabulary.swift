import ZoetropeCore

/// Every mapping a scene file may hold, its keys and what each key's value is: the reader checks
/// keys against these lists (`SceneVocabulary.canvas.names`), and `SceneSchema` writes the same
/// table as JSON Schema, so the two cannot drift apart.
enum SceneVocabulary {
    /// What a value may be, as far as a schema can say (the reader checks references, ranges
    /// that depend on other keys, and the like).
    indirect enum Value: Sendable {
        /// A number within the bounds (`exclusive` makes the minimum exclusive).
        case number(minimum: Double? = nil, maximum: Double? = nil, exclusiveMinimum: Bool = false)
        case string
        case bool
        /// One of these strings.
        case choice([String])
        /// A string matching a regular expression.
        case pattern(String)
        /// `[x, y]`, each component within the bounds.
        case pair(minimum: Double? = nil, maximum: Double? = nil)
        /// A list of `minimumCount...maximumCount` items (the maximum from `SceneLimits`).
        case list(Value, minimumCount: Int = 0, maximumCount: Int? = nil)
        /// `[a, b, …]`: exactly these items.
        case tuple([Value])
        /// A mapping described by `Mapping` (by name, so mappings can nest recursively).
        case mapping(String)
        /// `layer.property: value` pairs.
        case assignments
        case anyOf([Value])
        /// Anything (a track's values, checked against the property they animate).
        case any

        static let unit = Value.number(minimum: 0, maximum: 1)
        static let nonNegative = Value.number(minimum: 0)
        static let positive = Value.number(minimum: 0, exclusiveMinimum: true)
        static let color = Value.anyOf([.pattern("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"),
                                        .choice(["clear", "transparent", "black", "white"]),
                                        .list(.unit, minimumCount: 4, maximumCount: 4)])
        static let angle = Value.anyOf([.number(), .pattern("^\\s*[-+]?[0-9.]+([eE][-+]?[0-9]+)?\\s*(deg|rad|turn)$")])
        static let vectorOrNumber = Value.anyOf([.number(), .pair()])
        static let timing = Value.anyOf([.choice(CubicTimingParameters.named.map(\.name)), .mapping("cubicTiming"), .mapping("springTiming")])
        /// A number within `range` (SceneLimits, as the reader checks it).
        static func number(_ range: NumberRange) -> Value {
            .number(minimum: range.minimum, maximum: range.maximum, exclusiveMinimum: range.exclusiveMinimum)
        }
        /// A pair whose components lie within `range` (an exclusive minimum is stated inclusive).
        static func pair(_ range: NumberRange) -> Value { .pair(minimum: range.minimum, maximum: range.maximum) }
        static func choice<T: RawRepresentable & CaseIterable>(of type: T.Type) -> Value where T.RawValue == String {
            .choice(T.allCases.map(\.rawValue))
        }
    }

    struct Key: Sendable {
        var name: String
        var value: Value
        var required = false
        var help = ""
    }

    /// A mapping's keys; a mapping whose every key is optional may also be empty.
    struct Mapping: Sendable {
        var name: String
        var help: String
        var keys: [Key]

        var names: [String] { keys.map(\.name) }

    }

    // MARK: - The document

    static let root = Mapping(name: "scene", help: "A Zoetrope scene file (docs/scene-format.md).", keys: [
        Key(name: "version", value: .number(minimum: 1, maximum: 1), help: "The scene format's version: 1."),
        Key(name: "canvas", value: .mapping("canvas"), required: true),
        Key(name: "render", value: .mapping("render")),
        Key(name: "colorSpace", value: .choice(of: ColorSpace.self), help: "The space colours interpolate in."),
        Key(name: "layers", value: .list(.mapping("layer"), maximumCount: SceneLimits.items)),
        Key(name: "animators", value: .list(.mapping("animator"), maximumCount: SceneLimits.items)),
        Key(name: "groups", value: .list(.mapping("group"), maximumCount: SceneLimits.items)),
        Key(name: "timelines", value: .list(.mapping("timeline"), maximumCount: SceneLimits.items)),
        Key(name: "script", value: .list(.mapping("event"), maximumCount: SceneLimits.items)),
        Key(name: "$schema", value: .string, help: "The schema this file follows, for editors; ignored by zoetrope."),
    ])

    static let canvas = Mapping(name: "canvas", help: "The picture: its size in points and background.", keys: [
        Key(name: "size", value: .pair(minimum: 1, maximum: SceneLimits.canvasSide), required: true, help: "[width, height] in points."),
        Key(name: "background", value: .color),
    ])

    static let render = Mapping(name: "render", help: "Frames: ⌊duration·fps⌋ + 1 of them.", keys: [
        Key(name: "fps", value: .number(.framesPerSecond)),
        Key(name: "duration", value: .anyOf([.choice(["auto"]), .number(.renderDuration)]),
            help: "Seconds, or auto: until every animator has settled."),
    ])

    static let layer = Mapping(name: "layer", help: "A layer, placed as a CALayer is.", keys: [
        Key(name: "id", value: .pattern("^[^. ]+$"), help: "A name without dots or spaces, unique in the scene."),
        Key(name: "shape", value: .choice(of: Shape.self)),
        Key(name: "position", value: .pair(.coordinate)), Key(name: "size", value: .pair(.extent)), Key(name: "anchor", value: .pair()),
        Key(name: "rotation", value: .angle), Key(name: "scale", value: .vectorOrNumber), Key(name: "translation", value: .pair(.coordinate)),
        Key(name: "skew", value: .angle, help: "After Effects' skew: a shear after the scale and before the rotation; positive leans vertical lines towards -x at the bottom."),
        Key(name: "skewAxis", value: .angle, help: "The direction the skew shears along: 0 along x."),
        Key(name: "rotationX", value: .angle, help: "About the layer's own x axis through its anchor point (transform.rotation.x): positive brings the bottom edge towards the viewer."),
        Key(name: "rotationY", value: .angle, help: "About the layer's own y axis through its anchor point (transform.rotation.y): positive takes the right edge away."),
        Key(name: "translationZ", value: .number(.coordinate), help: "Points towards the viewer (transform.translation.z); it shows under a perspective."),
        Key(name: "anchorZ", value: .number(.coordinate), help: "The anchor point's z (CALayer.anchorPointZ)."),
        Key(name: "perspective", value: .number(.perspective), help: "The m34 of the layer's own transform: -1/d sees it from d points away; 0, none."),
        Key(name: "sublayerPerspective", value: .number(.perspective), help: "The m34 of sublayerTransform: the children seen from -1/m34 points away, about this layer's anchor point."),
        Key(name: "doubleSided", value: .bool, help: "False hides the layer while its back faces the viewer (CALayer.isDoubleSided)."),
        Key(name: "opacity", value: .unit),
        Key(name: "fill", value: .anyOf([.color, .mapping("gradient")])),
        Key(name: "cornerRadius", value: .nonNegative),
        Key(name: "stroke", value: .mapping("stroke")),
        Key(name: "strokeStart", value: .unit), Key(name: "strokeEnd", value: .unit),
        Key(name: "strokeOffset", value: .number(), help: "Moves the strokeStart…strokeEnd window along the outline, in lengths of it; it wraps past the end."),
        Key(name: "strokeTrim", value: .choice(of: SVGPath.TrimMode.self), help: "Where a path has several subpaths: the window along them all (whole) or on each."),
        Key(name: "text", value: .anyOf([.string, .number()])),
        Key(name: "font", value: .mapping("font")),
        Key(name: "color", value: .color, help: "The text's colour."),
        Key(name: "alignment", value: .choice(of: TextAlignment.self)),
        Key(name: "paragraph", value: .mapping("paragraph"), help: "How a text layer's text is broken into lines, spaced and cut."),
        Key(name: "runs", value: .list(.mapping("run"), maximumCount: SceneLimits.items),
            help: "The text as runs with their own font and colour (an attributed string); the text is theirs joined."),
        Key(name: "image", value: .string, help: "A PNG, JPEG or WebP file, relative to the scene file, or the image itself as a base64 data URL (data:image/png;base64,…)."),
        Key(name: "contentMode", value: .choice(of: ContentMode.self)),
        Key(name: "contentsRect", value: .mapping("contentsRect")),
        Key(name: "clips", value: .bool), Key(name: "hidden", value: .bool), Key(name: "zIndex", value: .number()),
        Key(name: "children", value: .list(.mapping("layer"), maximumCount: SceneLimits.items)),
        Key(name: "mask", value: .mapping("layer"), help: "A layer in this one's bounds that it and its children show through (CALayer.mask); not drawn itself."),
        Key(name: "maskMode", value: .choice(of: MaskMode.self), help: "Through the mask's alpha (as Core Animation), its luminance, or either inverted."),
        Key(name: "path", value: .string, help: "SVG path data in the layer's bounds."),
        Key(name: "fillRule", value: .choice(of: FillRule.self)),
        Key(name: "blendMode", value: .choice(of: BlendMode.self)),
        Key(name: "shadow", value: .mapping("shadow")),
        Key(name: "replicator", value: .mapping("replicator")),
        Key(name: "emitter", value: .mapping("emitter")),
        Key(name: "blur", value: .number(.effectRadius)), Key(name: "backdropBlur", value: .number(.effectRadius)),
        Key(name: "blurDirection", value: .choice(of: BlurDirection.self), help: "Which way blur spreads: both (the default), horizontal or vertical only."),
        Key(name: "filters", value: .list(.mapping("filter"), maximumCount: SceneLimits.items),
            help: "Colour filters of the layer's composited picture (its content and children), in order: fill, tint, tritone, invert, levels."),
        Key(name: "rasterize", value: .bool,
            help: "Drawn once into a backing store with its children, mask, shadow and blur, then composited with its transform and opacity (CALayer.shouldRasterize)."),
        Key(name: "rasterizationScale", value: .number(.rasterizationScale), help: "The backing store's pixels per point, times the render's scale (CALayer.rasterizationScale)."),
    ])

    static let gradient = Mapping(name: "gradient", help: "One of linear, radial or conic.", keys: [
        Key(name: "linear", value: .mapping("linearGradient")), Key(name: "radial", value: .mapping("radialGradient")),
        Key(name: "conic", value: .mapping("conicGradient")),
    ])
    static let gradientStops = Key(name: "stops", value: .list(.tuple([.unit, .color]), minimumCount: 2, maximumCount: SceneLimits.keyframes), required: true,
                                   help: "[offset, colour] pairs, offsets not decreasing.")
    static let linearGradient = Mapping(name: "linearGradient", help: "Points in unit coordinates of the bounds.", keys: [
        Key(name: "from", value: .pair()), Key(name: "to", value: .pair()), gradientStops,
    ])
    static let radialGradient = Mapping(name: "radialGradient", help: "Points in unit coordinates of the bounds.", keys: [
        Key(name: "center", value: .pair()), Key(name: "radius", value: .nonNegative),
        Key(name: "focus", value: .pair(), help: "The focal point, where offset 0 lies (SVG's fx, fy); default the centre. Kept within the circle."),
        gradientStops,
    ])
    static let conicGradient = Mapping(name: "conicGradient",
                                       help: "CAGradientLayer's conic type: offsets run clockwise round the centre through one turn, 0 pointing towards to. Points in unit coordinates of the bounds.", keys: [
        Key(name: "center", value: .pair(), help: "The centre (startPoint); default [0.5, 0.5]."),
        Key(name: "to", value: .pair(), help: "Offset 0 points from the centre towards it (endPoint); default: right of the centre (offset 0 at three o'clock)."),
        gradientStops,
    ])
    static let stroke = Mapping(name: "stroke", help: "The outline.", keys: [
        Key(name: "color", value: .anyOf([.color, .mapping("gradient")])), Key(name: "width", value: .number(.strokeWidth)), Key(name: "dash", value: .list(.nonNegative, maximumCount: SceneLimits.keyframes)),
        Key(name: "dashPhase", value: .number(.coordinate), help: "How far into the dash pattern the outline starts, in points (stroke.dashPhase animates it)."),
        Key(name: "cap", value: .choice(of: LineCap.self)), Key(name: "join", value: .choice(of: LineJoin.self)),
        Key(name: "miterLimit", value: .number(.miterLimit), help: "A mitre reaching past this many half widths from its corner is bevelled."),
    ])
    static let shadow = Mapping(name: "shadow", help: "Writing a shadow shows it (opacity 1 unless given).", keys: [
        Key(name: "color", value: .color), Key(name: "offset", value: .pair(.coordinate)), Key(name: "radius", value: .number(.effectRadius)),
        Key(name: "opacity", value: .unit),
    ])
    /// One colour filter: exactly one of its keys (`ColorFilter`).
    static let filter = Mapping(name: "filter", help: "One colour filter: exactly one of fill, tint, tritone, invert, levels.", keys: [
        Key(name: "fill", value: .mapping("fillFilter")), Key(name: "tint", value: .mapping("tintFilter")),
        Key(name: "tritone", value: .mapping("tritoneFilter")), Key(name: "invert", value: .mapping("invertFilter")),
        Key(name: "levels", value: .mapping("levelsFilter")),
    ])
    static let fillFilter = Mapping(name: "fillFilter", help: "Every pixel in the colour, its alpha times the opacity (After Effects' Fill).", keys: [
        Key(name: "color", value: .color), Key(name: "opacity", value: .unit),
    ])
    static let tintFilter = Mapping(name: "tintFilter", help: "Black to one colour, white to another, by luminance; amount mixes with the original (After Effects' Tint).", keys: [
        Key(name: "black", value: .color), Key(name: "white", value: .color), Key(name: "amount", value: .unit),
    ])
    static let tritoneFilter = Mapping(name: "tritoneFilter", help: "Shadows, midtones and highlights to three colours by luminance; blend mixes the original back (After Effects' Tritone).", keys: [
        Key(name: "highlights", value: .color), Key(name: "midtones", value: .color), Key(name: "shadows", value: .color),
        Key(name: "blend", value: .unit),
    ])
    static let invertFilter = Mapping(name: "invertFilter", help: "Red, green and blue inverted, mixed with the original by amount.", keys: [
        Key(name: "amount", value: .unit),
    ])
    static let levelsFilter = Mapping(name: "levelsFilter", help: "An input range stretched to an output range through a gamma (After Effects' Levels), on red, green and blue.", keys: [
        Key(name: "inputBlack", value: .unit), Key(name: "inputWhite", value: .unit),
        Key(name: "gamma", value: .number(minimum: ColorFilter.gammaRange.lowerBound, maximum: ColorFilter.gammaRange.upperBound)),
        Key(name: "outputBlack", value: .unit), Key(name: "outputWhite", value: .unit),
    ])
    /// The mappings a colour filter is written in.
    static let filterMappings = [filter, fillFilter, tintFilter, tritoneFilter, invertFilter, levelsFilter]
    /// `replicator`'s keys, by the property each sets (the reader's and the writer's table).
    static let replicatorProperties: [(key: String, property: LayerProperty)] = [
        ("count", .replicatorCount), ("translation", .replicatorTranslation), ("rotation", .replicatorRotation),
        ("scale", .replicatorScale), ("opacity", .replicatorOpacity), ("alphaOffset", .replicatorAlphaOffset),
        ("color", .replicatorColor), ("redOffset", .replicatorRedOffset), ("greenOffset", .replicatorGreenOffset),
        ("blueOffset", .replicatorBlueOffset), ("delay", .replicatorDelay),
    ]
    static let replicator = Mapping(name: "replicator", help: "CAReplicatorLayer: the children drawn count times, each copy moved from the one before about the anchor point.", keys: [
        Key(name: "count", value: .number(.instances), help: "instanceCount (rounded down; 1 draws the children once)."),
        Key(name: "translation", value: .pair(.coordinate)), Key(name: "rotation", value: .angle), Key(name: "scale", value: .vectorOrNumber),
        Key(name: "opacity", value: .unit, help: "The first copy's alpha (instanceColor's)."),
        Key(name: "alphaOffset", value: .number(), help: "instanceAlphaOffset: added to the alpha for each copy."),
        Key(name: "color", value: .color, help: "instanceColor: the first copy's colours are multiplied by it, component by component (its alpha times opacity)."),
        Key(name: "redOffset", value: .number(), help: "instanceRedOffset: added to the instance colour's red for each copy (clamped to 0...1)."),
        Key(name: "greenOffset", value: .number(), help: "instanceGreenOffset: added to the instance colour's green for each copy."),
        Key(name: "blueOffset", value: .number(), help: "instanceBlueOffset: added to the instance colour's blue for each copy."),
        Key(name: "delay", value: .number(.time), help: "instanceDelay: copy i shows the children as they were i × delay seconds earlier."),
    ])
    /// `contentsRect`'s keys, by the property each sets (the reader's and the writer's table).
    static let contentsRectProperties: [(key: String, property: LayerProperty)] = [("origin", .contentsOrigin), ("size", .contentsSize)]
    static let contentsRect = Mapping(name: "contentsRect",
                                      help: "CALayer.contentsRect: the part of the image drawn in the bounds, in unit coordinates of the image (a sprite sheet's frame); past the image its edge pixels repeat.", keys: [
        Key(name: "origin", value: .pair(.contentsOrigin), help: "The part's top-left corner (default [0, 0])."),
        Key(name: "size", value: .pair(.contentsSize), help: "The part's width and height (default [1, 1], the whole image)."),
    ])
    static let font = Mapping(name: "font", help: "A text layer's font.", keys: [
        Key(name: "family", value: .string), Key(name: "size", value: .number(.fontSize)), Key(name: "weight", value: .choice(of: FontWeight.self)),
        Key(name: "style", value: .choice(of: FontSlant.self)),
        Key(name: "file", value: .string, help: "A TrueType or OpenType file, relative to the scene file, whose family the text is set in (loaded for this layer only)."),
    ])
    /// A run's font: any of a layer font's keys but its file.
    static let runFont = Mapping(name: "runFont", help: "A run's font; absent keys are the layer's.", keys: [
        Key(name: "family", value: .string), Key(name: "size", value: .number(.fontSize)), Key(name: "weight", value: .choice(of: FontWeight.self)),
        Key(name: "style", value: .choice(of: FontSlant.self)),
    ])
    static let run = Mapping(name: "run", help: "A part of a text layer's text with its own attributes; absent ones are the layer's.", keys: [
        Key(name: "text", value: .string), Key(name: "font", value: .mapping("runFont")), Key(name: "color", value: .color),
        Key(name: "letterSpacing", value: .number(.textSpacing), help: "Points added after each character."),
        Key(name: "underline", value: .bool),
    ])
    static let paragraph = Mapping(name: "paragraph", help: "How a text layer's text is broken into lines, spaced and cut (UILabel, NSParagraphStyle, CATextLayer).", keys: [
        Key(name: "lines", value: .number(.lineCount), help: "The most lines drawn (UILabel.numberOfLines); 0 for as many as the text needs; 1 (the default) is one line, a newline drawn as a glyph."),
        Key(name: "wrap", value: .choice(of: TextWrap.self), help: "Where lines break: between words (a longer word between characters), or anywhere."),
        Key(name: "truncation", value: .choice(of: TextTruncation.self), help: "Where text cut by the box's width or by lines shows an ellipsis."),
        Key(name: "lineHeight", value: .number(.lineHeight), help: "A multiple of the font's line height (NSParagraphStyle.lineHeightMultiple)."),
        Key(name: "lineSpacing", value: .number(.textSpacing), help: "Points added between lines."),
        Key(name: "letterSpacing", value: .number(.textSpacing), help: "Points added after each character (kern)."),
        Key(name: "verticalAlignment", value: .choice(of: VerticalTextAlignment.self), help: "Where the lines sit in the box's height."),
    ])

    // MARK: - Animators

    static let animator = Mapping(name: "animator", help: "A UIViewPropertyAnimator.", keys: [
        Key(name: "id", value: .string, required: true),
        Key(name: "duration", value: .number(.duration), help: "Seconds (a spring given by its own duration or response needs none)."),
        Key(name: "timing", value: .timing),
        Key(name: "animations", value: .list(.mapping("animationBlock"), maximumCount: SceneLimits.items)),
        Key(name: "completions", value: .list(.mapping("completion"), maximumCount: SceneLimits.items)),
        Key(name: "scrubsLinearly", value: .bool), Key(name: "pausesOnCompletion", value: .bool), Key(name: "isInterruptible", value: .bool),
    ])
    static let cubicTiming = Mapping(name: "cubicTiming", help: "A cubic Bézier timing curve.", keys: [
        Key(name: "cubic", value: .tuple([.unit, .number(), .unit, .number()]), required: true, help: "[x1, y1, x2, y2], x1 and x2 within 0…1"),
    ])
    static let springTiming = Mapping(name: "springTiming", help: "A spring.", keys: [
        Key(name: "spring", value: .mapping("spring"), required: true),
    ])
    static let spring = Mapping(name: "spring", help: "Physical (mass, stiffness, damping), or dampingRatio with duration or response, or duration with bounce.", keys: [
        Key(name: "mass", value: .number()), Key(name: "stiffness", value: .number()), Key(name: "damping", value: .number()),
        Key(name: "dampingRatio", value: .number()), Key(name: "initialVelocity", value: .anyOf([.number(.velocity), .pair(.velocity)])),
        Key(name: "duration", value: .number()), Key(name: "bounce", value: .number()), Key(name: "response", value: .number()),
        Key(name: "allowsOverdamping", value: .bool),
    ])
    static let animationBlock = Mapping(name: "animationBlock", help: "One of set, keyframes or track, with an optional delayFactor.", keys: [
        Key(name: "set", value: .assignments), Key(name: "delayFactor", value: .unit),
        Key(name: "keyframes", value: .anyOf([.list(.mapping("keyframe"), maximumCount: SceneLimits.keyframes), .mapping("keyframes")])),
        Key(name: "track", value: tracks),
    ])
    /// A track, or a list of tracks that run together (a motion path's position and rotation, written back).
    static let tracks = Value.anyOf([.mapping("track"), .list(.mapping("track"), minimumCount: 1, maximumCount: SceneLimits.keyframes)])
    static let keyframes = Mapping(name: "keyframes", help: "UIView.animateKeyframes.", keys: [
        Key(name: "calculationMode", value: .choice(of: CalculationMode.self)),
        Key(name: "frames", value: .list(.mapping("keyframe"), minimumCount: 1, maximumCount: SceneLimits.keyframes), required: true),
    ])
    static let keyframe = Mapping(name: "keyframe", help: "addKeyframe(withRelativeStartTime:relativeDuration:).", keys: [
        Key(name: "start", value: .unit, required: true), Key(name: "duration", value: .unit, required: true),
        Key(name: "set", value: .assignments, required: true),
    ])
    static let track = Mapping(name: "track", help: "A CAKeyframeAnimation of one property, or a motion path.", keys: [
        Key(name: "key", value: .string, required: true, help: "layer.property"),
        Key(name: "values", value: .list(.any, minimumCount: 1, maximumCount: SceneLimits.keyframes)),
        Key(name: "keyTimes", value: .list(.unit, maximumCount: SceneLimits.keyframes)),
        Key(name: "timingFunctions", value: .list(.timing, maximumCount: SceneLimits.keyframes)),
        Key(name: "calculationMode", value: .choice(of: CalculationMode.self)),
        Key(name: "tension", value: .list(.number(minimum: -1, maximum: 1), maximumCount: SceneLimits.keyframes)),
        Key(name: "continuity", value: .list(.number(minimum: -1, maximum: 1), maximumCount: SceneLimits.keyframes)),
        Key(name: "bias", value: .list(.number(minimum: -1, maximum: 1), maximumCount: SceneLimits.keyframes)),
        Key(name: "tangents", value: .list(.tuple([.pair(minimum: -SceneLimits.coordinate, maximum: SceneLimits.coordinate),
                                                     .pair(minimum: -SceneLimits.coordinate, maximum: SceneLimits.coordinate)]),
                                           maximumCount: SceneLimits.keyframes),
            help: "A linear track of points curved per segment: [[outX, outY], [inX, inY]], the bezier control points relative to the segment's ends, travelled at the eased fraction of its length (After Effects' spatial keyframes)"),
        Key(name: "time", value: .mapping("trackTime"),
            help: "Where the track is read at each of its animator's keyframe times (a Lottie precomp's time remap)"),
        Key(name: "path", value: .string), Key(name: "rotationMode", value: .choice(["auto", "autoReverse"])),
    ])
    static let trackTime = Mapping(name: "trackTime", help: "A keyframe curve from the animator's keyframe time to the track's.", keys: [
        Key(name: "times", value: .list(.unit, minimumCount: 1, maximumCount: SceneLimits.keyframes), required: true,
            help: "The track's keyframe time at each key"),
        Key(name: "keyTimes", value: .list(.unit, minimumCount: 1, maximumCount: SceneLimits.keyframes), required: true,
            help: "The animator's keyframe time of each key, from 0 to 1"),
        Key(name: "timingFunctions", value: .list(.timing, maximumCount: SceneLimits.keyframes)),
    ])

    // MARK: - Groups and timelines

    static let playheadKeys = [
        Key(name: "timing", value: .timing), Key(name: "scrubsLinearly", value: .bool),
        Key(name: "pausesOnCompletion", value: .bool), Key(name: "isInterruptible", value: .bool),
    ]
    static let group = Mapping(name: "group", help: "Animators and groups under one playhead.", keys: [
        Key(name: "id", value: .string, required: true),
        Key(name: "members", value: .list(.anyOf([.string, .mapping("groupMember")]), minimumCount: 1, maximumCount: SceneLimits.items), required: true),
        Key(name: "completions", value: .list(.mapping("completion"), maximumCount: SceneLimits.items)),
    ] + playheadKeys)
    static let groupMember = Mapping(name: "groupMember", help: "A member that starts later.", keys: [
        Key(name: "id", value: .string, required: true), Key(name: "delay", value: .nonNegative),
    ])
    static let timeline = Mapping(name: "timeline", help: "Children placed on one playhead, as GSAP's timelines.", keys: [
        Key(name: "id", value: .string, required: true),
        Key(name: "timeScale", value: .number(minimum: 0, maximum: SceneLimits.timeScale, exclusiveMinimum: true)),
        Key(name: "children", value: .list(.mapping("timelineChild"), maximumCount: SceneLimits.items), required: true),
        Key(name: "completions", value: .list(.mapping("completion"), maximumCount: SceneLimits.items)),
    ] + playheadKeys)
    static let timelineChildKinds = ["animator", "group", "timeline", "label", "stagger"]
    static let timelineChild = Mapping(name: "timelineChild", help: "One of animator, group, timeline, label or stagger, with a position.", keys: [
        Key(name: "animator", value: .string), Key(name: "group", value: .string), Key(name: "timeline", value: .string),
        Key(name: "label", value: .string), Key(name: "stagger", value: .mapping("stagger")),
        Key(name: "position", value: .anyOf([.number(), .string]), help: "Seconds, \"+=x\", \"-=x\", \"<\", \">\", \"<0.2\", a label or \"label+=x\"."),
        Key(name: "members", value: .list(.string, maximumCount: SceneLimits.items), help: "The ids a stagger spreads."),
    ])
    static let stagger = Mapping(name: "stagger", help: "Exactly one of each or amount.", keys: [
        Key(name: "each", value: .nonNegative), Key(name: "amount", value: .nonNegative), Key(name: "from", value: .choice(of: Stagger.Origin.self)),
    ])

    // MARK: - The script

    /// Calls, the keys that name their target, and the keys that modify them.
    static let calls: [(name: String, modifiers: [String])] = [
        ("start", ["delay"]), ("pause", []), ("stop", ["withoutFinishing"]), ("finish", ["position"]),
        ("reverse", ["value"]), ("fraction", ["value"]), ("continue", ["timing", "durationFactor"]),
        ("addAnimations", ["delayFactor", "set", "keyframes", "track"]), ("pan", ["to", "by", "duration"]),
        ("options", ["scrubsLinearly", "pausesOnCompletion", "isInterruptible"]),
    ]
    static let gestures = ["drag", "release"]
    /// Changes to a layer that a recording makes (a view moved or restyled), with their keys.
    static let layerChanges: [(name: String, modifiers: [String])] = [
        ("move", ["into", "index"]), ("restyle", ["style"]),
        ("addAnimation", ["key", "animation"]), ("removeAnimation", ["key"]), ("layerTiming", mediaTimingKeys),
    ]
    /// A layer's or an animation's `CAMediaTiming` keys.
    static let mediaTimingKeys = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode"]
    static var mediaTiming: [Key] {
        [Key(name: "beginTime", value: .number(minimum: -SceneLimits.duration, maximum: SceneLimits.duration),
             help: "In the parent's time (an animation's 0: its layer's time when added)"),
         Key(name: "duration", value: .number(.time), help: "One pass in seconds (an animation's 0: 0.25 s)"),
         Key(name: "speed", value: .number(minimum: -1000, maximum: 1000)),
         Key(name: "timeOffset", value: .number(minimum: -SceneLimits.duration, maximum: SceneLimits.duration)),
         Key(name: "repeatCount", value: .anyOf([.number(minimum: 0, maximum: 1e6), .choice(["infinity"])])),
         Key(name: "repeatDuration", value: .number(.time)), Key(name: "autoreverses", value: .bool),
         Key(name: "fillMode", value: .choice(of: FillMode.self))]
    }
    static var layerAnimation: Mapping {
        Mapping(name: "layerAnimation", help: "A CABasicAnimation (from, to, by), CAKeyframeAnimation (values or path), CASpringAnimation (spring) or CAAnimationGroup (animations).", keys: [
            Key(name: "keyPath", value: .string, help: "The property, as a key names it after the layer: opacity, position.x"),
            Key(name: "from", value: .any), Key(name: "to", value: .any), Key(name: "by", value: .any),
            Key(name: "spring", value: .mapping("layerSpring")),
            Key(name: "animations", value: .list(.mapping("layerAnimation"), minimumCount: 1, maximumCount: SceneLimits.keyframes)),
            Key(name: "timingFunction", value: .timing),
            Key(name: "additive", value: .bool), Key(name: "cumulative", value: .bool), Key(name: "removedOnCompletion", value: .bool),
        ] + mediaTiming + track.keys.filter { $0.name != "key" && $0.name != "time" })
    }
    static let layerSpring = Mapping(name: "layerSpring", help: "CASpringAnimation's spring (defaults: mass 1, stiffness 100, damping 10).", keys: [
        Key(name: "mass", value: .number(minimum: 0, maximum: 1e6)), Key(name: "stiffness", value: .number(minimum: 0, maximum: 1e6)),
        Key(name: "damping", value: .number(minimum: 0, maximum: 1e6)), Key(name: "initialVelocity", value: .number(.velocity)),
    ])
    static var actionKeys: [String] { calls.map(\.name) + ["set"] + gestures + layerChanges.map(\.name) }
    static var modifierKeys: [String] {
        Set(calls.flatMap(\.modifiers) + ["path"] + layerChanges.flatMap(\.modifiers)).subtracting(actionKeys).sorted()
    }

    /// The action and modifier keys of events and completions, with their values.
    static var actions: [Key] {
        calls.map { Key(name: $0.name, value: .string, help: "The animator, group or timeline to \($0.name).") } + [
            Key(name: "set", value: .assignments),
            Key(name: "drag", value: .string, help: "The layer a finger drags along path."),
            Key(name: "release", value: .string, help: "The layer released; start: the animator that flings it."),
            Key(name: "move", value: .string, help: "The layer moved (with its children) into another layer, at index among its children."),
            Key(name: "restyle", value: .string, help: "The layer given style in place of its style from now on."),
            Key(name: "addAnimation", value: .string, help: "The layer given animation (for key: CALayer.add(_:forKey:))."),
            Key(name: "removeAnimation", value: .string, help: "The layer whose animation for key (all without key) is removed."),
            Key(name: "layerTiming", value: .string, help: "The layer whose timing is, from now on, the keys given (beginTime, speed, timeOffset, …)."),
        ] + modifierKeys.map { name in
            let value: Value = switch name {
            case "delay", "durationFactor": .nonNegative
            case "duration": .number(.time)  // a pan's (0 allowed) or a drag's (> 0, the reader says), or a layer's
            case "key": .string
            case "animation": .mapping("layerAnimation")
            case _ where mediaTimingKeys.contains(name): mediaTiming.first { $0.name == name }?.value ?? .any
            case "withoutFinishing", "scrubsLinearly", "pausesOnCompletion", "isInterruptible": .bool
            case "into": .string
            case "index": .number(minimum: 0)
            case "style": .mapping("style")
            case "position": .choice(of: AnimatingPosition.self)
            case "value": .anyOf([.bool, .unit])
            case "timing": .timing
            case "delayFactor", "to": .unit
            case "by": .number(minimum: -1, maximum: 1)
            case "keyframes": .anyOf([.list(.mapping("keyframe"), maximumCount: SceneLimits.keyframes), .mapping("keyframes")])
            case "track": tracks
            default: .list(.pair(.coordinate), minimumCount: 2, maximumCount: SceneLimits.keyframes)  // path: a drag's points
            }
            return Key(name: name, value: value)
        }
    }
    /// What a layer's style is: what does not animate. Every key has the default a layer has.
    static let style = Mapping(name: "style", help: "A layer's whole style: what does not animate (absent keys take their defaults).", keys: [
        Key(name: "fontFamily", value: .string), Key(name: "fontWeight", value: .choice(of: FontWeight.self)),
        Key(name: "fontStyle", value: .choice(of: FontSlant.self)), Key(name: "fontFile", value: .string),
        Key(name: "paragraph", value: .mapping("paragraph")), Key(name: "runs", value: .list(.mapping("run"), maximumCount: SceneLimits.items)),
        Key(name: "alignment", value: .choice(of: TextAlignment.self)), Key(name: "contentMode", value: .choice(of: ContentMode.self)),
        Key(name: "clips", value: .bool), Key(name: "fillRule", value: .choice(of: FillRule.self)),
        Key(name: "strokeTrim", value: .choice(of: SVGPath.TrimMode.self)), Key(name: "blendMode", value: .choice(of: BlendMode.self)),
        Key(name: "dash", value: .list(.nonNegative, maximumCount: SceneLimits.keyframes)),
        Key(name: "cap", value: .choice(of: LineCap.self)), Key(name: "join", value: .choice(of: LineJoin.self)),
        Key(name: "miterLimit", value: .number(.miterLimit)),
        Key(name: "maskMode", value: .choice(of: MaskMode.self), help: "Given for a layer that is its parent's mask."),
        Key(name: "rasterize", value: .bool), Key(name: "rasterizationScale", value: .number(.rasterizationScale)),
        Key(name: "emitter", value: .mapping("emitterStyle"), help: "A CAEmitterLayer's cells and settings."),
        Key(name: "doubleSided", value: .bool),
        Key(name: "filters", value: .list(.mapping("filter"), maximumCount: SceneLimits.items)),
        Key(name: "blurDirection", value: .choice(of: BlurDirection.self)),
    ])

    static var event: Mapping {
        Mapping(name: "event", help: "What happens at a time: one call, a set, a gesture, or a layer moved or restyled.",
                keys: [Key(name: "at", value: .number(.time), required: true, help: "Seconds.")] + actions)
    }
    static var completion: Mapping {
        Mapping(name: "completion", help: "What happens when an animator, group or timeline ends.",
                keys: [Key(name: "when", value: .choice(AnimatingPosition.allCases.map(\.rawValue) + ["any"]))] + actions)
    }

    /// Every mapping, for the schema's definitions.
    static var all: [Mapping] {
        [root, canvas, render, layer, gradient, linearGradient, radialGradient, conicGradient, stroke, shadow, replicator, contentsRect, emitter, emitterStyle, emitterCell, font, runFont, run, paragraph, animator, cubicTiming,
         springTiming, spring, animationBlock, keyframes, keyframe, track, trackTime, group, groupMember, timeline, timelineChild, stagger,
         style, event, completion, layerAnimation, layerSpring] + filterMappings
    }
}
