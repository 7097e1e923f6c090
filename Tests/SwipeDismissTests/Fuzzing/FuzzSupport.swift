import Foundation

/// A small, fast, seedable generator (SplitMix64), so a fuzz case is reproducible from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How many cases a fuzz test runs and from which seed.
///
/// `make test` runs the fixed defaults; `make fuzz` sets `SWIPEDISMISS_FUZZ_CASES` (10⁶) and
/// `SWIPEDISMISS_FUZZ_SEED` (random) so a long run explores new ground, and every failure
/// message names the seed that reproduces it.
struct FuzzBudget {
    let cases: Int
    let seed: UInt64

    static func current(defaultCases: Int, defaultSeed: UInt64 = 0x5EED_D15A_155E_0001)
        -> FuzzBudget
    {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["SWIPEDISMISS_FUZZ_CASES"].flatMap { Int($0) } ?? defaultCases
        let seed = environment["SWIPEDISMISS_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed
        return FuzzBudget(cases: max(1, cases), seed: seed)
    }

    /// The seed of case `index`: each case can be replayed alone from it.
    func seed(ofCase index: Int) -> UInt64 {
        var generator = SplitMix64(
            seed: seed ^ UInt64(truncatingIfNeeded: index) &* 0x2545_F491_4F6C_DD1D)
        return generator.next()
    }
}
