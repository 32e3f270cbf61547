/// Where a timeline child goes (SPEC §3.5, GSAP's position parameter).
public enum TimelinePosition: Hashable, Sendable {
    /// Seconds from the timeline's start.
    case absolute(Double)
    /// `"+=x"` / `"-=x"`: relative to the timeline's current end.
    case relativeToEnd(Double)
    /// `"<"` (with an offset, `"<0.2"`): relative to the previous child's start.
    case previousStart(Double)
    /// `">"` (`">-0.1"`): relative to the previous child's end.
    case previousEnd(Double)
    /// A label's time, with an offset (`"settle+=0.5"`).
    case label(String, Double)

    /// The default: append at the current end.
    public static let append = TimelinePosition.relativeToEnd(0)

    /// Parses a position as scene files write it; nil when it is none of the forms.
    public init?(parsing text: String) {
        func offset(_ rest: Substring) -> Double? {
            if rest.isEmpty { return 0 }
            if rest.hasPrefix("+=") { return Double(rest.dropFirst(2)) }
            if rest.hasPrefix("-=") { return Double(rest.dropFirst(2)).map { -$0 } }
            return Double(rest)
        }
        let trimmed = text.filter { $0 != " " }
        if let number = Double(trimmed) {
            self = .absolute(number)
        } else if trimmed.hasPrefix("+=") || trimmed.hasPrefix("-=") {
            guard let value = offset(trimmed[...]) else { return nil }
            self = .relativeToEnd(value)
        } else if let first = trimmed.first, first == "<" || first == ">" {
            guard let value = offset(trimmed.dropFirst()), value.isFinite else { return nil }
            self = first == "<" ? .previousStart(value) : .previousEnd(value)
        } else {
            // "name", "name+=x" or "name-=x".
            let cut = trimmed.indices.first { index in
                let next = trimmed.index(after: index)
                return (trimmed[index] == "+" || trimmed[index] == "-") && next < trimmed.endIndex && trimmed[next] == "="
            }
            let name = cut.map { String(trimmed[..<$0]) } ?? trimmed
            guard !name.isEmpty, let value = offset(cut.map { trimmed[$0...] } ?? "") else { return nil }
            self = .label(name, value)
        }
    }
}

/// Spreads the members of a stagger: by `each` seconds, or a total `amount` shared out.
public struct Stagger: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable, CaseIterable { case start, end, center }
    public enum Spacing: Hashable, Sendable {
        case each(Double)
        case amount(Double)
    }

    public var spacing: Spacing
    public var from: Origin

    public init(spacing: Spacing, from: Origin = .start) {
        self.spacing = spacing
        self.from = from
    }

    /// The offset of each of `count` members from the stagger's position, in seconds.
    public func offsets(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        let steps: [Double] = (0..<count).map { index in
            switch from {
            case .start: Double(index)
            case .end: Double(count - 1 - index)
            case .center: abs(Double(index) - Double(count - 1) / 2)
            }
        }
        let largest = steps.max() ?? 0
        let each: Double = switch spacing {
        case .each(let seconds): seconds
        case .amount(let total): largest > 0 ? total / largest : 0
        }
        return steps.map { $0 * each }
    }
}

/// A child of a timeline, as written.
public enum TimelineChild: Hashable, Sendable {
    /// An animator or group (a control target) at a position.
    case member(target: ControlTarget, position: TimelinePosition)
    /// A named time.
    case label(String, position: TimelinePosition)
    /// Several members spread from one position.
    case stagger(targets: [ControlTarget], stagger: Stagger, position: TimelinePosition)
}

/// A timeline's children placed on its time axis: GSAP's position arithmetic.
public enum TimelineLayout {
    /// A position that names a label the timeline does not have (yet).
    public struct UnknownLabel: Error, Hashable, Sendable {
        public var name: String
        /// The index of the child that used it.
        public var child: Int

        public init(name: String, child: Int) {
            self.name = name
            self.child = child
        }
    }

    /// A timeline's children placed: its members and its labels.
    public struct Placement: Hashable, Sendable {
        /// Each member's target and start time, in the timeline's own seconds, in the order of
        /// the children (a stagger's members in its order).
        public var members: [GroupDefinition.Member]
        /// The time of each label, in the timeline's own seconds.
        public var labels: [String: Double]

        /// The placement of `members`, with `labels`.
        public init(members: [GroupDefinition.Member], labels: [String: Double]) {
            self.members = members
            self.labels = labels
        }
    }

    /// The members (target and start time, in the timeline's own seconds) and labels of
    /// `children`; `duration(target)` is a target's length on this timeline's axis.
    public static func resolve(_ children: [TimelineChild], duration: (ControlTarget) -> Double) throws(UnknownLabel) -> Placement {
        var members: [GroupDefinition.Member] = []
        var labels: [String: Double] = [:]
        var end = 0.0
        var previous = (start: 0.0, end: 0.0)
        for (index, child) in children.enumerated() {
            func place(_ position: TimelinePosition) throws(UnknownLabel) -> Double {
                switch position {
                case .absolute(let time): return time
                case .relativeToEnd(let offset): return end + offset
                case .previousStart(let offset): return previous.start + offset
                case .previousEnd(let offset): return previous.end + offset
                case let .label(name, offset):
                    guard let time = labels[name] else { throw UnknownLabel(name: name, child: index) }
                    return time + offset
                }
            }
            switch child {
            case let .member(target, position):
                let start = max(0, try place(position))
                members.append(GroupDefinition.Member(target: target, delay: start))
                previous = (start, start + duration(target))
                end = max(end, previous.end)
            case let .label(name, position):
                labels[name] = max(0, try place(position))
            case let .stagger(targets, stagger, position):
                let base = max(0, try place(position))
                let offsets = stagger.offsets(count: targets.count)
                var last = base
                for (target, offset) in zip(targets, offsets) {
                    members.append(GroupDefinition.Member(target: target, delay: base + offset))
                    last = max(last, base + offset + duration(target))
                }
                previous = (base, last)
                end = max(end, last)
            }
        }
        return Placement(members: members, labels: labels)
    }
}
