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
            outlines, images embedded, masks as Lottie's masks or track mattes, shadows, blurs \
            and clipping as Lottie says them. What Lottie cannot say (backdrop blurs, replicators of more than shapes, \
            conic gradients, 3D transforms, particles, some blend modes) is said per property \
            on standard error and counted on the summary line; --strict refuses such a scene \
            instead, naming every property it would drop. Without -o the file is printed. Exit \
            codes: 0 written; 65 the input is invalid or cannot be said in the output format \
            (with --strict, a property Lottie cannot say); 66 the input is missing; 73/74 the \
            output cannot be written.

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

    @Flag(help: "With --to lottie: refuse (65), naming every property the Lottie file would draw without, instead of writing it.")
    var strict = false

    func validate() throws {
        if strict, to != .lottie { throw ValidationError("--strict needs --to lottie: a scene file says everything a Lottie file does") }
    }

    func run() throws {
        let text: String
        var dropped = 0
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
            let file = scene.loaded.file
            let export = try exiting { () throws(RenderError) in try SceneConversion.lottieFile(scene) }
            if strict, !export.notExported.isEmpty {
                // Every property at once, as a scene's other problems are said.
                try exiting { () throws(RenderError) in
                    throw RenderError(lines: export.notExported.map { "\(file): \($0.path): cannot be written to Lottie (\($0.feature))" },
                                      kind: .invalidInput, file: file)
                }
            }
            for note in export.notExported { printError("\(file): \(note.path): not exported: \(note.feature)") }
            dropped = export.notExported.count
            text = export.text
        }
        let count = "\(dropped) \(dropped == 1 ? "property" : "properties") not exported"
        let summary = dropped == 0 ? "" : " (\(count))"
        guard let out else {
            print(text, terminator: "")
            if dropped > 0 { printError("\(input): \(count)") }
            return
        }
        let bytes = to == .lottie && out.hasSuffix(".lottie")
            ? LottieWriter.dotLottie(text, id: SceneLoader.sceneName(input)) : Array(text.utf8)
        try exiting { () throws(RenderError) in try AtomicFile.write(bytes, to: out) }
        printLine("\(input) → \(out)\(summary)")
    }
}

extension SceneConversion.Format: ExpressibleByArgument {}
