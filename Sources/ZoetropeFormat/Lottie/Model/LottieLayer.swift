/// A layer of a composition (`layers[i]`): what every kind has (name, index, parent, in and
/// out points, start time and stretch, transform, masks, effects, matte, blend mode), and what
/// its kind adds: a precomp's asset and time remap, a solid's size and colour, an image's
/// asset, a shape layer's items, a text layer's documents.
struct LottieLayer: LottieObject {
    /// What a layer draws, from its `ty`.
    enum Kind: Equatable, Sendable {
        case precomp, solid, image, null, shape, text
        /// Audio, camera, data and other layers, which draw nothing.
        case other(Double?)
    }

    var type: Double?
    var name: String?
    var index: Double?
    var parent: Double?
    var inPoint: Double?
    var outPoint: Double?
    var startTime: Double?
    var stretch: Double?
    var threeD = false
    var hidden = false
    var autoOrient = false
    var blendMode: Double?
    /// The track matte mode (`tt`, 1…4) and the layer it takes the matte from (`tp`, else the
    /// one above); `td` marks a layer that is a matte, drawn only through the layer it mattes.
    var matteMode: Double?
    var matteParent: Double?
    var isMatte = false
    var transform: LottieTransform?
    var hasMasks = false
    var masks: [LottieMask]?
    var effects: [LottieEffect]?
    /// Layer styles (`sy`): drop shadow, stroke, glows, overlays (Photoshop's, in After Effects).
    var styles: [LottieLayerStyle]?
    // A precomp's and an image's asset (`refId`), a precomp's size and time remap (`tm`).
    var reference: String?
    var width: Double?
    var height: Double?
    var timeRemap: LottieProperty<[Double]>?
    // A solid's size and colour.
    var solidWidth: Double?
    var solidHeight: Double?
    var solidColor: String?
    /// A camera's zoom (`pe`, in points: its distance to the plane it shows at its own size).
    var perspective: LottieProperty<[Double]>?
    // A shape layer's items, a text layer's documents.
    var shapes: [LottieShapeItem]?
    var text: LottieTextData?

    var kind: Kind {
        switch type {
        case 0: .precomp
        case 1: .solid
        case 2: .image
        case 3: .null
        case 4: .shape
        case 5: .text
        default: .other(type)
        }
    }

    static let keys = LottieKeyTable<Self>([
        .number("ty", \.type), .string("nm", \.name), .number("ind", \.index), .number("parent", \.parent),
        .flag("ddd", \.threeD), .flag("hd", \.hidden, written: .bool), .number("ip", \.inPoint), .number("op", \.outPoint),
        .number("st", \.startTime), .number("sr", \.stretch), .object("ks", \.transform), .flag("ao", \.autoOrient),
        .number("bm", \.blendMode), .number("tt", \.matteMode), .number("tp", \.matteParent), .flag("td", \.isMatte),
        .flag("hasMask", \.hasMasks, written: .bool), .objects("masksProperties", \.masks), .objects("ef", \.effects),
        .objects("sy", \.styles), .string("refId", \.reference), .number("w", \.width), .number("h", \.height), .animated("tm", \.timeRemap),
        .number("sw", \.solidWidth), .number("sh", \.solidHeight), .string("sc", \.solidColor),
        .objects("shapes", \.shapes), .object("t", \.text), .animated("pe", \.perspective),
    ])
}

/// A transform: a layer's `ks`, a shape group's `tr` item, a repeater's `tr`. Position is one
/// property, or split into `x` and `y` (`{"s": true, "x": …, "y": …}`); rotation is `r`, or
/// `rz` in a 3D layer, whose `rx`, `ry` and orientation `or` turn it out of the plane.
struct LottieTransform: LottieObject {
    var anchor: LottieProperty<[Double]>?
    var position: LottieProperty<[Double]>?
    var positionX: LottieProperty<[Double]>?
    var positionY: LottieProperty<[Double]>?
    /// A split position's z (a 3-D layer's, into the screen).
    var positionZ: LottieProperty<[Double]>?
    var splitPosition = false
    var scale: LottieProperty<[Double]>?
    var rotation: LottieProperty<[Double]>?
    var rotationX: LottieProperty<[Double]>?
    var rotationY: LottieProperty<[Double]>?
    var rotationZ: LottieProperty<[Double]>?
    var orientation: LottieProperty<[Double]>?
    var opacity: LottieProperty<[Double]>?
    var skew: LottieProperty<[Double]>?
    var skewAxis: LottieProperty<[Double]>?
    /// A repeater's opacity at its first and last copy (percent).
    var startOpacity: LottieProperty<[Double]>?
    var endOpacity: LottieProperty<[Double]>?

    /// The rotation about the view's axis: `r`, else a 3D layer's `rz`.
    var planeRotation: LottieProperty<[Double]>? { rotation ?? rotationZ }

    static let keys = LottieKeyTable<Self>([
        .animated("a", \.anchor),
        LottieField("p", decode: { transform, json, path, notes in
            if json["s"]?.isTrue == true {
                transform.splitPosition = true
                transform.positionX = json["x"].flatMap { LottieProperty.numbers($0, at: path + ".x", notes: &notes) }
                transform.positionY = json["y"].flatMap { LottieProperty.numbers($0, at: path + ".y", notes: &notes) }
                transform.positionZ = json["z"].flatMap { LottieProperty.numbers($0, at: path + ".z", notes: &notes) }
            } else {
                transform.position = LottieProperty.numbers(json, at: path, notes: &notes)
            }
        }, encode: { transform in
            guard transform.splitPosition else { return transform.position?.json }
            return .object([("s", .bool(true))] + [("x", transform.positionX?.json), ("y", transform.positionY?.json), ("z", transform.positionZ?.json)]
                .compactMap { key, value in value.map { (key, $0) } })
        }),
        .animated("s", \.scale), .animated("r", \.rotation), .animated("rx", \.rotationX), .animated("ry", \.rotationY),
        .animated("rz", \.rotationZ), .animated("or", \.orientation), .animated("o", \.opacity), .animated("sk", \.skew),
        .animated("sa", \.skewAxis), .animated("so", \.startOpacity), .animated("eo", \.endOpacity),
    ])
}

/// A layer mask (`masksProperties[i]`): an outline, combined with the masks before it by its
/// mode (`a` add, `s` subtract, `i` intersect, `l` lighten, `d` darken, `f` difference, `n`
/// none), at an opacity, inverted or not, expanded by `x` pixels.
struct LottieMask: LottieObject {
    var name: String?
    var mode: String?
    var inverted = false
    var outline: LottieProperty<LottieBezier>?
    var opacity: LottieProperty<[Double]>?
    var expansion: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([
        .string("nm", \.name), .string("mode", \.mode), .flag("inv", \.inverted, written: .bool), .shape("pt", \.outline),
        .animated("o", \.opacity), .animated("x", \.expansion),
    ])
}

/// A layer effect (`ef[i]`): its type (`ty`, After Effects' effect number), on or off (`en`),
/// and its parameters in order, each an animatable value `v`.
struct LottieEffect: LottieObject {
    var type: Double?
    var name: String?
    var matchName: String?
    var enabled: Double?
    var parameters: [LottieEffectParameter]?

    /// On unless `en` says 0.
    var isEnabled: Bool { enabled.map { $0 != 0 } ?? true }

    static let keys = LottieKeyTable<Self>([
        .number("ty", \.type), .string("nm", \.name), .string("mn", \.matchName), .number("en", \.enabled),
        .objects("ef", \.parameters),
    ])
}

/// A layer style (`sy[i]`): its kind (`ty`: 0 stroke, 1 drop shadow, 2 inner shadow, 3 outer
/// glow, 4 inner glow, 5 bevel and emboss, 6 satin, 7 colour overlay, 8 gradient overlay) and
/// the drop shadow's colour `c`, opacity `o` (%), angle `a` (degrees), size `s` and distance `d`.
struct LottieLayerStyle: LottieObject {
    var type: Double?
    var name: String?
    var color: LottieProperty<[Double]>?
    var opacity: LottieProperty<[Double]>?
    var angle: LottieProperty<[Double]>?
    var size: LottieProperty<[Double]>?
    var distance: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([
        .number("ty", \.type), .string("nm", \.name), .animated("c", \.color), .animated("o", \.opacity),
        .animated("a", \.angle), .animated("s", \.size), .animated("d", \.distance),
    ])
}

/// One parameter of an effect: a slider, angle, colour, checkbox… (`ty`), its value `v`.
struct LottieEffectParameter: LottieObject {
    var type: Double?
    var name: String?
    var matchName: String?
    var value: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([
        .number("ty", \.type), .string("nm", \.name), .string("mn", \.matchName), .animated("v", \.value),
    ])
}

extension LottieLayer {
    /// An empty layer of `kind`: its `ty` set, which `kind` reads back.
    init(kind: Kind) {
        self.init()
        type = kind.type
    }
}

extension LottieLayer.Kind {
    /// The `ty` a layer of this kind has (After Effects' numbers, 0 precomp … 5 text).
    var type: Double? {
        switch self {
        case .precomp: 0
        case .solid: 1
        case .image: 2
        case .null: 3
        case .shape: 4
        case .text: 5
        case .other(let type): type
        }
    }
}

extension LottieMask {
    /// How a mask combines with the masks before it (`mode`).
    enum Mode: String, Sendable {
        case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"
    }
}

extension LottieEffect {
    /// The effects Zoetrope reads and writes, by After Effects' number (`ty`).
    enum Kind: Double, Sendable {
        case dropShadow = 25
        case gaussianBlur = 29
    }
}

extension LottieEffectParameter {
    /// What a parameter's value is (`ty`): a slider's number, an angle in degrees, a colour
    /// (red, green, blue, alpha, each 0…1), a point, a checkbox (0 or 1).
    enum Kind: Double, Sendable {
        case slider = 0, angle = 1, color = 2, point = 3, checkbox = 4
    }
}
