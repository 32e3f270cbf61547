import Foundation
import RealModule
import Testing
import ZoetropeCore
@testable import ZoetropeRender

/// Draws `layers` on a white canvas and returns the surface's pixels.
private func draw(_ layers: [Layer], size: Vector2 = Vector2(200, 200), scale: Double = 1,
                  drawsWithCoverageFill: Bool = true) throws -> RasterImage {
    let scene = Scene(name: "geometry", canvas: Canvas(size: size, background: .white), layers: layers)
    let tree = SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0)
    let drawer = try FrameDrawer(width: Int(size.x * scale), height: Int(size.y * scale))
    drawer.context.drawsWithCoverageFill = drawsWithCoverageFill
    try drawer.draw(tree, scale: scale)
    return RasterImage(surface: try #require(drawer.image))
}

private func rect(_ id: String, position: Vector2, size: Vector2, fill: String, rotation: Double = 0,
                  scale: Vector2 = Vector2(1, 1), anchor: Vector2 = Vector2(0.5, 0.5), opacity: Double = 1,
                  children: [Layer] = []) -> Layer {
    var layer = Layer(id: id, shape: .rect, children: children)
    layer.values.position = position
    layer.values.size = size
    layer.values.fill = Color(hex: fill)!
    layer.values.rotation = rotation
    layer.values.scale = scale
    layer.values.anchor = anchor
    layer.values.opacity = opacity
    return layer
}

private let red = RasterImage.Pixel(red: 255, green: 0, blue: 0)
private let blue = RasterImage.Pixel(red: 0, green: 0, blue: 255)
private let white = RasterImage.Pixel(red: 255, green: 255, blue: 255)

/// CALayer's transform of a point in a layer's bounds to its parent's coordinates.
private func toParent(_ point: Vector2, position: Vector2, rotation: Double, scale: Vector2, anchor: Vector2,
                      size: Vector2) -> Vector2 {
    let local = Vector2((point.x - anchor.x * size.x) * scale.x, (point.y - anchor.y * size.y) * scale.y)
    let (c, s) = (Double.cos(rotation), Double.sin(rotation))
    return Vector2(position.x + local.x * c - local.y * s, position.y + local.x * s + local.y * c)
}

@Suite struct FrameDrawerGeometryTests {
    @Test func positionPlacesTheAnchorPoint() throws {
        let image = try draw([rect("a", position: Vector2(50, 60), size: Vector2(20, 10), fill: "#FF0000",
                                   anchor: Vector2(0, 0))])
        #expect(image[51, 61] == red)
        #expect(image[68, 68] == red)
        #expect(image[49, 61] == white)
        #expect(image[71, 61] == white)
        #expect(image[51, 71] == white)
    }

    @Test func rotatedChildOfAScaledRotatedParentLandsWhereCALayerPutsIt() throws {
        let parent = (position: Vector2(100, 100), rotation: Double.pi / 6, scale: Vector2(1.5, 0.8),
                      anchor: Vector2(0.25, 0.5), size: Vector2(80, 60))
        let child = (position: Vector2(60, 20), rotation: -Double.pi / 3, scale: Vector2(1, 2),
                     anchor: Vector2(0.5, 0.5), size: Vector2(16, 8))
        let layer = rect("parent", position: parent.position, size: parent.size, fill: "#FFFFFF00",
                         rotation: parent.rotation, scale: parent.scale, anchor: parent.anchor,
                         children: [rect("child", position: child.position, size: child.size, fill: "#0000FF",
                                         rotation: child.rotation, scale: child.scale, anchor: child.anchor)])
        let image = try draw([layer])
        // The child's centre, and points well inside and well outside its corners.
        func onCanvas(_ point: Vector2) -> Vector2 {
            let inParent = toParent(point, position: child.position, rotation: child.rotation, scale: child.scale,
                                    anchor: child.anchor, size: child.size)
            return toParent(inParent, position: parent.position, rotation: parent.rotation, scale: parent.scale,
                            anchor: parent.anchor, size: parent.size)
        }
        for inside in [Vector2(8, 4), Vector2(3, 2), Vector2(13, 6), Vector2(2, 6)] {
            let p = onCanvas(inside)
            #expect(image[Int(p.x), Int(p.y)] == blue, "inside point \(inside) at \(p)")
        }
        for outside in [Vector2(-4, 4), Vector2(20, 4), Vector2(8, -4), Vector2(8, 12)] {
            let p = onCanvas(outside)
            #expect(image[Int(p.x), Int(p.y)] == white, "outside point \(outside) at \(p)")
        }
    }

    @Test func opacityOfAParentCompositesItsChildrenAsAGroup() throws {
        let children = [rect("a", position: Vector2(40, 50), size: Vector2(60, 60), fill: "#000000"),
                        rect("b", position: Vector2(60, 50), size: Vector2(60, 60), fill: "#000000")]
        let group = rect("g", position: Vector2(100, 100), size: Vector2(100, 100), fill: "#FFFFFF00",
                         opacity: 0.5, children: children)
        let image = try draw([group])
        // Where the children overlap the grey is the same as where only one covers.
        #expect(image[100, 100] == image[75, 100])
        #expect(abs(Int(image[100, 100].red) - 128) <= 1)
    }

    @Test func clippingKeepsChildrenInsideTheBounds() throws {
        var parent = rect("p", position: Vector2(100, 100), size: Vector2(50, 50), fill: "#FFFFFF00",
                          children: [rect("c", position: Vector2(25, 25), size: Vector2(150, 150), fill: "#FF0000")])
        parent.style.clips = true
        let image = try draw([parent])
        #expect(image[100, 100] == red)
        #expect(image[60, 100] == white)
        parent.style.clips = false
        #expect(try draw([parent])[60, 100] == red)
    }

    @Test func zIndexOrdersSiblingsAndHiddenLayersAreNotDrawn() throws {
        var top = rect("top", position: Vector2(100, 100), size: Vector2(40, 40), fill: "#FF0000")
        top.values.zIndex = 1
        let bottom = rect("bottom", position: Vector2(100, 100), size: Vector2(40, 40), fill: "#0000FF")
        #expect(try draw([top, bottom])[100, 100] == red)
        top.values.hidden = true
        #expect(try draw([top, bottom])[100, 100] == blue)
    }

    @Test func scaleTwoDrawsTheSameGeometryWithTwiceThePixels() throws {
        let layers = [rect("a", position: Vector2(50, 60), size: Vector2(20, 10), fill: "#FF0000", anchor: Vector2(0, 0))]
        let image = try draw(layers, scale: 2)
        #expect(image.width == 400)
        #expect(image[101, 121] == red)
        #expect(image[139, 139] == red)
        #expect(image[141, 121] == white)
    }

    @Test func ellipseIsInscribedInTheBounds() throws {
        var layer = Layer(id: "e", shape: .ellipse)
        layer.values.position = Vector2(100, 100)
        layer.values.size = Vector2(100, 50)
        layer.values.fill = Color(hex: "#0000FF")!
        let image = try draw([layer])
        #expect(image[100, 100] == blue)
        #expect(image[145, 100] == blue)
        #expect(image[52, 76] == white, "the bounds' corner is outside the ellipse")
    }
}

@Suite struct PaintTests {
    @Test func pathLayersFillTheirOutlineInTheirBounds() throws {
        var triangle = Layer(id: "t", shape: .path)
        triangle.values.position = Vector2(100, 100)
        triangle.values.size = Vector2(100, 100)
        triangle.values.fill = Color(hex: "#0000FF")!
        triangle.values.path = try SVGPath(parsing: "M 0 100 L 50 0 L 100 100 Z")
        let image = try draw([triangle])
        #expect(image[100, 120] == blue, "inside the triangle")
        #expect(image[60, 60] == white, "the bounds' top-left corner is outside it")
    }

    @Test func strokeEndDrawsPartOfTheOutline() throws {
        var line = Layer(id: "l", shape: .path)
        line.values.position = Vector2(100, 100)
        line.values.size = Vector2(100, 20)
        line.values.strokeColor = Color(hex: "#FF0000")!
        line.values.strokeWidth = 6
        line.values.strokeEnd = 0.5
        line.values.path = try SVGPath(parsing: "M 0 10 L 100 10")
        let image = try draw([line])
        #expect(image[70, 100] == red, "the first half is drawn")
        #expect(image[130, 100] == white, "the second half is not")
    }

    @Test func strokeOffsetWrapsTheWindowAndStrokeTrimLaysItOnEachSubpath() throws {
        // Two 100-long lines; the window 0…0.25 moved on by 0.875 runs from 7/8 of the way
        // round to 1/8: along both as one, the end of the lower line and the start of the upper.
        var lines = Layer(id: "l", shape: .path)
        lines.values.position = Vector2(100, 100)
        lines.values.size = Vector2(100, 100)
        lines.values.strokeColor = Color(hex: "#FF0000")!
        lines.values.strokeWidth = 6
        lines.values.strokeEnd = 0.25
        lines.values.strokeOffset = 0.875
        lines.values.path = try SVGPath(parsing: "M 0 20 L 100 20 M 0 80 L 100 80")
        let whole = try draw([lines])
        #expect(whole[60, 70] == red && whole[140, 130] == red)
        #expect(whole[140, 70] == white && whole[60, 130] == white && whole[100, 130] == white)
        // On each line alike: 7/8 … 1 then 0 … 1/8 of each.
        lines.style.strokeTrim = .eachSubpath
        let each = try draw([lines])
        #expect(each[55, 70] == red && each[145, 70] == red && each[55, 130] == red && each[145, 130] == red)
        #expect(each[100, 70] == white && each[100, 130] == white)
    }

    /// A 100-point red square at the centre of the canvas, masked by `mask` in its bounds.
    private func masked(by mask: Layer, mode: MaskMode) throws -> RasterImage {
        var square = rect("square", position: Vector2(100, 100), size: Vector2(100, 100), fill: "#FF0000")
        var mask = mask
        mask.style.masking = mode
        square.children = [mask]
        return try draw([square])
    }

    @Test func aReplicatorDrawsItsChildrenOncePerCopyEachMovedFromTheOneBefore() throws {
        // A 20 × 20 red square at the group's top left, copied 3 times 50 points to the right,
        // each copy a third less opaque; the group's own (blue) content is drawn once.
        var group = rect("row", position: Vector2(100, 100), size: Vector2(200, 200), fill: "#0000FF00",
                         children: [rect("dot", position: Vector2(20, 20), size: Vector2(20, 20), fill: "#FF0000")])
        group.values.replicatorCount = 3.7
        group.values.replicatorTranslation = Vector2(50, 0)
        group.values.replicatorAlphaOffset = -1.0 / 3
        let image = try draw([group])
        #expect(image[20, 20] == red, "the first copy at full alpha")
        #expect(abs(Int(image[70, 20].green) - 85) <= 2 && image[70, 20].red == 255, "the second at two thirds")
        #expect(abs(Int(image[120, 20].green) - 170) <= 2, "the third at one third")
        #expect(image[170, 20] == white, "3.7 copies are 3")
        // Copies turn and shrink about the anchor point (the group's centre).
        group.values.replicatorCount = 2
        group.values.replicatorAlphaOffset = 0
        group.values.replicatorTranslation = .zero
        group.values.replicatorRotation = .pi
        let turned = try draw([group])
        #expect(turned[20, 20] == red && turned[180, 180] == red && turned[180, 20] == white)
        group.values.replicatorCount = 0
        #expect(try draw([group])[20, 20] == white, "no copies, no children")
        group.values.replicatorCount = 5
        group.values.replicatorScale = Vector2(0, 0)
        #expect(try draw([group])[20, 20] == red, "a copy of scale 0 and those after it draw nothing; the first still does")
    }

    @Test func aReplicatorMultipliesEachCopysColoursByItsInstanceColour() throws {
        // White dots on the group's black fill, copied 4 times 50 points apart: the instance
        // colour starts white and loses a quarter of its red and green with each copy, so the
        // row fades from white to blue.
        var group = rect("row", position: Vector2(100, 100), size: Vector2(200, 200), fill: "#000000",
                         children: [rect("dot", position: Vector2(20, 20), size: Vector2(20, 20), fill: "#FFFFFF")])
        group.values.replicatorCount = 4
        group.values.replicatorTranslation = Vector2(50, 0)
        group.values.replicatorRedOffset = -0.25
        group.values.replicatorGreenOffset = -0.25
        let row = try draw([group])
        #expect(row[20, 20] == white, "copy 0 is the instance colour itself: white leaves it as it is")
        for (copy, level) in [(1, 191), (2, 128), (3, 64)] {
            let pixel = row[20 + 50 * copy, 20]
            #expect(abs(Int(pixel.red) - level) <= 1 && abs(Int(pixel.green) - level) <= 1 && pixel.blue == 255, "copy \(copy): \(pixel)")
        }
        #expect(row[45, 20] == RasterImage.Pixel(red: 0, green: 0, blue: 0), "between copies, the group's own fill")
        // Components clamp to 0…1 for each copy: the fourth copy's red is 1 − 3 × 0.5 → 0.
        group.values.replicatorRedOffset = -0.5
        group.values.replicatorGreenOffset = 0
        group.values.replicatorBlueOffset = 0.5
        let clamped = try draw([group])
        #expect(clamped[170, 20] == RasterImage.Pixel(red: 0, green: 255, blue: 255))
        // The instance colour's alpha is `replicatorColor`'s times `replicatorOpacity`, plus the
        // alpha offset; a translucent child is multiplied as it is drawn.
        group.values.replicatorCount = 2
        group.values.replicatorRedOffset = 0
        group.values.replicatorBlueOffset = 0
        group.values.replicatorColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        group.values.replicatorOpacity = 0.5
        group.values.replicatorAlphaOffset = 0.5
        group.children[0].values.fill = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        let translucent = try draw([group])
        // Copy 0: white at ½ alpha, times (1, ½, 0, ¼): ⅛ of red, 1/16 of green over black.
        let first = translucent[20, 20], second = translucent[70, 20]
        #expect(abs(Int(first.red) - 32) <= 1 && abs(Int(first.green) - 16) <= 1 && first.blue == 0, "\(first)")
        // Copy 1: alpha ¼ + ½ = ¾: ⅜ of red, 3/16 of green.
        #expect(abs(Int(second.red) - 96) <= 1 && abs(Int(second.green) - 48) <= 1 && second.blue == 0, "\(second)")
    }

    @Test func conicGradientsTurnClockwiseFromTheirEndPoint() throws {
        // A colour wheel: red at 3 o'clock (towards `to`), green a quarter turn clockwise (6
        // o'clock, y down), blue at 9, yellow at 12, and red again.
        let colors = ["#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#FF0000"].map { Color(hex: $0)! }
        var wheel = rect("wheel", position: Vector2(100, 100), size: Vector2(200, 200), fill: "#00000000")
        wheel.values.gradient = Gradient(kind: .conic(center: Vector2(0.5, 0.5), to: Vector2(1, 0.5)),
                                         stops: colors.enumerated().map { .init(offset: Double($0.offset) / 4, color: $0.element) })
        func near(_ pixel: RasterImage.Pixel, _ red: Int, _ green: Int, _ blue: Int, within tolerance: Int = 4) -> Bool {
            abs(Int(pixel.red) - red) <= tolerance && abs(Int(pixel.green) - green) <= tolerance && abs(Int(pixel.blue) - blue) <= tolerance
        }
        for byCairo in [false, true] {
            let image = try draw([wheel], drawsWithCoverageFill: !byCairo)
            let how = byCairo ? "Cairo's mesh" : "the shader"
            #expect(near(image[180, 100], 255, 0, 0), "\(how): 3 o'clock is red: \(image[180, 100])")
            #expect(near(image[100, 180], 0, 255, 0), "\(how): 6 o'clock is green: \(image[100, 180])")
            #expect(near(image[19, 100], 0, 0, 255), "\(how): 9 o'clock is blue: \(image[19, 100])")
            #expect(near(image[100, 19], 255, 255, 0), "\(how): 12 o'clock is yellow: \(image[100, 19])")
            // Halfway from 3 to 6 o'clock, halfway from red to green (the pixel's centre is on
            // the diagonal through the wheel's centre).
            #expect(near(image[159, 159], 128, 128, 0, within: 3), "\(how): 4:30 is between red and green: \(image[159, 159])")
        }
        // Offset 0 points towards the end point: up, so red is at 12 o'clock and green at 3.
        wheel.values.gradient?.kind = .conic(center: Vector2(0.5, 0.5), to: Vector2(0.5, 0))
        let turned = try draw([wheel])
        #expect(near(turned[100, 19], 255, 0, 0) && near(turned[180, 100], 0, 255, 0), "\(turned[100, 19]) \(turned[180, 100])")
    }

    @Test func aConicStrokeGradientPaintsTheOutlineRoundItsCentre() throws {
        // Strokes are always Cairo's: the mesh must reach the stroke's outer edge.
        var ring = Layer(id: "ring", shape: .ellipse)
        ring.values.position = Vector2(100, 100)
        ring.values.size = Vector2(160, 160)
        ring.values.strokeWidth = 20
        ring.values.strokeGradient = Gradient(kind: .conic(center: Vector2(0.5, 0.5), to: Vector2(1, 0.5)),
                                              stops: [.init(offset: 0.5, color: Color(hex: "#FF0000")!), .init(offset: 0.5, color: Color(hex: "#0000FF")!)])
        let image = try draw([ring])
        #expect(image[100, 188] == red, "the lower half (the first half turn, clockwise from 3 o'clock) is red, out to the stroke's edge")
        #expect(image[100, 12] == blue, "the upper half is blue")
        #expect(image[100, 100] == white, "only the outline is painted")
    }

    @Test func aMaskShowsItsParentThroughItsAlphaOrInverted() throws {
        let circle = Layer(id: "circle", shape: .ellipse, values: {
            var values = LayerValues()
            values.position = Vector2(50, 50)
            values.size = Vector2(100, 100)
            values.fill = Color(hex: "#00000080")!
            return values
        }())
        let through = try masked(by: circle, mode: .alpha)
        #expect(abs(Int(through[100, 100].green) - 127) <= 2 && through[100, 100].red == 255, "half the square shows through a half-clear mask")
        #expect(through[53, 53] == white, "outside the circle nothing shows")
        let inverted = try masked(by: circle, mode: .inverseAlpha)
        #expect(inverted[53, 53] == red, "an inverted mask shows the square outside the circle")
        #expect(abs(Int(inverted[100, 100].green) - 128) <= 2)
        #expect(inverted[30, 30] == white, "and nothing outside the square")
    }

    @Test func aMaskedLayerBelowFullOpacityFadesWhatShowsThroughTheMask() throws {
        // Drawn through a group (at full opacity the masked square is composited directly).
        var square = rect("square", position: Vector2(100, 100), size: Vector2(100, 100), fill: "#FF0000")
        var mask = rect("mask", position: Vector2(50, 50), size: Vector2(100, 100), fill: "#00000080")
        mask.style.masking = .alpha
        square.children = [mask]
        square.values.opacity = 0.5
        let image = try draw([square])
        #expect(abs(Int(image[100, 100].green) - 191) <= 2 && image[100, 100].red == 255, "a quarter of the red shows")
        #expect(image[30, 30] == white)
    }

    @Test func aLuminanceMaskShowsWhereItIsLight() throws {
        var panel = rect("panel", position: Vector2(50, 50), size: Vector2(100, 100), fill: "#000000")
        panel.children = [rect("light", position: Vector2(50, 50), size: Vector2(20, 20), fill: "#FFFFFF")]
        let image = try masked(by: panel, mode: .luminance)
        #expect(image[100, 100] == red, "white shows the square")
        #expect(image[70, 70] == white, "black hides it, though opaque")
        #expect(try masked(by: panel, mode: .inverseLuminance)[70, 70] == red)
    }

    @Test func destinationOutCutsWhatIsBeneathWithinAGroup() throws {
        var group = rect("group", position: Vector2(100, 100), size: Vector2(100, 100), fill: "#00000000")
        var hole = rect("hole", position: Vector2(50, 50), size: Vector2(20, 20), fill: "#000000")
        hole.style.blendMode = .destinationOut
        group.children = [rect("base", position: Vector2(50, 50), size: Vector2(100, 100), fill: "#0000FF"), hole]
        group.values.opacity = 0.999   // a group of its own, so the hole cuts the base, not the canvas
        let image = try draw([group])
        #expect(image[100, 100] == white)
        #expect(image[70, 70].blue > 250 && image[70, 70].red < 5)
    }

    @Test func anInverseFillRuleFillsOutsideThePath() throws {
        var outside = Layer(id: "outside", shape: .path)
        outside.values.position = Vector2(100, 100)
        outside.values.size = Vector2(100, 100)
        outside.values.fill = Color(hex: "#0000FF")!
        outside.values.path = try SVGPath(parsing: "M 40 40 L 60 40 L 60 60 L 40 60 Z")
        outside.style.fillRule = .inverseNonZero
        let image = try draw([outside])
        #expect(image[100, 100] == white)
        #expect(image[10, 10] == blue && image[190, 190] == blue, "to the edges of the canvas")
    }

    @Test func anImageLayerDrawsAPNGCarriedAsADataURL() throws {
        // A 4 × 4 blue PNG, made by drawing a blue canvas, drawn into a 40 × 40 image layer.
        let renderer = try TreeRenderer(canvas: Canvas(size: Vector2(4, 4), background: Color(hex: "#0000FF")!))
        let blank = Scene(name: "blue", canvas: Canvas(size: Vector2(4, 4), background: Color(hex: "#0000FF")!), layers: [])
        let png = try renderer.png(of: SceneEvaluation(scene: blank, horizon: 1).presentation(at: 0))
        var picture = Layer(id: "picture", shape: .image)
        picture.values.position = Vector2(100, 100)
        picture.values.size = Vector2(40, 40)
        picture.values.image = DataURL(mediaType: "image/png", bytes: png).text
        let image = try draw([picture])
        #expect(image[100, 100] == blue)
        #expect(image[92, 108] == blue)
        #expect(image[70, 70] == white)
        // Decoded by what the bytes are: files label PNGs image/jpeg and the reverse.
        picture.values.image = DataURL(mediaType: "image/jpeg", bytes: png).text
        #expect(try draw([picture])[100, 100] == blue)
        picture.values.image = DataURL(mediaType: "image/gif", bytes: png).text
        #expect(throws: CairoError.self) { try draw([picture]) }
    }

    @Test func aRendererPreparedForATreeHasDecodedItsImagesBeforeTheFirstFrame() throws {
        // A blue PNG file, prepared for, then removed: the first frame still draws it.
        let renderer = try TreeRenderer(canvas: Canvas(size: Vector2(4, 4), background: Color(hex: "#0000FF")!))
        let blank = Scene(name: "blue", canvas: Canvas(size: Vector2(4, 4), background: Color(hex: "#0000FF")!), layers: [])
        let png = try renderer.png(of: SceneEvaluation(scene: blank, horizon: 1).presentation(at: 0))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("prepared-\(UUID().uuidString).png").path
        try Data(png).write(to: URL(fileURLWithPath: path))
        var picture = Layer(id: "picture", shape: .image)
        picture.values.position = Vector2(100, 100)
        picture.values.size = Vector2(40, 40)
        picture.values.image = path
        let scene = Scene(name: "picture", canvas: Canvas(size: Vector2(200, 200), background: .white), layers: [picture])
        let tree = SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0)
        let prepared = try TreeRenderer(canvas: scene.canvas), unprepared = try TreeRenderer(canvas: scene.canvas)
        prepared.prepare(for: tree)
        try FileManager.default.removeItem(atPath: path)
        try prepared.draw(tree)
        #expect(try prepared.image()[100, 100] == blue)
        #expect(throws: CairoError.self) { try unprepared.draw(tree) }
    }

    @Test func aStrokeGradientPaintsTheOutlineAlongItsPoints() throws {
        var line = Layer(id: "l", shape: .path)
        line.values.position = Vector2(100, 100)
        line.values.size = Vector2(100, 20)
        line.values.strokeWidth = 6
        line.values.strokeGradient = Gradient(kind: .linear(from: Vector2(0, 0.5), to: Vector2(1, 0.5)),
                                              stops: [.init(offset: 0, color: Color(hex: "#FF0000")!), .init(offset: 1, color: Color(hex: "#0000FF")!)])
        line.values.path = try SVGPath(parsing: "M 0 10 L 100 10")
        let image = try draw([line])
        #expect(image[52, 100].red > 240 && image[52, 100].blue < 15)
        #expect(image[148, 100].blue > 240 && image[148, 100].red < 15)
        #expect(image[100, 92] == white, "only the outline is painted")
    }

    @Test func linearGradientsRunBetweenTheirPoints() throws {
        var bar = rect("g", position: Vector2(100, 100), size: Vector2(100, 20), fill: "#00000000")
        bar.values.gradient = Gradient(kind: .linear(from: Vector2(0, 0.5), to: Vector2(1, 0.5)),
                                      stops: [.init(offset: 0, color: Color(hex: "#FF0000")!), .init(offset: 1, color: Color(hex: "#0000FF")!)])
        let image = try draw([bar])
        #expect(image[51, 100].red > 240 && image[51, 100].blue < 15)
        #expect(image[148, 100].blue > 240 && image[148, 100].red < 15)
        #expect(abs(Int(image[100, 100].red) - 128) <= 3 && abs(Int(image[100, 100].blue) - 128) <= 3)
    }

    /// A path layer of `path` in the canvas's points, stroked 10 wide in blue.
    static func blueCorner(_ path: String) throws -> Layer {
        var corner = Layer(id: "corner", shape: .path)
        corner.values.path = try SVGPath(parsing: path)
        corner.values.position = .zero
        corner.values.anchor = .zero
        corner.values.size = Vector2(1, 1)
        corner.values.strokeWidth = 10
        corner.values.strokeColor = Color(hex: "#0000FF")!
        return corner
    }

    @Test func aMitresTipIsDrawnInsideAGroupConfinedToItsLayer() throws {
        // A sharp corner whose mitre reaches far past the path's points, in a multiply group
        // (confined to the layer's extent): the tip must not be cut off.
        var corner = try Self.blueCorner("M 40 90 L 120 100 L 40 110")
        corner.style.blendMode = .multiply
        let image = try draw([corner])
        // The outer edges meet about 5 / sin(7.1°) ≈ 40 points past the corner (the limit is 50).
        #expect(image[150, 100] == blue, "the mitre's tip, 30 points past the corner")
        #expect(image[170, 100] == white, "beyond it")
    }

    /// A corner of 41° (its mitre reaches 2.85 half widths past the point), stroked 10 wide by
    /// the coverage rasterizer, by Cairo, and dashed (by Cairo).
    @Test(arguments: [(true, false), (false, false), (true, true)])
    func aMiterLimitBevelsTheCornersWhoseMitreReachesPastIt(coverage: Bool, dashed: Bool) throws {
        func corner(limit: Double) throws -> RasterImage {
            var corner = try Self.blueCorner("M 40 70 L 120 100 L 40 130")
            corner.style.strokeMiterLimit = limit
            if dashed { corner.style.strokeDash = [500, 1] }
            return try draw([corner], drawsWithCoverageFill: coverage)
        }
        // The mitre's tip lies 5 × 2.85 ≈ 14.2 points past the corner (x 134.2), the bevel
        // 5 × sin 20.6° ≈ 1.8 (x 121.8).
        #expect(try corner(limit: 4)[128, 100] == blue, "mitred within the limit")
        #expect(try corner(limit: 10)[128, 100] == blue)
        #expect(try corner(limit: 2.5)[128, 100] == white, "bevelled past it")
        #expect(try corner(limit: 2.5)[120, 100] == blue, "the bevel itself")
    }

    @Test(arguments: [0.0, 10, -10, 50])
    func aDashPhaseStartsThePatternThatFarIntoIt(phase: Double) throws {
        var line = Layer(id: "line", shape: .path)
        line.values.path = try SVGPath(parsing: "M 20 100 L 180 100")
        line.values.position = .zero
        line.values.anchor = .zero
        line.values.size = Vector2(1, 1)
        line.values.strokeWidth = 6
        line.values.strokeColor = Color(hex: "#0000FF")!
        line.style.strokeDash = [20, 20]
        line.values.strokeDashPhase = phase
        let image = try draw([line])
        // The point x of the line lies (x − 20 + phase) into the 40-point pattern: a dash in its first half.
        for x in stride(from: 25, through: 175, by: 10) {
            let into = (Double(x - 20) + phase).truncatingRemainder(dividingBy: 40)
            let inDash = (into < 0 ? into + 40 : into) < 20
            #expect(image[x, 100] == (inDash ? blue : white), "x \(x), phase \(phase)")
        }
    }

    @Test func multiplyBlendsWithWhatIsBeneath() throws {
        let base = rect("base", position: Vector2(100, 100), size: Vector2(100, 100), fill: "#FFFF00")
        var top = rect("top", position: Vector2(100, 100), size: Vector2(50, 50), fill: "#00FFFF")
        top.style.blendMode = .multiply
        let image = try draw([base, top])
        #expect(image[100, 100] == RasterImage.Pixel(red: 0, green: 255, blue: 0), "yellow × cyan = green")
        #expect(image[60, 60] == RasterImage.Pixel(red: 255, green: 255, blue: 0))
    }
}

/// `layer` with a blue shadow of radius 0, `distance` points below it.
private func withHardBlueShadow(_ layer: Layer, below distance: Double) -> Layer {
    var layer = layer
    layer.values.shadowOpacity = 1
    layer.values.shadowRadius = 0
    layer.values.shadowOffset = Vector2(0, distance)
    layer.values.shadowColor = Color(hex: "#0000FF")!
    return layer
}

@Suite struct EffectTests {
    @Test func aHardShadowFallsAtItsOffset() throws {
        let card = withHardBlueShadow(rect("card", position: Vector2(100, 100), size: Vector2(60, 40), fill: "#FF0000"), below: 30)
        let image = try draw([card])
        #expect(image[100, 100] == red, "the layer is drawn over its shadow")
        #expect(image[100, 135] == blue, "below the card, within the offset")
        #expect(image[100, 160] == white, "beyond the shadow")
    }

    @Test func aSoftShadowFadesOutsideTheShape() throws {
        var card = rect("card", position: Vector2(100, 100), size: Vector2(60, 40), fill: "#FF0000")
        card.values.shadowOpacity = 1
        card.values.shadowRadius = 16
        card.values.shadowOffset = Vector2(0, 0)
        let image = try draw([card])
        let nearEdge = image[100, 124], far = image[100, 150]
        #expect(nearEdge.red < 200, "darkened just outside the edge (\(nearEdge))")
        #expect(far.red > nearEdge.red, "lighter further away")
    }

    @Test func layerBlurSpreadsTheContent() throws {
        var dot = rect("dot", position: Vector2(100, 100), size: Vector2(40, 40), fill: "#000000")
        dot.values.blur = 6
        let image = try draw([dot])
        #expect(image[100, 100].red < 40, "still dark at the centre")
        #expect((60...200).contains(image[100, 121].red), "the edge is soft")
        #expect(image[100, 140].red > 240, "far away, untouched")
    }

    @Test func aGroupsShadowFollowsChildrenFarFromItsBounds() throws {
        // The group paints nothing and sits off the canvas; one child is drawn on it, another
        // so far away that the whole subtree is too large for a sprite: the shadow is drawn
        // from a group over the subtree's extent, not over the group's bounds.
        var group = Layer(id: "group", shape: .group, children: [
            rect("near", position: Vector2(-2900, 0), size: Vector2(40, 40), fill: "#FF0000"),
            rect("far", position: Vector2(20_000, 20_000), size: Vector2(40, 40), fill: "#FF0000"),
        ])
        group.values.position = Vector2(3000, 100)
        group.values.size = Vector2(10, 10)
        group.values.anchor = .zero
        let image = try draw([withHardBlueShadow(group, below: 30)])
        #expect(image[100, 100] == red, "the near child")
        #expect(image[100, 140] == blue, "its shadow, 30 points below")
    }

    @Test func backdropBlurSoftensOnlyWhatIsBeneathTheLayer() throws {
        let stripes = (0..<40).map { i in rect("s\(i)", position: Vector2(Double(i) * 4 + 21, 100), size: Vector2(2, 100), fill: "#000000") }
        var glass = rect("glass", position: Vector2(100, 100), size: Vector2(60, 40), fill: "#FFFFFF00")
        glass.values.backdropBlur = 4
        let image = try draw(stripes + [glass])
        let under = (92...108).map { image[$0, 100].red }
        #expect(under.allSatisfy { (70...190).contains($0) }, "under the glass the stripes blur to grey: \(under)")
        let outside = (92...108).map { image[$0, 60].red }
        #expect(outside.contains(0) && outside.contains(255), "outside the glass they stay sharp")
    }
}
