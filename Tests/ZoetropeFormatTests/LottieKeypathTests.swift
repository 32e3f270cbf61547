import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// Keypath value overrides (`--set keypath.**.Fill 1.Color=#FF0000`), the dynamic properties
/// of lottie-ios (`AnimationKeypath` with a value provider) and lottie-android (`KeyPath`).
@Suite struct LottieKeypathTests {
    /// A 100 × 40 animation at 30 fps, frames 0–60: layer `Box` holds group `Square` (a
    /// rectangle filled green by `Fill 1`); layer `Dot` holds an ellipse filled blue by its own
    /// `Fill 1`, one level up; layers `Left` and `Right` both show precomposition `inner`,
    /// whose layer `Mark` is filled white by `Fill 1`.
    static let animation: String = {
        let rect = #"{"ty": "rc", "nm": "Rectangle 1", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}"#
        let green = #"{"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}"#
        let box = #"{"ty": 4, "nm": "Box", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"o": {"a": 0, "k": 100}}, "shapes": [{"ty": "gr", "nm": "Square", "it": [\#(rect), \#(green), {"ty": "tr", "nm": "Transform"}]}]}"#
        let ellipse = #"{"ty": "el", "nm": "Ellipse 1", "p": {"a": 0, "k": [50, 20]}, "s": {"a": 0, "k": [10, 10]}}"#
        let blue = #"{"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}"#
        let dot = #"{"ty": 4, "nm": "Dot", "ind": 2, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(ellipse), \#(blue)]}"#
        let white = #"{"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}}"#
        let mark = #"{"ty": 4, "nm": "Mark", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(rect), \#(white)]}"#
        let left = #"{"ty": 0, "nm": "Left", "refId": "inner", "ind": 3, "ip": 0, "op": 60, "st": 0, "w": 40, "h": 40, "ks": {}}"#
        let right = #"{"ty": 0, "nm": "Right", "refId": "inner", "ind": 4, "ip": 0, "op": 60, "st": 0, "w": 40, "h": 40, "ks": {"p": {"a": 0, "k": [60, 0]}}}"#
        let assets = #"[{"id": "inner", "layers": [\#(mark)]}]"#
        return #"{"v": "5.12.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 40, "assets": \#(assets), "layers": [\#(box), \#(dot), \#(left), \#(right)]}"#
    }()

    static func load(_ overrides: [(String, String)]) throws -> LoadedScene {
        try SceneLoader.parse(Array(animation.utf8), file: "shapes.json", overrides: overrides.map { SceneOverride(key: $0.0, value: $0.1) })
    }

    /// The fills of the scene at `seconds`, by the id of their node (ids end in `Fill`).
    static func fills(_ loaded: LoadedScene, at seconds: Double = 0) -> [String: Color] {
        let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 2)
        let values = evaluation.presentation(at: seconds).values
        var found: [String: Color] = [:]
        for (index, node) in loaded.scene.layers.nodes.enumerated() where node.id.hasSuffix("Fill") {
            found[node.id] = values[index].fill
        }
        return found
    }

    /// The fill whose node id begins with `layer` (lowercased), among `fills`.
    static func fill(_ fills: [String: Color], _ layer: String) -> Color? {
        let matching = fills.filter { $0.key.lowercased().hasPrefix(layer.lowercased()) }
        return matching.count == 1 ? matching.first?.value : nil
    }

    static func problems(_ overrides: [(String, String)]) -> [String] {
        do {
            _ = try load(overrides)
            return []
        } catch let error as SceneLoadError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    static let red = Color(red: 1, green: 0, blue: 0)

    @Test func aDoubleWildcardSetsEveryFillNamedSoAtAnyDepth() throws {
        let plain = Self.fills(try Self.load([]))
        #expect(Self.fill(plain, "box") == Color(red: 0, green: 1, blue: 0))
        #expect(Self.fill(plain, "dot") == Color(red: 0, green: 0, blue: 1))
        let loaded = try Self.load([("keypath.**.Fill 1.Color", "#FF0000")])
        let fills = Self.fills(loaded)
        #expect(fills.count == 4, "\(fills)")
        #expect(fills.values.allSatisfy { $0 == Self.red }, "\(fills)")
        #expect(loaded.lottieContents?.summary == "keypaths: **.Fill 1.Color (4 properties)")
    }

    @Test func aSingleWildcardStandsForExactlyOneName() throws {
        // `Dot.Fill 1` is one name down from the top; `Box.Square.Fill 1` two.
        let one = Self.fills(try Self.load([("keypath.*.Fill 1.Color", "#FF0000")]))
        #expect(Self.fill(one, "dot") == Self.red)
        #expect(Self.fill(one, "box") == Color(red: 0, green: 1, blue: 0))
        let two = Self.fills(try Self.load([("keypath.*.*.Fill 1.Color", "#FF0000")]))
        #expect(Self.fill(two, "dot") == Color(red: 0, green: 0, blue: 1))
        #expect(Self.fill(two, "box") == Self.red)
        // Both precomposition layers' `Mark` is two names down too (`Left.Mark`, `Right.Mark`).
        #expect(two.values.filter { $0 == Self.red }.count == 3, "\(two)")
    }

    @Test func aKeypathThroughOnePrecompositionLayerLeavesTheOtherThatSharesItsAsset() throws {
        let fills = Self.fills(try Self.load([("keypath.Left.**.Color", "#FF0000")]))
        let white = Color(red: 1, green: 1, blue: 1)
        #expect(fills.values.filter { $0 == Self.red }.count == 1, "\(fills)")
        #expect(fills.values.filter { $0 == white }.count == 1, "\(fills)")
    }

    @Test func aLayerOpacityIsInPercentAndAColourMayBeKeyframed() throws {
        let loaded = try Self.load([("keypath.Box.Transform.Opacity", "25"),
                                    ("keypath.Dot.Fill 1.Color", ##"[{frame: 0, value: "#000000"}, {frame: 30, value: "#FFFFFF"}]"##)])
        let evaluation = SceneEvaluation(scene: loaded.scene, horizon: 2)
        let box = try #require(loaded.scene.layers.nodes.firstIndex { $0.id.lowercased() == "box" })
        #expect(abs(evaluation.presentation(at: 0).values[box].opacity - 0.25) < 1e-9)
        // Frame 15 of 0–30, eased linearly: half way from black to white.
        let dot = try #require(Self.fill(Self.fills(loaded, at: 0.5), "dot"))
        #expect(abs(dot.red - 0.5) < 0.02 && abs(dot.green - 0.5) < 0.02 && abs(dot.blue - 0.5) < 0.02, "\(dot)")
        let later = try #require(Self.fill(Self.fills(loaded, at: 1.5), "dot"))
        #expect(later == Color(red: 1, green: 1, blue: 1))
    }

    @Test func aKeypathThatMatchesNothingOrAValueItsPropertyCannotTakeIsRefused() {
        let unknown = Self.problems([("keypath.**.Fill 9.Color", "#FF0000")])
        #expect(unknown.count == 1)
        #expect(unknown.first?.hasPrefix(#"shapes.json: --set keypath.**.Fill 9.Color: no property of the animation is at keypath "**.Fill 9.Color" (it has, among others: Box.Square.Fill 1.Color"#) == true,
                "\(unknown)")
        #expect(Self.problems([("keypath.**.Fill 1.Color", "50")])
                == ["shapes.json: --set keypath.**.Fill 1.Color: Color takes a colour (#RRGGBB or #RRGGBBAA) (found 50)"])
        #expect(Self.problems([("keypath.**.Opacity", "bright")])
                == ["shapes.json: --set keypath.**.Opacity: Opacity takes a number (found bright)"])
    }

    /// The document after `overrides` (keypath, text), or nil when they are refused.
    static func applied(_ json: String, _ overrides: [(String, String)]) throws -> JSONValue? {
        let root = try #require(JSONParser.parse(Array(json.utf8)))
        var parsed: [LottieKeypaths.Override] = []
        for (keypath, text) in overrides {
            guard case .success(let keys) = LottieKeypaths.parse(text) else { return nil }
            parsed.append(LottieKeypaths.Override(pattern: keypath.split(separator: ".").map(String.init), keys: keys, origin: keypath, text: text))
        }
        var notes: [LottieNote] = []
        guard case .success(let result) = LottieKeypaths.apply(parsed, to: root, file: "a.json", notes: &notes) else { return nil }
        return result.root
    }

    @Test func gradientColoursPointsAndTextAreWrittenInTheFilesUnits() throws {
        let gradient = #"{"ty": "gf", "nm": "Gradient Fill 1", "o": {"a": 0, "k": 100}, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "t": 1, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}}"#
        let shape = #"{"ty": 4, "nm": "Shape", "ks": {"s": {"a": 0, "k": [100, 100, 100]}}, "shapes": [\#(gradient)]}"#
        let text = #"{"ty": 5, "nm": "Title", "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"t": "Hello", "fc": [0, 0, 0], "s": 12, "f": "Sans"}}]}}}"#
        let json = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": [\#(shape), \#(text)]}"#
        let root = try #require(try Self.applied(json, [
            ("**.Colors", ##"{colors: ["#00000000", "#FFFFFF80", "#FFFFFF"], locations: [0, 0.3, 1]}"##),
            ("Shape.Transform.Scale", "[200, 150]"),
            ("Title.Color", "#FF0000"),
            ("**.Text", "Bounce"),
        ]))
        let fill = try #require(root["layers"]?.array?[0]["shapes"]?.array?[0])
        #expect(fill["g"]?["p"]?.number == 3)
        // Colour stops (location, r, g, b) then opacity stops (location, alpha).
        let half = 128.0 / 255
        #expect(fill["g"]?["k"]?["k"]?.numbers == [0, 0, 0, 0, 0.3, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0.3, half, 1, 1])
        #expect(root["layers"]?.array?[0]["ks"]?["s"]?["k"]?.numbers == [200, 150])
        let style = root["layers"]?.array?[1]["t"]?["d"]?["k"]?.array?[0]["s"]
        #expect(style?["fc"]?.numbers == [1, 0, 0])
        #expect(style?["t"]?.string == "Bounce")
        // A text layer's colour takes one value, not keyframes.
        #expect(try Self.applied(json, [("Title.Color", ##"[{frame: 0, value: "#000000"}, {frame: 10, value: "#FFFFFF"}]"##)]) == nil)
    }

    @Test func wordsTheFilesGlyphOutlinesCannotSetAreSetFromFontsWithANote() throws {
        let text = #"{"ty": 5, "nm": "Title", "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"t": "ab", "fc": [0, 0, 0], "s": 12, "f": "Sans"}}]}}}"#
        let chars = #"[{"ch": "a", "fFamily": "Sans", "style": "Regular", "size": 12, "w": 50, "data": {}}, {"ch": "b", "fFamily": "Sans", "style": "Regular", "size": 12, "w": 50, "data": {}}]"#
        let json = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "chars": \#(chars), "layers": [\#(text)]}"#
        let root = try #require(JSONParser.parse(Array(json.utf8)))
        func applied(_ words: String) -> (JSONValue?, [LottieNote]) {
            var notes: [LottieNote] = []
            let keys = (try? LottieKeypaths.parse(words).get()) ?? []
            let override = LottieKeypaths.Override(pattern: ["**", "Text"], keys: keys, origin: "--set keypath.**.Text", text: words)
            guard case .success(let result) = LottieKeypaths.apply([override], to: root, file: "a.json", notes: &notes) else { return (nil, notes) }
            return (result.root, notes)
        }
        // Outlined characters only: the outlines stay.
        let (kept, quiet) = applied("ba b")
        #expect(kept?["chars"]?.array?.count == 2)
        #expect(quiet.isEmpty)
        let (dropped, notes) = applied("abc")
        #expect(dropped?["chars"] == nil)
        #expect(notes.map(\.feature) == [#"--set keypath.**.Text sets "c", which the file's glyph outlines lack: its text is set from its fonts instead, as lottie-ios sets it"#])
    }

    @Test func anImageLayerTakesAnotherFileAndHowItFillsTheLayer() throws {
        let image = #"{"ty": 2, "nm": "Photo", "refId": "photo", "ks": {}}"#
        let json = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "assets": [{"id": "photo", "w": 10, "h": 10, "u": "images/", "p": "a.png"}], "layers": [\#(image)]}"#
        let root = try #require(try Self.applied(json, [("**.Image", "{file: dog.png, fit: aspectFill}")]))
        let reference = try #require(root["layers"]?.array?[0]["refId"]?.string)
        let asset = try #require(root["assets"]?.array?.first { $0["id"]?.string == reference })
        #expect(reference != "photo")
        #expect(asset["p"]?.string == "dog.png" && asset["u"]?.string == "")
        #expect(asset[LottieKeypaths.fitKey]?.string == "aspectFill")
        #expect(try Self.applied(json, [("**.Image", "{file: dog.png, fit: stretch}")]) == nil)
    }

    @Test func keypathComponentsMatchNamesStarsAndDoubleStars() {
        #expect(LottieKeypaths.matches(["**", "Color"], ["Color"]))
        #expect(LottieKeypaths.matches(["**", "Color"], ["A", "B", "Color"]))
        #expect(LottieKeypaths.matches(["*", "Color"], ["A", "Color"]))
        #expect(!LottieKeypaths.matches(["*", "Color"], ["A", "B", "Color"]))
        #expect(!LottieKeypaths.matches(["*", "Color"], ["Color"]))
        #expect(LottieKeypaths.matches(["**", "base", "**", "Color"], ["L", "base", "G", "Fill 1", "Color"]))
        #expect(!LottieKeypaths.matches(["**", "Fill 1", "Color"], ["L", "My Fill 1", "Color"]))
    }
}
