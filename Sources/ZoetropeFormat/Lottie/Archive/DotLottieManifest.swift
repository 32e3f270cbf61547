/// What a dotLottie archive's `manifest.json` says: its animations, the one a player shows
/// first, and its themes. Version 1 keeps animations under `animations/` and images under
/// `images/`; version 2 (`"version": "2"`) under `a/` and `i/`, themes under `t/`.
struct DotLottieManifest: Sendable, Equatable {
    /// An animation the archive holds, with what the manifest says of its playback.
    struct Animation: Sendable, Equatable {
        var id: String
        /// The theme a player applies when it shows this animation (version 2's `initialTheme`).
        var initialTheme: String?
        /// The playback rate a player gives it (version 1's `speed`); nil when unsaid.
        var speed: Double?
    }

    /// 1 or 2.
    var version: Int
    var animations: [Animation]
    /// Theme ids, in the manifest's order.
    var themes: [String]
    /// The animation a player shows when none is asked for: version 2's `initial.animation`,
    /// version 1's `activeAnimationId`, else the first listed.
    var initialAnimation: String?

    /// The manifest `json` says; nil when it is not a manifest (no list of animations).
    init?(_ json: JSONValue) {
        guard let listed = json["animations"]?.array else { return nil }
        version = json["version"]?.string.map { $0 == "2" || $0.hasPrefix("2.") } == true ? 2 : 1
        animations = listed.compactMap { item in
            guard let id = item["id"]?.string, !id.isEmpty else { return nil }
            let speed = item["speed"]?.number.flatMap { $0 > 0 ? $0 : nil }
            return Animation(id: id, initialTheme: item["initialTheme"]?.string ?? item["defaultTheme"]?.string, speed: speed)
        }
        themes = (json["themes"]?.array ?? []).compactMap { $0["id"]?.string ?? $0.string }
        let named = json["initial"]?["animation"]?.string ?? json["activeAnimationId"]?.string
        initialAnimation = named.flatMap { name in animations.contains { $0.id == name } ? name : nil } ?? animations.first?.id
    }

    /// Where the archive keeps the animation `id`'s JSON.
    func animationEntry(_ id: String) -> String { version == 2 ? "a/\(id).json" : "animations/\(id).json" }

    /// Where the archive keeps the theme `id`.
    func themeEntry(_ id: String) -> String { version == 2 ? "t/\(id).json" : "themes/\(id).json" }

    func animation(_ id: String) -> Animation? { animations.first { $0.id == id } }
}
