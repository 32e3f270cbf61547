import ZoetropeCore

/// Mirrors `UIActivityIndicatorView`: iOS's spinner of rounded spokes fading behind the
/// brightest, turning one spoke a step, a turn a second, while it animates. iOS 13's
/// `.medium` (20 points) and `.large` (37 points) have 8 spokes; the older `.gray`, `.white`
/// (20 points) and `.whiteLarge` (37 points) have 12, as before iOS 13.
///
/// The turning is real animation in the film's scene: a discrete keyframe animation of the
/// spokes' rotation that repeats forever (`CAKeyframeAnimation`, `repeatCount = .infinity`),
/// so it shows in every frame and a scene written from the film turns it too; it does not hold
/// `Film.advanceUntilIdle()`, which stops once only endless animations are left.
///
/// ```swift
/// let spinner = UIActivityIndicatorView(style: .medium)
/// spinner.center = button.center
/// view.addSubview(spinner)
/// spinner.startAnimating()
/// ```
open class UIActivityIndicatorView: UIView {
    /// Mirrors `UIActivityIndicatorView.Style`.
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
        case whiteLarge = 0, white = 1, gray = 2
    }

    override class var layerKind: String { "activityIndicator" }

    /// The view that turns, holding the spokes.
    let spinner = UIView(frame: .zero)
    private var spokes: [UIView] = []
    private var storedColor: UIColor?
    /// The animation's key on the spinner's layer.
    static let animationKey = "spin"

    /// Mirrors `init(style:)`.
    public init(style: Style) {
        self.style = style
        let side = Self.side(of: style)
        super.init(frame: CGRect(x: 0, y: 0, width: side, height: side))
        assemble()
    }

    /// Mirrors `init(coder:)`: a `.medium` indicator (there are no archives).
    public required init?(coder: NSCoder) {
        style = .medium
        super.init(coder: coder)
        frame = CGRect(x: 0, y: 0, width: Self.side(of: style), height: Self.side(of: style))
        assemble()
    }

    /// The spokes both designated initialisers make, hidden while stopped if it hides then.
    private func assemble() {
        addSubview(spinner)
        makeSpokes()
        isHidden = hidesWhenStopped
    }

    /// Mirrors `init()`: a `.medium` indicator.
    public convenience init() {
        self.init(style: .medium)
    }

    /// Mirrors `init(frame:)`: a `.medium` indicator centred in the frame.
    public override convenience init(frame: CGRect) {
        self.init(style: .medium)
        self.frame = frame
    }

    /// Mirrors `style`: changing it redraws the spokes.
    open var style: Style {
        didSet {
            makeSpokes()
            invalidateIntrinsicContentSize()
        }
    }

    /// Mirrors `color`: the spokes' colour (grey for `.medium`, `.large` and `.gray`; white
    /// for `.white` and `.whiteLarge`).
    open var color: UIColor! {
        get { storedColor ?? Self.defaultColor(of: style) }
        set {
            storedColor = newValue
            for spoke in spokes { spoke.backgroundColor = color }
        }
    }

    /// Mirrors `hidesWhenStopped` (true by default: a stopped indicator is hidden).
    open var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }

    /// Mirrors `isAnimating`.
    public private(set) var isAnimating = false

    /// Mirrors `startAnimating()`: shows the indicator and starts the spokes turning.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        let count = spokes.count
        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        turn.values = (0..<count).map { 2 * Double.pi * Double($0) / Double(count) }
        turn.calculationMode = .discrete
        turn.duration = 1
        turn.repeatCount = .infinity
        turn.isRemovedOnCompletion = false
        spinner.layer.add(turn, forKey: Self.animationKey)
    }

    /// Mirrors `stopAnimating()`: the spokes stop (back where they started) and, when
    /// `hidesWhenStopped`, the indicator hides.
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spinner.layer.removeAnimation(forKey: Self.animationKey)
        if hidesWhenStopped { isHidden = true }
    }

    /// Mirrors `intrinsicContentSize`: 20 × 20 points, 37 × 37 for the large styles.
    open override var intrinsicContentSize: CGSize {
        let side = Self.side(of: style)
        return CGSize(width: side, height: side)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeSpinner()
    }

    // MARK: - Drawing

    private static func side(of style: Style) -> CGFloat {
        switch style {
        case .large, .whiteLarge: 37
        case .medium, .white, .gray: 20
        }
    }

    private static func defaultColor(of style: Style) -> UIColor {
        switch style {
        case .medium, .large: .systemGray
        case .white, .whiteLarge: .white
        case .gray: .gray
        }
    }

    /// The spokes for the style: the brightest at the top, the others fading counter-clockwise
    /// behind it, so the turn leads with it.
    private func makeSpokes() {
        for spoke in spokes { spoke.removeFromSuperview() }
        let modern = style == .medium || style == .large
        let count = modern ? 8 : 12
        let side = Self.side(of: style)
        let inner = side * (modern ? 0.22 : 0.27), outer = side / 2
        let width = side * (modern ? 0.13 : 0.09)
        let faintest: CGFloat = modern ? 0.3 : 0.25
        spinner.frame = CGRect(x: 0, y: 0, width: side, height: side)
        spokes = (0..<count).map { index in
            let spoke = UIView(frame: CGRect(x: 0, y: 0, width: width, height: outer - inner))
            spoke.layer.cornerRadius = width / 2
            spoke.backgroundColor = color
            let angle = -2 * Double.pi * Double(index) / Double(count)
            let middle = (inner + outer) / 2
            spoke.center = CGPoint(x: side / 2 + middle * CGFloat(sin(angle)), y: side / 2 - middle * CGFloat(cos(angle)))
            spoke.transform = CGAffineTransform(rotationAngle: CGFloat(angle))
            spoke.alpha = 1 - (1 - faintest) * CGFloat(index) / CGFloat(count - 1)
            spinner.addSubview(spoke)
            return spoke
        }
        placeSpinner()
    }

    /// The spinner centred in the bounds.
    private func placeSpinner() {
        spinner.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }
}
