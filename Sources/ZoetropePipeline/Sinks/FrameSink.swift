import ZoetropeRender

/// Where drawn frames go: a folder of PNGs, a document, an animated file, a sheet, memory. A new
/// output format is one new type conforming to this; the pipeline (`FramePipeline`) draws the
/// frames once and hands each to every sink.
///
/// A sink that is not `isOrdered` is called from every worker at once, frames in any order, and
/// must be safe for that; an ordered sink is called from one thread at a time, frames in the
/// plan's order. `finish()` is called once every frame was written, `abandon()` instead when the
/// run failed: it keeps what is finished and removes what is not.
public protocol FrameSink: AnyObject, Sendable {
    /// What the sink reads of each frame.
    var needs: FrameProducts { get }
    /// True when frames must arrive one at a time in the plan's order (a video, a document).
    var isOrdered: Bool { get }
    func write(_ frame: DrawnFrame) throws(RenderError)
    func finish() throws(RenderError)
    func abandon()
}
