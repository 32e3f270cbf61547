/// The expressions real files use most: `loopOut` and `loopIn` (After Effects' property
/// loops), which repeat a property's keyframes after its last key or before its first.
struct LottieLoop: Sendable {
    enum Kind: String, Sendable {
        /// The keys again from the start of the loop.
        case cycle
        /// Forwards, then backwards, then forwards.
        case pingpong
        /// Again, each time moved on by how far the loop moves.
        case offset
        /// On at the speed of the last key (the first, for `loopIn`).
        case `continue`
    }

    var kind: Kind
    /// How many keys from the end (`loopOut`) or start (`loopIn`) the loop spans; 0 is all.
    var keyCount: Int

    /// The loops of an expression that is nothing but `loopOut(…)` or `loopIn(…)` (as
    /// Bodymovin writes it, `var $bm_rt; $bm_rt = loopOut('cycle', 0);` too); nil for any other expression.
    static func parse(_ expression: String) -> (out: LottieLoop?, in: LottieLoop?)? {
        var text = expression.filter { !$0.isWhitespace }
        if text.hasPrefix("var$bm_rt;") { text.removeFirst(10) }
        if text.hasPrefix("$bm_rt=") { text.removeFirst(7) }
        while text.hasSuffix(";") { text.removeLast() }
        for (name, isOut) in [("loopOut(", true), ("loopIn(", false)] where text.hasPrefix(name) && text.hasSuffix(")") {
            let arguments = text.dropFirst(name.count).dropLast().split(separator: ",", omittingEmptySubsequences: false).map { argument in
                argument.split(separator: "=").last.map(String.init)?.trimmingQuotes ?? ""
            }
            guard arguments.count <= 2 else { return nil }
            let kindName = arguments.first.flatMap { $0.isEmpty ? nil : $0 } ?? "cycle"
            guard let kind = Kind(rawValue: kindName) else { return nil }
            let count = arguments.count == 2 ? Int(arguments[1]) : 0
            guard let count, count >= 0 else { return nil }
            let loop = LottieLoop(kind: kind, keyCount: count)
            return isOut ? (loop, nil) : (nil, loop)
        }
        return nil
    }
}

private extension String {
    var trimmingQuotes: String {
        var text = self
        while let first = text.first, first == "'" || first == "\"" { text.removeFirst() }
        while let last = text.last, last == "'" || last == "\"" { text.removeLast() }
        return text
    }
}

extension LottieProperty {
    /// Keys, looped when an expression loops them.
    init(keys: [LottieKey<Value>], loops: (out: LottieLoop?, in: LottieLoop?)?) {
        self = loops.map { .looped(keys, out: $0.out, in: $0.in) } ?? .keyed(keys)
    }

    /// The value at `frame` of keys looped after their last key (`out`) or before their first
    /// (`in`), as After Effects evaluates `loopOut` and `loopIn`.
    static func looped(_ keys: [LottieKey<Value>], out: LottieLoop?, in loopIn: LottieLoop?, at frame: Double) -> Value {
        let plain = LottieProperty.keyed(keys)
        guard let first = keys.first, let last = keys.last, keys.count > 1 else { return plain.value(at: frame) }
        if let loop = out, frame > last.time {
            let start = loop.keyCount > 0 && loop.keyCount < keys.count ? keys[keys.count - 1 - loop.keyCount].time : first.time
            return repeated(plain, from: start, to: last.time, at: frame, loop: loop, after: true)
        }
        if let loop = loopIn, frame < first.time {
            let end = loop.keyCount > 0 && loop.keyCount < keys.count ? keys[loop.keyCount].time : last.time
            return repeated(plain, from: first.time, to: end, at: frame, loop: loop, after: false)
        }
        return plain.value(at: frame)
    }

    /// The value at `frame`, outside the loop `start…end`, repeating it as `loop` says.
    private static func repeated(_ plain: LottieProperty, from start: Double, to end: Double, at frame: Double,
                                 loop: LottieLoop, after: Bool) -> Value {
        let length = end - start
        guard length > 0, length.isFinite else { return plain.value(at: frame) }
        if loop.kind == .continue {
            let edge = after ? end : start
            let step = min(length, 1) / 100
            let near = plain.value(at: after ? end - step : start + step)
            return plain.value(at: edge).extended(from: near, by: abs(frame - edge) / step)
        }
        // How many whole loops lie between the frame and the loop, and where in one it falls.
        let distance = after ? frame - start : end - frame
        let turns = (distance / length).rounded(.down)
        let phase = distance - turns * length
        switch loop.kind {
        case .cycle, .continue:
            return plain.value(at: after ? start + phase : end - phase)
        case .pingpong:
            let backwards = turns.truncatingRemainder(dividingBy: 2) == 1
            let local = backwards ? length - phase : phase
            return plain.value(at: after ? start + local : end - local)
        case .offset:
            let value = plain.value(at: after ? start + phase : end - phase)
            let from = plain.value(at: start), to = plain.value(at: end)
            return value.extended(from: after ? from : to, to: after ? to : from, times: turns)
        }
    }
}
