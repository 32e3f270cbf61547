import Testing
import ZoetropeCore
import ZoetropeFormat

@Suite struct CurveSpecTests {
    @Test func namedAndCubicCurvesSpanTheGivenDuration() throws {
        #expect(try CurveSpec(parsing: "easeInOut").timing == .cubic(.easeInOut))
        let cubic = try CurveSpec(parsing: "cubic(0.2, 0.8, 0.4, 0.9)", cubicDuration: 3)
        #expect(cubic.duration == 3)
        #expect(cubic.timing == .cubic(try CubicTimingParameters(controlPoint1: Vector2(0.2, 0.8), controlPoint2: Vector2(0.4, 0.9))))
    }

    @Test func everySpringFormIsRecognised() throws {
        let physical = try CurveSpec(parsing: "spring(mass:1,stiffness:100,damping:5,velocity:0)")
        #expect(abs(physical.duration - 2.8549746099) < 1e-6)
        let ratio = try CurveSpec(parsing: "spring(dampingRatio:0.5,duration:1)")
        #expect(ratio.duration == 1)
        #expect(ratio.timing == .spring(try SpringTimingParameters(dampingRatio: 0.5)))
        let bounce = try CurveSpec(parsing: "spring(duration:0.5,bounce:0.3)")
        #expect(abs(bounce.duration - 0.8629552832) < 1e-6)
        let response = try CurveSpec(parsing: "spring(response:0.5,dampingRatio:0.7)")
        #expect(response.timing == .spring(try SpringTimingParameters(response: 0.5, dampingRatio: 0.7)))
    }

    @Test(arguments: [
        ("cubic(1.4,0,1,1)", "x1 must be within 0...1 (found 1.4)"),
        ("cubic(0,0,1)", "cubic takes four numbers"),
        ("cubic(0,0,x,1)", "x2 must be a finite number (found \"x\")"),
        ("spring(mass:0,stiffness:1,damping:1)", "mass must be a finite number > 0 (found 0.0)"),
        ("spring(mass:1,stiffness:-1,damping:1)", "stiffness must be a finite number > 0 (found -1.0)"),
        ("spring(mass:1,stiffness:10,damping:-2)", "damping must be a finite number > 0 (found -2.0)"),
        ("spring(mass:1,stiffness:10,damping:nan)", "damping must be a finite number (found \"nan\")"),
        ("spring(duration:0.5,bounce:1.2)", "bounce must be within -1 < bounce < 1 (found 1.2)"),
        ("spring(dampingRatio:0.5)", "runs over the animator's duration"),
        ("spring(wobble:1)", "unknown spring parameter \"wobble\""),
        ("bouncy", "unknown curve"),
        ("cubic(0,0,1,1", "unknown curve"),
    ])
    func badSpecsNameTheParameterAndItsRange(text: String, message: String) {
        do {
            _ = try CurveSpec(parsing: text)
            Issue.record("\(text) should be rejected")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func reportSamplesProgressAndVelocity() throws {
        let report = CurveReport(specs: [try CurveSpec(parsing: "spring(mass:1,stiffness:100,damping:10)")],
                                 at: .times([0.05, 0.1, 10]))
        let samples = report.curves[0].samples
        #expect(abs(samples[0].progress - 0.10440547345508) < 1e-9)
        #expect(abs(samples[1].progress - 0.34029984660830) < 1e-9)
        #expect(samples[2].progress == 1 && samples[2].velocity == 0, "settled after its duration")
        #expect(abs(samples[1].time - 0.1) < 1e-12)
    }
}
