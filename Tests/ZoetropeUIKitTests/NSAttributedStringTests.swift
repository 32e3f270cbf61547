import Testing
import ZoetropeCore
@testable import ZoetropeUIKit

/// Attributed strings become Core's runs: Foundation's UTF-16 ranges, split where attributes change.
@MainActor @Suite struct NSAttributedStringTests {
    @Test func runsSplitWhereAttributesChangeInUTF16Offsets() {
        let string = NSMutableAttributedString(string: "Hi 👋 there", attributes: [.font: UIFont.systemFont(ofSize: 15)])
        #expect(string.length == 11)  // the emoji is two UTF-16 units
        string.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 3, length: 2))
        string.append(NSAttributedString(string: "!", attributes: [.font: UIFont.boldSystemFont(ofSize: 15), .kern: 2]))
        let runs = string.textRuns()
        #expect(runs.map(\.text) == ["Hi ", "👋", " there", "!"])
        #expect(runs[1].color == UIColor.red.color && runs[0].color == nil && runs[2].color == nil)
        #expect(runs.allSatisfy { $0.fontSize == 15 } && runs[3].fontWeight == .bold && runs[3].letterSpacing == 2)
        #expect(runs.map(\.text).joined() == string.string)
    }

    @Test func aRangeThatSplitsASurrogatePairDoesNotSplitTheText() {
        let string = NSMutableAttributedString(string: "a👋b")
        string.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: NSRange(location: 2, length: 2))
        let runs = string.textRuns()
        #expect(runs.map(\.text).joined() == "a👋b")
        // The range starts inside the emoji: the run starts with it.
        #expect(runs.map(\.text) == ["a", "👋b"] && runs[1].underline && !runs[0].underline)
    }

    @Test func plainTextHasNoRuns() {
        #expect(NSAttributedString(string: "plain").textRuns().isEmpty)
    }

    @Test func aLabelsAttributedTextIsItsRunsUntilTextIsSet() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = .center
        paragraph.lineSpacing = 4
        let string = NSMutableAttributedString(string: "Bold and plain", attributes: [.paragraphStyle: paragraph])
        string.addAttribute(.font, value: UIFont.boldSystemFont(ofSize: 17), range: NSRange(location: 0, length: 4))
        label.attributedText = string
        #expect(label.text == "Bold and plain" && label.textAlignment == .center)
        #expect(label.layer.style.runs.map(\.text) == ["Bold", " and plain"] && label.layer.style.paragraph.lineSpacing == 4)
        #expect(label.attributedText?.string == "Bold and plain")
        label.text = "Plain now"
        #expect(label.layer.style.runs.isEmpty && label.attributedText?.string == "Plain now")
    }

    @Test func boundingRectsWrapOnlyWithLineFragments() {
        let text = "A sentence that needs more than one line at this width"
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 14)]
        let one = text.boundingRect(with: CGSize(width: 100, height: 1000), options: [], attributes: attributes, context: nil)
        let wrapped = text.boundingRect(with: CGSize(width: 100, height: 1000), options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        #expect(one.width > 100 && wrapped.width <= 100 && wrapped.height > 2 * one.height)
        #expect(text.size(withAttributes: attributes) == one.size)
        // UIKit's default font for a string without one is Helvetica 12.
        #expect("x".size(withAttributes: nil) == "x".size(withAttributes: [.font: UIFont(name: "Helvetica", size: 12)!]))
    }
}
