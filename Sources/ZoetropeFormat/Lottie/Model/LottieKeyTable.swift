import ZoetropeCore

/// A Lottie object of the model (`LottieAnimation`, `LottieLayer`, a shape item…): made empty,
/// then filled from JSON, and written back to JSON, through its one key table.
protocol LottieObject: Sendable {
    init()
    /// Every key the model reads and writes, in the order it writes them.
    static var keys: LottieKeyTable<Self> { get }
    /// Reads `json` (at `path`); by default through `keys`. A type whose keys depend on a kind
    /// (a shape item's `ty`) reads the kind's table too.
    static func decode(_ json: JSONValue, at path: String, notes: inout LottieNotes) -> Self
    var json: JSONText { get }
    /// Whether what a hidden (`hd`) one holds is drawn without anyway: a hidden shape item
    /// draws nothing, but a hidden layer still moves the layers it parents.
    static var hiddenIsUnused: Bool { get }
}

extension LottieObject {
    static var hiddenIsUnused: Bool { false }

    /// The object `json` holds, at JSON path `path` (empty at the top): every key of the table read, what the
    /// model cannot hold noted in `notes`. Keys the table does not name are left alone.
    static func decode(_ json: JSONValue, at path: String, notes: inout LottieNotes) -> Self {
        var object = Self()
        keys.decode(json, at: path, into: &object, notes: &notes)
        return object
    }

    /// The object as JSON, its keys in the table's order; nothing for a value the model lacks.
    var json: JSONText { Self.keys.encode(self) }
}

/// The keys of one Lottie type, each spelled once: how its value is read into the model and
/// written out of it. Reading and writing go through the same table, so a file written reads
/// back as the model it came from.
struct LottieKeyTable<Object>: Sendable {
    let fields: [LottieField<Object>]

    init(_ fields: [LottieField<Object>]) { self.fields = fields }

    /// This table's keys followed by `more`'s (a kind of layer or shape adds its own).
    func adding(_ more: [LottieField<Object>]) -> LottieKeyTable<Object> { LottieKeyTable(fields + more) }

    func decode(_ json: JSONValue, at path: String, into object: inout Object, notes: inout LottieNotes) {
        for field in fields {
            guard let value = json[field.key] else { continue }
            field.decode(&object, value, path.isEmpty ? field.key : "\(path).\(field.key)", &notes)
        }
    }

    func encode(_ object: Object) -> JSONText {
        .object(fields.compactMap { field in field.encode(object).map { (field.key, $0) } })
    }
}

/// One key of a Lottie type and the model's property it fills.
struct LottieField<Object>: @unchecked Sendable {
    let key: String
    /// Reads the key's value (at its JSON path) into the object.
    let decode: (inout Object, JSONValue, String, inout LottieNotes) -> Void
    /// The key's value, or nil to leave it out.
    let encode: (Object) -> JSONText?

    init(_ key: String, decode: @escaping (inout Object, JSONValue, String, inout LottieNotes) -> Void,
         encode: @escaping (Object) -> JSONText?) {
        (self.key, self.decode, self.encode) = (key, decode, encode)
    }

    /// A number (`fr`, `ind`, `ty` of a layer); a flag's `true` reads as 1.
    static func number(_ key: String, _ property: WritableKeyPath<Object, Double?>) -> Self {
        Self(key, decode: { object, json, _, _ in object[keyPath: property] = json.number },
             encode: { object in object[keyPath: property].map { .number($0) } })
    }

    /// A string (`nm`, `refId`, a shape's `ty`); an asset's id may be a number, read as its text.
    static func string(_ key: String, _ property: WritableKeyPath<Object, String?>) -> Self {
        Self(key, decode: { object, json, _, _ in object[keyPath: property] = json.string ?? json.number.map { JSONText.format($0) } },
             encode: { object in object[keyPath: property].map { .string($0) } })
    }

    /// A flag (`hd`, `td`, `ao`): `true` or a number other than 0. Written only when set, as
    /// `written` spells it (Bodymovin writes some flags as 1, others as `true`).
    static func flag(_ key: String, _ property: WritableKeyPath<Object, Bool>, written: FlagSpelling = .number) -> Self {
        Self(key, decode: { object, json, _, _ in object[keyPath: property] = json.isTrue },
             encode: { object in object[keyPath: property] ? written.json : nil })
    }

    /// A list of numbers (`sz`, a text's colour `fc`).
    static func numbers(_ key: String, _ property: WritableKeyPath<Object, [Double]?>) -> Self {
        Self(key, decode: { object, json, _, _ in object[keyPath: property] = json.numbers },
             encode: { object in object[keyPath: property].map { .array($0.map { .number($0) }) } })
    }

    /// An animatable property of numbers (`{"a": 0, "k": …}` or keyframes).
    static func animated(_ key: String, _ property: WritableKeyPath<Object, LottieProperty<[Double]>?>) -> Self {
        Self(key, decode: { object, json, path, notes in object[keyPath: property] = LottieProperty.numbers(json, at: path, notes: &notes) },
             encode: { object in object[keyPath: property]?.json })
    }

    /// An animatable bezier shape (a path's `ks`, a mask's `pt`).
    static func shape(_ key: String, _ property: WritableKeyPath<Object, LottieProperty<LottieBezier>?>) -> Self {
        Self(key, decode: { object, json, path, notes in object[keyPath: property] = LottieProperty.shapes(json, at: path, notes: &notes) },
             encode: { object in object[keyPath: property]?.json })
    }

    /// An object of the model (a layer's transform `ks`, a text layer's `t`).
    static func object<Value: LottieObject>(_ key: String, _ property: WritableKeyPath<Object, Value?>) -> Self {
        Self(key, decode: { object, json, path, notes in
            guard json.object != nil else { return }
            object[keyPath: property] = Value.decode(json, at: path, notes: &notes)
        }, encode: { object in object[keyPath: property]?.json })
    }

    /// A list of objects (`layers`, `shapes`, `masksProperties`), each at its index's path and
    /// kept at its index (an item that is not an object is an empty one, which draws nothing).
    /// Nil when the key is absent (a precomp asset has `layers`, an image asset none). What a
    /// hidden item that is unused (`hiddenIsUnused`) holds is not noted, only refused.
    static func objects<Value: LottieObject>(_ key: String, _ property: WritableKeyPath<Object, [Value]?>) -> Self {
        Self(key, decode: { object, json, path, notes in
            guard let items = json.array else { return }
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard item.object != nil else {
                    values.append(Value())
                    continue
                }
                if Value.hiddenIsUnused, item["hd"]?.isTrue == true {
                    var unheard = LottieNotes()
                    unheard.perDimensionEasing = notes.perDimensionEasing
                    values.append(Value.decode(item, at: "\(path)[\(index)]", notes: &unheard))
                    for refusal in unheard.refusals { notes.refuse(refusal.message, at: refusal.path) }
                } else {
                    values.append(Value.decode(item, at: "\(path)[\(index)]", notes: &notes))
                }
            }
            object[keyPath: property] = values
        }, encode: { object in object[keyPath: property].map { .array($0.map(\.json)) } })
    }
}

/// How a flag is written: `1` or `true`.
enum FlagSpelling: Sendable {
    case number
    case bool

    var json: JSONText { self == .number ? .number(1) : .bool(true) }
}
