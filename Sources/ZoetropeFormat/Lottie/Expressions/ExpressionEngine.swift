import CDuktape
import Synchronization

/// Lottie expressions (a property's `x`), run in a sandboxed JavaScript engine: Duktape, with
/// After Effects' expression environment as lottie-web defines it (`ExpressionPrelude`).
///
/// One engine (one Duktape heap) per reading of a file, nothing shared between readings. The
/// heap has no file, network or module access (Duktape has none; `Duktape`, `Date`, `require`,
/// `print` are removed), a memory cap, an instruction budget per evaluation and one for the
/// whole file; `Math.random`, `random()` and `wiggle` are seeded by the property's JSON path and
/// the time. Each evaluation starts from the same global scope (what an expression leaves in it
/// is removed, the environment is frozen), so a value depends only on the property and the
/// time: the same in any order and on any thread (evaluations take a lock).
///
/// An expression that fails (a syntax error, an exception, a budget or the cap passed, a result
/// that is not a number, a list of numbers or a path) is turned off: its property is drawn from
/// its keyframes, and the failure is reported at the expression's JSON path.
final class ExpressionEngine: Sendable {
    /// The most memory a file's expressions may hold at once (the heap, the environment and
    /// every value they make).
    static let memoryCap = 16 << 20
    /// The most bytecode instructions one evaluation may run (it is stopped at the first of
    /// Duktape's interrupts past it, every 256 Ki instructions): a few milliseconds. The corpus's
    /// expressions take a few hundred to a few thousand.
    static let evaluationInstructions = 1_000_000
    /// The most all of a file's evaluations may run together, however many properties it has:
    /// half a second or so in a release build. Past it, every expression is drawn without.
    static let fileInstructions = 100_000_000
    /// How deep expressions may read properties whose own expressions read others.
    static let nesting = 8
    /// The most expressions a file may have evaluated; past it, the rest are drawn without.
    static let expressionCount = 10_000

    private let state: Mutex<State>

    /// An engine for the animation `root` (its compositions, layers, effects and shapes, which
    /// expressions read by name); nil when Duktape cannot make a heap.
    init?(root: JSONValue, fileInstructions: Int = ExpressionEngine.fileInstructions) {
        let state = State(root: root, fileInstructions: fileInstructions)
        guard state.start() else { return nil }
        self.state = Mutex(state)
    }

    /// Compiles `source`, the expression of the property at `path`; the slot to evaluate it
    /// with, or the error (a syntax error) it cannot be compiled for.
    func register<Value: LottieValue>(_ source: String, at path: String, base: LottieProperty<Value>) -> Result<Int, ExpressionFailure> {
        state.withLock { state in state.register(source, at: path, kind: Value.expressionKind, base: Slot.Base(base)) }
    }

    /// The value of slot `slot` at Lottie frame `frame` (its composition's), or nil when the
    /// expression is off (it failed, here or before).
    func value(slot: Int, at frame: Double) -> [Double]? {
        state.withLock { state in state.evaluate(slot, at: frame) }
    }

    /// The instructions the engine has run so far, every evaluation's together.
    var instructionsRun: Int {
        state.withLock { state in Int(clamping: zx_instructions(state.heap)) }
    }

    /// Why expressions were turned off, by the JSON path of each expression (`….x`), in the
    /// order met.
    var failures: [(path: String, message: String)] {
        state.withLock { state in state.failures }
    }
}

/// Why an expression is drawn without.
struct ExpressionFailure: Error {
    var message: String
}

/// A compiled expression: its property's path, what its value is, and the keyframed value.
private struct Slot {
    /// The property's own value before its expression: at any frame, and its keys.
    struct Base {
        let value: @Sendable (Double) -> [Double]
        let keys: [(time: Double, value: [Double])]

        init<Value: LottieValue>(_ property: LottieProperty<Value>) {
            value = { property.value(at: $0).expressionNumbers }
            keys = property.keyframes.map { ($0.time, $0.value.expressionNumbers) }
        }
    }

    let path: String
    let base: Base
    var failed = false
    /// Values already worked out, by frame.
    var memo: [Double: [Double]] = [:]
}

private final class State {
    let root: JSONValue
    let frameRate: Double
    var heap: OpaquePointer?
    var slots: [Slot] = []
    var slotByPath: [String: Int] = [:]
    var failures: [(path: String, message: String)] = []
    /// Slots being evaluated, innermost last: a property read again while its own expression
    /// runs is read from its keyframes.
    var running: [Int] = []
    /// Properties without expressions read by expressions, decoded once.
    var plain: [String: LottieProperty<[Double]>?] = [:]
    /// Whether a path read is a split position, by path.
    var split: [String: Bool] = [:]
    var spent = false
    let fileInstructions: Int

    init(root: JSONValue, fileInstructions: Int) {
        self.root = root
        self.fileInstructions = fileInstructions
        frameRate = root["fr"]?.number.flatMap { $0 > 0 ? $0 : nil } ?? 30
    }

    /// The most numbers a result may have (a path of about 1 365 vertices).
    static let resultCapacity = 8192
    private var resultBuffers: [UnsafeMutableBufferPointer<Double>] = []

    deinit {
        zx_destroy(heap)
        for buffer in resultBuffers { buffer.deallocate() }
    }

    /// Makes the heap and runs the environment in it.
    func start() -> Bool {
        let owner = Unmanaged.passUnretained(self).toOpaque()
        guard let heap = zx_create(ExpressionEngine.memoryCap, UInt(ExpressionEngine.evaluationInstructions),
                                   UInt(fileInstructions), owner, hostCallback) else { return false }
        self.heap = heap
        let setup = ExpressionPrelude.source + "\n__setup(" + ExpressionMeta.literal(root, frameRate: frameRate) + ");"
        var error = [CChar](repeating: 0, count: 512)
        return zx_run(heap, setup, &error, error.count) == 0
    }

    func register(_ source: String, at path: String, kind: String, base: Slot.Base) -> Result<Int, ExpressionFailure> {
        guard slots.count < ExpressionEngine.expressionCount else {
            return .failure(ExpressionFailure(message: "more than \(ExpressionEngine.expressionCount) expressions in the file"))
        }
        let propertyPath = path.hasSuffix(".x") ? String(path.dropLast(2)) : path
        let slot = slots.count
        let wrapper = ExpressionMeta.wrapper(source, path: propertyPath, kind: kind)
        var error = [CChar](repeating: 0, count: 512)
        let rc = zx_define(heap, Int32(slot), wrapper, &error, error.count)
        guard rc == 0 else { return .failure(ExpressionFailure(message: Self.text(error))) }
        slots.append(Slot(path: propertyPath, base: base))
        slotByPath[propertyPath] = slot
        return .success(slot)
    }

    func evaluate(_ slot: Int, at frame: Double) -> [Double]? {
        guard slots.indices.contains(slot), !slots[slot].failed, frame.isFinite else { return nil }
        // Values are kept and reused only from the top: inside another's evaluation, a value may
        // read a property of a cycle from its keys, so it is worked out afresh.
        if running.isEmpty, let known = slots[slot].memo[frame] { return known }
        guard !spent else { return fail(slot, fileBudget) }
        guard running.count < ExpressionEngine.nesting else { return fail(slot, "expressions read one another more than \(ExpressionEngine.nesting) deep") }
        let input = slots[slot].base.value(frame)
        let output = outputs(depth: running.count)
        running.append(slot)
        var error = [CChar](repeating: 0, count: 512)
        let count = zx_call(heap, "__entry", Int32(clamping: slot), frame / frameRate, input, Int32(clamping: input.count),
                            output.baseAddress, Int32(clamping: output.count), &error, error.count)
        running.removeLast()
        if zx_instructions(heap) > UInt(fileInstructions) { spent = true }
        switch count {
        case -2:
            return fail(slot, spent ? fileBudget
                : "the expression ran past its budget (\(ExpressionEngine.evaluationInstructions) instructions) at frame \(frame)")
        case ..<0:
            let message = Self.text(error)
            let memory = message.contains("alloc failed") ? " (past the \(ExpressionEngine.memoryCap >> 20) MB memory cap)" : ""
            return fail(slot, "\(message)\(memory) at frame \(frame)")
        default:
            let value = Array(output.prefix(Int(truncatingIfNeeded: count)))
            guard value.allSatisfy(\.isFinite) else { return fail(slot, "the result is not a finite number at frame \(frame)") }
            if running.isEmpty {
                if slots[slot].memo.count > 100_000 { slots[slot].memo.removeAll() }
                slots[slot].memo[frame] = value
            }
            return value
        }
    }

    /// The buffer an evaluation at nesting `depth` gets its result in: one per depth (an outer
    /// evaluation's result is written after the ones it read), made once, not per evaluation.
    private func outputs(depth: Int) -> UnsafeMutableBufferPointer<Double> {
        while resultBuffers.count <= depth {
            let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: Self.resultCapacity)
            buffer.initialize(repeating: 0)
            resultBuffers.append(buffer)
        }
        return resultBuffers[depth]
    }

    private var fileBudget: String { "the file's expressions ran past their budget (\(fileInstructions) instructions in all)" }

    private func fail(_ slot: Int, _ message: String) -> [Double]? {
        if !slots[slot].failed {
            slots[slot].failed = true
            failures.append((slots[slot].path + ".x", message))
        }
        return nil
    }

    private static func text(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: The host: what `__host(op, path, time)` answers.

    /// op 0: the property at `path` at `time` (seconds), with its expression; 1: its keyframed
    /// value; 2: how many keys it has; 3: key `time` (1-based): its time in seconds and value;
    /// 4: a path (shape) property with its expression. Nil: no such property.
    func host(op: Int32, path: String, time: Double) -> [Double]? {
        let frame = time * frameRate
        switch op {
        case 0, 4:
            if let slot = slotByPath[path], !running.contains(slot) {
                return evaluate(slot, at: frame) ?? slots[slot].base.value(frame)
            }
            if let slot = slotByPath[path] { return slots[slot].base.value(frame) }
            if op == 4 { return shape(at: path)?.value(at: frame).expressionNumbers }
            return numbers(at: path, frame: frame)
        case 1:
            if let slot = slotByPath[path] { return slots[slot].base.value(frame) }
            return numbers(at: path, frame: frame)
        case 2:
            if let slot = slotByPath[path] { return [Double(slots[slot].base.keys.count)] }
            return [Double(plainProperty(at: path)?.keyframes.count ?? 0)]
        case 3:
            let keys: [(time: Double, value: [Double])]
            if let slot = slotByPath[path] { keys = slots[slot].base.keys } else { keys = (plainProperty(at: path)?.keyframes ?? []).map { ($0.time, $0.value) } }
            guard time >= 1, time <= Double(keys.count), case let index = Int(saturating: time) - 1 else { return nil }
            return [keys[index].time / frameRate] + keys[index].value
        default:
            return nil
        }
    }

    /// A property of numbers without an expression, at frame `frame`; a split position
    /// (`{"s": true, "x": …, "y": …}`) is read as its x and y.
    private func numbers(at path: String, frame: Double) -> [Double]? {
        if isSplit(path) {
            let x = host(op: 0, path: path + ".x", time: frame / frameRate)?.first ?? 0
            let y = host(op: 0, path: path + ".y", time: frame / frameRate)?.first ?? 0
            return [x, y]
        }
        return plainProperty(at: path)?.value(at: frame)
    }

    /// Whether the property at `path` is a split position (`{"s": true, "x": …, "y": …}`),
    /// looked up once per path.
    private func isSplit(_ path: String) -> Bool {
        if let known = split[path] { return known }
        let json = ExpressionMeta.find(path, in: root)
        let found = json?["s"]?.isTrue == true && json?["x"] != nil
        if split.count < 10_000 { split[path] = found }
        return found
    }

    private func plainProperty(at path: String) -> LottieProperty<[Double]>? {
        if let known = plain[path] { return known }
        var notes = LottieNotes()
        let property = ExpressionMeta.find(path, in: root).flatMap { LottieProperty<[Double]>.numbers($0, at: path, notes: &notes) }
        if plain.count < 10_000 { plain[path] = property }
        return property
    }

    private func shape(at path: String) -> LottieProperty<LottieBezier>? {
        var notes = LottieNotes()
        return ExpressionMeta.find(path, in: root).flatMap { LottieProperty<LottieBezier>.shapes($0, at: path, notes: &notes) }
    }
}

/// Duktape's call into the host: the answer's numbers in `out`, their count, or -1 (undefined).
private func hostCallback(owner: UnsafeMutableRawPointer?, op: Int32, path: UnsafePointer<CChar>?, time: Double,
                          out: UnsafeMutablePointer<Double>?, capacity: Int32) -> Int32 {
    guard let owner, let path, let out else { return -1 }
    let state = Unmanaged<State>.fromOpaque(owner).takeUnretainedValue()
    guard time.isFinite, let values = state.host(op: op, path: String(cString: path), time: time) else { return -1 }
    let count = min(values.count, Int(capacity))
    for index in 0..<count { out[index] = values[index] }
    return Int32(clamping: count)
}

extension LottieProperty {
    /// The keys of a keyed or looped property (an expression's own, when it has one); none
    /// for a fixed value.
    var keyframes: [LottieKey<Value>] {
        switch self {
        case .fixed: []
        case .keyed(let keys), .looped(let keys, _, _): keys
        case .expressed(let expressed): expressed.base.keyframes
        }
    }
}
