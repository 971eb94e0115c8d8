// SPDX-License-Identifier: Apache-2.0
/// The kiosk's wake guard (`kioskWakeGuard`): a touch or click that arrives while the screen saver
/// is on, or within the guard time after it ended, only wakes the screen.
///
/// The X server ends the screen saver at the first input, before it delivers that input, so the
/// waking touch itself arrives just after the saver's end: the guard time covers it (and a second
/// finger of the same hand). The waking sequence is ignored until it lifts: it taps nothing,
/// starts no swipe and reaches no content. The public reports of kiosk projects (zynthian,
/// openHASP, espcontrol) describe the tap that woke a panel pressing the button under it.
struct WakeGuard {
    /// Whether the screen saver is on now.
    private(set) var isActive = false
    /// When it last ended, in ms on the model's clock; nil when it has not ended since the start.
    private(set) var endedMilliseconds: Double?

    /// Notes a change of the screen saver at `t` ms.
    mutating func screenSaver(active: Bool, atMilliseconds t: Double) {
        if isActive && !active { endedMilliseconds = t }
        isActive = active
    }

    /// Whether a down at `t` ms only wakes the screen, for a guard of `guardMilliseconds` (0 or
    /// less: never).
    func wakes(atMilliseconds t: Double, guardMilliseconds: Double) -> Bool {
        guard guardMilliseconds > 0 else { return false }
        if isActive { return true }
        guard let ended = endedMilliseconds else { return false }
        return t - ended < guardMilliseconds
    }
}
