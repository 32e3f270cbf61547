/// The JSON Schema (draft-07, what yaml-language-server and VS Code's YAML support read) of scene
/// files, written from `SceneVocabulary`: the tables the reader checks keys against.
public enum SceneSchema {
    /// The schema as indented JSON text, ending in a newline.
    public static var text: String {
        var definitions: [(key: String, value: JSONText)] = []
        for mapping in SceneVocabulary.all.dropFirst().sorted(by: { $0.name < $1.name }) {
            definitions.append((mapping.name, schema(of: mapping)))
        }
        guard case .object(let root) = schema(of: SceneVocabulary.root) else { return "" }
        let document = JSONText.object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("Zoetrope scene")),
        ] + root + [("definitions", .object(definitions))])
        return document.printed() + "\n"
    }

    private static func schema(of mapping: SceneVocabulary.Mapping) -> JSONText {
        var fields: [(key: String, value: JSONText)] = [("type", .string("object")), ("description", .string(mapping.help))]
        fields.append(("properties", .object(mapping.keys.map { key in
            var value = schema(of: key.value)
            if !key.help.isEmpty, case .object(let pairs) = value { value = .object([("description", .string(key.help))] + pairs) }
            return (key.name, value)
        })))
        let required = mapping.keys.filter(\.required).map { JSONText.string($0.name) }
        if !required.isEmpty { fields.append(("required", .array(required))) }
        // A gradient and a timing curve are exactly one of their keys.
        if ["gradient"].contains(mapping.name) { fields += [("minProperties", .number(1)), ("maxProperties", .number(1))] }
        fields.append(("additionalProperties", .bool(false)))
        return .object(fields)
    }

    private static func schema(of value: SceneVocabulary.Value) -> JSONText {
        switch value {
        case let .number(minimum, maximum, exclusive):
            var fields: [(key: String, value: JSONText)] = [("type", .string("number"))]
            if let minimum { fields.append((exclusive ? "exclusiveMinimum" : "minimum", .number(minimum))) }
            if let maximum { fields.append(("maximum", .number(maximum))) }
            return .object(fields)
        case .string: return .object([("type", .string("string"))])
        case .bool: return .object([("type", .string("boolean"))])
        case .choice(let names): return .object([("enum", .array(names.map(JSONText.string)))])
        case .pattern(let pattern): return .object([("type", .string("string")), ("pattern", .string(pattern))])
        case let .pair(minimum, maximum):
            return .object([("type", .string("array")), ("items", schema(of: .number(minimum: minimum, maximum: maximum))),
                            ("minItems", .number(2)), ("maxItems", .number(2))])
        case let .list(item, minimumCount, maximumCount):
            var fields: [(key: String, value: JSONText)] = [("type", .string("array")), ("items", schema(of: item))]
            if minimumCount > 0 { fields.append(("minItems", .number(Double(minimumCount)))) }
            if let maximumCount { fields.append(("maxItems", .number(Double(maximumCount)))) }
            return .object(fields)
        case .tuple(let items):
            return .object([("type", .string("array")), ("items", .array(items.map(schema(of:)))),
                            ("minItems", .number(Double(items.count))), ("maxItems", .number(Double(items.count))), ("additionalItems", .bool(false))])
        case .mapping(let name): return .object([("$ref", .string("#/definitions/" + name))])
        case .assignments:
            return .object([("type", .string("object")), ("description", .string("layer.property: value, such as frog.position: [200, 300]")),
                            ("minProperties", .number(1)), ("propertyNames", .object([("pattern", .string("^[^.\\s]+(\\.[A-Za-z]+)+$"))]))])
        case .anyOf(let options): return .object([("anyOf", .array(options.map(schema(of:))))])
        case .any: return .object([])
        }
    }
}
