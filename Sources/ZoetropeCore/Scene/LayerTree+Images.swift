/// An image a layer shows, and where a scene file says it.
public struct LayerImage: Hashable, Sendable {
    /// `layers[card].image`, `layers[snow].emitter.cells[0].contents`.
    public var path: String
    /// A file's path or a data URL.
    public var source: String

    public init(path: String, source: String) {
        self.path = path
        self.source = source
    }
}

extension LayerTree {
    /// Every image the layers show as they start: each image layer's `image` and each emitter
    /// cell's `contents`, in layer order (what is checked before a render and carried by a
    /// converted scene file).
    public var images: [LayerImage] {
        var found: [LayerImage] = []
        for (node, values) in zip(nodes, initialValues) {
            if !values.image.isEmpty { found.append(LayerImage(path: "layers[\(node.id)].image", source: values.image)) }
            for (index, cell) in (node.style.emitter?.cells ?? []).enumerated() where !cell.contents.isEmpty {
                found.append(LayerImage(path: "layers[\(node.id)].emitter.cells[\(index)].contents", source: cell.contents))
            }
        }
        return found
    }
}
