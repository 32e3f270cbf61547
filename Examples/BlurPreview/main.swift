// The 3D-touch-style preview of "Interactive Animations With UIViewPropertyAnimator", filmed:
// the reader presses an icon, presses harder and lighter (the preview grows and tilts with the
// pressure), lets go (the preview is cancelled), then presses all the way through (it becomes a
// menu). The chapter's code is in the other files; this file is the reader's finger and a
// caption (not chapter code). Compared frame by frame with scenes/touch-preview.yaml by
// `make test`.
//
//   swift run BlurPreview OUTPUT_FOLDER    (writes OUTPUT_FOLDER/touch-preview/ and its recording, touch-preview.json)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"
let film = Film(size: CGSize(width: 390, height: 600), framesPerSecond: 30,
                backgroundColor: UIColor(red: 46 / 255, green: 111 / 255, blue: 158 / 255, alpha: 1))
film.name = "touch-preview"

let controller = ViewController()
film.show(controller)
let caption = UILabel(frame: CGRect(x: 5, y: 558, width: 380, height: 24))
caption.font = .systemFont(ofSize: 15)
caption.textColor = .white
caption.textAlignment = .center
film.rootView.addSubview(caption)
@MainActor func say(_ text: String, at time: TimeInterval) { film.at(time) { caption.text = text } }

let press = UIPanGestureRecognizer(target: controller, action: ViewController.handlePress(_:))
controller.view.addGestureRecognizer(press)
/// The finger on the second icon, `percents` of a full press apart by 0.1 s from `start`.
@MainActor func pressIcon(_ percents: [CGFloat], from start: TimeInterval) {
  let points = percents.map { CGPoint(x: 160, y: 480 - 100 * $0) }
  film.pan(press, along: points, from: start, to: start + 0.1 * Double(percents.count - 1))
}
// Harder to 0.45 (0.5 s), lighter to 0.2 (0.3 s), harder to 0.85 (0.4 s), to 0.6 (0.2 s), lift.
pressIcon([0, 0.09, 0.18, 0.27, 0.36, 0.45, 0.36666666666666667, 0.28333333333333333, 0.2,
           0.3625, 0.525, 0.6875, 0.85, 0.725, 0.6], from: 0.3)
say("pressing: the preview grows with the pressure", at: 0.3)
say("let go: cancelled", at: 1.7)
// All the way through in 0.5 s.
pressIcon([0, 0.198, 0.396, 0.594, 0.792, 0.99], from: 2.6)
say("pressing again, all the way", at: 2.6)
say("pressed through: the menu", at: 3.1)

film.advanceUntilIdle()
let frames = try film.writeFrames(to: output + "/" + film.name)
try film.writeScene(to: output + "/" + film.name + ".json")
print("\(film.name): \(frames.count) frames → \(output)/\(film.name), the recording → \(output)/\(film.name).json")
