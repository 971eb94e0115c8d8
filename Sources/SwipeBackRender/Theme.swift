// SPDX-License-Identifier: Apache-2.0
/// Colours and type sizes of the page look, in one place.
///
/// Colours are (red, green, blue) in 0...1; sizes in px at scale 1.
public enum Theme {
    /// An opaque colour: red, green and blue in 0...1.
    public typealias Color = (r: Double, g: Double, b: Double)

    /// Page background.
    public static let background: Color = (1, 1, 1)
    /// Header bar background.
    public static let headerBackground: Color = (0.965, 0.965, 0.975)
    /// The hairline under the header.
    public static let separator: Color = (0.84, 0.84, 0.87)
    /// Titles and body text.
    public static let text: Color = (0.09, 0.09, 0.11)
    /// Secondary text.
    public static let secondaryText: Color = (0.45, 0.45, 0.50)
    /// Accent: back button, buttons, toggles on.
    public static let accent: Color = (0.04, 0.40, 1.0)
    /// A pressed button.
    public static let accentPressed: Color = (0.02, 0.28, 0.75)
    /// Label on an accent fill.
    public static let onAccent: Color = (1, 1, 1)
    /// What shows around the cards of the `card` transition (under its scrim): a light grey, as a
    /// light Material theme's window background.
    public static let cardBackdrop: Color = (0.93, 0.93, 0.95)
    /// Control tracks and placeholders.
    public static let fill: Color = (0.91, 0.91, 0.93)

    /// Body text size in px.
    public static let bodySize = 16.0
    /// Title size in px.
    public static let titleSize = 17.0
    /// Corner radius of buttons in px.
    public static let cornerRadius = 10.0
    /// Peak opacity of the edge shadow at progress 0.
    public static let shadowAlpha = 0.22
}
