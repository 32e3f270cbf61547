import Foundation
import ZoetropeCore
import ZoetropeFiles

/// What a `preview` holds and does at once, whatever the scene and however many requests come:
/// the frames drawn at a time, those waiting for a drawing worker, the drawn frames kept (by count
/// and by bytes) and the scene file it reads. Within the defaults, a preview of an 8K scene under
/// 40 concurrent frame requests stays under 1.5 GB and answers each within 10 seconds.
public struct PreviewLimits: Sendable, Equatable {
    /// Frames drawn at once: the fixed pool of drawing workers (each holds one frame's surface,
    /// 128 MiB at 8K).
    public var drawingWorkers: Int
    /// Requested frames waiting for a worker; a request for another frame past them is answered
    /// 503 with `Retry-After` at once, so no request waits behind a long queue.
    public var queuedFrames: Int
    /// How long a request waits for its frame, in seconds, before it is answered 503 (the frame
    /// is still drawn and kept, for the request's retry).
    public var frameWait: Double
    /// Drawn frames kept in memory, by count: those nearest the page's frame.
    public var keptFrames: Int
    /// Drawn frames kept in memory, by their PNG bytes in all.
    public var keptBytes: Int
    /// How far ahead of the page's frame (and half as far behind) idle workers draw.
    public var reach: Int
    /// The largest scene file read: a larger one is looked at (`stat`) and never read or hashed,
    /// and the page says so.
    public var sceneFileBytes: Int
    /// A scene file up to this size is hashed at every check (an edit that keeps its size and
    /// modification time is still seen); a larger one is compared by size, modification time and
    /// inode, and read only when they change.
    public var hashedFileBytes: Int

    /// The defaults: two drawing workers (one on a single core), two queued frames, a wait of 5
    /// seconds, 480 frames or 256 MiB kept, drawing 240 frames ahead, scene files up to
    /// `SceneLimits.documentBytes` (256 MiB) read, up to 1 MiB hashed.
    public init(drawingWorkers: Int = min(2, CurrentProcess.onlineCoreCount), queuedFrames: Int = 2,
                frameWait: Double = 5, keptFrames: Int = 480, keptBytes: Int = 256 << 20, reach: Int = 240,
                sceneFileBytes: Int = SceneLimits.documentBytes, hashedFileBytes: Int = 1 << 20) {
        self.drawingWorkers = max(drawingWorkers, 1)
        self.queuedFrames = max(queuedFrames, 0)
        self.frameWait = frameWait
        self.keptFrames = max(keptFrames, 1)
        self.keptBytes = max(keptBytes, 0)
        self.reach = max(reach, 0)
        self.sceneFileBytes = sceneFileBytes
        self.hashedFileBytes = hashedFileBytes
    }
}
