import FoundationEssentials

/// The scene files a command works on: the given ones, or every scene in `scenes/`.
enum SceneFiles {
    static let extensions = ["yaml", "yml", "json"]

    static func resolve(_ given: [String]) -> [String] {
        guard given.isEmpty else { return given }
        // A missing scenes/ folder simply holds no scenes; the caller reports that.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "scenes")) ?? []
        return names.filter { name in extensions.contains { name.hasSuffix("." + $0) } && !name.hasPrefix(".") }
            .sorted()
            .map { "scenes/" + $0 }
    }
}
