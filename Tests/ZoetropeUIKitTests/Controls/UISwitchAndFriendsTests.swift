import Testing
import ZoetropeRender
@testable import ZoetropeUIKit

/// A switch, a segmented control and a progress view look as iOS's, change state when tapped
/// or set, send their actions and animate in between.
@MainActor @Suite struct UISwitchAndFriendsTests {
    @Test func aSwitchIsGreyOffAndGreenOnAndATapToggles() throws {
        let film = ControlsTesting.film()
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        #expect(toggle.bounds.size == CGSize(width: 51, height: 31) && toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
        film.rootView.addSubview(toggle)
        var changes: [Bool] = []
        toggle.addAction(UIAction { _ in changes.append(toggle.isOn) }, for: .valueChanged)
        let off = try ControlsTesting.frame(film)
        // Off: a light grey track right of the thumb, the white thumb at the left.
        #expect(off[100 + 42, 115].red > 220 && off[100 + 42, 115].red < 240)
        #expect(off[100 + 15, 115] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        film.tap(toggle, time: 0.5)
        film.advance(to: 0.5)
        #expect(toggle.isOn && changes == [true])
        // Half way through the slide the thumb is between its ends.
        film.advance(to: 0.6)
        let middle = try #require(toggle.thumb.layer.presentation()).position.x
        #expect(middle > 2 + 13.5 + 1 && middle < 22 + 13.5 - 1, "the thumb at \(middle)")
        film.advanceUntilIdle()
        let on = try ControlsTesting.frame(film)
        let green = on[100 + 10, 115]
        #expect(green.green > 180 && green.red < 90 && green.blue < 120, "the on track \(green)")
        #expect(on[100 + 36, 115] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        // setOn(_:animated:) sends nothing, as in UIKit.
        toggle.setOn(false, animated: false)
        #expect(!toggle.isOn && changes == [true])
    }

    @Test func aSwitchTakesItsColours() throws {
        let film = ControlsTesting.film()
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        toggle.onTintColor = .systemBlue
        toggle.thumbTintColor = .red
        toggle.isOn = true
        film.rootView.addSubview(toggle)
        let image = try ControlsTesting.frame(film)
        #expect(image[110, 115].blue > 200 && image[110, 115].red < 60)
        #expect(image[136, 115].red > 200 && image[136, 115].green < 60)
    }

    @Test func aSegmentedControlSelectsTheTappedSegmentAndSlides() throws {
        let film = ControlsTesting.film()
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.frame = CGRect(x: 20, y: 20, width: 300, height: 32)
        control.selectedSegmentIndex = 0
        film.rootView.addSubview(control)
        var sent: [Int] = []
        control.addAction(UIAction { _ in sent.append(control.selectedSegmentIndex) }, for: .valueChanged)
        #expect(control.numberOfSegments == 3 && control.titleForSegment(at: 2) == "Three")
        let before = try ControlsTesting.frame(film)
        // The grey track under segment 3, the white card under segment 1.
        let track = before[20 + 205, 20 + 16], card = before[20 + 10, 20 + 16]
        #expect(track.red > 225 && track.red < 245 && card == RasterImage.Pixel(red: 255, green: 255, blue: 255), "\(track) \(card)")
        film.tap(control, at: CGPoint(x: 150, y: 16), time: 0.5)
        film.advance(to: 0.5)
        #expect(control.selectedSegmentIndex == 1 && sent == [1])
        film.advance(to: 0.6)
        let x = try #require(control.selection.layer.presentation()).position.x
        #expect(x > 50 + 1 && x < 150 - 1, "the card mid-slide at \(x)")
        film.advanceUntilIdle()
        #expect(control.selection.frame.midX == 150)
        // Code that selects sends nothing; a tap on the selected segment sends nothing either.
        control.selectedSegmentIndex = 2
        film.tap(control, at: CGPoint(x: 250, y: 16), time: film.time + 0.1)
        film.advance(by: 0.2)
        #expect(sent == [1] && control.selectedSegmentIndex == 2)
    }

    @Test func segmentsAreInsertedRetitledAndRemoved() {
        let control = UISegmentedControl(items: ["A", "B"])
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(control.numberOfSegments == 3 && control.titleForSegment(at: 0) == "Z" && control.selectedSegmentIndex == 2)
        control.setTitle("Bee", forSegmentAt: 2)
        #expect(control.titleForSegment(at: 2) == "Bee")
        control.removeSegment(at: 2, animated: false)
        #expect(control.numberOfSegments == 2 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    @Test func progressFillsToItsValueAndAnimates() throws {
        let film = ControlsTesting.film()
        let bar = UIProgressView(progressViewStyle: .default)
        bar.frame = CGRect(x: 20, y: 100, width: 200, height: 4)
        bar.progress = 0.2
        film.rootView.addSubview(bar)
        #expect(bar.intrinsicContentSize.height == 4)
        film.at(0.5) { bar.setProgress(0.8, animated: true) }
        film.advance(to: 0.6)
        #expect(bar.progress == 0.8)
        let width = try #require(bar.fill.layer.presentation()).bounds.width
        #expect(width > 40 + 1 && width < 160 - 1, "the fill mid-way at \(width)")
        film.advanceUntilIdle()
        let image = try ControlsTesting.frame(film)
        let filled = image[20 + 150, 102], track = image[20 + 180, 102]
        #expect(filled.blue > 200 && filled.red < 60, "\(filled)")
        #expect(track.red > 215 && track.red < 240 && track.blue > track.red, "\(track)")
        bar.progress = 3
        #expect(bar.progress == 1)
    }
}
