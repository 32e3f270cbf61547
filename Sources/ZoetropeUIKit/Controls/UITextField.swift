import ZoetropeCore

/// Mirrors `UITextField`: one line of editable text, its placeholder drawn grey while it is
/// empty, inside a border of its `borderStyle`, with optional views at its ends.
///
/// Nothing types on Linux: a film types into a field (`Film.type(_:into:from:to:)`), which
/// goes through what a keyboard calls (`insertText(_:)`, `deleteBackward()`, the return key),
/// so the delegate and the editing events see what they see in UIKit. While the field is the
/// first responder a steady caret (2 points wide, the tint colour) stands after the text;
/// UIKit's caret blinks, this one does not.
///
/// ```swift
/// let email = UITextField()
/// email.placeholder = "Email"
/// email.borderStyle = .roundedRect
/// email.keyboardType = .emailAddress
/// email.delegate = self
/// film.type("ada@example.com", into: email, from: 1, to: 2.2)
/// ```
open class UITextField: UIControl, UIKeyInput {
    /// Mirrors `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable { case none = 0, line, bezel, roundedRect }
    /// Mirrors `UITextField.ViewMode`.
    public enum ViewMode: Int, Sendable { case never = 0, whileEditing, unlessEditing, always }

    override class var layerKind: String { "textField" }

    /// The text, or the placeholder while there is none.
    let textLabel = UILabel(frame: .zero)
    /// The steady caret shown while editing.
    let caret = UIView(frame: .zero)
    private var storedText = ""
    private var storedPlaceholder: String?

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
        textLabel.font = .systemFont(ofSize: 17)
        textLabel.lineBreakMode = .byClipping
        caret.backgroundColor = .systemBlue
        caret.isHidden = true
        caret.layer.cornerRadius = 1
        addSubview(textLabel)
        addSubview(caret)
        showContent()
    }

    // MARK: - Text

    /// Mirrors `text`: never nil when read (an empty field gives ""), as UIKit's.
    open var text: String? {
        get { storedText }
        set {
            storedText = newValue ?? ""
            showContent()
        }
    }

    /// Mirrors `attributedText`, as the text in the field's font and colour.
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(string: storedText, attributes: [.font: font as Any, .foregroundColor: textColor as Any]) }
        set { text = newValue?.string }
    }

    /// Mirrors `placeholder`: drawn in UIKit's placeholder grey while the text is empty.
    open var placeholder: String? {
        get { storedPlaceholder }
        set {
            storedPlaceholder = newValue
            showContent()
        }
    }

    /// Mirrors `attributedPlaceholder` (its string; its colour, when it gives one at its start).
    open var attributedPlaceholder: NSAttributedString? {
        get { storedPlaceholder.map { NSAttributedString(string: $0, attributes: [.foregroundColor: placeholderColor]) } }
        set {
            if let newValue, newValue.length > 0,
               let color = newValue.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor {
                placeholderColor = color
            }
            placeholder = newValue?.string
        }
    }

    /// The placeholder's colour: UIKit's `placeholderText` (60, 60, 67 at 30 %).
    var placeholderColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3) {
        didSet { showContent() }
    }

    /// Mirrors `font` (17-point system font by default).
    open var font: UIFont? {
        get { textLabel.font }
        set {
            textLabel.font = newValue ?? .systemFont(ofSize: 17)
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// Mirrors `textColor` (`.label`, black, by default).
    open var textColor: UIColor? = .label {
        didSet { showContent() }
    }

    /// Mirrors `textAlignment`.
    open var textAlignment: NSTextAlignment {
        get { textLabel.textAlignment }
        set {
            textLabel.textAlignment = newValue
            setNeedsLayout()
        }
    }

    /// Mirrors `isSecureTextEntry`: the text is drawn as bullets (U+2022), one a character.
    open var isSecureTextEntry = false {
        didSet { showContent() }
    }

    /// Mirrors `hasText`.
    open var hasText: Bool { !storedText.isEmpty }

    /// Mirrors `tintColor`: the caret's colour (`.systemBlue`).
    open var tintColor: UIColor! {
        get { caret.backgroundColor }
        set { caret.backgroundColor = newValue ?? .systemBlue }
    }

    // MARK: - Look

    /// Mirrors `borderStyle`: `.roundedRect` is a white field with 5-point corners and a light
    /// grey hairline; `.line` a thin dark border; `.bezel` a grey border (UIKit's bevelled inner
    /// shadow is left out); `.none` nothing but the background colour.
    open var borderStyle = BorderStyle.none {
        didSet {
            applyBorder()
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// Mirrors `background` (kept; a background image is not drawn).
    open var background: UIImage?

    /// Mirrors `leftView`: a view at the field's left end, shown as `leftViewMode` says.
    open var leftView: UIView? {
        didSet {
            if oldValue !== leftView { oldValue?.removeFromSuperview() }
            if let leftView { addSubview(leftView) }
            showContent()
        }
    }
    /// Mirrors `leftViewMode` (`.never` by default, as in UIKit).
    open var leftViewMode = ViewMode.never { didSet { showContent() } }
    /// Mirrors `rightView`.
    open var rightView: UIView? {
        didSet {
            if oldValue !== rightView { oldValue?.removeFromSuperview() }
            if let rightView { addSubview(rightView) }
            showContent()
        }
    }
    /// Mirrors `rightViewMode`.
    open var rightViewMode = ViewMode.never { didSet { showContent() } }
    /// Mirrors `clearButtonMode` (kept; the clear button is not drawn).
    open var clearButtonMode = ViewMode.never
    /// Mirrors `clearsOnBeginEditing`.
    open var clearsOnBeginEditing = false
    /// Mirrors `adjustsFontSizeToFitWidth` (kept; the font is not shrunk).
    open var adjustsFontSizeToFitWidth = false
    /// Mirrors `minimumFontSize`.
    open var minimumFontSize: CGFloat = 0

    // MARK: - Keyboard traits (kept: there is no keyboard)

    /// Mirrors `keyboardType`.
    open var keyboardType = UIKeyboardType.default
    /// Mirrors `returnKeyType`.
    open var returnKeyType = UIReturnKeyType.default
    /// Mirrors `autocorrectionType`.
    open var autocorrectionType = UITextAutocorrectionType.default
    /// Mirrors `autocapitalizationType`.
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    /// Mirrors `spellCheckingType`.
    open var spellCheckingType = UITextSpellCheckingType.default
    /// Mirrors `keyboardAppearance`.
    open var keyboardAppearance = UIKeyboardAppearance.default
    /// Mirrors `enablesReturnKeyAutomatically`.
    open var enablesReturnKeyAutomatically = false
    /// Mirrors `textContentType`.
    open var textContentType: UITextContentType?
    /// Mirrors `inputView` (kept; nothing is shown for it).
    open var inputView: UIView?
    /// Mirrors `inputAccessoryView` (kept; nothing is shown for it).
    open var inputAccessoryView: UIView?

    // MARK: - Editing

    /// Mirrors `delegate` (weak, as in UIKit).
    open weak var delegate: UITextFieldDelegate?

    /// Mirrors `isEditing`.
    public private(set) var isEditing = false

    /// A text field takes typing: it can become the first responder while enabled.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Mirrors `becomeFirstResponder()`: asks the delegate (`textFieldShouldBeginEditing(_:)`),
    /// then starts editing: the caret shows, `textFieldDidBeginEditing(_:)` and
    /// `.editingDidBegin` follow.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true,
              super.becomeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing { storedText = "" }
        showContent()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        return true
    }

    /// Mirrors `resignFirstResponder()`: asks the delegate (`textFieldShouldEndEditing(_:)`),
    /// then ends editing: the caret goes, `textFieldDidEndEditing(_:)` and `.editingDidEnd` follow.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isEditing else { return super.resignFirstResponder() }
        guard delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        isEditing = false
        showContent()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        return true
    }

    /// Mirrors `UIKeyInput.insertText(_:)`: what a key types at the end of the text (the
    /// caret stays at the end here). The delegate may refuse it
    /// (`textField(_:shouldChangeCharactersIn:replacementString:)`); a newline is the return key.
    open func insertText(_ text: String) {
        if text == "\n" {
            returnKeyPressed()
            return
        }
        let range = NSRange(location: (storedText as NSString).length, length: 0)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: text) ?? true else { return }
        storedText += text
        showContent()
        sendActions(for: .editingChanged)
    }

    /// Mirrors `UIKeyInput.deleteBackward()`: the last character goes.
    open func deleteBackward() {
        guard let last = storedText.last else { return }
        let length = (String(last) as NSString).length
        let range = NSRange(location: (storedText as NSString).length - length, length: length)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: "") ?? true else { return }
        storedText.removeLast()
        showContent()
        sendActions(for: .editingChanged)
    }

    /// The return key: the delegate's `textFieldShouldReturn(_:)` (where code resigns the
    /// first responder or moves to the next field, as in UIKit), then `.editingDidEndOnExit`.
    func returnKeyPressed() {
        _ = delegate?.textFieldShouldReturn(self)
        sendActions(for: .editingDidEndOnExit)
    }

    /// A tap starts editing, as a finger on a field does.
    override func tapped(at point: CGPoint) {
        sendActions(for: .touchDown)
        becomeFirstResponder()
        sendActions(for: .touchUpInside)
    }

    // MARK: - Geometry

    /// Mirrors `borderRect(forBounds:)`.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Mirrors `textRect(forBounds:)`: the bounds less the border's padding and the side views.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        let padding = horizontalPadding
        var left = bounds.minX + padding, right = bounds.maxX - padding
        if showsView(leftViewMode), leftView != nil { left = max(left, leftViewRect(forBounds: bounds).maxX + (borderStyle == .none ? 0 : 4)) }
        if showsView(rightViewMode), rightView != nil { right = min(right, rightViewRect(forBounds: bounds).minX - (borderStyle == .none ? 0 : 4)) }
        return CGRect(x: left, y: bounds.minY, width: max(right - left, 0), height: bounds.height)
    }

    /// Mirrors `editingRect(forBounds:)`: the text's rectangle.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// Mirrors `placeholderRect(forBounds:)`: the text's rectangle.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// Mirrors `leftViewRect(forBounds:)`: the left view's size, at the left edge, centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = sideViewSize(leftView)
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Mirrors `rightViewRect(forBounds:)`: the right view's size, at the right edge, centred vertically.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = sideViewSize(rightView)
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Mirrors `intrinsicContentSize`: the text's (or placeholder's) width and the line's height,
    /// with the border's padding: 34 points tall for the 17-point font in a rounded rect, as in UIKit.
    open override var intrinsicContentSize: CGSize {
        let lineHeight = (font ?? .systemFont(ofSize: 17)).lineHeight.rounded(.up)
        let measured = textLabel.sizeThatFits(CGSize(width: 0, height: 0)).width
        var width = measured + 2 * horizontalPadding
        if showsView(leftViewMode) { width += sideViewSize(leftView).width }
        if showsView(rightViewMode) { width += sideViewSize(rightView).width }
        let extra: CGFloat = switch borderStyle {
        case .roundedRect: 14
        case .line, .bezel: 7
        case .none: 1
        }
        return CGSize(width: width.rounded(.up), height: lineHeight + extra)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let bounds = self.bounds
        let rect = isEditing ? editingRect(forBounds: bounds) : (storedText.isEmpty ? placeholderRect(forBounds: bounds) : textRect(forBounds: bounds))
        textLabel.frame = rect
        if let leftView { leftView.frame = leftViewRect(forBounds: bounds) }
        if let rightView { rightView.frame = rightViewRect(forBounds: bounds) }
        // The caret after the text, as tall as the font's line.
        let lineHeight = (font ?? .systemFont(ofSize: 17)).lineHeight.rounded(.up)
        let textWidth = storedText.isEmpty ? 0 : min(textLabel.sizeThatFits(.zero).width, rect.width)
        let x: CGFloat = switch textAlignment {
        case .center: storedText.isEmpty ? rect.midX : rect.midX + textWidth / 2
        case .right: rect.maxX
        default: rect.minX + textWidth
        }
        caret.frame = CGRect(x: min(x, rect.maxX - 2), y: bounds.midY - lineHeight / 2, width: 2, height: lineHeight)
    }

    // MARK: - Drawing

    /// The side padding of the text for the border style.
    private var horizontalPadding: CGFloat {
        switch borderStyle {
        case .roundedRect: 7
        case .line, .bezel: 3
        case .none: 0
        }
    }

    private func sideViewSize(_ view: UIView?) -> CGSize {
        guard let view else { return .zero }
        let intrinsic = view.intrinsicContentSize
        return intrinsic.width > 0 && intrinsic.height > 0 ? intrinsic : view.bounds.size
    }

    /// Whether a side view of `mode` shows now.
    private func showsView(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        }
    }

    private func applyBorder() {
        switch borderStyle {
        case .none:
            layer.borderWidth = 0
            layer.cornerRadius = 0
        case .line:
            layer.borderWidth = 1
            layer.borderColor = UIColor.black.cgColor
            layer.cornerRadius = 0
        case .bezel:
            layer.borderWidth = 1
            layer.borderColor = UIColor(white: 0.55, alpha: 1).cgColor
            layer.cornerRadius = 0
        case .roundedRect:
            layer.borderWidth = 0.5
            layer.borderColor = UIColor(white: 0.8, alpha: 1).cgColor
            layer.cornerRadius = 5
            if backgroundColor == nil { backgroundColor = .white }
        }
    }

    /// Shows the text (as bullets when secure) or the placeholder, the side views for their
    /// modes and the caret while editing.
    private func showContent() {
        if storedText.isEmpty {
            textLabel.text = storedPlaceholder
            textLabel.textColor = placeholderColor
        } else {
            textLabel.text = isSecureTextEntry ? String(repeating: "\u{2022}", count: storedText.count) : storedText
            textLabel.textColor = textColor ?? .label
        }
        caret.isHidden = !isEditing
        leftView?.isHidden = !showsView(leftViewMode)
        rightView?.isHidden = !showsView(rightViewMode)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        // Placed now, so what is read or drawn next agrees (a layout pass would do it at the
        // end of the film's call); not animated, as the text does not animate in UIKit.
        UIView.performWithoutAnimation { layoutSubviews() }
    }
}

/// Mirrors `UITextFieldDelegate`; every method is optional (the extension gives UIKit's defaults).
@MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// Mirrors `UIKeyInput`: what a keyboard calls.
@MainActor
public protocol UIKeyInput: AnyObject {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}

/// Mirrors `UIKeyboardType` (kept: there is no keyboard).
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
         decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// Mirrors `UIReturnKeyType` (kept: there is no keyboard).
public enum UIReturnKeyType: Int, Sendable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Mirrors `UITextAutocorrectionType`.
public enum UITextAutocorrectionType: Int, Sendable { case `default` = 0, no, yes }

/// Mirrors `UITextAutocapitalizationType`.
public enum UITextAutocapitalizationType: Int, Sendable { case none = 0, words, sentences, allCharacters }

/// Mirrors `UITextSpellCheckingType`.
public enum UITextSpellCheckingType: Int, Sendable { case `default` = 0, no, yes }

/// Mirrors `UIKeyboardAppearance`.
public enum UIKeyboardAppearance: Int, Sendable { case `default` = 0, dark, light }

/// Mirrors `UITextContentType`: a kind of content the system may fill in.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name")
    public static let givenName = UITextContentType(rawValue: "given-name")
    public static let familyName = UITextContentType(rawValue: "family-name")
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "new-password")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
}

extension Film {
    /// Types `text` into `field` one character at a time, evenly from `start` to `end` (a
    /// Zoetrope addition: the film's keyboard). The field becomes the first responder at
    /// `start` (ending another field's editing), then each character goes through
    /// `insertText(_:)` (the delegate's `shouldChangeCharactersIn`, `.editingChanged`); a "\n"
    /// presses the return key (`textFieldShouldReturn(_:)`, `.editingDidEndOnExit`) and a
    /// "\u{8}" (backspace) deletes the last character.
    public func type(_ text: String, into field: UITextField, from start: TimeInterval, to end: TimeInterval) {
        let characters = Array(text)
        at(start) { field.becomeFirstResponder() }
        let step = characters.isEmpty ? 0 : max(end - start, 0) / Double(characters.count)
        for (offset, character) in characters.enumerated() {
            at(start + step * Double(offset + 1)) {
                if character == "\u{8}" { field.deleteBackward() } else { field.insertText(String(character)) }
            }
        }
    }
}
