// A navigation controller filmed: the reader taps About (UIKit's push: the new screen slides in
// from the right, the list moves a third of the way left, the bar's titles cross-fade) and
// goes back; taps Fox, whose detail screen grows out of its row (the navigation delegate's
// animation controller); then swipes from the left edge, stops part way, and swipes on to
// finish the pop (an interaction controller driven by a UIScreenEdgePanGestureRecognizer).
// The app's code is in the other files; this file is the reader's finger. Compared frame by
// frame with scenes/navigation-detail.yaml by `make test-seeds`.
//
//   swift run Navigation OUTPUT_FOLDER    (writes OUTPUT_FOLDER/navigation-detail/ and its recording, navigation-detail.json)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"
let film = Film(size: CGSize(width: 360, height: 640), framesPerSecond: 30, backgroundColor: .white)
film.name = "navigation-detail"
film.safeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)

let coordinator = NavigationCoordinator()
let list = AnimalListViewController()
let navigation = UINavigationController(rootViewController: list)
navigation.delegate = coordinator
film.show(navigation)

// UIKit's push and pop, with the bar.
film.tap(list.navigationItem.rightBarButtonItem!, time: 0.3)
film.at(1.2) { navigation.popViewController(animated: true) }

// Fox's row (the third): its detail grows out of it.
film.tap(list.rowTaps[2], at: CGPoint(x: 180, y: 64 + 2 * 64 + 32), time: 2.0)

// The swipe back from the left edge: 40 % of the way, a pause, then on past half and let go.
film.at(3.0) {
  let detail = navigation.topViewController as! AnimalDetailViewController
  film.pan(detail.edgePan, along: [CGPoint(x: 4, y: 400), CGPoint(x: 144, y: 410), CGPoint(x: 144, y: 410), CGPoint(x: 250, y: 404)],
           from: 3.0, to: 4.2)
}

film.advanceUntilIdle()
let frames = try film.writeFrames(to: output + "/" + film.name)
try film.writeScene(to: output + "/" + film.name + ".json")
print("\(film.name): \(frames.count) frames → \(output)/\(film.name); on top at the end: \(navigation.topViewController?.title ?? "nothing")")
