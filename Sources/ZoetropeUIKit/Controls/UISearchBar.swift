import ZoetropeCore

/// Mirrors `UISearchBar` with iOS 13's look: a 56-point bar holding a rounded grey field (10-point
/// corners) with a magnifying glass and the placeholder ("Search" by default), and a Cancel
/// button at the right while `showsCancelButton`. Its field is a `UISearchTextField` a film
/// types into (`film.type("pasta", into: searchBar.searchTextField, from: 1, to: 2)`); the
/// delegate hears of each change (`searchBar(_:textDidChange:)`) and of the search key (a "\n").
open class UISearchBar: UIView {
    /// Mirrors `UISearchBar.Style`.
    public enum Style: Int, Sendable { case `default` = 0, prominent, minimal }

    override class var layerKind: String { "searchBar" }

    /// Mirrors `searchTextField` (iOS 13).
    public let searchTextField = UISearchTextField(frame: .zero)
    /// The Cancel button, shown while `showsCancelButton`.
    let cancelButton = UIButton(type: .system)
    /// The bar's height, as UIKit's.
    static let height: CGFloat = 56

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
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.titleLabel?.font = .systemFont(ofSize: 17)
        cancelButton.alpha = 0
        cancelButton.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            delegate?.searchBarCancelButtonClicked(self)
        }, for: .touchUpInside)
        addSubview(searchTextField)
        addSubview(cancelButton)
        searchTextField.placeholder = "Search"
        searchTextField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            delegate?.searchBar(self, textDidChange: searchTextField.text ?? "")
        }, for: .editingChanged)
        searchTextField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            delegate?.searchBarTextDidBeginEditing(self)
        }, for: .editingDidBegin)
        searchTextField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            delegate?.searchBarTextDidEndEditing(self)
        }, for: .editingDidEnd)
        searchTextField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            delegate?.searchBarSearchButtonClicked(self)
        }, for: .editingDidEndOnExit)
        searchTextField.searchBar = self
        applyStyle()
        place()
    }

    /// Mirrors `delegate` (weak).
    open weak var delegate: UISearchBarDelegate?

    /// Mirrors `text`.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }

    /// Mirrors `placeholder`.
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }

    /// Mirrors `prompt` (kept; not drawn).
    open var prompt: String?

    /// Mirrors `searchBarStyle`: `.default` and `.prominent` draw the bar's background
    /// (`barTintColor`, else a light grey), `.minimal` none.
    open var searchBarStyle = Style.default {
        didSet { applyStyle() }
    }

    /// Mirrors `barTintColor`: the bar's background.
    open var barTintColor: UIColor? {
        didSet { applyStyle() }
    }

    /// Mirrors `tintColor`: the Cancel button's and the caret's colour.
    open var tintColor: UIColor! {
        get { searchTextField.tintColor }
        set {
            searchTextField.tintColor = newValue
            cancelButton.setTitleColor(newValue, for: .normal)
        }
    }

    /// Mirrors `showsCancelButton`: the Cancel button at the right, the field narrower.
    open var showsCancelButton = false {
        didSet { place() }
    }

    /// Mirrors `setShowsCancelButton(_:animated:)`: animated, the field narrows and the button
    /// fades in over 0.25 s.
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        guard animated, film != nil else {
            self.showsCancelButton = showsCancelButton
            return
        }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState],
                       animations: { self.showsCancelButton = showsCancelButton })
    }

    /// Mirrors `keyboardType`, `returnKeyType` and the other traits (the field's).
    open var keyboardType: UIKeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }
    open var returnKeyType: UIReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }
    open var autocorrectionType: UITextAutocorrectionType {
        get { searchTextField.autocorrectionType }
        set { searchTextField.autocorrectionType = newValue }
    }
    open var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType }
        set { searchTextField.autocapitalizationType = newValue }
    }

    /// The search bar takes typing through its field.
    open override var canBecomeFirstResponder: Bool { true }
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }

    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }

    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

    /// Mirrors `intrinsicContentSize`: no width of its own, 56 points tall.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.height) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        place()
    }

    private func applyStyle() {
        backgroundColor = searchBarStyle == .minimal ? nil
            : barTintColor ?? UIColor(red: 247 / 255, green: 247 / 255, blue: 247 / 255, alpha: 1)
    }

    /// The field across the bar, 8 points in from the edges (and from the Cancel button), 36 tall.
    private func place() {
        let bounds = self.bounds
        let buttonWidth = (cancelButton.intrinsicContentSize.width + 16).rounded(.up)
        let fieldRight = bounds.width - 8 - (showsCancelButton ? buttonWidth : 0)
        searchTextField.frame = CGRect(x: 8, y: (bounds.height - 36) / 2, width: max(fieldRight - 8, 0), height: 36)
        cancelButton.frame = CGRect(x: showsCancelButton ? bounds.width - buttonWidth : bounds.width, y: 0,
                                    width: buttonWidth, height: bounds.height)
        cancelButton.alpha = showsCancelButton ? 1 : 0
    }
}

/// Mirrors `UISearchTextField` (iOS 13): the search bar's field, a rounded grey text field with
/// a magnifying glass at its left.
open class UISearchTextField: UITextField {
    override class var layerKind: String { "searchField" }

    /// The bar the field is in.
    weak var searchBar: UISearchBar?

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
        backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        layer.cornerRadius = 10
        returnKeyType = .search
        let glass = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 36))
        let shape = CAShapeLayer()
        let path = UIBezierPath(ovalIn: CGRect(x: 8.5, y: 10.5, width: 11, height: 11))
        path.move(to: CGPoint(x: 17.6, y: 19.6))
        path.addLine(to: CGPoint(x: 22, y: 24))
        shape.path = path.cgPath
        shape.fillColor = nil
        shape.strokeColor = UIColor.systemGray.cgColor
        shape.lineWidth = 2
        shape.lineCap = .round
        glass.layer.addSublayer(shape)
        leftView = glass
        leftViewMode = .always
        font = .systemFont(ofSize: 17)
        // The search field's placeholder is the secondary label colour.
        placeholderColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
    }

    /// Asks the search bar's delegate (`searchBarShouldBeginEditing(_:)`) first.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if let searchBar, !isFirstResponder, !(searchBar.delegate?.searchBarShouldBeginEditing(searchBar) ?? true) { return false }
        return super.becomeFirstResponder()
    }

    /// Mirrors `textRect(forBounds:)`: after the glass, 8 points from the right edge.
    open override func textRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX + 30, y: bounds.minY, width: max(bounds.width - 38, 0), height: bounds.height)
    }
}

/// Mirrors `UISearchBarDelegate`; every method is optional.
@MainActor
public protocol UISearchBarDelegate: AnyObject {
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}
