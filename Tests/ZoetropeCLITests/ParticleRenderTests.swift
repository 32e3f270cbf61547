import Foundation
import Testing

/// Particles are pure time end to end: the built binary draws a frame of scenes/snow.yaml the
/// same whether it drew the frames before it (each over the one before) or the frame alone, in
/// one job or several.
@Suite struct ParticleRenderTests {
    @Test func snowFramesAloneAreTheSameBytesAsAfterTheFramesBefore() throws {
        let folder = try TemporaryFolder()
        let scene = CommandRunner.packageRoot.appendingPathComponent("scenes/snow.yaml").path
        func render(_ name: String, _ extra: [String]) throws {
            let result = try CommandRunner.run(["render", scene, "--out", folder.path(name), "--progress", "none"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try render("run", ["--frames", "0-12", "--jobs", "1"])
        try render("alone", ["--frames", "9-12", "--jobs", "2"])
        try render("shard", ["--frames", "0-12", "--shard", "1/3", "--jobs", "1"])
        #expect(try frameFiles(folder.path("alone")).count == 4 && !frameFiles(folder.path("shard")).isEmpty)
        for other in ["alone", "shard"] {
            for name in try frameFiles(folder.path(other)) {
                let run = try Data(contentsOf: URL(fileURLWithPath: folder.path("run/" + name)))
                #expect(run == (try Data(contentsOf: URL(fileURLWithPath: folder.path(other + "/" + name)))), "\(other)/\(name)")
            }
        }
    }
}
