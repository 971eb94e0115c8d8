// SPDX-License-Identifier: Apache-2.0
/// The kiosk's idle policy: after `kioskIdleTimeout` s without input, every stack returns to its
/// root, animated. The timer runs only while nothing is down and something is above a root.
public struct IdlePolicy: Equatable, Sendable {
    /// Whether it applies (the kiosk turns it on; the demo does not).
    public var isEnabled = false
    /// The time of the last input event, in ms.
    public private(set) var lastActivityMilliseconds = 0.0

    /// Off, no activity yet.
    public init() {}

    /// Input arrived at `t` ms (or the policy just fired): the timeout counts from here.
    public mutating func noteActivity(atMilliseconds t: Double) {
        lastActivityMilliseconds = t
    }

    /// When the return to root falls due, in ms, or nil.
    ///
    /// - Parameters:
    ///   - timeoutSeconds: `kioskIdleTimeout` in s, 0 or less turns it off.
    ///   - pointersDown: whether any pointer sequence is down (then it waits).
    ///   - awayFromRoot: whether a stack is above its root or animating.
    public func dueMilliseconds(timeoutSeconds: Double, pointersDown: Bool, awayFromRoot: Bool) -> Double? {
        guard isEnabled, timeoutSeconds > 0, !pointersDown, awayFromRoot else { return nil }
        return lastActivityMilliseconds + timeoutSeconds * 1000
    }
}
