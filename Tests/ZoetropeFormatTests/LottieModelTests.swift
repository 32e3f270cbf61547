import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// The Lottie model (`Format/Lottie/Model`) reads a file once, through one key table per type,
/// and writes it through the same tables: what it writes reads back as the same model and the
/// same scene.
@Suite struct LottieModelTests {
    private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lottie/Corpus")

    private static func animation(_ bytes: [UInt8], notes: inout LottieNotes) throws -> LottieAnimation {
        LottieAnimation.decode(try #require(JSONParser.parse(bytes)), at: "", notes: &notes)
    }

    @Test func everyCorpusFileWrittenFromItsModelReadsBackAsTheSameModelAndScene() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".json") && $0 != "index.json" }
        #expect(files.count >= 10)
        for file in files.sorted() {
            let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(file)))
            var notes = LottieNotes()
            let written = try Self.animation(bytes, notes: &notes).json.compact()
            var again = LottieNotes()
            let rewritten = try Self.animation(Array(written.utf8), notes: &again).json.compact()
            #expect(written == rewritten, "\(file): the model written and read back writes differently")
            // The scene drawn from what the model wrote is the scene drawn from the file.
            let original = try LottieReader.read(bytes, file: file, name: "a")
            let copy = try LottieReader.read(Array(written.utf8), file: file, name: "a")
            #expect(original.scene == copy.scene, "\(file): the written model draws a different scene")
            #expect(original.unsupported.map(\.path) == copy.unsupported.map(\.path), "\(file)")
        }
    }

    @Test func eachKindOfShapeReadsItsOwnKeys() throws {
        // `r` is a rectangle's roundness, a star's rotation and a fill's rule; `d` a shape's
        // direction and a stroke's dashes.
        let json = #"""
        {"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 4, "shapes": [
          {"ty": "rc", "r": {"a": 0, "k": 4}, "d": 3},
          {"ty": "sr", "r": {"a": 0, "k": 45}, "sy": 2},
          {"ty": "fl", "r": 2},
          {"ty": "st", "d": [{"n": "d", "v": {"a": 0, "k": 6}}, {"n": "g", "v": {"a": 0, "k": 2}}], "w": {"a": 0, "k": 3}},
          {"ty": "tw"}]}]}
        """#
        var notes = LottieNotes()
        let animation = try Self.animation(Array(json.utf8), notes: &notes)
        let shapes = try #require(animation.layers?.first?.shapes)
        guard shapes.count == 5, case .rectangle(let rectangle) = shapes[0].content, case .polystar(let star) = shapes[1].content,
              case .fill(let fill) = shapes[2].content, case .stroke(let stroke) = shapes[3].content, case .other("tw") = shapes[4].content else {
            Issue.record("the items were read as other kinds: \(shapes.map(\.type))")
            return
        }
        #expect(rectangle.roundness?.value(at: 0) == [4] && rectangle.direction == 3)
        #expect(star.rotation?.value(at: 0) == [45] && star.starType == 2)
        #expect(fill.fillRule == 2)
        #expect(stroke.style.dashes?.map(\.kind) == ["d", "g"] && stroke.style.width?.value(at: 0) == [3])
    }

    @Test func whatTheModelCannotHoldIsNotedAtItsPathButNotInAHiddenShape() throws {
        // A hidden layer still moves the layers it parents; a hidden shape draws nothing.
        let expression = #"{"a": 0, "k": 50, "x": "wiggle(2, 10)"}"#
        let json = #"""
        {"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [
          {"ty": 4, "ks": {"o": \#(expression)}, "shapes": [
            {"ty": "el", "hd": true, "s": \#(expression)}, {"ty": "el", "s": \#(expression)}]},
          {"ty": 3, "hd": true, "ks": {"r": \#(expression)}}]}
        """#
        var notes = LottieNotes()
        _ = try Self.animation(Array(json.utf8), notes: &notes)
        #expect(notes.unsupported.map(\.path) == ["layers[0].ks.o.x", "layers[0].shapes[1].s.x", "layers[1].ks.r.x"])
    }

    @Test func aLoopIsWrittenAsTheExpressionItWasReadFrom() throws {
        let json = #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 10, "s": [5]}], "x": "loopOut('pingpong')"}"#
        var notes = LottieNotes()
        let parsed = try #require(JSONParser.parse(Array(json.utf8)))
        let property = try #require(LottieProperty.numbers(parsed, at: "p", notes: &notes))
        let written = property.json.compact()
        #expect(written == #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":10,"s":[5]}],"x":"loopOut('pingpong', 0)"}"#)
        let reparsed = try #require(JSONParser.parse(Array(written.utf8)))
        let again = try #require(LottieProperty.numbers(reparsed, at: "p", notes: &notes))
        #expect((0...40).allSatisfy { again.value(at: Double($0) / 2) == property.value(at: Double($0) / 2) })
        #expect(notes.unsupported.isEmpty)
    }
}
