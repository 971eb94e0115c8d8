// SPDX-License-Identifier: Apache-2.0
/// An `AppEvent` with the time it happened.
public struct TimedEvent: Equatable, Sendable {
    /// When it happened, in ms on the scenario clock (replay) or the app clock (window).
    public var timeMilliseconds: Double
    /// What happened.
    public var event: AppEvent

    /// Creates a timed event.
    ///
    /// - Parameters:
    ///   - timeMilliseconds: ms on the scenario or app clock.
    ///   - event: what happened.
    public init(timeMilliseconds: Double, event: AppEvent) {
        self.timeMilliseconds = timeMilliseconds
        self.event = event
    }
}
