import Testing
import ZoetropeRender
@testable import ZoetropeUIKit

/// A text field draws its placeholder grey and its text dark, a hairline rounded border, a
/// caret while editing; typing goes through the delegate and the editing events.
@MainActor @Suite struct UITextFieldTests {
    final class Recorder: UITextFieldDelegate {
        var calls: [String] = []
        var refuses: Character?
        func textFieldDidBeginEditing(_ textField: UITextField) { calls.append("begin") }
        func textFieldDidEndEditing(_ textField: UITextField) { calls.append("end") }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            calls.append("change \(range.location) \(string)")
            return string.first != refuses
        }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            calls.append("return")
            textField.resignFirstResponder()
            return true
        }
    }

    private func field(on film: Film) -> UITextField {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 240, height: 34))
        field.borderStyle = .roundedRect
        film.rootView.addSubview(field)
        return field
    }

    @Test func thePlaceholderIsGreyAndTheTextIsDark() throws {
        let film = ControlsTesting.film()
        let email = field(on: film)
        email.placeholder = "Email address"
        let textArea = CGRect(x: 28, y: 26, width: 100, height: 22)
        let placeholder = ControlsTesting.darkest(in: try ControlsTesting.frame(film), textArea)
        #expect(placeholder > 140 && placeholder < 235, "placeholder's darkest channel \(placeholder)")
        film.at(0.1) { email.text = "ada@example.com" }
        film.advance(to: 0.1)
        let text = ControlsTesting.darkest(in: try ControlsTesting.frame(film), textArea)
        #expect(text < 60, "text's darkest channel \(text)")
        #expect(email.text == "ada@example.com" && email.placeholder == "Email address")
    }

    @Test func aRoundedRectHasALightGreyHairlineAndRoundCorners() throws {
        let film = ControlsTesting.film()
        film.rootView.backgroundColor = UIColor(white: 0.5, alpha: 1)
        _ = field(on: film)
        let image = try ControlsTesting.frame(film)
        let edge = image[140, 20], inside = image[140, 37], corner = image[20, 20]
        #expect(edge.red > 150 && edge.red < 245, "the border \(edge)")
        #expect(inside == RasterImage.Pixel(red: 255, green: 255, blue: 255), "the white field \(inside)")
        #expect(corner.red < 200, "the rounded corner shows the grey behind \(corner)")
    }

    @Test func secureEntryDrawsBulletsAndKeepsTheText() {
        let film = ControlsTesting.film()
        let password = field(on: film)
        password.isSecureTextEntry = true
        password.text = "engine"
        #expect(password.text == "engine")
        #expect(password.textLabel.text == String(repeating: "\u{2022}", count: 6))
    }

    @Test func typingGoesThroughTheDelegateAndTheEvents() {
        let film = ControlsTesting.film()
        let name = field(on: film), other = field(on: film)
        let delegate = Recorder()
        delegate.refuses = "!"
        name.delegate = delegate
        var events: [String] = []
        name.addAction(UIAction { _ in events.append("began") }, for: .editingDidBegin)
        name.addAction(UIAction { _ in events.append("changed \(name.text ?? "")") }, for: .editingChanged)
        name.addAction(UIAction { _ in events.append("ended") }, for: .editingDidEnd)
        film.type("Ad!a\n", into: name, from: 0.5, to: 1)
        film.advance(to: 0.5)
        #expect(name.isFirstResponder && name.isEditing && !name.caret.isHidden)
        film.advance(to: 1)
        #expect(name.text == "Ada")
        #expect(delegate.calls == ["begin", "change 0 A", "change 1 d", "change 2 !", "change 2 a", "return", "end"])
        #expect(events == ["began", "changed A", "changed Ad", "changed Ada", "ended"])
        #expect(!name.isFirstResponder && name.caret.isHidden)
        // One first responder on a film: the next field takes it from the first.
        #expect(other.becomeFirstResponder() && other.isFirstResponder)
        #expect(name.becomeFirstResponder() && !other.isFirstResponder)
    }

    @Test func theCaretStandsAfterTheTextInTheTint() throws {
        let film = ControlsTesting.film()
        let name = field(on: film)
        name.text = "Ada"
        film.at(0.2) { name.becomeFirstResponder() }
        film.advance(to: 0.2)
        let caret = name.caret.frame
        // After the 7-point padding and "Ada".
        #expect(caret.width == 2 && caret.minX > 7 + 20 && caret.minX < 7 + 45, "\(caret)")
        let pixel = try ControlsTesting.frame(film)[Int(saturating: Double(20 + caret.midX), rounding: .down), 37]
        #expect(pixel.blue > 200 && pixel.red < 80, "the caret \(pixel)")
    }

    @Test func itsIntrinsicSizeIsTheTextAndTheBorder() {
        let field = UITextField()
        field.borderStyle = .roundedRect
        field.placeholder = "Name"
        let rounded = field.intrinsicContentSize
        #expect(rounded.height == 34)
        field.placeholder = "A much longer placeholder"
        #expect(field.intrinsicContentSize.width > rounded.width)
        field.borderStyle = .none
        #expect(field.intrinsicContentSize.height < 34)
        // Traits compile and keep their values.
        field.keyboardType = .emailAddress
        field.returnKeyType = .next
        field.autocorrectionType = .no
        field.autocapitalizationType = .none
        field.clearButtonMode = .whileEditing
        #expect(field.keyboardType == .emailAddress && field.returnKeyType == .next)
    }

    @Test func sideViewsShowByTheirModesAndPushTheText() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.borderStyle = .roundedRect
        let icon = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        field.leftView = icon
        #expect(icon.isHidden && field.textRect(forBounds: field.bounds).minX == 7)
        field.leftViewMode = .always
        #expect(!icon.isHidden && field.textRect(forBounds: field.bounds).minX == 34)
        #expect(icon.frame == CGRect(x: 0, y: 7, width: 30, height: 20))
    }
}
