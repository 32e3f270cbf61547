import RealModule
import ZoetropeCore

/// Lottie's 3-D layers (`ddd: 1`) and cameras (`ty: 13`) on Core's depth properties (SPEC §10).
///
/// After Effects' axes run x right, y down and z into the screen; Core Animation's, and so a
/// scene's, z comes towards the viewer. A layer's `rx`, `ry` and `rz` (degrees, z turned first,
/// then y, then x, as lottie-web and Skottie compose them) become `rotationX` = −rx,
/// `rotationY` = −ry and `rotation` = rz (the mirror of z turns the other two the other way),
/// its position's z `translationZ` = −z and its anchor's z `anchorZ` = −z. An orientation `or`
/// turns the layer after its rotations: the two are composed and the product taken apart again
/// into the three angles, at every frame when either moves.
///
/// Without a camera a 3-D layer is seen without perspective, as lottie-ios and lottie-web's SVG
/// renderer draw it (its turns narrow it). A composition's camera (its top-most) sees its 3-D
/// layers from its position: each run of consecutive 3-D layers goes into a group of the
/// composition's size whose `sublayerPerspective` is −1/d, d the camera's distance to the plane
/// z = 0, about its anchor point put under the camera, scaled by zoom/d (`pe` over d: 1 for
/// After Effects' default camera, d = zoom, centred on the composition). Its 2-D layers are not
/// seen through it, as in After Effects.
extension LottieSceneBuilder {
    /// Sets a 3-D layer's turns and depth from its transform (the parts a flat layer has are set
    /// by `applyTransform`).
    mutating func applyDepth(_ transform: LottieTransform, at path: String, to layer: inout Layer, clock: LottieClock) {
        let id = layer.id
        let degrees = Double.pi / 180
        if let orientation = transform.orientation, Self.moves(orientation, from: [0, 0, 0]) {
            let frame = clock.frame
            func angles(_ rootFrame: Double) -> (x: Double, y: Double, z: Double) {
                let f = frame(rootFrame)
                let o = orientation.value(at: f)
                func value(_ property: LottieProperty<[Double]>?) -> Double { property?.value(at: f).first ?? 0 }
                return Self.sceneAngles(orientation: (o.count > 0 ? o[0] : 0, o.count > 1 ? o[1] : 0, o.count > 2 ? o[2] : 0),
                                        rotation: (value(transform.rotationX), value(transform.rotationY), value(transform.planeRotation)))
            }
            book.forget(id, .rotation)
            layer.values.rotationX = book.sample(id, .rotationX) { .number(angles($0).x) }.number ?? 0
            layer.values.rotationY = book.sample(id, .rotationY) { .number(angles($0).y) }.number ?? 0
            layer.values.rotation = book.sample(id, .rotation) { .number(angles($0).z) }.number ?? 0
        } else {
            if let rx = transform.rotationX {
                layer.values.rotationX = book.animate(id, .rotationX, rx, clock: clock) { .number(-($0.first ?? 0) * degrees) }.number ?? 0
            }
            if let ry = transform.rotationY {
                layer.values.rotationY = book.animate(id, .rotationY, ry, clock: clock) { .number(-($0.first ?? 0) * degrees) }.number ?? 0
            }
        }
        let depth = transform.splitPosition ? transform.positionZ.map { ($0, 0) } : transform.position.map { ($0, 2) }
        if let (position, axis) = depth, Self.moves(position, from: [0, 0, 0], axis: axis) {
            layer.values.translationZ = book.animate(id, .translationZ, position, clock: clock) { v in
                .number(-(v.count > axis ? v[axis] : 0))
            }.number ?? 0
        }
        if let anchor = transform.anchor, Self.moves(anchor, from: [0, 0, 0], axis: 2) {
            layer.values.anchorZ = book.animate(id, .anchorZ, anchor, clock: clock) { v in .number(-(v.count > 2 ? v[2] : 0)) }.number ?? 0
        }
    }

    /// The scene's rotationX, rotationY and rotation (radians) of a layer turned by After
    /// Effects' rotation (rx, ry, rz) then its orientation (ox, oy, oz), in degrees: the two
    /// composed in Core Animation's axes, and taken apart again as rotation (z) first, then y,
    /// then x.
    static func sceneAngles(orientation o: (Double, Double, Double), rotation r: (Double, Double, Double)) -> (x: Double, y: Double, z: Double) {
        let degrees = Double.pi / 180
        func turn(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
            Transform3D.rotation(angle: z * degrees, x: 0, y: 0, z: 1)
                .concatenating(.rotation(angle: -y * degrees, x: 0, y: 1, z: 0))
                .concatenating(.rotation(angle: -x * degrees, x: 1, y: 0, z: 0))
        }
        // Row vectors: the rotation first, then the orientation.
        let m = turn(r.0, r.1, r.2).concatenating(turn(o.0, o.1, o.2))
        // m = Rz(c) · Ry(b) · Rx(a) in rows: m31 = sin b, m32 = −sin a·cos b, m33 = cos a·cos b,
        // m21 = −cos b·sin c, m11 = cos b·cos c.
        let sinY = min(max(m.m31, -1), 1)
        guard abs(sinY) < 1 - 1e-12 else {
            // Turned a quarter about y: x and z turn about one axis; all of it goes to x.
            return (Double.atan2(y: m.m23, x: m.m22), Double.asin(sinY), 0)
        }
        return (Double.atan2(y: -m.m32, x: m.m33), Double.asin(sinY), Double.atan2(y: -m.m21, x: m.m11))
    }

    /// True when `property` is animated (some key's value differs from `rest`), or its value
    /// does; `axis` limits the comparison to one dimension.
    static func moves(_ property: LottieProperty<[Double]>, from rest: [Double], axis: Int? = nil) -> Bool {
        func differs(_ value: [Double]) -> Bool {
            let dimensions = axis.map { [$0] } ?? Array(rest.indices)
            return dimensions.contains { ($0 < value.count ? value[$0] : 0) != ($0 < rest.count ? rest[$0] : 0) }
        }
        switch property.unexpressed {
        case .fixed(let value): return differs(value)
        case .keyed(let keys), .looped(let keys, _, _): return keys.contains { differs($0.value) }
        case .expressed: return true
        }
    }

    // MARK: - Cameras

    /// The camera a composition's 3-D layers are seen through: its top-most camera layer (`ty`
    /// 13), with its JSON path; what of it is not drawn is noted.
    mutating func camera(of items: [LottieLayer], at path: String) -> (layer: LottieLayer, path: String)? {
        guard let (position, camera) = items.enumerated().first(where: { $0.element.type == 13 && !$0.element.hidden }) else { return nil }
        let at = "\(path)[\(position)]"
        if let transform = camera.transform {
            for (axis, property) in [("rx", transform.rotationX), ("ry", transform.rotationY), ("rz", transform.planeRotation), ("or", transform.orientation)] {
                if let property, Self.moves(property, from: [0, 0, 0]) { notes.unsupported("a camera's rotation: seen facing the composition", at: at + ".ks." + axis) }
            }
            // A two-node camera looks at its point of interest (`a`): straight ahead only when it
            // lies on the camera's axis.
            if let interest = transform.anchor, let eye = transform.position, interest.isAnimated || eye.isAnimated
                || Array(interest.value(at: 0).prefix(2)) != Array(eye.value(at: 0).prefix(2)) {
                notes.unsupported("a camera's point of interest off its axis: seen looking straight ahead", at: at + ".ks.a")
            }
        }
        return (camera, at)
    }

    /// Makes `group` (of the composition's `size`) show its children through `camera`:
    /// `sublayerPerspective` −1/d about an anchor point under the camera; scaled by zoom/d and
    /// placed at the composition's centre, or, `passing` (a group inside such a group, around one
    /// 3-D layer and its matte), in place, unscaled.
    mutating func see(_ group: inout Layer, through camera: LottieLayer, size: Vector2, clock: LottieClock, passing: Bool = false) {
        let id = group.id
        let zoom = camera.perspective ?? .fixed([Self.defaultZoom])
        let eye = camera.transform?.position
        let frame = clock.frame
        func view(_ rootFrame: Double) -> (perspective: Double, center: Vector2, scale: Double) {
            let f = frame(rootFrame)
            let z = zoom.value(at: f).first ?? Self.defaultZoom
            let p = eye?.value(at: f) ?? [size.x / 2, size.y / 2, -z]
            // The camera in front of the plane, by at least a point.
            let distance = max(-(p.count > 2 ? p[2] : -z), 1)
            return (-1 / distance, Vector2(p.count > 0 ? p[0] : size.x / 2, p.count > 1 ? p[1] : size.y / 2), passing ? 1 : z / distance)
        }
        group.values.size = size
        let animated = zoom.isAnimated || eye?.isAnimated == true
        func set(_ property: LayerProperty, _ value: (Double) -> AnimatableValue) {
            group.values[property] = animated ? book.sample(id, property, value) : value(book.inPoint)
        }
        set(.sublayerPerspective) { .number(view($0).perspective) }
        set(.anchor) { let center = view($0).center; return .vector(Vector2(center.x / size.x, center.y / size.y)) }
        set(.scale) { let scale = view($0).scale; return .vector(Vector2(scale, scale)) }
        if passing {
            set(.position) { .vector(view($0).center) }
        } else {
            group.values.position = Vector2(size.x / 2, size.y / 2)
        }
    }

    /// After Effects' zoom of the default camera for a composition without one (Skottie's).
    static let defaultZoom = 879.13
}
