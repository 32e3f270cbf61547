import Foundation
import Testing
@testable import ZoetropeRender
import ZoetropeCore
import ZoetropeFormat

private let sceneFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenes").path

private let sceneFiles = ((try? FileManager.default.contentsOfDirectory(atPath: sceneFolder)) ?? [])
    .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()

/// A worker draws only what changed since its previous frame; every frame must still be the
/// same pixels as the frame drawn from scratch.
@Suite struct DamageTests {
    @Test func everySceneIsHere() {
        #expect(sceneFiles.count >= 15, "\(sceneFiles)")
    }

    @Test(arguments: sceneFiles)
    func drawingOnlyWhatChangedGivesTheSamePixels(scene: String) throws {
        let loaded = try SceneLoader.load(sceneFolder + "/" + scene)
        let evaluated = try loaded.evaluate()
        let evaluation = evaluated.evaluation, duration = evaluated.duration
        let frameRate = loaded.scene.frameRate
        let frames = frameRate.frameCount(forDuration: duration)
        let scale = 0.5
        let width = Int((loaded.scene.canvas.size.x * scale).rounded()), height = Int((loaded.scene.canvas.size.y * scale).rounded())
        let drawer = try FrameDrawer(width: width, height: height)
        var mismatches: [Int] = []
        for index in 0..<frames {
            let tree = evaluation.presentation(at: frameRate.time(ofFrame: index))
            try drawer.draw(tree, scale: scale)
            // Every other frame is compared (a wrong pixel outside a later damage box would stay).
            guard index % 2 == 0 || index == frames - 1 else { continue }
            let damaged = RasterImage(surface: try #require(drawer.image))
            if damaged != (try RasterImage(drawing: tree, scale: scale)) { mismatches.append(index) }
        }
        #expect(mismatches.isEmpty, "\(scene): frames drawn only where they changed differ from whole frames: \(mismatches)")
        // An emitter's particles may be anywhere and move in every frame (snow.yaml's fall over
        // the whole canvas): such a scene is drawn whole every frame.
        if !loaded.scene.layers.nodes.contains(where: { LayerReach.emits($0) }) {
            #expect(drawer.redrawnPixels < frames * width * height, "\(scene): something was left undrawn")
        }
    }
}

/// A scene written to a temporary file, loaded and evaluated: its frames' trees.
private func frames(of yaml: String) throws -> [PresentationTree] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("damage-\(UUID().uuidString).yaml").path
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try frames(inFile: path)
}

/// The scene file at `path`, loaded and evaluated: its frames' trees.
private func frames(inFile path: String) throws -> [PresentationTree] {
    let loaded = try SceneLoader.load(path)
    let evaluated = try loaded.evaluate()
    let evaluation = evaluated.evaluation, duration = evaluated.duration
    let rate = loaded.scene.frameRate
    return (0..<rate.frameCount(forDuration: duration)).map { evaluation.presentation(at: rate.time(ofFrame: $0)) }
}

/// Changes far apart are drawn again each in its own box, and text reaches only as far as its
/// ink, so a label between them is not a reason to draw the whole frame.
@Suite struct DamageRegionTests {
    @Test func changesFarApartRedrawTheirOwnBoxesOnly() throws {
        let trees = try frames(of: """
            version: 1
            canvas: { size: [400, 300], background: "#F2F2F7" }
            render: { fps: 10, duration: 1 }
            layers:
              - { id: title, shape: text, text: "Two corners", position: [200, 150], size: [200, 30], font: { size: 20, weight: bold }, color: "#1C1C1E" }
              - { id: tint, shape: ellipse, position: [200, 60], size: [80, 80], fill: "#FF9500", blendMode: multiply }
              - { id: a, shape: rect, position: [30, 30], size: [20, 20], cornerRadius: 4, fill: "#007AFF" }
              - { id: b, shape: rect, position: [370, 270], size: [20, 20], cornerRadius: 4, fill: "#34C759" }
            animators:
              - { id: nudge, duration: 1, animations: [ { set: { a.position: [60, 40], b.position: [340, 260] } } ] }
            script: [ { at: 0, start: nudge } ]
            """)
        let drawer = try FrameDrawer(width: 400, height: 300)
        try drawer.draw(trees[0])
        for tree in trees.dropFirst() {
            let before = drawer.redrawnPixels
            try drawer.draw(tree)
            #expect(drawer.redrawnPixels - before < 400 * 300 / 10, "two 20-point squares moving a few points")
            #expect(RasterImage(surface: try #require(drawer.image)) == (try RasterImage(drawing: tree)))
        }
    }

    /// Every pixel a text layer inks lies in its reach, which is far smaller than the canvas,
    /// however it is aligned, turned or scaled.
    @Test func pointBoundsHoldEveryPointAndRefuseWhatCannotBeBounded() {
        var bounds = PointBounds()
        #expect(bounds.pixelBox(margin: 0) == nil, "no points bound nothing")
        bounds.include(Vector2(10.5, -3.25))
        bounds.include(Vector2(-2, 7.5))
        bounds.include(boxOf: Vector2(4, 4), under: AffineTransform(xx: 2, yx: 0, xy: 0, yy: 2, x0: 20, y0: 30))
        #expect(bounds.pixelBox(margin: 1) == PixelBox(minX: -3, minY: -5, maxX: 29, maxY: 39))
        var far = bounds
        far.include(Vector2(2e9, 0))
        #expect(far.pixelBox(margin: 0) == nil)
        bounds.include(Vector2(.nan, 0))
        bounds.include(Vector2(0, 0))
        #expect(bounds.pixelBox(margin: 0) == nil, "a point that is not finite is not skipped")
        #expect(PointBounds([Vector2(1, 1)]).pixelBox(margin: .infinity) == nil)
    }

    @Test func aLayerHiddenOrTransparentChangesNothingWhateverMovesInIt() throws {
        // A layer outside its in and out points (as Lottie's are) that still moves, with a child;
        // then the same layer at opacity 0. Neither frame after the first redraws a pixel.
        for state in ["hidden: true", "opacity: 0"] {
            let trees = try frames(of: """
                version: 1
                canvas: { size: [200, 100], background: "#FFFFFF" }
                render: { fps: 10, duration: 0.3 }
                layers:
                  - { id: still, shape: rect, position: [20, 20], size: [10, 10], fill: "#000000" }
                  - id: away
                    shape: rect
                    position: [50, 50]
                    size: [40, 40]
                    fill: "#FF0000"
                    \(state)
                    children: [{ id: inner, shape: ellipse, position: [0, 0], size: [30, 30], fill: "#00FF00" }]
                animators:
                  - { id: move, duration: 0.3, animations: [{ set: { away.position: [150, 50], inner.position: [20, 20] } }] }
                script: [{ at: 0, start: move }]
                """)
            let canvas = PixelBox(minX: 0, minY: 0, maxX: 200, maxY: 100)
            let damage = try #require(Damage(from: trees[0], to: trees[1], scale: 1, width: 200, height: 100))
            #expect(damage.box == nil, "\(state): \(String(describing: damage.box))")
            let reach = try #require(LayerReach(trees[1], scale: 1, canvas: canvas))
            #expect(reach.subtree[1].isEmpty && reach.subtree[2].isEmpty, "\(state)")
            #expect(!reach.subtree[0].isEmpty)
        }
    }

    @Test func eachPixelToDrawAgainIsInOneRegionOnly() throws {
        // `tint` changes colour in place (the same box before and after); `dot` moves inside
        // `panel`, which changes too: one region for `tint`, one for `panel`, none for `dot`.
        let trees = try frames(of: """
            version: 1
            canvas: { size: [300, 200], background: "#FFFFFF" }
            render: { fps: 10, duration: 0.2 }
            layers:
              - { id: tint, shape: rect, position: [50, 50], size: [40, 40], fill: "#FF0000" }
              - { id: panel, shape: rect, position: [200, 100], size: [120, 120], fill: "#EEEEEE" }
              - { id: dot, shape: ellipse, position: [200, 100], size: [10, 10], fill: "#000000" }
            animators:
              - { id: change, duration: 0.2, animations: [{ set: { tint.fill: "#0000FF", panel.opacity: 0.5, dot.position: [210, 110] } }] }
            script: [{ at: 0, start: change }]
            """)
        let damage = try #require(Damage(from: trees[0], to: trees[1], scale: 1, width: 300, height: 200))
        let canvas = PixelBox(minX: 0, minY: 0, maxX: 300, maxY: 200)
        let reach = try #require(LayerReach(trees[1], scale: 1, canvas: canvas))
        #expect(damage.regions == [reach.subtree[0], reach.subtree[1]], "\(damage.regions)")
        #expect(reach.subtree[1].contains(reach.subtree[2]) && !reach.subtree[2].isEmpty)
        // Drawn that way, the frame is still the frame drawn whole.
        let drawer = try FrameDrawer(width: 300, height: 200)
        try drawer.draw(trees[0])
        try drawer.draw(trees[1])
        #expect(RasterImage(surface: try #require(drawer.image)) == (try RasterImage(drawing: trees[1])))
    }

    @Test func aLayerThatClipsConfinesWhatItsChildrenChange() throws {
        // A long bar turning inside a small window that clips it (as the gallery's spinner):
        // it changes only what the window shows, not the circle it sweeps.
        let trees = try frames(of: """
            version: 1
            canvas: { size: [300, 300], background: "#FFFFFF" }
            render: { fps: 10, duration: 1 }
            layers:
              - { id: window, shape: rect, position: [150, 150], size: [100, 60], cornerRadius: 20, fill: "#D8DEE9", clips: true,
                  children: [{ id: bar, shape: rect, position: [50, 30], size: [240, 20], fill: "#81A1C1", rotation: 20deg }] }
            animators:
              - { id: turn, duration: 1, animations: [{ set: { bar.rotation: 160deg } }] }
            script: [{ at: 0, start: turn }]
            """)
        let canvas = PixelBox(minX: 0, minY: 0, maxX: 300, maxY: 300)
        // The window's box, grown by its antialiased edge.
        let window = PixelBox(minX: 98, minY: 118, maxX: 202, maxY: 182)
        let drawer = try FrameDrawer(width: 300, height: 300)
        try drawer.draw(trees[0])
        for (before, after) in zip(trees, trees.dropFirst()) {
            let reach = try #require(LayerReach(after, scale: 1, canvas: canvas))
            #expect(reach.subtree[1].union(window) == window, "the bar reaches \(reach.subtree[1])")
            let damage = try #require(Damage(from: before, to: after, scale: 1, width: 300, height: 300))
            let box = try #require(damage.box)
            #expect(box.union(window) == window && box.area * 2 > window.area, "\(box)")
            try drawer.draw(after)
            #expect(RasterImage(surface: try #require(drawer.image)) == (try RasterImage(drawing: after)))
        }
        // Unclipped, the same bar reaches well past the window.
        let open = try #require(LayerReach(try frames(of: """
            version: 1
            canvas: { size: [300, 300], background: "#FFFFFF" }
            render: { fps: 1, duration: 1 }
            layers:
              - { id: window, shape: rect, position: [150, 150], size: [100, 60], fill: "#D8DEE9", children: [{ id: bar, shape: rect, position: [50, 30], size: [240, 20], fill: "#81A1C1", rotation: 160deg }] }
            """)[0], scale: 1, canvas: canvas))
        #expect(open.subtree[1].maxX - open.subtree[1].minX > 200, "\(open.subtree[1])")
    }

    @Test(arguments: [("left", "0deg", 1.0), ("center", "0deg", 2.0), ("right", "0deg", 1.0), ("center", "30deg", 1.5)])
    func textReachesItsInkAndNoFurther(alignment: String, rotation: String, scale: Double) throws {
        let tree = try #require(try frames(of: """
            version: 1
            canvas: { size: [400, 200], background: "#00000000" }
            render: { fps: 1, duration: 1 }
            layers:
              - { id: label, shape: text, text: "Ågj ÉQ, fly!", alignment: \(alignment), rotation: \(rotation), position: [200, 100], size: [120, 24], font: { size: 28, weight: bold }, color: "#000000" }
            """).first)
        let image = try RasterImage(drawing: tree, scale: scale)
        let canvas = PixelBox(minX: 0, minY: 0, maxX: image.width, maxY: image.height)
        let reach = try #require(LayerReach(tree, scale: scale, canvas: canvas)).subtree[0]
        #expect(reach.area * 2 < canvas.area, "\(reach)")
        var inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha > 0 {
                inked += 1
                #expect(reach.minX <= x && x < reach.maxX && reach.minY <= y && y < reach.maxY, "(\(x), \(y)) outside \(reach)")
            }
        }
        #expect(inked > 100, "the text was drawn")
    }
}

/// A frame's strip layout is the scene's: one stream while a change reaches most strips, strips
/// while it reaches few, strips for a first frame, whatever the drawer drew before.
@Suite struct StripLayoutTests {
    static let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/strip-layouts.yaml").path

    @Test func theSceneDecidesEachFramesLayout() throws {
        let trees = try frames(inFile: Self.scene)
        let drawer = try FrameDrawer(width: 200, height: 256)
        var layouts: [StripLayout] = []
        for (index, tree) in trees.enumerated() {
            try drawer.draw(tree)
            layouts.append(drawer.stripLayout(from: index > 0 ? trees[index - 1] : nil, to: tree, scale: 1))
        }
        #expect(layouts[0] == .strips, "a first frame")
        #expect(layouts[1...8].allSatisfy { $0 == .whole }, "the full-height rect sweeps: \(layouts)")
        #expect(layouts[10...].allSatisfy { $0 == .strips }, "only the dot in the top strip moves: \(layouts)")
        // Asked out of order, without drawing the frame before: the same answers.
        let fresh = try FrameDrawer(width: 200, height: 256)
        try fresh.draw(trees[5])
        #expect(fresh.stripLayout(from: trees[4], to: trees[5], scale: 1) == .whole)
        try fresh.draw(trees[15])
        #expect(fresh.stripLayout(from: trees[14], to: trees[15], scale: 1) == .strips)
    }

    /// Three fifths of the strips reached take one stream: matched slice by slice while a tenth
    /// of the slices (with the two rows above each) stay as they were, else whole; libdeflate
    /// has no slices.
    @Test func aChangeReachingThreeFifthsOfTheStripsTakesOneStream() {
        let row = { (rows: Range<Int>) in PixelBox(minX: 0, minY: rows.lowerBound, maxX: 10, maxY: rows.upperBound) }
        #expect(StripLayout(changed: nil, height: 640) == .whole, "what changed is not known")
        #expect(StripLayout(changed: [], height: 640) == .strips, "nothing changed")
        #expect(StripLayout(changed: [row(0..<10), row(630..<640)], height: 640) == .strips, "2 of 10 strips")
        #expect(StripLayout(changed: [row(0..<320)], height: 640) == .strips, "5 of 10 strips")
        #expect(StripLayout(changed: [row(0..<384)], height: 640) == .slices, "6 of 10 strips, 25 of 40 slices")
        #expect(StripLayout(changed: [row(0..<384)], height: 640, compression: .default) == .whole)
        #expect(StripLayout(changed: [row(0..<558)], height: 640) == .slices, "35 of 40 slices")
        #expect(StripLayout(changed: [row(0..<559)], height: 640) == .whole, "the 36th slice's context: 36 of 40")
        #expect(StripLayout(changed: [row(0..<200), row(400..<640)], height: 640) == .slices, "12 of 40 slices between")
    }
}

/// Sprites and backing stores are kept only up to a budget of pixels: past it they are dropped
/// and drawn again when needed, to the same pixels.
@Suite struct KeptSpriteTests {
    @Test func spritesPastTheBudgetAreDroppedAndDrawnAgainAlike() throws {
        let layers = (0..<10).map { "  - { id: l\($0), shape: rect, position: [\(20 + 25 * $0), 60], size: [60, 60], fill: \"#2E7D32\", shadow: { color: \"#000000\", offset: [0, 4], radius: 8, opacity: 0.4 } }" }
        let trees = try frames(of: """
            version: 1
            canvas: { size: [300, 120], background: "#F2F2F7" }
            render: { fps: 4, duration: 1 }
            layers:
            \(layers.joined(separator: "\n"))
            animators:
              - { id: move, duration: 1, animations: [ { set: { l0.position: [40, 70], l9.position: [250, 50] } } ] }
            script: [ { at: 0, start: move } ]
            """)
        let kept = try FrameDrawer(width: 300, height: 120), tight = try FrameDrawer(width: 300, height: 120)
        tight.keptPixelLimit = 20_000
        for tree in trees {
            try kept.draw(tree)
            try tight.draw(tree)
            #expect(kept.image?.copy(of: PixelBox(minX: 0, minY: 0, maxX: 300, maxY: 120)) == tight.image?.copy(of: PixelBox(minX: 0, minY: 0, maxX: 300, maxY: 120)))
            #expect(tight.keptPixels <= 20_000)
        }
        #expect(kept.keptPixels > 20_000, "ten sprites of about 100 × 100 pixels each are kept without a tight budget")
    }
}

/// What a subtree can draw into, in its layer's coordinates: its children under their
/// transforms, and nothing beyond an alpha mask, even where it fills "everything" (an inverse
/// fill, as Lottie's merge paths do); unbounded under an inverted mask.
@Suite struct SubtreeExtentTests {
    @Test(arguments: [("alpha", true), ("inverseAlpha", false)])
    func aMaskBoundsWhatShowsThroughIt(mode: String, bounded: Bool) throws {
        let trees = try frames(of: """
            version: 1
            canvas: { size: [300, 200], background: "#FFFFFF" }
            render: { fps: 1, duration: auto }
            layers:
              - id: merged
                shape: group
                position: [0, 0]
                anchor: [0, 0]
                size: [1, 1]
                children:
                  - { id: everything, shape: path, path: "M 0 0 L 1 0 L 0 1 Z", fillRule: inverseNonZero, fill: "#FF0000", anchor: [0, 0], size: [1, 1] }
                  - { id: nudged, shape: rect, position: [150, 100], size: [20, 10], rotation: 90deg, fill: "#00FF00" }
                mask: { id: hole, shape: ellipse, position: [60, 50], size: [40, 20], fill: "#FFFFFF" }
                maskMode: \(mode)
            """)
        let tree = try #require(trees.first)
        let merged = try #require(tree.layers.index(of: "merged")), nudged = try #require(tree.layers.index(of: "nudged"))
        let extent = SubtreeExtent(of: merged, in: tree)
        #expect((extent != nil) == bounded)
        if let extent {
            #expect(extent.minX >= 38 && extent.maxX <= 82 && extent.minY >= 38 && extent.maxY <= 62, "the ellipse's box (\(extent))")
        }
        let turned = try #require(SubtreeExtent(of: nudged, in: tree))
        #expect(turned.minX <= 0 && turned.maxX >= 20, "a layer's own extent is in its own coordinates (\(turned))")
    }

    /// A mitre reaches 10 half-widths only at a corner: a straight stroke's extent is its
    /// line and half its width (caps included), a corner's holds the mitre's tip.
    @Test func onlyCornersReachAMitresLength() throws {
        let trees = try frames(of: """
            version: 1
            canvas: { size: [300, 200], background: "#FFFFFF" }
            render: { fps: 1, duration: auto }
            layers:
              - { id: line, shape: path, position: [0, 0], anchor: [0, 0], size: [1, 1], path: "M 0 10 L 100 10", stroke: { color: "#000000", width: 20 } }
              - { id: corner, shape: path, position: [0, 0], anchor: [0, 0], size: [1, 1], path: "M 0 0 L 100 10 L 0 20", stroke: { color: "#000000", width: 20 } }
              - { id: arc, shape: path, position: [0, 0], anchor: [0, 0], size: [1, 1], path: "M 0 50 C 0 10 40 0 60 0", stroke: { color: "#000000", width: 20 } }
            """)
        let tree = try #require(trees.first)
        func extent(_ id: String) throws -> SubtreeExtent {
            let index = try #require(tree.layers.index(of: id))
            return try #require(SubtreeExtent(of: index, in: tree))
        }
        let line = try extent("line"), corner = try extent("corner"), arc = try extent("arc")
        // Each holds its bounds (0…1) too; half the width is 10, √2 of it within 15.
        #expect(line.minX >= -15 && line.maxX <= 115 && line.minY >= -15 && line.maxY <= 25, "a straight stroke (\(line))")
        #expect(corner.maxX >= 100 + 100, "the mitre at the corner (\(corner))")
        #expect(arc.minY >= -15 && arc.maxX <= 60 + 15, "a curve turning through a right angle or less (\(arc))")
    }

    /// Bounds that paint nothing cover nothing: Lottie wraps a layer in a group of its parent's
    /// bounds (often the whole composition), and a group confined to them would be that large.
    @Test func boundsThatPaintNothingAreNotInTheExtent() throws {
        let trees = try frames(of: """
            version: 1
            canvas: { size: [300, 200], background: "#FFFFFF" }
            render: { fps: 1, duration: auto }
            layers:
              - id: wrapper
                shape: group
                position: [0, 0]
                anchor: [0, 0]
                size: [300, 200]
                children:
                  - { id: dot, shape: ellipse, position: [100, 50], size: [20, 20], fill: "#FF0000" }
                  - { id: gone, shape: rect, position: [250, 150], size: [20, 20], fill: "#00FF00", hidden: true }
              - { id: empty, shape: group, position: [0, 0], anchor: [0, 0], size: [300, 200], stroke: { color: "#000000", width: 2 }, strokeEnd: 0 }
            """)
        let tree = try #require(trees.first)
        let wrapper = try #require(tree.layers.index(of: "wrapper")), empty = try #require(tree.layers.index(of: "empty"))
        let extent = try #require(SubtreeExtent(of: wrapper, in: tree))
        #expect(extent.minX >= 89 && extent.maxX <= 111 && extent.minY >= 39 && extent.maxY <= 61, "the dot's box only (\(extent))")
        #expect(try #require(SubtreeExtent(of: empty, in: tree)).isEmpty, "a stroke with none of its outline paints nothing")
    }
}
