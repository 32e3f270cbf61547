/// What a layer draws.
public enum Shape: String, Hashable, Sendable, CaseIterable {
    /// A rectangle of the layer's size, rounded by `cornerRadius`.
    case rect
    /// The ellipse inscribed in the bounds.
    case ellipse
    /// A PNG scaled into the bounds by `contentMode`.
    case image
    /// Text in the bounds: one line, or a paragraph as `LayerStyle.paragraph` breaks it.
    case text
    /// SVG path data in the layer's bounds, filled and stroked (`strokeStart` / `strokeEnd`
    /// draw part of it, as on `CAShapeLayer`).
    case path
    /// Nothing of its own; only its children.
    case group
}

public enum LineCap: String, Hashable, Sendable, CaseIterable { case butt, round, square }
public enum LineJoin: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }
/// Mirrors `NSTextAlignment`'s left, center, right and justified (every line but a
/// paragraph's last stretched to the box's width).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable { case left, center, right, justified }
/// Mirrors `UIFont.Weight`, lightest first: the weights a font family may have, as OpenType's
/// 100…900 (`ultraLight` 100, `thin` 200, as Apple orders them; `regular` 400, `bold` 700).
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The OpenType (and CSS, fontconfig through Pango) weight: 100 to 900.
    public var value: Int { (FontWeight.allCases.firstIndex(of: self)! + 1) * 100 }
}
/// Mirrors `CAShapeLayerFillRule`; the inverse rules fill everything outside what the rule
/// finds inside (Skia's inverse fill types), out to the edges of what can be drawn.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    case nonZero, evenOdd, inverseNonZero, inverseEvenOdd

    /// The rule that finds the inside; the inverse rules fill outside it.
    public var inside: FillRule { switch self { case .inverseNonZero: .nonZero; case .inverseEvenOdd: .evenOdd; default: self } }
    public var isInverse: Bool { inside != self }
}

/// How a mask layer (`CALayer.mask`) lets its parent show: where its alpha is, as Core
/// Animation does; where its luminance is (SVG's `mask-type: luminance`); or inverted.
public enum MaskMode: String, Hashable, Sendable, CaseIterable { case alpha, luminance, inverseAlpha, inverseLuminance }
/// Mirrors `UIView.ContentMode`'s `scaleToFill`, `scaleAspectFit` and `scaleAspectFill`.
public enum ContentMode: String, Hashable, Sendable, CaseIterable { case fill, aspectFit, aspectFill }

/// How a layer is composited onto what is beneath it (CALayer's `compositingFilter`, CSS
/// `mix-blend-mode`).
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity
    /// The sum of the premultiplied colours and alphas, clamped (Core Animation's `plusL`
    /// compositing filter, Cairo's and Porter–Duff's add).
    case plusLighter
    /// After Effects' (and Lottie's) Add: the straight colours summed and clamped, B = min(1,
    /// Cb + Cs), mixed in by the layer's alpha as the W3C separable modes are:
    /// co = cs·αs·(1 − αb) + cb·αb·(1 − αs) + αs·αb·B. Where the layer is opaque over an opaque
    /// backdrop it equals `plusLighter`; where it is translucent it adds less (half a layer at
    /// 50 % adds half the sum's rise, where `plusLighter` adds half the colour).
    case add
    /// Keeps what lies beneath only where this layer is (Porter–Duff destination-in) or where
    /// it is not (destination-out); or where exactly one of the two is (xor). They combine the
    /// layers of a mask.
    case destinationIn, destinationOut, xor
}

/// The axes a layer's `blur` spreads along.
public enum BlurDirection: String, Hashable, Sendable, CaseIterable { case both, horizontal, vertical }

/// A gradient fill (CAGradientLayer), its points in unit coordinates of the bounds.
///
/// Gradients animate like colours: two gradients of the same kind and number of stops
/// interpolate their points, radius, offsets and colours; a colour meets a gradient as a
/// gradient of that colour.
public struct Gradient: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Along the line from `from` to `to`.
        case linear(from: Vector2, to: Vector2)
        /// Outward from `center`; `radius` is a fraction of the bounds' larger side.
        case radial(center: Vector2, radius: Double)
        /// Round `center` (an angular or sweep gradient), as `CAGradientLayer`'s `conic` type:
        /// offset 0 lies along the line from `center` towards `to` (Core Animation's start and
        /// end points), and the offsets run clockwise on screen (y points down) through one
        /// full turn, measured in the bounds' points (not their unit square). With `to` at
        /// `center`, offset 0 points along +x.
        case conic(center: Vector2, to: Vector2)
    }

    /// A colour at an offset along the gradient.
    public struct Stop: Hashable, Sendable {
        /// 0…1 along the gradient.
        public var offset: Double
        public var color: Color

        public init(offset: Double, color: Color) {
            self.offset = offset
            self.color = color
        }
    }

    public var kind: Kind
    /// In increasing offset.
    public var stops: [Stop]
    /// A radial gradient's focal point (SVG's `fx`, `fy`; a Lottie highlight), in unit
    /// coordinates of the bounds: offset 0 lies there and the offsets run out to the circle
    /// round the centre. Nil (the default) is the centre; it is kept within the circle.
    public var focus: Vector2?

    public init(kind: Kind, stops: [Stop], focus: Vector2? = nil) {
        self.kind = kind
        self.stops = stops
        self.focus = focus
    }

    /// The same geometry with every stop in `color`.
    public func filled(with color: Color) -> Gradient {
        Gradient(kind: kind, stops: stops.map { Stop(offset: $0.offset, color: color) }, focus: focus)
    }

    /// The gradient `progress` of the way to `target`; nil when they cannot be interpolated
    /// (different kinds or numbers of stops).
    public func interpolated(to target: Gradient, progress p: Double, in space: ColorSpace) -> Gradient? {
        guard stops.count == target.stops.count else { return nil }
        let kind: Kind
        var focus: Vector2?
        switch (self.kind, target.kind) {
        case let (.linear(a0, a1), .linear(b0, b1)):
            kind = .linear(from: Vector2(lerp(a0.x, b0.x, p), lerp(a0.y, b0.y, p)), to: Vector2(lerp(a1.x, b1.x, p), lerp(a1.y, b1.y, p)))
        case let (.radial(c0, r0), .radial(c1, r1)):
            kind = .radial(center: Vector2(lerp(c0.x, c1.x, p), lerp(c0.y, c1.y, p)), radius: max(0, lerp(r0, r1, p)))
            if focus != nil || target.focus != nil {
                let f0 = focus ?? c0, f1 = target.focus ?? c1
                focus = Vector2(lerp(f0.x, f1.x, p), lerp(f0.y, f1.y, p))
            }
        case let (.conic(c0, t0), .conic(c1, t1)):
            kind = .conic(center: Vector2(lerp(c0.x, c1.x, p), lerp(c0.y, c1.y, p)), to: Vector2(lerp(t0.x, t1.x, p), lerp(t0.y, t1.y, p)))
        default:
            return nil
        }
        return Gradient(kind: kind, stops: zip(stops, target.stops).map { a, b in
            Stop(offset: min(max(lerp(a.offset, b.offset, p), 0), 1), color: a.color.interpolated(to: b.color, progress: p, in: space))
        }, focus: focus)
    }

    /// `linear-gradient(#RRGGBBAA 0, … 1)` / `radial-gradient(…)` / `conic-gradient(…)`, as
    /// samples print it.
    public var description: String {
        let name = switch kind {
        case .linear: "linear-gradient"
        case .radial: "radial-gradient"
        case .conic: "conic-gradient"
        }
        return name + "(" + stops.map { "\($0.color.hexString) \($0.offset)" }.joined(separator: ", ") + ")"
    }
}

/// The parts of a layer that do not animate.
public struct LayerStyle: Hashable, Sendable {
    /// Dash and gap lengths, in points (`LayerValues.strokeDashPhase` shifts them).
    public var strokeDash: [Double] = []
    public var strokeCap = LineCap.butt
    public var strokeJoin = LineJoin.miter
    /// Mirrors `CAShapeLayer.miterLimit`: a mitred join reaching further than this many half
    /// line widths from its corner is bevelled instead (at least 1; Core Animation's and
    /// Cairo's default is 10, After Effects' 4).
    public var strokeMiterLimit = 10.0
    public var fontFamily = "DejaVu Sans"
    public var fontWeight = FontWeight.regular
    public var fontItalic = false
    /// A font file (TrueType, OpenType) whose family the text is set in: loaded for this layer
    /// only, ahead of the installed fonts. An absolute path once the scene is loaded.
    public var fontFile: String?
    public var alignment = TextAlignment.center
    /// How the text is broken into lines, spaced and cut.
    public var paragraph = TextParagraph()
    /// The text's runs, each with its own font and colour (an attributed string): they apply
    /// while the layer's `text` is their text joined, as `UILabel.attributedText` applies
    /// until `text` is set.
    public var runs: [TextRun] = []
    public var contentMode = ContentMode.fill
    /// Mirrors `CALayer.masksToBounds`: children are clipped to the (rounded) bounds.
    public var clips = false
    /// How a path's inside is found where its outline crosses itself or nests (`CAShapeLayer.fillRule`).
    public var fillRule = FillRule.nonZero
    /// How `strokeStart`…`strokeEnd` lie along a path of several subpaths: along them all
    /// as one (`CAShapeLayer`), or the same part of each.
    public var strokeTrim = SVGPath.TrimMode.whole
    /// Set on a layer that is its parent's mask (`CALayer.mask`), not drawn itself: the parent
    /// and its other children show through it as the mode says. A layer has one mask at most.
    public var masking: MaskMode?
    public var blendMode = BlendMode.normal
    /// Colour filters of the layer's composited picture (its content and children), applied in
    /// order before its shadow, blur, opacity and blend mode (in the spirit of `CALayer.filters`).
    public var filters: [ColorFilter] = []
    /// Which way `blur` spreads: both ways (Core Animation's), or along one axis only (After
    /// Effects' Gaussian Blur "blur dimensions").
    public var blurDirection = BlurDirection.both
    /// Mirrors `CALayer.shouldRasterize`: the layer, its children, mask, shadow and blur are
    /// drawn once into a backing store in the layer's own coordinates, and composited with the
    /// layer's transform and opacity in every frame while they do not change.
    public var rasterizes = false
    /// Mirrors `CALayer.rasterizationScale`: the backing store's pixels per point, times the
    /// render's scale (so a store at 1 is as sharp as the frame while the layer is not scaled).
    public var rasterizationScale = 1.0
    /// Mirrors `CAEmitterLayer`: the cells the layer emits and how (nil: it emits nothing).
    /// Its particles are drawn above its own content and below its children, placed by the
    /// `emitter.` properties of its values.
    public var emitter: Emitter?
    /// Mirrors `CALayer.isDoubleSided`: false hides the layer (and its children) while its
    /// back faces the viewer, as a card's front does when it turns past a quarter turn.
    public var isDoubleSided = true

    public init() {}
}

/// A node of the scene graph, as written in the scene file.
public struct Layer: Hashable, Sendable {
    /// The name animations use; layers without one are named by their document path.
    public var id: String
    public var shape: Shape
    /// The model values before any script event.
    public var values: LayerValues
    public var style: LayerStyle
    public var children: [Layer]

    public init(id: String, shape: Shape, values: LayerValues = LayerValues(),
                style: LayerStyle = LayerStyle(), children: [Layer] = []) {
        self.id = id
        self.shape = shape
        self.values = values
        self.style = style
        self.children = children
    }
}

/// The scene's layers flattened depth-first, so values can live in arrays indexed by layer.
public struct LayerTree: Hashable, Sendable {
    public struct Node: Hashable, Sendable {
        public var id: String
        public var shape: Shape
        public var style: LayerStyle
        public var parent: Int?
        public var children: [Int]
    }

    /// Every layer, parents before their children.
    public private(set) var nodes: [Node] = []
    /// The top-level layers in file order.
    public private(set) var roots: [Int] = []
    /// Each layer's initial model values, by index.
    public private(set) var initialValues: [LayerValues] = []
    private var indexByID: [String: Int] = [:]

    public init(_ layers: [Layer]) {
        roots = layers.map { add($0, parent: nil) }
    }

    /// Adds `layer` (and its children) under `parent` (nil: at the top level), at `position`
    /// among its siblings (nil: on top of them, as `addSubview`; else as `insertSubview(_:at:)`);
    /// returns its index. Indices of the layers already here do not change.
    public mutating func append(_ layer: Layer, parent: Int?, at position: Int? = nil) -> Int {
        let index = add(layer, parent: parent)
        place(index, under: parent, at: position)
        return index
    }

    /// Moves the layer at `index` (with its children) under `parent`, at `position` among its
    /// siblings (nil: on top), as `addSubview` moves a view that has a superview already. Its
    /// values are in its new parent's coordinates, as a view's frame is.
    public mutating func move(_ index: Int, under parent: Int?, at position: Int? = nil) {
        if let old = nodes[index].parent {
            nodes[old].children.removeAll { $0 == index }
        } else {
            roots.removeAll { $0 == index }
        }
        nodes[index].parent = parent
        place(index, under: parent, at: position)
    }

    private mutating func place(_ index: Int, under parent: Int?, at position: Int?) {
        if let parent {
            nodes[parent].children.insert(index, at: min(max(position ?? .max, 0), nodes[parent].children.count))
        } else {
            roots.insert(index, at: min(max(position ?? .max, 0), roots.count))
        }
    }

    /// Replaces the style (what does not animate: font, clipping, alignment) of the layer at `index`.
    public mutating func setStyle(_ style: LayerStyle, of index: Int) {
        nodes[index].style = style
    }

    /// The layer at `index` with its children, as a scene file declares them (initial values).
    public func layer(at index: Int) -> Layer {
        let node = nodes[index]
        return Layer(id: node.id, shape: node.shape, values: initialValues[index], style: node.style,
                     children: node.children.map(layer(at:)))
    }

    /// The index of the layer at `index`'s place among its siblings (0: at the bottom).
    public func position(of index: Int) -> Int {
        (nodes[index].parent.map { nodes[$0].children } ?? roots).firstIndex(of: index) ?? 0
    }

    private mutating func add(_ layer: Layer, parent: Int?) -> Int {
        let index = nodes.count
        nodes.append(Node(id: layer.id, shape: layer.shape, style: layer.style, parent: parent, children: []))
        initialValues.append(layer.values)
        indexByID[layer.id] = indexByID[layer.id] ?? index
        nodes[index].children = layer.children.map { add($0, parent: index) }
        return index
    }

    /// The index of the layer called `id`.
    public func index(of id: String) -> Int? { indexByID[id] }

    /// A layer's keys in a scene file that are settings, not animatable properties: what a key
    /// naming one is told.
    static let settings: Set<String> = ["id", "shape", "alignment", "contentMode", "clips", "children", "mask", "maskMode",
                                        "fillRule", "strokeTrim", "blendMode", "stroke.cap", "stroke.join", "font.family", "font.weight",
                                        "rasterize", "rasterizationScale", "emitter.shape", "emitter.mode", "emitter.renderMode",
                                        "emitter.seed", "emitter.cells", "doubleSided", "filters", "blurDirection"]

    /// The property a key such as `frog.position`, `frog.position.x` or `card.size.width`
    /// addresses, or a message saying what is wrong with the key.
    public func target(forKey key: String) -> Result<PropertyTarget, PropertyKeyError> {
        guard let dot = key.firstIndex(of: ".") else {
            return .failure(PropertyKeyError(key: key, message: "expected a key layer.property such as frog.position (found \"\(key)\")"))
        }
        let id = String(key[..<dot]), rest = String(key[key.index(after: dot)...])
        guard let layer = index(of: id) else {
            let known = nodes.prefix(12).map(\.id).joined(separator: ", ") + (nodes.count > 12 ? ", …" : "")
            return .failure(PropertyKeyError(key: key, message: "unknown layer \"\(id)\" (\(NearestName.hint(for: id, among: nodes.map(\.id)))layers: \(known))"))
        }
        if let property = LayerProperty(rawValue: rest) { return .success(PropertyTarget(layer: layer, property: property)) }
        if let last = rest.lastIndex(of: "."), let property = LayerProperty(rawValue: String(rest[..<last])) {
            let name = String(rest[rest.index(after: last)...])
            if let component = property.componentNames.firstIndex(where: { $0.contains(name) }) {
                return .success(PropertyTarget(layer: layer, property: property, component: component))
            }
            let names = property.componentNames.flatMap { $0 }
            return .failure(PropertyKeyError(key: key, message: names.isEmpty
                ? "\(property.rawValue) has no components (found \"\(name)\")"
                : "unknown component \"\(name)\" of \(property.rawValue) (expected one of: \(names.joined(separator: ", ")))"))
        }
        let names = LayerProperty.allCases.map(\.rawValue).joined(separator: ", ")
        if Self.settings.contains(rest) {
            return .failure(PropertyKeyError(key: key, message: "\(rest) is not animatable: it is set once, in the layer's entry of the scene file (animatable: \(names))"))
        }
        return .failure(PropertyKeyError(key: key, message: "unknown property \"\(rest)\" (\(NearestName.hint(for: rest, among: LayerProperty.allCases.map(\.rawValue)))expected one of: \(names))"))
    }
}

/// A property key (`frog.position.x`) that names no property of the scene.
public struct PropertyKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { "\(key): \(message)" }
}
