import ZoetropeCore

/// Mirrors `UISegmentedControl` with iOS 13's look: a grey rounded track of equal segments,
/// the selected one a white rounded card with a soft shadow, thin separators between the
/// others. A tap (`Film.tap(_:at:time:)`) selects the segment under it, the card sliding
/// there, and sends `.valueChanged`; setting `selectedSegmentIndex` in code moves the card at
/// once (inside an animations closure it slides), and sends nothing, as in UIKit.
///
/// ```swift
/// let filter = UISegmentedControl(items: ["All", "Unread", "Flagged"])
/// filter.selectedSegmentIndex = 0
/// filter.addAction(UIAction { _ in reload(filter.selectedSegmentIndex) }, for: .valueChanged)
/// film.tap(filter, at: CGPoint(x: 250, y: 16), time: 1)
/// ```
open class UISegmentedControl: UIControl {
    /// Mirrors `UISegmentedControl.noSegment`.
    public static let noSegment = -1

    override class var layerKind: String { "segmentedControl" }

    /// A segment's content: its title label or image view, enabled or not.
    @MainActor private struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        let label = UILabel(frame: .zero)
        let imageView = UIImageView(frame: .zero)
    }

    private var segments: [Segment] = []
    private var separators: [UIView] = []
    /// The white card under the selected segment.
    let selection = UIView(frame: .zero)
    private var storedSelection = UISegmentedControl.noSegment

    /// Mirrors `init(items:)`: one segment for each `String` (a title) or `UIImage`.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for (index, item) in (items ?? []).enumerated() {
            if let image = item as? UIImage {
                insertSegment(with: image, at: index, animated: false)
            } else {
                insertSegment(withTitle: (item as? String) ?? String(describing: item), at: index, animated: false)
            }
        }
        frame.size = intrinsicContentSize
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
        backgroundColor = UIColor(red: 238 / 255, green: 238 / 255, blue: 239 / 255, alpha: 1)
        layer.cornerRadius = 9
        selection.backgroundColor = .white
        selection.layer.cornerRadius = 7
        selection.layer.shadowColor = UIColor.black.cgColor
        selection.layer.shadowOpacity = 0.12
        selection.layer.shadowRadius = 8
        selection.layer.shadowOffset = CGSize(width: 0, height: 3)
        selection.isHidden = true
        addSubview(selection)
    }

    // MARK: - Segments

    /// Mirrors `numberOfSegments`.
    open var numberOfSegments: Int { segments.count }

    /// Mirrors `selectedSegmentIndex`: `noSegment` (-1) for none.
    open var selectedSegmentIndex: Int {
        get { storedSelection }
        set {
            storedSelection = segments.indices.contains(newValue) ? newValue : Self.noSegment
            place()
        }
    }

    /// Mirrors `selectedSegmentTintColor`: the card's colour (white by default).
    open var selectedSegmentTintColor: UIColor? {
        get { selection.backgroundColor }
        set { selection.backgroundColor = newValue ?? .white }
    }

    /// Mirrors `isMomentary` (kept; a tap still selects).
    open var isMomentary = false
    /// Mirrors `apportionsSegmentWidthsByContent` (kept; segments are equal).
    open var apportionsSegmentWidthsByContent = false

    /// Mirrors `insertSegment(withTitle:at:animated:)`.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        var new = Segment()
        new.title = title
        insert(new, at: segment)
    }

    /// Mirrors `insertSegment(with:at:animated:)` for an image.
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        var new = Segment()
        new.image = image
        insert(new, at: segment)
    }

    /// Mirrors `removeSegment(at:animated:)`.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        let removed = segments.remove(at: segment)
        removed.label.removeFromSuperview()
        removed.imageView.removeFromSuperview()
        separators.popLast()?.removeFromSuperview()
        if storedSelection == segment { storedSelection = Self.noSegment } else if storedSelection > segment { storedSelection -= 1 }
        segmentsChanged()
    }

    /// Mirrors `removeAllSegments()`.
    open func removeAllSegments() {
        while !segments.isEmpty { removeSegment(at: segments.count - 1, animated: false) }
    }

    /// Mirrors `setTitle(_:forSegmentAt:)`.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        segmentsChanged()
    }

    /// Mirrors `titleForSegment(at:)`.
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Mirrors `setImage(_:forSegmentAt:)`.
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        segmentsChanged()
    }

    /// Mirrors `imageForSegment(at:)`.
    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// Mirrors `setEnabled(_:forSegmentAt:)`: a disabled segment's title is grey and a tap on it does nothing.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        segmentsChanged()
    }

    /// Mirrors `isEnabledForSegment(at:)`.
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// Mirrors `intrinsicContentSize`: equal segments as wide as the widest title and its
    /// padding (at least 40 points), 32 points tall.
    open override var intrinsicContentSize: CGSize {
        let widest = segments.map { segment -> CGFloat in
            if let image = segment.image { return image.size.width }
            return segment.label.sizeThatFits(.zero).width
        }.max() ?? 0
        return CGSize(width: (max(widest + 24, 40) * CGFloat(segments.count)).rounded(.up), height: 32)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// A tap selects the enabled segment under `point`, the card sliding there, and sends `.valueChanged`.
    override func tapped(at point: CGPoint) {
        sendActions(for: .touchDown)
        guard !segments.isEmpty, bounds.width > 0 else { return }
        let width = bounds.width / CGFloat(segments.count)
        let index = min(max(Int(saturating: Double(point.x / width), rounding: .down), 0), segments.count - 1)
        guard segments[index].isEnabled, index != storedSelection else { return }
        if storedSelection == Self.noSegment || film == nil {
            selectedSegmentIndex = index
        } else {
            UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                           options: [.beginFromCurrentState], animations: { self.selectedSegmentIndex = index })
        }
        sendActions(for: .valueChanged)
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        place()
    }

    // MARK: - Drawing

    private func insert(_ segment: Segment, at index: Int) {
        let position = min(max(index, 0), segments.count)
        segments.insert(segment, at: position)
        addSubview(segment.imageView)
        addSubview(segment.label)
        segment.label.textAlignment = .center
        let separator = UIView(frame: .zero)
        separator.backgroundColor = UIColor(red: 200 / 255, green: 200 / 255, blue: 204 / 255, alpha: 1)
        insertSubview(separator, belowSubview: selection)
        separators.append(separator)
        if storedSelection >= position { storedSelection += 1 }
        segmentsChanged()
    }

    /// Shows each segment's title (or image) and lays them out again.
    private func segmentsChanged() {
        for (index, segment) in segments.enumerated() {
            segment.label.text = segment.image == nil ? segment.title : nil
            segment.imageView.image = segment.image
            segment.label.textColor = segment.isEnabled ? .label : UIColor(white: 0, alpha: 0.25)
            segment.label.font = .systemFont(ofSize: 13, weight: index == storedSelection ? .semibold : .medium)
        }
        invalidateIntrinsicContentSize()
        place()
    }

    /// The segments side by side, the card under the selected one, separators between the
    /// segments that are not next to it.
    private func place() {
        let count = segments.count
        guard count > 0 else {
            selection.isHidden = true
            return
        }
        let width = bounds.width / CGFloat(count), height = bounds.height
        for (index, segment) in segments.enumerated() {
            let cell = CGRect(x: width * CGFloat(index), y: 0, width: width, height: height)
            segment.label.frame = cell
            segment.label.font = .systemFont(ofSize: 13, weight: index == storedSelection ? .semibold : .medium)
            let imageSize = segment.image?.size ?? .zero
            segment.imageView.frame = CGRect(x: cell.midX - imageSize.width / 2, y: cell.midY - imageSize.height / 2,
                                             width: imageSize.width, height: imageSize.height)
        }
        for (index, separator) in separators.enumerated() {
            // The separator after segment `index` (the last list entry has no segment after it).
            let touchesSelection = storedSelection == index || storedSelection == index + 1
            separator.frame = CGRect(x: width * CGFloat(index + 1) - 0.5, y: (height - 16) / 2, width: 1, height: 16)
            separator.alpha = index < count - 1 && !touchesSelection ? 1 : 0
        }
        selection.isHidden = storedSelection == Self.noSegment
        if storedSelection != Self.noSegment {
            selection.frame = CGRect(x: width * CGFloat(storedSelection) + 2, y: 2, width: max(width - 4, 0), height: max(height - 4, 0))
        }
    }
}
