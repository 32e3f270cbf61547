internal import CYaml
import ZoetropeCore

/// Measures a YAML text before it is composed: how many nodes it holds once every alias is
/// expanded, and how deep it nests, from libyaml's event stream (the C library Yams vendors).
///
/// Yams' composer shares an anchored node among its aliases, but everything after it walks the
/// expanded tree (the conversion to `DocumentNode`, and Yams' own duplicate-key check, which
/// hashes mapping keys recursively), so 600 bytes of nested aliases would cost 10¹¹ nodes. The
/// events carry each anchor and alias, so the expanded size of every anchored node is known in
/// one pass of memory proportional to the anchors, before anything expands.
///
/// Alternatives rejected: counting while converting (too late: Yams' duplicate-key check of an
/// alias used as a mapping key has already blown up inside `compose`), and refusing aliases
/// (an anchor reused a few times is ordinary YAML).
enum DocumentExpansion {
    /// Throws when `text` expands past `SceneLimits.documentNodes` nodes or nests deeper than
    /// `SceneLimits.documentDepth`, naming the line where the limit is crossed. Text libyaml
    /// cannot parse passes: Yams reports its syntax error with the usual message.
    static func check(_ text: String) throws(DocumentSyntaxError) {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return }
        let problem = bytes.withUnsafeMutableBufferPointer { buffer -> DocumentSyntaxError? in
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
            defer {
                parser.deallocate()
                event.deallocate()
            }
            guard yaml_parser_initialize(parser) == 1 else { return nil }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var measure = Measure()
            while yaml_parser_parse(parser, event) == 1 {
                defer { yaml_event_delete(event) }
                let type = event.pointee.type
                if type == YAML_STREAM_END_EVENT { break }
                let mark = DocumentMark(line: Int(event.pointee.start_mark.line) + 1,
                                        column: Int(event.pointee.start_mark.column) + 1)
                let verdict: Measure.Verdict
                switch type {
                case YAML_SCALAR_EVENT:
                    verdict = measure.leaf(nodes: 1, depth: 1, anchor: Self.name(event.pointee.data.scalar.anchor))
                case YAML_ALIAS_EVENT:
                    measure.hasAliases = true
                    let size = Self.name(event.pointee.data.alias.anchor).flatMap { measure.anchors[$0] } ?? (1, 1)
                    verdict = measure.leaf(nodes: size.nodes, depth: size.depth, anchor: nil)
                case YAML_SEQUENCE_START_EVENT:
                    verdict = measure.open(anchor: Self.name(event.pointee.data.sequence_start.anchor))
                case YAML_MAPPING_START_EVENT:
                    verdict = measure.open(anchor: Self.name(event.pointee.data.mapping_start.anchor))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    verdict = measure.close()
                default:
                    verdict = .fine
                }
                switch verdict {
                case .fine: continue
                case .tooMany:
                    return DocumentSyntaxError(mark: mark, message: measure.hasAliases
                        ? "the document expands to more than \(SceneLimits.documentNodes) nodes (YAML aliases)"
                        : "the document has more than \(SceneLimits.documentNodes) nodes")
                case .tooDeep:
                    return DocumentSyntaxError(mark: mark, message: "the document nests deeper than \(SceneLimits.documentDepth) levels")
                }
            }
            return nil
        }
        if let problem { throw problem }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }

    /// The running count: the open collections (each with its nodes so far, its deepest child
    /// and its anchor), and the expanded size of every anchor seen.
    private struct Measure {
        enum Verdict { case fine, tooMany, tooDeep }

        struct Open {
            var nodes: Int
            var depth: Int
            var anchor: String?
        }

        var open: [Open] = []
        /// Nodes (expanded) met so far: every scalar and collection, an alias as its anchor's size.
        var closed = 0
        var anchors: [String: (nodes: Int, depth: Int)] = [:]
        /// An alias has been met (so a count past the limit is the aliases' doing).
        var hasAliases = false

        mutating func open(anchor: String?) -> Verdict {
            open.append(Open(nodes: 1, depth: 1, anchor: anchor))
            guard open.count <= SceneLimits.documentDepth else { return .tooDeep }
            return count(1)
        }

        mutating func close() -> Verdict {
            guard let node = open.popLast() else { return .fine }
            return finish(nodes: node.nodes, depth: node.depth, anchor: node.anchor)
        }

        mutating func leaf(nodes: Int, depth: Int, anchor: String?) -> Verdict {
            if case .tooMany = count(nodes) { return .tooMany }
            return finish(nodes: nodes, depth: depth, anchor: anchor)
        }

        /// Adds `nodes` to the document's total (the open collections and every closed node).
        private mutating func count(_ nodes: Int) -> Verdict {
            closed = Int.saturatingSum(closed, nodes)
            return closed > SceneLimits.documentNodes ? .tooMany : .fine
        }

        /// A node is complete: its anchor remembers its size, its parent takes it in.
        private mutating func finish(nodes: Int, depth: Int, anchor: String?) -> Verdict {
            if let anchor { anchors[anchor] = (nodes, depth) }
            guard !open.isEmpty else { return .fine }
            open[open.count - 1].nodes = Int.saturatingSum(open[open.count - 1].nodes, nodes)
            open[open.count - 1].depth = max(open[open.count - 1].depth, depth + 1)
            // The parent is at depth open.count, so the node's deepest level is below it.
            return open.count + depth > SceneLimits.documentDepth ? .tooDeep : .fine
        }
    }
}
