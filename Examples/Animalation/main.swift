// Chapter 9's Animalation app, filmed at eight steps of the chapter: the reader taps Animate
// (easeInOut, then custom control points, then a mass/stiffness/damping spring), drags the frog
// and flings it, pauses it and scrubs it with the slider, stops it and finishes it where it is,
// reverses it; then, while the frog cross-fades into a bear, pauses, scrubs and stops both
// animators, and reverses both. The chapter's code is
// ViewController.swift; this file is the reader's taps and finger and a caption (not chapter
// code). Each film is compared frame by frame with its scene in scenes/ by `make test`.
//
//   swift run Animalation OUTPUT_FOLDER    (writes OUTPUT_FOLDER/<scene>/ and <scene>.json, the recording, for each step)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"
// The app's images (#imageLiteral) are in the example's bundle.
UIImage.searchPaths.append(Bundle.module.bundlePath + "/Resources")

/// Films one step of the chapter as `scene`: `script` runs the reader's part on the film.
@MainActor func film(_ scene: String, step: ViewController.Step, duration: TimeInterval? = nil,
                     script: (Film, ViewController, UILabel) -> Void) throws {
  let film = Film(size: CGSize(width: 1024, height: 768), framesPerSecond: 30,
                  backgroundColor: UIColor(red: 243 / 255, green: 237 / 255, blue: 226 / 255, alpha: 1))
  film.name = scene
  let controller = ViewController(step: step)
  film.show(controller)
  let caption = UILabel(frame: CGRect(x: 62, y: 635, width: 900, height: 30))
  caption.font = .systemFont(ofSize: 18)
  caption.textColor = UIColor(red: 90 / 255, green: 84 / 255, blue: 74 / 255, alpha: 1)
  caption.textAlignment = .center
  film.rootView.addSubview(caption)
  // The random location the reader's tap picks: (760, 420), as the scenes fix it.
  film.random.scripted = [632, 292]
  script(film, controller, caption)
  if let duration { film.advance(to: duration) } else { film.advanceUntilIdle() }
  let frames = try film.writeFrames(to: output + "/" + scene)
  try film.writeScene(to: output + "/" + scene + ".json")
  print("\(scene): \(frames.count) frames → \(output)/\(scene), the recording → \(output)/\(scene).json")
}

/// The reader taps Animate at `time`.
@MainActor func tapAnimate(_ controller: ViewController, on film: Film, at time: TimeInterval) {
  film.at(time) { controller.animateButton.sendActions(for: .touchUpInside) }
}

/// The reader taps the frog at `time`.
@MainActor func tapFrog(_ controller: ViewController, on film: Film, at time: TimeInterval) {
  let tap = controller.imageContainer.gestureRecognizers!.compactMap { $0 as? UITapGestureRecognizer }.first!
  film.tap(tap, at: controller.imageContainer.center, time: time)
}

/// The reader drags the slider to `value` at `time`.
@MainActor func slide(_ controller: ViewController, to value: Float, on film: Film, at time: TimeInterval) {
  film.at(time) {
    controller.progressSlider.value = value
    controller.progressSlider.sendActions(for: .valueChanged)
  }
}

try film("frog", step: .easeInOut, duration: 4) { film, controller, _ in
  tapAnimate(controller, on: film, at: 0.5)
}
try film("frog-jump", step: .controlPoints, duration: 4) { film, controller, _ in
  tapAnimate(controller, on: film, at: 0.5)
}
try film("frog-spring", step: .spring) { film, controller, _ in
  tapAnimate(controller, on: film, at: 0.5)
}
try film("frog-fling", step: .fling) { film, controller, caption in
  let drag = controller.imageContainer.gestureRecognizers!.compactMap { $0 as? UIPanGestureRecognizer }.first!
  let path = [CGPoint(x: 200, y: 380), CGPoint(x: 260, y: 350), CGPoint(x: 380, y: 300), CGPoint(x: 560, y: 240)]
  film.pan(drag, along: path, from: 0.5, to: 0.8)
  film.at(0.5) { caption.text = "dragging" }
  film.at(0.8) {
    caption.text = "released: the spring takes the pan's velocity"
    controller.imageMoveAnimator?.addCompletion { _ in caption.text = "home again" }
  }
}
try film("frog-pause-scrub", step: .pauseAndScrub) { film, controller, caption in
  tapAnimate(controller, on: film, at: 0.5)
  film.at(0.5) {
    caption.text = "running (spring)"
    controller.imageMoveAnimator?.addCompletion { _ in caption.text = "completion: end" }
  }
  tapFrog(controller, on: film, at: 1.5)
  film.at(1.5) { caption.text = "paused: the slider shows fractionComplete " + String(format: "%.3f", controller.progressSlider.value) }
  slide(controller, to: 0.25, on: film, at: 2.0)
  film.at(2.0) { caption.text = "scrubbed to 0.25 (progress axis: no overshoot)" }
  slide(controller, to: 0.625, on: film, at: 2.5)
  film.at(2.5) { caption.text = "scrubbed to 0.625" }
  slide(controller, to: 0.875, on: film, at: 3.0)
  film.at(3.0) { caption.text = "scrubbed to 0.875" }
  tapFrog(controller, on: film, at: 3.5)
  film.at(3.5) { caption.text = "resumed: a new spring from where it was" }
}
try film("frog-stop-finish", step: .stopAndFinish, duration: 4) { film, controller, caption in
  tapAnimate(controller, on: film, at: 0.5)
  film.at(0.5) {
    caption.text = "state: active, running"
    controller.imageMoveAnimator?.addCompletion { position in
      caption.text = switch position {
      case .end: "completion: end"
      case .start: "completion: start"
      case .current: "completion: current (the frog stays where it stopped)"
      }
    }
  }
  tapFrog(controller, on: film, at: 1.0)
  film.at(1.0) { caption.text = "state: active, paused" }
  slide(controller, to: 0.5, on: film, at: 1.5)
  film.at(1.5) { caption.text = "scrubbed to 0.5" }
  film.at(2.5) {
    controller.stopButton.sendActions(for: .touchUpInside)
    caption.text = "state: stopped (no completion yet)"
  }
  film.at(3.0) { controller.stopButton.sendActions(for: .touchUpInside) }
}
try film("frog-reverse", step: .reverse) { film, controller, caption in
  tapAnimate(controller, on: film, at: 0.5)
  film.at(0.5) {
    caption.text = "running"
    controller.imageMoveAnimator?.addCompletion { position in
      caption.text = position == .start ? "completion: start (back where it began)" : "completion: end"
    }
  }
  tapAnimate(controller, on: film, at: 1.3)
  film.at(1.3) { caption.text = "reversed: heading back along the spring" }
}
try film("frog-crossfade-reversed", step: .crossFade, duration: 3) { film, controller, caption in
  film.random.scripted.append(0)  // the random animal: bear, the first of animalImages
  tapAnimate(controller, on: film, at: 0.5)
  film.at(0.5) { controller.imageChangeAnimator?.addCompletion { _ in caption.text = "fade completed" } }
  tapAnimate(controller, on: film, at: 1.5)
  film.at(1.5) { caption.text = "both reversed" }
}
try film("frog-crossfade", step: .crossFade, duration: 5) { film, controller, caption in
  film.random.scripted.append(0)  // the random animal: bear, the first of animalImages
  tapAnimate(controller, on: film, at: 0.5)
  film.at(0.5) { controller.imageChangeAnimator?.addCompletion { _ in caption.text = "fade completed" } }
  tapFrog(controller, on: film, at: 1.5)
  film.at(1.5) { caption.text = "both paused" }
  slide(controller, to: 0.5, on: film, at: 2.0)
  film.at(2.0) { caption.text = "both scrubbed to 0.5: half frog, half bear" }
  film.at(2.5) {
    controller.stopButton.sendActions(for: .touchUpInside)
    caption.text = "move stopped, fade paused"
  }
  film.at(3.0) {
    controller.stopButton.sendActions(for: .touchUpInside)
    caption.text = "move finished at current, fade hurried"
  }
}
