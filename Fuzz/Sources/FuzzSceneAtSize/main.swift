import CLibFuzzer
import Glibc
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// Any bytes as a scene, drawn at its own size: the reader's limits (docs/limits.md) are the
/// only bounds. A scene within them is evaluated and its first, middle and last frames drawn at
/// scale 1, so a number the limits let through but that costs gigabytes or minutes is a finding
/// (run.sh gives this target `-rss_limit_mb=2048 -timeout=10`). Drawing fails only for an image
/// that cannot be read.
func fuzzSceneAtSize(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let loaded = try? SceneLoader.parse(bytes, file: "/nonexistent/fuzz.yaml"),
          let evaluated = try? loaded.evaluate() else { return 0 }
    for time in [0, evaluated.duration / 2, evaluated.duration] {
        let tree = evaluated.evaluation.presentation(at: time)
        for node in tree.values {
            precondition(node.position.x.isFinite && node.position.y.isFinite && node.opacity.isFinite,
                         "a presentation value left the engine as NaN or an infinity at t = \(time)")
        }
        do {
            _ = try RasterImage(drawing: tree, scale: 1)
        } catch {
            // An image that cannot be read (a file not there, embedded bytes that are not a
            // PNG, JPEG or WebP) is refused by a render before its first frame (SceneInputs);
            // fatalError keeps its message in a release build, where libFuzzer's log needs it.
            if !error.operation.hasPrefix("reading") { fatalError("drawing failed: \(error)") }
        }
    }
    return 0
}

var count = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&count, &values, { data, size in fuzzSceneAtSize(data!, size) }))
