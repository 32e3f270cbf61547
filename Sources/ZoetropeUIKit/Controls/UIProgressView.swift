import ZoetropeCore

/// Mirrors `UIProgressView`: a thin rounded track, filled from the left to `progress` with
/// `progressTintColor` (the tint, blue). `setProgress(_:animated:)` animates the fill.
open class UIProgressView: UIView {
    /// Mirrors `UIProgressView.Style`.
    public enum Style: Int, Sendable { case `default` = 0, bar }

    override class var layerKind: String { "progress" }

    let track = UIView(frame: .zero)
    let fill = UIView(frame: .zero)
    private var storedProgress: Float = 0

    /// Mirrors `init(progressViewStyle:)`.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: .zero)
        progressViewStyle = style
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
        fill.backgroundColor = .systemBlue
        addSubview(track)
        addSubview(fill)
        applyStyle()
        place()
    }

    /// Mirrors `progressViewStyle`: `.default` is a 4-point rounded grey track; `.bar` a
    /// 2.5-point square one without a track colour, as a toolbar's.
    open var progressViewStyle = Style.default {
        didSet {
            applyStyle()
            invalidateIntrinsicContentSize()
            place()
        }
    }

    /// Mirrors `progress`, kept within 0…1. Setting it moves the fill at once.
    open var progress: Float {
        get { storedProgress }
        set {
            storedProgress = newValue.isNaN ? 0 : min(max(newValue, 0), 1)
            place()
        }
    }

    /// Mirrors `setProgress(_:animated:)`: animated, the fill grows (or shrinks) over 0.25 s,
    /// easing out.
    open func setProgress(_ progress: Float, animated: Bool) {
        guard animated, film != nil else {
            self.progress = progress
            return
        }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut, .beginFromCurrentState],
                       animations: { self.progress = progress })
    }

    /// Mirrors `progressTintColor` (the tint colour, blue, when nil).
    open var progressTintColor: UIColor? {
        didSet { fill.backgroundColor = progressTintColor ?? .systemBlue }
    }

    /// Mirrors `trackTintColor` (UIKit's light grey when nil).
    open var trackTintColor: UIColor? {
        didSet { applyStyle() }
    }

    /// Mirrors `progressImage` and `trackImage` (kept; not drawn).
    open var progressImage: UIImage?
    open var trackImage: UIImage?

    /// Mirrors `intrinsicContentSize`: no width of its own; 4 points tall (2.5 for `.bar`).
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: barHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        place()
    }

    private var barHeight: CGFloat { progressViewStyle == .bar ? 2.5 : 4 }

    private func applyStyle() {
        let radius: CGFloat = progressViewStyle == .bar ? 0 : 2
        track.layer.cornerRadius = radius
        fill.layer.cornerRadius = radius
        let grey = UIColor(red: 229 / 255, green: 229 / 255, blue: 234 / 255, alpha: 1)
        track.backgroundColor = trackTintColor ?? (progressViewStyle == .bar ? .clear : grey)
    }

    /// The track across the bounds, the fill to the progress, both centred vertically.
    private func place() {
        let height = min(barHeight, max(bounds.height, barHeight))
        let y = (bounds.height - height) / 2
        track.frame = CGRect(x: 0, y: y, width: bounds.width, height: height)
        fill.frame = CGRect(x: 0, y: y, width: bounds.width * CGFloat(storedProgress), height: height)
    }
}
