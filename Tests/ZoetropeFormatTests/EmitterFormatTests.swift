import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// An 8×8 white PNG.
private let dot = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAD0lEQVR42mP4TwAwjAwFAIS1/wHNOWXHAAAAAElFTkSuQmCC"

private func load(_ text: String) throws(SceneLoadError) -> Scene {
    try SceneLoader.parse(Array(text.utf8), file: "scenes/test.yaml").scene
}

private func problems(_ text: String) -> [String] {
    do {
        _ = try load(text)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

/// A scene of one emitter whose `emitter:` block is `body` (indented under it).
private func emitterScene(_ body: String) -> String {
    """
    canvas: { size: [200, 100] }
    layers:
      - id: snow
        shape: group
        emitter:
    \(body.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
    """
}

@Suite struct EmitterFormatTests {
    @Test func anEmitterBlockReadsIntoTheStyleAndTheValues() throws {
        let scene = try load(emitterScene("""
            position: [100, -10]
            size: [220, 0]
            birthRate: 2
            velocity: 0.5
            shape: line
            mode: outline
            renderMode: additive
            seed: 4000000000
            prewarm: 3
            cells:
              - { name: flake, contents: "\(dot)", birthRate: 20, lifetime: 5, lifetimeRange: 1, emissionLongitude: 90deg,
                  emissionRange: 0.5turn, spin: 30deg, color: "#FF000080", alphaSpeed: -0.1, beginTime: 1, duration: 2 }
            """))
        let node = scene.layers.nodes[0], values = scene.layers.initialValues[0]
        let emitter = try #require(node.style.emitter)
        #expect(emitter.shape == .line && emitter.mode == .outline && emitter.renderMode == .additive)
        #expect(emitter.seed == 4_000_000_000 && emitter.prewarm == 3)
        #expect(values.emitterPosition == Vector2(100, -10) && values.emitterSize == Vector2(220, 0))
        #expect(values.emitterBirthRate == 2 && values.emitterVelocity == 0.5 && values.emitterLifetime == 1)
        let cell = try #require(emitter.cells.first)
        #expect(cell.name == "flake" && cell.contents == dot && cell.birthRate == 20 && cell.lifetimeRange == 1)
        #expect(abs(cell.emissionLongitude - .pi / 2) < 1e-12 && abs(cell.emissionRange - .pi) < 1e-12 && abs(cell.spin - .pi / 6) < 1e-12)
        #expect(cell.color == Color(hex: "#FF000080") && cell.alphaSpeed == -0.1 && cell.beginTime == 1 && cell.duration == 2)
        #expect(scene.layers.images.map(\.path) == ["layers[snow].emitter.cells[0].contents"])
    }

    @Test func theEmitterPropertiesAnimateByTheirKeys() throws {
        let scene = try load(emitterScene("cells: []") + """

            script:
              - { at: 1, set: { snow.emitter.birthRate: 0, snow.emitter.position.x: 40 } }
            """)
        guard case .set(let assignments) = scene.script.first?.action else { Issue.record("expected a set"); return }
        #expect(assignments.map(\.target) == [PropertyTarget(layer: 0, property: .emitterBirthRate),
                                              PropertyTarget(layer: 0, property: .emitterPosition, component: 0)])
        #expect(problems(emitterScene("cells: []") + "\nscript:\n  - { at: 1, set: { snow.emitter.cells: [] } }\n")
            == ["scenes/test.yaml: script[0].set.snow.emitter.cells: emitter.cells is not animatable: it is set once, in the layer's entry of the scene file (animatable: "
                + LayerProperty.allCases.map(\.rawValue).joined(separator: ", ") + ")"])
    }

    @Test func badValuesAreReportedWithTheirPaths() {
        let found = problems(emitterScene("""
            birthRate: -1
            shape: blob
            renderMode: sideways
            seed: 1.5
            cells:
              - { birthRate: -3, lifetime: .inf, emissionLongitude: north, colour: "#FFF", redRange: 2 }
              - { contents: missing.png }
            """))
        #expect(found == [
            "scenes/test.yaml: layers[snow].emitter.birthRate: must be within 0...1000 (found -1)",
            "scenes/test.yaml: layers[snow].emitter.shape: expected one of \"point\", \"line\", \"rectangle\", \"circle\", \"sphere\", \"cuboid\" (found \"blob\")",
            "scenes/test.yaml: layers[snow].emitter.renderMode: expected one of \"unordered\", \"oldestFirst\", \"oldestLast\", \"backToFront\", \"additive\" (found \"sideways\")",
            "scenes/test.yaml: layers[snow].emitter.seed: must be a whole number within 0...4294967295 (found 1.5)",
            "scenes/test.yaml: layers[snow].emitter.cells[0].colour: unknown key \"colour\" (did you mean color? expected one of: name, enabled, contents, color, "
                + SceneVocabularyKeys.cell + ")",
            "scenes/test.yaml: layers[snow].emitter.cells[0].birthRate: must be within 0...1000000 (found -3)",
            "scenes/test.yaml: layers[snow].emitter.cells[0].lifetime: expected a finite number (found .inf)",
            "scenes/test.yaml: layers[snow].emitter.cells[0].emissionLongitude: expected an angle: radians, or a string such as \"90deg\", \"1.5rad\", \"0.25turn\" (found north)",
            "scenes/test.yaml: layers[snow].emitter.cells[0].redRange: must be within -1...1 (found 2)",
            "scenes/test.yaml: layers[snow].emitter.cells[1].contents: image file not found: scenes/missing.png",
        ], "\(found.joined(separator: "\n"))")
    }

    @Test func anEmitterThatWouldKeepTooManyParticlesAliveIsRefused() {
        let found = problems(emitterScene("""
            lifetime: 2
            cells: [{ birthRate: 50000, lifetime: 1, lifetimeRange: 0.5 }]
            """))
        #expect(found == ["scenes/test.yaml: layers[snow].emitter: its cells keep about 150000 particles alive at once (birth rate × lifetime, "
                          + "summed over the cells, times the emitter's birthRate and lifetime); an emitter may have at most 100000"])
        #expect(problems(emitterScene("cells: [" + Array(repeating: "{}", count: 101).joined(separator: ", ") + "]"))
            == ["scenes/test.yaml: layers[snow].emitter.cells: expected at most 100 emitter cells (found 101)"])
    }

    @Test func aLottieExportSaysItLeavesTheParticlesOut() throws {
        let loaded = try SceneLoader.parse(Array((emitterScene("cells: [{ birthRate: 5, lifetime: 1 }]") + "\nrender: { fps: 10, duration: 0.2 }\n").utf8),
                                           file: "export.yaml")
        let evaluation = try loaded.evaluate().evaluation
        var writer = LottieWriter(frames: (0..<3).map { evaluation.presentation(at: Double($0) / 10) }, frameRate: 10,
                                  textOutline: { _, _ in SVGPath() }, imageBytes: { _ in nil }, easings: LottieWriter.easings(of: loaded.scene))
        #expect(writer.json(name: "snow").notExported == [LottieExportNote(layer: "snow", property: "emitter", feature: "emitter: its particles are left out (Lottie has no particles)")])
    }

    @Test func anEmitterRestyledByTheScriptIsWrittenAndReadBack() throws {
        let scene = try load(emitterScene("cells: [{ birthRate: 1, lifetime: 1 }]") + """

            script:
              - { at: 1, restyle: snow, style: { emitter: { shape: circle, seed: 9, cells: [{ name: late, birthRate: 3, scaleSpeed: 0.5 }] } } }
            """)
        guard case .restyle(_, let style) = scene.script.first?.action else { Issue.record("expected a restyle"); return }
        #expect(style.emitter?.shape == .circle && style.emitter?.seed == 9 && style.emitter?.cells.map(\.name) == ["late"])
        for text in [try SceneWriter.json(scene), try SceneWriter.yaml(scene)] {
            #expect(try SceneLoader.parse(Array(text.utf8), file: "scenes/test.yaml").scene == scene, "\(text)")
        }
    }
}

/// A cell's keys after the four that are not numbers, as the unknown-key message lists them.
private enum SceneVocabularyKeys {
    static let cell = ["birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "emissionLongitude", "emissionLatitude",
                       "emissionRange", "xAcceleration", "yAcceleration", "spin", "spinRange", "scale", "scaleRange", "scaleSpeed",
                       "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed",
                       "beginTime", "duration"].joined(separator: ", ")
}
