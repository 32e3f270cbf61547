/// A text layer's text (`t`): its documents as keyframes (`d`), the text animators (`a`), the
/// path it is set on (`p`) and more options (`m`).
struct LottieTextData: LottieObject {
    var documents: LottieTextDocuments?
    var animators: [LottieTextAnimator]?
    var path: LottieTextPath?

    static let keys = LottieKeyTable<Self>([.object("d", \.documents), .objects("a", \.animators), .object("p", \.path)])
}

/// A text's documents (`d.k`): each a keyframe holding a whole document from its time on.
struct LottieTextDocuments: LottieObject {
    var frames: [LottieTextKey]?

    static let keys = LottieKeyTable<Self>([.objects("k", \.frames)])
}

/// One text document keyframe: from frame `t` on, document `s`.
struct LottieTextKey: LottieObject {
    var time: Double?
    var document: LottieTextDocument?

    static let keys = LottieKeyTable<Self>([.number("t", \.time), .object("s", \.document)])
}

/// A text document: the text `t` and how it is set (font `f` by its name in the font list,
/// size `s`, justification `j`, tracking `tr` in thousandths of the size, line height `lh`,
/// baseline shift `ls`, fill `fc` and stroke `sc` colours, stroke width `sw`, stroke over fill
/// `of`, a box `sz` at `ps` for wrapped text).
struct LottieTextDocument: LottieObject {
    var text: String?
    var size: Double?
    var font: String?
    var justification: Double?
    var tracking: Double?
    var lineHeight: Double?
    var baselineShift: Double?
    var fill: [Double]?
    var stroke: [Double]?
    var strokeWidth: Double?
    var strokeOverFill = false
    var boxSize: [Double]?
    var boxPosition: [Double]?

    static let keys = LottieKeyTable<Self>([
        .string("t", \.text), .number("s", \.size), .string("f", \.font), .number("j", \.justification), .number("tr", \.tracking),
        .number("lh", \.lineHeight), .number("ls", \.baselineShift), .numbers("fc", \.fill), .numbers("sc", \.stroke),
        .number("sw", \.strokeWidth), .flag("of", \.strokeOverFill, written: .bool), .numbers("sz", \.boxSize),
        .numbers("ps", \.boxPosition),
    ])
}

/// The path text is set on (`p`): the index of the mask `m` that is the path.
struct LottieTextPath: LottieObject {
    var mask: Double?

    static let keys = LottieKeyTable<Self>([.number("m", \.mask)])
}
