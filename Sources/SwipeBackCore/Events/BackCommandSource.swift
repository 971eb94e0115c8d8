// SPDX-License-Identifier: Apache-2.0
/// Where a back command came from (the `back` line's `source`).
public enum BackCommandSource: String, Equatable, Sendable {
    /// A back key (`backKeys`).
    case key
    /// A mouse back button (`backButtons`).
    case button
    /// The begin of a 3+ finger touchpad swipe.
    case swipe
}
