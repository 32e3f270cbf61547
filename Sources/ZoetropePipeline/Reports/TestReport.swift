import FoundationEssentials
import ZoetropeRender
import ZoetropeFiles
import ZoetropeFormat

/// What a `zoetrope test` run found: `report.json` in the report folder, read back by `--accept`
/// and `--merge`. Paths of images are relative to the report folder.
public struct TestReport: Codable, Hashable, Sendable {
    public static let fileName = "report.json"

    /// A frame's outcome.
    public enum Status: String, Codable, Hashable, Sendable, Comparable {
        /// Differs from its golden beyond the tolerance.
        case failed
        /// Has no golden, and none was recorded.
        case missing
        /// Within tolerance of its golden.
        case passed
        /// Its golden was written by this run (`--update`).
        case recorded

        public var isFailure: Bool { self == .failed || self == .missing }

        /// Failures first.
        public static func < (left: Status, right: Status) -> Bool {
            let order: [Status] = [.failed, .missing, .recorded, .passed]
            return order.firstIndex(of: left)! < order.firstIndex(of: right)!
        }
    }

    public struct Frame: Codable, Hashable, Sendable {
        public var file: String
        public var index: Int
        /// Seconds: index / fps.
        public var time: Double
        public var status: Status
        public var differingPixels: Int?
        public var antialiasedPixels: Int?
        public var totalPixels: Int?
        /// This run's frame, from the report folder.
        public var actual: String
        /// Copies kept as artifacts for a failure (the golden, and the diff image when both exist).
        public var expected: String?
        public var diff: String?
        /// Why it failed, in words (`1 234 pixels differ (0.16 %)`, `no golden`).
        public var message: String?

        public init(file: String, index: Int, time: Double, status: Status, differingPixels: Int? = nil, antialiasedPixels: Int? = nil,
                    totalPixels: Int? = nil, actual: String, expected: String? = nil, diff: String? = nil, message: String? = nil) {
            self.file = file
            self.index = index
            self.time = time
            self.status = status
            self.differingPixels = differingPixels
            self.antialiasedPixels = antialiasedPixels
            self.totalPixels = totalPixels
            self.actual = actual
            self.expected = expected
            self.diff = diff
            self.message = message
        }

    }

    public struct Scene: Codable, Hashable, Sendable {
        public var name: String
        public var file: String
        public var fps: Double
        public var tolerance: Tolerance
        /// Where this run rendered, and where the goldens were made (nil: no record).
        public var environment: RenderEnvironment
        public var goldenEnvironment: RenderEnvironment?
        /// What differs between the two, one line each; failures of this scene may come from it.
        public var environmentChanges: [String]
        public var frames: [Frame]
        /// The frames' width and height in pixels, as rendered (nil in reports written before
        /// round 3): a frame accepted into the goldens must be a PNG of this size.
        public var size: [Int]?

        public init(name: String, file: String, fps: Double, tolerance: Tolerance, environment: RenderEnvironment,
                    goldenEnvironment: RenderEnvironment?, environmentChanges: [String], frames: [Frame], size: [Int]? = nil) {
            self.size = size
            self.name = name
            self.file = file
            self.fps = fps
            self.tolerance = tolerance
            self.environment = environment
            self.goldenEnvironment = goldenEnvironment
            self.environmentChanges = environmentChanges
            self.frames = frames
        }
    }

    /// The goldens folder as the run was given it (relative to where it ran).
    public var goldens: String
    /// The report folder as the run was given it, for the commands that accept its frames.
    public var folder = ""

    /// The `--shard` of the run, when it was one.
    public var shard: String?
    public var scenes: [Scene]
    /// Goldens this run no longer renders (`scene/frame_00120.png`, or `scene/` for a scene).
    public var orphans: [String]
    /// Goldens `--prune` removed.
    public var pruned: [String] = []

    public init(goldens: String, shard: String?, scenes: [Scene], orphans: [String], pruned: [String] = []) {
        self.goldens = goldens
        self.shard = shard
        self.scenes = scenes
        self.orphans = orphans
        self.pruned = pruned
    }

    /// A failing frame and the scene it belongs to.
    public struct Failure: Hashable, Sendable {
        /// The scene whose frame failed.
        public var scene: Scene
        /// The frame that differs from its golden, or has none.
        public var frame: Frame

        /// The failure of `frame` in `scene`.
        public init(scene: Scene, frame: Frame) {
            self.scene = scene
            self.frame = frame
        }
    }

    /// Every failing frame, scene by scene in the report's order.
    public var failures: [Failure] {
        scenes.flatMap { scene in scene.frames.filter(\.status.isFailure).map { Failure(scene: scene, frame: $0) } }
    }

    public var frameCount: Int { scenes.reduce(0) { $0 + $1.frames.count } }

    /// Reads `folder/report.json`; refuses (`invalidInput`) a report any of whose names or image paths could
    /// not be used inside the folder (every such entry, a line each), so nothing it says can
    /// lead a command outside it.
    public static func read(folder: String) throws(RenderError) -> TestReport {
        let path = folder + "/" + fileName
        guard let bytes = AtomicFile.read(path) else {
            throw RenderError(message: "\(path): no test report here (run zoetrope test --report \(folder) first)", kind: .missingInput, file: path)
        }
        let report: TestReport
        do {
            report = try JSONDecoder().decode(TestReport.self, from: Data(bytes))
        } catch {
            throw RenderError(message: "\(path): not a zoetrope test report: \(error)", kind: .invalidInput, file: path)
        }
        let problems = report.pathProblems(file: path)
        guard problems.isEmpty else { throw RenderError(problems: problems, kind: .invalidInput) }
        return report
    }

    /// The report as JSON (sorted keys, so runs compare as text).
    public func json() throws(RenderError) -> [UInt8] { try jsonFile(self) }

    /// Combines the reports of shards: each scene's frames from all of them, in frame order.
    public static func merged(_ reports: [TestReport]) -> TestReport {
        var scenes: [String: Scene] = [:], order: [String] = []
        for report in reports {
            for scene in report.scenes {
                if var existing = scenes[scene.name] {
                    let known = Set(existing.frames.map(\.file))
                    existing.frames += scene.frames.filter { !known.contains($0.file) }
                    existing.frames.sort { $0.index < $1.index }
                    scenes[scene.name] = existing
                } else {
                    scenes[scene.name] = scene
                    order.append(scene.name)
                }
            }
        }
        return TestReport(goldens: reports.first?.goldens ?? "goldens", shard: nil,
                          scenes: order.sorted().compactMap { scenes[$0] },
                          orphans: Array(Set(reports.flatMap(\.orphans))).sorted(),
                          pruned: Array(Set(reports.flatMap(\.pruned))).sorted())
    }
}

/// `value` as a JSON file: the reports' JSON (`prettyJSON`) and a final newline, so files
/// compare as text.
func jsonFile(_ value: some Encodable) throws(RenderError) -> [UInt8] {
    do {
        return Array(try prettyJSON(value).utf8) + [0x0A]
    } catch {
        throw RenderError(message: "cannot encode JSON: \(error.message)", kind: .internalFailure)
    }
}
