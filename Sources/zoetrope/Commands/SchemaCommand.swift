import ArgumentParser
import ZoetropeFormat

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft-07) of scene files.",
        discussion: """
            Written from the tables the scene reader checks keys against, so the two cannot \
            drift. docs/scene.schema.json is this output; editors with yaml-language-server (VS \
            Code's YAML support) use it through a first line such as \
            "# yaml-language-server: $schema=../docs/scene.schema.json". The schema checks \
            structure (keys, types, ranges); zoetrope validate also checks references, such as \
            an animator naming a layer that does not exist.

            Example:
              $ zoetrope schema > docs/scene.schema.json
            """
    )

    func run() throws {
        print(SceneSchema.text, terminator: "")
    }
}
