import ZoetropeCore

/// Mirrors `UIAction`: a closure a control runs (UIKit's closure-based target-action; Linux
/// has no selectors for `addTarget(_:action:for:)`).
public struct UIAction {
    public let title: String
    let handler: (UIAction) -> Void
    /// Mirrors `sender`: the control that ran the action.
    public private(set) var sender: Any?

    /// Mirrors `init(title:handler:)`.
    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }

    func performed(by control: UIControl) {
        var sent = self
        sent.sender = control
        handler(sent)
    }
}

/// Mirrors `UIControl`: actions for events (`addAction(_:for:)`), sent with `sendActions(for:)`
/// (a film's script "taps" a control by sending its events).
open class UIControl: UIView {
    /// Mirrors `UIControl.Event`.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Mirrors `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    private var actions: [(action: UIAction, events: Event)] = []
    /// Mirrors `isEnabled`: a disabled control sends no actions.
    open var isEnabled = true

    /// Mirrors `addAction(_:for:)`.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((action, controlEvents))
    }

    /// Mirrors `sendActions(for:)`: runs the actions added for any of `controlEvents`.
    open func sendActions(for controlEvents: Event) {
        guard isEnabled else { return }
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) { entry.action.performed(by: self) }
    }

    /// What a finger lifting inside the control at `point` (the control's coordinates) does:
    /// `.touchDown`, then `.touchUpInside` and `.primaryActionTriggered`. A switch toggles, a
    /// segmented control selects the segment there, a text field starts editing: each kind
    /// overrides it, as UIKit's controls track their touches.
    func tapped(at point: CGPoint) {
        sendActions(for: .touchDown)
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }
}

extension Film {
    /// Taps `control` at `point` (in the control's coordinates; nil: its centre) at film time
    /// `time` (a Zoetrope addition: nothing touches the screen). The control reacts as UIKit's
    /// does to a finger lifting inside it: a button sends `.touchUpInside`, a switch toggles
    /// (animated) and sends `.valueChanged`, a segmented control selects the segment under the
    /// point, a text field becomes the first responder. A disabled control does nothing.
    public func tap(_ control: UIControl, at point: CGPoint? = nil, time: TimeInterval) {
        at(time) {
            guard control.isEnabled else { return }
            control.tapped(at: point ?? CGPoint(x: control.bounds.midX, y: control.bounds.midY))
        }
    }
}

/// Mirrors `UIButton`: a title label centred in the bounds (no chrome, as `.system` buttons have
/// none), its colour and title by state (only `.normal` is drawn).
open class UIButton: UIControl {
    /// Mirrors `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable { case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close }

    /// Mirrors `titleLabel`.
    public private(set) var titleLabel: UILabel?

    /// Mirrors `init(type:)`.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
    }

    public override init(frame: CGRect) {
        let label = Self.makeTitleLabel(size: frame.size)
        titleLabel = label
        super.init(frame: frame)
        addSubview(label)
    }

    /// Mirrors `init(coder:)`: made as `init(frame: .zero)` makes it (there are no archives).
    public required init?(coder: NSCoder) {
        let label = Self.makeTitleLabel(size: .zero)
        titleLabel = label
        super.init(coder: coder)
        addSubview(label)
    }

    /// The title label: centred, 18-point, in the system blue.
    private static func makeTitleLabel(size: CGSize) -> UILabel {
        let label = UILabel(frame: CGRect(origin: .zero, size: size))
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 18)
        label.textColor = .systemBlue
        return label
    }

    /// Mirrors `setTitle(_:for:)`.
    open func setTitle(_ title: String?, for state: State) {
        if state == .normal { titleLabel?.text = title }
        invalidateIntrinsicContentSize()
    }

    /// Mirrors `intrinsicContentSize`: the title's size (no content insets: the button draws
    /// no chrome).
    open override var intrinsicContentSize: CGSize {
        titleLabel?.intrinsicContentSize ?? .zero
    }

    /// Mirrors `title(for:)`.
    open func title(for state: State) -> String? { titleLabel?.text }

    /// Mirrors `setTitleColor(_:for:)`.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        if state == .normal { titleLabel?.textColor = color }
    }

    /// The title label follows the bounds, as UIKit lays it out.
    open override var frame: CGRect {
        didSet { titleLabel?.frame = CGRect(origin: .zero, size: frame.size) }
    }
}

/// Mirrors `UISlider`: a value in `minimumValue…maximumValue`, drawn as a rounded track inset by
/// 20 points from each end and a round white thumb whose centre is at the value's place along it.
open class UISlider: UIControl {
    private let track = UIView(frame: .zero)
    private let thumb = UISliderThumb(frame: CGRect(x: 0, y: 0, width: 28, height: 28))

    /// Mirrors `minimumValue`.
    open var minimumValue: Float = 0 { didSet { layOut() } }
    /// Mirrors `maximumValue`.
    open var maximumValue: Float = 1 { didSet { layOut() } }
    /// Mirrors `value`, kept within the range. Setting it moves the thumb at once.
    open var value: Float = 0 {
        didSet {
            value = min(max(value, minimumValue), maximumValue)
            layOut()
        }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        assemble()
    }

    /// Mirrors `init(coder:)`: made as `init(frame: .zero)` makes it (there are no archives).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        assemble()
    }

    /// The parts and looks `init(frame:)` and `init(coder:)` both give.
    private func assemble() {
        track.backgroundColor = UIColor(red: 0xC9 / 255, green: 0xC2 / 255, blue: 0xB6 / 255, alpha: 1)
        track.layer.cornerRadius = 3
        thumb.backgroundColor = .white
        thumb.layer.borderWidth = 1.5
        thumb.layer.borderColor = UIColor(red: 0x8E / 255, green: 0x87 / 255, blue: 0x7B / 255, alpha: 1).cgColor
        addSubview(track)
        addSubview(thumb)
        layOut()
    }

    /// Mirrors `setValue(_:animated:)` (never animated here).
    open func setValue(_ value: Float, animated: Bool) {
        self.value = value
    }

    open override var frame: CGRect {
        didSet { layOut() }
    }

    /// Places the track and the thumb for the bounds and the value, without animation.
    private func layOut() {
        let size = bounds.size, span = max(maximumValue - minimumValue, .leastNonzeroMagnitude)
        let fraction = CGFloat((value - minimumValue) / span)
        UIView.performWithoutAnimation {
            track.frame = CGRect(x: 20, y: size.height / 2 - 3, width: max(size.width - 40, 0), height: 6)
            thumb.center = CGPoint(x: 20 + (size.width - 40) * fraction, y: size.height / 2)
        }
    }
}

/// A slider's round thumb.
final class UISliderThumb: UIView {
    override class var layerShape: Shape { .ellipse }
}
