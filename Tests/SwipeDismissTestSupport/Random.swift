import Foundation

/// A small, fast, seedable generator (SplitMix64): a fixed seed gives the same sequence on
/// every machine, so a random case is reproducible from its seed.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose first output is SplitMix64's first for `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1 from the next output's top 53 bits.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A whole number in 0..<`count` (the next output modulo `count`; `count` > 0).
    package mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
}

/// How many cases a fuzz test runs and from which seed.
///
/// `make test` runs the fixed defaults; `make fuzz` sets `SWIPEDISMISS_FUZZ_CASES` (10⁶) and
/// `SWIPEDISMISS_FUZZ_SEED` (random) so a long run explores new ground, and every failure
/// message names the seed that reproduces it.
package struct FuzzBudget {
    /// How many cases to run (at least 1).
    package let cases: Int
    /// The run's seed, from which every case's seed follows.
    package let seed: UInt64

    /// The budget the environment asks for, else `defaultCases` from `defaultSeed`.
    package static func current(
        defaultCases: Int, defaultSeed: UInt64 = 0x5EED_D15A_155E_0001
    ) -> FuzzBudget {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["SWIPEDISMISS_FUZZ_CASES"].flatMap { Int($0) } ?? defaultCases
        let seed = environment["SWIPEDISMISS_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed
        return FuzzBudget(cases: max(1, cases), seed: seed)
    }

    /// The seed of case `index`: each case can be replayed alone from it.
    package func seed(ofCase index: Int) -> UInt64 {
        var generator = SplitMix64(
            seed: seed ^ UInt64(truncatingIfNeeded: index) &* 0x2545_F491_4F6C_DD1D)
        return generator.next()
    }
}
