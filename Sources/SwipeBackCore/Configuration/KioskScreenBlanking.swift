// SPDX-License-Identifier: Apache-2.0
/// What the kiosk does with the X server's screen saver and DPMS while it runs (`kioskScreenBlanking`).
public enum KioskScreenBlanking: String, Sendable, CaseIterable {
    /// The server's settings as they are: the screen blanks when the server says (the default).
    case leave
    /// No blanking while the kiosk runs: MIT-SCREEN-SAVER suspended (`XScreenSaverSuspend`), its
    /// timeout 0 and DPMS disabled; the server's earlier settings come back when the kiosk ends.
    case inhibit
}
