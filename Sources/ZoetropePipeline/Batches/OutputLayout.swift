/// Where commands write when no folder is given: one place that builds `output/<scene>`.
public enum OutputLayout {
    /// The folder every command's default output lives under.
    public static let root = "output"

    /// `output/<scene>`: a scene's frames, and beside them its sheet, plot and sweeps.
    public static func folder(ofScene name: String) -> String { root + "/" + name }
}
