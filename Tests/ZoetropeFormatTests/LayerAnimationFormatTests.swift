import Testing
import ZoetropeCore
import ZoetropeFormat

/// Core Animation's explicit animations and layer timing as scene files say them (issue #48):
/// read into script actions, written back the same, every mistake reported at its path.
@Suite struct LayerAnimationFormatTests {
    static let layers = """
        canvas: { size: [200, 100] }
        layers:
          - { id: card, shape: rect, size: [40, 40], position: [100, 50] }
        script:

        """

    static func load(_ script: String) throws(SceneLoadError) -> LoadedScene {
        try SceneLoader.parse(Array((layers + script).utf8), file: "scenes/layer-time.yaml")
    }

    static func problems(_ script: String) -> [String] {
        do throws(SceneLoadError) {
            _ = try load(script)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func everyKindOfAnimationAndTimingReadsAndWritesBack() throws {
        let loaded = try Self.load("""
              - { at: 0, addAnimation: card, key: fade, animation: { keyPath: opacity, from: 0, to: 1, duration: 0.5, beginTime: 0.3, fillMode: backwards, timingFunction: easeOut } }
              - { at: 0, addAnimation: card, key: pulse, animation: { keyPath: scale, to: [1.2, 1.2], duration: 0.4, repeatCount: infinity, autoreverses: true, timingFunction: easeInOut } }
              - { at: 0.5, addAnimation: card, animation: { keyPath: position.x, by: 30, additive: true, cumulative: true, repeatCount: 2.5, speed: 2, timeOffset: 0.1 } }
              - { at: 0.5, addAnimation: card, key: wobble, animation: { keyPath: rotation, values: [0, 0.3, -0.3, 0], keyTimes: [0, 0.2, 0.8, 1], calculationMode: cubic, duration: 1 } }
              - { at: 1, addAnimation: card, key: bounce, animation: { keyPath: position.y, from: 20, to: 50, spring: { mass: 1, stiffness: 200, damping: 8, initialVelocity: 2 }, duration: 1.5, removedOnCompletion: false, fillMode: forwards } }
              - { at: 1, addAnimation: card, key: both, animation: { animations: [ { keyPath: fill, to: "#FF0000" }, { keyPath: cornerRadius, from: 0, to: 20, duration: 0.5 } ], duration: 1, repeatDuration: 3 } }
              - { at: 1.2, addAnimation: card, key: orbit, animation: { keyPath: position, path: "M 20 50 C 60 0 140 0 180 50", rotationMode: auto, duration: 2 } }
              - { at: 2, layerTiming: card, speed: 0, timeOffset: 2 }
              - { at: 3, layerTiming: card, beginTime: 1 }
              - { at: 3.5, removeAnimation: card, key: pulse }
              - { at: 4, removeAnimation: card }
            """)
        let actions = loaded.scene.script.map(\.action)
        #expect(actions.count == 11)
        guard case let .addLayerAnimation(0, "fade", fade) = actions[0] else {
            Issue.record("expected the fade first (found \(actions[0]))")
            return
        }
        #expect(fade.property == .opacity && fade.content == .basic(from: .number(0), to: .number(1), by: nil))
        #expect(fade.timing == MediaTiming(beginTime: 0.3, duration: 0.5, fillMode: .backwards))
        #expect(fade.timingFunction == .easeOut)
        if case let .addLayerAnimation(_, "pulse", pulse) = actions[1] {
            #expect(pulse.timing.repeatCount == .infinity && pulse.timing.autoreverses)
        }
        if case let .addLayerAnimation(_, nil, nudge) = actions[2] {
            #expect(nudge.component == 0 && nudge.isAdditive && nudge.isCumulative && nudge.timing.speed == 2)
        }
        if case let .addLayerAnimation(_, _, bounce) = actions[4], case let .spring(spring, from, to, nil) = bounce.content {
            #expect(spring.stiffness == 200 && spring.damping == 8 && spring.initialVelocity == 2)
            #expect(from == .number(20) && to == .number(50) && !bounce.isRemovedOnCompletion)
        } else {
            Issue.record("expected a spring (found \(actions[4]))")
        }
        if case let .addLayerAnimation(_, _, orbit) = actions[6], case .group(let parts) = orbit.content {
            #expect(parts.map(\.property) == [.position, .rotation], "a path with rotationMode turns the layer too")
        } else {
            Issue.record("expected the orbit as a group (found \(actions[6]))")
        }
        #expect(actions[7] == .layerTiming(layer: 0, timing: MediaTiming(speed: 0, timeOffset: 2)))
        #expect(actions[10] == .removeLayerAnimation(layer: 0, key: nil))

        for text in [try SceneWriter.json(loaded.scene), try SceneWriter.yaml(loaded.scene)] {
            let back = try SceneLoader.parse(Array(text.utf8), file: "scenes/layer-time.json").scene
            #expect(back == loaded.scene, "written:\n\(text)")
        }
    }

    @Test func mistakesAreReportedAtTheirPaths() {
        let found = Self.problems("""
              - { at: 0, addAnimation: card, animation: { from: 0, to: 1 } }
              - { at: 0, addAnimation: card, animation: { keyPath: opacity, from: 0, to: 3, by: 1, fillMode: sideways, repeatCount: -1 } }
              - { at: 0, addAnimation: card, animation: { keyPath: wobble, to: 1 } }
              - { at: 0, addAnimation: card, animation: { keyPath: opacity, values: [0, 1], to: 1 } }
              - { at: 0, addAnimation: card, animation: { keyPath: opacity, to: 1, spring: { mass: 0 } } }
              - { at: 0, addAnimation: nobody, animation: { keyPath: opacity, to: 1 } }
              - { at: 0, addAnimation: card }
              - { at: 0, layerTiming: card, speed: 1e9, into: card }
              - { at: 0, addAnimation: card, animation: { keyPath: image, values: [nowhere.png], calculationMode: linear, to: 1 } }
            """)
        let expected = [
            "scenes/layer-time.yaml: script[0].animation.keyPath: required: the property animated, such as opacity or position.x (or animations: for a group)",
            "scenes/layer-time.yaml: script[1].animation.fillMode: expected one of \"removed\", \"backwards\", \"forwards\", \"both\" (found \"sideways\")",
            "scenes/layer-time.yaml: script[1].animation.repeatCount: must be within 0...1000000 (found -1)",
            "scenes/layer-time.yaml: script[1].animation.to: must be within 0...1 (found 3)",
            "scenes/layer-time.yaml: script[2].animation.keyPath: unknown property \"wobble\"",
            "scenes/layer-time.yaml: script[3].animation.to: a keyframe animation (values: or path:) takes no to",
            "scenes/layer-time.yaml: script[4].animation.spring.mass: must be > 0 (found 0)",
            "scenes/layer-time.yaml: script[5].addAnimation: unknown layer \"nobody\"",
            "scenes/layer-time.yaml: script[6].animation: required: the animation",
            "scenes/layer-time.yaml: script[7].into: a layerTiming takes beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses and fillMode",
            "scenes/layer-time.yaml: script[7].speed: must be within -1000...1000 (found 1000000000)",
            "scenes/layer-time.yaml: script[8].animation.to: an image animation takes values (the images), keyTimes and calculationMode: discrete",
            "scenes/layer-time.yaml: script[8].animation.calculationMode: images change at once: calculationMode must be discrete",
            "scenes/layer-time.yaml: script[8].animation.values[0]: image file not found: scenes/nowhere.png",
        ]
        for message in expected {
            #expect(found.contains { $0.hasPrefix(message) }, "missing: \(message)\nfound:\n\(found.joined(separator: "\n"))")
        }
    }
}
