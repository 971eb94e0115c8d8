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
    /// The two pages blend where they are: the top page's opacity is 1 − progress.
    case crossfade
}
