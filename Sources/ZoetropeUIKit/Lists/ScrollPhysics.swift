import ZoetropeCore

/// The motion laws of `UIScrollView`, as pure functions of time (seconds) so that every frame
/// of a deceleration or a bounce is computable on its own.
///
/// - Rubber band (while dragging past an edge): a finger `x` points past the edge shows the
///   content `(1 − 1 / (x · 0.55 / d + 1)) · d` past it, `d` the scroll view's size along the
///   axis (UIKit's coefficient 0.55).
/// - Deceleration (after a release inside the content): the velocity, in points per
///   millisecond, is multiplied by the deceleration rate `r` every millisecond (0.998 for
///   `.normal`, 0.99 for `.fast`): after `t` ms the content has moved `v · r · (1 − rᵗ) / (1 − r)`
///   and it comes to rest at the projection `v · r / (1 − r)` (the sum of the series). It is
///   taken as at rest once less than `ScrollPhysics.restDistance` (0.5 pt) is left, and put on
///   the projection then.
/// - Bounce (a deceleration reaching an edge, or a release past one): a critically damped
///   spring towards the edge, `x(t) = (x₀ + (v₀ + ω x₀) t) e^(−ωt)`, with ω = 10 rad/s
///   (stiffness 100 and damping 20 for a unit mass); at rest once within 0.5 pt and 1 pt/s of
///   the edge.
public enum ScrollPhysics {
    /// UIKit's rubber-band coefficient.
    public static let rubberBandCoefficient: CGFloat = 0.55
    /// The bounce spring's natural angular frequency, in radians per second.
    public static let bounceFrequency: Double = 10
    /// How long UIKit's animated scroll (`setContentOffset(_:animated: true)`) takes: 0.3 s, on
    /// the ease-in-out curve (UIKit's own lasts about that long; its curve is not published).
    public static let scrollAnimationDuration: Double = 0.3
    /// How close to its end a motion is taken as at rest, in points.
    public static let restDistance: Double = 0.5

    /// How far past an edge the content shows for a finger `overshoot` points past it, in a
    /// scroll view `dimension` points long along the axis (negative overshoots mirror).
    public static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0 else { return 0 }
        let x = abs(overshoot)
        let shown = (1 - 1 / (x * rubberBandCoefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -shown : shown
    }

    /// The finger overshoot that `rubberBand(_:dimension:)` shows as `shown` (its inverse), for
    /// a drag that begins while the content is past an edge.
    public static func fingerOvershoot(showing shown: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0 else { return 0 }
        let x = min(abs(shown), dimension * 0.999)
        let finger = dimension * (1 / (1 - x / dimension) - 1) / rubberBandCoefficient
        return shown < 0 ? -finger : finger
    }

    /// How far a deceleration from `velocity` points per millisecond carries the content:
    /// `velocity · rate / (1 − rate)`.
    public static func projection(velocity: Double, rate: Double) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        return velocity * rate / (1 - rate)
    }

    /// How far the deceleration has carried the content after `time` seconds.
    public static func decelerationDistance(velocity: Double, rate: Double, time: Double) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        return velocity * rate * (1 - pow(rate, time * 1000)) / (1 - rate)
    }

    /// The deceleration's velocity, in points per millisecond, after `time` seconds.
    public static func decelerationVelocity(velocity: Double, rate: Double, time: Double) -> Double {
        velocity * pow(rate, time * 1000)
    }

    /// When the deceleration is taken as at rest: less than `restDistance` left to go.
    public static func decelerationDuration(velocity: Double, rate: Double) -> Double {
        let total = abs(projection(velocity: velocity, rate: rate))
        guard total > restDistance, rate > 0, rate < 1 else { return 0 }
        // total · rateᵗ = restDistance
        return log(restDistance / total) / log(rate) / 1000
    }

    /// The bounce spring's displacement from the edge after `time` seconds, from `displacement`
    /// moving at `velocity` (points per second).
    public static func bounceDisplacement(from displacement: Double, velocity: Double, time: Double) -> Double {
        let w = bounceFrequency
        return (displacement + (velocity + w * displacement) * time) * exp(-w * time)
    }

    /// The bounce spring's velocity (points per second) after `time` seconds.
    public static func bounceVelocity(from displacement: Double, velocity: Double, time: Double) -> Double {
        let w = bounceFrequency
        return (velocity - w * (velocity + w * displacement) * time) * exp(-w * time)
    }

    /// When the bounce is at rest: within `restDistance` and 1 pt/s of the edge from then on
    /// (searched frame by frame at 1 ms steps past the spring's last turn).
    public static func bounceDuration(from displacement: Double, velocity: Double) -> Double {
        guard abs(displacement) > 1e-9 || abs(velocity) > 1e-9 else { return 0 }
        var time = 0.0
        while time < 10 {
            if abs(bounceDisplacement(from: displacement, velocity: velocity, time: time)) < restDistance,
               abs(bounceVelocity(from: displacement, velocity: velocity, time: time)) < 1 { return time }
            time += 0.001
        }
        return time
    }
}

/// One axis of a scroll view's motion after a release or an animated scroll: where the
/// content offset is along it after `time` seconds, and when it comes to rest.
struct ScrollAxisMotion {
    /// The offset at time `t` (seconds from the motion's start).
    let position: (Double) -> Double
    /// When the motion is at rest (`position` keeps its last value from then on).
    let duration: Double

    static func still(at offset: Double) -> ScrollAxisMotion {
        ScrollAxisMotion(position: { _ in offset }, duration: 0)
    }

    /// A release at `offset` with `velocity` (points per millisecond, in the offset's
    /// direction), the content allowed within `minimum...maximum`: decelerates at `rate`, and
    /// bounces back when it leaves that range (or starts outside it); with `bounces` false it
    /// stops at the edge.
    static func release(at offset: Double, velocity: Double, rate: Double, minimum: Double, maximum: Double,
                        bounces: Bool) -> ScrollAxisMotion {
        let high = max(minimum, maximum)
        if offset < minimum || offset > high {
            let edge = offset < minimum ? minimum : high
            return bounce(from: offset, to: edge, velocity: velocity * 1000)
        }
        let duration = ScrollPhysics.decelerationDuration(velocity: velocity, rate: rate)
        let end = offset + ScrollPhysics.projection(velocity: velocity, rate: rate)
        let decelerating = { (time: Double) -> Double in
            time >= duration ? end : offset + ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate, time: time)
        }
        guard end < minimum || end > high else { return ScrollAxisMotion(position: decelerating, duration: duration) }
        // The content reaches the edge on the way: when, searched at 1 ms steps.
        let edge = end < minimum ? minimum : high
        var crossing = 0.0
        while crossing < duration, (decelerating(crossing) - edge) * (offset - edge) > 0 { crossing += 0.001 }
        guard bounces else {
            return ScrollAxisMotion(position: { min(max(decelerating($0), minimum), high) }, duration: crossing)
        }
        let speed = ScrollPhysics.decelerationVelocity(velocity: velocity, rate: rate, time: crossing) * 1000
        let atEdge = decelerating(crossing)
        let back = bounce(from: atEdge, to: edge, velocity: speed)
        return ScrollAxisMotion(position: { time in time < crossing ? decelerating(time) : back.position(time - crossing) },
                                duration: crossing + back.duration)
    }

    /// The critically damped spring from `offset` moving at `velocity` (points per second) to `edge`.
    static func bounce(from offset: Double, to edge: Double, velocity: Double) -> ScrollAxisMotion {
        let displacement = offset - edge
        let duration = ScrollPhysics.bounceDuration(from: displacement, velocity: velocity)
        return ScrollAxisMotion(position: { time in
            time >= duration ? edge : edge + ScrollPhysics.bounceDisplacement(from: displacement, velocity: velocity, time: time)
        }, duration: duration)
    }

    /// UIKit's animated scroll (`setContentOffset(_:animated:)`): `UIScrollView.scrollAnimationDuration`
    /// on the ease-in-out curve.
    static func animated(from start: Double, to end: Double) -> ScrollAxisMotion {
        let duration = ScrollPhysics.scrollAnimationDuration
        let curve = CubicTimingParameters.easeInOut
        return ScrollAxisMotion(position: { time in
            guard time < duration else { return end }
            let progress = curve.progress(atFraction: time / duration)
            return start + (end - start) * progress
        }, duration: duration)
    }
}
