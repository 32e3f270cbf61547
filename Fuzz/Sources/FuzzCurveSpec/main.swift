import CLibFuzzer
import Glibc
import ZoetropeCore
import ZoetropeFormat

/// Any text as a `curve` spec: a curve whose progress is finite everywhere on [0, 1], or an error.
func fuzzCurveSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let spec = try? CurveSpec(parsing: text) else { return 0 }
    let timing = spec.timing.resolved(animatorDuration: spec.duration)
    precondition(timing.duration.isFinite && timing.duration >= 0, "\(text): duration \(timing.duration)")
    for step in 0...16 {
        let fraction = Double(step) / 16
        let point = timing.progress(atFraction: fraction)
        precondition(point.x.isFinite && point.y.isFinite, "\(text): progress at \(fraction) is \(point)")
        precondition(timing.velocity(atFraction: fraction).isFinite, "\(text): velocity at \(fraction)")
    }
    return 0
}

var count = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&count, &values, { data, size in fuzzCurveSpec(data!, size) }))
