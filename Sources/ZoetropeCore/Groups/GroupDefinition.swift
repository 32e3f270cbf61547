/// A group of animators (and groups) controlled as one (SPEC §3.5): every control call reaches
/// every member at the same instant.
///
/// The group's time axis is as long as its longest member (delay + duration); setting the
/// group's fraction f puts every member at time f·T of that axis. Its completions run once,
/// when every member has ended.
public struct GroupDefinition: Hashable, Sendable {
    public struct Member: Hashable, Sendable {
        /// A control target: an animator index, or `animatorCount + group index` for a group.
        public var target: Int
        /// Seconds after the group's start at which this member starts.
        public var delay: Double

        public init(target: Int, delay: Double = 0) {
            self.target = target
            self.delay = delay
        }
    }

    public var id: String
    public var members: [Member]
    public var completions: [Completion]

    public init(id: String, members: [Member], completions: [Completion] = []) {
        self.id = id
        self.members = members
        self.completions = completions
    }
}
