import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// Issue #50: a dotLottie 2 archive's animations and themes, slots as override keys, a marker's
/// segment, and the playback speed (with `render.duration` following the play time).
@Suite struct LottiePlaybackTests {
    /// A `width` × 40 animation at 30 fps, frames 0–60: a square filled by the colour slot
    /// `brand` (its own value green) moving x 0 → 60 over frames 0–60, with markers `intro`
    /// (frames 10–30) and `end` (frame 50, no length).
    static func animation(width: Int = 100, slots: String = "") -> String {
        let fill = #"{"ty": "fl", "c": {"a": 0, "sid": "brand", "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}"#
        let square = #"[{"ty": "gr", "nm": "Square", "it": [{"ty": "rc", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, \#(fill), {"ty": "tr"}]}]"#
        let position = #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 60, "s": [60, 0]}]}"#
        let layer = #"{"ty": 4, "nm": "Box", "ind": 1, "ip": 0, "op": 600, "st": 0, "ks": {"p": \#(position), "a": {"a": 0, "k": [0, 0]}}, "shapes": \#(square)}"#
        let markers = #"[{"cm": "intro", "tm": 10, "dr": 20}, {"cm": "end", "tm": 50, "dr": 0}]"#
        return #"{"v": "5.12.0", "fr": 30, "ip": 0, "op": 60, "w": \#(width), "h": 40, "layers": [\#(layer)], "markers": \#(markers)\#(slots)}"#
    }

    /// A dotLottie 2 archive: animations `small` (width 50) and `large` (width 100, the
    /// initial one, themed `dark` at first), themes `dark` (brand blue) and `light` (brand
    /// white, for `large` only).
    static let archive: [UInt8] = {
        let manifest = #"{"version": "2", "generator": "test", "animations": [{"id": "small"}, {"id": "large", "initialTheme": "dark"}], "themes": [{"id": "dark"}, {"id": "light"}], "initial": {"animation": "large"}}"#
        let dark = #"{"rules": [{"type": "Color", "id": "brand", "value": [0, 0, 1, 1]}]}"#
        let light = #"{"rules": [{"type": "Color", "id": "brand", "value": [1, 1, 1], "animations": ["large"]}]}"#
        return LottieArchive.zip([("manifest.json", Array(manifest.utf8)), ("a/small.json", Array(animation(width: 50).utf8)),
                                  ("a/large.json", Array(animation(width: 100).utf8)), ("t/dark.json", Array(dark.utf8)), ("t/light.json", Array(light.utf8))])
    }()

    static func load(_ bytes: [UInt8], _ overrides: [SceneOverride] = []) throws -> LoadedScene {
        try SceneLoader.parse(bytes, file: "brand.lottie", overrides: overrides)
    }

    static func brand(_ loaded: LoadedScene) throws -> Color {
        let index = try #require(loaded.scene.layers.index(of: "boxSquareFill"))
        return loaded.scene.layers.initialValues[index].fill
    }

    static func problems(_ body: () throws -> LoadedScene) -> [String] {
        do {
            _ = try body()
            return []
        } catch let error as SceneLoadError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    static func seconds(_ scene: Scene) -> Double {
        if case .seconds(let seconds) = scene.duration { return seconds }
        return -1
    }

    @Test func theManifestsInitialAnimationIsReadUnderItsInitialThemeAndAnotherCanBeChosen() throws {
        let initial = try Self.load(Self.archive)
        #expect(initial.scene.canvas.size == Vector2(100, 40))
        #expect(try Self.brand(initial) == Color(red: 0, green: 0, blue: 1))
        #expect(initial.lottieContents?.summary == "animations: small, large (read); themes: dark (applied), light; slots: brand (colour); markers: intro (frames 10–30), end (frames 50–50)")

        let small = try Self.load(Self.archive, [SceneOverride(key: "animation", value: "small", origin: "--animation")])
        #expect(small.scene.canvas.size == Vector2(50, 40))
        // `small` names no initial theme: the slot keeps the file's own value.
        #expect(try Self.brand(small) == Color(red: 0, green: 1, blue: 0))

        #expect(Self.problems { try Self.load(Self.archive, [SceneOverride(key: "animation", value: "huge", origin: "--animation")]) }
                == [#"brand.lottie: --animation: the archive has no animation "huge" (it has "small", "large")"#])
    }

    @Test func aThemeSetsItsSlotsForTheAnimationsItNames() throws {
        let light = try Self.load(Self.archive, [SceneOverride(key: "theme", value: "light", origin: "--theme")])
        #expect(try Self.brand(light) == Color(red: 1, green: 1, blue: 1))
        // The light theme's rule is for `large` only.
        let small = try Self.load(Self.archive, [SceneOverride(key: "animation", value: "small"), SceneOverride(key: "theme", value: "light")])
        #expect(try Self.brand(small) == Color(red: 0, green: 1, blue: 0))
        #expect(Self.problems { try Self.load(Self.archive, [SceneOverride(key: "theme", value: "sepia", origin: "--theme")]) }
                == [#"brand.lottie: --theme: the archive has no theme "sepia" (it has "dark", "light")"#])
    }

    @Test func aSlotIsAnOverrideKeyAndTheFilesOwnSlotsApply() throws {
        let plain = Array(Self.animation().utf8)
        #expect(try Self.brand(Self.load(plain)) == Color(red: 0, green: 1, blue: 0))
        let red = try Self.load(plain, [SceneOverride(key: "slots.brand", value: "#FF0000")])
        #expect(try Self.brand(red) == Color(red: 1, green: 0, blue: 0))
        // A slot set over the theme: the override wins.
        let themed = try Self.load(Self.archive, [SceneOverride(key: "slots.brand", value: "#FFFF00")])
        #expect(try Self.brand(themed) == Color(red: 1, green: 1, blue: 0))
        // The file's `slots` give a property naming it its value.
        let slotted = Array(Self.animation(slots: #", "slots": {"brand": {"p": {"a": 0, "k": [1, 0, 1, 1]}}}"#).utf8)
        #expect(try Self.brand(Self.load(slotted)) == Color(red: 1, green: 0, blue: 1))

        #expect(Self.problems { try Self.load(plain, [SceneOverride(key: "slots.accent", value: "#FF0000")]) }
                == [#"brand.lottie: --set slots.accent: the animation has no slot "accent" (it has brand)"#])
        #expect(Self.problems { try Self.load(plain, [SceneOverride(key: "slots.brand", value: "bright")]) }
                == ["brand.lottie: --set slots.brand: expected a colour (#RRGGBB), a number or a list of numbers for this colour slot (found bright)"])
        // A scene file has no slots.
        #expect(Self.problems { try SceneLoader.parse(Array("canvas: { size: [10, 10] }\nlayers: []\n".utf8), file: "a.yaml",
                                                      overrides: [SceneOverride(key: "slots.brand", value: "#FF0000")]) }
                == ["a.yaml: --set slots.brand: only a Lottie animation has a playback slot to set; this is a scene file"])
    }

    @Test func aSegmentPlaysAMarkersRange() throws {
        let plain = Array(Self.animation().utf8)
        let intro = try Self.load(plain, [SceneOverride(key: "segment", value: "intro", origin: "--segment")])
        // Frames 10 … 29: 20 frames, the first showing Lottie frame 10 (x = 10).
        #expect(intro.scene.frameRate.frameCount(forDuration: Self.seconds(intro.scene)) == 20)
        let evaluation = SceneEvaluation(scene: intro.scene, horizon: 10)
        let box = try #require(intro.scene.layers.index(of: "box"))
        #expect(abs(evaluation.presentation(at: 0).values[box].position.x - 10) < 1e-9)
        #expect(abs(evaluation.presentation(at: 5.0 / 30).values[box].position.x - 15) < 1e-9)
        // A marker of no length is its one frame.
        let end = try Self.load(plain, [SceneOverride(key: "segment", value: "end")])
        #expect(end.scene.frameRate.frameCount(forDuration: Self.seconds(end.scene)) == 1)
        #expect(Self.problems { try Self.load(plain, [SceneOverride(key: "segment", value: "outro", origin: "--segment")]) }
                == [#"brand.lottie: --segment: the animation has no marker "outro" (it has "intro", "end")"#])
    }

    @Test func speedAndThePlayTimeStretchTheRenderWithTheAnimation() throws {
        let plain = Array(Self.animation().utf8)
        let normal = try Self.load(plain)
        #expect(normal.scene.frameRate.frameCount(forDuration: Self.seconds(normal.scene)) == 60)
        let fast = try Self.load(plain, [SceneOverride(key: "speed", value: "2")])
        #expect(fast.scene.frameRate.frameCount(forDuration: Self.seconds(fast.scene)) == 30)
        #expect(fast.length == 1)
        let box = try #require(fast.scene.layers.index(of: "box"))
        #expect(abs(SceneEvaluation(scene: fast.scene, horizon: 10).presentation(at: 0.5).values[box].position.x - 30) < 1e-9)

        // docs/lottie.md's sweep: the play time set, the render lasting it.
        for (seconds, frames) in [(1.0, 30), (4.0, 119)] {
            let played = try Self.load(plain, [SceneOverride(key: "animators.timeline.duration", value: "\(seconds)", origin: "--vary")])
            #expect(played.scene.frameRate.frameCount(forDuration: Self.seconds(played.scene)) == frames, "\(seconds) s")
            #expect(abs((played.length ?? 0) - seconds) < 1e-9)
        }
        #expect(Self.problems { try Self.load(plain, [SceneOverride(key: "speed", value: "0")]) }
                == ["brand.lottie: --set speed: must be a playback rate within 0.01…100 (found 0)"])
    }

    @Test func aViewportShowsItsRectangleFittedToTheCanvasAndCentred() throws {
        // The 100 × 40 canvas shows the composition's 20 × 20 square at (10, 10), twice as large
        // (the height fits), its centre (20, 20) at the canvas's centre (50, 20).
        let plain = Array(Self.animation().utf8)
        let shown = try Self.load(plain, [SceneOverride(key: "viewport", value: "10,10,20,20")])
        let tree = shown.scene.layers
        let viewport = try #require(tree.index(of: "viewport")), box = try #require(tree.index(of: "box"))
        #expect(tree.nodes[box].parent == viewport && tree.nodes[viewport].parent == nil)
        let values = SceneEvaluation(scene: shown.scene, horizon: 10).presentation(at: 0).values[viewport]
        #expect(values.scale == Vector2(2, 2) && values.position == Vector2(10, -20), "\(values.scale) \(values.position)")
        #expect(try Self.load(plain).scene.layers.index(of: "viewport") == nil)
        let listed = try Self.load(plain, [SceneOverride(key: "viewport", value: "[10, 10, 20, 20]")])
        #expect(listed.scene.layers.initialValues[try #require(listed.scene.layers.index(of: "viewport"))].scale == Vector2(2, 2))
        #expect(Self.problems { try Self.load(plain, [SceneOverride(key: "viewport", value: "0,0,0,10")]) }
                == ["brand.lottie: --set viewport: must be X,Y,WIDTH,HEIGHT in the composition's points, the width and height at least 0.001 (found 0,0,0,10)"])
    }
}

/// Issue #50's speed: values taken at every frame are taken only while the layer can show.
@Suite struct LottieSamplingWindowTests {
    @Test func aSampledPropertyIsTakenOnlyWhileItsLayerCanShow() throws {
        // A scale whose x and y ease differently on an ellipse's size: its outline is taken at
        // every frame, but the layer shows only from frame 30 to 40 of 600.
        let size = #"{"a": 1, "k": [{"t": 0, "s": [10, 10], "o": {"x": [0.5, 0], "y": [0, 0]}, "i": {"x": [0.5, 1], "y": [1, 1]}}, {"t": 600, "s": [90, 40]}]}"#
        let shapes = #"[{"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": \#(size)}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}]"#
        let layer = #"{"ty": 4, "nm": "Dot", "ind": 1, "ip": 30, "op": 40, "st": 0, "ks": {}, "shapes": \#(shapes)}"#
        let text = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 600, "w": 100, "h": 100, "layers": [\#(layer)]}"#
        let loaded = try SceneLoader.parse(Array(text.utf8), file: "dot.json")
        let tracks = loaded.scene.animators.flatMap { $0.blocks.flatMap(\.tracks) }.filter { $0.target.property == .path }
        let track = try #require(tracks.first)
        // Frames 29 … 41 at most, not 600.
        #expect(track.track.values.count <= 14, "\(track.track.values.count) values")
        // While it shows, the outline is the one at that frame: at frame 35 the ellipse is as wide as its size's x there.
        let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 30)
        let fill = try #require(loaded.scene.layers.nodes.firstIndex { $0.id.hasSuffix("Fill") })
        let path = evaluation.presentation(at: 35.0 / 30).values[fill].path
        var xs: [Double] = []
        for segment in path.segments {
            switch segment {
            case .move(let point), .line(let point), .cubic(_, _, let point): xs.append(point.x)
            case .close: break
            }
        }
        let width = (xs.max() ?? 0) - (xs.min() ?? 0)
        let expected = try CubicTimingParameters(controlPoint1: Vector2(0.5, 0), controlPoint2: Vector2(0.5, 1)).progress(atFraction: 35.0 / 600) * 80 + 10
        #expect(abs(width - expected) < 1e-6, "width \(width), expected \(expected)")
    }
}
