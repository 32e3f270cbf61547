import Testing
import ZoetropeCore
@testable import ZoetropeFormat

/// Group cycles come from Core's one check (`GroupDefinition.cycles(in:)`): the reader reports
/// each group or timeline of a cycle once, with the words Swift code gets from the same groups.
@Suite struct GroupCycleTests {
    private func problems(_ text: String) -> [String] {
        do {
            _ = try SceneLoader.parse(Array(text.utf8), file: "scenes/test.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    private static let base = """
        canvas: { size: [100, 100] }
        layers: [ { id: box, size: [10, 10] } ]
        animators: [ { id: a, duration: 1, animations: [ { set: { box.opacity: 0 } } ] } ]

        """

    @Test func aCycleOfGroupsReadsAsSwiftReportsIt() {
        let found = problems(Self.base + """
            groups:
              - { id: g, members: [a, h] }
              - { id: h, members: [g] }
            """)
        let swift = GroupDefinition.cycles(in: [
            GroupDefinition(id: "g", members: [.init(target: .animator(0)), .init(target: .group(1))]),
            GroupDefinition(id: "h", members: [.init(target: .group(0))]),
        ])
        #expect(swift.map(\.group) == [0, 1])
        #expect(found == [
            "scenes/test.yaml: groups[g].members: \(swift[0])",
            "scenes/test.yaml: groups[h].members: \(swift[1])",
        ])
        #expect(found.first == "scenes/test.yaml: groups[g].members: group \"g\" contains itself (through its members); groups must not form cycles")
    }

    @Test func aCycleThroughAGroupAndATimelineNamesEachOnce() {
        let found = problems(Self.base + """
            groups:
              - { id: g, members: [a, t] }
            timelines:
              - { id: t, children: [ { group: g } ] }
            """)
        let swift = GroupDefinition.cycles(in: [
            GroupDefinition(id: "g", members: [.init(target: .animator(0)), .init(target: .group(1))]),
            GroupDefinition(id: "t", kind: .timeline, members: [.init(target: .group(0))]),
        ])
        #expect(found == [
            "scenes/test.yaml: groups[g].members: \(swift[0])",
            "scenes/test.yaml: timelines[t].children: \(swift[1])",
        ])
        #expect(swift[1].description == "timeline \"t\" contains itself (through its children); timelines must not form cycles")
    }

    @Test func aGroupThatHoldsItselfIsOneCycle() {
        let found = problems(Self.base + "groups:\n  - { id: g, members: [g, g] }\n")
        #expect(found == ["scenes/test.yaml: groups[g].members: group \"g\" contains itself (through its members); groups must not form cycles"])
    }
}
