import Foundation
import Testing

/// Golden frames of real Lottie files (Tests/Lottie/Corpus, with their licences in SOURCES.md)
/// as Zoetrope draws them, at 0, 25, 50, 75 and 100 % of each animation, compared with
/// `zoetrope diff` (no differing pixel allowed). They agree with ThorVG (`make lottie-check
/// LOTTIE_CORPUS=Tests/Lottie/Corpus`); these keep them drawn the same. Re-record with
/// `ZOETROPE_RECORD_GOLDENS=1 swift test --filter LottieGoldenTests`, then look at them.
@Suite struct LottieGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LottieGoldens")

    /// File in Tests/Lottie/Corpus → its frames (from the file's ip).
    static let files: [(file: String, frames: String)] = [
        ("Scale0.json", "0,75,150,224,299"),                    // per-dimension easing
        ("Remap.json", "0,30,60,89,119"),                     // time remap, spatial tangents
        ("TimeStretchPrecomp2.json", "0,50,100,149,199"),       // a stretched precomp
        ("issue_1725.json", "0,7,14,21,29"),                 // precomp, stretch, tangents
        ("winners.tgs", "0,44,89,134,179"),                  // a gzipped sticker
        ("confused.lottie", "0,70,140,209,279"),               // a dotLottie archive
        ("MaskInv.json", "0,450,899"),                         // a subtracting mask, inverted
        ("MattWithParentAlpha.json", "0,8,16,23,31"),          // an inverted alpha matte with a parent
        ("issue_2150.json", "0,21,42,63,84"),                  // masks in difference mode
    ]

    @Test(arguments: files.map(\.file))
    func lottieFileMatchesItsGoldenFrames(file: String) throws {
        let frames = try #require(Self.files.first { $0.file == file }?.frames)
        let rendered = try TemporaryFolder()
        let render = try CommandRunner.run(["render", "Tests/Lottie/Corpus/\(file)", "--frames", frames, "--scale", "0.5",
                                            "--out", rendered.url.path, "--progress", "none"])
        #expect(render.status == 0, "\(render.stderr)")
        let name = String(file.prefix { $0 != "." })
        try GoldenFolder(url: Self.folder.appendingPathComponent(name)).check(rendered.url, label: file, failures: "lottie-" + name)
    }
}
