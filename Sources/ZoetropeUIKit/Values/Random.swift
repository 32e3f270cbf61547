import ZoetropeCore

/// Mirrors `arc4random_uniform(_:)`, made deterministic: a film's frames are a pure function of
/// its calls, so UIKit code that picks at random picks the same on every run. The numbers come
/// from the random sequence of the film whose call is running (`Film.random`: a call made by
/// `film.at`, a gesture or a completion the film runs, `film.show`), so two films in one
/// process each draw their own sequence, whatever the other does. Outside a film's call there
/// is no sequence to draw from: it stops the program, naming the film calls that give one.
/// Glibc's own `arc4random_uniform` (truly random) is shadowed by this one in code that imports
/// ZoetropeUIKit.
@MainActor
public func arc4random_uniform(_ upperBound: UInt32) -> UInt32 {
    guard let film = Film.running else {
        fatalError("Zoetrope: arc4random_uniform draws from a film's random sequence: call it inside film.at(_:_:), a gesture or a completion the film runs, or use film.random.next(below:)")
    }
    return film.random.next(below: upperBound)
}

/// A film's source of `arc4random_uniform`: a SplitMix64 generator started from a fixed seed
/// (`seed(_:)` restarts it), after the values a program puts in `scripted` to fix particular
/// picks. Each film has its own (`Film.random`), so its picks do not depend on other films.
@MainActor
public final class Random {
    /// The seed every film's sequence starts from.
    public static let defaultSeed: UInt64 = 0x5A4F_4554_524F_5045

    private var state: UInt64
    /// Values `arc4random_uniform` returns next, before the generator's (each taken modulo the bound).
    public var scripted: [UInt32] = []

    /// A sequence started from `seed`.
    public init(seed: UInt64 = Random.defaultSeed) {
        state = seed
    }

    /// Restarts the generator from `seed` (the scripted values stay).
    public func seed(_ seed: UInt64) {
        state = seed
    }

    /// The next number below `upperBound` (0 for a bound of 0, as `arc4random_uniform` returns).
    public func next(below upperBound: UInt32) -> UInt32 {
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
