// A card moved by a UIViewPropertyAnimator, filmed: UIKit's names only, and a Film for the
// window and the clock.
//
//   swift run CardFilm [OUTPUT_FOLDER]      (default: output)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"

let card = UIView(frame: CGRect(x: 40, y: 140, width: 120, height: 80))
card.backgroundColor = .systemBlue
card.layer.cornerRadius = 12
let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
    card.center = CGPoint(x: 540, y: 180)
    card.transform = CGAffineTransform(rotationAngle: .pi / 8)
}
animator.addCompletion { position in print("the card's move ended at its \(position == .end ? "end" : "start")") }

let film = Film(size: CGSize(width: 640, height: 360), framesPerSecond: 30, backgroundColor: .white)
film.rootView.addSubview(card)                    // a UIView that fills the canvas
film.at(0.5) { animator.startAnimation() }        // UIKit code run at film time 0.5 s
film.advance(to: 1)
let p = card.layer.presentation()!.position       // what is on screen now
print("at \(film.time) s the card is at (\(p.x), \(p.y))")
film.advance(to: 2)                               // runs the clock; frames 0 … 60 are captured
try film.writeFrames(to: output + "/card")        // the PNG folder + manifest.json `render` writes
try film.writeAPNG(to: output + "/card.apng")
print("61 frames and card.apng → \(output)")
