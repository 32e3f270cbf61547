// A stack of cards under a segmented control, filmed: tapping a segment hides that card
// inside `UIView.animate` and the stack closes up around it (the card hidden before comes
// back, the others making room). Compared frame by frame with scenes/stack-toggle.yaml by
// `make test`.
//
//   swift run StackToggle OUTPUT_FOLDER    (writes OUTPUT_FOLDER/stack-toggle/ and its recording, stack-toggle.json)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"
let film = Film(size: CGSize(width: 375, height: 667), framesPerSecond: 30,
                backgroundColor: .secondarySystemBackground)
film.name = "stack-toggle"

let controller = StackToggleViewController()
film.show(controller)

let picker = controller.picker
let third = picker.bounds.width / 3
film.tap(picker, at: CGPoint(x: third * 1.5, y: 16), time: 0.4)
film.tap(picker, at: CGPoint(x: third * 2.5, y: 16), time: 1.4)
film.tap(picker, at: CGPoint(x: third * 0.5, y: 16), time: 2.4)
film.advanceUntilIdle()
film.advance(to: max(film.time, 3.4))

let frames = try film.writeFrames(to: output + "/" + film.name)
try film.writeScene(to: output + "/" + film.name + ".json")
print("\(film.name): \(frames.count) frames → \(output)/\(film.name); hidden: \(controller.cards.map(\.isHidden))")
