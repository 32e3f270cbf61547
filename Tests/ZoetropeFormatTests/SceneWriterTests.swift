import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat

/// The scenes of the repository's scenes/ folder, by path.
private let scenesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenes")

private func sceneFiles() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: scenesFolder.path)) ?? [])
        .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
}

/// `text` read as a scene file named like `name`.
private func read(_ text: String, as name: String) throws -> Scene {
    try SceneLoader.parse(Array(text.utf8), file: name).scene
}

@Suite struct SceneWriterTests {
    /// Every scene file reads back from its JSON and its YAML as an equal scene, which writes
    /// the same bytes again and shows the same presentation at every tenth of a second.
    @Test(arguments: sceneFiles())
    func aSceneWrittenReadsBackEqualAndWritesTheSameBytes(file: String) throws {
        let scene = try SceneLoader.load(scenesFolder.appendingPathComponent(file).path).scene
        let (json, yaml) = (try SceneWriter.json(scene), try SceneWriter.yaml(scene))
        for text in [json, yaml] {
            let back = try read(text, as: file)
            #expect(back == scene, "\(file) written:\n\(text.prefix(2000))")
            #expect(try SceneWriter.json(back) == json, "\(file): writing its JSON again gives the same bytes")
            #expect(try SceneWriter.yaml(back) == yaml, "\(file): writing its YAML again gives the same bytes")
            let horizon = max(scene.script.map(\.time).max() ?? 0, 3) + 2
            let (original, written) = (SceneEvaluation(scene: scene, horizon: horizon), SceneEvaluation(scene: back, horizon: horizon))
            for time in stride(from: 0.0, through: horizon, by: 0.1) {
                #expect(original.presentation(at: time).values == written.presentation(at: time).values, "\(file) at \(time) s")
            }
        }
    }

    @Test func everySceneFileIsRoundTripped() {
        #expect(sceneFiles().count >= 17, "the scenes/ folder at \(scenesFolder.path)")
        #expect(sceneFiles().contains("onboarding.yaml") && sceneFiles().contains("frog-path.yaml"), "a timeline and a motion path among them")
    }

    @Test func aTimelineIsWrittenWithEachChildAtItsStartInSeconds() throws {
        let text = """
            canvas: { size: [100, 100] }
            layers: [{ id: dot, shape: ellipse, size: [10, 10] }]
            animators:
              - { id: a, duration: 1, animations: [{ set: { dot.position.x: 90 } }] }
              - { id: b, duration: 0.5, animations: [{ set: { dot.opacity: 0 } }] }
              - { id: c, duration: 0.25, animations: [{ set: { dot.scale: 2 } }] }
            groups: [{ id: both, members: [b, { id: c, delay: 0.5 }] }]
            timelines:
              - { id: inner, children: [{ animator: c }] }
              - id: outer
                timeScale: 2
                timing: easeIn
                pausesOnCompletion: true
                children:
                  - { animator: a }
                  - { label: settle, position: "-=0.25" }
                  - { group: both, position: "<0.5" }
                  - { stagger: { each: 0.125, from: end }, members: [b, c], position: settle }
                  - { timeline: inner, position: "+=1" }
                completions: [{ when: end, set: { dot.opacity: 1 } }]
            script: [{ at: 0, start: outer }]
            """
        let scene = try read(text, as: "timeline.yaml")
        let yaml = try SceneWriter.yaml(scene)
        #expect(yaml.contains("""
            timelines:
              - id: inner
                children:
                  - animator: c
                    position: 0
            """), "\(yaml)")
        #expect(yaml.contains("""
                timeScale: 2
                children:
                  - animator: a
                    position: 0
                  - group: both
                    position: 0.5
                  - animator: b
                    position: 0.875
                  - animator: c
                    position: 0.75
                  - timeline: inner
                    position: 2.375
                timing: easeIn
            """), "\(yaml)")
        #expect(try read(yaml, as: "timeline.yaml") == scene)
        #expect(try read(SceneWriter.json(scene), as: "timeline.json") == scene)
    }

    @Test func aGroupMadeAfterATimelineIsRefusedByName() throws {
        var values = LayerValues()
        values.size = Vector2(10, 10)
        let move = AnimatorDefinition(id: "move", duration: 1, timing: .cubic(.linear), blocks: [
            AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .opacity), .number(0))])])
        let scene = Scene(name: "late", canvas: Canvas(size: Vector2(10, 10)), layers: [Layer(id: "dot", shape: .rect, values: values)], animators: [move],
                              groups: [GroupDefinition(id: "line", kind: .timeline, members: [GroupDefinition.Member(target: .animator(0))]),
                                       GroupDefinition(id: "late", members: [GroupDefinition.Member(target: .animator(0))], timeScale: 2)])
        #expect {
            try SceneWriter.json(scene)
        } throws: { error in
            let problems = (error as? SceneWriteError)?.problems ?? []
            return problems == ["groups[late]: a group made after timeline \"line\" (a scene file lists its groups first)",
                                "groups[late]: a group with a time scale (2.0); a timeline has one"]
        }
    }

    @Test func keyframeTracksAddedByTheScriptAreWrittenAndReadBackEqual() throws {
        var values = LayerValues()
        values.size = Vector2(10, 10)
        let position = TrackAnimation(target: PropertyTarget(layer: 0, property: .position),
                                      track: try KeyframeTrack(values: [.vector(Vector2(0, 0)), .vector(Vector2(40, 80))]))
        let opacity = TrackAnimation(target: PropertyTarget(layer: 0, property: .opacity),
                                     track: try KeyframeTrack(values: [.number(1), .number(0.25)], keyTimes: [0, 1], calculationMode: .discrete))
        let scene = try Scene(name: "added", canvas: Canvas(size: Vector2(100, 100)), layers: [Layer(id: "dot", shape: .rect, values: values)],
                              animators: [AnimatorDefinition(id: "move", duration: 1, timing: .cubic(.linear), blocks: [AnimationBlock(tracks: [position, opacity])])],
                              script: [ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "script[0]"),
                                       ScriptEvent(time: 0.5, action: .addAnimations(target: .animator(0), block: AnimationBlock(delayFactor: 0.5, tracks: [opacity, position])),
                                                   path: "script[1]")])
        let yaml = try SceneWriter.yaml(scene)
        #expect(yaml.contains("  - at: 0.5\n    addAnimations: move\n    track:\n      - key: dot.opacity"), "\(yaml)")
        #expect(try read(yaml, as: "added.yaml") == scene)
        #expect(try read(SceneWriter.json(scene), as: "added.json") == scene)
    }

    @Test func aBlockThatSetsKeyframesAndTracksIsWrittenAsBlocksThatShowTheSame() throws {
        var values = LayerValues()
        values.size = Vector2(10, 10)
        let opacity = PropertyTarget(layer: 0, property: .opacity)
        let block = AnimationBlock(delayFactor: 0.25, assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .size), .vector(Vector2(30, 30)))],
                                   keyframes: KeyframeBlock(frames: [Keyframe(relativeStartTime: 0, relativeDuration: 0.5, assignments: [PropertyAssignment(opacity, .number(0.5))])]),
                                   tracks: [TrackAnimation(target: PropertyTarget(layer: 0, property: .rotation), track: try KeyframeTrack(values: [.number(0), .number(1)]))])
        let scene = try Scene(name: "mixed", canvas: Canvas(size: Vector2(100, 100)), layers: [Layer(id: "dot", shape: .rect, values: values)],
                              animators: [AnimatorDefinition(id: "move", duration: 1, timing: .cubic(.linear), blocks: [block])],
                              script: [ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "script[0]"),
                                       ScriptEvent(time: 1.5, action: .addAnimations(target: .animator(0), block: block), path: "script[1]"),
                                       ScriptEvent(time: 1.5, action: .start(target: .animator(0), delay: 0), path: "script[2]")])
        let back = try read(SceneWriter.json(scene), as: "mixed.json")
        #expect(back.animators[0].blocks.map { $0.delayFactor } == [0.25, 0.25, 0.25])
        #expect(back.script.count == 5, "the added block as three events at one time")
        let (original, written) = (SceneEvaluation(scene: scene, horizon: 3), SceneEvaluation(scene: back, horizon: 3))
        for time in stride(from: 0.0, through: 3, by: 0.05) {
            #expect(original.presentation(at: time).values == written.presentation(at: time).values, "at \(time) s")
        }
        #expect(try SceneWriter.json(back) == SceneWriter.json(scene), "written again, the same bytes")
    }

    @Test func keyframeTracksAreWrittenWithTheirTimesCurvesAndModes() throws {
        var values = LayerValues()
        values.size = Vector2(10, 10)
        let scene = try Scene(name: "tracks", canvas: Canvas(size: Vector2(100, 100)), layers: [Layer(id: "dot", shape: .ellipse, values: values)],
                              animators: [AnimatorDefinition(id: "move", duration: 2, timing: .cubic(.linear), blocks: [
                                  AnimationBlock(tracks: [TrackAnimation(target: PropertyTarget(layer: 0, property: .position, component: 0),
                                                                         track: KeyframeTrack(values: [.number(0), .number(80), .number(40)],
                                                                                              keyTimes: [0, 0.25, 1], timingFunctions: [.easeIn, CubicTimingParameters(controlPoint1: Vector2(0.1, 0.9), controlPoint2: Vector2(0.2, 1))]))]),
                                  AnimationBlock(delayFactor: 0.5, tracks: [TrackAnimation(target: PropertyTarget(layer: 0, property: .hidden),
                                                                                           track: KeyframeTrack(values: [.flag(false), .flag(true)], keyTimes: [0, 0.5, 1], calculationMode: .discrete))]),
                                  AnimationBlock(tracks: [TrackAnimation(target: PropertyTarget(layer: 0, property: .scale),
                                                                         track: KeyframeTrack(values: [.vector(Vector2(1, 1)), .vector(Vector2(2, 3)), .vector(Vector2(1, 1))],
                                                                                              calculationMode: .cubic, tension: [0, 0.5, 0]))]),
                              ])],
                              script: [ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "script[0]")])
        let yaml = try SceneWriter.yaml(scene)
        #expect(yaml.contains("- track:\n          key: dot.position.x\n          values: [0, 80, 40]\n          keyTimes: [0, 0.25, 1]"), "\(yaml)")
        #expect(yaml.contains("timingFunctions:\n            - easeIn\n            - cubic: [0.1, 0.9, 0.2, 1]"), "\(yaml)")
        #expect(yaml.contains("calculationMode: discrete") && yaml.contains("delayFactor: 0.5") && yaml.contains("tension: [0, 0.5, 0]"), "\(yaml)")
        #expect(try read(yaml, as: "tracks.yaml") == scene)
        #expect(try read(SceneWriter.json(scene), as: "tracks.json") == scene)
    }

    @Test func aReplicatorIsReadAndWrittenAsOneBlock() throws {
        let text = """
            canvas: { size: [100, 100] }
            layers:
              - id: row
                shape: group
                size: [100, 20]
                replicator: { count: 4, translation: [20, 0], rotation: 10deg, scale: 0.9, opacity: 0.8, alphaOffset: -0.2 }
                children:
                  - { id: dot, shape: ellipse, size: [10, 10], fill: "#FF0000" }
            animators:
              - { id: grow, duration: 1, animations: [{ set: { row.replicator.count: 8, row.replicator.translation.x: 10 } }] }
            """
        let scene = try read(text, as: "row.yaml")
        let values = scene.layers.initialValues[0]
        #expect(values.instances == 4 && values.replicatorTranslation == Vector2(20, 0) && values.replicatorScale == Vector2(0.9, 0.9))
        #expect(abs(values.replicatorRotation - .pi / 18) < 1e-12 && values.replicatorOpacity == 0.8 && values.replicatorAlphaOffset == -0.2)
        let yaml = try SceneWriter.yaml(scene)
        #expect(yaml.contains("replicator:\n      count: 4\n      translation: [20, 0]"), "\(yaml)")
        #expect(try read(yaml, as: "row.yaml") == scene)
        #expect(throws: SceneLoadError.self) { try read(text.replacingOccurrences(of: "count: 4", with: "count: 1e9"), as: "row.yaml") }
    }

    @Test func aReplicatorsInstanceColourAndOffsetsAreReadAnimatedAndWrittenBack() throws {
        let text = """
            canvas: { size: [100, 100] }
            layers:
              - id: row
                shape: group
                size: [100, 20]
                replicator: { count: 4, translation: [20, 0], color: "#FFFFFF", redOffset: -0.1, greenOffset: -0.1, blueOffset: 0.05, alphaOffset: -0.2 }
                children:
                  - { id: dot, shape: ellipse, size: [10, 10], fill: "#FFFFFF" }
            animators:
              - { id: tint, duration: 1, timing: linear, animations: [{ set: { row.replicator.color: "#00FF00", row.replicator.redOffset: 0.5 } }] }
            script:
              - { at: 0, start: tint }
            """
        let scene = try read(text, as: "row.yaml")
        let values = scene.layers.initialValues[0]
        #expect(values.replicatorColor == .white && values.replicatorRedOffset == -0.1 && values.replicatorGreenOffset == -0.1)
        #expect(values.replicatorBlueOffset == 0.05 && values.replicatorAlphaOffset == -0.2)
        let halfway = SceneEvaluation(scene: scene, horizon: 2).presentation(at: 0.5).values[0]
        #expect(halfway.replicatorColor.green == 1 && halfway.replicatorColor.red > 0 && halfway.replicatorColor.red < 1)
        #expect(halfway.replicatorRedOffset > -0.1 && halfway.replicatorRedOffset < 0.5)
        let yaml = try SceneWriter.yaml(scene)
        #expect(yaml.contains("redOffset: -0.1") && yaml.contains("blueOffset: 0.05") && !yaml.contains("color: \"#FFFFFFFF\""), "\(yaml)")
        #expect(try read(yaml, as: "row.yaml") == scene)
        #expect(try read(SceneWriter.json(scene), as: "row.json") == scene)
    }

    @Test func aConicGradientIsReadAndWrittenBack() throws {
        let text = """
            canvas: { size: [100, 100] }
            layers:
              - id: wheel
                shape: ellipse
                size: [80, 80]
                position: [50, 50]
                fill: { conic: { center: [0.5, 0.4], to: [0.5, 0], stops: [[0, "#FF0000"], [0.5, "#00FF00"], [1, "#FF0000"]] } }
                stroke: { width: 4, color: { conic: { stops: [[0, "#000000"], [1, "#FFFFFF"]] } } }
            """
        let scene = try read(text, as: "wheel.yaml")
        let values = scene.layers.initialValues[0]
        #expect(values.gradient?.kind == .conic(center: Vector2(0.5, 0.4), to: Vector2(0.5, 0)))
        #expect(values.strokeGradient?.kind == .conic(center: Vector2(0.5, 0.5), to: Vector2(1, 0.5)), "by default offset 0 points right")
        #expect(values.gradient?.description.hasPrefix("conic-gradient(#FF0000FF 0") == true)
        let yaml = try SceneWriter.yaml(scene)
        #expect(yaml.contains("conic:"), "\(yaml)")
        #expect(try read(yaml, as: "wheel.yaml") == scene)
        #expect(try read(SceneWriter.json(scene), as: "wheel.json") == scene)
    }

    @Test func depthKeysAreReadAnimatedAndWrittenBack() throws {
        let text = """
            canvas: { size: [200, 200] }
            layers:
              - id: stage
                shape: group
                size: [200, 200]
                sublayerPerspective: -0.002
                children:
                  - { id: card, size: [80, 100], rotationX: 10deg, rotationY: 0.5, translationZ: 30, anchorZ: -4, perspective: -0.001, doubleSided: false }
            animators:
              - { id: turn, duration: 1, animations: [{ set: { card.rotationY: 1.2, stage.sublayerPerspective: -0.004 } }] }
            script:
              - { at: 0.5, restyle: card, style: { doubleSided: true } }
            """
        let scene = try read(text, as: "depth.yaml")
        let card = scene.layers.initialValues[1]
        #expect(abs(card.rotationX - .pi / 18) < 1e-12 && card.rotationY == 0.5 && card.translationZ == 30 && card.anchorZ == -4)
        #expect(card.perspective == -0.001 && scene.layers.initialValues[0].sublayerPerspective == -0.002)
        #expect(!scene.layers.nodes[1].style.isDoubleSided)
        let yaml = try SceneWriter.yaml(scene)
        #expect(yaml.contains("doubleSided: false") && yaml.contains("sublayerPerspective: -0.002"), "\(yaml)")
        #expect(try read(yaml, as: "depth.yaml") == scene)
        #expect(try read(try SceneWriter.json(scene), as: "depth.json") == scene)
        // A perspective is an m34: an eye nearer than a point is refused.
        #expect(throws: SceneLoadError.self) { try read(text.replacingOccurrences(of: "-0.002", with: "-3"), as: "depth.yaml") }
    }

    @Test func yamlQuotesWhatWouldReadAsSomethingElse() throws {
        var values = LayerValues()
        values.size = Vector2(10, 10)
        values.text = "yes"
        let layers = [Layer(id: "on", shape: .text, values: values), Layer(id: "a1", shape: .text, values: { var v = values; v.text = "# not: a comment, [1]"; return v }())]
        let scene = Scene(name: "words", canvas: Canvas(size: Vector2(100, 100)), layers: layers)
        let yaml = try SceneWriter.yaml(scene)
        #expect(yaml.contains("id: \"on\"") && yaml.contains("text: \"yes\"") && yaml.contains("id: a1"), "\(yaml)")
        #expect(yaml.contains("text: \"# not: a comment, [1]\""), "\(yaml)")
        #expect(try read(yaml, as: "words.yaml") == scene)
    }

    @Test func aTrimmedPathsWindowOffsetAndModeComeBack() throws {
        var values = LayerValues()
        values.size = Vector2(100, 100)
        values.path = try SVGPath(parsing: "M 0 0 L 100 0 M 0 50 L 100 50")
        values.strokeWidth = 2
        values.strokeEnd = 0.4
        values.strokeOffset = -1.25
        var style = LayerStyle()
        style.strokeTrim = .eachSubpath
        let scene = Scene(name: "trim", canvas: Canvas(size: Vector2(100, 100)), layers: [Layer(id: "lines", shape: .path, values: values, style: style)])
        let text = try SceneWriter.json(scene)
        #expect(text.contains("\"strokeTrim\": \"eachSubpath\"") && text.contains("\"strokeOffset\": -1.25"), "\(text)")
        #expect(try read(text, as: "trim.json") == scene)
    }

    @Test func aStrokesMiterLimitAndDashPhaseComeBack() throws {
        var values = LayerValues()
        values.size = Vector2(100, 100)
        values.path = try SVGPath(parsing: "M 0 0 L 100 50 L 0 100")
        values.strokeWidth = 4
        values.strokeDashPhase = -2.5
        var style = LayerStyle()
        style.strokeDash = [6, 3]
        style.strokeMiterLimit = 3
        let scene = Scene(name: "corner", canvas: Canvas(size: Vector2(100, 100)), layers: [Layer(id: "zig", shape: .path, values: values, style: style)])
        let text = try SceneWriter.json(scene)
        #expect(text.contains("\"miterLimit\": 3") && text.contains("\"dashPhase\": -2.5"), "\(text)")
        #expect(try read(text, as: "corner.json") == scene)
        #expect(try read(try SceneWriter.yaml(scene), as: "corner.yaml") == scene)
    }

    @Test func aMaskIsReadAsItsLayersMaskChildAndWrittenBack() throws {
        let text = """
            canvas: { size: [100, 100] }
            layers:
              - id: card
                size: [100, 100]
                position: [50, 50]
                fill: "#FF0000"
                children: [{ id: label, shape: text, text: Hi }]
                mask: { id: window, shape: ellipse, size: [60, 60], position: [50, 50], fill: white }
                maskMode: luminance
            """
        let scene = try read(text, as: "masked.yaml")
        let tree = scene.layers
        let card = try #require(tree.index(of: "card")), window = try #require(tree.index(of: "window"))
        #expect(tree.nodes[window].parent == card && tree.nodes[window].style.masking == .luminance)
        #expect(tree.nodes[try #require(tree.index(of: "label"))].style.masking == nil)
        let written = try SceneWriter.json(scene)
        #expect(written.contains("\"maskMode\": \"luminance\"") && written.contains("\"mask\": {"), "\(written)")
        #expect(try read(written, as: "masked.json") == scene)
        #expect(throws: SceneLoadError.self) { try read("canvas: { size: [10, 10] }\nlayers: [{ id: a, maskMode: alpha }]", as: "bad.yaml") }
    }

    @Test func aStrokesGradientIsReadAndWrittenBack() throws {
        let text = """
            canvas: { size: [100, 100] }
            layers:
              - id: ring
                shape: ellipse
                size: [80, 80]
                position: [50, 50]
                stroke: { width: 4, color: { radial: { center: [0.5, 0.5], radius: 0.5, stops: [[0, "#FF0000"], [1, "#0000FF"]] } } }
            """
        let scene = try read(text, as: "ring.yaml")
        let values = scene.layers.initialValues[0]
        #expect(values.strokeGradient?.kind == .radial(center: Vector2(0.5, 0.5), radius: 0.5))
        #expect(values[.strokeColor] == .gradient(try #require(values.strokeGradient)))
        #expect(try read(SceneWriter.json(scene), as: "ring.json") == scene)
    }

    @Test func numbersStringsAndColoursComeBackToTheBit() throws {
        var values = LayerValues()
        values.position = Vector2(0.1, 1.0 / 3)
        values.size = Vector2(1234567.125, 1e-7)
        values.rotation = -Double.leastNonzeroMagnitude
        values.opacity = 0.30000000000000004
        values.fill = Color(red: 0.5, green: 1.0 / 3, blue: 0.2, alpha: 0.75)
        values.color = Color(hex: "#1E6FD9")!
        values.text = "a \"quoted\"\nline\\ with tab\t, é, 🐸 and \u{1} \u{FEFF}"
        var style = LayerStyle()
        style.alignment = .left
        let scene = Scene(name: "odd", canvas: Canvas(size: Vector2(320, 240)), frameRate: FrameRate(29.97),
                          duration: .seconds(2.5), layers: [Layer(id: "odd", shape: .text, values: values, style: style)])
        let text = try SceneWriter.json(scene)
        let back = try read(text, as: "odd.json")
        #expect(back == scene)
        #expect(back.layers.initialValues[0].rotation == -Double.leastNonzeroMagnitude, "the smallest negative number too")
        #expect(text.contains("\"#1E6FD9FF\""), "a colour of whole 8-bit steps as hex")
        #expect(text.contains("[0.5, 0.3333333333333333, 0.2, 0.75]"), "any other exactly")
    }

    @Test func anImageChangedByTheScriptIsRefused() throws {
        var values = LayerValues()
        values.size = Vector2(10, 10)
        let image = PropertyAssignment(PropertyTarget(layer: 0, property: .image), .text("a.png"))
        let scene = Scene(name: "s", canvas: Canvas(size: Vector2(10, 10)), layers: [Layer(id: "pic", shape: .rect, values: values)],
                          script: [ScriptEvent(time: 1, action: .set([image]), path: "script[0]")])
        #expect(throws: SceneWriteError.self) { try SceneWriter.json(scene) }
    }
}
