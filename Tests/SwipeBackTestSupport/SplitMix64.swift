// SPDX-License-Identifier: Apache-2.0
/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a
/// small seeded generator, so a test makes the same values on every run and a failure names a
/// seed that reproduces it. Shared by the test targets (property tests, mutants, pixel kernels).
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's state; the seed at first.
    public private(set) var state: UInt64

    /// A generator starting from `seed` (any value).
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
