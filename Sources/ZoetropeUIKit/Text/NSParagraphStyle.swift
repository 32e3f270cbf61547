import ZoetropeCore

/// Mirrors `NSParagraphStyle`: how an attributed string's lines are aligned, broken and spaced.
/// Zoetrope's text has one paragraph style for all of it (the one at the string's start).
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The settings, which only the mutable kind changes.
    struct Settings: Hashable {
        var alignment = NSTextAlignment.natural
        var lineSpacing: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var lineBreakMode = NSLineBreakMode.byWordWrapping
    }

    var settings = Settings()

    /// Mirrors `alignment` (default `.natural`: left, for a left-to-right language).
    open var alignment: NSTextAlignment { settings.alignment }
    /// Mirrors `lineSpacing`: points added between lines.
    open var lineSpacing: CGFloat { settings.lineSpacing }
    /// Mirrors `lineHeightMultiple` (0, the default, is the font's own line height).
    open var lineHeightMultiple: CGFloat { settings.lineHeightMultiple }
    /// Mirrors `minimumLineHeight`: a line is at least this tall (set as a larger line height
    /// multiple would set it).
    open var minimumLineHeight: CGFloat { settings.minimumLineHeight }
    /// Mirrors `lineBreakMode` (default `.byWordWrapping`).
    open var lineBreakMode: NSLineBreakMode { settings.lineBreakMode }

    /// Mirrors `NSParagraphStyle.default`.
    public class var `default`: NSParagraphStyle { NSParagraphStyle() }

    public override init() {}

    init(settings: Settings) {
        self.settings = settings
    }

    /// Mirrors `copy(with:)`: an immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any { NSParagraphStyle(settings: settings) }

    /// Mirrors `mutableCopy(with:)`.
    open func mutableCopy(with zone: NSZone? = nil) -> Any { NSMutableParagraphStyle(settings: settings) }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSParagraphStyle)?.settings == settings
    }

    open override var hash: Int { settings.hashValue }

    /// The paragraph as Core sets it for text in `font` (a `lineHeightMultiple` of 0 is 1).
    func apply(to style: inout LayerStyle, font: UIFont) {
        style.alignment = alignment.textAlignment
        style.paragraph.lineSpacing = Double(lineSpacing)
        var multiple = lineHeightMultiple > 0 ? Double(lineHeightMultiple) : 1
        if minimumLineHeight > 0, font.lineHeight > 0 { multiple = max(multiple, Double(minimumLineHeight / font.lineHeight)) }
        style.paragraph.lineHeightMultiple = multiple
        style.paragraph.wrap = lineBreakMode.wrap
        style.paragraph.truncation = lineBreakMode.truncation
    }
}

/// Mirrors `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment {
        get { settings.alignment }
        set { settings.alignment = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { settings.lineSpacing }
        set { settings.lineSpacing = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { settings.lineHeightMultiple }
        set { settings.lineHeightMultiple = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { settings.minimumLineHeight }
        set { settings.minimumLineHeight = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { settings.lineBreakMode }
        set { settings.lineBreakMode = newValue }
    }
}
