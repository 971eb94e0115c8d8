// SPDX-License-Identifier: Apache-2.0
/// Lifecycle callbacks, in UIKit's words.
public enum LifecyclePhase: String, Equatable, Sendable {
    /// The page is about to come into view.
    case willAppear
    /// The page is in view.
    case didAppear
    /// The page is about to leave view.
    case willDisappear
    /// The page left view.
    case didDisappear
}
