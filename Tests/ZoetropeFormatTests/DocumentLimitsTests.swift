import Testing
@testable import ZoetropeFormat
import ZoetropeCore

@Suite struct DocumentLimitsTests {
    @Test func anchorsCountAsTheirExpandedSize() throws {
        // 10 nodes in a0, 91 in a1; the root mapping, its keys and two aliases of a1: under the limit.
        let node = try DocumentNode.parse("a0: &a0 [x, x, x, x, x, x, x, x, x]\na1: &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]\nb: [*a1, *a1]\n")
        guard case .sequence(let items, _)? = node["b"], case .sequence(let inner, _) = items[0] else {
            Issue.record("b is not a list of lists")
            return
        }
        #expect(items.count == 2 && inner.count == 9)
    }

    @Test func aDocumentPastTheNodeLimitNamesTheLineWhereItCrossed() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 { text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n" }
        do {
            _ = try DocumentNode.parse(text)
            Issue.record("parsed a document of over 40 million nodes")
        } catch {
            #expect(error.message == "the document expands to more than \(SceneLimits.documentNodes) nodes (YAML aliases)")
            // a6 (line 7) alone expands to 5,380,840 nodes.
            #expect(error.mark?.line == 7)
        }
    }

    @Test func aSetKeyResolvesTheLongestDottedKeyOfAMapping() throws {
        let root = try DocumentNode.parse("animators: [ { id: m, animations: [ { set: { a.position: [1, 2] } } ] } ]")
        let override = SceneOverride(key: "animators.m.animations.0.set.a.position", value: "[3, 4]")
        guard case .success(let result) = root.applying(override) else {
            Issue.record("the override did not apply")
            return
        }
        guard case .sequence(let animators, _)? = result.node["animators"],
              case .sequence(let blocks, _)? = animators.first?["animations"], let set = blocks.first?["set"] else {
            Issue.record("the document lost its shape")
            return
        }
        // Written at the dotted key itself, not at a new `a` mapping holding `position`.
        #expect(set["a.position"] == (try DocumentNode.parse("[3, 4]")))
        #expect(set["a"] == nil)
    }

    @Test func aSetKeyPastTheSegmentLimitIsASyntaxError() {
        let key = Array(repeating: "a", count: SceneLimits.keySegments + 1).joined(separator: ".")
        #expect(throws: OverrideSyntaxError.self) { try SceneOverride(parsing: key + "=1") }
        #expect((try? SceneOverride(parsing: Array(repeating: "a", count: SceneLimits.keySegments).joined(separator: ".") + "=1")) != nil)
    }
}
