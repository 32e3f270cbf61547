import Foundation
import Testing
import ZoetropeCore

@Suite struct SampleCommandTests {
    @Test func sampledPositionsFollowEaseInOut() throws {
        let times = [0.0, 0.5, 0.8, 1.25, 2.0, 2.9, 3.5, 4.0]
        let result = try CommandRunner.run(["sample", "scenes/frog.yaml", "--at", times.map { "\($0)" }.joined(separator: ",")])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["scene"] as? String == "frog")
        let samples = try #require(json["samples"] as? [[String: Any]])
        #expect(samples.count == times.count)
        for (time, sample) in zip(times, samples) {
            let fraction = min(max((time - 0.5) / 3, 0), 1)
            let progress = CubicTimingParameters.easeInOut.progress(atFraction: fraction)
            let layers = try #require(sample["layers"] as? [String: [String: Any]])
            let position = try #require(layers["frog"]?["position"] as? [Double])
            #expect(abs(position[0] - (200 + 560 * progress)) < 1e-9, "x at \(time)")
            #expect(abs(position[1] - (380 + 40 * progress)) < 1e-9, "y at \(time)")
            let move = try #require((sample["animators"] as? [String: [String: Any]])?["move"])
            #expect(move["state"] as? String == (time > 0.5 && time < 3.5 ? "active" : (time == 0.5 ? "active" : "inactive")))
            #expect(abs((move["fractionComplete"] as? Double ?? -1) - (time < 3.5 ? fraction : 0)) < 1e-9)
        }
        #expect(samples[4]["frame"] as? Int == 60)
        let completions = try #require(json["completions"] as? [[String: Any]])
        #expect(completions.count == 1)
        #expect(completions.first?["position"] as? String == "end")
        #expect(completions.first?["time"] as? Double == 3.5)
    }

    @Test func everyAnimatablePropertyAppearsInEachSample() throws {
        let result = try CommandRunner.run(["sample", "scenes/square.json", "--frames", "0"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let layers = try #require((json["samples"] as? [[String: Any]])?.first?["layers"] as? [String: [String: Any]])
        #expect(Set(layers.keys) == ["track", "square", "halo", "caption"])
        #expect(Set(layers["square"]?.keys.map { $0 } ?? []) == Set(LayerProperty.allCases.map(\.rawValue)))
        #expect(layers["square"]?["fill"] as? String == "#0A84FFFF")
    }

    @Test func csvHasAHeaderAndOneRowPerFrame() throws {
        let result = try CommandRunner.run(["sample", "scenes/frog.yaml", "--frames", "0-90:30", "--format", "csv"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("time,frame,toolbar.position.x,toolbar.position.y"))
        #expect(lines[4].hasPrefix("3,90,"))
    }

    @Test func setOverridesReachTheSample() throws {
        let result = try CommandRunner.run(["sample", "scenes/frog.yaml", "--at", "4", "--set", "animators.move.animations.0.set.frog.position=[300,300]"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let layers = try #require((json["samples"] as? [[String: Any]])?.first?["layers"] as? [String: [String: Any]])
        #expect(layers["frog"]?["position"] as? [Double] == [300, 300])
    }
}

@Suite struct ValidateAndErrorTests {
    @Test func validScenesPass() throws {
        let result = try CommandRunner.run(["validate"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("scenes/frog.yaml: ok (121 frames"))
        #expect(result.stdout.contains("scenes/square.json: ok"))
    }

    /// Each bad-input class of the issue: exit 65 and a message naming the path.
    @Test(arguments: [
        ("unknown key", "canvas: { size: [10, 10], colour: red }", "bad.yaml: canvas.colour: unknown key \"colour\""),
        ("wrong type", "canvas: { size: [10, 10] }\nrender: { fps: fast }", "bad.yaml: render.fps: expected a number (found fast)"),
        ("non-finite", "canvas: { size: [10, .inf] }", "bad.yaml: canvas.size[1]: expected a finite number (found .inf)"),
        ("not a number", "canvas: { size: [10, 10] }\nlayers: [ { id: a, opacity: .NaN } ]", "bad.yaml: layers[a].opacity: expected a finite number (found .NaN)"),
        ("overflow", "{ \"canvas\": { \"size\": [10, 10] }, \"layers\": [ { \"id\": \"a\", \"position\": [1e999, 0] } ] }",
         "bad.yaml: layers[a].position[0]: expected a finite number (found 1e999)"),
        ("zero duration", "canvas: { size: [10, 10] }\nanimators: [ { id: a, duration: 0 } ]", "bad.yaml: animators[a].duration: must be within 0 < duration <= 86400 (found 0)"),
        ("negative size", "canvas: { size: [10, 10] }\nlayers: [ { id: a, size: [-1, 2] } ]", "bad.yaml: layers[a].size: width and height must be within 0...10000000"),
        ("zero canvas", "canvas: { size: [0, 10] }", "bad.yaml: canvas.size: width and height must be within 1...16384"),
        ("duplicate id", "canvas: { size: [10, 10] }\nlayers: [ { id: a }, { id: a } ]", "bad.yaml: layers: duplicate layer id \"a\""),
        ("unknown layer", "canvas: { size: [10, 10] }\nanimators: [ { id: m, duration: 1, animations: [ { set: { b.opacity: 0 } } ] } ]",
         "bad.yaml: animators[m].animations[0].set.b.opacity: unknown layer \"b\""),
        ("unknown property", "canvas: { size: [10, 10] }\nlayers: [ { id: a } ]\nanimators: [ { id: m, duration: 1, animations: [ { set: { a.alpha: 0 } } ] } ]",
         "bad.yaml: animators[m].animations[0].set.a.alpha: unknown property \"alpha\""),
        ("a setting", "canvas: { size: [10, 10] }\nlayers: [ { id: a, shape: text } ]\nanimators: [ { id: m, duration: 1, animations: [ { set: { a.alignment: left } } ] } ]",
         "bad.yaml: animators[m].animations[0].set.a.alignment: alignment is not animatable: it is set once, in the layer's entry of the scene file"),
        ("cubic x", "canvas: { size: [10, 10] }\nanimators: [ { id: m, duration: 1, timing: { cubic: [0.2, 0, 1.4, 1] } } ]",
         "bad.yaml: animators[m].timing.cubic[2]: x2 must be within 0...1 (found 1.4)"),
        ("malformed YAML", "canvas: { size: [10, 10]\nlayers: [", "bad.yaml: line "),
    ])
    func badInputIsReportedWithItsPath(kind: String, text: String, message: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.yaml", text)
        for command in ["validate", "render"] {
            let result = try CommandRunner.run([command, "bad.yaml", "--out", "out"].filter { command == "render" || !$0.contains("out") },
                                               in: folder.url)
            #expect(result.status == 65, "\(kind) via \(command): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(kind) via \(command): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/frame_00000.png")))
        }
    }

    @Test func everyProblemInOneFileIsPrinted() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.yaml", "canvas: { size: [0, 10], colour: red }\nrender: { fps: -3 }\n")
        let result = try CommandRunner.run(["validate", "bad.yaml"], in: folder.url)
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").count == 3)
    }

    /// Issue 27, item 3: a file with problems of every kind took three rounds (document, script,
    /// inputs). Fonts and images are checked on the layers read, whatever else is wrong.
    @Test func validateReportsDocumentScriptAndInputProblemsInOneRound() throws {
        let folder = try TemporaryFolder()
        let title = "{ id: title, shape: text, text: Hi, font: { family: No Such Font Sans } }"
        try folder.write("document.yaml", "canvas: { size: [10, 10], colour: red }\nlayers: [ \(title) ]\n")
        try folder.write("script.yaml", """
            canvas: { size: [10, 10] }
            layers: [ { id: box }, \(title) ]
            animators: [ { id: move, duration: 1, animations: [ { set: { box.opacity: 0 } } ] } ]
            script: [ { at: 0, start: move }, { at: 0.5, finish: move } ]

            """)
        for (file, first) in [("document.yaml", "document.yaml: canvas.colour: unknown key"), ("script.yaml", "script.yaml: script[1] (0.5 s): finish \"move\"")] {
            let result = try CommandRunner.run(["validate", file], in: folder.url)
            #expect(result.status == 66, "a missing font is a missing input: \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 2 && lines[0].hasPrefix(first), "\(result.stderr)")
            #expect(lines.last?.hasPrefix("\(file): layers[title].font.family: font family \"No Such Font Sans\" is not installed") == true, "\(result.stderr)")
        }
    }

    /// Issue 27, item 6: the CSV's column names are keys too (`enter.fractionComplete` exited 64; here titleIn).
    @Test func aColumnNameOfAnAnimatorSelectsItsColumns() throws {
        let csv = try CommandRunner.run(["sample", "scenes/onboarding.yaml", "--at", "0.5", "--keys", "titleIn.fractionComplete", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let header = csv.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.split(separator: ",").contains("titleIn.fractionComplete"), "\(header)")
        let wrong = try CommandRunner.run(["sample", "scenes/onboarding.yaml", "--at", "0.5", "--keys", "titleIn.progress"])
        #expect(wrong.status == 64 && wrong.stderr.contains("titleIn reports state, isRunning, isReversed, fractionComplete, playhead"), "\(wrong.stderr)")
    }

    /// Issue 27, item 6: text wider than its box was neither clipped nor warned.
    @Test func textWiderThanItsBoxIsWarnedByValidateUnlessClipped() throws {
        let folder = try TemporaryFolder()
        let layer = "{ id: title, shape: text, text: A title far too long for its box, size: [60, 20], position: [50, 20] }"
        try folder.write("wide.yaml", "canvas: { size: [100, 40] }\nlayers: [ \(layer) ]\n")
        try folder.write("clipped.yaml", "canvas: { size: [100, 40] }\nlayers: [ \(layer.replacingOccurrences(of: " }", with: ", clips: true }")) ]\n")
        let wide = try CommandRunner.run(["validate", "wide.yaml"], in: folder.url)
        #expect(wide.status == 0)
        #expect(wide.stdout.contains("wide.yaml: layers[title].text: warning: \"A title far too long for its box\" is "), "\(wide.stdout)")
        #expect(wide.stdout.contains("wider than its box (60)"), "\(wide.stdout)")
        let clipped = try CommandRunner.run(["validate", "clipped.yaml"], in: folder.url)
        #expect(clipped.status == 0 && !clipped.stdout.contains("warning"), "\(clipped.stdout)")
    }

    @Test func missingSceneExits66() throws {
        let result = try CommandRunner.run(["render", "scenes/nope.yaml"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("scenes/nope.yaml: scene file not found"))
        #expect(try CommandRunner.run(["sample", "scenes/nope.yaml", "--at", "0"]).status == 66)
    }

    @Test func missingImageExits66() throws {
        let folder = try TemporaryFolder()
        try folder.write("pic.yaml", "canvas: { size: [10, 10] }\nlayers: [ { id: p, shape: image, image: gone.png } ]\n")
        let result = try CommandRunner.run(["render", "pic.yaml", "--out", "out"], in: folder.url)
        #expect(result.status == 66)
        #expect(result.stderr.contains("pic.yaml: layers[p].image: image file not found: gone.png"))
    }

    @Test func corruptImageIsInvalidData() throws {
        let folder = try TemporaryFolder()
        try folder.write("fake.png", "not a png")
        try folder.write("pic.yaml", "canvas: { size: [10, 10] }\nlayers: [ { id: p, shape: image, image: fake.png } ]\n")
        let result = try CommandRunner.run(["render", "pic.yaml", "--out", "out"], in: folder.url)
        #expect(result.status == 65)
        #expect(result.stderr.contains("fake.png is not a readable PNG"))
    }

    @Test(arguments: [["--frames", "5-2"], ["--frames", "x"], ["--frames", "500"], ["--jobs", "0"], ["--set", "novalue"], ["--size", "big"]])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try CommandRunner.run(["render", "scenes/frog.yaml", "--out", "/tmp/zoetrope-never"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }

    @Test func unwritableOutputExits73() throws {
        let folder = try TemporaryFolder()
        try folder.write("blocker", "a file, not a folder")
        let result = try CommandRunner.run(["render", "scenes/frog.yaml", "--frames", "0", "--out", folder.path("blocker/sub")])
        #expect(result.status == 73, "\(result.stderr)")
    }

    /// No input crashes the tool: odd documents are errors (65) or valid, never a signal.
    @Test(arguments: ["", "[]", "null", "42", "canvas: []", "canvas: { size: [1e308, 1e308] }", "layers: [[[[]]]]",
                      "canvas: { size: [10, 10] }\nscript: [ { at: 1 } ]", "\u{FEFF}canvas: { size: [4, 4] }",
                      "canvas: { size: [10, 10] }\nlayers: [ { id: \"a.b\" } ]", "&a x: *a", "canvas: !!binary AAAA"])
    func oddDocumentsNeverCrash(text: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("odd.yaml", text)
        let result = try CommandRunner.run(["validate", "odd.yaml"], in: folder.url)
        #expect(result.status == 0 || result.status == 65, "\(text.debugDescription): \(result.status) \(result.stderr)")
        if result.status == 65 { #expect(result.stderr.hasPrefix("odd.yaml: ")) }
    }
}
