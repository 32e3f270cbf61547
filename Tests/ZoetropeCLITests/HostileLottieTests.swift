import Foundation
import Testing

/// Small Lottie files that used to crash, take gigabytes or minutes (issue #45): each is now
/// refused with its JSON path and the limit, or read in time linear in its size. Every file is
/// made here, at test time.
@Suite struct HostileLottieTests {
    // MARK: - Making animations

    private static let rectangle = #"{"ty":"rc","p":{"a":0,"k":[32,24]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
    private static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

    /// An animation of `layers` (JSON objects) at `fps`, frames 0 ..< `frames`, 64 × 48.
    private static func animation(_ layers: [String], frames: Double = 10, fps: Double = 30, extra: String = "") -> String {
        #"{"v":"5.7.0","fr":\#(fps),"ip":0,"op":\#(frames),"w":64,"h":48\#(extra),"layers":[\#(layers.joined(separator: ","))]}"#
    }

    /// A shape layer of `shapes` (JSON objects).
    private static func shapeLayer(_ shapes: [String], index: Int = 1, name: String? = nil, shown: Range<Int> = 0..<1_000_000_000,
                                   extra: String = "") -> String {
        let named = name.map { #","nm":"\#($0)""# } ?? ""
        return #"{"ty":4,"ind":\#(index),"ip":\#(shown.lowerBound),"op":\#(shown.upperBound),"st":0\#(named)\#(extra),"ks":{},"shapes":[\#(shapes.joined(separator: ","))]}"#
    }

    private func validate(_ name: String, _ text: String, _ options: [String] = []) throws -> CommandRunner.Result {
        let folder = try TemporaryFolder()
        return try CommandRunner.run(["validate", try folder.write(name, text)] + options)
    }

    // MARK: - Recursion and counts

    @Test func aThousandChainedMergesAreRefusedAtTheMergeDepthWithoutOverflowingTheStack() throws {
        let shapes = Array(repeating: [Self.rectangle, #"{"ty":"mm","mm":3}"#], count: 1_000).flatMap { $0 } + [Self.fill]
        let result = try validate("merges.json", Self.animation([Self.shapeLayer(shapes)]))
        #expect(result.status == 65, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("merges.json: layers[0].shapes[65]: merge paths may combine earlier merges at most 32 deep"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1, "one refusal, then nothing more is built")
    }

    @Test func parentWrappersCountAgainstTheLayerLimitAndLongChainsAreRefused() throws {
        func chain(_ count: Int) -> String {
            Self.animation((0..<count).map { Self.shapeLayer([Self.rectangle, Self.fill], index: $0 + 1, extra: $0 > 0 ? #","parent":\#($0)"# : "") })
        }
        let long = try validate("chain.json", chain(2_000))
        #expect(long.status == 65)
        #expect(long.stderr.contains("chain.json: layers[1999].parent: a layer may have at most 64 parents above it"), "\(long.stderr.prefix(300))")
        #expect(long.stderr.split(separator: "\n").count == 1, "one refusal, then nothing more is built")
        let short = try validate("short.json", chain(60))
        #expect(short.status == 0, "\(short.stderr.prefix(300))")
        // 60 layers, 0 + 1 + … + 59 parent groups around them, and each layer's fill.
        #expect(short.stdout.contains("\(60 + 59 * 60 / 2 + 60) layers"), "\(short.stdout)")
    }

    @Test func aPrecompFanOutIsRefusedAtTheLayerLimit() throws {
        var assets: [String] = []
        for level in 0..<31 {
            let uses = (0..<10).map { #"{"ty":0,"ind":\#($0),"refId":"p\#(level + 1)","w":64,"h":48,"ip":0,"op":10,"st":0,"ks":{}}"# }
            assets.append(#"{"id":"p\#(level)","layers":[\#(uses.joined(separator: ","))]}"#)
        }
        assets.append(#"{"id":"p31","layers":[\#(Self.shapeLayer([Self.rectangle, Self.fill]))]}"#)
        let top = #"{"ty":0,"ind":1,"refId":"p0","w":64,"h":48,"ip":0,"op":10,"st":0,"ks":{}}"#
        let result = try validate("fan.json", Self.animation([top], extra: #","assets":[\#(assets.joined(separator: ","))]"#))
        #expect(result.status == 65)
        #expect(result.stderr.contains("the animation expands to more than 100000 layers"), "\(result.stderr.prefix(300))")
    }

    @Test func nestedRepeatersAreRefusedPastTheCopiesTheyMayDrawTogether() throws {
        func repeater(_ copies: Int) -> String {
            #"{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[1,0]},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
        }
        func nested(_ outer: Int, _ inner: Int) -> String {
            let group = #"{"ty":"gr","it":[\#(Self.rectangle),\#(Self.fill),\#(repeater(inner)),{"ty":"tr"}]}"#
            return Self.animation([Self.shapeLayer([#"{"ty":"gr","it":[\#(group),\#(repeater(outer)),{"ty":"tr"}]}"#])])
        }
        let bomb = try validate("bomb.json", nested(10_000, 10_000))
        #expect(bomb.status == 65)
        #expect(bomb.stderr.contains("100000000 times"), "\(bomb.stderr)")
        #expect(bomb.stderr.contains("they may draw at most 100000"), "\(bomb.stderr)")
        let fence = try validate("fence.json", nested(100, 20))
        #expect(fence.status == 0, "\(fence.stderr)")
    }

    @Test func nestedReplicatorsInASceneFileAreRefusedToo() throws {
        let scene = """
            version: 1
            canvas: { size: [64, 48] }
            render: { fps: 10, duration: 1 }
            layers:
              - id: outer
                shape: group
                replicator: { count: 10000, translation: [1, 0] }
                children:
                  - id: inner
                    shape: group
                    replicator: { count: 5, translation: [0, 1] }
                    children:
                      - { id: dot, shape: rect, size: [1, 1] }
            animators:
              - { id: grow, duration: 1, animations: [ { set: { inner.replicator.count: 10000 } } ] }
            script:
              - { at: 0, start: grow }
            """
        let result = try validate("grid.yaml", scene)
        #expect(result.status == 65)
        #expect(result.stderr.contains("grid.yaml: layers[outer].children[inner].replicator.count: replicators nested in one another would draw its children 100000000 times"),
                "\(result.stderr)")
    }

    // MARK: - Linear time

    @Test func thirtyThousandLayersOfOneNameReadInLinearTime() throws {
        let layers = (0..<30_000).map { Self.shapeLayer([Self.rectangle, Self.fill], index: $0, name: "same") }
        let result = try validate("same.json", Self.animation(layers))
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stdout.contains("60000 layers"), "\(result.stdout)")
    }

    @Test func aThousandLayersOverTenMillionFramesAreShownWithoutVisitingEveryFrame() throws {
        let layers = (0..<1_000).map { Self.shapeLayer([Self.rectangle, Self.fill], index: $0, shown: $0..<(10_000_000 - $0)) }
        let result = try validate("long.json", Self.animation(layers, frames: 10_000_000, fps: 1_000))
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stdout.contains("10000000 frames"), "\(result.stdout)")
    }

    // MARK: - Sampling at every frame

    /// A precomp over ten million frames whose time remap `tm` (with `extra` keys) plays an
    /// eased position inside it.
    private static func remapped(_ extra: String) -> String {
        let moving = #","ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":10,"s":[10,10]}]}}"#
        let inner = #"{"ty":4,"ind":1,"ip":0,"op":1e9,"st":0\#(moving),"shapes":[\#(Self.rectangle),\#(Self.fill)]}"#
        let precomp = #"{"ty":0,"ind":1,"refId":"p","w":64,"h":48,"ip":0,"op":1e7,"st":0,"ks":{},"tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":1e7,"s":[10]}]\#(extra)}}"#
        return Self.animation([precomp], frames: 1e7, fps: 1_000, extra: #","assets":[{"id":"p","layers":[\#(inner)]}]"#)
    }

    @Test func keysInsideATimeRemapOverTenMillionFramesStayKeys() throws {
        // Read along the remap, nothing is taken at the frames.
        let result = try validate("remap.json", Self.remapped(""))
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stdout.contains("10000000 frames"), "\(result.stdout)")
    }

    @Test func aLoopedTimeRemapOverTenMillionFramesIsRefusedAtTheSamplingBudget() throws {
        let result = try validate("remap.json", Self.remapped(#","x":"loopOut('cycle')""#))
        #expect(result.status == 65)
        #expect(result.stderr.contains("remap.json: assets[0].layers[0]: position is drawn from its value at every rendered frame (10000000 frames)"),
                "\(result.stderr)")
        #expect(result.stderr.contains("the values it takes at its frames may number at most 4000000, a path counting its segments (found at least 10000001)"),
                "\(result.stderr)")
    }

    @Test func aPositionTakenAtEveryFrameOverAMillionFramesIsRefusedAtTheKeyframeLimit() throws {
        // Eased per dimension (as asked) along a curved motion path: neither one track nor a
        // track per component holds it, so it is taken at every frame.
        let keys = #"[{"t":0,"s":[0,0],"to":[10,0],"ti":[0,10],"o":{"x":[0.1,0.9],"y":[0,0]},"i":{"x":[0.2,0.8],"y":[1,1]}},{"t":1e6,"s":[60,40]}]"#
        let layer = Self.shapeLayer([Self.rectangle, Self.fill]).replacingOccurrences(of: #""ks":{}"#, with: #""ks":{"p":{"a":1,"k":\#(keys)}}"#)
        let result = try validate("eased.json", Self.animation([layer], frames: 1e6, fps: 1_000), ["--set", "easing=per-dimension"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("eased.json: layers[0]: position changes at more than 100000 rendered frames"), "\(result.stderr)")
        // Eased per dimension on a straight path, the same million frames are two exact tracks.
        let straight = keys.replacingOccurrences(of: #""to":[10,0],"ti":[0,10],"#, with: "")
        let exact = Self.shapeLayer([Self.rectangle, Self.fill]).replacingOccurrences(of: #""ks":{}"#, with: #""ks":{"p":{"a":1,"k":\#(straight)}}"#)
        let kept = try validate("straight.json", Self.animation([exact], frames: 1e6, fps: 1_000), ["--set", "easing=per-dimension"])
        #expect(kept.status == 0, "\(kept.stderr)")
    }

    @Test func manyShapesBeforeManyTrimsAreCountedWithThePaintedVertices() throws {
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
        let shapes = Array(repeating: Self.rectangle, count: 20_000) + Array(repeating: trim, count: 20_000) + [Self.fill]
        let result = try validate("trims.json", Self.animation([Self.shapeLayer(shapes)]))
        #expect(result.status == 65)
        #expect(result.stderr.contains("the paints of the animation may draw at most 2000000 vertices in all"), "\(result.stderr)")
    }

    @Test func textDocumentsSetPastTheSamplingBudgetAreRefused() throws {
        let outline = (0..<1_000).map { "[\($0 % 50),-\($0 % 70)]" }.joined(separator: ",")
        let glyph = #"{"ch":"a","size":100,"style":"R","w":60,"fFamily":"F","data":{"shapes":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[\#(outline)],"i":[],"o":[]}}}]}}"#
        let documents = (0..<20_000).map { #"{"t":\#(1_000_000 + $0),"s":{"t":"aaaaaaaaaa","s":10,"f":"F","fc":[1,1,1],"j":0,"tr":0,"lh":12}}"# }
        let text = #"{"ty":5,"ind":1,"ip":0,"op":1e6,"st":0,"ks":{},"t":{"d":{"k":[\#(documents.joined(separator: ","))]}}}"#
        let extra = #","chars":[\#(glyph)],"fonts":{"list":[{"fName":"F","fFamily":"F","fStyle":"R","ascent":75}]}"#
        let result = try validate("documents.json", Self.animation([text], frames: 100, extra: extra))
        #expect(result.status == 65)
        #expect(result.stderr.contains("documents.json: layers[0]: the text's documents are set in 20000 outlines"), "\(result.stderr)")
    }

    // MARK: - Documents and values past the limits

    @Test func aGzippedDocumentOfMillionsOfTinyArraysIsRefusedAtTheNodeLimit() throws {
        let folder = try TemporaryFolder()
        let json = Self.animation([], extra: #","x":[\#(Array(repeating: "[0]", count: 4_100_000).joined(separator: ","))]"#)
        let plain = try folder.write("arrays.json", json)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-f", plain]
        try gzip.run()
        gzip.waitUntilExit()
        let result = try CommandRunner.run(["validate", plain + ".gz"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("the document holds more than 4000000 values"), "\(result.stderr)")
    }

    @Test func aPathOfMoreVerticesThanThePathLimitIsRefusedNotDropped() throws {
        let count = 100_001
        let points = Array(repeating: "[1,2]", count: count).joined(separator: ",")
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[\#(points)],"i":[],"o":[]}}}"#
        let result = try validate("path.json", Self.animation([Self.shapeLayer([path, Self.fill])]))
        #expect(result.status == 65)
        #expect(result.stderr.contains("path.json: layers[0].shapes[0].ks.k.v: a path may have at most 100000 vertices (found 100001)"), "\(result.stderr)")
    }

    @Test func keysPastTheKeyframeLimitAreRefusedNotIgnored() throws {
        let keys = (0...100_000).map { #"{"t":\#($0),"s":[\#($0 % 100)]}"# }.joined(separator: ",")
        let layer = Self.shapeLayer([Self.rectangle, Self.fill]).replacingOccurrences(of: #""ks":{}"#, with: #""ks":{"o":{"a":1,"k":[\#(keys)]}}"#)
        let result = try validate("keys.json", Self.animation([layer], frames: 100_001, fps: 100))
        #expect(result.status == 65)
        #expect(result.stderr.contains("keys.json: layers[0].ks.o.k: a property may have at most 100000 keyframes (found 100001)"), "\(result.stderr)")
    }

    @Test func aFrameRateBeyondADoubleIsNamedByItsKey() throws {
        let result = try validate("rate.json", Self.animation([]).replacingOccurrences(of: #""fr":30.0"#, with: #""fr":1e999"#))
        #expect(result.status == 65)
        #expect(result.stderr.contains("rate.json: fr: the JSON cannot be read (line 1, column 24)"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("): the number 1e999 is beyond a double's range\n"), "\(result.stderr)")
    }

    /// A text of `words` words "ab" in a 60 × 40 box, set in glyphs of `vertices` vertices each.
    private static func boxText(words: Int, vertices: Int) -> String {
        let outline = Array(repeating: "[0,0]", count: vertices).joined(separator: ",")
        let glyphs = ["a", "b", " "].map { character in
            #"{"ch":"\#(character)","size":100,"style":"R","w":60,"fFamily":"F","data":{"shapes":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[\#(outline)],"i":[],"o":[]}}}]}}"#
        }
        let text = Array(repeating: "ab", count: words).joined(separator: " ")
        let document = #"{"t":0,"s":{"t":"\#(text)","s":10,"f":"F","fc":[1,1,1],"j":0,"tr":0,"lh":12,"sz":[60,40],"ps":[0,0]}}"#
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[\#(document)]}}}"#
        return animation([layer], extra: #","chars":[\#(glyphs.joined(separator: ","))],"fonts":{"list":[{"fName":"F","fFamily":"F","fStyle":"R","ascent":75}]}"#)
    }

    @Test func textWhoseOutlineIsPastThePathLimitIsRefusedBeforeItIsSetWhole() throws {
        let result = try validate("long.json", Self.boxText(words: 200_000, vertices: 3))
        #expect(result.status == 65)
        #expect(result.stderr.contains("long.json: layers[0].t.d: the text's outline has more than 100000 path segments"), "\(result.stderr)")
    }

    @Test func boxTextOfTwoHundredThousandWordsWrapsInLinearTime() throws {
        // Glyphs without outlines: the words are measured and wrapped, the path stays empty.
        let folder = try TemporaryFolder()
        let file = try folder.write("box.json", Self.boxText(words: 200_000, vertices: 0))
        let result = try CommandRunner.run(["render", file, "--frames", "0", "--out", folder.path("frames"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(FileManager.default.fileExists(atPath: folder.path("frames/frame_00000.png")))
    }

    // MARK: - Converting

    @Test func convertRefusesToWriteAScenePastItsOwnReadersLimits() throws {
        let far = Self.shapeLayer([Self.rectangle, Self.fill]).replacingOccurrences(of: #""ks":{}"#, with: #""ks":{"p":{"a":0,"k":[1e300,0]}}"#)
        let folder = try TemporaryFolder()
        let file = try folder.write("far.json", Self.animation([far]))
        let result = try CommandRunner.run(["convert", file, "--to", "scene", "-o", folder.path("far.yaml")])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("far.json: cannot be converted: the scene file would not read back: layers["), "\(result.stderr)")
        #expect(result.stderr.contains("must be within"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("far.yaml")))
    }
}
