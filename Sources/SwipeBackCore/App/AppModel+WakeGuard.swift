// SPDX-License-Identifier: Apache-2.0
extension AppModel {
    /// Whether `event` is a down or a button press that only wakes the screen (`kioskWakeGuard`,
    /// `WakeGuard`): then its sequence is held as ignored until it lifts, `wake` is logged, and
    /// the event goes no further.
    func wakesScreen(_ event: InputEvent, _ t: Double) -> Bool {
        let isPress: Bool
        switch event {
        case .pointer(let pointer): isPress = pointer.phase == .down
        case .button: isPress = true
        default: isPress = false
        }
        guard isPress, kioskGuards.wakeGuard.wakes(atMilliseconds: t, guardMilliseconds: configuration.kioskWakeGuard) else { return false }
        if case .pointer(let pointer) = event, pointer.button == 1 {
            // A second down for an id still down means its end was lost: end it as a system cancel.
            if arena.sequences[pointer.id] != nil { pointerCancel(id: pointer.id, t) }
            let sequence = ArenaSequence(id: pointer.id, device: pointer.device, downPoint: pointer.position, isTouchpad: false)
            sequence.isIgnored = true
            arena.open(sequence, in: arenaHost, atMilliseconds: t)
        }
        log(TimedEvent(timeMilliseconds: t, event: .wake))
        return true
    }
}
