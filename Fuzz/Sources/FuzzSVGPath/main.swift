import CLibFuzzer
import Glibc
import ZoetropeCore

/// Any text as SVG path data: a path whose flattened points are finite, and a motion along it
/// (position and rotation tracks), or an error.
func fuzzSVGPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let path = try? SVGPath(parsing: text) else { return 0 }
    precondition(path.flattened(steps: 8).allSatisfy { $0.x.isFinite && $0.y.isFinite } || path.segments.isEmpty)
    _ = try? KeyframeTrack.motion(along: path)
    return 0
}

var count = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&count, &values, { data, size in fuzzSVGPath(data!, size) }))
