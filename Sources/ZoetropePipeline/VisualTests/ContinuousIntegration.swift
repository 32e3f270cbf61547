/// Whether the process runs on CI, where `test` never writes goldens.
public enum ContinuousIntegration {
    /// True when `CI` is set to anything but empty, `0` or `false` (any case), as CI services set it.
    public static func isActive(environment: [String: String]) -> Bool {
        let value = environment["CI"] ?? ""
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }
}
