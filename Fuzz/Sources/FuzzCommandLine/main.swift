import CLibFuzzer
import Glibc
import ZoetropeCore
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

/// A small scene for the options to act on.
private let scene = Array("""
    version: 1
    canvas: { size: [40, 30], background: "#FFFFFF" }
    render: { fps: 10, duration: 2 }
    layers:
      - { id: box, shape: rect, position: [5, 15], size: [8, 8], fill: "#FF0000", cornerRadius: 2 }
      - id: group
        children: [ { id: dot, shape: ellipse, size: [4, 4] } ]
    animators:
      - id: move
        duration: 1
        timing: { spring: { dampingRatio: 0.5 } }
        animations: [ { set: { box.position: [35, 15], dot.opacity: 0.5 } } ]
      - id: fade
        duration: 0.5
        animations: [ { set: { box.opacity: 0 } } ]
    timelines:
      - { id: both, children: [ { animator: move, position: 0 }, { animator: fade, position: 0.5 } ] }
    script:
      - { at: 0, start: both }
    """.utf8)

private let loaded: LoadedScene = {
    guard let loaded = try? SceneLoader.parse(scene, file: "fuzz.yaml") else { preconditionFailure("the fixed scene loads") }
    return loaded
}()

/// Command-line values: the first byte chooses the option, the rest is its text. `--set` and
/// `--vary` are applied to a scene and evaluated; `--frames` and `--shard` select frames; `sample
/// --keys` resolves against the scene. Each gives a value or a usage error, never a crash.
func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    switch data[0] % 5 {
    case 0:
        guard let override = try? SceneOverride(parsing: text) else { return 0 }
        evaluate(with: [override])
    case 1:
        guard let axis = try? SweepAxis(parsing: text), let plan = try? SweepPlan(axes: [axis], zipped: false) else { return 0 }
        for variant in plan.variants.prefix(4) { evaluate(with: variant.overrides) }
    case 2:
        guard let selection = try? FrameSelection(parsing: text) else { return 0 }
        let within = selection.framesWithin(count: 21)
        precondition(within.frames.allSatisfy { (0..<21).contains($0) } && within.pastEnd >= 0)
        if let frames = try? selection.frames(count: 21) { precondition(frames.allSatisfy { (0..<21).contains($0) }) }
    case 3:
        // The option on the first line, then the environment as NAME=VALUE lines.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var environment: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "=") else { continue }
            environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let shard = try? FrameShard(option: String(lines.first ?? ""), environment: environment) else { return 0 }
        let frames = Array(0..<21)
        precondition(shard.part(of: frames).allSatisfy(frames.contains))
        // Every shard of a count a farm could run covers the frames once, together.
        if shard.count <= 1000 {
            let parts = (0..<shard.count).map { index in (try? FrameShard(index: index, count: shard.count))?.part(of: frames) ?? [] }
            precondition(parts.flatMap { $0 } == frames, "the shards of \(shard) do not cover the frames once each")
        }
    default:
        _ = try? SampleKeys(parsing: text, in: loaded.scene)
    }
    return 0
}

private func evaluate(with overrides: [SceneOverride]) {
    guard let loaded = try? SceneLoader.parse(scene, file: "fuzz.yaml", overrides: overrides),
          let evaluated = try? loaded.evaluate() else { return }
    _ = evaluated.evaluation.presentation(at: evaluated.duration / 2)
}

var count = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&count, &values, { data, size in fuzzCommandLine(data!, size) }))
