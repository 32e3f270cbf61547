/// The animations in flight, in creation order (later ones apply on top of earlier ones), with
/// an index by owner and by property: a call or an end touches the animations it concerns, not
/// every animation in flight, so a scene of many animators costs linearly in them.
///
/// Removed animations leave a dead slot until half the slots are dead, when the list is packed
/// again; the indexes may name dead slots, which readers skip and writers prune. A dead slot
/// keeps its value until then: the slots are not optionals, so a frame's evaluation can be lent
/// each animation where it is (`forEachAnimation`) instead of copying it out.
struct AnimationList: Sequence, Sendable {
    /// A layer's property, as the property index keys it.
    struct PropertyKey: Hashable, Sendable {
        var layer: Int
        var property: LayerProperty
    }

    private var slots: [RunningAnimation] = []
    private var isLive: [Bool] = []
    private var live = 0
    private var byOwner: [ControlTarget: [Int]] = [:]
    private var byProperty: [PropertyKey: [Int]] = [:]
    /// Animations driven by a finger (a drag), which end by themselves.
    private(set) var fingerCount = 0

    init() {}

    var isEmpty: Bool { live == 0 }

    func makeIterator() -> some IteratorProtocol<RunningAnimation> {
        zip(slots, isLive).lazy.filter(\.1).map(\.0).makeIterator()
    }

    /// Calls `body` with each animation in creation order, lent where it lies rather than
    /// copied (a copy retains each of its values and keyframes): a frame's evaluation visits
    /// every animation in flight.
    func forEachAnimation(_ body: (borrowing RunningAnimation) -> Void) {
        slots.withUnsafeBufferPointer { animations in
            for slot in animations.indices where isLive[slot] { body(animations[slot]) }
        }
    }

    /// The animation in `slot` (a slot from `slots(ownedBy:)` or `slots(of:_:)`); nil once removed.
    subscript(slot: Int) -> RunningAnimation? { isLive[slot] ? slots[slot] : nil }

    /// Changes the animation in `slot` (anything but its owner, layer and property, which the
    /// indexes hold).
    mutating func update(_ slot: Int, _ change: (inout RunningAnimation) -> Void) {
        guard isLive[slot] else { return }
        change(&slots[slot])
    }

    mutating func append(_ animation: RunningAnimation) {
        let slot = slots.count
        slots.append(animation)
        isLive.append(true)
        live += 1
        if let owner = animation.clock.owner { byOwner[owner, default: []].append(slot) } else { fingerCount += 1 }
        byProperty[PropertyKey(layer: animation.layer, property: animation.property), default: []].append(slot)
    }

    /// The slots of `owner`'s animations, in creation order.
    func slots(ownedBy owner: ControlTarget) -> [Int] {
        (byOwner[owner] ?? []).filter { isLive[$0] }
    }

    /// The slots of the animations of `layer`'s `property`, in creation order.
    func slots(of layer: Int, _ property: LayerProperty) -> [Int] {
        (byProperty[PropertyKey(layer: layer, property: property)] ?? []).filter { isLive[$0] }
    }

    /// `owner`'s animations, in creation order.
    func owned(by owner: ControlTarget) -> [RunningAnimation] { slots(ownedBy: owner).map { slots[$0] } }

    /// Removes `owner`'s animations.
    mutating func removeAll(ownedBy owner: ControlTarget) {
        remove(slots(ownedBy: owner))
        byOwner[owner] = nil
    }

    /// Removes the animations of `layer`'s `property` for which `isRemoved` holds.
    mutating func removeAll(of layer: Int, _ property: LayerProperty, where isRemoved: (RunningAnimation) -> Bool) {
        let key = PropertyKey(layer: layer, property: property)
        let current = slots(of: layer, property)
        remove(current.filter { isLive[$0] && isRemoved(slots[$0]) })
        let kept = current.filter { isLive[$0] }
        byProperty[key] = kept.isEmpty ? nil : kept
    }

    /// Removes the finger animations for which `isRemoved` holds (there are few: one per dragged layer).
    mutating func removeFingers(where isRemoved: (RunningAnimation) -> Bool) {
        guard fingerCount > 0 else { return }
        remove(slots.indices.filter { slot in
            guard isLive[slot], case .finger = slots[slot].clock else { return false }
            return isRemoved(slots[slot])
        })
    }

    private mutating func remove(_ removed: [Int]) {
        for slot in removed where isLive[slot] {
            if slots[slot].clock.owner == nil { fingerCount -= 1 }
            isLive[slot] = false
            live -= 1
        }
        if slots.count > 64 && live < slots.count / 2 { pack() }
    }

    /// Drops the dead slots and renumbers the indexes.
    private mutating func pack() {
        let animations = zip(slots, isLive).filter(\.1).map(\.0)
        slots = []
        isLive = []
        live = 0
        byOwner = [:]
        byProperty = [:]
        fingerCount = 0
        for animation in animations { append(animation) }
    }
}
