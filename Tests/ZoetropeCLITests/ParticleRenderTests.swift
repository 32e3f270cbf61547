import Foundation
import Testing

/// Particles and layer time are pure time end to end: the built binary draws a frame of
/// scenes/snow.yaml (an emitter) or scenes/logo-reveal.yaml (layer animations, a layer paused,
/// scrubbed by timeOffset and resumed) the same whether it drew the frames before it (each over
/// the one before) or the frame alone, in one job or several.
@Suite struct ParticleRenderTests {
    @Test(arguments: ["snow", "logo-reveal"])
    func framesAloneAreTheSameBytesAsAfterTheFramesBefore(_ name: String) throws {
        let folder = try TemporaryFolder()
        let scene = CommandRunner.packageRoot.appendingPathComponent("scenes/\(name).yaml").path
        func render(_ name: String, _ extra: [String]) throws {
            let result = try CommandRunner.run(["render", scene, "--out", folder.path(name), "--progress", "none"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
        }
        // Frames 40-60: snow is falling by then, and the logo's reveal is paused and scrubbed.
        try render("run", ["--frames", "0-60", "--jobs", "1"])
        try render("alone", ["--frames", "40-60", "--jobs", "2"])
        try render("shard", ["--frames", "0-60", "--shard", "1/3", "--jobs", "1"])
        #expect(try frameFiles(folder.path("alone")).count == 21 && !frameFiles(folder.path("shard")).isEmpty)
        for other in ["alone", "shard"] {
            for name in try frameFiles(folder.path(other)) {
                let run = try Data(contentsOf: URL(fileURLWithPath: folder.path("run/" + name)))
                #expect(run == (try Data(contentsOf: URL(fileURLWithPath: folder.path(other + "/" + name)))), "\(other)/\(name)")
            }
        }
    }
}
