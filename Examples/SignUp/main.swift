// A sign-up form filmed: its rows slide in from the sides as the screen appears (constraints
// animated with staggered springs), the reader types a name, an email and a password, turns
// on updates and taps Sign Up, which shows a spinner and a progress bar. Compared frame by
// frame with scenes/sign-up-form.yaml by `make test`.
//
//   swift run SignUp OUTPUT_FOLDER    (writes OUTPUT_FOLDER/sign-up-form/ and its recording, sign-up-form.json)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"
let film = Film(size: CGSize(width: 375, height: 667), framesPerSecond: 30)
film.name = "sign-up-form"

let form = SignUpViewController()
film.show(form)

film.type("Ada Lovelace\n", into: form.nameField, from: 1.3, to: 2.0)
film.type("ada@example.com\n", into: form.emailField, from: 2.05, to: 2.75)
film.type("engine42", into: form.passwordField, from: 2.8, to: 3.2)
film.tap(form.updatesSwitch, time: 3.35)
film.tap(form.signUpButton, time: 3.7)
film.advance(to: 4.8)

let frames = try film.writeFrames(to: output + "/" + film.name)
try film.writeScene(to: output + "/" + film.name + ".json")
print("\(film.name): \(frames.count) frames → \(output)/\(film.name); spinning: \(form.spinner.isAnimating)")
