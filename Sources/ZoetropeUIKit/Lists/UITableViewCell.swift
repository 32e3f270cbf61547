import ZoetropeCore

/// Mirrors `UITableViewCell`: a row of a table, its `contentView` holding the labels and image
/// its `style` lays out as iOS does, an accessory drawn at the right, a grey background while
/// selected.
///
/// A subclass overrides `init(style:reuseIdentifier:)` and `init(coder:)` as in UIKit; a
/// registered class is made through `init(dequeuedWithReuseIdentifier:)`, a required
/// convenience initializer such a subclass inherits (Swift makes a class held as a type only
/// through a required initializer; UIKit's runtime needs none).
open class UITableViewCell: UIView {
    /// Mirrors `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Sendable {
        /// A text label at the left (and an image before it).
        case `default`
        /// Text at the left, detail in grey right-aligned (Settings' rows).
        case value1
        /// A blue right-aligned caption, then the detail (Contacts' rows).
        case value2
        /// Text with a smaller detail below it.
        case subtitle
    }

    /// Mirrors `UITableViewCell.AccessoryType`.
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// Mirrors `UITableViewCell.SelectionStyle` (`.blue` and `.gray` draw grey, as since iOS 7).
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }

    /// Mirrors `UITableViewCell.EditingStyle`.
    public enum EditingStyle: Int, Sendable { case none, delete, insert }

    /// Mirrors `reuseIdentifier`.
    public let reuseIdentifier: String?
    /// The style the cell lays its labels out in.
    public let style: CellStyle
    /// Mirrors `contentView`: where the labels and the image are (add your own views here).
    public let contentView: UIView
    /// Mirrors `selectionStyle`.
    open var selectionStyle = SelectionStyle.default
    /// Mirrors `isSelected`.
    public private(set) var isSelected = false
    /// Mirrors `isHighlighted`.
    public private(set) var isHighlighted = false
    /// Mirrors `accessoryType`.
    open var accessoryType = AccessoryType.none {
        didSet { if oldValue != accessoryType { drawAccessory() } }
    }
    /// Mirrors `accessoryView` (drawn in place of the accessory type's).
    open var accessoryView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            drawAccessory()
        }
    }
    /// Mirrors `separatorInset` (left 16, as iOS's default on phones).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// Mirrors `indentationLevel` (kept).
    open var indentationLevel = 0

    /// The grey shown while selected (`selectedBackgroundView`'s default).
    private let selectionView = UIView()
    /// Mirrors `selectedBackgroundView`.
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, at: 0); selectedBackgroundView.alpha = isSelected ? 1 : 0 }
        }
    }
    /// The accessory drawn for `accessoryType`.
    private let accessoryShape = UIView()
    private let accessoryLayer = CAShapeLayer()
    /// The hairline at the bottom (the table draws it; hidden for the last row of a grouped section).
    let separator = UIView()

    private var madeTextLabel: UILabel?
    private var madeDetailTextLabel: UILabel?
    private var madeImageView: UIImageView?

    /// Mirrors `init(style:reuseIdentifier:)`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        contentView = UIView()
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        assemble()
    }

    /// Mirrors `init(coder:)`: a cell of the default style (there are no archives).
    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        contentView = UIView()
        super.init(coder: coder)
        frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        assemble()
    }

    /// What a table makes a registered class with (a Zoetrope addition): `init(style: .default,
    /// reuseIdentifier:)`, the subclass's own when it overrides it, as UIKit's dequeue does.
    public required convenience init(dequeuedWithReuseIdentifier reuseIdentifier: String?) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    /// The background, content, accessory and separator both designated initialisers make.
    private func assemble() {
        backgroundColor = .white
        selectionView.backgroundColor = .systemGray4
        selectionView.alpha = 0
        // Set in the initializer: its observer does not run, so the view is added here.
        selectedBackgroundView = selectionView
        addSubview(selectionView)
        addSubview(contentView)
        // Drawn as a view's layer is: it changes at once outside animations closures.
        accessoryLayer.backsView = true
        accessoryLayer.frame = CGRect(x: 0, y: 0, width: 14, height: 14)
        accessoryLayer.fillColor = nil
        accessoryLayer.lineWidth = 2
        accessoryLayer.lineCap = .round
        accessoryLayer.lineJoin = .round
        accessoryShape.layer.addSublayer(accessoryLayer)
        addSubview(accessoryShape)
        separator.backgroundColor = UITableView.defaultSeparatorColor
        addSubview(separator)
        layoutCell()
    }

    /// A cell of the default style (`UITableViewCell()`).
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    override class var layerKind: String { "cell" }

    // MARK: - Labels

    /// Mirrors `textLabel`: made on first use (17 pt, black).
    open var textLabel: UILabel? {
        if let madeTextLabel { return madeTextLabel }
        let label = UILabel()
        label.font = .systemFont(ofSize: style == .value2 ? 12 : 17)
        label.textColor = style == .value2 ? .systemBlue : .label
        if style == .value2 { label.textAlignment = .right }
        contentView.addSubview(label)
        madeTextLabel = label
        layoutCell()
        return label
    }

    /// Mirrors `detailTextLabel`: nil for the `.default` style; 12 pt below the text for
    /// `.subtitle`, 17 pt grey at the right for `.value1`, 12 pt for `.value2`.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let madeDetailTextLabel { return madeDetailTextLabel }
        let label = UILabel()
        switch style {
        case .subtitle:
            label.font = .systemFont(ofSize: 12)
            label.textColor = .secondaryLabel
        case .value1:
            label.font = .systemFont(ofSize: 17)
            label.textColor = .secondaryLabel
            label.textAlignment = .right
        case .value2, .default:
            label.font = .systemFont(ofSize: 12)
            label.textColor = .label
        }
        contentView.addSubview(label)
        madeDetailTextLabel = label
        layoutCell()
        return label
    }

    /// Mirrors `imageView`: made on first use, at the left.
    open var imageView: UIImageView? {
        if let madeImageView { return madeImageView }
        let view = UIImageView(frame: .zero)
        contentView.addSubview(view)
        madeImageView = view
        layoutCell()
        return view
    }

    // MARK: - State

    /// Mirrors `setSelected(_:animated:)`: the selected background appears (animated: fades,
    /// 0.3 s).
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        updateSelectionBackground(animated: animated)
    }

    /// Mirrors `setHighlighted(_:animated:)`.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        isHighlighted = highlighted
        updateSelectionBackground(animated: animated)
    }

    private func updateSelectionBackground(animated: Bool) {
        let shown: CGFloat = selectionStyle != .none && (isSelected || isHighlighted) ? 1 : 0
        guard let background = selectedBackgroundView, background.alpha != shown else { return }
        if animated {
            UIView.animate(withDuration: 0.3) { background.alpha = shown }
        } else {
            background.alpha = shown
        }
    }

    /// Mirrors `prepareForReuse()`: called as `dequeueReusableCell` hands the cell out again;
    /// the default clears selection and highlight (call super).
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
        selectedBackgroundView?.alpha = 0
        alpha = 1
    }

    /// Mirrors `isEditing` (kept: no editing controls are drawn).
    open var isEditing = false
    /// Mirrors `setEditing(_:animated:)`.
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    // MARK: - Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutCell()
    }

    open override var frame: CGRect {
        get { super.frame }
        set {
            let resized = newValue.size != super.frame.size
            super.frame = newValue
            if resized { layoutCell() }
        }
    }

    /// How wide the accessory is with its margins: the content view ends where it begins.
    private var accessoryWidth: CGFloat {
        if let accessoryView { return accessoryView.frame.width + 16 + 8 }
        switch accessoryType {
        case .none: return 0
        case .disclosureIndicator: return 34
        case .checkmark: return 40
        case .detailButton, .detailDisclosureButton: return 48
        }
    }

    /// Places the content view, the labels for the style, the accessory and the separator.
    func layoutCell() {
        let size = bounds.size
        selectedBackgroundView?.frame = CGRect(origin: .zero, size: size)
        let contentWidth = max(size.width - accessoryWidth, 0)
        contentView.frame = CGRect(x: 0, y: 0, width: contentWidth, height: size.height)
        let margin: CGFloat = 16
        var x = margin
        if let image = madeImageView, let picture = image.image {
            let side = min(picture.size.height, size.height - 8)
            let width = picture.size.height > 0 ? picture.size.width * side / picture.size.height : side
            image.frame = CGRect(x: margin, y: (size.height - side) / 2, width: width, height: side)
            x = margin + width + 16
        }
        let right = contentWidth - (accessoryWidth > 0 ? 0 : margin)
        let textHeight = madeTextLabel.map { ceil($0.font.lineHeight) } ?? 0
        switch style {
        case .default:
            madeTextLabel?.frame = CGRect(x: x, y: 0, width: max(right - x, 0), height: size.height)
        case .subtitle:
            let detailHeight = madeDetailTextLabel.map { ceil($0.font.lineHeight) } ?? 0
            let hasDetail = !(madeDetailTextLabel?.text ?? "").isEmpty
            let total = textHeight + (hasDetail ? detailHeight + 2 : 0)
            let top = (size.height - total) / 2
            madeTextLabel?.frame = CGRect(x: x, y: top, width: max(right - x, 0), height: textHeight)
            madeDetailTextLabel?.frame = CGRect(x: x, y: top + textHeight + 2, width: max(right - x, 0), height: detailHeight)
        case .value1:
            let detailWidth = min(madeDetailTextLabel?.intrinsicContentSize.width ?? 0, (right - x) / 2)
            madeDetailTextLabel?.frame = CGRect(x: right - detailWidth, y: 0, width: max(detailWidth, 0), height: size.height)
            madeTextLabel?.frame = CGRect(x: x, y: 0, width: max(right - detailWidth - 8 - x, 0), height: size.height)
        case .value2:
            madeTextLabel?.frame = CGRect(x: x, y: 0, width: 76, height: size.height)
            madeDetailTextLabel?.frame = CGRect(x: x + 82, y: 0, width: max(right - x - 82, 0), height: size.height)
        }
        if let accessoryView {
            let frame = accessoryView.frame
            accessoryView.frame = CGRect(x: size.width - 16 - frame.width, y: (size.height - frame.height) / 2, width: frame.width, height: frame.height)
        }
        accessoryShape.frame = CGRect(x: size.width - 16 - 14, y: (size.height - 14) / 2, width: 14, height: 14)
        let inset = separatorInset.left + (madeImageView?.image == nil ? 0 : x - margin)
        separator.frame = CGRect(x: inset, y: size.height - UITableView.hairline, width: max(size.width - inset - separatorInset.right, 0),
                                 height: UITableView.hairline)
    }

    /// Draws the accessory type's mark in a 14 pt box at the right: iOS's grey chevron
    /// (about 8 × 13 pt) or its blue checkmark.
    private func drawAccessory() {
        let path = UIBezierPath()
        switch accessoryView == nil ? accessoryType : .none {
        case .disclosureIndicator, .detailDisclosureButton:
            path.move(to: CGPoint(x: 7.5, y: 1.5))
            path.addLine(to: CGPoint(x: 13, y: 7))
            path.addLine(to: CGPoint(x: 7.5, y: 12.5))
            accessoryLayer.strokeColor = UIColor(red: 196 / 255, green: 196 / 255, blue: 199 / 255, alpha: 1).cgColor
        case .checkmark:
            path.move(to: CGPoint(x: 1, y: 7.5))
            path.addLine(to: CGPoint(x: 5.5, y: 12))
            path.addLine(to: CGPoint(x: 13.5, y: 2))
            accessoryLayer.strokeColor = UIColor.systemBlue.cgColor
        case .detailButton, .none:
            break
        }
        accessoryLayer.path = path.cgPath
        layoutCell()
    }
}
