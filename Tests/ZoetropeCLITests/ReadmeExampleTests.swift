import Foundation
import Testing

/// The README's examples print what they say they print (issue 27, item 2: its first visual-test
/// example recorded 121 goldens where its text showed 5 frames).
@Suite struct ReadmeExampleTests {
    /// The commands of the first `sh` block under `heading`, each with the lines it prints.
    static func example(under heading: String) throws -> [(arguments: [String], output: [String])] {
        let readme = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: heading)).upperBound
        let start = try #require(readme.range(of: "```sh\n", range: section..<readme.endIndex)).upperBound
        let end = try #require(readme.range(of: "\n```", range: start..<readme.endIndex)).lowerBound
        var steps: [(arguments: [String], output: [String])] = []
        for line in readme[start..<end].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ zoetrope ") {
                let command = line.dropFirst("$ zoetrope ".count).split(separator: "#", maxSplits: 1)[0]
                steps.append((command.split(separator: " ").map(String.init), []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].output.append(String(line))
            }
        }
        return steps
    }

    @Test func theVisualTestExamplePrintsWhatItShows() throws {
        let steps = try Self.example(under: "### `zoetrope test [SCENE…]`")
        #expect(steps.count == 2)
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("scenes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CommandRunner.packageRoot.appendingPathComponent("scenes/frog.yaml").path,
                                         toPath: folder.path("scenes/frog.yaml"))
        for step in steps {
            // Goldens are recorded here as on a developer's machine, not in CI.
            let result = try CommandRunner.run(step.arguments, in: folder.url, environment: ["CI": ""])
            #expect(result.stdout.split(separator: "\n").map(String.init) == step.output, "zoetrope \(step.arguments.joined(separator: " ")): \(result.stdout)\(result.stderr)")
        }
        let goldens = try FileManager.default.contentsOfDirectory(atPath: folder.path("goldens/frog")).filter { $0.hasSuffix(".png") }
        #expect(goldens.count == 5)
    }
}
