/// The range of every number and count a scene, its overrides or a file read beside it may
/// hold: one table, enforced by the readers (exit 65 naming the path and the limit), written
/// into the schema's bounds and docs/limits.md. Within these, every command stays within
/// seconds and well under 1.5 GB on a 2-core machine; past them, nothing is drawn or evaluated.
public enum SceneLimits {
    // MARK: Pictures

    /// A side of any surface in pixels, after `--scale`: Cairo's largest image is 32767 wide.
    public static let surfaceSide = 32_767
    /// The pixels of one surface (a frame, a sheet, an image layer's PNG): 8K UHD fits; one
    /// ARGB surface of this size is 128 MiB.
    public static let surfacePixels = 1 << 25
    /// A canvas side in points (before `--scale`).
    public static let canvasSide = 16_384.0
    /// A layer's width or height, position, translation, path coordinate or shadow offset, in points.
    public static let coordinate = 1e7
    /// A layer's blur, backdrop blur or shadow radius in points. Any radius costs the same
    /// past the frame's size: a blur wider than the frame is a mean.
    public static let effectRadius = 100_000.0
    /// A font size in points.
    public static let fontSize = 10_000.0
    /// A stroke width in points.
    public static let strokeWidth = 100_000.0
    /// A stroke's miter limit, in half line widths (a mitre at most this far from its corner).
    public static let miterLimit = 1_000.0
    /// Bytes an image (a PNG, JPEG or WebP, in a file, a data URL or a Lottie archive) may
    /// have after its end (`ImageExtent`): room for the padding some tools leave, not for
    /// megabytes that would be unpacked and carried for nothing.
    public static let trailingImageBytes = 64 << 10
    /// Scans of one JPEG: each scan of a progressive JPEG is a pass over every coefficient of
    /// the image (15 ms at 4096²), so 2,000 nearly empty scans in 132 KB took half a minute.
    /// Encoders write about 10 (libjpeg's default progression); libjpeg-turbo's
    /// `TJPARAM_SCANLIMIT` is the same guard.
    public static let jpegScans = 100
    /// A layer's `rasterizationScale`: its backing store's pixels per point, times the render's
    /// scale. The store itself is bounded as an effect sprite is (a side of 8192 pixels).
    public static let rasterizationScale = 16.0

    // MARK: Counts

    /// Layers, animators, groups, timelines, script events and completions, each.
    public static let items = 100_000
    /// Keyframes of one track, dash entries of a stroke, stops of a gradient, each.
    public static let keyframes = 100_000
    /// A `contentsRect`'s origin and size, in images (its unit coordinates): a part of the
    /// contents at most this many images from them, or this many images wide.
    public static let contentsRect = 1_000.0
    /// Copies a replicator draws of its children.
    public static let instances = 10_000
    /// Copies of one layer that replicators nested in one another draw, their counts multiplied
    /// (the largest count each may take, animated or not): a replicator of 10,000 inside another
    /// would draw a hundred million copies.
    public static let replicatedCopies = 100_000
    /// Copies of a replicator with an `instanceDelay` that are evaluated at their own earlier
    /// time (each costs a frame's evaluation); later copies show the last of them.
    public static let delayedInstances = 256
    /// Cells of one emitter (`CAEmitterLayer.emitterCells`).
    public static let emitterCells = 100
    /// Particles one emitter may have alive at once: what the reader allows its declared rates
    /// and lifetimes (cell birth rate × longest lifetime, summed over cells, times the layer's
    /// multipliers), and what a frame visits at most (the newest of each cell when animated
    /// multipliers ask for more). 100,000 sprites draw in about a second.
    public static let particles = 100_000
    /// A cell's birth rate, in particles per second.
    public static let particleBirthRate = 1_000_000.0
    /// An emitter layer's multipliers (`emitter.birthRate`, `lifetime`, `velocity`, `scale`,
    /// `spin`), each within ±this (birth rate and lifetime not below 0).
    public static let emitterMultiplier = 1_000.0
    /// A particle's scale (and its range and speed), within ±this: a sprite drawn 10,000 times
    /// its image's size already covers any canvas.
    public static let particleScale = 10_000.0
    /// Segments (commands) of one SVG path's data.
    public static let pathSegments = 100_000
    /// How deep layers, groups and timelines may nest.
    public static let nesting = 256
    /// Targets driven by groups and timelines, summed over every group and timeline, a target
    /// counted once for each container it is reached through (the evaluator's table of spans:
    /// a chain of 256 nested groups drives 33,000; groups that each hold the one below twice
    /// would drive 2^256 without this limit).
    public static let drivenTargets = 1_000_000
    /// YAML nodes in a document once its aliases are expanded: room for `items` animators and
    /// `items` script events written out (about 17 nodes each), about 1 GB once composed.
    public static let documentNodes = 4_000_000
    /// The bytes of a scene or Lottie file (JSON unpacked from a `.tgs` or `.lottie` too), and of
    /// what `convert` writes: a file larger is refused before it is parsed.
    public static let documentBytes = 256 << 20
    /// How deep a YAML document may nest (aliases expanded): layers nested `nesting` deep take
    /// two levels each (`children:` and its list), and a few more hold their values.
    public static let documentDepth = 4 * nesting
    /// How deep completion handlers may nest at one instant: a handler that ends an animator
    /// runs that animator's handlers inside it (each level is a few stack frames).
    public static let completionDepth = 64
    /// Animator and timeline ends and span crossings one evaluation processes (script events
    /// not counted): every one of `items` animators ending many times over, or a timeline run
    /// through `drivenTargets`. Past it the script is reported as not settling.
    public static let happenings = 4_000_000
    /// The segments of a `--set`/`--vary` key (`layers.a.children.b.size.x` has 6).
    public static let keySegments = 64

    // MARK: Time

    /// A scene's duration, and any time in its script, in seconds: one day.
    public static let duration = 86_400.0
    /// A spring's initial velocity, in distances per second toward its target (UIKit's unit),
    /// and the fastest a release flings: a finger crossing the canvas in a millisecond is 1000.
    /// Within it, and the coordinates within theirs, a spring's values stay finite.
    public static let velocity = 1e6
    /// Frames per second.
    public static let framesPerSecond = 1_000.0
    /// How many times as fast as its parent's a timeline's own time may run (`timeScale`, which
    /// must also be above 0).
    public static let timeScale = 1_000.0
    /// The frames of one render: a day at 240 fps, both its first and its last instant shown
    /// (`sample` streams its rows).
    public static let frames = 86_400 * 240 + 1
}
