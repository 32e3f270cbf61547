import Testing
@testable import ZoetropeUIKit

/// Fonts keep UIKit's names and sizes, and their metrics are the drawn font's.
@Suite struct UIFontTests {
    @Test(arguments: [
        (UIFont.TextStyle.largeTitle, 34.0), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17),
        (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11),
    ])
    func preferredFontsHaveTheLargeCategorysSizes(style: UIFont.TextStyle, size: Double) {
        #expect(UIFont.preferredFont(forTextStyle: style).pointSize == CGFloat(size))
    }

    @Test func theHeadlineIsSemibold() {
        #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == ".SFUI-Semibold")
        #expect(UIFont.preferredFont(forTextStyle: .body).fontName == ".SFUI-Regular")
        #expect(UIFont.systemFont(ofSize: 12).familyName == ".AppleSystemUIFont")
    }

    @Test func metricsAreThoseOfAFont() {
        let font = UIFont.systemFont(ofSize: 20)
        #expect(font.ascender > 0 && font.descender < 0)
        #expect(font.capHeight > 0 && font.capHeight < font.ascender)
        #expect(font.xHeight > 0 && font.xHeight < font.capHeight)
        #expect(font.lineHeight >= font.ascender - font.descender - 1e-9)
        #expect(abs(font.leading - (font.lineHeight - font.ascender + font.descender)) < 1e-9)
        // Metrics scale with the size (unhinted outlines).
        #expect(abs(font.withSize(40).ascender - 2 * font.ascender) < 1e-3)
    }

    @Test func weightsAndSlantsAreKept() {
        let bold = UIFont.boldSystemFont(ofSize: 17), heavy = UIFont.systemFont(ofSize: 17, weight: .heavy)
        #expect(bold.fontName == ".SFUI-Bold" && heavy.fontName == ".SFUI-Heavy")
        #expect(UIFont.italicSystemFont(ofSize: 17).fontName == ".SFUI-RegularItalic")
        #expect(UIFont.monospacedSystemFont(ofSize: 13, weight: .regular).fontName == ".SFMono-Regular")
        #expect(bold.withSize(30).fontName == ".SFUI-Bold" && bold.withSize(30).pointSize == 30)
    }

    @Test(arguments: [
        ("HelveticaNeue-Bold", "Helvetica Neue"), ("AvenirNext-DemiBold", "Avenir Next"), ("Georgia-Italic", "Georgia"),
        ("TimesNewRomanPS-BoldItalicMT", "Times New Roman"), ("Menlo-Regular", "Menlo"), ("ArialMT", "Arial"),
    ])
    func iOSNamesAreKnown(name: String, family: String) throws {
        let font = try #require(UIFont(name: name, size: 15))
        #expect(font.fontName == name && font.familyName == family && font.pointSize == 15)
    }

    @Test func iOSNamesSetTheirWeightAndSlantInTheStandIn() throws {
        // A bold face is wider than the regular one; an italic leans (its ink reaches further right).
        let regular = try #require(UIFont(name: "HelveticaNeue", size: 20))
        let bold = try #require(UIFont(name: "HelveticaNeue-Bold", size: 20))
        let text = "Wide words"
        #expect(text.size(withAttributes: [.font: bold]).width > text.size(withAttributes: [.font: regular]).width)
        let serif = try #require(UIFont(name: "Georgia", size: 20)), mono = try #require(UIFont(name: "Menlo", size: 20))
        #expect("iiii".size(withAttributes: [.font: mono]).width == "MMMM".size(withAttributes: [.font: mono]).width)
        #expect("iiii".size(withAttributes: [.font: serif]).width < "MMMM".size(withAttributes: [.font: serif]).width)
        #expect(UIFont(name: "", size: 12) == nil)
    }
}
