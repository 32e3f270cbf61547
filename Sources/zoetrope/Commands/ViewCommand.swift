import ArgumentParser
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Write a frame viewer (index.html) beside a render's frames.",
        discussion: """
            Given a scene, renders whatever frames output/<scene>/ (or --out) lacks, then writes \
            the page there; given a folder of frames, writes it for them, reading the scene named \
            in its manifest.json for the events and state bands. The page works from file:// with \
            no server: play and pause (space), step (← →, Shift for ten), go to events ([ ]), a \
            scrubber, speed 0.1×–2×, loop, onion skin of the previous frames, and under the \
            scrubber the script's events and each animator's, group's and timeline's state band. \
            Exit codes: 0 written; 64 usage; 65 invalid scene; 66 missing scene or folder; 73/74 \
            the page or frames cannot be written.

            Example:
              $ zoetrope view scenes/frog-pause-scrub.yaml
            """
    )

    @Argument(help: "A scene file, or a folder of rendered frames.", completion: .file())
    var input: String

    @Option(help: ArgumentHelp("With a scene: the folder of its frames (default output/<scene>).", valueName: "DIR"))
    var out: String?

    @Option(help: "Frames drawn and encoded in parallel when some must be rendered (default: the number of cores).")
    var jobs: Int?

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (found \(jobs))") }
    }

    func run() throws {
        do {
            let page = FrameListing.isFolder(input) ? try viewFolder() : try viewScene()
            printLine("\(input): viewer → \(page)")
        } catch let error as RenderError {
            printError(error)
            throw ExitCode(error.kind)
        }
    }

    private func viewScene() throws -> String {
        let sceneOverrides = try overrides.overrides()
        let scene: EvaluatedScene
        do {
            scene = try EvaluatedScene.load([input], overrides: sceneOverrides)[0]
        } catch {
            throw report(error)
        }
        let folder = out ?? OutputLayout.folder(forScene: scene.scene.name)
        var request = scene.renderRequest(into: folder, frames: nil, jobs: jobs ?? coreCount)
        request.settings.resume = true
        _ = try FolderRender.render(request, progress: ProgressReporter(mode: .none))
        guard let manifest = try RenderManifest.read(folder + "/manifest.json") else {
            throw RenderError(message: "\(folder)/manifest.json: cannot read the manifest just written", kind: .io, file: folder + "/manifest.json")
        }
        return try FrameViewer.write(folder: folder, manifest: manifest, scene: scene, note: nil)
    }

    private func viewFolder() throws -> String {
        guard out == nil, overrides.assignments.isEmpty, overrides.size == nil, overrides.fps == nil else {
            throw ValidationError("--out, --set, --size and --fps go with a scene; a folder's frames are shown as rendered")
        }
        let source = try FrameViewer.source(ofFolder: input)
        if let note = source.note { printError("\(input): \(note)") }
        return try FrameViewer.write(folder: input, manifest: source.manifest, scene: source.scene, note: source.note)
    }
}
