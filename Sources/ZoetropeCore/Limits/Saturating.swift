/// The one way a Double becomes an Int in Zoetrope: no conversion can trap.
///
/// `Int(someDouble)` traps on NaN, infinities and values past Int's range (SIGILL). Every
/// conversion goes through `Int(saturating:rounding:)` instead (a test greps Sources for any
/// other), and counts are multiplied with `Int.saturatingProduct`.
extension Int {
    /// `value` rounded by `rule`, clamped to Int's range; NaN is 0.
    @inlinable
    public init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        let rounded = value.rounded(rule)
        if rounded.isNaN {
            self = 0
        } else if rounded >= 9_223_372_036_854_775_808.0 {
            self = .max
        } else if rounded < -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(rounded)
        }
    }

    /// `a × b`, or Int.max (Int.min) where the product would overflow.
    @inlinable
    public static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard overflow else { return product }
        return (a < 0) == (b < 0) ? .max : .min
    }

    /// `a + b`, clamped to Int's range.
    @inlinable
    public static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }
}

extension Int32 {
    /// `value` rounded by `rule`, clamped to Int32's range; NaN is 0.
    @inlinable
    public init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        self = Int32(clamping: Int(saturating: value, rounding: rule))
    }
}
