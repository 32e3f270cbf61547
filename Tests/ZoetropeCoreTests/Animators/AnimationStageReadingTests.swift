import Testing
import ZoetropeCore

/// `AnimationStage` is the one public driver: what the stage shows is read from it, by layer
/// index as by key, without reaching the engine under it.
@Suite struct AnimationStageReadingTests {
    @Test func presentationModelLayersStatusAndCompletionsAreReadFromTheStage() throws {
        var box = Layer(id: "box", shape: .rect)
        box.values.size = Vector2(10, 10)
        let stage = AnimationStage(layers: [box])
        let move = PropertyAnimator(duration: 2, curve: .linear, stage: stage)
        try move.addAnimations([try stage.assignment("box.position.x", .number(100))])
        try move.startAnimation()
        stage.advance(to: 1)

        #expect(stage.layers.nodes.map(\.id) == ["box"])
        #expect(abs(stage.presentation[0].position.x - 50) < 1e-9, "half way, on the linear curve")
        #expect(stage.presentationValue("box.position.x") == .number(stage.presentation[0].position.x))
        #expect(stage.model[0].position.x == 100, "the model is where the animation goes")
        #expect(stage.modelValue("box.position.x") == .number(100))
        #expect(stage.animatorStatus.map(\.target) == [move.index])
        #expect(stage.animatorStatus.first?.state == .active)
        #expect(stage.completions.isEmpty)

        stage.advance(to: 3)
        #expect(stage.completions == [CompletionRecord(target: move.index, animator: "animator0", position: .end, time: 2)])
        #expect(stage.animatorStatus.first?.state == .inactive)
    }
}
