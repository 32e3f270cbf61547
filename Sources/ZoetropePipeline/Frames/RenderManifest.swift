import FoundationEssentials
import ZoetropeRender
import ZoetropeFiles

/// `manifest.json`: what a render folder holds and how it was made, so CI can compare runs and
/// `--resume` can tell finished frames from missing or stale ones.
public struct RenderManifest: Codable, Hashable, Sendable {
    public struct Frame: Codable, Hashable, Sendable {
        public var index: Int
        public var file: String
        /// Seconds: index / fps.
        public var time: Double
        /// SHA-256 of the file's bytes, hex (for a PDF, of the whole document).
        public var sha256: String
        /// The frame's page in a PDF; nil for one file per frame.
        public var page: Int?

        public init(index: Int, file: String, time: Double, sha256: String, page: Int? = nil) {
            self.index = index
            self.file = file
            self.time = time
            self.sha256 = sha256
            self.page = page
        }
    }

    public var scene: String
    public var sceneFile: String
    /// SHA-256 of the scene file's bytes, hex.
    public var sceneHash: String
    /// The `--set` overrides, as given.
    public var overrides: [String]
    public var fps: Double
    /// Pixels: the canvas size times the render scale.
    public var size: [Int]
    public var scale: Double
    /// Sub-frame samples per frame (1: none).
    public var motionBlur: Int
    /// png, pdf or svg.
    public var format: String
    public var duration: Double
    /// Frames in the whole render, whatever part of it this folder holds.
    public var frameCount: Int
    public var cairoVersion: String
    /// Cairo, pixman, fontconfig and the font files the scene's text uses (nil in manifests
    /// written before round 2).
    public var environment: RenderEnvironment?
    /// The frames in this folder, by index.
    public var frames: [Frame]
    /// The instants drawn, in seconds, picture i showing the i-th, for a render of instants
    /// (`--at`, `--progress`); nil for a render of frames.
    public var instants: [Double]? = nil

    /// True when `other` describes the same render (so their frames may be merged).
    func isSameRender(as other: RenderManifest) -> Bool {
        scene == other.scene && sceneHash == other.sceneHash && overrides == other.overrides && fps == other.fps
            && size == other.size && scale == other.scale && motionBlur == other.motionBlur && format == other.format && duration == other.duration
            && frameCount == other.frameCount && instants == other.instants
    }

    /// True when `source` is the scene file these frames were rendered from.
    public func isRendered(from source: [UInt8]) -> Bool { SHA256Digest(source).hex == sceneHash }

    public func write(to path: String) throws(RenderError) {
        try AtomicFile.write(try jsonFile(self), to: path)
    }
}

extension RenderManifest {
    /// A frame written from Swift: its index, its file's name in the folder and the file's bytes
    /// (which the manifest keeps only as a SHA-256).
    public struct FrameFile: Hashable, Sendable {
        /// The frame's index in the render, from 0.
        public var index: Int
        /// The file's name, relative to the render folder.
        public var file: String
        /// The file's contents.
        public var bytes: [UInt8]

        /// Frame `index`, written as `file` with `bytes`.
        public init(index: Int, file: String, bytes: [UInt8]) {
            self.index = index
            self.file = file
            self.bytes = bytes
        }
    }

    /// The manifest of frames made from Swift (no scene file: its hash is of no bytes), so
    /// `zoetrope video`, `view` and `diff` read their folder as a render's.
    public init(scene: String, fps: Double, size: [Int], scale: Double, duration: Double, frameCount: Int,
                environment: RenderEnvironment?, frames: [FrameFile]) {
        self.init(scene: scene, sceneFile: "", sceneHash: SHA256Digest([]).hex, overrides: [], fps: fps, size: size, scale: scale,
                  motionBlur: 1, format: "png", duration: duration, frameCount: frameCount, cairoVersion: ZoetropeRender.cairoVersion,
                  environment: environment,
                  frames: frames.map { Frame(index: $0.index, file: $0.file, time: Double($0.index) / fps, sha256: SHA256Digest($0.bytes).hex) })
    }
}
