import Testing
import ZoetropeRender
@testable import ZoetropeUIKit

/// The search bar is a rounded grey field with a magnifier and its placeholder; typing into it
/// tells the delegate, and the search key and the Cancel button do too.
@MainActor @Suite struct UISearchBarTests {
    final class Recorder: UISearchBarDelegate {
        var calls: [String] = []
        func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { calls.append("text \(searchText)") }
        func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { calls.append("search") }
        func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { calls.append("cancel") }
        func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { calls.append("begin") }
    }

    @Test func itLooksLikeIOSsField() throws {
        let film = ControlsTesting.film(width: 375, height: 100)
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 375, height: 56))
        bar.searchBarStyle = .minimal
        film.rootView.addSubview(bar)
        #expect(bar.placeholder == "Search" && bar.intrinsicContentSize.height == 56)
        let image = try ControlsTesting.frame(film)
        // The field's grey (118, 118, 128 at 12 % on white) inside, white outside its rounded corner.
        let field = image[300, 28]
        #expect(field.red > 228 && field.red < 245 && field.blue >= field.red, "\(field)")
        #expect(image[8, 10] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        // The magnifier is a grey ring left of the placeholder, the placeholder grey text.
        let glass = ControlsTesting.darkest(in: image, CGRect(x: 8 + 8, y: 10 + 10, width: 14, height: 14))
        let placeholder = ControlsTesting.darkest(in: image, CGRect(x: 8 + 30, y: 18, width: 60, height: 20))
        #expect(glass < 200 && placeholder < 200 && placeholder > 80, "glass \(glass), placeholder \(placeholder)")
    }

    @Test func typingSearchingAndCancellingReachTheDelegate() {
        let film = ControlsTesting.film(width: 375, height: 100)
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 375, height: 56))
        let delegate = Recorder()
        bar.delegate = delegate
        film.rootView.addSubview(bar)
        film.type("ab\n", into: bar.searchTextField, from: 0.2, to: 0.5)
        film.at(0.6) { bar.setShowsCancelButton(true, animated: true) }
        film.tap(bar.cancelButton, time: 1)
        film.advanceUntilIdle()
        #expect(delegate.calls == ["begin", "text a", "text ab", "search", "cancel"])
        #expect(bar.text == "ab" && bar.showsCancelButton)
        #expect(bar.searchTextField.frame.maxX < 375 - 8 - 40)
    }
}
