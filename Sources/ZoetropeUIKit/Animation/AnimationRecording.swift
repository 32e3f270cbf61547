import ZoetropeCore

/// The animations closure being run: as UIKit's `CATransaction` does, it collects what the
/// closure sets (each property of each layer on a film), so the animator being built animates
/// from what is on screen to the new model values. Closures nest (an animation started inside
/// another's closure, `performWithoutAnimation` inside one); the innermost collects.
///
/// Views are used on the main actor, as UIKit's are. The open closures are a task-local stack,
/// bound while a closure runs: nothing outlives the call, and nothing is shared between films.
@MainActor
final class AnimationRecording {
    /// Whether assignments become animations (false inside `performWithoutAnimation`: they are
    /// set at once).
    let animates: Bool
    /// The assignments, in order, by film (a closure touches the views of one film, in practice).
    private(set) var assignments: [(film: Film, assignment: PropertyAssignment)] = []
    /// Keyframes of `UIView.animateKeyframes`: the frames added so far.
    var keyframes: [(film: Film, frame: Keyframe)] = []
    /// Whether this is a property animator's closure, which takes the keyframes of an
    /// `animateKeyframes` inside it as its own (scrubbed, reversed and timed by the animator).
    let adoptsKeyframes: Bool
    /// How an adopted `animateKeyframes` interpolates between its frames.
    var calculationMode = CalculationMode.linear
    /// Completions of an adopted `animateKeyframes`, for the animator to call.
    var adoptedCompletions: [(Bool) -> Void] = []
    /// Each target's model value before the closure first set it (what an autoreversing
    /// animation returns to).
    private(set) var originals: [PropertyTarget: AnimatableValue] = [:]

    /// The closures being recorded, outermost first.
    @TaskLocal private static var stack: [AnimationRecording] = []

    /// The innermost closure being recorded, if any.
    static var current: AnimationRecording? { stack.last }

    init(animates: Bool, adoptsKeyframes: Bool) {
        self.animates = animates
        self.adoptsKeyframes = adoptsKeyframes
    }

    /// Runs `body` recording what it sets.
    static func record(animates: Bool = true, adoptsKeyframes: Bool = false, _ body: () -> Void) -> AnimationRecording {
        let recording = AnimationRecording(animates: animates, adoptsKeyframes: adoptsKeyframes)
        $stack.withValue(stack + [recording]) { body() }
        return recording
    }

    func record(_ assignment: PropertyAssignment, on film: Film) {
        let target = assignment.target
        if originals[target] == nil {
            originals[target] = Self.pendingValue(of: target, on: film) ?? film.stage.model[target.layer][target.property]
        }
        // Set again in the same closure (a layout pass placing a view its own code placed):
        // the last value is the one animated to, as in UIKit, and a scene's `set` names each
        // property once.
        assignments.removeAll { $0.film === film && $0.assignment.target == target }
        assignments.append((film, assignment))
    }

    /// The value the open closures last set for `target`, innermost first (a keyframe's
    /// closure sees what earlier keyframes set), for reads inside them.
    static func pendingValue(of target: PropertyTarget, on film: Film) -> AnimatableValue? {
        for recording in stack.reversed() where recording.animates {
            if let value = recording.assignments.last(where: { $0.film === film && $0.assignment.target == target })?.assignment.value {
                return value
            }
            for keyframe in recording.keyframes.reversed() where keyframe.film === film {
                if let value = keyframe.frame.assignments.last(where: { $0.target == target })?.value { return value }
            }
        }
        return nil
    }

    /// The films the closure touched, each with its assignments in order.
    var byFilm: [(film: Film, assignments: [PropertyAssignment])] {
        var result: [(film: Film, assignments: [PropertyAssignment])] = []
        for (film, assignment) in assignments {
            if let index = result.firstIndex(where: { $0.film === film }) {
                result[index].assignments.append(assignment)
            } else {
                result.append((film, [assignment]))
            }
        }
        return result
    }
}

/// Stops the program with UIKit's message for a misuse it raises an exception on (UIKit's
/// `NSInternalInconsistencyException`), naming Core's reason.
func raiseInconsistency(_ error: AnimatorCallError) -> Never {
    fatalError("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(error)'")
}
