/// The attributes UIKit adds to Foundation's `NSAttributedString.Key` (Foundation on Linux has
/// the type, not UIKit's keys), with UIKit's raw values.
extension NSAttributedString.Key {
    /// Mirrors `.font`: a `UIFont` (absent: the label's font, or Helvetica 12 when a string draws
    /// itself, as UIKit's default).
    public static let font = NSAttributedString.Key("NSFont")
    /// Mirrors `.foregroundColor`: a `UIColor` (or a `CGColor`).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Mirrors `.kern`: points added after each character, a number.
    public static let kern = NSAttributedString.Key("NSKern")
    /// Mirrors `.paragraphStyle`: an `NSParagraphStyle`. Zoetrope's text has one paragraph
    /// style: the one at the start of the string applies to all of it.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Mirrors `.underlineStyle`: an `NSUnderlineStyle` or its raw value; any but none draws a
    /// single underline.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// Mirrors `.backgroundColor`: kept, not drawn (Zoetrope's runs have no background).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
}

/// Mirrors `NSUnderlineStyle`, with UIKit's raw values.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
