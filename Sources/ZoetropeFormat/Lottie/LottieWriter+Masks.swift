import RealModule
import ZoetropeCore

/// A layer's mask (`CALayer.mask`, a child whose `maskMode` is set) in Lottie: the layer and
/// its children are drawn as one precomp, and the mask becomes that precomp's
/// `masksProperties` when it is a set of filled paths combined by blend modes (as the reader
/// makes a Lottie file's masks), else a track matte: the mask drawn as a precomp of its own
/// right above, `td` 1, which the layer's precomp uses as `tt` 1–4 (alpha, inverted alpha,
/// luminance, inverted luminance). Lottie's masks and mattes say everything the mask does: a
/// mask is never dropped.
extension LottieWriter {
    /// The child that masks layer `index`, if it has one.
    func maskChild(of index: Int) -> Int? {
        frames[0].layers.nodes[index].children.first { frames[0].layers.nodes[$0].style.masking != nil }
    }

    /// Masks `group`, the precomp drawing layer `index` and its children (in the coordinates of
    /// the layer's parent, moved by `precompReach`), by the layer's child `mask`; returns the
    /// matte layer to draw right above `group` when the mask is a track matte.
    mutating func mask(_ group: inout LottieLayer, by mask: Int, of index: Int, parentNull: Double?) -> LottieLayer? {
        let node = frames[0].layers.nodes[mask]
        if let masks = maskProperties(mask, of: index) {
            group.hasMasks = true
            group.masks = masks
            return nil
        }
        // The matte draws the mask where the layer's content is: under a null carrying the
        // layer's transform, its opacity its own (and its children's) only.
        var inner: [LottieLayer] = [], innerNulls: [LottieLayer] = [transformLayer(index, parentNull: 0)]
        subtree(mask, parentNull: nullIndex(index), precomp: index, drawn: &inner, nulls: &innerNulls)
        var matte = precompLayer("matte_\(index)", name: node.id + "Matte", index: contentIndex(index, 3), parent: parentNull,
                                 layers: inner, nulls: innerNulls, opacity: .fixed([100]))
        matte.isMatte = true
        // Lottie's track matte modes: 1 alpha, 2 inverted alpha, 3 luminance, 4 inverted luminance.
        let mode: Double = switch node.style.masking ?? .alpha {
        case .alpha: 1
        case .inverseAlpha: 2
        case .luminance: 3
        case .inverseLuminance: 4
        }
        group.matteMode = mode
        return matte
    }

    /// Lottie's mask modes for the blend modes a mask's paths combine by: those the Lottie
    /// specification's schema allows (lighten, darken and difference are After Effects'
    /// but not the schema's: a mask using them is a track matte).
    private static let maskModes: [BlendMode: LottieMask.Mode] = [.normal: .add, .destinationOut: .subtract, .destinationIn: .intersect]

    /// The mask as layer masks, in the precomp's coordinates, when it is a group of paths
    /// without children, each filled with one colour (white under a luminance mask) and
    /// nothing else, flat, combined by a blend mode Lottie's mask modes have, the first added
    /// to nothing (or a path filling everything the next one subtracts from, as the reader
    /// makes a first subtracting mask), at most one contour each; nil when it is not.
    private func maskProperties(_ mask: Int, of index: Int) -> [LottieMask]? {
        let tree = frames[0].layers
        let node = tree.nodes[mask]
        guard node.shape == .group, node.style.masking == .alpha || node.style.masking == .luminance, node.style.blendMode == .normal,
              !node.children.isEmpty, node.style.emitter == nil else { return nil }
        let parts = node.children
        let flat = { (v: LayerValues) in !v.hasDepth && v.sublayerPerspective == 0 && v.blur == 0 && v.backdropBlur == 0 && !Self.castsShadow(v) && !v.replicates }
        for part in parts {
            let style = tree.nodes[part].style
            guard tree.nodes[part].shape == .path, tree.nodes[part].children.isEmpty, Self.maskModes[style.blendMode] != nil,
                  style.fillRule.inside == .nonZero, style.masking == nil else { return nil }
        }
        let luminance = node.style.masking == .luminance
        for frame in frames {
            // The paths are placed through the layer's transform: a flat one.
            guard !frame.values[index].hasDepth, flat(frame.values[mask]) else { return nil }
            // Several paths share the mask's opacity as a whole, which masks cannot say.
            if parts.count > 1, frame.values[mask].hidden || frame.values[mask].opacity != 1 { return nil }
            for part in parts {
                let v = frame.values[part]
                let white = v.fill.red == 1 && v.fill.green == 1 && v.fill.blue == 1
                guard flat(v), v.gradient == nil, !luminance || white,
                      v.strokeWidth <= 0 || v.strokeColor.alpha == 0 && v.strokeGradient == nil else { return nil }
            }
        }
        // Each part's outline at every frame, in the precomp's coordinates.
        let reach = Self.precompReach
        var outlines: [[LottieContour]] = []
        for part in parts {
            var cache: [SVGPath: [LottieContour]] = [:]
            var outline: [LottieContour] = []
            for frame in frames {
                let v = frame.values[part]
                let contours = cache[v.path] ?? LottieContour.contours(of: v.path)
                cache[v.path] = contours
                guard contours.count <= 1 else { return nil }
                let placement = Placement.identity.translated(reach, reach).placing(frame.values[index]).placing(frame.values[mask]).placing(v)
                var contour = contours.first.map { placement.apply($0) } ?? LottieContour(closed: true, points: [])
                contour.closed = true
                outline.append(contour)
            }
            outlines.append(outline)
        }
        var masks: [LottieMask] = []
        var first = 0
        // The reader's first subtracting mask: everything (an empty path filled outside), then
        // the path taken away from it, which Lottie's first subtracting mask says by itself.
        if parts.count > 1, tree.nodes[parts[0]].style.fillRule.isInverse, tree.nodes[parts[1]].style.blendMode == .destinationOut,
           tree.nodes[parts[0]].style.blendMode == .normal,
           frames.allSatisfy({ frame in let v = frame.values[parts[0]]; return v.path.segments.isEmpty && v.fill.alpha == 1 && v.opacity == 1 && !v.hidden }) {
            first = 1
        } else if tree.nodes[parts[0]].style.blendMode != .normal {
            return nil   // Lottie's first mask adds to nothing, or subtracts from everything
        }
        for (number, part) in parts.enumerated() where number >= first {
            let style = tree.nodes[part].style
            guard let mode = Self.maskModes[style.blendMode] else { return nil }
            var inverted = style.fillRule.isInverse
            var outline = outlines[number]
            // A path filling everything: the precomp's whole area.
            if inverted, outline.allSatisfy(\.points.isEmpty) {
                inverted = false
                outline = outline.map { _ in LottieContour.roundedRect(origin: .zero, size: Vector2(2 * reach, 2 * reach), radius: .zero) }
            }
            let single = parts.count == 1
            let opacity = animatedInFrame(part) { v, frame in
                let owner = frame.values[mask]
                let shown = (v.hidden ? 0 : min(max(v.opacity, 0), 1)) * min(max(v.fill.alpha, 0), 1)
                return [shown * (single ? (owner.hidden ? 0 : min(max(owner.opacity, 0), 1)) : 1) * 100]
            }
            let written: LottieMask.Mode = number == first ? (first == 1 ? .subtract : .add) : mode
            masks.append(LottieMask(name: tree.nodes[part].id, mode: written.rawValue, inverted: inverted,
                                    outline: animatedShape(outline), opacity: opacity, expansion: nil))
        }
        return masks
    }
}

/// A 2-D affine map, as Cairo's matrix: a layer's placement in its parent's coordinates.
struct Placement {
    var xx = 1.0, yx = 0.0, xy = 0.0, yy = 1.0, x0 = 0.0, y0 = 0.0

    static let identity = Placement()

    /// This map followed by a layer's placement (SPEC §5, as the frames draw it):
    /// translate(position + translation) · rotate · scale · translate(−anchor · size).
    func placing(_ v: LayerValues) -> Placement {
        translated(v.position.x + v.translation.x, v.position.y + v.translation.y)
            .rotated(v.rotation).scaled(v.scale.x, v.scale.y)
            .translated(-v.anchor.x * v.size.x, -v.anchor.y * v.size.y)
    }

    func translated(_ x: Double, _ y: Double) -> Placement {
        Placement(xx: xx, yx: yx, xy: xy, yy: yy, x0: xx * x + xy * y + x0, y0: yx * x + yy * y + y0)
    }

    func rotated(_ angle: Double) -> Placement {
        let c = Double.cos(angle), s = Double.sin(angle)
        return Placement(xx: xx * c + xy * s, yx: yx * c + yy * s, xy: -xx * s + xy * c, yy: -yx * s + yy * c, x0: x0, y0: y0)
    }

    func scaled(_ x: Double, _ y: Double) -> Placement {
        Placement(xx: xx * x, yx: yx * x, xy: xy * y, yy: yy * y, x0: x0, y0: y0)
    }

    /// A point mapped.
    func point(_ p: Vector2) -> Vector2 { Vector2(xx * p.x + xy * p.y + x0, yx * p.x + yy * p.y + y0) }
    /// A tangent (a difference of points) mapped.
    func vector(_ p: Vector2) -> Vector2 { Vector2(xx * p.x + xy * p.y, yx * p.x + yy * p.y) }

    /// A contour mapped: its vertices as points, its tangents as vectors.
    func apply(_ contour: LottieContour) -> LottieContour {
        LottieContour(closed: contour.closed, points: contour.points.map { (point($0.vertex), vector($0.into), vector($0.out)) })
    }
}
