import CLibFuzzer
import Glibc
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender

/// Any bytes as a scene, and when they are one, its first frame and its middle frame drawn into
/// a surface of at most 64 pixels a side: evaluation and drawing never crash, and drawing never
/// fails but for an image that is missing or does not decode (a file, an embedded data URL, an
/// emitter cell's contents), which a render checks before its first frame (`SceneInputs`).
func fuzzFirstFrame(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let loaded = try? SceneLoader.parse(bytes, file: "/nonexistent/fuzz.yaml"),
          let evaluated = try? loaded.evaluate() else { return 0 }
    let canvas = loaded.scene.canvas.size
    let scale = min(1, 64 / max(canvas.x, canvas.y, 1))
    for time in [0, evaluated.duration / 2] {
        do {
            _ = try RasterImage(drawing: evaluated.evaluation.presentation(at: time), scale: scale)
        } catch {
            // fatalError keeps its message in a release build, where libFuzzer's log needs it.
            if !error.operation.hasPrefix("reading") { fatalError("drawing failed: \(error)") }
        }
    }
    return 0
}

var count = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&count, &values, { data, size in fuzzFirstFrame(data!, size) }))
