import Testing
import ZoetropeCore

/// A call from Swift that names what the stage does not have throws, naming it; it never traps.
@Suite struct StageMisuseTests {
    private func stage() -> Stage {
        var stage = Stage(layers: LayerTree([Layer(id: "a", shape: .rect)]))
        _ = stage.addAnimator(AnimatorDefinition(id: "move", duration: 1, timing: .cubic(.linear), blocks: []))
        return stage
    }

    @Test func anAnimatorPastTheLastThrowsAndChangesNothing() {
        var stage = stage()
        let before = stage.animatorStatus
        #expect(throws: AnimatorCallError(call: "start", state: "absent", legal: "name one of its 1 animators, 0 to 0",
                                          reason: "there is no animator 99 on the stage")) {
            try stage.perform(.start(target: .animator(99), delay: 0))
        }
        #expect(stage.animatorStatus == before)
        #expect(throws: AnimatorCallError.self) { try stage.perform(.pause(target: .group(0))) }
        #expect(throws: AnimatorCallError.self) { try stage.setOptions(AnimatorOptions(), of: 5) }
    }

    @Test func aLayerPastTheLastThrows() {
        var stage = stage()
        #expect(throws: AnimatorCallError.self) { try stage.perform(.drag(layer: 3, points: [.zero], duration: 1)) }
        #expect(throws: AnimatorCallError.self) {
            try stage.perform(.set([PropertyAssignment(PropertyTarget(layer: 7, property: .opacity), .number(0))]))
        }
        #expect(throws: Never.self) { try stage.perform(.set([PropertyAssignment(PropertyTarget(layer: 0, property: .opacity), .number(0))])) }
    }

    @Test func aLayerMovedOrRestyledPastTheLastThrows() {
        var stage = stage()
        #expect(throws: AnimatorCallError.self) { try stage.perform(.move(layer: 9, parent: nil, position: nil)) }
        #expect(throws: AnimatorCallError.self) { try stage.perform(.move(layer: 0, parent: 9, position: nil)) }
        #expect(throws: AnimatorCallError.self) { try stage.perform(.restyle(layer: 9, style: LayerStyle())) }
    }
}
