// SPDX-License-Identifier: Apache-2.0
/// How a transition draws its two pages: for the interactive pop, and for animated pushes and
/// pops alike (`transition` in a configuration).
public enum TransitionStyle: String, CaseIterable, Sendable {
    /// UIKit's look: the page slides over the page beneath, which lags in parallax (`parallax`),
    /// dimmed (`dimAlpha`) under an edge shadow (`shadowWidth`).
    case parallax
    /// libadwaita's look (`AdwNavigationView`): the page beneath does not move; a shade of
    /// `dimAlpha` × (1 − progress) lies over it, and the edge shadow fades out over the last
    /// `shadowWidth` px of travel (adw-shadow-helper.c).
    case cover
    /// Android predictive back's cross-activity look (AOSP `CrossActivityBackAnimation`): the top
    /// page shrinks toward 90 % as a card against the trailing edge with an 8 dp margin, and
    /// follows the finger's vertical movement within that margin; the page beneath comes in from
    /// 96 dp toward the leading side, a card as well, under a scrim of `dimAlpha` (0.2 in the android feel); a completed pop
    /// finishes along the 450 ms emphasized curve (`CardGeometry`).
    case card
    /// The two pages blend where they are: the top page's opacity is 1 − progress.
    case crossfade
}

/// Whether transitions reduce their motion (`reduceMotion` in a configuration).
public enum ReduceMotion: String, CaseIterable, Sendable {
    /// Follow the desktop: XSETTINGS `Gtk/EnableAnimations` 0 reduces (GTK's and libadwaita's
    /// `gtk-enable-animations`); a desktop with no XSETTINGS manager does not.
    case auto
    /// Always reduce.
    case always = "true"
    /// Never reduce.
    case never = "false"
}
