// SPDX-License-Identifier: Apache-2.0
/// A feel: the swipe of one toolkit, as the constants it publishes in its sources and
/// documentation. Choosing one (`feel` in a configuration) sets every tunable it covers; keys
/// given explicitly, in the same file or an earlier layer, keep their own values.
///
/// Widths in px assume a 400 px page where a toolkit gives a velocity threshold in px/s or dp/s
/// (SwipeBack's `flingVelocity` is in widths per second). A toolkit that settles with a duration
/// and a curve gets the critically damped spring that comes to rest (within 0.1 %) in that time:
/// stiffness = (9.23 / T)², since (1 + ω₀t)·e^(−ω₀t) = 0.001 at ω₀t ≈ 9.23.
public enum Feel: String, CaseIterable, Sendable {
    /// UIKit's `UINavigationController`: today's defaults (DESIGN.md "Defaults and where they come from").
    case uikit
    /// libadwaita's `AdwNavigationView` with `AdwSwipeTracker`.
    case libadwaita
    /// Flutter's `CupertinoPageRoute` back gesture.
    case flutter
    /// Android's predictive back, cross-activity animation.
    case android
    /// React Navigation's stack navigator (`TransitionPresets.SlideFromRightIOS`).
    case reactNavigation
    /// Ionic's `ion-nav` in iOS mode.
    case ionic

    /// One tunable a feel sets, with where its value comes from.
    public struct Setting: Sendable {
        /// The configuration key.
        public let key: String
        /// Its value in the key's unit.
        public let value: Configuration.Value
        /// Where the value comes from: a file and symbol, or a document.
        public let source: String

        /// The key stored at `path` (so a preset names no key the table lacks) set to `value`.
        init(_ path: AnyKeyPath & Sendable, _ value: Configuration.Value, _ source: String) {
            guard let key = Configuration.keys.first(where: { $0.path == path }) else {
                preconditionFailure("a feel sets \(path), which the configuration table does not list")
            }
            self.key = key.name
            self.value = value
            self.source = source
        }
    }

    /// The tunables this feel sets: the same keys, in the same order, for every feel.
    public var settings: [Setting] {
        func n(_ path: WritableKeyPath<Configuration, Double> & Sendable, _ value: Double, _ source: String) -> Setting {
            Setting(path, .number(value), source)
        }
        func b(_ path: WritableKeyPath<Configuration, Bool> & Sendable, _ value: Bool, _ source: String) -> Setting {
            Setting(path, .boolean(value), source)
        }
        func s<T: RawRepresentable<String>>(_ path: WritableKeyPath<Configuration, T> & Sendable, _ value: T, _ source: String) -> Setting {
            Setting(path, .string(value.rawValue), source)
        }
        // UIKit's feel is the defaults: its values are read from the configuration table's own.
        let defaults = Configuration()
        switch self {
        case .uikit:
            return [
                n(\.edgeWidth, defaults.edgeWidth, "Flutter's `_kBackGestureWidth` (20), taken from iOS; UIKit publishes none"),
                n(\.touchSlop, defaults.touchSlop, "SwipeBack's default; UIKit publishes none"),
                b(\.contentSwipe, defaults.contentSwipe, "the edge pan; the content pop is iOS 26's"),
                s(\.policy, defaults.policy, "the 0.5 rule with a fling, as UIKit clones do"),
                n(\.commitProgress, defaults.commitProgress, "half the width"),
                n(\.flingVelocity, defaults.flingVelocity, "one width per second (Flutter's `_kMinFlingVelocity`, from iOS)"),
                n(\.projectionDeceleration, defaults.projectionDeceleration, "UIKit's `UIScrollView.DecelerationRate.normal`"),
                n(\.springStiffness, defaults.springStiffness, "SwipeBack's default (libadwaita's spring)"),
                n(\.springDampingRatio, defaults.springDampingRatio, "critically damped"),
                n(\.parallax, defaults.parallax, "UIKit's 30 % (React Navigation `forHorizontalIOS`: width × −0.3)"),
                n(\.dimAlpha, defaults.dimAlpha, "Ionic's 10 % cover"),
                n(\.shadowWidth, defaults.shadowWidth, "SwipeBack's default"),
                s(\.transition, defaults.transition, "UIKit: the page beneath in parallax"),
            ]
        case .libadwaita:
            return [
                n(\.edgeWidth, 20, "kept: libadwaita swipes from anywhere (`contentSwipe`)"),
                n(\.touchSlop, 16, "adw-swipe-tracker.c `DRAG_THRESHOLD_DISTANCE` 16"),
                b(\.contentSwipe, true, "adw-swipeable.c: the default swipe area is the whole widget"),
                s(\.policy, .velocityOrDistance, "adw-swipe-tracker.c `get_end_progress`: nearest end below the velocity threshold"),
                n(\.commitProgress, 0.5, "adw-navigation-view.c `end_swipe_cb`: |to| > 0.5"),
                n(\.flingVelocity, 0.75, "adw-swipe-tracker.c `VELOCITY_THRESHOLD_TOUCH` 0.3 px/ms = 300 px/s, over 400 px"),
                n(\.projectionDeceleration, 0.998, "adw-swipe-tracker.c `DECELERATION_TOUCH` 0.998"),
                n(\.springStiffness, 1000, "adw-navigation-view.c `SPRING_STIFFNESS` 1000"),
                n(\.springDampingRatio, 1, "adw-navigation-view.c `adw_spring_params_new (1, 1, SPRING_STIFFNESS)`"),
                n(\.parallax, 0, "adw-navigation-view.c: the page beneath is not moved"),
                n(\.dimAlpha, 0.07, "_colors.scss `shade_color` RGB(0 0 6 / 7 %)"),
                n(\.shadowWidth, 56, "_drawing.scss `transition-shadows > shadow { min-width: 56px }`"),
                s(\.transition, .cover, "adw-navigation-view.c: the page beneath stays, under the shade (adw-shadow-helper.c)"),
            ]
        case .flutter:
            return [
                n(\.edgeWidth, 20, "cupertino/route.dart `_kBackGestureWidth` 20"),
                n(\.touchSlop, 18, "gestures/constants.dart `kTouchSlop` 18"),
                b(\.contentSwipe, false, "the edge only"),
                s(\.policy, .velocityOrDistance, "cupertino/route.dart `_CupertinoBackGestureController.dragEnd`"),
                n(\.commitProgress, 0.5, "route.dart `dragEnd`: `controller.value > 0.5`"),
                n(\.flingVelocity, 1.0, "route.dart `_kMinFlingVelocity` 1.0 screen widths per second"),
                n(\.projectionDeceleration, 0.998, "unused by its rule; UIKit's normal rate"),
                n(\.springStiffness, 341, "route.dart: 500 ms transitions, as a spring at rest in 0.5 s: (9.23 / 0.5)²"),
                n(\.springDampingRatio, 1, "critically damped, for the duration above"),
                n(\.parallax, 1.0 / 3, "route.dart `_kMiddleLeftTween` to Offset(−1/3, 0)"),
                n(\.dimAlpha, 0.094, "route.dart `_kCupertinoPageTransitionBarrierColor` 0x18000000 (24/255)"),
                n(\.shadowWidth, 20, "route.dart `_CupertinoEdgeShadowPainter`: 5 % of the width, 20 px of 400"),
                s(\.transition, .parallax, "route.dart `CupertinoPageTransition`"),
            ]
        case .android:
            return [
                n(\.edgeWidth, 30, "NavigationBarModeGesturalOverlay config.xml `config_backGestureInset` 30dp"),
                n(\.touchSlop, 6, "EdgeBackGestureHandler: ViewConfiguration touch slop 8 dp × `BACK_GESTURE_SLOP_MULTIPLIER` 0.75"),
                b(\.contentSwipe, false, "the edge only"),
                s(\.policy, .velocityOrDistance, "BackPanelController.kt: armed by distance, or flung"),
                n(\.commitProgress, 0.04, "BackPanelController.kt: armed after `navigation_edge_action_drag_threshold` 16 dp, of 400"),
                n(\.flingVelocity, 0.125, "ViewConfiguration minimum fling velocity 50 dp/s, over 400"),
                n(\.projectionDeceleration, 0.998, "unused by its rule; UIKit's normal rate"),
                n(\.springStiffness, 421, "DefaultCrossActivityBackAnimation.kt `POST_COMMIT_DURATION` 450 ms: (9.23 / 0.45)²"),
                n(\.springDampingRatio, 1, "BackProgressAnimator: `DAMPING_RATIO_NO_BOUNCY` 1.0"),
                n(\.parallax, 0.24, "DefaultCrossActivityBackAnimation.kt: the entering page starts 96 dp away, of 400"),
                n(\.dimAlpha, 0.2, "CrossActivityBackAnimation.kt `MAX_SCRIM_ALPHA_LIGHT` 0.2"),
                n(\.shadowWidth, 0, "none: rounded window corners instead"),
                s(\.transition, .card, "CrossActivityBackAnimation.kt: the shrinking card over the entering page"),
            ]
        case .reactNavigation:
            return [
                n(\.edgeWidth, 50, "stack/src/utils/gestureActivationCriteria.tsx `GESTURE_RESPONSE_DISTANCE_HORIZONTAL` 50"),
                n(\.touchSlop, 5, "gestureActivationCriteria.tsx `activeOffsetX` 5"),
                b(\.contentSwipe, false, "the edge only"),
                s(\.policy, .projection, "views/Stack/Card.tsx: translation + velocity × `GESTURE_VELOCITY_IMPACT` 0.3 s past half"),
                n(\.commitProgress, 0.5, "Card.tsx: past width / 2"),
                n(\.flingVelocity, 1.67, "Card.tsx: from rest, (0.5 width) / 0.3 s"),
                n(\.projectionDeceleration, 0.99668, "a coast that goes 0.3 × v: d / (1 − d) / 1000 = 0.3"),
                n(\.springStiffness, 333, "TransitionConfigs/TransitionSpecs.tsx `TransitionIOSSpec` stiffness 1000 / mass 3"),
                n(\.springDampingRatio, 1, "TransitionIOSSpec damping 500 (overdamped; React Native runs it critically damped)"),
                n(\.parallax, 0.3, "TransitionConfigs/CardStyleInterpolators.tsx `forHorizontalIOS`: width × −0.3"),
                n(\.dimAlpha, 0.07, "CardStyleInterpolators.tsx `forHorizontalIOS` overlay opacity 0 → 0.07 (v7.10)"),
                n(\.shadowWidth, 5, "Card.tsx `shadowHorizontal` radius 5 (v7.10)"),
                s(\.transition, .parallax, "CardStyleInterpolators.tsx `forHorizontalIOS`"),
            ]
        case .ionic:
            return [
                n(\.edgeWidth, 50, "core/src/utils/gesture/swipe-back.ts `isAtEdge`: 50"),
                n(\.touchSlop, 10, "swipe-back.ts `createGesture({ threshold: 10 })`"),
                b(\.contentSwipe, false, "the edge only"),
                s(\.policy, .velocityOrDistance, "swipe-back.ts `onEnd`: `velocity > 0.2 || deltaX > width / 2`"),
                n(\.commitProgress, 0.5, "swipe-back.ts `onEnd`: `deltaX > width / 2`"),
                n(\.flingVelocity, 0.5, "swipe-back.ts `onEnd`: 0.2 px/ms = 200 px/s, over 400"),
                n(\.projectionDeceleration, 0.998, "unused by its rule; UIKit's normal rate"),
                n(\.springStiffness, 292, "core/src/utils/transition/ios.transition.ts `DURATION` 540 ms: (9.23 / 0.54)²"),
                n(\.springDampingRatio, 1, "critically damped, for the duration above"),
                n(\.parallax, 0.33, "ios.transition.ts `OFF_LEFT` −33 %"),
                n(\.dimAlpha, 0.1, "ios.transition.ts `.transition-cover` opacity 0 → 0.1"),
                n(\.shadowWidth, 9, "core `.transition-shadow` box-shadow inset −9px 0 9px"),
                s(\.transition, .parallax, "ios.transition.ts"),
            ]
        }
    }
}
