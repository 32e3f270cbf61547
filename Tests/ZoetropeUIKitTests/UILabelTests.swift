import Testing
@testable import ZoetropeUIKit

/// A label measures its text as the frames set it, in whole points, with UIKit's rules.
@MainActor @Suite struct UILabelTests {
    private func label(_ text: String, font: UIFont = .systemFont(ofSize: 17), width: CGFloat = 0) -> UILabel {
        let label = UILabel(frame: CGRect(x: 10, y: 20, width: width, height: 0))
        label.font = font
        label.text = text
        return label
    }

    @Test func sizeToFitTakesTheTextsSizeInWholePoints() {
        let short = label("Hi"), long = label("Hello, how are you today?")
        short.sizeToFit()
        long.sizeToFit()
        #expect(long.bounds.width > short.bounds.width)
        #expect(short.bounds.height == long.bounds.height && short.bounds.height >= UIFont.systemFont(ofSize: 17).lineHeight)
        for size in [short.bounds.size, long.bounds.size] { #expect(size.width == size.width.rounded(.up) && size.height == size.height.rounded(.up)) }
        // The origin stays.
        #expect(long.frame.origin == CGPoint(x: 10, y: 20))
    }

    @Test func aLabelOfOneLineIgnoresTheWidthItIsGiven() {
        let one = label("A sentence long enough to wrap somewhere", width: 80)
        let natural = one.sizeThatFits(CGSize(width: 0, height: 0))
        #expect(one.sizeThatFits(CGSize(width: 80, height: 1000)) == natural && natural.width > 80)
    }

    @Test func aLabelOfAnyLinesWrapsAtItsWidth() {
        let font = UIFont.systemFont(ofSize: 17)
        let wrapped = label("one two three four five six seven eight nine ten eleven twelve", font: font, width: 120)
        wrapped.numberOfLines = 0
        wrapped.sizeToFit()
        #expect(wrapped.bounds.width <= 120)
        let lines = (wrapped.bounds.height / font.lineHeight).rounded()
        #expect(lines >= 3)
        #expect(wrapped.bounds.height == (lines * font.lineHeight).rounded(.up))
        // Two lines at most.
        wrapped.numberOfLines = 2
        #expect(wrapped.sizeThatFits(CGSize(width: 120, height: 1000)).height == (2 * font.lineHeight).rounded(.up))
    }

    @Test func noTextHasNoSize() {
        let empty = label("")
        #expect(empty.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
        #expect(empty.intrinsicContentSize == .zero && empty.text == nil)
    }

    @Test func adjustsFontSizeToFitWidthShrinksTheDrawnSizeNotTheFont() throws {
        let text = "A headline far too long for its label"
        let wide = label(text, font: .systemFont(ofSize: 20)).sizeThatFits(.zero).width
        let shrinking = label(text, font: .systemFont(ofSize: 20), width: wide / 2)
        shrinking.adjustsFontSizeToFitWidth = true
        #expect(shrinking.layer.number(.fontSize) == 20)  // minimumScaleFactor 0: no shrinking
        shrinking.minimumScaleFactor = 0.3
        let drawn = shrinking.layer.number(.fontSize)
        #expect(drawn < 10.1 && drawn > 9.5)  // half the width, about half the size
        #expect(shrinking.font.pointSize == 20)
        // Never below the minimum.
        shrinking.minimumScaleFactor = 0.8
        #expect(shrinking.layer.number(.fontSize) == 16)
        // Room again: the font's own size.
        shrinking.frame.size.width = wide + 1
        #expect(shrinking.layer.number(.fontSize) == 20)
    }

    @Test func lineBreakModesAreKept() {
        let label = label("x")
        #expect(label.lineBreakMode == .byTruncatingTail && label.numberOfLines == 1)
        label.lineBreakMode = .byCharWrapping
        #expect(label.lineBreakMode == .byCharWrapping)
    }
}
