import Foundation
import Testing

/// A folder of golden frames: compared with a fresh render by `zoetrope diff` (failures' diff
/// images under .build/golden-failures), or recorded anew with `ZOETROPE_RECORD_GOLDENS=1`.
struct GoldenFolder {
    let url: URL

    /// Compares the PNGs of `rendered` with the goldens (or records them), naming `label` in the
    /// message.
    func check(_ rendered: URL, label: String, failures: String) throws {
        if ProcessInfo.processInfo.environment["ZOETROPE_RECORD_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: url)  // A missing folder is fine: it is made next.
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: rendered.path) where name.hasSuffix(".png") {
                try FileManager.default.copyItem(at: rendered.appendingPathComponent(name), to: url.appendingPathComponent(name))
            }
            Issue.record("recorded \(url.path); run again without ZOETROPE_RECORD_GOLDENS to compare")
            return
        }
        let failures = CommandRunner.packageRoot.appendingPathComponent(".build/golden-failures/\(failures)")
        let diff = try CommandRunner.run(["diff", url.path, rendered.path, "--out", failures.path])
        #expect(diff.status == 0, "\(label): frames differ from their goldens (diff images in \(failures.path)):\n\(diff.stdout)\(diff.stderr)")
    }
}
