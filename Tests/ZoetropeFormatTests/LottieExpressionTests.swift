import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// A Lottie document of `layers` (JSON text), 100×80 at 30 fps, frames 0–60.
private func lottie(_ layers: String...) -> String {
    #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 80, "assets": [], "layers": [\#(layers.joined(separator: ", "))]}"#
}

/// A layer named `name` drawing a 20-point red square at its origin; `position` and `opacity`
/// are its transform's properties, `extra` more keys of the layer.
private func layer(_ name: String, ind: Int = 1, position: String = #"{"a": 0, "k": [0, 0]}"#, opacity: String = #"{"a": 0, "k": 100}"#,
                   extra: String = "") -> String {
    #"{"ty": 4, "nm": "\#(name)", "ind": \#(ind), "ip": 0, "op": 600, "st": 0, "ks": {"p": \#(position), "a": {"a": 0, "k": [0, 0]}, "o": \#(opacity)}, "shapes": [{"ty": "gr", "nm": "Square", "it": [{"ty": "rc", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "nm": "Fill", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}}]}]\#(extra)}"#
}

/// x moves 0 → 30 linearly over frames 0–30 (y stays 0), with expression `expression`.
private func moving(_ expression: String) -> String {
    #"{"a": 1, "x": "\#(expression)", "k": [{"t": 0, "s": [0, 0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 30, "s": [30, 0]}]}"#
}

/// A fixed property with expression `expression`.
private func fixed(_ value: String, _ expression: String) -> String {
    #"{"a": 0, "k": \#(value), "x": "\#(expression)"}"#
}

private func read(_ text: String) throws -> LoadedScene {
    try SceneLoader.parse(Array(text.utf8), file: "test.json")
}

private func values(_ loaded: LoadedScene, _ id: String, atFrame frame: Double) throws -> LayerValues {
    let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 100)
    let index = try #require(loaded.scene.layers.index(of: id))
    return evaluation.presentation(at: frame / 30).values[index]
}

private func x(_ loaded: LoadedScene, _ id: String = "box", atFrame frame: Double) throws -> Double {
    try values(loaded, id, atFrame: frame).position.x
}

@Suite struct LottieExpressionTests {
    @Test func timeAndValueAreTheSecondsAndTheKeyframedValue() throws {
        let loaded = try read(lottie(layer("Box", position: moving(#"var $bm_rt;\n$bm_rt = [value[0] + time * 10, value[1] + 1];"#))))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        #expect(abs(try x(loaded, atFrame: 15) - 20) < 1e-6, "15 from the keys, 0.5 s × 10")
        #expect(abs(try x(loaded, atFrame: 45) - 45) < 1e-6, "30 held after the last key, 1.5 s × 10")
        #expect(abs(try values(loaded, "box", atFrame: 15).position.y - 1) < 1e-6)
    }

    @Test func linearAndTheEasesMapTimeOntoValues() throws {
        func opacity(_ expression: String, atFrame frame: Double) throws -> Double {
            let loaded = try read(lottie(layer("Box", opacity: fixed("100", expression))))
            #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
            return try values(loaded, "box", atFrame: frame).opacity
        }
        #expect(abs(try opacity("linear(time, 0, 1, 0, 100)", atFrame: 15) - 0.5) < 1e-6)
        #expect(abs(try opacity("linear(time, 0, 1, 0, 100)", atFrame: 45) - 1) < 1e-6, "clamped past tMax")
        #expect(abs(try opacity("$bm_rt = linear(0.25, 20, 60)", atFrame: 0) - 0.3) < 1e-6, "the three-argument form over 0…1")
        #expect(abs(try opacity("ease(time, 0, 1, 0, 100)", atFrame: 15) - 0.5) < 1e-2, "an ease is (nearly) symmetric")
        let easeIn = try opacity("easeIn(time, 0, 1, 0, 100)", atFrame: 9)
        let linear = try opacity("linear(time, 0, 1, 0, 100)", atFrame: 9)
        let easeOut = try opacity("easeOut(time, 0, 1, 0, 100)", atFrame: 9)
        #expect(easeIn < linear && linear < easeOut, "\(easeIn) \(linear) \(easeOut)")
    }

    @Test func wiggleIsSeededSoEveryReadingGivesTheSameValues() throws {
        let file = lottie(layer("Box", position: fixed("[50, 40]", "wiggle(3, 10)")))
        let first = try read(file), second = try read(file)
        var moved = false
        for frame in stride(from: 0.0, through: 59, by: 7) {
            let a = try values(first, "box", atFrame: frame).position, b = try values(second, "box", atFrame: frame).position
            #expect(a == b)
            #expect(abs(a.x - 50) <= 20 && abs(a.y - 40) <= 20, "within twice the amplitude: \(a)")
            moved = moved || a != Vector2(50, 40)
        }
        #expect(moved)
        #expect(try values(first, "box", atFrame: 10).position != values(first, "box", atFrame: 11).position)
    }

    @Test func randomIsSeededByThePropertyAndSeedRandomHoldsItStill() throws {
        let loaded = try read(lottie(layer("Box", position: fixed("[0, 0]", "seedRandom(4, true); [random(100), random(50, 60)]")),
                                     layer("Jump", ind: 2, position: fixed("[0, 0]", "[random(100), 0]"))))
        // A timeless seed gives the same value at every frame; without, the value changes.
        let still = try values(loaded, "box", atFrame: 3).position
        #expect(still == (try values(loaded, "box", atFrame: 40).position))
        #expect(still.x >= 0 && still.x < 100 && still.y >= 50 && still.y < 60)
        #expect(try x(loaded, "jump", atFrame: 3) != x(loaded, "jump", atFrame: 40))
    }

    @Test func loopOutRunThroughTheEngineMatchesTheExactLoop() throws {
        for kind in ["cycle", "pingpong", "offset", "continue"] {
            let exact = try read(lottie(layer("Box", position: moving("loopOut('\(kind)')"))))
            let engine = try read(lottie(layer("Box", position: moving("var $bm_rt; $bm_rt = add(loopOut('\(kind)'), [0, 0]);"))))
            #expect(engine.unsupported.isEmpty, "\(engine.unsupported)")
            for frame in [12.0, 37, 52] {
                #expect(abs(try x(exact, atFrame: frame) - x(engine, atFrame: frame)) < 1e-3, "\(kind) at \(frame)")
            }
        }
    }

    @Test func anotherLayersPositionIsReadThroughThisComp() throws {
        let leader = layer("Leader", ind: 1, position: moving("").replacingOccurrences(of: #""x": "", "#, with: ""))
        let follower = layer("Follower", ind: 2, position: fixed("[0, 0]", "var p = thisComp.layer('Leader').transform.position; [p[0] + 5, thisComp.height - 10]"))
        let loaded = try read(lottie(leader, follower))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        #expect(abs(try x(loaded, "follower", atFrame: 15) - 20) < 1e-6)
        #expect(abs(try values(loaded, "follower", atFrame: 15).position.y - 70) < 1e-6)
    }

    @Test func anEffectsSliderIsReadByNameAndByIndex() throws {
        let slider = #", "ef": [{"ty": 5, "nm": "Fader", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "v": {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 30, "s": [100]}]}}]}]"#
        let byName = try read(lottie(layer("Box", opacity: fixed("100", "effect('Fader')('Slider')"), extra: slider)))
        let byIndex = try read(lottie(layer("Box", opacity: fixed("100", "thisLayer.effect('Fader')(1) / 2"), extra: slider)))
        #expect(abs(try values(byName, "box", atFrame: 15).opacity - 0.5) < 1e-6)
        #expect(abs(try values(byIndex, "box", atFrame: 30).opacity - 0.5) < 1e-6)
    }

    @Test func valueAtTimeReadsTheKeysAtAnotherTime() throws {
        let loaded = try read(lottie(layer("Box", position: moving("valueAtTime(time - 0.5)"))))
        #expect(abs(try x(loaded, atFrame: 30) - 15) < 1e-6)
        #expect(abs(try x(loaded, atFrame: 10) - 0) < 1e-6, "before the first key: its value")
    }

    @Test func aKeyReadsAsItsValuesComponents() throws {
        // `key(n)[i]` is the key's value's component i, as Ease and Wizz's presets read it; a
        // component past the value's is undefined (the presets find the dimension so).
        let loaded = try read(lottie(layer("Box", position: moving("var k = key(2); [k[0] + k.time, typeof k[2] === 'undefined' ? k[1] + 7 : -1]"))))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        #expect(abs(try x(loaded, atFrame: 5) - 31) < 1e-6, "key 2 holds [30, 0] at 1 s")
        #expect(abs(try values(loaded, "box", atFrame: 5).position.y - 7) < 1e-6)
        let opacity = try read(lottie(layer("Box", opacity: #"{"a": 1, "x": "key(1)[0] + key(numKeys)[0] / 4", "k": [{"t": 0, "s": [20], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 30, "s": [80]}]}"#)))
        #expect(opacity.unsupported.isEmpty, "\(opacity.unsupported)")
        #expect(abs(try values(opacity, "box", atFrame: 12).opacity - 0.4) < 1e-6, "a number's key reads as its one component: 20 + 80 / 4")
    }

    @Test func easeAndWizzBetweenTheKeysAroundTime() throws {
        // Ease and Wizz's inOutQuad as its preset writes it: the key before `time` from
        // nearestKey, the keys' components by index, the ease over their span; past the last
        // key (no key after it), the keys' value.
        let script = "function q(t, b, c, d) { if ((t /= d / 2) < 1) return c / 2 * t * t + b; return -c / 2 * ((--t) * (t - 2) - 1) + b; }" +
            " var n = nearestKey(time).index; if (key(n).time > time) n--;" +
            " var k1, k2; try { k1 = key(n); k2 = key(n + 1); } catch (e) { k2 = null; }" +
            " k2 ? [q(time - k1.time, k1[0], k2[0] - k1[0], k2.time - k1.time), k1[1]] : value"
        let loaded = try read(lottie(layer("Box", position: moving(script))))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        #expect(abs(try x(loaded, atFrame: 15) - 15) < 1e-6, "half way")
        #expect(abs(try x(loaded, atFrame: 6) - 30 * 2 * 0.2 * 0.2) < 1e-6, "a fifth of the way: eased in")
        #expect(abs(try x(loaded, atFrame: 24) - 30 * (1 - 2 * 0.2 * 0.2)) < 1e-6, "four fifths: eased out")
        #expect(abs(try x(loaded, atFrame: 45) - 30) < 1e-6, "past the last key")
    }

    @Test func anInfiniteLoopIsStoppedByTheBudgetAndDrawnFromItsKeys() throws {
        let start = ContinuousClock.now
        let loaded = try read(lottie(layer("Box", position: moving("while (true) {}"))))
        #expect(ContinuousClock.now - start < .seconds(5))
        let notes = loaded.unsupported.map(\.description)
        #expect(notes.count == 1 && notes[0].hasPrefix("test.json: layers[0].ks.p.x: expressions (x): the expression ran past its budget"), "\(notes)")
        #expect(abs(try x(loaded, atFrame: 15) - 15) < 1e-6, "the keys")
    }

    @Test func aFilesExpressionsTogetherStopAtTheFilesBudget() throws {
        // 40 expressions that never end, on a file budget of 5 M instructions: a few run to their
        // own budget (1 M each), then the file's is spent and the rest are drawn from their keys
        // without running.
        let root = try #require(JSONParser.parse(Array(lottie(layer("Box")).utf8)))
        let engine = try #require(ExpressionEngine(root: root, fileInstructions: 5_000_000))
        let slots = try (0..<40).map { index in
            try engine.register("for (var i = 0; ; i++) {}", at: "layers[0].ks.o\(index).x", base: LottieProperty<[Double]>.fixed([0])).get()
        }
        let start = ContinuousClock.now
        for slot in slots { #expect(engine.value(slot: slot, at: 0) == nil) }
        // Tests run side by side, so the time is bounded loosely; the instructions exactly.
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(engine.instructionsRun < 5_000_000 + 300_000, "\(engine.instructionsRun)")
        let failures = engine.failures.map(\.message)
        #expect(failures.count == 40)
        let own = failures.filter { $0.hasPrefix("the expression ran past its budget (1000000 instructions)") }.count
        #expect(own >= 3 && own <= 5, "\(failures.prefix(6))")
        #expect(failures.suffix(30).allSatisfy { $0 == "the file's expressions ran past their budget (5000000 instructions in all)" })
    }

    @Test func aMemoryBombIsStoppedByTheCap() throws {
        let loaded = try read(lottie(layer("Box", position: moving("var s = 'xxxxxxxx'; var a = []; while (true) { a.push(s); s = s + s; }"))))
        let notes = loaded.unsupported.map(\.description)
        #expect(notes.count == 1 && notes[0].contains("memory cap"), "\(notes)")
        #expect(abs(try x(loaded, atFrame: 15) - 15) < 1e-6)
    }

    @Test func aSyntaxErrorOrAResultThatIsNotANumberIsNotedAndDrawnFromTheKeys() throws {
        let loaded = try read(lottie(layer("Box", position: moving("$bm_rt = ;")), layer("Text", ind: 2, position: moving("$bm_rt = 'left';")),
                                     layer("Thrown", ind: 3, position: moving("thisComp.layer('Nobody').position"))))
        let notes = loaded.unsupported.map(\.description)
        #expect(notes.count == 3, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("test.json: layers[0].ks.p.x: expressions (x): SyntaxError") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("test.json: layers[1].ks.p.x: expressions (x): TypeError: the result is not a number") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("test.json: layers[2].ks.p.x: expressions (x): ReferenceError: no layer Nobody") }, "\(notes)")
        #expect(abs(try x(loaded, "text", atFrame: 15) - 15) < 1e-6)
    }

    @Test func propertiesReadingEachOtherAreReadFromTheirKeysInsideTheCycle() throws {
        let a = layer("A", ind: 1, position: fixed("[1, 0]", "thisComp.layer('B').position"))
        let b = layer("B", ind: 2, position: fixed("[2, 0]", "add(thisComp.layer('A').position, [10, 0])"))
        let loaded = try read(lottie(a, b))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        // A reads B's expression, which reads A's keys (A is being evaluated): 1 + 10.
        #expect(try x(loaded, "a", atFrame: 5) == 11)
        // B reads A's expression, which reads B's keys: 2 + 10.
        #expect(try x(loaded, "b", atFrame: 5) == 12)
    }

    @Test func leftoversInTheGlobalScopeDoNotReachTheNextEvaluation() throws {
        // Each evaluation counts an undeclared global up from nothing, and Math cannot be changed.
        let loaded = try read(lottie(layer("Box", position: fixed("[0, 0]", "if (typeof counter === 'undefined') counter = 0; counter += 1; Math.sin = function () { return 9; }; [counter, Math.sin(0)]"))))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        for frame in [0.0, 10, 20] { #expect(try values(loaded, "box", atFrame: frame).position == Vector2(1, 0)) }
    }

    @Test func whatAnEvaluationAssignsToTheEnvironmentsNamesDoesNotReachTheNext() throws {
        // The helpers are made once per expression; rebinding them, the time or the closure's
        // own names in one evaluation changes nothing in the next, in any order.
        let hostile = "var $bm_rt = [key(2)[0] + time * 10, content('Square').transform.position[0]];" +
            " key = function () { return [100]; }; content = null; time = 99; __env = null; __time = -1;"
        let loaded = try read(lottie(layer("Box", position: moving(hostile))))
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        for frame in [20.0, 5, 20, 12] {
            #expect(abs(try x(loaded, atFrame: frame) - (30 + frame / 3)) < 1e-6, "at \(frame)")
        }
        // An expression's own function of a helper's name is its own.
        let own = try read(lottie(layer("Box", position: moving("var $bm_rt; function key(n) { return [7 * n]; } $bm_rt = [key(2)[0], 0];"))))
        #expect(abs(try x(own, atFrame: 10) - 14) < 1e-6)
    }

    @Test func nothingOutsideTheEngineIsReachable() throws {
        let loaded = try read(lottie(layer("Box", position: fixed("[0, 0]", "[typeof require, typeof print, typeof alert, typeof Duktape, typeof Date].join() === 'undefined,undefined,undefined,undefined,undefined' ? [1, 1] : [2, 2]"))))
        #expect(try values(loaded, "box", atFrame: 0).position == Vector2(1, 1), "\(loaded.unsupported)")
    }

    @Test func twoThreadsReadingTheSameFileGetTheSameValues() async throws {
        let file = lottie(layer("Box", position: fixed("[50, 40]", "wiggle(5, 20)")), layer("Other", ind: 2, position: fixed("[0, 0]", "random([100, 100])")))
        let results = try await withThrowingTaskGroup(of: [Vector2].self) { group in
            for order in [false, true] {
                group.addTask {
                    let loaded = try read(file)
                    let frames = order ? Array(stride(from: 59.0, through: 0, by: -1)) : Array(stride(from: 0.0, through: 59, by: 1))
                    let points = try frames.map { try values(loaded, "box", atFrame: $0).position + values(loaded, "other", atFrame: $0).position }
                    return order ? points.reversed() : points
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 2 && results[0] == results[1])
    }

    @Test func aFillColourAndAShapesSizeTakeTheirExpressions() throws {
        let file = lottie(layer("Box", position: fixed("[0, 0]", "[0, 0]")))
            .replacingOccurrences(of: #""c": {"a": 0, "k": [1, 0, 0, 1]}"#, with: #""c": {"a": 0, "k": [1, 0, 0, 1], "x": "[0, 0, time, 1]"}"#)
        let loaded = try read(file)
        #expect(loaded.unsupported.isEmpty, "\(loaded.unsupported)")
        let painted = try loaded.scene.layers.nodes.map(\.id).filter { try values(loaded, $0, atFrame: 0).fill.alpha == 1 }
        #expect(painted.count == 1, "\(painted)")
        let fill = try values(loaded, try #require(painted.first), atFrame: 15).fill
        #expect(abs(fill.blue - 0.5) < 1e-6 && fill.red == 0, "\(fill)")
    }
}
