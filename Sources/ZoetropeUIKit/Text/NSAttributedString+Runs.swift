import ZoetropeCore

/// An attributed string as Core's text sets it: runs split where its attributes change.
extension NSAttributedString {
    /// The string's runs, split where its attributes change: Foundation's UTF-16 ranges, each
    /// boundary moved back to the start of its Unicode scalar (a range that splits a surrogate
    /// pair cannot split the text), neighbours with the same attributes joined. An attribute a
    /// range lacks is nil in its run (the layer's own); empty when no range has any.
    func textRuns() -> [TextRun] {
        let text = string
        var runs: [TextRun] = []
        var previousEnd = text.startIndex
        enumerateAttributes(in: NSRange(location: 0, length: length), options: []) { attributes, range, _ in
            let end = Self.scalarBoundary(text, utf16Offset: range.location + range.length)
            guard end > previousEnd else { return }
            let run = Self.run(String(text.unicodeScalars[previousEnd..<end]), attributes)
            previousEnd = end
            if var last = runs.last, last.withText("") == run.withText("") {
                last.text += run.text
                runs[runs.count - 1] = last
            } else {
                runs.append(run)
            }
        }
        if previousEnd < text.endIndex, !runs.isEmpty { runs[runs.count - 1].text += String(text.unicodeScalars[previousEnd...]) }
        return runs.allSatisfy({ $0.withText("") == TextRun(text: "") }) ? [] : runs
    }

    /// The paragraph style at the string's start (Zoetrope's text has one).
    var leadingParagraphStyle: NSParagraphStyle? {
        guard length > 0 else { return nil }
        return attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
    }

    /// The start of the Unicode scalar that holds UTF-16 offset `offset` of `text` (clamped to
    /// its length).
    static func scalarBoundary(_ text: String, utf16Offset offset: Int) -> String.Index {
        let utf16 = text.utf16
        var index = utf16.index(utf16.startIndex, offsetBy: min(max(offset, 0), utf16.count))
        while index > text.startIndex, index.samePosition(in: text.unicodeScalars) == nil { index = utf16.index(before: index) }
        return index
    }

    /// A run of `text` with the attributes Core's runs carry.
    static func run(_ text: String, _ attributes: [NSAttributedString.Key: Any]) -> TextRun {
        var run = TextRun(text: text)
        if let font = attributes[.font] as? UIFont {
            run.fontFamily = font.family
            run.fontSize = Double(font.pointSize)
            run.fontWeight = font.weight
            run.fontItalic = font.isItalic
        }
        run.color = color(attributes[.foregroundColor])
        run.letterSpacing = number(attributes[.kern])
        if let underline = attributes[.underlineStyle] {
            let raw = (underline as? NSUnderlineStyle)?.rawValue ?? number(underline).map { Int($0) } ?? 0
            run.underline = raw != 0
        }
        return run
    }

    /// A colour attribute's colour: a `UIColor` or a `CGColor`.
    static func color(_ value: Any?) -> Color? {
        if let color = value as? UIColor { return color.color }
        if let color = value as? CGColor { return UIColor(cgColor: color).color }
        return nil
    }

    /// A number attribute's value, whichever numeric type holds it.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as Double: number
        case let number as CGFloat: Double(number)
        case let number as Float: Double(number)
        case let number as Int: Double(number)
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }
}

extension TextRun {
    /// The run with other text, its attributes kept (to compare attributes alone).
    fileprivate func withText(_ text: String) -> TextRun {
        var run = self
        run.text = text
        return run
    }
}
