// SPDX-License-Identifier: Apache-2.0
/// Least-squares polynomial fitting by QR decomposition (modified Gram-Schmidt).
///
/// Solves for the coefficients `b0 + b1 x + ... + bd x^d` that minimise the squared error
/// over the given points. The method is the textbook one used by Android's and Flutter's trackers.
public enum LeastSquaresSolver {
    /// Fits a polynomial of `degree` to (`x`, `y`) points.
    ///
    /// - Parameters:
    ///   - x: the abscissas; same count as `y`.
    ///   - y: the ordinates.
    ///   - degree: 0 or more; must be smaller than the number of points.
    /// - Returns: `degree + 1` coefficients, lowest order first; nil when there are too few points
    ///   or the points do not determine the fit (all at one x).
    public static func fit(x: [Double], y: [Double], degree: Int) -> [Double]? {
        fit(x: x, ys: [y], degree: degree)?.first
    }

    /// Fits one polynomial of `degree` per ordinate series, all over the same abscissas: the
    /// decomposition is done once and shared (a tracker fits x and y over the same times).
    ///
    /// - Parameters:
    ///   - x: the abscissas.
    ///   - ys: ordinate series, each with as many values as `x`.
    ///   - degree: 0 or more; must be smaller than the number of points.
    /// - Returns: per series, `degree + 1` coefficients, lowest order first; nil as for `fit(x:y:degree:)`.
    public static func fit(x: [Double], ys: [[Double]], degree: Int) -> [[Double]]? {
        let m = x.count
        let n = degree + 1
        guard degree >= 0, m >= n, ys.allSatisfy({ $0.count == m }) else { return nil }
        // q holds the Vandermonde columns, column j at q[j*m ..< (j+1)*m], orthonormalised in place.
        var q = [Double](repeating: 0, count: n * m)
        var r = [Double](repeating: 0, count: n * n)
        let solvable = q.withUnsafeMutableBufferPointer { q -> Bool in
            for i in 0..<m {
                var power = 1.0
                for j in 0..<n {
                    q[j * m + i] = power
                    power *= x[i]
                }
            }
            for j in 0..<n {
                for k in 0..<j {
                    var dot = 0.0
                    for i in 0..<m { dot += q[j * m + i] * q[k * m + i] }
                    r[k * n + j] = dot
                    for i in 0..<m { q[j * m + i] -= dot * q[k * m + i] }
                }
                var norm = 0.0
                for i in 0..<m { norm += q[j * m + i] * q[j * m + i] }
                norm = norm.squareRoot()
                // A column that vanishes means the x values cannot separate this power.
                if norm <= 1e-10 { return false }
                r[j * n + j] = norm
                for i in 0..<m { q[j * m + i] /= norm }
            }
            return true
        }
        guard solvable else { return nil }
        return ys.map { y in
            // Back-substitute R b = Q^T y.
            var b = [Double](repeating: 0, count: n)
            for j in stride(from: n - 1, through: 0, by: -1) {
                var sum = 0.0
                for i in 0..<m { sum += q[j * m + i] * y[i] }
                for k in (j + 1)..<n { sum -= r[j * n + k] * b[k] }
                b[j] = sum / r[j * n + j]
            }
            return b
        }
    }
}
