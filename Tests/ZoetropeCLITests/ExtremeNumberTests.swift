import Foundation
import Testing
import ZoetropeRender

/// Issue #23, numbers: no number a user can write traps, leaks NaN, or costs more than seconds.
/// Numbers past a limit of `SceneLimits` are refused by the reader (exit 65, the path and the
/// range); numbers within them, and any finite value an animation reaches, render.
@Suite struct ExtremeNumberTests {
    /// A 64 × 48 scene with `layers`, and `rest` (animators, script) after them.
    static func scene(_ layers: String, _ rest: String = "", duration: Double = 0.1) -> String {
        """
        version: 1
        canvas: { size: [64, 48], background: "#000000" }
        render: { fps: 10, duration: \(duration) }
        layers:
        \(layers)
        \(rest)
        """
    }

    // MARK: 5. Shards and farm indices

    @Test func aShardOfAHugeCountIsAnEmptyPartNotATrap() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("s.yaml", Self.scene("  - { id: a, size: [20, 20] }"))
        let result = try CommandRunner.run(["render", file, "--out", folder.path("out"), "--progress", "none",
                                            "--shard", "900000000000000000/1000000000000000000"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/frame_00000.png")))
    }

    @Test(arguments: [
        (["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "-1"],
         "SLURM_ARRAY_TASK_ID (9223372036854775807) − SLURM_ARRAY_TASK_MIN (-1) is out of range"),
        (["CI_NODE_INDEX": "-9223372036854775808", "CI_NODE_TOTAL": "2"], "CI_NODE_INDEX (-9223372036854775808) − 1 is out of range"),
        (["SLURM_ARRAY_TASK_ID": "-1", "SLURM_ARRAY_TASK_MIN": "-1", "SLURM_ARRAY_TASK_MAX": "9223372036854775807",
          "SLURM_ARRAY_TASK_COUNT": "2"], "SLURM_ARRAY_TASK_MAX (9223372036854775807) − SLURM_ARRAY_TASK_MIN (-1) is out of range"),
    ])
    func farmIndicesPastIntsRangeAreUsageErrors(environment: [String: String], message: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("s.yaml", Self.scene("  - { id: a, size: [20, 20] }"))
        let result = try CommandRunner.run(["render", file, "--out", folder.path("out"), "--shard", "auto"], environment: environment)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    // MARK: 6. Charts of huge values

    @Test func aCurveOverAHugeDurationPlots() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.run(["curve", "linear", "--duration", "1e300", "--plot", folder.path("p.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try RasterImage(pngFile: folder.path("p.png")).width > 0)
    }

    @Test(arguments: ["a.rotation: 1e300", "a.cornerRadius: 1e300", "a.rotation: 1.7e308"])
    func aPlotOfAValueAnimatedToAHugeNumberDraws(assignment: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("p.yaml", Self.scene("  - { id: a, size: [20, 20], rotation: -1.7e308 }", """
            animators: [ { id: m, duration: 1, animations: [ { set: { \(assignment) } } ] } ]
            script: [ { at: 0, start: m } ]
            """, duration: 1))
        let key = String(assignment.prefix { $0 != ":" })
        let result = try CommandRunner.run(["plot", file, key, "--out", folder.path("p.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try RasterImage(pngFile: folder.path("p.png")).width > 0)
    }

    // MARK: 7, 11. Blurs, shadows and dashes of any size

    @Test func effectRadiiPastTheLimitAreRefusedWithTheRange() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("blur.yaml", Self.scene("""
              - { id: a, size: [20, 20], fill: "#FF0000", blur: 1e10 }
              - { id: b, size: [20, 20], fill: "#FF0000", shadow: { radius: 1e40 } }
              - { id: c, size: [20, 20], fill: "#FF0000", backdropBlur: 1e30 }
            """))
        let result = try CommandRunner.run(["validate", file])
        #expect(result.status == 65)
        for line in ["blur.yaml: layers[a].blur: must be within 0...100000 (found 10000000000)",
                     "blur.yaml: layers[b].shadow.radius: must be within 0...100000 (found 1e+40)",
                     "blur.yaml: layers[c].backdropBlur: must be within 0...100000 (found 1e+30)"] {
            #expect(result.stderr.contains(line), "\(result.stderr)")
        }
    }

    /// A spring overshooting its target (velocity 10⁶) drives the radii far past the limit, to
    /// 1.5e7 points. The code before #23 trapped on the box sizes past 1e10, and spent 50 s and
    /// 5 GB a frame on a radius of 1e7.
    @Test func blursFarPastTheFrameRenderAtTheCostOfTheFrame() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("blur.yaml", Self.scene("""
              - { id: a, position: [20, 24], size: [20, 20], fill: "#FF0000", blur: 1 }
              - { id: b, position: [32, 24], size: [20, 20], fill: "#00FF00", shadow: { radius: 1 } }
              - { id: c, position: [44, 24], size: [20, 20], fill: "#0000FF", backdropBlur: 1 }
            """, """
            animators:
              - id: m
                duration: 1
                timing: { spring: { dampingRatio: 0.1, initialVelocity: 1000000 } }
                animations: [ { set: { a.blur: 100000, b.shadow.radius: 100000, c.backdropBlur: 100000 } } ]
            script: [ { at: 0, start: m } ]
            """, duration: 0.3))
        let sample = try CommandRunner.run(["sample", file, "--at", "0.1", "--keys", "a.blur", "--format", "csv"])
        let blur = Double(sample.stdout.split(separator: "\n").last?.split(separator: ",").last ?? "") ?? 0
        #expect(blur > 1e7, "the spring overshoots far past the limit: \(sample.stdout)")
        // Its cost is measured by the fuzzers' time budgets (docs/limits.md), not here: before #23
        // this render took minutes and gigabytes.
        let result = try CommandRunner.run(["render", file, "--out", folder.path("out"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        // Blurred wider than the frame, the red square is a mean of nearly nothing: black.
        let frame = try RasterImage(pngFile: folder.path("out/frame_00001.png"))
        #expect(frame[20, 24].red < 8, "\(frame[20, 24])")
    }

    @Test func aDashedEllipseABillionPixelsRoundRendersAtTheCostOfItsVisibleDashes() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("dash.yaml", Self.scene("""
              - { id: a, shape: ellipse, position: [32, 24], size: [10, 10], stroke: { color: "#FF0000", width: 2, dash: [4, 3] } }
            """, """
            animators:
              - id: m
                duration: 1
                timing: { spring: { dampingRatio: 0.2, initialVelocity: 100000 } }
                animations: [ { set: { a.size: [10000000, 10000000] } } ]
            script: [ { at: 0, start: m } ]
            """, duration: 0.1))
        // 2.2e9 points round at 0.1 s: 3 s a frame before #23, in a release build.
        let result = try CommandRunner.run(["render", file, "--out", folder.path("out"), "--progress", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try RasterImage(pngFile: folder.path("out/frame_00001.png"))
        #expect(frame.pixels.allSatisfy { $0.green == 0 && $0.blue == 0 })
    }

    // MARK: 8. A release after a drag of no time

    @Test func aReleaseAfterADragOfNoTimeFlingsAtAFiniteVelocity() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("drag.yaml", Self.scene("  - { id: a, position: [32, 24], size: [20, 20], fill: \"#FF0000\" }", """
            animators:
              - { id: back, duration: 0.5, timing: { spring: { dampingRatio: 0.8 } }, animations: [ { set: { a.position: [32, 24] } } ] }
            script:
              - { at: 0.1, drag: a, path: [[10000000, -10000000], [-10000000, 10000000]], duration: 5e-324 }
              - { at: 0.1000000001, release: a, start: back }
            """, duration: 1))
        let result = try CommandRunner.run(["sample", file, "--keys", "a.position", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.lowercased().contains("nan") && !result.stdout.contains("inf"), "\(result.stdout)")
        let render = try CommandRunner.run(["render", file, "--out", folder.path("out"), "--progress", "none"])
        #expect(render.status == 0, "\(render.stderr)")
    }

    @Test func dragPointsPastTheCoordinateLimitAreRefused() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("drag.yaml", Self.scene("  - { id: a, size: [20, 20] }", """
            script: [ { at: 0.1, drag: a, path: [[1e300, -1e300], [-1e300, 1e300]], duration: 5e-324 } ]
            """))
        let result = try CommandRunner.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("drag.yaml: script[0].path[0][0]: must be within -10000000...10000000 (found 1e+300)"), "\(result.stderr)")
    }

    // MARK: 16. Curves and springs whose motion is not finite

    static let overflowingCubic = """
        animators: [ { id: m, duration: 1, timing: { cubic: [0, 1e308, 1, -1e308] }, animations: [ { set: { a.position.x: 40 } } ] } ]
        script: [ { at: 0, start: m } ]
        """

    @Test(arguments: [["validate"], ["sample", "--at", "0.5"], ["render", "--progress", "none"]])
    func aCubicWhoseProgressOverflowsIsRefusedByEveryCommand(command: [String]) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("cubic.yaml", Self.scene("  - { id: a, size: [20, 20] }", Self.overflowingCubic, duration: 1))
        let arguments = [command[0], file] + command.dropFirst() + (command[0] == "render" ? ["--out", folder.path("out")] : [])
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 65, "\(result.stdout)")
        #expect(result.stderr.contains("cubic.yaml: animators[m].timing.cubic[1]: y1 must be a number that keeps the curve's progress and velocity finite (found 1e+308)"),
                "\(result.stderr)")
        #expect(!result.stdout.contains("error"))
    }

    @Test func aSpringWhoseMotionIsNotFiniteIsRefusedInAScene() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("spring.yaml", Self.scene("  - { id: a, size: [20, 20] }", """
            animators: [ { id: m, timing: { spring: { duration: 1e-300, bounce: -0.99 } }, animations: [ { set: { a.position.x: 40 } } ] } ]
            """))
        let result = try CommandRunner.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("spring.yaml: animators[m].timing.spring.duration: must be a value that keeps the spring's motion finite (found 1e-300)"),
                "\(result.stderr)")
    }

    @Test(arguments: [("spring(duration:1e-300,bounce:-0.99)", "duration must be a value that keeps the spring's motion finite"),
                      ("cubic(0,1e308,1,-1e308)", "y1 must be a number that keeps the curve's progress and velocity finite"),
                      ("spring(dampingRatio:0.5,duration:1,velocity:1e300)", "velocity must be within -1000000...1000000")])
    func curveSpecsWhoseMotionIsNotFiniteAreUsageErrors(spec: String, message: String) throws {
        let result = try CommandRunner.run(["curve", spec])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    /// A cubic spanning the smallest positive duration moves at an infinite velocity per second:
    /// a usage error naming `--duration`, never an internal error (the black box found exit 70).
    @Test func aCurveDurationTooShortForItsVelocityIsAUsageError() throws {
        let result = try CommandRunner.run(["curve", "linear", "--duration", "5e-324"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--duration 5e-324 s is too short: the velocity per second overflows"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(try CommandRunner.run(["curve", "linear", "--duration", "1e-300"]).status == 0, "short, but finite")
    }

    /// Values near Double's range overflow when animated (−1.7e308 to 1.7e308 is a change of
    /// 3.4e308): the engine gives the largest finite number, and sample prints it.
    @Test func sampleNeverPrintsAnErrorObjectOrNaN() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("x.yaml", Self.scene("  - { id: a, size: [20, 20], rotation: -1.7e308 }", """
            animators: [ { id: m, duration: 1, animations: [ { set: { a.rotation: 1.7e308 } } ] } ]
            script: [ { at: 0, start: m } ]
            """, duration: 1))
        let result = try CommandRunner.run(["sample", file, "--keys", "a.rotation"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("error") && !result.stdout.lowercased().contains("nan"), "\(result.stdout)")
        #expect(result.stdout.contains("1.7976931348623157e+308"), "\(result.stdout)")
    }

    // MARK: 17, 19. Fonts, surfaces and durations

    @Test func aFontSizePastTheLimitIsRefused() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("font.yaml", Self.scene("  - { id: a, shape: text, text: W, size: [64, 48], font: { size: 100000 } }"))
        let result = try CommandRunner.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("font.yaml: layers[a].font.size: must be within 0 < size <= 10000 (found 100000)"), "\(result.stderr)")
    }

    /// FreeType refuses glyphs past about 16 000 pixels (exit 70 before #23) and a 10 000-pixel
    /// glyph's bitmap is 70 MB: text past 1024 device pixels is filled from outlines.
    @Test func textAnimatedToAHugeSizeRenders() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("font.yaml", Self.scene("  - { id: a, shape: text, text: Wg, position: [32, 24], size: [64, 48], color: \"#FFFFFF\", font: { size: 10 } }", """
            animators:
              - { id: m, duration: 1, timing: { spring: { dampingRatio: 0.2, initialVelocity: 1000000 } }, animations: [ { set: { a.font.size: 10000 } } ] }
            script: [ { at: 0, start: m } ]
            """, duration: 0.1))
        let result = try CommandRunner.run(["render", file, "--out", folder.path("out"), "--progress", "none", "--scale", "2"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: [(["--size", "16384x16384", "--scale", "2"], "a canvas of 16384×16384 points at scale 2 is 32768×32768 pixels: each side must be within 1...32767 pixels"),
                      (["--size", "8000x8000"], "a canvas of 8000×8000 points is 8000×8000 pixels (64000000 pixels): a frame may have at most 33554432 pixels")])
    func aSurfaceTooLargeIsRefusedNamingTheCanvasTheScaleAndTheLimit(options: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("s.yaml", Self.scene("  - { id: a, size: [20, 20] }"))
        let result = try CommandRunner.run(["render", file, "--out", folder.path("out")] + options)
        #expect(result.status == 65)
        #expect(result.stderr.contains("s.yaml: " + message), "\(result.stderr)")
    }

    @Test func aRenderOfMoreFramesThanADayAt240FPSIsRefused() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("long.yaml", Self.scene("""
              - { id: a, position: [20, 24], size: [20, 20], fill: "#FF0000" }
            """).replacingOccurrences(of: "render: { fps: 10, duration: 0.1 }", with: "render: { fps: 1000, duration: 86400 }"))
        let result = try CommandRunner.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.stderr == "\(file): render.duration: 86400.0 s at 1000.0 fps is 86400001 frames; a render may have at most 20736001 (a day at 240 fps)\n",
                "\(result.stderr)")
        // A day at 240 fps is within the limit.
        let day = try folder.write("day.yaml", Self.scene("""
              - { id: a, position: [20, 24], size: [20, 20], fill: "#FF0000" }
            """).replacingOccurrences(of: "render: { fps: 10, duration: 0.1 }", with: "render: { fps: 240, duration: 86400 }"))
        #expect(try CommandRunner.run(["validate", day]).status == 0)
    }

    @Test func aDurationPastADaySaysTheRange() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("d.yaml", Self.scene("  - { id: a, size: [20, 20] }", """
            animators: [ { id: m, duration: 86401, animations: [ { set: { a.position.x: 40 } } ] } ]
            """))
        let result = try CommandRunner.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("d.yaml: animators[m].duration: must be within 0 < duration <= 86400 (found 86401)"), "\(result.stderr)")
    }

    @Test func setOverridesGoThroughTheSameRanges() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("s.yaml", Self.scene("  - { id: a, size: [20, 20] }"))
        let result = try CommandRunner.run(["validate", file, "--set", "layers.a.blur=1e6"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("must be within 0...100000 (found 1000000)"), "\(result.stderr)")
    }
}
