import ZoetropeCore

/// Mirrors `UISwitch`: iOS's 51 × 31 pill, light grey when off and filled with `onTintColor`
/// (green) when on, its round white thumb (27 points, with a soft shadow) at the end of the
/// state. A tap (`Film.tap(_:at:time:)`) toggles it, animated, and sends `.valueChanged`.
///
/// UIKit's green grows out from the thumb as the switch turns on; here it cross-fades with the
/// grey track while the thumb slides (same duration), which reads the same at a glance.
///
/// ```swift
/// let notify = UISwitch()
/// notify.addAction(UIAction { _ in print(notify.isOn) }, for: .valueChanged)
/// film.tap(notify, time: 1)
/// ```
open class UISwitch: UIControl {
    override class var layerKind: String { "switch" }

    /// The grey track, the coloured fill over it and the thumb.
    let track = UIView(frame: .zero)
    let fill = UIView(frame: .zero)
    let thumb = UIView(frame: .zero)
    private var storedOn = false

    /// UIKit's switch size, whatever frame it is given.
    static let size = CGSize(width: 51, height: 31)
    /// How long the thumb takes to slide (UIKit's is a spring of about this length).
    static let duration: TimeInterval = 0.3

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        assemble()
    }

    /// Mirrors `init(coder:)`: made as `init(frame: .zero)` makes it (there are no archives).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        frame = CGRect(origin: .zero, size: Self.size)
        assemble()
    }

    /// The track, fill and thumb `init(frame:)` and `init(coder:)` both make.
    private func assemble() {
        track.backgroundColor = UIColor(red: 233 / 255, green: 233 / 255, blue: 235 / 255, alpha: 1)
        fill.backgroundColor = .systemGreen
        thumb.backgroundColor = .white
        for view in [track, fill] { view.layer.cornerRadius = Self.size.height / 2 }
        thumb.layer.cornerRadius = 13.5
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.2
        thumb.layer.shadowRadius = 6
        thumb.layer.shadowOffset = CGSize(width: 0, height: 3)
        addSubview(track)
        addSubview(fill)
        addSubview(thumb)
        place()
    }

    /// Mirrors `isOn`: setting it moves the thumb at once (inside an animations closure, it animates).
    open var isOn: Bool {
        get { storedOn }
        set {
            storedOn = newValue
            place()
        }
    }

    /// Mirrors `setOn(_:animated:)`: animated, the thumb slides and the fill fades over 0.3 s.
    open func setOn(_ on: Bool, animated: Bool) {
        guard animated, film != nil else {
            isOn = on
            return
        }
        UIView.animate(withDuration: Self.duration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [.beginFromCurrentState],
                       animations: { self.isOn = on })
    }

    /// Mirrors `onTintColor` (`.systemGreen` by default).
    open var onTintColor: UIColor? {
        get { fill.backgroundColor }
        set { fill.backgroundColor = newValue ?? .systemGreen }
    }

    /// Mirrors `thumbTintColor` (white by default).
    open var thumbTintColor: UIColor? {
        get { thumb.backgroundColor }
        set { thumb.backgroundColor = newValue ?? .white }
    }

    /// Mirrors `tintColor`: the off track's colour here (iOS 13 and later draw the off track
    /// filled, not outlined).
    open var tintColor: UIColor! {
        get { track.backgroundColor }
        set { track.backgroundColor = newValue }
    }

    /// Mirrors `intrinsicContentSize`: 51 × 31.
    open override var intrinsicContentSize: CGSize { Self.size }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    /// A tap toggles the switch, animated, and sends `.valueChanged`.
    override func tapped(at point: CGPoint) {
        sendActions(for: .touchDown)
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        place()
    }

    /// The track, fill and thumb for the state.
    private func place() {
        let size = Self.size
        track.frame = CGRect(origin: .zero, size: size)
        fill.frame = CGRect(origin: .zero, size: size)
        fill.alpha = storedOn ? 1 : 0
        // The grey goes as the green comes, so no grey rim shows round the green edge.
        track.alpha = storedOn ? 0 : 1
        thumb.frame = CGRect(x: storedOn ? size.width - 29 : 2, y: 2, width: 27, height: 27)
    }
}
