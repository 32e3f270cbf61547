/// A Lottie animation as the file says it (Bodymovin JSON): its frames, its layers top first,
/// the assets precomps and images name, and the fonts and glyphs text is set in. Read by
/// `LottieReader` and mapped to a scene by `LottieSceneBuilder`; written by `LottieWriter`.
struct LottieAnimation: LottieObject {
    var version: String?
    var name: String?
    var frameRate: Double?
    var inPoint: Double?
    var outPoint: Double?
    var width: Double?
    var height: Double?
    var threeD = false
    var assets: [LottieAsset]?
    var layers: [LottieLayer]?
    var fonts: LottieFontList?
    var characters: [LottieCharacter]?

    static let keys = LottieKeyTable<Self>([
        .string("v", \.version), .string("nm", \.name), .number("fr", \.frameRate), .number("ip", \.inPoint),
        .number("op", \.outPoint), .number("w", \.width), .number("h", \.height), .flag("ddd", \.threeD),
        .objects("assets", \.assets), .objects("layers", \.layers), .object("fonts", \.fonts), .objects("chars", \.characters),
    ])
}

/// An asset: a precomp's layers (`layers`), or an image (`p`, in folder `u`, or embedded as a
/// data URL with `e` 1), named by layers through `id`.
struct LottieAsset: LottieObject {
    var id: String?
    var name: String?
    var width: Double?
    var height: Double?
    var frameRate: Double?
    var folder: String?
    var file: String?
    var embedded = false
    var layers: [LottieLayer]?
    /// How an image given by a keypath override fills its layer (`fill`, `aspectFit`,
    /// `aspectFill`): Zoetrope's own member, written only by `LottieKeypaths`.
    var fit: String?

    static let keys = LottieKeyTable<Self>([
        .string("id", \.id), .string("nm", \.name), .number("w", \.width), .number("h", \.height), .number("fr", \.frameRate),
        .string("u", \.folder), .string("p", \.file), .flag("e", \.embedded), .objects("layers", \.layers),
        .string(LottieKeypaths.fitKey, \.fit),
    ])
}

/// The fonts text layers name (`fonts.list`).
struct LottieFontList: LottieObject {
    var list: [LottieFont]?

    static let keys = LottieKeyTable<Self>([.objects("list", \.list)])
}

/// A font a text document names by `fName`: its family, style and ascent (percent of the size).
struct LottieFont: LottieObject {
    var name: String?
    var family: String?
    var style: String?
    var ascent: Double?
    var origin: Double?
    var file: String?

    static let keys = LottieKeyTable<Self>([
        .string("fName", \.name), .string("fFamily", \.family), .string("fStyle", \.style), .number("ascent", \.ascent),
        .number("origin", \.origin), .string("fPath", \.file),
    ])
}

/// One glyph's outline (`chars`): character `ch` of a family and style, its advance `w` at
/// size 100, drawn by the shapes of `data`.
struct LottieCharacter: LottieObject {
    var character: String?
    var family: String?
    var style: String?
    var size: Double?
    var advance: Double?
    var data: LottieGlyphData?

    static let keys = LottieKeyTable<Self>([
        .string("ch", \.character), .string("fFamily", \.family), .string("style", \.style), .number("size", \.size),
        .number("w", \.advance), .object("data", \.data),
    ])
}

/// A glyph's drawing: shape items whose paths are its outline.
struct LottieGlyphData: LottieObject {
    var shapes: [LottieShapeItem]?

    static let keys = LottieKeyTable<Self>([.objects("shapes", \.shapes)])
}
