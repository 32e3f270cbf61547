import Foundation
import ZoetropeCore

/// A Lottie animation read as a scene, with what it uses that the scene draws without.
public struct LottieImport: Sendable {
    public var scene: Scene
    /// Each feature the file uses that is not drawn, at its JSON path (`layers[2].masksProperties`).
    public var unsupported: [LottieNote]
    /// Seconds from frame ip to frame op: where progress 1 falls (lottie-ios draws frame
    /// ip + p · (op − ip) for a progress p), one frame past the last rendered frame.
    public var length: Double
    /// The archive's animations and themes, the slots and the markers: what a player may choose.
    public var contents = LottieContents()
}

/// Reads Lottie (Bodymovin JSON, dotLottie `.lottie`, Telegram `.tgs`) into a scene: its layers
/// become layers, its keyframes keyframe tracks on one animator started at the first frame.
///
/// Frame k of the scene is the Lottie frame `ip + k`, k = 0 … op − ip − 1, at the file's frame
/// rate. Parenting becomes nested groups that repeat each parent's transform (a Lottie parent
/// lends its transform, not its opacity); a precomp becomes a group clipped to its size, its
/// layers on the precomp's clock.
public enum LottieReader {
    /// Whether `bytes` hold a Lottie animation: a packed one, or a JSON object with Lottie's
    /// top-level keys (`layers`, `fr`, `ip`, `op`, `w`, `h`) rather than a scene's.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        LottieArchive.isPacked(bytes) || (mentionsLottieKeys(bytes) && JSONValue.parse(bytes).map(isLottieRoot) == true)
    }

    /// The animation in `bytes` when they hold one (`recognises`), else nil; throws every
    /// reason a Lottie file cannot be drawn. Plain JSON is parsed once. `fonts` sets text that
    /// the file gives no glyph outlines for (without it, such text is reported and not drawn).
    public static func readIfLottie(_ bytes: [UInt8], file: String, name: String, playback: LottiePlayback = LottiePlayback(),
                                    fonts: (any LottieFontSource)? = nil) throws(SceneLoadError) -> LottieImport? {
        if LottieArchive.isPacked(bytes) { return try read(bytes, file: file, name: name, playback: playback, fonts: fonts) }
        guard mentionsLottieKeys(bytes) else { return nil }
        switch JSONParser.read(bytes) {
        case .success(let root):
            guard isLottieRoot(root) else { return nil }
            return try played(root, document: LottieDocument(json: []), file: file, name: name, archive: [], playback: playback, fonts: fonts)
        case .failure(let error):
            // A file that names Lottie's keys but is not JSON: what stopped the reading, at its
            // path (`fr: … 1e999 is beyond a double's range`), not a scene reader's complaints.
            throw SceneLoadError([notJSON(error, file: file)])
        }
    }

    private static func notJSON(_ error: JSONError, file: String) -> SceneDiagnostic {
        SceneDiagnostic(file: file, path: error.path, message: "the JSON cannot be read (line \(error.line), column \(error.column)): \(error.message)")
    }

    /// Reads the animation in `bytes` (named `name`), or every reason it cannot be drawn.
    public static func read(_ bytes: [UInt8], file: String, name: String, playback: LottiePlayback = LottiePlayback(),
                            fonts: (any LottieFontSource)? = nil) throws(SceneLoadError) -> LottieImport {
        let document: LottieDocument
        switch LottieArchive.document(in: bytes, animation: playback.animation) {
        case .success(let unpacked): document = unpacked
        case .failure(let error):
            throw SceneLoadError([SceneDiagnostic(file: file, path: playback.animation == nil ? "" : playback.origin("animation"), message: error.message)])
        }
        let root: JSONValue
        switch JSONParser.read(document.json) {
        case .success(let value): root = value
        case .failure(let error): throw SceneLoadError([notJSON(error, file: file)])
        }
        guard root.object != nil else {
            throw SceneLoadError([SceneDiagnostic(file: file, path: "", message: "not a Lottie animation: the file is not a JSON object")])
        }
        return try played(root, document: document, file: file, name: name, archive: bytes, playback: playback, fonts: fonts)
    }

    /// The animation `root` as `playback` plays it: the theme's rules and the slot values set,
    /// the marker's range cut out, at the speed asked (else the manifest's).
    private static func played(_ root: JSONValue, document: LottieDocument, file: String, name: String, archive: [UInt8],
                               playback: LottiePlayback, fonts: (any LottieFontSource)?) throws(SceneLoadError) -> LottieImport {
        func fail(_ key: String, _ message: String) -> SceneLoadError {
            SceneLoadError([SceneDiagnostic(file: file, path: playback.origin(key), message: message)])
        }
        let manifest = document.manifest
        if playback.animation != nil, manifest == nil {
            throw fail("animation", "only a dotLottie archive holds several animations to choose from")
        }
        var contents = LottieContents(animations: manifest?.animations.map(\.id) ?? [], animation: document.animation,
                                      themes: manifest?.themes ?? [], slots: LottieSlots.slots(of: root), markers: LottieSlots.markers(of: root))
        var theme: JSONValue?
        var notes: [LottieNote] = []
        let themeID = playback.theme ?? document.animation.flatMap { manifest?.animation($0)?.initialTheme }
        if let themeID {
            guard let manifest else { throw fail("theme", "only a dotLottie archive holds themes") }
            switch LottieArchive.theme(themeID, manifest: manifest, in: archive) {
            case .success(let found):
                theme = found
                contents.theme = themeID
            case .failure(let error):
                guard playback.theme == nil else { throw fail("theme", error.message) }
                notes.append(LottieNote(path: "manifest.json", feature: "the initial theme \"\(themeID)\": \(error.message): not applied"))
            }
        }
        var root = root
        if theme != nil || !playback.slots.isEmpty || !contents.slots.isEmpty {
            switch LottieSlots.apply(playback, theme: theme, themePath: themeID.map { manifest?.themeEntry($0) ?? $0 } ?? "", animation: document.animation,
                                     to: root, known: contents.slots.map(\.id), file: file, notes: &notes) {
            case .success(let slotted): root = slotted
            case .failure(let error): throw error
            }
        }
        if !playback.keypaths.isEmpty {
            var overrides: [LottieKeypaths.Override] = [], problems: [SceneDiagnostic] = []
            for (keypath, text) in playback.keypaths {
                let origin = playback.origin("keypath." + keypath)
                switch LottieKeypaths.parse(text) {
                case .success(let keys):
                    overrides.append(LottieKeypaths.Override(pattern: keypath.split(separator: ".").map(String.init), keys: keys, origin: origin, text: text))
                case .failure(let problem): problems.append(SceneDiagnostic(file: file, path: origin, message: problem.message))
                }
            }
            guard problems.isEmpty else { throw SceneLoadError(problems) }
            switch LottieKeypaths.apply(overrides, to: root, file: file, notes: &notes) {
            case .success(let result):
                root = result.root
                contents.keypaths = result.overrides.map { ($0.pattern.joined(separator: "."), $0.matched) }
            case .failure(let error): throw error
            }
        }
        if let segment = playback.segment {
            guard let marker = contents.markers.first(where: { $0.name == segment }), case .object(var members) = root else {
                let names = contents.markers.map { "\"\($0.name)\"" }
                throw fail("segment", "the animation has no marker \"\(segment)\"" + (names.isEmpty ? " (it has none)" : " (it has \(names.joined(separator: ", ")))"))
            }
            members["ip"] = .number(marker.frame)
            members["op"] = .number(marker.frame + max(marker.duration, 1))
            root = .object(members)
        }
        let speed = playback.speed ?? document.animation.flatMap { manifest?.animation($0)?.speed } ?? 1
        var imported = try build(root, file: file, name: name, archive: archive, fonts: fonts, speed: speed,
                                 perDimensionEasing: playback.perDimensionEasing, viewport: playback.viewport)
        imported.unsupported = notes + imported.unsupported
        imported.contents = contents
        return imported
    }

    /// A cheap look, before parsing: a JSON object that names Lottie's keys (a scene file rarely
    /// names them all), searched in the bytes without copying them.
    private static func mentionsLottieKeys(_ bytes: [UInt8]) -> Bool {
        guard let start = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
              bytes[start] == UInt8(ascii: "{") else { return false }
        return ["\"layers\"", "\"op\"", "\"fr\""].allSatisfy { bytes.firstRange(of: Array($0.utf8)) != nil }
    }

    /// How deep `layers` nest (a list of layers without children is 1), walked without recursion.
    private static func nestingDepth(of layers: [Layer]) -> Int {
        var deepest = 0
        var pending = layers.map { ($0, 1) }
        while let (layer, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            pending += layer.children.map { ($0, depth + 1) }
        }
        return deepest
    }

    /// Whether a JSON document's top level is Lottie's: its keys there, and no scene's `canvas`.
    private static func isLottieRoot(_ root: JSONValue) -> Bool {
        root["layers"]?.array != nil && root["op"] != nil && root["fr"] != nil && root["canvas"] == nil
    }

    /// `archive`: the packed file's bytes, whose `images/` a dotLottie's image assets name.
    /// `speed`: the playback rate; the render lasts the animation's length divided by it.
    /// `perDimensionEasing`: each dimension of a key eased by its own curve (`LottieNotes`).
    /// `viewport`: the rectangle of the composition shown on the canvas.
    private static func build(_ root: JSONValue, file: String, name: String, archive: [UInt8] = [],
                              fonts: (any LottieFontSource)?, speed: Double = 1, perDimensionEasing: Bool = false,
                              viewport: LottiePlayback.Viewport? = nil) throws(SceneLoadError) -> LottieImport {
        func fail(_ path: String, _ message: String) -> SceneLoadError {
            SceneLoadError([SceneDiagnostic(file: file, path: path, message: message)])
        }
        var notes = LottieNotes()
        notes.expressionSource = LottieExpressionSource(root: root)
        notes.perDimensionEasing = perDimensionEasing
        let animation = LottieAnimation.decode(root, at: "", notes: &notes)
        var problems: [SceneDiagnostic] = []
        func require(_ key: String, _ value: Double?, _ check: (Double) -> Bool, _ expected: String) -> Double {
            guard let value else {
                problems.append(SceneDiagnostic(file: file, path: key, message: "required: \(expected)"))
                return 0
            }
            if !check(value) { problems.append(SceneDiagnostic(file: file, path: key, message: "must be \(expected) (found \(value))")) }
            return value
        }
        let frameRate = require("fr", animation.frameRate, { $0 > 0 && $0 <= SceneLimits.framesPerSecond }, "a frame rate within 0…\(Int(saturating: SceneLimits.framesPerSecond))")
        let inPoint = require("ip", animation.inPoint, { abs($0) <= 1e7 }, "a frame number")
        let outPoint = require("op", animation.outPoint, { abs($0) <= 1e7 }, "a frame number")
        let width = require("w", animation.width, { $0 >= 1 && $0 <= SceneLimits.canvasSide }, "a width within 1…\(Int(saturating: SceneLimits.canvasSide))")
        let height = require("h", animation.height, { $0 >= 1 && $0 <= SceneLimits.canvasSide }, "a height within 1…\(Int(saturating: SceneLimits.canvasSide))")
        if animation.layers == nil { problems.append(SceneDiagnostic(file: file, path: "layers", message: "required: a list of layers")) }
        if problems.isEmpty, outPoint <= inPoint {
            problems.append(SceneDiagnostic(file: file, path: "op", message: "must be greater than ip (\(inPoint)) (found \(outPoint))"))
        }
        let span = outPoint - inPoint
        if problems.isEmpty, span / frameRate / speed > SceneLimits.duration {
            let played = speed == 1 ? "" : " played at \(speed)×"
            problems.append(SceneDiagnostic(file: file, path: "op", message: "the animation\(played) must last at most \(Int(saturating: SceneLimits.duration)) s (found \(span / frameRate / speed) s)"))
        }
        guard problems.isEmpty else { throw SceneLoadError(problems) }

        // Frames k = 0 … op − ip − 1: an out point a float's breadth past a whole frame (36.0000014)
        // adds no frame.
        let frameCount = max(1, Int(saturating: (span - 1 + 1e-6).rounded(.down)) + 1)
        var builder = LottieSceneBuilder(animation: animation, frameRate: frameRate, notes: notes,
                                         book: LottieTrackBook(inPoint: inPoint, span: span, frameCount: frameCount))
        let folder = file.contains("/") ? String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) : "."
        builder.fonts = fonts
        builder.images = LottieImages(folder: folder, archive: archive)
        builder.fontFiles = LottieFontFiles(folder: folder, archive: archive)
        var layers = builder.composition(animation.layers ?? [], at: "layers", size: Vector2(max(animation.width ?? 1, 1), max(animation.height ?? 1, 1)),
                                         clock: .root, depth: 0)
        if let viewport {
            // The viewport scaled to fit the canvas whole, its centre on the canvas's centre
            // (lottie-ios's `viewportFrame`): a group at the origin moves and scales the rest.
            var shown = Layer(id: builder.uniqueID("viewport"), shape: .group)
            let scale = min(width / viewport.width, height / viewport.height)
            shown.values.scale = Vector2(scale, scale)
            shown.values.position = Vector2(width / 2 - scale * (viewport.x + viewport.width / 2),
                                            height / 2 - scale * (viewport.y + viewport.height / 2))
            shown.children = layers
            layers = [shown]
        }
        for failure in notes.expressionSource?.started?.failures ?? [] {
            builder.notes.unsupported(LottieNotes.expressionFailure(failure.message), at: failure.path)
        }
        var refusals = builder.notes.refusals
        if let refusal = builder.book.refusal { refusals.append(refusal) }
        if refusals.isEmpty, case let depth = nestingDepth(of: layers), depth > SceneLimits.nesting {
            refusals.append(("layers", "the animation's layers nest \(depth) deep (groups, precomps, parents, mattes and masks each add a level); they may nest at most \(SceneLimits.nesting) deep"))
        }
        guard refusals.isEmpty else {
            throw SceneLoadError(refusals.map { SceneDiagnostic(file: file, path: $0.path, message: $0.message) })
        }

        var scene = Scene(name: name, canvas: Canvas(size: Vector2(width, height), background: .clear),
                          frameRate: FrameRate(frameRate), duration: .seconds(Double(frameCount - 1) / frameRate / speed), layers: layers)
        var tracks: [TrackAnimation] = []
        for entry in builder.book.tracks {
            guard let index = scene.layers.index(of: entry.layer) else { continue }
            tracks.append(TrackAnimation(target: PropertyTarget(layer: index, property: entry.property, component: entry.component), track: entry.track))
        }
        if !tracks.isEmpty {
            scene.animators = [AnimatorDefinition(id: "timeline", duration: span / frameRate / speed, timing: .cubic(.linear),
                                                  blocks: [AnimationBlock(tracks: tracks)])]
            scene.script = [ScriptEvent(time: 0, action: .start(target: .animator(0), delay: 0), path: "timeline")]
        }
        // Every outline the reader made is a path a scene file may hold (a paint of many shapes
        // is one path).
        let longPaths = scene.layers.nodes.indices.filter { scene.layers.initialValues[$0].path.segments.count > SceneLimits.pathSegments }.map { scene.layers.nodes[$0].id }
            + tracks.filter { $0.target.property == .path && $0.track.values.contains { $0.path.map { $0.segments.count > SceneLimits.pathSegments } ?? false } }
                .map { scene.layers.nodes[$0.target.layer].id }
        if let layer = longPaths.first {
            throw fail("layers", "\(layer)'s outline has more than \(SceneLimits.pathSegments) path segments (the shapes one paint draws, as one path); a path may have at most \(SceneLimits.pathSegments)")
        }
        if let (layer, copies) = scene.overReplicatedLayer {
            throw fail("layers", "repeaters nested in one another would draw \(scene.layers.nodes[layer].id)'s shapes \(Int(saturating: copies)) times (their copies multiplied, each at the most it takes); they may draw at most \(SceneLimits.replicatedCopies)")
        }
        return LottieImport(scene: scene, unsupported: builder.notes.unsupported, length: span / frameRate / speed)
    }
}

