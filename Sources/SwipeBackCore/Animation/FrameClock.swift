// SPDX-License-Identifier: Apache-2.0
/// A source of frame ticks: when the next frame after a time is due.
public protocol FrameClock: Sendable {
    /// The time of the first tick strictly after `timeMilliseconds`, in ms.
    func nextTick(after timeMilliseconds: Double) -> Double
}

/// Ticks on a fixed grid: multiples of `intervalMilliseconds` from 0, like a display's vsync.
public struct FixedRateFrameClock: FrameClock {
    /// The interval between ticks in ms (more than 0).
    public let intervalMilliseconds: Double

    /// A clock at `hertz` ticks per second; 60 by default (SPEC section 1's replay clock).
    public init(hertz: Double = 60) {
        intervalMilliseconds = 1000 / hertz
    }

    /// The first grid time after `timeMilliseconds`.
    public func nextTick(after timeMilliseconds: Double) -> Double {
        var k = (timeMilliseconds / intervalMilliseconds).rounded(.down)
        while k * intervalMilliseconds <= timeMilliseconds { k += 1 }
        return k * intervalMilliseconds
    }
}

/// A clock a test moves by hand: it ticks the model on the frame grid up to a time.
public final class ManualFrameClock {
    /// The current time in ms.
    public private(set) var nowMilliseconds: Double
    private let grid: FrameClock
    private let model: AppModel

    /// Creates a clock at `startMilliseconds` driving `model` on `grid` (60 Hz by default).
    public init(model: AppModel, startMilliseconds: Double = 0, grid: FrameClock = FixedRateFrameClock()) {
        self.model = model
        self.nowMilliseconds = startMilliseconds
        self.grid = grid
    }

    /// Ticks the model at every grid time up to and including `timeMilliseconds`, while it needs
    /// frames, and at the exact due time of each timer (the kiosk's idle timeout) on the way.
    public func advance(to timeMilliseconds: Double) {
        while true {
            let frame = model.needsFrames ? grid.nextTick(after: nowMilliseconds) : .infinity
            let timer = model.nextTimerMilliseconds.map { max($0, nowMilliseconds) } ?? .infinity
            let next = min(frame, timer)
            guard next <= timeMilliseconds, next.isFinite else { break }
            nowMilliseconds = next
            model.tick(atMilliseconds: next)
        }
        nowMilliseconds = max(nowMilliseconds, timeMilliseconds)
    }

    /// Ticks until nothing moves and no timer is pending (a long press still held), for at most
    /// `limitMilliseconds` more; returns the time of the last tick.
    @discardableResult
    public func settle(limitMilliseconds: Double = 5000) -> Double {
        let deadline = nowMilliseconds + limitMilliseconds
        var last = nowMilliseconds
        while true {
            let frame = model.needsFrames ? grid.nextTick(after: nowMilliseconds) : .infinity
            let timer = model.nextTimerMilliseconds.map { max($0, nowMilliseconds) } ?? .infinity
            let next = min(frame, timer)
            guard next <= deadline, next.isFinite else { break }
            nowMilliseconds = next
            last = next
            model.tick(atMilliseconds: next)
        }
        return last
    }
}
