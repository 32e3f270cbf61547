/// An item of a shape layer's list (`shapes[i]`, a group's `it[j]`): its name, whether it is
/// hidden, and what its `ty` makes it, each kind read through its own key table (`r` is a
/// rectangle's roundness, a star's rotation and a fill's rule; `d` a shape's direction and a
/// stroke's dashes).
struct LottieShapeItem: LottieObject {
    enum Content: Sendable {
        case group(LottieShapeGroup)
        case rectangle(LottieRectangle)
        case ellipse(LottieEllipse)
        case polystar(LottiePolystar)
        case path(LottiePath)
        case fill(LottieFill)
        case stroke(LottieStroke)
        case gradientFill(LottieGradientPaint)
        case gradientStroke(LottieGradientPaint)
        case transform(LottieTransform)
        case trim(LottieTrim)
        case repeater(LottieRepeater)
        case roundCorners(LottieRoundCorners)
        case merge(LottieMerge)
        case puckerBloat(LottiePuckerBloat)
        case zigZag(LottieZigZag)
        /// A kind the model does not know (offset path `op`, twist `tw`…), by `ty`.
        case other(String)
        /// No `ty` at all.
        case none
    }

    var name: String?
    var matchName: String?
    var hidden = false
    var content = Content.none

    /// Whether the item is an outline or a group (of outlines): what paints and repeaters take.
    var drawsOutline: Bool {
        switch content {
        case .group, .rectangle, .ellipse, .polystar, .path: true
        default: false
        }
    }

    init() {}

    static var hiddenIsUnused: Bool { true }

    init(name: String? = nil, _ content: Content) {
        self.name = name
        self.content = content
    }

    /// The item's `ty`.
    var type: String? {
        switch content {
        case .group: "gr"
        case .rectangle: "rc"
        case .ellipse: "el"
        case .polystar: "sr"
        case .path: "sh"
        case .fill: "fl"
        case .stroke: "st"
        case .gradientFill: "gf"
        case .gradientStroke: "gs"
        case .transform: "tr"
        case .trim: "tm"
        case .repeater: "rp"
        case .roundCorners: "rd"
        case .merge: "mm"
        case .puckerBloat: "pb"
        case .zigZag: "zz"
        case .other(let type): type
        case .none: nil
        }
    }

    /// The keys every kind has, after `ty`.
    static let keys = LottieKeyTable<Self>([
        .string("nm", \.name), .string("mn", \.matchName), .flag("hd", \.hidden, written: .bool),
    ])

    static func decode(_ json: JSONValue, at path: String, notes: inout LottieNotes) -> Self {
        var item = Self()
        keys.decode(json, at: path, into: &item, notes: &notes)
        func read<Kind: LottieObject>(_ kind: Kind.Type) -> Kind { Kind.decode(json, at: path, notes: &notes) }
        item.content = switch json["ty"]?.string {
        case "gr": .group(read(LottieShapeGroup.self))
        case "rc": .rectangle(read(LottieRectangle.self))
        case "el": .ellipse(read(LottieEllipse.self))
        case "sr": .polystar(read(LottiePolystar.self))
        case "sh": .path(read(LottiePath.self))
        case "fl": .fill(read(LottieFill.self))
        case "st": .stroke(read(LottieStroke.self))
        case "gf": .gradientFill(read(LottieGradientPaint.self))
        case "gs": .gradientStroke(read(LottieGradientPaint.self))
        case "tr": .transform(read(LottieTransform.self))
        case "tm": .trim(read(LottieTrim.self))
        case "rp": .repeater(read(LottieRepeater.self))
        case "rd": .roundCorners(read(LottieRoundCorners.self))
        case "mm": .merge(read(LottieMerge.self))
        case "pb": .puckerBloat(read(LottiePuckerBloat.self))
        case "zz": .zigZag(read(LottieZigZag.self))
        case let type?: .other(type)
        case nil: .none
        }
        return item
    }

    var json: JSONText {
        let kind: JSONText? = switch content {
        case .group(let group): group.json
        case .rectangle(let shape): shape.json
        case .ellipse(let shape): shape.json
        case .polystar(let shape): shape.json
        case .path(let shape): shape.json
        case .fill(let paint): paint.json
        case .stroke(let paint): paint.json
        case .gradientFill(let paint), .gradientStroke(let paint): paint.json
        case .transform(let transform): transform.json
        case .trim(let trim): trim.json
        case .repeater(let repeater): repeater.json
        case .roundCorners(let corners): corners.json
        case .merge(let merge): merge.json
        case .puckerBloat(let modifier): modifier.json
        case .zigZag(let modifier): modifier.json
        case .other, .none: nil
        }
        guard case .object(let common) = Self.keys.encode(self) else { return Self.keys.encode(self) }
        let own: [(key: String, value: JSONText)] = if case .object(let pairs) = kind { pairs } else { [] }
        return .object((type.map { [("ty", JSONText.string($0))] } ?? []) + common + own)
    }
}

/// A group (`gr`): its items, the last transform (`tr`) among them moving the rest.
struct LottieShapeGroup: LottieObject {
    var items: [LottieShapeItem]?

    /// The group's transform: the last `tr` item, with its index.
    var transform: (index: Int, transform: LottieTransform)? {
        guard let items else { return nil }
        for index in items.indices.reversed() { if case .transform(let transform) = items[index].content { return (index, transform) } }
        return nil
    }

    static let keys = LottieKeyTable<Self>([.objects("it", \.items)])
}

/// A rectangle (`rc`): centre `p`, size `s`, corner roundness `r`; drawn reversed when `d` is 3.
struct LottieRectangle: LottieObject {
    var position: LottieProperty<[Double]>?
    var size: LottieProperty<[Double]>?
    var roundness: LottieProperty<[Double]>?
    var direction: Double?

    static let keys = LottieKeyTable<Self>([
        .number("d", \.direction), .animated("p", \.position), .animated("s", \.size), .animated("r", \.roundness),
    ])
}

/// An ellipse (`el`): centre `p`, size `s`.
struct LottieEllipse: LottieObject {
    var position: LottieProperty<[Double]>?
    var size: LottieProperty<[Double]>?
    var direction: Double?

    static let keys = LottieKeyTable<Self>([.number("d", \.direction), .animated("p", \.position), .animated("s", \.size)])
}

/// A star or polygon (`sr`, `sy` 1 a star, 2 a polygon): centre `p`, `pt` points, outer and
/// inner radius and roundness (`or`, `ir`, `os`, `is`), rotation `r`.
struct LottiePolystar: LottieObject {
    var starType: Double?
    var position: LottieProperty<[Double]>?
    var points: LottieProperty<[Double]>?
    var outerRadius: LottieProperty<[Double]>?
    var innerRadius: LottieProperty<[Double]>?
    var outerRoundness: LottieProperty<[Double]>?
    var innerRoundness: LottieProperty<[Double]>?
    var rotation: LottieProperty<[Double]>?
    var direction: Double?

    static let keys = LottieKeyTable<Self>([
        .number("sy", \.starType), .number("d", \.direction), .animated("p", \.position), .animated("pt", \.points),
        .animated("or", \.outerRadius), .animated("ir", \.innerRadius), .animated("os", \.outerRoundness),
        .animated("is", \.innerRoundness), .animated("r", \.rotation),
    ])
}

/// A bezier path (`sh`): its outline `ks`.
struct LottiePath: LottieObject {
    var outline: LottieProperty<LottieBezier>?
    var direction: Double?

    static let keys = LottieKeyTable<Self>([.number("d", \.direction), .shape("ks", \.outline)])
}

/// A fill (`fl`): colour `c`, opacity `o`, rule `r` (1 non-zero, 2 even-odd).
struct LottieFill: LottieObject {
    var color: LottieProperty<[Double]>?
    var opacity: LottieProperty<[Double]>?
    var fillRule: Double?

    static let keys = LottieKeyTable<Self>([.animated("c", \.color), .animated("o", \.opacity), .number("r", \.fillRule)])
}

/// How a stroke (`st`, `gs`) is drawn: width `w`, cap `lc` and join `lj` (1 butt or miter, 2
/// round, 3 square or bevel), miter limit `ml` (or `ml2`, the same as a property), and dashes `d`.
struct LottieStrokeStyle: Sendable {
    var width: LottieProperty<[Double]>?
    var cap: Double?
    var join: Double?
    var miterLimit: Double?
    var miterLimitProperty: LottieProperty<[Double]>?
    var dashes: [LottieDash]?

    static func fields<Object>(_ style: WritableKeyPath<Object, LottieStrokeStyle>) -> [LottieField<Object>] {
        [.animated("w", style.appending(path: \.width)), .number("lc", style.appending(path: \.cap)),
         .number("lj", style.appending(path: \.join)), .number("ml", style.appending(path: \.miterLimit)),
         .animated("ml2", style.appending(path: \.miterLimitProperty)),
         .objects("d", style.appending(path: \.dashes))]
    }
}

/// A stroke (`st`): colour `c`, opacity `o`, and how it is drawn.
struct LottieStroke: LottieObject {
    var color: LottieProperty<[Double]>?
    var opacity: LottieProperty<[Double]>?
    var style = LottieStrokeStyle()

    static let keys = LottieKeyTable<Self>([.animated("c", \.color), .animated("o", \.opacity)] + LottieStrokeStyle.fields(\.style))
}

/// One entry of a stroke's dashes (`d[i]`): a dash (`n` "d"), a gap ("g") or the offset ("o").
struct LottieDash: LottieObject {
    var kind: String?
    var name: String?
    var value: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([.string("n", \.kind), .string("nm", \.name), .animated("v", \.value)])
}

/// A gradient fill (`gf`) or stroke (`gs`): opacity `o`, the stops `g`, linear (`t` 1) from `s`
/// to `e` or radial (`t` 2) with highlight length `h` at angle `a`; a fill's rule `r`, a
/// stroke's style.
struct LottieGradientPaint: LottieObject {
    var opacity: LottieProperty<[Double]>?
    var stops: LottieGradientStops?
    var start: LottieProperty<[Double]>?
    var end: LottieProperty<[Double]>?
    var gradientType: Double?
    var highlightLength: LottieProperty<[Double]>?
    var highlightAngle: LottieProperty<[Double]>?
    var fillRule: Double?
    var style = LottieStrokeStyle()

    static let keys = LottieKeyTable<Self>([
        .animated("o", \.opacity), .object("g", \.stops), .animated("s", \.start), .animated("e", \.end), .number("t", \.gradientType),
        .animated("h", \.highlightLength), .animated("a", \.highlightAngle), .number("r", \.fillRule),
    ] + LottieStrokeStyle.fields(\.style))
}

/// A gradient's stops (`g`): `p` colour stops (offset, red, green, blue) in `k`, then any alpha
/// stops (offset, alpha).
struct LottieGradientStops: LottieObject {
    var count: Double?
    var values: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([.number("p", \.count), .animated("k", \.values)])
}

/// A trim path (`tm`): from `s` to `e` percent, moved on by `o` degrees, on each shape alike
/// (`m` 1) or along them all as one (`m` 2).
struct LottieTrim: LottieObject {
    var start: LottieProperty<[Double]>?
    var end: LottieProperty<[Double]>?
    var offset: LottieProperty<[Double]>?
    var mode: Double?

    static let keys = LottieKeyTable<Self>([.animated("s", \.start), .animated("e", \.end), .animated("o", \.offset), .number("m", \.mode)])
}

/// A repeater (`rp`): `c` copies, starting at copy `o`, each moved from the one before by `tr`
/// (with its start and end opacity), composited above (`m` 1) or below (2).
struct LottieRepeater: LottieObject {
    var copies: LottieProperty<[Double]>?
    var offset: LottieProperty<[Double]>?
    var composite: Double?
    var transform: LottieTransform?

    static let keys = LottieKeyTable<Self>([
        .animated("c", \.copies), .animated("o", \.offset), .number("m", \.composite), .object("tr", \.transform),
    ])
}

/// Rounded corners (`rd`) of radius `r`.
struct LottieRoundCorners: LottieObject {
    var radius: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([.animated("r", \.radius)])
}

/// Pucker and bloat (`pb`): the outlines before it pulled in at their vertices and out at
/// their sides (`a` below 0, percent) or the other way (above 0).
struct LottiePuckerBloat: LottieObject {
    var amount: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([.animated("a", \.amount)])
}

/// Zig-zag (`zz`): ridges of size `s`, `r` on each side of the outlines before it, points
/// corners (`pt` 1) or smooth (2).
struct LottieZigZag: LottieObject {
    var size: LottieProperty<[Double]>?
    var ridges: LottieProperty<[Double]>?
    var points: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([.animated("s", \.size), .animated("r", \.ridges), .animated("pt", \.points)])
}

/// A merge of the paths before it (`mm`, mode 1 merge, 2 add, 3 subtract, 4 intersect, 5
/// exclude).
struct LottieMerge: LottieObject {
    var mode: Double?

    static let keys = LottieKeyTable<Self>([.number("mm", \.mode)])
}

extension LottieDash {
    /// What an entry of a stroke's dashes is (`n`).
    enum Kind: String, Sendable {
        case dash = "d", gap = "g", offset = "o"
    }
}
