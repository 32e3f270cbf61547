/// What a layer draws.
public enum Shape: String, Hashable, Sendable, CaseIterable {
    /// A rectangle of the layer's size, rounded by `cornerRadius`.
    case rect
    /// The ellipse inscribed in the bounds.
    case ellipse
    /// A PNG scaled into the bounds by `contentMode`.
    case image
    /// A line of text in the bounds.
    case text
    /// Nothing of its own; only its children.
    case group
}

public enum LineCap: String, Hashable, Sendable, CaseIterable { case butt, round, square }
public enum LineJoin: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }
public enum TextAlignment: String, Hashable, Sendable, CaseIterable { case left, center, right }
public enum FontWeight: String, Hashable, Sendable, CaseIterable { case regular, bold }
/// Mirrors `UIView.ContentMode`'s `scaleToFill`, `scaleAspectFit` and `scaleAspectFill`.
public enum ContentMode: String, Hashable, Sendable, CaseIterable { case fill, aspectFit, aspectFill }

/// The parts of a layer that do not animate.
public struct LayerStyle: Hashable, Sendable {
    public var strokeDash: [Double] = []
    public var strokeCap = LineCap.butt
    public var strokeJoin = LineJoin.miter
    public var fontFamily = "DejaVu Sans"
    public var fontWeight = FontWeight.regular
    public var alignment = TextAlignment.center
    public var contentMode = ContentMode.fill
    /// Mirrors `CALayer.masksToBounds`: children are clipped to the (rounded) bounds.
    public var clips = false

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
}
