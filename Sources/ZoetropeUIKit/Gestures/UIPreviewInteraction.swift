import ZoetropeCore

/// Mirrors `UIPreviewInteraction` (3D Touch's peek and pop): a press on its view whose force
/// drives two transitions in turn, the preview (0 → 1, the peek) and then the commit (0 → 1,
/// the pop), reported to the delegate as they change. Lifting the finger before the commit
/// ends cancels (`previewInteractionDidCancel(_:)`).
///
/// A film presses with `Film.press(_:at:force:from:to:)`: the force given as samples evenly
/// spaced in time, 0 for no force, 0.5 for the preview's threshold and 1 for the commit's
/// (UIKit's thresholds are the device's; these are fixed fractions of them).
@MainActor
open class UIPreviewInteraction {
    /// Mirrors `view`.
    public private(set) weak var view: UIView?
    /// Mirrors `delegate` (weak).
    open weak var delegate: UIPreviewInteractionDelegate?

    /// Where the press is, in the root view's coordinates.
    var location = CGPoint.zero
    /// The press under way: its phase and the progress last reported.
    var phase: Phase?

    enum Phase: Equatable {
        case preview(progress: CGFloat)
        case commit(progress: CGFloat)
    }

    /// The force at which the preview transition completes, and the commit's.
    static let previewForce: CGFloat = 0.5
    static let commitForce: CGFloat = 1

    private static func rounded(_ progress: CGFloat) -> CGFloat {
        (progress * 1_000_000).rounded() / 1_000_000
    }

    /// Mirrors `init(view:)`.
    public init(view: UIView) {
        self.view = view
    }

    /// Mirrors `location(in:)`: the press in `view`'s coordinates (nil: the root view's).
    open func location(in coordinateSpace: UIView?) -> CGPoint {
        guard let coordinateSpace else { return location }
        return coordinateSpace.convert(location, from: nil)
    }

    /// Mirrors `cancelInteraction()`: ends the press under way; the delegate hears
    /// `previewInteractionDidCancel(_:)`.
    open func cancelInteraction() {
        guard phase != nil else { return }
        phase = nil
        delegate?.previewInteractionDidCancel(self)
    }

    /// The press reaching `force`: the transition of the phase moves on; reports what changed
    /// (progress in millionths, so a force interpolated to 0.4999999999999998 of the way reports 0.5).
    func pressed(withForce force: CGFloat) {
        guard let current = phase else { return }
        switch current {
        case .preview(let last):
            let progress = Self.rounded(min(max(force / Self.previewForce, 0), 1))
            guard progress != last else { return }
            phase = progress >= 1 ? .commit(progress: 0) : .preview(progress: progress)
            delegate?.previewInteraction(self, didUpdatePreviewTransition: progress, ended: progress >= 1)
        case .commit(let last):
            let progress = Self.rounded(min(max((force - Self.previewForce) / (Self.commitForce - Self.previewForce), 0), 1))
            guard progress != last else { return }
            phase = progress >= 1 ? nil : .commit(progress: progress)
            delegate?.previewInteraction(self, didUpdateCommitTransition: progress, ended: progress >= 1)
        }
    }
}

/// Mirrors `UIPreviewInteractionDelegate`. The preview transition and the cancel are required,
/// as in UIKit; the commit transition and `previewInteractionShouldBegin(_:)` are optional.
@MainActor
public protocol UIPreviewInteractionDelegate: AnyObject {
    func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdatePreviewTransition transitionProgress: CGFloat, ended: Bool)
    func previewInteractionDidCancel(_ previewInteraction: UIPreviewInteraction)
    func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdateCommitTransition transitionProgress: CGFloat, ended: Bool)
    func previewInteractionShouldBegin(_ previewInteraction: UIPreviewInteraction) -> Bool
}

extension UIPreviewInteractionDelegate {
    public func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdateCommitTransition transitionProgress: CGFloat, ended: Bool) {}
    public func previewInteractionShouldBegin(_ previewInteraction: UIPreviewInteraction) -> Bool { true }
}

extension Film {
    /// Presses `interaction`'s view at `point` (the root view's coordinates) from `start` to
    /// `end` (a Zoetrope addition, a 3D Touch press): `previewInteractionShouldBegin(_:)` at
    /// `start`, then at each frame the force, interpolated between the samples of `force`
    /// (evenly spaced from `start` to `end`; 0.5 completes the preview, 1 the commit), moves the
    /// transitions on and the delegate hears each change. The finger lifts at `end`: a press
    /// whose commit has not ended is cancelled there.
    ///
    /// ```swift
    /// film.press(interaction, at: CGPoint(x: 160, y: 300), force: [0, 0.5, 0.5, 1], from: 1, to: 2.5)
    /// ```
    public func press(_ interaction: UIPreviewInteraction, at point: CGPoint, force: [CGFloat], from start: TimeInterval, to end: TimeInterval) {
        guard !force.isEmpty else { return }
        let duration = max(end - start, 0), samples = force
        func forceAt(_ time: Double) -> CGFloat {
            guard samples.count > 1, duration > 0 else { return samples.last ?? 0 }
            let position = min(max((time - start) / duration, 0), 1) * Double(samples.count - 1)
            let index = min(Int(saturating: position, rounding: .down), samples.count - 2)
            let local = CGFloat(position - Double(index))
            return samples[index] + (samples[index + 1] - samples[index]) * local
        }
        at(start) {
            interaction.location = point
            guard interaction.view != nil, interaction.delegate?.previewInteractionShouldBegin(interaction) ?? true else { return }
            interaction.phase = .preview(progress: 0)
            interaction.pressed(withForce: forceAt(start))
        }
        var frame = Int(saturating: start * framesPerSecond, rounding: .down) + 1
        while Double(frame) / framesPerSecond < end - 1e-9 {
            let time = Double(frame) / framesPerSecond
            at(time) { interaction.pressed(withForce: forceAt(time)) }
            frame += 1
        }
        at(end) {
            interaction.pressed(withForce: forceAt(end))
            // The finger lifts.
            interaction.cancelInteraction()
        }
    }
}
