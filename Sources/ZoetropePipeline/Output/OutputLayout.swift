/// Where the commands write when not told: `output/<scene>/` for a scene's frames, its sheet,
/// plot and viewer; `output/test-report` for `test`'s report. The one place these paths are made.
public enum OutputLayout {
    /// The folder every default output goes under.
    public static let root = "output"

    /// `output/<scene>`: the folder of a scene's frames (and its `sheet.png`, `plot.png`,
    /// `index.html`). `scene` is the scene's name, already checked to name a folder.
    public static func folder(forScene scene: String) -> String { root + "/" + scene }

    /// `output/<scene>/<file>`, such as `output/frog/plot.png`.
    public static func file(_ name: String, forScene scene: String) -> String { folder(forScene: scene) + "/" + name }

    /// `output/test-report`: `test`'s report folder.
    public static let testReport = root + "/test-report"
}
