import RealModule
import Testing
import ZoetropeCore

@Suite struct SpringTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var mass, stiffness, damping, velocity: Double
        var allowsOverdamping = false
        var samples: [(time: Double, position: Double)]
        var testDescription: String { name }
    }

    /// reference/animator-semantics.md §7.2.
    static let cases: [Case] = [
        Case(name: "A half-critical", mass: 1, stiffness: 10, damping: Double.sqrt(10), velocity: 0,
             samples: [(0.1, 0.044754503051091), (0.25, 0.23238685697206), (0.5, 0.65264371989150),
                       (1.0, 1.1426774636389), (2.0, 0.98832291402108)]),
        Case(name: "B v0 +2", mass: 1, stiffness: 10, damping: Double.sqrt(10), velocity: 2,
             samples: [(0.1, 0.21337862103673), (0.5, 0.97719500950206), (1.0, 1.2016003714134)]),
        Case(name: "C v0 -3", mass: 1, stiffness: 10, damping: Double.sqrt(10), velocity: -3,
             samples: [(0.1, -0.20818167392737), (0.5, 0.16581678547566), (1.0, 1.0542931019772)]),
        Case(name: "D CA defaults", mass: 1, stiffness: 100, damping: 10, velocity: 0,
             samples: [(0.05, 0.10440547345508), (0.1, 0.34029984660830), (0.2, 0.84942563485411),
                       (0.5, 1.0745905665950)]),
        Case(name: "E critical", mass: 1, stiffness: 100, damping: 20, velocity: 0,
             samples: [(0.05, 0.090204010431050), (0.1, 0.26424111765712), (0.2, 0.59399415029016),
                       (0.5, 0.95957231800549)]),
        Case(name: "F critical v0 +5", mass: 1, stiffness: 100, damping: 20, velocity: 5,
             samples: [(0.05, 0.24183667535921), (0.1, 0.44818083824284), (0.2, 0.72932943352677)]),
        Case(name: "G truly overdamped", mass: 1, stiffness: 100, damping: 40, velocity: 0, allowsOverdamping: true,
             samples: [(0.1, 0.17773657609819), (0.3, 0.51777535599068), (0.5, 0.71782882602485)]),
        Case(name: "H overdamped under the CA rule", mass: 1, stiffness: 100, damping: 40, velocity: 0,
             samples: [(0.1, 0.26424111765712), (0.3, 0.80085172652854), (0.5, 0.95957231800549)]),
        Case(name: "I SwiftUI (0.5, bounce 0.3)", mass: 1, stiffness: 157.91367041742973,
             damping: 17.592918860102842, velocity: 0,
             samples: [(0.1, 0.42330212307457), (0.25, 0.98408749097137), (0.5, 1.0144984216160)]),
        Case(name: "J UIKit default", mass: 3, stiffness: 1000, damping: 500, velocity: 0,
             samples: [(0.05, 0.23223049253430), (0.1, 0.54477838992807), (0.25, 0.94203834654819)]),
    ]

    @Test(arguments: cases)
    func closedFormMatchesReference(_ spring: Case) {
        let model = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                           initialVelocity: spring.velocity, allowsOverdamping: spring.allowsOverdamping)
        for sample in spring.samples {
            let position = model.position(atTime: sample.time)
            #expect(abs(position - sample.position) < Tolerance.progress + 1e-13,
                    "t = \(sample.time): \(position) vs \(sample.position)")
        }
    }

    @Test(arguments: cases)
    func velocityIsTheDerivativeOfPosition(_ spring: Case) {
        let model = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                           initialVelocity: spring.velocity, allowsOverdamping: spring.allowsOverdamping)
        #expect(abs(model.velocity(atTime: 0) - spring.velocity) < 1e-9)
        let h = 1e-6
        for t in [0.05, 0.2, 0.7] {
            let slope = (model.position(atTime: t + h) - model.position(atTime: t - h)) / (2 * h)
            #expect(abs(model.velocity(atTime: t) - slope) < 1e-4)
        }
    }

    /// §7.3, the UIKit column.
    @Test(arguments: [
        (1.0, 100.0, 5.0, 0.0, 2.8549746099), (1, 100, 15, 0, 1.0220937982), (1, 100, 10, 0, 1.4727003347),
        (1, 10, Double.sqrt(10), 0, 4.6570873685), (1, 10, Double.sqrt(10), 2, 4.4588596282),
        (1, 100, 20, 0, 0.9235036610), (1, 100, 20, 5, 0.8574498777), (1, 100, 40, 0, 0.9235036610),
        (3, 1000, 500, 0, 0.5058237871186482),
    ])
    func settlingDurationFollowsUIKit(mass: Double, stiffness: Double, damping: Double, velocity: Double,
                                      expected: Double) {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        #expect(abs(spring.settlingDuration - expected) < Tolerance.settling, "\(spring.settlingDuration)")
    }

    @Test func durationBounceSpringSettlesAsUIKitSays() throws {
        let spring = try SpringTimingParameters(duration: 0.5, bounce: 0.3).resolved(animatorDuration: 9)
        #expect(abs(spring.duration - 0.8629552832) < Tolerance.settling)
    }

    /// §7.4: dampingRatio + duration → (ω², 2ζω) with m = 1.
    @Test(arguments: [
        (0.5, 1.0, 0.0, 161.7195016, 12.71689827), (0.5, 0.5, 0, 646.8780064, 25.43379654),
        (0.8, 0.3, 0, 898.8596993, 47.96958234), (1.0, 1.0, 0, 85.25592443, 18.46682695),
        (1.0, 0.5, 0, 341.0236977, 36.93365391), (0.7, 1.0, 1.5, 89.74344765, 13.26262257),
        (2.0, 1.0, 0, 85.25592443, 18.46682695),
    ])
    func dampingRatioSpringsAreSizedToTheAnimatorDuration(ratio: Double, duration: Double, velocity: Double,
                                                          stiffness: Double, damping: Double) {
        let spring = SpringTimingParameters.uikitSpring(dampingRatio: ratio, duration: duration, initialVelocity: velocity)
        // The table gives ten significant digits.
        #expect(abs(spring.stiffness - stiffness) < 1e-6 * stiffness, "\(spring.stiffness)")
        #expect(abs(spring.damping - damping) < 1e-6 * damping, "\(spring.damping)")
    }

    @Test(arguments: [(0.5, 0.3, 157.913670, 17.592919), (0.5, 0, 157.913670, 25.132741),
                      (1.0, -0.5, 39.478418, 25.132741), (0.35, 0.15, 322.272797, 30.518329)])
    func durationBounceMapsToStiffnessAndDamping(duration: Double, bounce: Double, stiffness: Double, damping: Double) throws {
        let spring = try SpringTimingParameters(duration: duration, bounce: bounce).resolved(animatorDuration: 1).x
        #expect(abs(spring.stiffness - stiffness) < 1e-6)
        #expect(abs(spring.damping - damping) < 1e-6)
        #expect(spring.allowsOverdamping == (bounce < 0))
    }

    @Test func massStiffnessSpringIgnoresTheAnimatorDuration() throws {
        let timing = TimingParameters.spring(try SpringTimingParameters(mass: 1, stiffness: 100, damping: 5))
        #expect(abs(timing.animationDuration(animatorDuration: 3) - 2.8549746099) < Tolerance.settling)
        let ratio = TimingParameters.spring(try SpringTimingParameters(dampingRatio: 0.5))
        #expect(ratio.animationDuration(animatorDuration: 3) == 3)
    }

    @Test func eachComponentIsItsOwnSpring() throws {
        let spring = try SpringTimingParameters(mass: 1, stiffness: 10, damping: Double.sqrt(10),
                                                initialVelocity: Vector2(2, -3)).resolved(animatorDuration: 1)
        let t = 0.5
        let progress = spring.progress(atFraction: t / spring.duration)
        #expect(abs(progress.x - 0.97719500950206) < 1e-9)
        #expect(abs(progress.y - 0.16581678547566) < 1e-9)
        #expect(spring.progress(atFraction: 1) == Vector2(1, 1))
    }

    @Test func invalidParametersAreRejectedByName() {
        func rejected(_ make: () throws(TimingParameterError) -> SpringTimingParameters) -> String? {
            do {
                _ = try make()
                return nil
            } catch {
                return error.parameter
            }
        }
        #expect(rejected { () throws(TimingParameterError) in try SpringTimingParameters(mass: 0, stiffness: 1, damping: 1) } == "mass")
        #expect(rejected { () throws(TimingParameterError) in try SpringTimingParameters(mass: 1, stiffness: -1, damping: 1) } == "stiffness")
        #expect(rejected { () throws(TimingParameterError) in try SpringTimingParameters(mass: 1, stiffness: 1, damping: -2) } == "damping")
        #expect(rejected { () throws(TimingParameterError) in try SpringTimingParameters(dampingRatio: .nan) } == "dampingRatio")
        #expect(rejected { () throws(TimingParameterError) in try SpringTimingParameters(duration: 1, bounce: 1) } == "bounce")
        #expect(rejected { () throws(TimingParameterError) in try SpringTimingParameters(response: 0, dampingRatio: 1) } == "response")
    }

    @Test(arguments: [(1.0, 10.0, Double.sqrt(10), 0.0), (1, 100, 20, 5), (3, 1000, 500, 0), (1, 100, 5, -2)])
    func everySpringObeysTheTimingLaws(mass: Double, stiffness: Double, damping: Double, velocity: Double) throws {
        let spring = try SpringTimingParameters(mass: mass, stiffness: stiffness, damping: damping,
                                                initialVelocity: Vector2(velocity, velocity)).resolved(animatorDuration: 1)
        checkTimingCurve { spring.progress(atFraction: $0).x }
        // At the settling duration the spring is within ε of its target.
        #expect(abs(spring.x.position(atTime: spring.duration) - 1) <= Spring.settlingEpsilon + 1e-9)
    }
}
