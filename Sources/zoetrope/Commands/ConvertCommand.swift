import ArgumentParser
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender
import ZoetropeFiles

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a Lottie animation to a scene file, or a scene to Lottie.",
        discussion: """
            --to scene writes a readable YAML scene file (JSON when the output ends in .json) that renders the same frames: a Lottie \
            file's layers become layers with ids from their names, its keyframes keyframe \
            tracks on one animator, its images data URLs inside the file. What the animation \
            uses that is drawn without is said once per feature, as render says it. --to \
            lottie writes Lottie JSON (version 5.7; a dotLottie archive when the output ends in \
            .lottie) that Lottie players play: every frame's \
            values baked into keyframes at the scene's frame rate (springs, overlapping \
            animators and the script's pause, reverse and scrub as they render), text as its \
            outlines, images embedded; what it draws without (shadows, blurs, clipping, masks) \
            is said per layer on standard error. Without -o the file is printed. Exit codes: 0 \
            written; 65 the input is invalid or cannot be said in the output format; 66 the input is missing; 73/74 the output cannot be written.

            Examples:
              $ zoetrope convert animation.json --to scene -o scenes/animation.yaml
              $ zoetrope convert scenes/frog.yaml --to lottie -o frog.lottie
            """
    )

    @Argument(help: "The scene file or Lottie animation (.json, .lottie, .tgs) to convert.", completion: .file())
    var input: String

    @Option(help: "The format to write: \(SceneConversion.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var to: SceneConversion.Format

    @Option(name: [.short, .customLong("out")], help: "The file to write (default: standard output).", completion: .file())
    var out: String?

    func run() throws {
        let text: String
        switch to {
        case .scene:
            let loaded: LoadedScene
            do {
                loaded = try SceneLoader.load(input, fonts: InstalledFonts())
            } catch {
                throw report(error)
            }
            loaded.unsupportedSummary.forEach(printError)
            let json = out?.lowercased().hasSuffix(".json") == true
            text = try exiting { () throws(RenderError) -> String in try SceneConversion.sceneFile(loaded, json: json) }
        case .lottie:
            guard let scene = try loadScenes([input], overrides: []).first else { return }
            let export = try exiting { () throws(RenderError) in try SceneConversion.lottieFile(scene) }
            for note in export.notExported { printError("\(scene.loaded.file): \(note.layer): not exported: \(note.feature)") }
            text = export.text
        }
        guard let out else {
            print(text, terminator: "")
            return
        }
        let bytes = to == .lottie && out.hasSuffix(".lottie")
            ? LottieWriter.dotLottie(text, id: SceneLoader.sceneName(input)) : Array(text.utf8)
        try exiting { () throws(RenderError) in try AtomicFile.write(bytes, to: out) }
        printLine("\(input) → \(out)")
    }
}

extension SceneConversion.Format: ExpressibleByArgument {}
