import ZoetropeCore

/// Mirrors `arc4random_uniform(_:)`, made deterministic: a film's frames are a pure function of
/// its calls, so UIKit code that picks at random picks the same on every run. The numbers come
/// from a fixed-seed SplitMix64 generator (`Random.seed` restarts it); a program that wants
/// particular picks sets `Random.scripted`, which is used up first. Glibc's own
/// `arc4random_uniform` (truly random) is shadowed by this one in code that imports
/// ZoetropeUIKit.
public func arc4random_uniform(_ upperBound: UInt32) -> UInt32 {
    Random.next(below: upperBound)
}

/// The film's source of `arc4random_uniform`.
public enum Random {
    nonisolated(unsafe) private static var state: UInt64 = 0x5A4F_4554_524F_5045
    /// Values `arc4random_uniform` returns next, before the generator's (each taken modulo the bound).
    nonisolated(unsafe) public static var scripted: [UInt32] = []

    /// Restarts the generator from `seed`.
    public static func seed(_ seed: UInt64) {
        state = seed
    }

    static func next(below upperBound: UInt32) -> UInt32 {
        guard upperBound > 0 else { return 0 }
        if !scripted.isEmpty { return scripted.removeFirst() % upperBound }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return UInt32(z % UInt64(upperBound))
    }
}
