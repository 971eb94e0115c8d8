// SPDX-License-Identifier: Apache-2.0

/// What navigation tells the engine, in the order it happens: lines for the log, the delegate's
/// calls, and page state to drop. `StackNavigation` never sees the engine; the engine acts on
/// each report as it comes (`AppModel`).
enum NavigationReport {
    /// An event for the log.
    case event(Double, AppEvent)
    /// Stack changes close the history menu first: any stack's (`stackID` nil) or that stack's.
    case closeHistoryMenu(Double, stackID: String?)
    /// A page instance was made for a push.
    case created(PageInstance, stackID: String)
    /// A page's lifecycle moved (its event was reported just before).
    case lifecycle(LifecyclePhase, PageInstance, stackID: String)
    /// A swipe's step, for the delegate (its event was reported just before).
    case interactivePop(GestureReadout, PageInstance, stackID: String)
    /// Pages left a stack (to its forward list or for good): their scroll coasts stop.
    case leftStack([PageInstance])
    /// Pages left for good: the delegate hears first, while their state is there; then it goes.
    case released([PageInstance], stackID: String)
    /// A swipe's readout changed: pages of these instances that show a gesture status draw anew.
    case gestureShown([PageInstance])
}

/// What navigation reads of the engine's settings, kept current by the engine.
struct NavigationContext {
    /// The configuration in effect.
    var configuration = Configuration()
    /// The layout direction for new transitions.
    var direction = LayoutDirection.leftToRight
    /// Whether the desktop asks for reduced motion.
    var desktopReducesMotion = false

    /// Whether animated pushes and pops crossfade (`Configuration.reducesMotion(desktopReducesMotion:)`).
    var reducesMotion: Bool { configuration.reducesMotion(desktopReducesMotion: desktopReducesMotion) }
}
