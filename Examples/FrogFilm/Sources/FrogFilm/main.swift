// The seed chapter's frog, animated the way a UIKit developer would with UIViewPropertyAnimator,
// then written as PNG frames, an APNG and a contact sheet.
//
//   swift run FrogFilm [OUTPUT_FOLDER]      (default: output)
import ZoetropeCore
import ZoetropePipeline

let output = CommandLine.arguments.dropFirst().first ?? "output"

// The view: a green frog on a sand-coloured canvas.
var frog = Layer(id: "frog", shape: .ellipse)
frog.values.position = Vector2(200, 384)
frog.values.size = Vector2(140, 110)
frog.values.fill = Color(hex: "#5DAA3B")!
let stage = AnimationStage(layers: [frog])
let canvas = Canvas(size: Vector2(1024, 768), background: Color(hex: "#F3EDE2")!)

// let move = UIViewPropertyAnimator(duration: 3, curve: .easeInOut) { frog.center.x = 824 }
let move = PropertyAnimator(duration: 3, curve: .easeInOut, stage: stage)
try move.addAnimations([stage.assignment("frog.position", .vector(Vector2(824, 384)))])
move.addCompletion { position in print("the frog's move ended at its \(position)") }

// The touch: start, catch the frog halfway, send it back with a spring.
let movie = try Movie.record(stage, canvas: canvas, framesPerSecond: 30, name: "frog") { clock in
    try move.startAnimation()
    clock.advance(to: 1.5)
    try move.pauseAnimation()
    try move.setReversed(true)
    clock.advance(to: 2)
    try move.continueAnimation(withTimingParameters: .spring(try SpringTimingParameters(dampingRatio: 0.5)), durationFactor: 0.5)
    clock.advance(to: 4)
}

let frames = try movie.writeFrames(to: output + "/frames")
try movie.writeAPNG(to: output + "/frog.apng")
try movie.writeContactSheet(to: output + "/sheet.png", count: 8)
print("\(frames.count) frames, frog.apng and sheet.png → \(output)")
