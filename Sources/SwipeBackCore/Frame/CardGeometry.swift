// SPDX-License-Identifier: Apache-2.0
/// Where the two pages of a `card` transition are drawn: Android predictive back's cross-activity
/// animation (AOSP `CrossActivityBackAnimation.kt` / `DefaultCrossActivityBackAnimation.kt`) as a
/// pure function of the pop's progress.
///
/// Android drives the card with two values, the gesture's progress and, after a commit, a 450 ms
/// finish. SwipeBack's transitions have one (`progress`), so the two are folded into it: in the
/// first half of the travel the card shrinks (along the gesture curve of the progress) and stays
/// whole on screen, as Android's does while the finger drags; in the second half it slides off the
/// trailing edge (the square of the way through that half) while the page beneath grows to full
/// size. A committed pop's 450 ms emphasized finish (`StackNavigation`) carries it through.
public struct CardGeometry: Equatable, Sendable {
    /// The top (closing) page's card in px relative to the stack's top-left corner.
    public var upper: Rect
    /// The page beneath (entering) as a card, px relative to the stack.
    public var lower: Rect
    /// The scrim over the page beneath and the backdrop, 0...1: `scrimAlpha` × (1 − progress).
    public var scrim: Double
    /// The cards' corner radius in px.
    public var cornerRadius: Double

    /// The smallest scale of a card: `MAX_SCALE` 0.9 (CrossActivityBackAnimation.kt).
    public static let minimumScale = 0.9
    /// The gap kept between a card and the stack's edge, in layout units (dp): 8
    /// (CrossActivityBackAnimation.kt's margin).
    public static let margin = 8.0
    /// How far toward the leading side the page beneath starts, in layout units (dp): 96
    /// (DefaultCrossActivityBackAnimation.kt's entering start offset).
    public static let enteringOffset = 96.0
    /// The scrim over the page beneath at the start: `MAX_SCRIM_ALPHA_LIGHT` 0.2 (CrossActivityBackAnimation.kt).
    public static let maximumScrim = 0.2
    /// The cards' corner radius when fully shrunk, in layout units (dp): Material 3's large
    /// shape corner, 16 dp (Android's own is the device's window corner radius).
    public static let maximumCornerRadius = 16.0
    /// The gesture's curve: `PathInterpolator(0.1, 0.1, 0, 1)`, CrossActivityBackAnimation.kt's
    /// `gestureInterpolator`.
    public static let gestureCurve = EasingCurve.cubicBezier(x1: 0.1, y1: 0.1, x2: 0, y2: 1)

    /// The cards at `progress` in a stack `width` × `height` px.
    ///
    /// - Parameters:
    ///   - progress: the pop's progress, 0...1 (values outside are clamped: a card does not rubber-band).
    ///   - width: the stack's width in px, 1 or more.
    ///   - height: the stack's height in px, 1 or more.
    ///   - scale: px per layout unit (dp), more than 0.
    ///   - verticalTravel: the finger's vertical movement since the swipe began, px (0 for
    ///     animated pushes and pops). The top card follows it, decelerating, within the room its
    ///     shrink leaves less the margin.
    ///   - direction: ltr has the trailing edge on the right; rtl mirrors every card.
    ///   - scrimAlpha: the scrim at the start, 0...1 (`dimAlpha`; the android feel sets `maximumScrim`).
    public static func at(progress: Double, width: Double, height: Double, scale: Double,
                          verticalTravel: Double = 0, direction: LayoutDirection, scrimAlpha: Double = maximumScrim) -> CardGeometry {
        let p = min(max(progress, 0), 1)
        let shrink = gestureCurve.value(at: p)
        let half = max(0, p - 0.5) * 2
        let slide = half * half
        let margin = Self.margin * scale * shrink
        // The top card: shrinking toward the trailing edge, then sliding off it.
        let upperScale = 1 - (1 - minimumScale) * shrink
        let upperWidth = width * upperScale, upperHeight = height * upperScale
        let restLeft = width - margin - upperWidth
        let upperLeft = restLeft + slide * (width - restLeft)
        let room = max(0, (height - upperHeight) / 2 - margin)
        let reach = min(1, abs(verticalTravel) / max(height / 2, 1))
        let follow = room * (1 - (1 - reach) * (1 - reach)) * (verticalTravel < 0 ? -1 : 1) * shrink
        // The page beneath: a card at the leading side, coming in, and growing as the top card leaves.
        let lowerScale = minimumScale + (1 - minimumScale) * slide
        let lowerWidth = width * lowerScale, lowerHeight = height * lowerScale
        let start = Self.margin * scale - enteringOffset * scale
        let lowerLeft = (start + (Self.margin * scale - start) * shrink) * (1 - slide)
        var upper = Rect(x: upperLeft, y: (height - upperHeight) / 2 + follow, width: upperWidth, height: upperHeight)
        var lower = Rect(x: lowerLeft, y: (height - lowerHeight) / 2, width: lowerWidth, height: lowerHeight)
        if direction == .rightToLeft {
            upper.x = width - upper.maxX
            lower.x = width - lower.maxX
        }
        return CardGeometry(upper: upper, lower: lower, scrim: scrimAlpha * (1 - p),
                            cornerRadius: maximumCornerRadius * scale * shrink * (1 - slide))
    }
}
