/// A text animator (`a[i]` of a text layer's `t`): which of the text's characters, words or
/// lines it moves and how far (its range selector `s`), and what it does to them (`a`).
struct LottieTextAnimator: LottieObject {
    var name: String?
    var selector: LottieTextSelector?
    var style: LottieTextStyle?

    static let keys = LottieKeyTable<Self>([.string("nm", \.name), .object("s", \.selector), .object("a", \.style)])
}

/// A text animator's range selector (`s`): from start `s` to end `e`, both moved by offset `o`,
/// in percent of the text or in units (`r`: 1 percent, 2 index) of characters, characters
/// excluding spaces, words or lines (`b` 1…4); shaped (`sh`: 1 square, 2 ramp up, 3 ramp down,
/// 4 triangle, 5 round, 6 smooth) and eased (`xe` high, `ne` low, percent), at most amount `a`
/// (percent), smoothness `sm` (percent), its units shuffled when `rn` is set, combined with
/// the selectors before it by mode `m`. Type `t` 2 is an expression selector.
struct LottieTextSelector: LottieObject {
    var type: Double?
    var start: LottieProperty<[Double]>?
    var end: LottieProperty<[Double]>?
    var offset: LottieProperty<[Double]>?
    var units: Double?
    var basedOn: Double?
    var shape: Double?
    var easeHigh: LottieProperty<[Double]>?
    var easeLow: LottieProperty<[Double]>?
    var amount: LottieProperty<[Double]>?
    var smoothness: LottieProperty<[Double]>?
    var randomize = false
    var mode: LottieProperty<[Double]>?

    static let keys = LottieKeyTable<Self>([
        .number("t", \.type), .animated("s", \.start), .animated("e", \.end), .animated("o", \.offset), .number("r", \.units),
        .number("b", \.basedOn), .number("sh", \.shape), .animated("xe", \.easeHigh), .animated("ne", \.easeLow),
        .animated("a", \.amount), .animated("sm", \.smoothness), .flag("rn", \.randomize), .animated("m", \.mode),
    ])
}

/// What a text animator does to the characters it selects (`a`), each by the amount selected:
/// anchor `a`, position `p`, scale `s` (percent), rotation `r` (or `rz`; `rx` and `ry` out of
/// the plane), skew `sk` about axis `sa`, opacity `o` (percent), fill `fc` and stroke `sc`
/// colours, stroke width `sw`, tracking `t`, and the fill's hue `fh` (degrees), saturation `fs`
/// and brightness `fb` (percent).
struct LottieTextStyle: LottieObject {
    var anchor: LottieProperty<[Double]>?
    var position: LottieProperty<[Double]>?
    var scale: LottieProperty<[Double]>?
    var rotation: LottieProperty<[Double]>?
    var rotationZ: LottieProperty<[Double]>?
    var rotationX: LottieProperty<[Double]>?
    var rotationY: LottieProperty<[Double]>?
    var skew: LottieProperty<[Double]>?
    var skewAxis: LottieProperty<[Double]>?
    var opacity: LottieProperty<[Double]>?
    var fill: LottieProperty<[Double]>?
    var stroke: LottieProperty<[Double]>?
    var strokeWidth: LottieProperty<[Double]>?
    var tracking: LottieProperty<[Double]>?
    var fillHue: LottieProperty<[Double]>?
    var fillSaturation: LottieProperty<[Double]>?
    var fillBrightness: LottieProperty<[Double]>?

    /// The rotation in the plane: `r`, else `rz`.
    var planeRotation: LottieProperty<[Double]>? { rotation ?? rotationZ }

    static let keys = LottieKeyTable<Self>([
        .animated("a", \.anchor), .animated("p", \.position), .animated("s", \.scale), .animated("r", \.rotation),
        .animated("rz", \.rotationZ), .animated("rx", \.rotationX), .animated("ry", \.rotationY), .animated("sk", \.skew),
        .animated("sa", \.skewAxis), .animated("o", \.opacity), .animated("fc", \.fill), .animated("sc", \.stroke),
        .animated("sw", \.strokeWidth), .animated("t", \.tracking), .animated("fh", \.fillHue), .animated("fs", \.fillSaturation),
        .animated("fb", \.fillBrightness),
    ])
}
