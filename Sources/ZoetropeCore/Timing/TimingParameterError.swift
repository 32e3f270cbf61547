/// A timing parameter outside its valid range, named so a message can say which one.
public struct TimingParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter's name as the user wrote it: `x1`, `mass`, `dampingRatio`, …
    public var parameter: String
    /// What would have been valid: "within 0...1", "> 0", …
    public var expected: String
    /// The value that was given.
    public var found: Double

    public init(parameter: String, expected: String, found: Double) {
        self.parameter = parameter
        self.expected = expected
        self.found = found
    }

    public var description: String { "\(parameter) must be \(expected) (found \(found))" }
}
