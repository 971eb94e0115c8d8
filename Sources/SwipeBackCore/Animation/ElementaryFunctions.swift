// SPDX-License-Identifier: Apache-2.0
// exp, sin and cos for the springs, in the standard library alone: the core target imports
// nothing else, and Swift's standard library has no elementary functions. Cody-Waite
// range reduction and Taylor series; tested against the C library's functions to 1e-14 relative
// over the ranges springs use (ElementaryFunctionsTests).

/// ln 2 split so that `k * ln2High` is exact for |k| < 2^20 (Cody-Waite).
private let ln2High = 0.693_147_180_369_123_816_49
private let ln2Low = 1.908_214_929_270_587_700_02e-10
/// pi/2 split the same way.
private let halfPiHigh = 1.570_796_326_734_125_614_17
private let halfPiLow = 6.077_100_506_506_192_249_88e-11

/// e^x.
func exponential(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x < -745.2 { return 0 }
    if x > 709.7 { return .infinity }
    let k = (x / ln2High).rounded()
    let r = (x - k * ln2High) - k * ln2Low // |r| <= ln2/2
    var term = 1.0, sum = 1.0
    for n in 1...27 {
        term *= r / Double(n)
        sum += term
    }
    // Scale by 2^k in two steps so that subnormal results do not underflow early.
    let half = Int(k) / 2
    return sum * Double(sign: .plus, exponent: half, significand: 1) * Double(sign: .plus, exponent: Int(k) - half, significand: 1)
}

private func reduceHalfPi(_ x: Double) -> (r: Double, quadrant: Int) {
    let k = (x / halfPiHigh).rounded()
    let r = (x - k * halfPiHigh) - k * halfPiLow
    let q = Int(k.truncatingRemainder(dividingBy: 4))
    return (r, (q + 4) % 4)
}

private func sinSeries(_ r: Double) -> Double {
    var term = r, sum = r
    let r2 = r * r
    for n in stride(from: 2, through: 26, by: 2) {
        term *= -r2 / Double(n * (n + 1))
        sum += term
    }
    return sum
}

private func cosSeries(_ r: Double) -> Double {
    var term = 1.0, sum = 1.0
    let r2 = r * r
    for n in stride(from: 1, through: 25, by: 2) {
        term *= -r2 / Double(n * (n + 1))
        sum += term
    }
    return sum
}

/// sin x, for |x| up to about 1e6.
func sine(_ x: Double) -> Double {
    let (r, q) = reduceHalfPi(x)
    switch q {
    case 0: return sinSeries(r)
    case 1: return cosSeries(r)
    case 2: return -sinSeries(r)
    default: return -cosSeries(r)
    }
}

/// cos x, for |x| up to about 1e6.
func cosine(_ x: Double) -> Double {
    let (r, q) = reduceHalfPi(x)
    switch q {
    case 0: return cosSeries(r)
    case 1: return -sinSeries(r)
    case 2: return -cosSeries(r)
    default: return sinSeries(r)
    }
}
