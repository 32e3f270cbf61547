import Testing
import ZoetropeCore

/// `AnimatorGroup(timeline:)` throws one typed error, `AnimatorGroup.TimelineError`, naming why,
/// and adds nothing to the stage when it throws.
@Suite struct AnimatorGroupTimelineErrorTests {
    private func stage() throws -> (AnimationStage, PropertyAnimator) {
        var box = Layer(id: "box", shape: .rect)
        box.values.size = Vector2(10, 10)
        let stage = AnimationStage(layers: [box])
        let move = PropertyAnimator(duration: 1, curve: .linear, stage: stage)
        try move.addAnimations([try stage.assignment("box.position.x", .number(100))])
        return (stage, move)
    }

    /// The next timeline made is group 0: the one refused was not added.
    private func expectNothingAdded(_ stage: AnimationStage, _ move: PropertyAnimator) throws {
        let next = try AnimatorGroup(timeline: [.member(target: move.index, position: .append)], stage: stage)
        #expect(next.index == .group(0), "the refused timeline was not added")
    }

    @Test(arguments: [0, -1, .nan, .infinity, 1001])
    func aTimeScaleOutsideTheReadersRangeIsRefused(timeScale: Double) throws {
        let (stage, move) = try stage()
        do {
            _ = try AnimatorGroup(timeline: [.member(target: move.index, position: .append)], timeScale: timeScale, stage: stage)
            Issue.record("a time scale of \(timeScale) was accepted")
        } catch {
            guard case .timeScale(let found) = error else { Issue.record("expected .timeScale, found \(error)"); return }
            #expect(found == timeScale || (found.isNaN && timeScale.isNaN))
            #expect(error.description.hasPrefix("timeScale must be within 0 < timeScale <= 1000"))
        }
        try expectNothingAdded(stage, move)
    }

    @Test func aLabelNotYetPlacedNamesItsChild() throws {
        let (stage, move) = try stage()
        #expect(throws: AnimatorGroup.TimelineError.unknownLabel(TimelineLayout.UnknownLabel(name: "later", child: 1))) {
            try AnimatorGroup(timeline: [.member(target: move.index, position: .append),
                                         .member(target: move.index, position: .label("later", 0))], stage: stage)
        }
        try expectNothingAdded(stage, move)
    }

    @Test func aTimelineContainingItselfIsACycle() throws {
        let (stage, move) = try stage()
        let error = AnimatorGroup.TimelineError.cycle(GroupCycle(group: 0, id: "timeline0", kind: .timeline))
        #expect(throws: error) {
            try AnimatorGroup(timeline: [.member(target: move.index, position: .append),
                                         .member(target: .group(0), position: .append)], stage: stage)
        }
        #expect(error.description == #"timeline "timeline0" contains itself (through its children); timelines must not form cycles"#)
        try expectNothingAdded(stage, move)
    }
}
