import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeFormat

private let validScene = """
    version: 1
    canvas: { size: [400, 300], background: "#FFFFFF" }
    render: { fps: 30, duration: 2 }
    layers:
      - id: frog
        shape: ellipse
        position: [100, 150]
        size: [50, 50]
        fill: "#5DAA3A"
        children:
          - { id: eye, shape: ellipse, position: [25, 10], size: [10, 10], fill: "#000000" }
    animators:
      - id: move
        duration: 1.5
        timing: { cubic: [0.2, 0.8, 0.4, 0.9] }
        animations:
          - set: { frog.position: [300, 150] }
          - { delayFactor: 0.5, set: { frog.rotation: 90deg, eye.fill: "#FF0000" } }
        completions:
          - { when: end, set: { frog.opacity: 0.5 } }
    script:
      - { at: 0.25, start: move }
    """

private func load(_ text: String, overrides: [SceneOverride] = []) throws(SceneLoadError) -> LoadedScene {
    try SceneLoader.parse(Array(text.utf8), file: "scenes/test.yaml", overrides: overrides)
}

/// The diagnostics of an invalid scene, as printed.
private func problems(_ text: String, overrides: [SceneOverride] = []) -> [String] {
    do {
        _ = try load(text, overrides: overrides)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

@Suite struct SceneLoaderTests {
    @Test func validSceneBuildsLayersAnimatorsAndScript() throws {
        let loaded = try load(validScene)
        let scene = loaded.scene
        #expect(scene.name == "test")
        #expect(scene.canvas.size == Vector2(400, 300))
        #expect(scene.frameRate.framesPerSecond == 30)
        #expect(scene.layers.nodes.map(\.id) == ["frog", "eye"])
        #expect(scene.layers.nodes[1].parent == 0)
        #expect(scene.animators[0].blocks[1].delayFactor == 0.5)
        #expect(scene.animators[0].blocks[1].assignments[0].value == .number(.pi / 2))
        #expect(scene.script == [ScriptEvent(time: 0.25, action: .start(target: .animator(0), delay: 0), path: "script[0]")])
        guard case .cubic(let curve) = scene.animators[0].timing else { Issue.record("expected cubic timing"); return }
        #expect(curve.controlPoint1 == Vector2(0.2, 0.8))
    }

    @Test func jsonIsReadLikeYAML() throws {
        let json = """
            { "version": 1, "canvas": { "size": [400, 300] }, "render": { "fps": 30, "duration": 2 },
              "layers": [ { "id": "frog", "shape": "ellipse", "position": [100, 150], "size": [50, 50] } ],
              "animators": [ { "id": "move", "duration": 1.5, "animations": [ { "set": { "frog.position.x": 300 } } ] } ],
              "script": [ { "at": 0.25, "start": "move" } ] }
            """
        let scene = try load(json).scene
        #expect(scene.animators[0].blocks[0].assignments[0].target == PropertyTarget(layer: 0, property: .position, component: 0))
    }

    @Test func everyProblemIsReportedAtOnceWithItsPath() {
        let found = problems("""
            version: 1
            canvas: { size: [0, 300], backgrund: "#FFF" }
            render: { fps: 30, duration: -1 }
            layers:
              - { id: frog, shape: blob, position: [1, .nan], size: [-4, 10], opacity: "half" }
              - { id: frog, shape: rect }
            animators:
              - id: move
                duration: 0
                timing: { cubic: [1.4, 0, 0.58, 1] }
                animations:
                  - set: { frogg.position: [1, 2], frog.postion: [3, 4] }
            script:
              - { at: 0, start: nobody }
            """)
        let expected = [
            "scenes/test.yaml: canvas.backgrund: unknown key \"backgrund\" (did you mean background? expected one of: size, background)",
            "scenes/test.yaml: canvas.size: width and height must be within 1...16384 (found [0.0, 300.0])",
            "scenes/test.yaml: render.duration: must be auto or a number of seconds within 0...86400 (found -1)",
            "scenes/test.yaml: layers[0].shape: expected one of \"rect\", \"ellipse\", \"image\", \"text\", \"path\", \"group\" (found \"blob\")",
            "scenes/test.yaml: layers[0].position[1]: expected a finite number (found .nan)",
            "scenes/test.yaml: layers[0].size: width and height must be within 0...10000000 (found [-4.0, 10.0])",
            "scenes/test.yaml: layers[0].opacity: expected a number (found the string \"half\")",
            "scenes/test.yaml: layers: duplicate layer id \"frog\": every layer id must be unique",
            "scenes/test.yaml: animators[move].duration: must be within 0 < duration <= 86400 (found 0)",
            "scenes/test.yaml: animators[move].timing.cubic[0]: x1 must be within 0...1 (found 1.4)",
            "scenes/test.yaml: animators[move].animations[0].set.frogg.position: unknown layer \"frogg\" (did you mean frog? layers: frog, frog)",
            "scenes/test.yaml: animators[move].animations[0].set.frog.postion: unknown property \"postion\" (did you mean position? expected one of: position, size, anchor, rotation, scale, translation, skew, skewAxis, opacity, fill, cornerRadius, stroke.color, stroke.width, stroke.dashPhase, strokeStart, strokeEnd, strokeOffset, color, font.size, hidden, zIndex, text, image, shadow.color, shadow.offset, shadow.radius, shadow.opacity, blur, backdropBlur, path, replicator.count, replicator.translation, replicator.rotation, replicator.scale, replicator.opacity, replicator.alphaOffset, replicator.color, replicator.redOffset, replicator.greenOffset, replicator.blueOffset, replicator.delay, emitter.position, emitter.size, emitter.birthRate, emitter.lifetime, emitter.velocity, emitter.scale, emitter.spin, rotationX, rotationY, translationZ, anchorZ, perspective, sublayerPerspective, contentsRect.origin, contentsRect.size)",
            "scenes/test.yaml: script[0].start: unknown animator or group \"nobody\" (animators: move)",
        ]
        #expect(found == expected)
    }

    @Test func malformedYAMLNamesLineAndColumn() {
        let found = problems("canvas: { size: [1, 2]\nlayers: [\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("scenes/test.yaml: line ") == true)
        #expect(found.first?.contains("malformed YAML") == true)
    }

    /// YAML takes `#FF0000` for a comment: in a flow mapping libyaml then fails a line later
    /// ("did not find expected node content"), in a block the value is null. Either way the
    /// message is on the colour's own line and says to quote it.
    @Test func aColourLeftUnquotedIsNamedOnItsOwnLineWithTheFix() {
        let flow = problems("canvas: { size: [10, 10] }\nlayers:\n  - { id: a, size: [4, 4], fill: #FF0000 }\n  - { id: b, size: [4, 4] }\n")
        #expect(flow == ["scenes/test.yaml: line 3, column 34: fill: a colour starting with # must be quoted ('#FF0000'); YAML reads # as a comment"])
        let block = problems("canvas:\n  size: [10, 10]\n  background: #FFF # white\nlayers:\n  - id: a\n    stroke: { color: \"#000\", width: 1 }\n")
        #expect(block == ["scenes/test.yaml: line 3, column 15: background: a colour starting with # must be quoted ('#FFF'); YAML reads # as a comment"])
        let stops = problems("canvas: { size: [10, 10] }\nlayers:\n  - id: a # a comment, not a colour\n    gradient: { linear: { from: [0, 0], to: [1, 1], stops: [[0, #ff000080], [1, \"#00F\"]] } }\n")
        #expect(stops == ["scenes/test.yaml: line 4, column 65: a colour starting with # must be quoted ('#ff000080'); YAML reads # as a comment"])
        #expect(problems("canvas: { size: [10, 10], background: \"#FF0000\" } # #FF0000\nlayers: [{ id: a, shape: text, text: 'x, #FFF' }] #FFF\n").isEmpty)
    }

    @Test func duplicateMappingKeysAreSyntaxErrors() {
        let found = problems("canvas: { size: [1, 2] }\ncanvas: { size: [3, 4] }\n")
        #expect(found.count == 1)
        #expect(found == ["scenes/test.yaml: line 1, column 1: duplicate key \"canvas\" in this mapping"])
    }

    @Test func keysThatDifferOnlyInQuotingAreDuplicates() {
        // A key is its text (YAML's tags are not read): 1 and "1" are one key, twice.
        let found = problems("canvas: { size: [1, 2] }\n\"1\": a\n1: b\n")
        #expect(found == ["scenes/test.yaml: line 2, column 1: duplicate key \"1\" in this mapping"])
    }

    @Test func wrongTypesSayWhatWasExpected() {
        let found = problems("""
            canvas: { size: 12 }
            layers: { id: frog }
            animators: [ { id: a, duration: 1, timing: springy } ]
            """)
        #expect(found == [
            "scenes/test.yaml: canvas.size: expected a pair [x, y] (found 12)",
            "scenes/test.yaml: layers: expected a list of layers (found a mapping)",
            "scenes/test.yaml: animators[a].timing: unknown timing curve \"springy\" (expected one of: linear, easeIn, easeOut, easeInOut, default, or { cubic: [x1, y1, x2, y2] } or { spring: { … } })",
        ])
    }

    @Test func missingImageIsAMissingInput() {
        do {
            _ = try load("canvas: { size: [10, 10] }\nlayers: [ { id: pic, shape: image, image: nowhere.png } ]\n")
            Issue.record("expected a missing image")
        } catch {
            #expect(error.kind == .missingInput)
            #expect(error.diagnostics.map(\.description) == ["scenes/test.yaml: layers[pic].image: image file not found: scenes/nowhere.png"])
        }
    }

    @Test func invalidDataExitsWith65() {
        do {
            _ = try load("canvas: { size: [10, 10] }\nrender: { fps: 0 }\n")
            Issue.record("expected an invalid scene")
        } catch {
            #expect(error.kind == .invalidInput)
        }
    }

    /// Read through ZoetropeFiles without blocking: before, `Data(contentsOf:)` waited for a
    /// writer that never came.
    @Test(.timeLimit(.minutes(1))) func aSceneFileThatIsAFIFOIsRefusedWithoutWaiting() throws {
        let folder = NSTemporaryDirectory() + "/zoetrope-fifo-scene-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        #expect(mkfifo(folder + "/scene.yaml", 0o600) == 0)
        do {
            _ = try SceneLoader.load(folder + "/scene.yaml")
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == .missingInput)
            #expect(error.diagnostics.map(\.description) == ["\(folder)/scene.yaml: cannot read the scene file"])
        }
        do {
            _ = try SceneLoader.load(folder + "/nowhere.yaml")
            Issue.record("expected a refusal")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["\(folder)/nowhere.yaml: scene file not found"])
        }
    }

    @Test func aSceneFileOverTheSizeLimitIsRefusedFromItsSizeWithoutBeingRead() throws {
        // Sparse: its 256 MiB and a byte take no room, and reading them would take seconds.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-huge-\(UUID().uuidString).yaml").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("version: 1\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }  // a leftover file harms nothing
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(SceneLimits.documentBytes + 1))
        try handle.close()
        do {
            _ = try SceneLoader.load(file)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == .invalidInput)
            #expect(error.diagnostics.map(\.description) == ["\(file): the file is 268435457 bytes; a scene or animation may have at most 268435456"])
        }
    }

    @Test func springFormsAreRecognisedByTheirKeys() throws {
        func timing(_ spring: String) throws -> TimingParameters {
            let text = "canvas: { size: [10, 10] }\nanimators: [ { id: a, duration: 2, timing: { spring: \(spring) } } ]\n"
            return try load(text).scene.animators[0].timing
        }
        #expect(try timing("{ mass: 1, stiffness: 100, damping: 10 }")
            == .spring(try SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)))
        #expect(try timing("{ stiffness: 100, dampingRatio: 0.5 }")
            == .spring(try SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)))
        #expect(try timing("{ dampingRatio: 0.5, initialVelocity: [1, 2] }")
            == .spring(try SpringTimingParameters(dampingRatio: 0.5, initialVelocity: Vector2(1, 2))))
        #expect(try timing("{ duration: 0.5, bounce: 0.3 }") == .spring(try SpringTimingParameters(duration: 0.5, bounce: 0.3)))
        #expect(try timing("{ response: 0.5, dampingRatio: 0.7 }") == .spring(try SpringTimingParameters(response: 0.5, dampingRatio: 0.7)))
    }

    /// One resolver for scenes and `zoetrope curve`: the same spring, the same rule (SwiftUI's
    /// dampingRatio of 1 for a lone response), the same messages.
    @Test func scenesAndCurveReadSpringsAlike() throws {
        func timing(_ spring: String) throws -> TimingParameters {
            try load("canvas: { size: [10, 10] }\nanimators: [ { id: a, duration: 2, timing: { spring: \(spring) } } ]\n").scene.animators[0].timing
        }
        let scene = try timing("{ response: 0.5 }")
        #expect(scene == .spring(try SpringTimingParameters(response: 0.5, dampingRatio: 1)))
        #expect(scene == (try CurveSpec(parsing: "spring(response:0.5)")).timing)
        let found = problems("canvas: { size: [10, 10] }\nanimators: [ { id: a, duration: 2, timing: { spring: { response: 0.5, bounce: 0.2 } } } ]\n")
        #expect(found == ["scenes/test.yaml: animators[a].timing.spring: bounce cannot be combined with response"])
        #expect(throws: CurveSpecError(spec: "spring(response:0.5,bounce:0.2)", message: "bounce cannot be combined with response")) {
            try CurveSpec(parsing: "spring(response:0.5,bounce:0.2)")
        }
    }

    @Test func badSpringParametersAreNamed() {
        let found = problems("canvas: { size: [10, 10] }\nanimators: [ { id: a, duration: 1, timing: { spring: { mass: 0, stiffness: 10, damping: 1 } } } ]\n")
        #expect(found == ["scenes/test.yaml: animators[a].timing.spring.mass: must be a finite number > 0 (found 0)"])
    }

    @Test func effectRadiiMustNotBeNegative() {
        let found = problems("canvas: { size: [10, 10] }\nlayers: [ { id: a, shadow: { radius: -2 }, blur: -1 } ]\n")
        #expect(found == [
            "scenes/test.yaml: layers[a].shadow.radius: must be within 0...100000 (found -2)",
            "scenes/test.yaml: layers[a].blur: must be within 0...100000 (found -1)",
        ])
    }

    @Test func aStrokesMiterLimitAndDashPhaseAreReadAndAMiterLimitBelowOneIsRefused() throws {
        let read = try load("canvas: { size: [10, 10] }\nlayers: [ { id: a, stroke: { width: 2, dash: [3, 1], dashPhase: -1.5, miterLimit: 2.5 } } ]\n")
        let style = read.scene.layers.nodes[0].style
        #expect(style.strokeMiterLimit == 2.5 && read.scene.layers.initialValues[0].strokeDashPhase == -1.5 && style.strokeDash == [3, 1])
        let plain = try load("canvas: { size: [10, 10] }\nlayers: [ { id: a, stroke: { width: 2 } } ]\n").scene.layers
        #expect(plain.nodes[0].style.strokeMiterLimit == 10 && plain.initialValues[0].strokeDashPhase == 0, "Core Animation's defaults")
        let found = problems("canvas: { size: [10, 10] }\nlayers: [ { id: a, stroke: { miterLimit: 0.5, dashPhase: 1e9 } } ]\n")
        #expect(found == [
            "scenes/test.yaml: layers[a].stroke.miterLimit: must be within 1...1000 (found 0.5)",
            "scenes/test.yaml: layers[a].stroke.dashPhase: must be within -10000000...10000000 (found 1000000000)",
        ])
    }
}

@Suite struct SceneOverrideTests {
    @Test func overridesAddressTheDocumentByIDs() throws {
        let scene = try load(validScene, overrides: [
            SceneOverride(key: "animators.move.duration", value: "2"),
            SceneOverride(key: "layers.eye.position", value: "[1, 2]"),
            SceneOverride(key: "canvas.size", value: "[640,480]"),
            SceneOverride(key: "layers.frog.fill", value: "#FF0000"),
            SceneOverride(key: "animators.move.timing", value: "{ spring: { dampingRatio: 0.3 } }"),
        ]).scene
        #expect(scene.animators[0].duration == 2)
        #expect(scene.layers.initialValues[1].position == Vector2(1, 2))
        #expect(scene.canvas.size == Vector2(640, 480))
        #expect(scene.layers.initialValues[0].fill == Color(hex: "#FF0000"))
        #expect(scene.animators[0].timing == .spring(try SpringTimingParameters(dampingRatio: 0.3)))
    }

    @Test func nestedSpringParameterOverride() throws {
        let text = validScene.replacingOccurrences(of: "{ cubic: [0.2, 0.8, 0.4, 0.9] }", with: "{ spring: { dampingRatio: 0.5 } }")
        let scene = try load(text, overrides: [SceneOverride(key: "animators.move.timing.spring.dampingRatio", value: "0.3")]).scene
        #expect(scene.animators[0].timing == .spring(try SpringTimingParameters(dampingRatio: 0.3)))
    }

    @Test func overrideOfAnUnknownIDIsReported() {
        #expect(problems(validScene, overrides: [SceneOverride(key: "layers.toad.position", value: "[1, 2]")])
            == ["scenes/test.yaml: --set layers.toad.position: no element of layers has id \"toad\""])
    }

    @Test func overriddenValuesAreValidatedLikeTheFile() {
        #expect(problems(validScene, overrides: [SceneOverride(key: "animators.move.duration", value: "-1")])
            == ["scenes/test.yaml: animators[move].duration (from --set animators.move.duration=-1): must be within 0 < duration <= 86400 (found -1)"])
    }

    @Test(arguments: ["nokey", "=3", "a..b=1", "a.b="])
    func malformedOverrideIsAUsageError(text: String) {
        #expect(throws: OverrideSyntaxError.self) { try SceneOverride(parsing: text) }
    }
}

@Suite struct SampleReportTests {
    @Test func jsonHasTheShapeOfTheSpec() throws {
        let loaded = try load(validScene)
        let evaluation = try loaded.evaluate().evaluation
        let json = try SampleReport(evaluation: evaluation, times: [1.0]).json()
        #expect(json.contains("\"scene\" : \"test\""))
        #expect(json.contains("\"frame\" : 30"))
        #expect(json.contains("\"state\" : \"active\""))
        #expect(json.contains("\"fill\" : \"#5DAA3AFF\""))
        #expect(json.contains("\"position\" : \"end\""))
    }

    @Test func csvHasOneColumnPerComponent() throws {
        let evaluation = try load(validScene).evaluate().evaluation
        let csv = SampleReport(evaluation: evaluation, times: [0, 1.75]).csv()
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("time,frame,frog.position.x,frog.position.y,frog.size.x"))
        #expect(lines[0].hasSuffix("move.state,move.isRunning,move.isReversed,move.fractionComplete"))
        #expect(lines[2].hasPrefix("1.75,,300,150,"))
    }
}

@Suite struct ScriptEventFormatTests {
    private static let base = """
        canvas: { size: [100, 100] }
        layers: [ { id: box, size: [10, 10] } ]
        animators:
          - { id: move, duration: 2, animations: [ { set: { box.position: [50, 50] } } ] }
        """

    private func events(_ script: String) throws -> [ScriptAction] {
        try load(Self.base + "\nscript:\n" + script).scene.script.map(\.action)
    }

    @Test func everyCallIsRead() throws {
        let actions = try events("""
              - { at: 0, start: move, delay: 0.25 }
              - { at: 1, pause: move }
              - { at: 1.1, fraction: move, value: 0.3 }
              - { at: 1.2, reverse: move }
              - { at: 1.3, reverse: move, value: false }
              - { at: 1.4, continue: move, timing: linear, durationFactor: 0.2 }
              - { at: 1.5, addAnimations: move, delayFactor: 0.5, set: { box.opacity: 0 } }
              - { at: 2, stop: move, withoutFinishing: false }
              - { at: 2.1, finish: move, position: current }
              - { at: 3, set: { box.opacity: 0.5 } }
            """)
        let opacity = PropertyTarget(layer: 0, property: .opacity)
        #expect(actions == [
            .start(target: .animator(0), delay: 0.25), .pause(target: .animator(0)), .fraction(target: .animator(0), value: 0.3),
            .reverse(target: .animator(0), value: nil), .reverse(target: .animator(0), value: false),
            .continueAnimation(target: .animator(0), timing: .cubic(.linear), durationFactor: 0.2),
            .addAnimations(target: .animator(0), block: AnimationBlock(delayFactor: 0.5, assignments: [PropertyAssignment(opacity, .number(0))])),
            .stop(target: .animator(0), withoutFinishing: false), .finish(target: .animator(0), position: .current),
            .set([PropertyAssignment(opacity, .number(0.5))]),
        ])
    }

    @Test func defaultsFollowTheCommonCase() throws {
        #expect(try events("  - { at: 0, stop: move }\n  - { at: 1, finish: move }") ==
                [.stop(target: .animator(0), withoutFinishing: true), .finish(target: .animator(0), position: .end)])
    }

    @Test func misplacedQualifiersAndMissingValuesAreReported() {
        let found = problems(Self.base + """

            script:
              - { at: 0, pause: move, delay: 1 }
              - { at: 1, fraction: move }
              - { at: 2, start: move, pause: move }
              - { at: 3, finish: move, position: middle }
              - { at: 4, drag: box }
            """)
        #expect(found == [
            "scenes/test.yaml: script[0].delay: delay belongs to start",
            "scenes/test.yaml: script[1].value: required: the fraction to set, within 0...1",
            "scenes/test.yaml: script[2]: give one call per event or completion (found start, pause)",
            "scenes/test.yaml: script[3].position: expected one of \"end\", \"start\", \"current\" (found \"middle\")",
            "scenes/test.yaml: script[4].duration: required: how long the drag lasts, in seconds (within 0 < duration <= 86400)",
            "scenes/test.yaml: script[4].path: required: the finger's points [[x, y], …]",
        ])
    }

    @Test func animatorFlagsAreRead() throws {
        let text = Self.base.replacingOccurrences(of: "duration: 2,", with: "duration: 2, scrubsLinearly: false, pausesOnCompletion: true, isInterruptible: false,")
        let options = try load(text).scene.animators[0].options
        #expect(options == AnimatorOptions(scrubsLinearly: false, pausesOnCompletion: true, isInterruptible: false))
    }

    @Test func illegalEventsNameTheEventTimeAnimatorStateAndRemedy() throws {
        let loaded = try load(Self.base + "\nscript:\n  - { at: 0, start: move }\n  - { at: 2.6, finish: move, position: current }\n")
        do {
            _ = try loaded.evaluate()
            Issue.record("finish on an active animator must be reported")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "scenes/test.yaml: script[1] (2.6 s): finish \"move\": the animator is inactive; finish needs a stopped animator (stop it with withoutFinishing: false first)",
            ])
            #expect(error.kind == .invalidInput)
        }
        let running = try load(Self.base + "\nscript:\n  - { at: 0, start: move }\n  - { at: 1.5, finish: move }\n")
        #expect(throws: SceneLoadError.self) { try running.evaluate() }
        do { _ = try running.evaluate() } catch {
            #expect(error.diagnostics.first?.description.contains("script[1] (1.5 s): finish \"move\": the animator is active; finish needs a stopped animator") == true)
        }
    }
}

@Suite struct KeyframeFormatTests {
    private static let base = """
        canvas: { size: [100, 100] }
        layers: [ { id: box, size: [10, 10] } ]
        animators:
          - id: move
            duration: 2
            animations:

        """

    @Test func keyframeBlocksAndTracksAreRead() throws {
        let scene = try load(Self.base + """
                  - keyframes:
                      calculationMode: linear
                      frames:
                        - { start: 0, duration: 0.5, set: { box.scale: [1.5, 1.5] } }
                        - { start: 0.5, duration: 0.5, set: { box.scale: 1 } }
                  - keyframes:
                      - { start: 0.2, duration: 0, set: { box.opacity: 0.5 } }
                  - track: { key: box.position, values: [[0, 0], [50, 50], [0, 100]], keyTimes: [0, 0.3, 1],
                             timingFunctions: [easeIn, { cubic: [0.2, 0.8, 0.4, 0.9] }], calculationMode: cubic,
                             tension: [0, 0.5, 0] }
                  - track: { key: box.position.x, values: [0, 10, 5], calculationMode: paced }
            """).scene
        let blocks = scene.animators[0].blocks
        #expect(blocks[0].keyframes?.frames.count == 2)
        #expect(blocks[0].keyframes?.frames[1].assignments.first?.value == .vector(Vector2(1, 1)))
        #expect(blocks[1].keyframes?.frames.first?.relativeStartTime == 0.2)
        #expect(blocks[2].tracks.first?.track.calculationMode == .cubic)
        #expect(blocks[2].tracks.first?.track.keyTimes == [0, 0.3, 1])
        #expect(blocks[3].tracks.first?.target.component == 0)
    }

    @Test func keyframeProblemsAreReportedWithTheirPath() {
        let found = problems(Self.base + """
                  - keyframes:
                      - { start: 0.7, duration: 0.5, set: { box.opacity: 0 } }
                  - track: { key: box.position, values: [[0, 0], [1, 1], [2, 2]], keyTimes: [0, 0.8, 0.5] }
                  - track: { key: box.opacity, values: [0, 1, 0.5], keyTimes: [0, 1] }
                  - track: { key: box.opacity, values: [0, 1], timingFunctions: [linear, easeIn] }
                  - { set: { box.opacity: 1 }, track: { key: box.opacity, values: [0] } }
                  - track: { key: box.position.x, path: "M 0 0 L 10 10" }
                  - track: { key: box.position, path: "M 0 0 Q 10", rotationMode: sideways }
            """)
        #expect(found == [
            "scenes/test.yaml: animators[move].animations[0].keyframes[0]: start + duration must be <= 1 (found 1.2)",
            "scenes/test.yaml: animators[move].animations[1].track.keyTimes[2]: keyTimes must not decrease (keyTimes[2] is less than the one before)",
            "scenes/test.yaml: animators[move].animations[2].track.keyTimes: keyTimes must have one time per value (3) (found 2)",
            "scenes/test.yaml: animators[move].animations[3].track.timingFunctions: timingFunctions must have one curve per segment (1) (found 2)",
            "scenes/test.yaml: animators[move].animations[4]: an animation block holds one of set, keyframes or track (found set, track)",
            "scenes/test.yaml: animators[move].animations[5].track.key: a motion path animates a whole position, such as frog.position",
            "scenes/test.yaml: animators[move].animations[6].track.rotationMode: expected one of \"auto\", \"autoReverse\" (found \"sideways\")",
        ])
    }
}

@Suite struct GroupFormatTests {
    @Test func groupsShareTheNamespaceAndNest() throws {
        let scene = try load("""
            canvas: { size: [100, 100] }
            layers: [ { id: box, size: [10, 10] } ]
            animators:
              - { id: a, duration: 1, animations: [ { set: { box.opacity: 0 } } ] }
              - { id: b, duration: 2, animations: [ { set: { box.position.x: 5 } } ] }
            groups:
              - { id: inner, members: [a, { id: b, delay: 0.5 }] }
              - { id: outer, members: [inner], completions: [ { when: end, start: a } ] }
            script:
              - { at: 0, start: outer }
            """).scene
        #expect(scene.groups.map(\.id) == ["inner", "outer"])
        #expect(scene.groups[0].members == [.init(target: .animator(0)), .init(target: .animator(1), delay: 0.5)])
        #expect(scene.groups[1].members == [.init(target: .group(0))])
        #expect(scene.script.first?.action == .start(target: .group(1), delay: 0))
    }

    @Test func unknownMembersCyclesAndDuplicateIDsAreReported() {
        let found = problems("""
            canvas: { size: [100, 100] }
            animators: [ { id: a, duration: 1 } ]
            groups:
              - { id: g, members: [a, h, ghost] }
              - { id: h, members: [g] }
              - { id: a, members: [g] }
            """)
        #expect(found == [
            "scenes/test.yaml: groups[a].id: duplicate id \"a\" (also animators[a]); animators, groups and timelines share one namespace",
            "scenes/test.yaml: groups[g].members[2]: unknown member \"ghost\" (animators: a; groups: g, h, a)",
            "scenes/test.yaml: groups[g].members: group \"g\" contains itself (through its members); groups must not form cycles",
            "scenes/test.yaml: groups[h].members: group \"h\" contains itself (through its members); groups must not form cycles",
        ])
    }
}

@Suite struct GestureFormatTests {
    @Test func gesturesAreRead() throws {
        let scene = try load("""
            canvas: { size: [100, 100] }
            layers: [ { id: frog, size: [10, 10] } ]
            animators: [ { id: back, duration: 1, timing: { spring: { dampingRatio: 0.5 } }, animations: [ { set: { frog.position: [0, 0] } } ] } ]
            script:
              - { at: 0.5, drag: frog, path: [[200, 380], [260, 350], [400, 300]], duration: 0.3 }
              - { at: 0.8, release: frog, start: back }
              - { at: 1.0, pan: back, to: 0.6, duration: 0.4 }
              - { at: 2.0, pan: back, by: -0.2 }
            """).scene
        #expect(scene.script.map(\.action) == [
            .drag(layer: 0, points: [Vector2(200, 380), Vector2(260, 350), Vector2(400, 300)], duration: 0.3),
            .release(layer: 0, animator: 0),
            .pan(target: .animator(0), to: 0.6, by: nil, duration: 0.4),
            .pan(target: .animator(0), to: nil, by: -0.2, duration: 0),
        ])
    }

    @Test func badGesturesAreReported() {
        let found = problems("""
            canvas: { size: [100, 100] }
            layers: [ { id: frog, size: [10, 10] } ]
            animators: [ { id: back, duration: 1 } ]
            script:
              - { at: 0, drag: toad, path: [[0, 0], [1, 1]], duration: 1 }
              - { at: 0, drag: frog, path: [[0, 0]], duration: 0 }
              - { at: 0, release: frog }
              - { at: 0, pan: back, to: 0.5, by: 0.1 }
            """)
        #expect(found == [
            "scenes/test.yaml: script[0].drag: unknown layer \"toad\" (layers: frog)",
            "scenes/test.yaml: script[1].duration: must be within 0 < duration <= 86400 (found 0)",
            "scenes/test.yaml: script[1].path: a drag needs at least two points (found 1)",
            "scenes/test.yaml: script[2].start: required: the animator the release starts",
            "scenes/test.yaml: script[3]: a pan needs exactly one of to: (a fraction) or by: (a change of fraction)",
        ])
    }
}

@Suite struct TimelineFormatTests {
    private static let base = """
        canvas: { size: [100, 100] }
        layers: [ { id: box, size: [10, 10] } ]
        animators:
          - { id: a, duration: 1, animations: [ { set: { box.opacity: 0 } } ] }
          - { id: b, duration: 2, animations: [ { set: { box.position.x: 5 } } ] }
          - { id: c, duration: 0.5, animations: [ { set: { box.position.y: 5 } } ] }
        groups: [ { id: both, members: [a, b] } ]

        """

    @Test func timelinesBecomeGroupsWithPlacedMembers() throws {
        let scene = try load(Self.base + """
            timelines:
              - id: intro
                timeScale: 2
                children:
                  - { animator: a, position: 0 }
                  - { label: settle, position: 1.5 }
                  - { group: both, position: ">" }
                  - { animator: c, position: "<0.2" }
                  - { stagger: { each: 0.1, from: end }, members: [a, b, c], position: settle }
                  - { timeline: outro, position: "+=1" }
              - id: outro
                children: [ { animator: c } ]
            script:
              - { at: 0, start: intro }
            """).scene
        #expect(scene.groups.map(\.id) == ["both", "intro", "outro"])
        let intro = scene.groups[1]
        #expect(intro.timeScale == 2)
        #expect(intro.members.map(\.target) == [.animator(0), .group(0), .animator(2), .animator(0), .animator(1), .animator(2), .group(2)])
        let delays = intro.members.map(\.delay)
        let expected = [0, 1, 1.2, 1.7, 1.6, 1.5, 4.6]  // the stagger ends at 1.6 + 2 = 3.6; outro 1 s later
        #expect(zip(delays, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(delays)")
        #expect(scene.script.first?.action == .start(target: .group(1), delay: 0))
    }

    @Test func badTimelinesAreReported() {
        let found = problems(Self.base + """
            timelines:
              - id: t
                children:
                  - { animator: a, position: later }
                  - { animator: both }
                  - { animator: a, position: "<<" }
                  - { timeline: u }
              - id: u
                children: [ { timeline: t } ]
            """)
        #expect(found == [
            "scenes/test.yaml: timelines[t].children[1].animator: unknown animator \"both\" (animators: a, b, c; groups: both; timelines: t, u)",
            "scenes/test.yaml: timelines[t].children[2].position: expected a position: seconds, \"+=x\", \"-=x\", \"<\", \">\", \"<0.2\", a label or \"label+=x\" (found the string \"<<\")",
        ])
        let cycles = problems(Self.base + """
            timelines:
              - { id: t, children: [ { animator: a, position: later }, { timeline: u } ] }
              - { id: u, children: [ { timeline: t } ] }
            """)
        #expect(cycles == [
            "scenes/test.yaml: timelines[t].children: timeline \"t\" contains itself (through its children); timelines must not form cycles",
            "scenes/test.yaml: timelines[u].children: timeline \"u\" contains itself (through its children); timelines must not form cycles",
        ])
        let label = problems(Self.base + "timelines:\n  - { id: t, children: [ { animator: a, position: later } ] }\n")
        #expect(label == ["scenes/test.yaml: timelines[t].children[0].position: unknown label \"later\" (a label must be placed before it is used)"])
    }
}

@Suite struct PaintFormatTests {
    @Test func pathsGradientsAndBlendModesAreRead() throws {
        let scene = try load("""
            canvas: { size: [100, 100] }
            layers:
              - { id: p, shape: path, path: "M 0 0 L 10 10 Z", blendMode: multiply,
                  fill: { radial: { center: [0.5, 0.5], radius: 0.5, stops: [[0, "#FF0000"], [1, "#0000FF"]] } } }
            """).scene
        let style = scene.layers.nodes[0].style
        #expect(scene.layers.initialValues[0].path.segments.count == 3)
        #expect(style.blendMode == .multiply)
        #expect(scene.layers.initialValues[0].gradient == Gradient(kind: .radial(center: Vector2(0.5, 0.5), radius: 0.5),
                                           stops: [.init(offset: 0, color: Color(hex: "#FF0000")!), .init(offset: 1, color: Color(hex: "#0000FF")!)]))
    }

    @Test func badConicGradientsAndInstanceColoursAreReportedWhereTheyAre() {
        let found = problems("""
            canvas: { size: [100, 100] }
            layers:
              - { id: a, fill: { conic: { center: [0.5], stops: [[0, "#FF0000"], [1, "#0000FF"]] } } }
              - { id: b, fill: { conic: { angle: 90, stops: [[0, "#FF0000"], [1, "#0000FF"]] } } }
              - { id: c, fill: { conic: { to: [1, 0.5], stops: [[0, "#FF0000"]] } } }
              - { id: d, fill: { conic: { stops: [] }, linear: { stops: [] } } }
              - { id: e, shape: group, replicator: { color: "#GG0000", redOffset: fast, blueOffset: .nan } }
            """)
        #expect(found == [
            "scenes/test.yaml: layers[a].fill.conic.center: expected a pair [x, y] (found a list)",
            "scenes/test.yaml: layers[b].fill.conic.angle: unknown key \"angle\" (expected one of: center, to, stops)",
            "scenes/test.yaml: layers[c].fill.conic.stops: expected at least two stops (found 1)",
            "scenes/test.yaml: layers[d].fill: a gradient is one of linear, radial or conic",
            "scenes/test.yaml: layers[e].replicator.color: expected a colour: \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\", one of clear, transparent, black, white, or [red, green, blue, alpha] within 0...1 (found the string \"#GG0000\")",
            "scenes/test.yaml: layers[e].replicator.redOffset: expected a number (found fast)",
            "scenes/test.yaml: layers[e].replicator.blueOffset: expected a finite number (found .nan)",
        ])
    }

    @Test func badPaintIsReported() {
        let found = problems("""
            canvas: { size: [100, 100] }
            layers:
              - { id: p, shape: path }
              - { id: q, shape: path, path: "M 0 0 L", fill: { linear: { stops: [[0.5, "#FF0000"], [0.2, "#00FF00"]] } } }
              - { id: r, blendMode: dodge }
            """)
        #expect(found == [
            "scenes/test.yaml: layers[p].path: required: a path layer needs path: SVG path data in its bounds, such as \"M 0 0 L 100 50\"",
            "scenes/test.yaml: layers[q].path: malformed path data: expected a number (at character 8)",
            "scenes/test.yaml: layers[q].fill.linear.stops[1][0]: stop offsets must not decrease (found 0.2 after 0.5)",
            "scenes/test.yaml: layers[r].blendMode: expected one of \"normal\", \"multiply\", \"screen\", \"overlay\", \"darken\", \"lighten\", \"colorDodge\", \"colorBurn\", \"hardLight\", \"softLight\", \"difference\", \"exclusion\", \"hue\", \"saturation\", \"color\", \"luminosity\", \"plusLighter\", \"add\", \"destinationIn\", \"destinationOut\", \"xor\" (found \"dodge\")",
        ])
    }
}

/// A dotLottie archive's images (`images/NAME`), named by its image assets.
@Suite struct DotLottieImageTests {
    @Test func anImageTheArchiveCarriesIsDrawnFromIt() throws {
        // A 1 × 1 PNG, and an animation whose image asset names it as the archive holds it.
        let png = try #require(DataURL("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="))
        let json = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 20, "h": 20, "assets": [{"id": "image_0", "w": 1, "h": 1, "u": "", "p": "dot.png", "e": 1}], "layers": [{"ty": 2, "nm": "Dot", "refId": "image_0", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}}]}"#
        let archive = LottieArchive.dotLottie(json: Array(json.utf8), id: "dot", images: [("dot.png", png.bytes)])
        let loaded = try SceneLoader.parse(archive, file: "dot.lottie")
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let index = try #require(loaded.scene.layers.index(of: "dot"))
        #expect(loaded.scene.layers.initialValues[index].image == png.text)
        // An image the archive lacks is reported, not fatal.
        let missing = try SceneLoader.parse(LottieArchive.dotLottie(json: Array(json.utf8), id: "dot"), file: "dot.lottie")
        #expect(missing.unsupported.map(\.path) == ["assets[0].p"])
    }
}


/// Issue 27, item 6: `shadow:` in a file showed a shadow while in Swift `shadowOpacity`
/// defaulted to 0 (CALayer's default); `setShadow` writes what the block writes.
@Suite struct ShadowBlockTests {
    @Test func setShadowGivesTheValuesAShadowBlockGives() throws {
        let text = "canvas: { size: [10, 10] }\nlayers: [ { id: a, shadow: { radius: 5, offset: [2, 4] } } ]\n"
        let loaded = try SceneLoader.parse(Array(text.utf8), file: "scenes/test.yaml")
        let index = try #require(loaded.scene.layers.index(of: "a"))
        var values = LayerValues()
        values.setShadow(offset: Vector2(2, 4), radius: 5)
        #expect(values == loaded.scene.layers.initialValues[index])
        #expect(values.shadowOpacity == 1)
    }
}

/// The script's changes to layers and flags, which a recording makes: `move`, `restyle`, `options`.
@Suite struct LayerChangeFormatTests {
    private static let scene = """
        canvas: { size: [100, 100] }
        layers:
          - { id: panel, size: [50, 50], position: [25, 25], children: [ { id: dot, size: [4, 4] } ] }
          - { id: badge, size: [10, 10], position: [80, 80] }
          - { id: title, shape: text, text: Hi, size: [60, 20], position: [50, 90] }
        animators: [ { id: fade, duration: 1, animations: [ { set: { badge.opacity: 0.5 } } ] } ]
        script:
          - { at: 0.1, start: fade }
          - { at: 0.5, move: badge, into: panel, index: 0 }
          - { at: 0.6, move: dot }
          - { at: 0.7, restyle: title, style: { alignment: left, clips: true, fontWeight: bold, dash: [2, 1], miterLimit: 3 } }
          - { at: 0.8, options: fade, pausesOnCompletion: true }
        """

    @Test func layerChangesAndFlagsAreRead() throws {
        let read = try load(Self.scene).scene
        var style = LayerStyle()
        style.alignment = .left
        style.clips = true
        style.fontWeight = .bold
        style.strokeDash = [2, 1]
        style.strokeMiterLimit = 3
        let (panel, dot, badge, title) = (0, 1, 2, 3)
        #expect(read.script.dropFirst().map(\.action) == [
            .move(layer: badge, parent: panel, position: 0),
            .move(layer: dot, parent: nil, position: nil),
            .restyle(layer: title, style: style),
            .options(animator: 0, options: AnimatorOptions(pausesOnCompletion: true)),
        ])
    }

    @Test func theEvaluationArrangesAndStylesTheLayersAsTheScriptSays() throws {
        let read = try load(Self.scene).scene
        let evaluation = SceneEvaluation(scene: read, horizon: 2)
        let before = evaluation.presentation(at: 0.4).layers, moved = evaluation.presentation(at: 0.5).layers
        #expect(before.roots == [0, 2, 3] && before.nodes[0].children == [1])
        #expect(moved.roots == [0, 3] && moved.nodes[0].children == [2, 1], "badge under panel, at the bottom")
        #expect(evaluation.presentation(at: 0.6).layers.roots == [0, 3, 1], "dot on top of the top level")
        #expect(evaluation.presentation(at: 0.69).layers.nodes[3].style.alignment == .center)
        #expect(evaluation.presentation(at: 0.7).layers.nodes[3].style.alignment == .left)
        #expect(evaluation.animatorStatus(at: 1.5)[0].state == .active, "paused on completion, as flagged at 0.8 s")
    }

    @Test func layerChangesAndFlagsAreWrittenAndReadBackEqual() throws {
        let read = try load(Self.scene).scene
        let back = try SceneLoader.parse(Array(SceneWriter.json(read).utf8), file: "scenes/test.json").scene
        #expect(back.script.map(\.action) == read.script.map(\.action))
    }

    @Test func badLayerChangesAreReported() {
        let found = problems("""
            canvas: { size: [100, 100] }
            layers: [ { id: panel, size: [50, 50] }, { id: badge, size: [10, 10] } ]
            animators: [ { id: fade, duration: 1, animations: [ { set: { badge.opacity: 0 } } ] } ]
            groups: [ { id: both, members: [fade] } ]
            script:
              - { at: 0, move: toad }
              - { at: 0, move: badge, into: badge }
              - { at: 0, move: badge, index: 1.5 }
              - { at: 0, restyle: badge }
              - { at: 0, restyle: badge, style: { alignment: sideways } }
              - { at: 0, move: badge, style: { clips: true } }
              - { at: 0, options: both, isInterruptible: false }
            """)
        #expect(found == [
            "scenes/test.yaml: script[0].move: unknown layer \"toad\" (layers: panel, badge)",
            "scenes/test.yaml: script[1].into: a layer cannot move into itself",
            "scenes/test.yaml: script[2].index: must be a whole number within 0...\(SceneLimits.items) (found 1.5)",
            "scenes/test.yaml: script[3].style: required: the layer's style from now on ({ alignment: left, clips: true, … })",
            "scenes/test.yaml: script[4].style.alignment: expected one of \"left\", \"center\", \"right\", \"justified\" (found \"sideways\")",
            "scenes/test.yaml: script[5].style: a move takes into and index",
            "scenes/test.yaml: script[6].options: options names an animator (found a group or timeline)",
        ])
    }

    @Test func aMoveIntoItsOwnSubtreeIsAnErrorOfTheEvent() throws {
        let loaded = try load("""
            canvas: { size: [100, 100] }
            layers: [ { id: panel, size: [50, 50], children: [ { id: dot, size: [4, 4] } ] } ]
            script:
              - { at: 0.5, move: panel, into: dot }
            """)
        let messages: [String]
        do {
            _ = try loaded.evaluate()
            messages = []
        } catch {
            messages = error.diagnostics.map(\.description)
        }
        #expect(messages.count == 1 && messages.first?.contains("script[0]") == true
                    && messages.first?.contains("layer panel would be inside itself") == true, "\(messages)")
    }
}
