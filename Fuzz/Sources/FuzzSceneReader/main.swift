import CLibFuzzer
import Glibc
import ZoetropeFormat

/// Any bytes as a scene file (YAML or JSON): a scene or a list of problems, never a crash.
func fuzzSceneReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let scene = try SceneLoader.parse(bytes, file: "/nonexistent/fuzz.yaml")
        _ = try scene.evaluate()
    } catch {
        // Every problem must name where it is and what was expected.
        precondition(!error.diagnostics.isEmpty && error.diagnostics.allSatisfy { !$0.message.isEmpty })
    }
    return 0
}

var count = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&count, &values, { data, size in fuzzSceneReader(data!, size) }))
