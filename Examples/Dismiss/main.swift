// The drop-down dismiss transition of chapter 9, filmed: the reader pulls the Animals sheet
// down, lets go, catches it mid-flight, wobbles it and lets go while moving up, so the
// transition is cancelled. The chapter's code is in the other files; this file is the reader's
// finger and a caption (not chapter code). Compared frame by frame with
// scenes/dismiss-transition.yaml by `make test`.
//
//   swift run Dismiss OUTPUT_FOLDER    (writes OUTPUT_FOLDER/dismiss-transition/ and its recording, dismiss-transition.json)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"
let film = Film(size: CGSize(width: 600, height: 800), framesPerSecond: 30,
                backgroundColor: UIColor(red: 243 / 255, green: 237 / 255, blue: 226 / 255, alpha: 1))
film.name = "dismiss-transition"

let appDelegate = AppDelegate()
let main = ViewController()
film.show(main)
let animals = AnimalsViewController()
animals.modalPresentationStyle = .custom
animals.transitioningDelegate = appDelegate
// The interaction controller loads the sheet's view: run as the film's call, the view is the
// film's size, as UIKit makes it the screen's.
appDelegate.interactionController = film.run { DropDownInteractionController(viewController: animals) }
main.present(animals, animated: false)

let caption = UILabel(frame: CGRect(x: 20, y: 755, width: 560, height: 30))
caption.font = .systemFont(ofSize: 18)
caption.textColor = UIColor(red: 90 / 255, green: 84 / 255, blue: 74 / 255, alpha: 1)
caption.textAlignment = .center
film.rootView.addSubview(caption)
@MainActor func say(_ text: String, at time: TimeInterval) { film.at(time) { caption.text = text } }

// The finger: translation / the view's height (800) is the transition's percent.
let pan = animals.view.gestureRecognizers!.first as! UIPanGestureRecognizer
film.pan(pan, along: [CGPoint(x: 300, y: 300), CGPoint(x: 300, y: 500)], from: 0.3, to: 0.8)
say("pulling down", at: 0.3)
say("let go: dismissing", at: 0.8)
// Caught at 1.4, then up 120 (0.4 s), down 160 (0.3 s), up 240 (0.4 s): a point every 0.1 s.
let wobble: [CGFloat] = [0, -30, -60, -90, -120, -66.666666666666667, -13.333333333333333, 40, -20, -80, -140, -200]
film.pan(pan, along: wobble.map { CGPoint(x: 300, y: 400 + $0) }, from: 1.4, to: 2.5)
say("caught mid-flight: wobbling", at: 1.4)
say("let go upward: returning to the top", at: 2.5)

film.advanceUntilIdle()
let frames = try film.writeFrames(to: output + "/" + film.name)
try film.writeScene(to: output + "/" + film.name + ".json")
print("\(film.name): \(frames.count) frames → \(output)/\(film.name); the transition was \(appDelegate.interactionController?.hasStarted == false ? "cancelled" : "left running")")
