import Testing
import ZoetropeCore

@Suite struct ColorTests {
    @Test(arguments: [("#FF9800", "#FF9800FF"), ("#3f7cac", "#3F7CACFF"), ("#0F08", "#00FF0088"), ("#12345678", "#12345678")])
    func hexRoundTrips(text: String, expected: String) throws {
        #expect(try #require(Color(hex: text)).hexString == expected)
    }

    @Test(arguments: ["FF9800", "#GG0000", "#12345", ""])
    func malformedHexIsRejected(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test(arguments: ColorSpace.allCases)
    func interpolationEndpointsAreExact(space: ColorSpace) throws {
        let a = try #require(Color(hex: "#3F7CAC")), b = try #require(Color(hex: "#FF9800"))
        #expect(a.interpolated(to: b, progress: 0, in: space).hexString == a.hexString)
        #expect(b == a.interpolated(to: b, progress: 1, in: space) || a.interpolated(to: b, progress: 1, in: space).hexString == b.hexString)
    }

    @Test func srgbInterpolatesPerComponentAndLinearDiffers() {
        let mid = Color.black.interpolated(to: .white, progress: 0.5, in: .srgb)
        #expect(mid.red == 0.5 && mid.alpha == 1)
        let linear = Color.black.interpolated(to: .white, progress: 0.5, in: .linear)
        #expect(abs(linear.red - 0.7353569830) < 1e-6, "linear-light midpoint, encoded back to sRGB")
    }

    @Test func additiveOffsetsAreNotClamped() {
        // An animation from 100 to 0 at progress 1.2 shows −20: added to a model of 0.
        let shown = AnimatableValue.vector(Vector2(100, 0)).interpolated(to: .vector(.zero), progress: Vector2(1.2, 1.2), colorSpace: .srgb)
        let value = AnimatableValue.vector(Vector2(0, 0)).adding(shown, minus: .vector(.zero))
        guard case .vector(let v) = value else { Issue.record("expected a vector"); return }
        #expect(abs(v.x - -20) < 1e-12 && v.y == 0, "overshoot past the target (found \(v))")
    }
}

@Suite struct GradientAnimationTests {
    let red = Color(hex: "#FF0000")!, blue = Color(hex: "#0000FF")!, white = Color.white

    @Test func gradientsInterpolateStopByStop() throws {
        let a = Gradient(kind: .linear(from: Vector2(0, 0), to: Vector2(1, 0)), stops: [.init(offset: 0, color: red), .init(offset: 1, color: blue)])
        let b = Gradient(kind: .linear(from: Vector2(0, 1), to: Vector2(1, 1)), stops: [.init(offset: 0.5, color: blue), .init(offset: 1, color: red)])
        guard case .gradient(let mid) = AnimatableValue.gradient(a).interpolated(to: .gradient(b), progress: Vector2(0.5, 0.5), colorSpace: .srgb) else {
            Issue.record("expected a gradient"); return
        }
        #expect(mid.kind == .linear(from: Vector2(0, 0.5), to: Vector2(1, 0.5)))
        #expect(mid.stops.map(\.offset) == [0.25, 1])
        #expect(mid.stops[0].color == Color(red: 0.5, green: 0, blue: 0.5))
    }

    @Test func conicGradientsInterpolateTheirPointsAndMeetNoOtherKind() throws {
        let a = Gradient(kind: .conic(center: Vector2(0.5, 0.5), to: Vector2(1, 0.5)), stops: [.init(offset: 0, color: red), .init(offset: 1, color: blue)])
        let b = Gradient(kind: .conic(center: Vector2(0.3, 0.5), to: Vector2(0.5, 0)), stops: [.init(offset: 0, color: red), .init(offset: 1, color: blue)])
        #expect(a.interpolated(to: b, progress: 0.5, in: .srgb)?.kind == .conic(center: Vector2(0.4, 0.5), to: Vector2(0.75, 0.25)))
        let linear = Gradient(kind: .linear(from: Vector2(0.5, 0.5), to: Vector2(1, 0.5)), stops: a.stops)
        #expect(a.interpolated(to: linear, progress: 0.5, in: .srgb) == nil, "a conic gradient switches to a linear one at the start")
        #expect(a.description == "conic-gradient(#FF0000FF 0.0, #0000FFFF 1.0)")
    }

    @Test func aColourBlendsIntoAGradientAndBack() throws {
        let g = Gradient(kind: .radial(center: Vector2(0.5, 0.5), radius: 0.5), stops: [.init(offset: 0, color: white), .init(offset: 1, color: blue)])
        guard case .gradient(let start) = AnimatableValue.color(red).interpolated(to: .gradient(g), progress: .zero, colorSpace: .srgb) else {
            Issue.record("expected a gradient"); return
        }
        #expect(start.stops.allSatisfy { $0.color == red }, "at progress 0 the gradient is all the old colour")
        #expect(AnimatableValue.gradient(g).interpolated(to: .color(red), progress: Vector2(1, 1), colorSpace: .srgb) == .color(red))
    }

    @Test func aFillAnimatesFromAColourToAGradientThroughTheAnimator() {
        var card = Layer(id: "card", shape: .rect)
        card.values.fill = red
        let g = Gradient(kind: .linear(from: Vector2(0, 0), to: Vector2(1, 0)), stops: [.init(offset: 0, color: white), .init(offset: 1, color: blue)])
        let scene = Scene(name: "g", canvas: Canvas(size: Vector2(10, 10)), layers: [card], animators: [
            AnimatorDefinition(id: "a", duration: 1, timing: .cubic(.linear), blocks: [
                AnimationBlock(assignments: [PropertyAssignment(PropertyTarget(layer: 0, property: .fill), .gradient(g))]),
            ]),
        ], script: [ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "s")])
        let evaluation = SceneEvaluation(scene: scene, horizon: 2)
        #expect(evaluation.presentation(at: 0.5).values[0].gradient?.stops[1].color == Color(red: 0.5, green: 0, blue: 0.5))
        #expect(evaluation.presentation(at: 2).values[0].gradient == g)
    }
}
