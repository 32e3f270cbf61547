/// The animations in flight, in creation order (later ones apply on top of earlier ones), with
/// an index by owner and by property: a call or an end touches the animations it concerns, not
/// every animation in flight, so a scene of many animators costs linearly in them.
///
/// Removed animations leave an empty slot until half the slots are empty, when the list is
/// packed again; the indexes may name emptied slots, which readers skip and writers prune.
struct AnimationList: Sequence, Sendable {
    /// A layer's property, as the property index keys it.
    struct PropertyKey: Hashable, Sendable {
        var layer: Int
        var property: LayerProperty
    }

    private var slots: [RunningAnimation?] = []
    private var live = 0
    private var byOwner: [ControlTarget: [Int]] = [:]
    private var byProperty: [PropertyKey: [Int]] = [:]
    /// Animations driven by a finger (a drag), which end by themselves.
    private(set) var fingerCount = 0

    init() {}

    var isEmpty: Bool { live == 0 }

    func makeIterator() -> some IteratorProtocol<RunningAnimation> {
        slots.lazy.compactMap { $0 }.makeIterator()
    }

    /// The animation in `slot` (a slot from `slots(ownedBy:)` or `slots(of:_:)`); nil once removed.
    subscript(slot: Int) -> RunningAnimation? { slots[slot] }

    /// Changes the animation in `slot` (anything but its owner, layer and property, which the
    /// indexes hold).
    mutating func update(_ slot: Int, _ change: (inout RunningAnimation) -> Void) {
        guard var animation = slots[slot] else { return }
        slots[slot] = nil  // so the change works on a unique copy
        change(&animation)
        slots[slot] = animation
    }

    mutating func append(_ animation: RunningAnimation) {
        let slot = slots.count
        slots.append(animation)
        live += 1
        if let owner = animation.clock.owner { byOwner[owner, default: []].append(slot) } else { fingerCount += 1 }
        byProperty[PropertyKey(layer: animation.layer, property: animation.property), default: []].append(slot)
    }

    /// The slots of `owner`'s animations, in creation order.
    func slots(ownedBy owner: ControlTarget) -> [Int] {
        (byOwner[owner] ?? []).filter { slots[$0] != nil }
    }

    /// The slots of the animations of `layer`'s `property`, in creation order.
    func slots(of layer: Int, _ property: LayerProperty) -> [Int] {
        (byProperty[PropertyKey(layer: layer, property: property)] ?? []).filter { slots[$0] != nil }
    }

    /// `owner`'s animations, in creation order.
    func owned(by owner: ControlTarget) -> [RunningAnimation] { slots(ownedBy: owner).compactMap { slots[$0] } }

    /// Removes `owner`'s animations.
    mutating func removeAll(ownedBy owner: ControlTarget) {
        remove(slots(ownedBy: owner))
        byOwner[owner] = nil
    }

    /// Removes the animations of `layer`'s `property` for which `isRemoved` holds.
    mutating func removeAll(of layer: Int, _ property: LayerProperty, where isRemoved: (RunningAnimation) -> Bool) {
        let key = PropertyKey(layer: layer, property: property)
        let current = slots(of: layer, property)
        remove(current.filter { slots[$0].map(isRemoved) ?? false })
        let kept = current.filter { slots[$0] != nil }
        byProperty[key] = kept.isEmpty ? nil : kept
    }

    /// Removes the finger animations for which `isRemoved` holds (there are few: one per dragged layer).
    mutating func removeFingers(where isRemoved: (RunningAnimation) -> Bool) {
        guard fingerCount > 0 else { return }
        remove(slots.indices.filter { slot in
            guard let animation = slots[slot], case .finger = animation.clock else { return false }
            return isRemoved(animation)
        })
    }

    private mutating func remove(_ removed: [Int]) {
        for slot in removed {
            guard let animation = slots[slot] else { continue }
            if animation.clock.owner == nil { fingerCount -= 1 }
            slots[slot] = nil
            live -= 1
        }
        if slots.count > 64 && live < slots.count / 2 { pack() }
    }

    /// Drops the empty slots and renumbers the indexes.
    private mutating func pack() {
        let animations = slots.compactMap { $0 }
        slots = []
        live = 0
        byOwner = [:]
        byProperty = [:]
        fingerCount = 0
        for animation in animations { append(animation) }
    }
}
