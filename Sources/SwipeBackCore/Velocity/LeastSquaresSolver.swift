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
        let m = x.count
        let n = degree + 1
        guard m == y.count, degree >= 0, m >= n else { return nil }
        // a[j][i]: column j of the Vandermonde matrix, orthonormalised in place into Q.
        var q = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for i in 0..<m {
            var power = 1.0
            for j in 0..<n {
                q[j][i] = power
                power *= x[i]
            }
        }
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for j in 0..<n {
            for k in 0..<j {
                var dot = 0.0
                for i in 0..<m { dot += q[j][i] * q[k][i] }
                r[k][j] = dot
                for i in 0..<m { q[j][i] -= dot * q[k][i] }
            }
            var norm = 0.0
            for i in 0..<m { norm += q[j][i] * q[j][i] }
            norm = norm.squareRoot()
            // A column that vanishes means the x values cannot separate this power.
            guard norm > 1e-10 else { return nil }
            r[j][j] = norm
            for i in 0..<m { q[j][i] /= norm }
        }
        // Back-substitute R b = Q^T y.
        var b = [Double](repeating: 0, count: n)
        for j in stride(from: n - 1, through: 0, by: -1) {
            var sum = 0.0
            for i in 0..<m { sum += q[j][i] * y[i] }
            for k in (j + 1)..<n { sum -= r[j][k] * b[k] }
            b[j] = sum / r[j][j]
        }
        return b
    }
}
