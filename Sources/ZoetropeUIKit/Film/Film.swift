import ZoetropeCore
import ZoetropeFiles
import ZoetropePipeline

/// A canvas and a clock for UIKit code: the film's `rootView` fills the canvas, UIKit calls run
/// at film times (`at(_:_:)`), and moving the clock on (`advance(to:)`) runs them, recording
/// what they do as a scene's script (`scene()`). The film's frames are that scene's frames,
/// evaluated and drawn as a scene file's are: a pure function of the calls and their times.
///
/// ```swift
/// let film = Film(size: CGSize(width: 640, height: 360), framesPerSecond: 30, backgroundColor: .white)
/// film.rootView.addSubview(card)
/// film.at(0.5) { animator.startAnimation() }
/// film.advance(to: 2)                               // frames 0 … 60 are the film's
/// let p = card.layer.presentation()!.position       // what is on screen now
/// try film.writeFrames(to: "output/card")
/// ```
///
/// A view's animations run on the film its root view is on; each film has its own clock and its
/// own random sequence (`random`), so films made side by side, in any order, give the frames
/// each gives alone. Films are used on the main actor, as UIKit's views are.
@MainActor
public final class Film {
    /// The film whose call is running (`at(_:_:)`'s calls, completions and gestures while it
    /// advances, `show(_:)`), for UIKit calls that name no view: `arc4random_uniform`, an empty
    /// property animator, a controller's `loadView`. Bound for the length of the call, never set.
    static var running: Film? { FilmCall.running }

    /// The view that fills the canvas; add views to it to put them on the film. It is the
    /// film's `window`.
    public let rootView: UIView
    /// The film's window (its `rootView`): `Film.show(_:)` sets its `rootViewController`, and
    /// a view in it has it as its `window`.
    public let window: UIWindow
    /// The window `makeKey()` made key: the film's own unless another was.
    weak var keyWindowChoice: UIWindow?
    /// The key window (`UIApplication.shared.keyWindow` on this film).
    var keyWindow: UIWindow? {
        get { keyWindowChoice ?? window }
        set { keyWindowChoice = newValue }
    }
    /// The film made last, for `UIScreen.main` and `UIApplication.shared` outside a film's call.
    static weak var latest: Film?
    /// The canvas size in points.
    public let size: CGSize
    public let framesPerSecond: Double
    /// The film's random sequence: `arc4random_uniform` in the film's calls draws from it.
    public let random = Random()
    /// The name frames and manifests carry.
    public var name = "film"

    let stage: AnimationStage
    let canvas: Canvas
    /// Calls to run at film times, in the order they were scheduled within a time.
    private var scheduled: [(time: Double, order: Int, body: () -> Void)] = []
    private var scheduledCount = 0
    /// Layer ids given so far, and how many views of each kind were named.
    private var usedIDs: Set<String> = []
    private var kindCounts: [String: Int] = [:]

    /// A film of `size` points at `framesPerSecond`, its canvas painted `backgroundColor`.
    public init(size: CGSize, framesPerSecond: Double = 60, backgroundColor: UIColor = .white) {
        self.size = size
        self.framesPerSecond = framesPerSecond
        canvas = Canvas(size: size.vector, background: backgroundColor.color)
        stage = AnimationStage(layers: [])
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        rootView = window
        rootView.accessibilityIdentifier = rootView.accessibilityIdentifier ?? "root"
        rootView.place(on: self, under: nil, at: nil)
        Film.latest = self
    }

    /// The safe area's insets from the canvas's edges (a Zoetrope addition): zero, since a film
    /// has no notch, status bar or home indicator, unless set to frame a phone's. Views'
    /// `safeAreaInsets` and `safeAreaLayoutGuide` follow it.
    public var safeAreaInsets = UIEdgeInsets.zero {
        didSet { rootView.setNeedsLayout() }
    }

    /// The film's clock, in seconds.
    public var time: TimeInterval { stage.time }

    /// Runs `body` when the clock reaches `time` (the frame at that instant shows what it does). Calls at one time run in the order they were scheduled.
    /// A time within 1e-9 s of a frame's (0.3 + 14 × 0.1 is 1.7000000000000002) is that frame's
    /// time, so the call, the frame and a scene written from the film agree on the instant.
    public func at(_ time: TimeInterval, _ body: @escaping () -> Void) {
        precondition(time >= self.time - 1e-9, "Zoetrope: film.at(\(time)) is in the past: the film is at \(self.time) s")
        let frameTime = (time * framesPerSecond).rounded() / framesPerSecond
        scheduled.append((abs(frameTime - time) <= 1e-9 ? max(frameTime, self.time) : time, scheduledCount, body))
        scheduledCount += 1
    }

    /// Moves the clock to `time`: scheduled calls run at their times, completion handlers at
    /// theirs; the film's frames now reach `time`.
    public func advance(to time: TimeInterval) {
        FilmCall.$running.withValue(self) { advanceRunning(to: time) }
    }

    /// `advance(to:)`, with the film bound as the one running: each call due runs once the
    /// stage's clock (and the completion handlers due on the way) reaches its time.
    private func advanceRunning(to time: TimeInterval) {
        // What was set before (a film's setup) is laid out and committed now, as at the end of
        // a run loop turn.
        rootView.layoutIfNeeded()
        CATransaction.endCall()
        while let next = scheduled.indices.min(by: { (scheduled[$0].time, scheduled[$0].order) < (scheduled[$1].time, scheduled[$1].order) }),
              scheduled[next].time <= time + 1e-9 {
            let call = scheduled.remove(at: next)
            stage.advance(to: max(call.time, stage.time))
            call.body()
            rootView.layoutIfNeeded()
            CATransaction.endCall()
        }
        stage.advance(to: max(time, stage.time))
    }

    /// Runs `body` now, at the film's time, as one of the film's calls (a Zoetrope addition): what
    /// it does that names no view uses this film, as a call at a time does. `arc4random_uniform`
    /// draws from the film's sequence; a controller's view loaded inside is the canvas's size, as
    /// UIKit loads it the screen's.
    ///
    /// ```swift
    /// let interaction = film.run { DropDownInteractionController(viewController: sheet) }  // loads sheet.view
    /// ```
    @discardableResult
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try FilmCall.$running.withValue(self) { try body() }
    }

    /// Moves the clock on by `seconds`.
    public func advance(by seconds: TimeInterval) { advance(to: time + seconds) }

    /// Moves the clock on until every scheduled call has run and no animation is left to end
    /// (a paused one waits for a call that will not come), as a scene's `duration: auto` ends:
    /// the last frame is the one at or just before the last end. Animations that repeat
    /// forever (`UIView.animate` with `.repeat`, `repeatCount = .infinity`) do not hold the
    /// film: it stops once they are all that is left. Past `limit` seconds of film it stops
    /// and says so on standard error (an animation that keeps starting others).
    public func advanceUntilIdle(limit: TimeInterval = 3600) {
        let last = time + limit
        while true {
            let ends = [stage.nextEndTime, scheduled.map(\.time).min()].compactMap { $0 }
            guard let next = ends.min() else { return }
            // All that is left runs forever: nothing more will end.
            if scheduled.isEmpty, !stage.hasLayerAnimationToEnd,
               stage.animatorStatus.allSatisfy({ !$0.isRunning || repeatingAnimators.contains($0.target) }) { return }
            guard next <= last else {
                Film.warn("advanceUntilIdle: the film has not idled after \(limit) s (at t = \(time), the next end is at \(next)); stopped there")
                return
            }
            advance(to: max(next, time))
        }
    }

    /// The animators of `UIView.animate` runs that repeat forever (`.repeat`), while they run:
    /// `advanceUntilIdle` does not wait for them.
    var repeatingAnimators: Set<ControlTarget> = []

    /// The responder that takes the film's typing (`UIResponder.becomeFirstResponder()`).
    weak var firstResponder: UIResponder?

    /// Writes a warning on standard error, as UIKit logs to the console.
    static func warn(_ message: String) {
        StandardStream.error.write(message + "\n")
    }

    /// The film's frames so far (the frame at the current time included) as a `Movie`, for
    /// sheets, snapshots and everything else a movie does: its scene's frames (`scene()`),
    /// evaluated and drawn as a scene file's are, frame i at t = i / framesPerSecond.
    public var movie: Movie {
        advance(to: time)
        return Movie(SceneEvaluation(scene: scene(), horizon: time), duration: time)
    }

    /// Writes the film's frames so far into `folder` as `zoetrope render` would: PNGs and a
    /// manifest.json (`zoetrope video`, `view` and `diff` take the folder).
    @discardableResult
    public func writeFrames(to folder: String, scale: Double = 1) throws -> [String] {
        try movie.writeFrames(to: folder, scale: scale)
    }

    /// Writes the film's frames so far as one APNG at the film's frame rate.
    public func writeAPNG(to path: String, scale: Double = 1) throws {
        try movie.writeAPNG(to: path, scale: scale)
    }

    /// Writes a contact sheet of `count` evenly spaced frames of the film's so far.
    public func writeContactSheet(to path: String, count: Int = 12, columns: Int = 4, width: Int = 240) throws {
        try movie.writeContactSheet(to: path, count: count, columns: columns, width: width)
    }

    /// The id of `view`'s layer: its `accessibilityIdentifier`, else its kind and a number
    /// (`view3`, `label1`); made unique on the film.
    func layerID(for view: UIView) -> String {
        if let given = view.accessibilityIdentifier, !given.isEmpty { return uniqueID(given) }
        let kind = Swift.type(of: view).layerKind
        kindCounts[kind, default: 0] += 1
        return uniqueID(kind + String(kindCounts[kind] ?? 1))
    }

    /// The id of a layer of its own (`addSublayer`): its `name`, else its kind and a number
    /// (`textLayer1`); made unique on the film.
    func layerID(named name: String?, kind: String) -> String {
        if let name, !name.isEmpty { return uniqueID(name) }
        kindCounts[kind, default: 0] += 1
        return uniqueID(kind + String(kindCounts[kind] ?? 1))
    }

    /// `layer` with its id and its children's made unique on the film.
    func uniquelyNamed(_ layer: Layer) -> Layer {
        var named = layer
        named.id = uniqueID(layer.id)
        named.children = layer.children.map(uniquelyNamed)
        return named
    }

    /// `base`, or `base-2`, `base-3`… when the film has that id already; taken from now on.
    private func uniqueID(_ base: String) -> String {
        var id = base
        var suffix = 2
        while usedIDs.contains(id) {
            id = base + "-" + String(suffix)
            suffix += 1
        }
        usedIDs.insert(id)
        return id
    }
}

/// The film whose call is running, bound for the length of the call (`Film.running`); outside
/// the main actor's isolation so that Dispatch's main queue can ask for it
/// (`DispatchQueue+Film.swift`).
enum FilmCall {
    @TaskLocal static var running: Film?
}
