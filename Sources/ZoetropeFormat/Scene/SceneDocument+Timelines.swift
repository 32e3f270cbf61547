import ZoetropeCore

extension SceneDocument {
    /// A timeline as written, before its children are placed.
    struct TimelineSpec {
        var id: String
        var timeScale: Double
        var children: [TimelineChild]
        var completions: [Completion]
        var path: DocumentPath
        /// Its playhead's timing and flags (members are placed later).
        var playhead: GroupDefinition
    }

    /// `{ id, timeScale, children: […], completions: […] }`.
    func readTimeline(_ node: DocumentNode, at path: DocumentPath, id: String, context: ReferenceContext) -> TimelineSpec? {
        guard reader.mapping(node, at: path, allowed: SceneVocabulary.timeline.names) != nil else {
            return nil
        }
        var spec = TimelineSpec(id: id, timeScale: 1, children: [], completions: [], path: path,
                                playhead: GroupDefinition(id: id, kind: .timeline, members: []))
        readPlayhead(node, at: path, into: &spec.playhead)
        if let scale = node["timeScale"] {
            spec.timeScale = reader.number(scale, at: path / "timeScale", where: { $0 > 0 && $0 <= 1000 }, expected: "within 0 < timeScale <= 1000") ?? 1
        }
        guard let childrenNode = node["children"], let items = reader.sequence(childrenNode, at: path / "children", of: "children") else {
            if node["children"] == nil { reader.report(path / "children", "required: the timeline's children") }
            return nil
        }
        spec.children = items.enumerated().compactMap { readTimelineChild($1, at: path / "children" / $0, context: context) }
        if let completions = node["completions"] {
            spec.completions = (reader.sequence(completions, at: path / "completions", of: "completions") ?? [])
                .enumerated().compactMap { readCompletion($1, at: path / "completions" / $0, context: context) }
        }
        return spec
    }

    private func readTimelineChild(_ node: DocumentNode, at path: DocumentPath, context: ReferenceContext) -> TimelineChild? {
        let kinds = SceneVocabulary.timelineChildKinds
        guard reader.mapping(node, at: path, allowed: SceneVocabulary.timelineChild.names) != nil else { return nil }
        let present = kinds.filter { node[$0] != nil }
        guard present.count == 1, let kind = present.first, let value = node[kind] else {
            reader.report(path, "a child is one of animator, group, timeline, label or stagger (found \(present.isEmpty ? "none" : present.joined(separator: ", ")))")
            return nil
        }
        var position = TimelinePosition.append
        if let node = node["position"] {
            let text: String?
            if case .scalar(let value, _, _) = node { text = value } else { text = nil }
            guard let text, let parsed = TimelinePosition(parsing: text) else {
                reader.report(path / "position", "expected a position: seconds, \"+=x\", \"-=x\", \"<\", \">\", \"<0.2\", a label or \"label+=x\" (found \(node.kindPhrase))")
                return nil
            }
            position = parsed
        }
        if node["members"] != nil && kind != "stagger" { reader.report(path / "members", "members belong to a stagger") }
        switch kind {
        case "label":
            return reader.string(value, at: path / kind).map { .label($0, position: position) }
        case "stagger":
            guard let spec = node["stagger"], let pairs = reader.mapping(spec, at: path / "stagger", allowed: SceneVocabulary.stagger.names) else { return nil }
            let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            let spacing: Stagger.Spacing
            switch (fields["each"], fields["amount"]) {
            case let (each?, nil): spacing = .each(reader.nonNegative(each, at: path / "stagger" / "each") ?? 0)
            case let (nil, amount?): spacing = .amount(reader.nonNegative(amount, at: path / "stagger" / "amount") ?? 0)
            default:
                reader.report(path / "stagger", "give exactly one of each (seconds between members) or amount (seconds in all)")
                return nil
            }
            let from = fields["from"].flatMap { reader.choice($0, at: path / "stagger" / "from", of: Stagger.Origin.self) } ?? .start
            guard let membersNode = node["members"], let items = reader.sequence(membersNode, at: path / "members", of: "member ids") else {
                if node["members"] == nil { reader.report(path / "members", "required: the ids the stagger spreads") }
                return nil
            }
            let targets = items.enumerated().compactMap { index, item -> Int? in
                guard let id = reader.string(item, at: path / "members" / index) else { return nil }
                guard let target = context.animatorIndex(id) else {
                    reader.report(path / "members" / index, "unknown member \"\(id)\" (\(context.animatorList(near: id)))")
                    return nil
                }
                return target
            }
            guard targets.count == items.count else { return nil }
            return .stagger(targets: targets, stagger: Stagger(spacing: spacing, from: from), position: position)
        default:
            guard let id = reader.string(value, at: path / kind) else { return nil }
            guard let target = context.animatorIndex(id), context.kind(of: target) == kind else {
                reader.report(path / kind, "unknown \(kind) \"\(id)\" (\(context.animatorList(near: id)))")
                return nil
            }
            return .member(target: target, position: position)
        }
    }

    /// Places every timeline's children (durations may depend on other timelines) and returns
    /// them as groups with a time scale, after the scene's own groups.
    func resolveTimelines(_ specs: [TimelineSpec], animators: [AnimatorDefinition], groups: [GroupDefinition],
                          context: ReferenceContext, at path: DocumentPath) -> [GroupDefinition] {
        let firstTimeline = animators.count + groups.count
        func references(_ spec: TimelineSpec) -> [Int] {
            spec.children.flatMap { child -> [Int] in
                switch child {
                case .member(let target, _): [target]
                case .stagger(let targets, _, _): targets
                case .label: []
                }
            }
        }
        // Cycles first, over groups and timelines together, so durations are well defined.
        let graph = groups.map { $0.members.map(\.target) } + specs.map(references)
        let cyclic = cyclicNodes(graph, offset: animators.count)
        for index in cyclic where index >= groups.count {
            reader.report(path / (index - groups.count) / "children",
                          "timeline \"\(specs[index - groups.count].id)\" contains itself (through its children); timelines must not form cycles")
        }
        guard cyclic.isEmpty else { return [] }
        var resolved: [Int: GroupDefinition] = [:]
        func group(_ index: Int) -> GroupDefinition {
            if let done = resolved[index] { return done }
            let spec = specs[index]
            var members: [GroupDefinition.Member] = []
            do {
                members = try TimelineLayout.resolve(spec.children) { target in duration(target) }.members
            } catch {
                reader.report(spec.path / "children" / error.child / "position", "unknown label \"\(error.name)\" (a label must be placed before it is used)")
            }
            var definition = spec.playhead
            definition.members = members
            definition.completions = spec.completions
            definition.timeScale = spec.timeScale
            resolved[index] = definition
            return definition
        }
        func duration(_ target: Int) -> Double {
            if target < firstTimeline {
                return GroupDefinition.axisDuration(of: target, animators: animators, groups: groups)
            }
            let timeline = group(target - firstTimeline)
            let local = timeline.members.map { $0.delay + duration($0.target) }.max() ?? 0
            return local / timeline.timeScale
        }
        return specs.indices.map(group)
    }

    /// The nodes (group or timeline indices) that reach themselves through membership.
    func cyclicNodes(_ graph: [[Int]], offset: Int) -> [Int] {
        graph.indices.filter { start in
            var stack = graph[start], visited: Set<Int> = []
            while let target = stack.popLast() {
                let node = target - offset
                guard node >= 0, node < graph.count, visited.insert(node).inserted else { continue }
                if node == start { return true }
                stack += graph[node]
            }
            return false
        }
    }
}
