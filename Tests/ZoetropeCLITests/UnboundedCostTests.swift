import Foundation
import Testing

/// Small files that used to cost without bound (issue #23): each is refused with its limit, or
/// now evaluates in proportion to its size. Every file is made here, at test time.
@Suite struct UnboundedCostTests {
    private static let header = """
        version: 1
        canvas: { size: [64, 48] }
        render: { fps: 10, duration: 1 }

        """
    private static let oneLayer = header + """
        layers:
          - { id: a, shape: rect, position: [32, 24], size: [20, 20] }

        """

    /// Nine lists of nine, each of the one before: 9¹² nodes from 600 bytes.
    private static var aliasBomb: String {
        var text = header + "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...11 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        return text
    }

    private func validate(_ name: String, _ text: String) throws -> CommandRunner.Result {
        let folder = try TemporaryFolder()
        return try CommandRunner.run(["validate", try folder.write(name, text)])
    }

    // MARK: - YAML aliases and depth

    @Test func anAliasBombIsRefusedBeforeItExpands() throws {
        let result = try validate("bomb.yaml", Self.aliasBomb + "layers: *a11\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("bomb.yaml: line "), "\(result.stderr)")
        #expect(result.stderr.contains("the document expands to more than 4000000 nodes (YAML aliases)"), "\(result.stderr)")
    }

    @Test func anAliasUsedAsAMappingKeyIsRefusedBeforeYamsHashesIt() throws {
        let result = try validate("key.yaml", Self.aliasBomb + "layers: []\nx:\n  ? *a11\n  : 1\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("expands to more than 4000000 nodes (YAML aliases)"), "\(result.stderr)")
    }

    @Test func anAnchorReusedAFewTimesStillReads() throws {
        let result = try validate("reuse.yaml", Self.header + """
            layers:
              - { id: a, shape: rect, position: [32, 24], size: &side [20, 20] }
              - { id: b, shape: rect, position: [10, 10], size: *side }
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 layers"), "\(result.stdout)")
    }

    @Test func aliasesNestedPastTheDocumentDepthAreRefused() throws {
        let deep = String(repeating: "[", count: 900) + String(repeating: "]", count: 900)
        let wrapped = String(repeating: "[", count: 200) + "*deep" + String(repeating: "]", count: 200)
        let result = try validate("deep.yaml", Self.header + "a: &deep \(deep)\nb: \(wrapped)\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("the document nests deeper than 1024 levels"), "\(result.stderr)")
    }

    // MARK: - Nesting

    @Test func tenThousandNestedTimelinesAreRefusedAtTheNestingLimitWithoutCrashing() throws {
        var text = Self.oneLayer + """
            animators:
              - { id: m, duration: 1, animations: [ { set: { a.position.x: 40 } } ] }
            timelines:
              - { id: t0, children: [ { animator: m } ] }

            """
        for index in 1...10_000 { text += "  - { id: t\(index), children: [ { timeline: t\(index - 1) } ] }\n" }
        text += "script:\n  - { at: 0, start: t10000 }\n"
        let result = try validate("nested.yaml", text)
        #expect(result.status == 65, "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains("timelines[t256].children: timeline \"t256\" nests 257 levels of groups and timelines; they may nest at most 256 deep"),
                "\(result.stderr.prefix(500))")
    }

    @Test func groupsNestedToTheLimitValidate() throws {
        var text = Self.oneLayer + """
            animators:
              - { id: m, duration: 1, animations: [ { set: { a.position.x: 40 } } ] }
            groups:
              - { id: g0, members: [m] }

            """
        for index in 1..<256 { text += "  - { id: g\(index), members: [g\(index - 1)] }\n" }
        text += "script:\n  - { at: 0, start: g255 }\n"
        let result = try validate("groups.yaml", text)
        #expect(result.status == 0, "\(result.stderr.prefix(500))")
    }

    @Test func groupsThatEachHoldTheOneBelowTwiceAreRefusedByWhatTheyDrive() throws {
        var text = Self.oneLayer + """
            animators:
              - { id: m, duration: 1, animations: [ { set: { a.position.x: 40 } } ] }
            groups:
              - { id: g0, members: [m] }

            """
        for index in 1..<60 { text += "  - { id: g\(index), members: [g\(index - 1), g\(index - 1)] }\n" }
        let result = try validate("diamond.yaml", text)
        #expect(result.status == 65)
        #expect(result.stderr.contains("groups: groups and timelines drive"), "\(result.stderr)")
        #expect(result.stderr.contains("at most 1000000"), "\(result.stderr)")
    }

    @Test func aGroupHoldingATimelineInsideAnotherTimelineValidates() throws {
        let result = try validate("mixed.yaml", Self.oneLayer + """
            animators:
              - { id: m, duration: 1, animations: [ { set: { a.position.x: 40 } } ] }
            groups:
              - { id: g, members: [t0] }
            timelines:
              - { id: t0, children: [ { animator: m } ] }
              - { id: t1, children: [ { group: g } ] }
            script:
              - { at: 0, start: t1 }
            """)
        #expect(result.status == 0, "\(result.stderr.prefix(500))")
    }

    @Test func layersNestedPastTheLimitAreRefusedWithTheLimit() throws {
        var text = Self.header + "layers:\n"
        var indent = "  "
        for level in 0..<257 {
            text += indent + "- id: l\(level)\n" + indent + "  children:\n"
            indent += "    "
        }
        text += indent + "- { id: leaf }\n"
        let result = try validate("layers.yaml", text)
        #expect(result.status == 65)
        #expect(result.stderr.contains("layers may nest at most 256 levels deep (found a layer at level 257)"), "\(result.stderr.prefix(500))")
    }

    // MARK: - Counts

    @Test func aScriptPastTheItemLimitIsRefusedWithTheLimit() throws {
        let events = Array(repeating: "{}", count: 100_001).joined(separator: ", ")
        let result = try validate("script.yaml", Self.oneLayer + "script: [\(events)]\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("script: expected at most 100000 events (found 100001)"), "\(result.stderr.prefix(500))")
    }

    @Test func fiveThousandAnimatorsRunningAtOnceValidate() throws {
        var text = Self.oneLayer + "animators:\n"
        for index in 0..<5_000 { text += "  - { id: m\(index), duration: 1, animations: [ { set: { a.position.x: \(index % 64) } } ] }\n" }
        text += "script:\n"
        for index in 0..<5_000 { text += "  - { at: 0, start: m\(index) }\n" }
        let result = try validate("many.yaml", text)
        #expect(result.status == 0, "\(result.stderr.prefix(500))")
        #expect(result.stdout.contains("5000 animators, 5000 events"), "\(result.stdout)")
    }

    @Test func aCompletionThatFinishesItsOwnAnimatorIsReportedNotCrashed() throws {
        let result = try validate("loop.yaml", Self.oneLayer + """
            animators:
              - id: m
                duration: 1
                animations: [ { set: { a.position.x: 40 } } ]
                completions:
                  - { start: m }
                  - { stop: m, withoutFinishing: false }
                  - { finish: m }
            script:
              - { at: 0, start: m }
            """)
        #expect(result.status == 65)
        #expect(result.stderr.contains("completion handlers nested over 64 deep"), "\(result.stderr.prefix(500))")
    }

    // MARK: - Paths

    @Test func pathDataPastTheSegmentLimitIsRefusedWithTheLimit() throws {
        let segments = (1...100_001).map { "L \($0 % 64) \($0 % 48)" }.joined(separator: " ")
        let result = try validate("path.yaml", Self.header + """
            layers:
              - { id: a, shape: path, path: "M 0 0 \(segments)", position: [32, 24], size: [64, 48], stroke: { color: black, dash: [1, 1] } }
            """)
        #expect(result.status == 65)
        #expect(result.stderr.contains("layers[a].path: path data must have at most 100000 segments"), "\(result.stderr.prefix(500))")
    }

    @Test func aStillMotionPathTakesAutoReverseWithoutAMessageAboutKeyTimes() throws {
        let result = try validate("still.yaml", Self.oneLayer + """
            animators:
              - { id: m, duration: 1, animations: [ { track: { key: a.position, path: "M 10 10", rotationMode: autoReverse } } ] }
            script:
              - { at: 0, start: m }
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("keyTimes"))
    }

    // MARK: - Pictures and keys

    /// A PNG that declares `width` × `height` pixels (its header only: the pixels are never read).
    private func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) } }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    @Test func anImageLayerDeclaringTooManyPixelsIsRefusedFromItsHeader() throws {
        let folder = try TemporaryFolder()
        try pngHeader(width: 16_384, height: 16_384).write(to: folder.url.appendingPathComponent("big.png"))
        let scene = try folder.write("image.yaml", Self.header + """
            layers:
              - { id: a, shape: image, image: big.png, position: [32, 24], size: [20, 20] }
            """)
        let result = try CommandRunner.run(["render", scene, "--out", folder.path("out")])
        #expect(result.status == 65)
        #expect(result.stderr.contains("layers[a].image: the PNG is 16384×16384 pixels; an image may have at most 33554432 pixels"), "\(result.stderr)")
    }

    @Test func diffOfAPNGDeclaringTooManyPixelsIsRefusedNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("big.png")
        try pngHeader(width: 16_384, height: 16_384).write(to: URL(fileURLWithPath: path))
        let result = try CommandRunner.run(["diff", path, path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("big.png: the PNG is 16384×16384 pixels"), "\(result.stderr)")
    }

    @Test func aSetKeyOfThousandsOfSegmentsIsAUsageErrorNamingTheLimit() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.oneLayer)
        let key = "layers.a." + Array(repeating: "b", count: 7_000).joined(separator: ".")
        let result = try CommandRunner.run(["validate", scene, "--set", key + "=1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("the key may have at most 64 dot-separated names (found 7002)"), "\(result.stderr.prefix(500))")
    }

    // MARK: - Sampling

    /// The first rows of a day at 240 fps arrive while the rest are still being made (the whole
    /// report was once buffered: 5.5 GB, then a crash, before anything was printed).
    @Test func sampleStreamsTheRowsOfADayAt240fps() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("day.yaml", Self.oneLayer.replacingOccurrences(of: "render: { fps: 10, duration: 1 }",
                                                                                  with: "render: { fps: 240, duration: 86400 }"))
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["sample", scene, "--format", "csv", "--keys", "a.position"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while text.split(separator: "\n").count < 4 {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        // SIGKILL: the test runner's children may inherit a blocked SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let lines = text.split(separator: "\n")
        #expect(lines.first == "time,frame,a.position.x,a.position.y", "\(text.prefix(200))")
        #expect(lines.count >= 4 && lines[1] == "0,0,32,24" && lines[2].hasPrefix("0.004166666666666667,1,"), "\(text.prefix(200))")
    }
}
