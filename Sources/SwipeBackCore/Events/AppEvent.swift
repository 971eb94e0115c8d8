// SPDX-License-Identifier: Apache-2.0
/// What happens in the engine, as a typed value: one case per event log line type (SPEC section 3).
///
/// The model reports these to its observer in the order they happen (`indicatorFrame` and
/// `system` come from `swipeback system`, `swipeback input` and the session side instead, never
/// from a model); the JSON event log is one rendering of them, written by `SwipeBackFormats`.
/// Tools (the tuner, `plot`, `replay --compare`, the demo) and the Swift API's observers switch
/// over the cases; none of them reads a field by its name in a string.
public enum AppEvent: Equatable, Sendable {
    /// A page's veto hook (`shouldBegin`) was consulted, with the point in window px where the
    /// sequence went down; `allowed` is its answer.
    case veto(stack: String, page: String, downPoint: Point, allowed: Bool)
    /// A step of an interactive pop of `page` in `stack`: phase, progress, velocity and decision.
    case gesture(stack: String, page: String, step: GestureReadout)
    /// A lifecycle step of `page` in `stack`.
    case lifecycle(stack: String, page: String, phase: LifecyclePhase)
    /// The stack changed by `operation`; `page` is the page pushed, the top page that left (pop,
    /// popToRoot) or the page popped to (popTo), and `pages` the stack afterwards, bottom to top.
    /// `forward` is true for a push of the forward list's first page.
    case stack(stack: String, operation: StackOperation, page: String, pages: [String], forward: Bool)
    /// An animated transition started (after its will* lines) or finished (after its did* and stack lines).
    case transition(stack: String, kind: TransitionKind, phase: TransitionPhase)
    /// A button, toggle or the system back button (`element` nil) was activated; `toggledValue`
    /// is the new `interactivePop` of a toggle, nil for other actions.
    case action(stack: String, page: String, element: String?, action: ElementAction, toggledValue: Bool?)
    /// A slider (value 0...1) or a carousel (value: its item index) changed.
    case control(stack: String, page: String, element: String?, value: Double)
    /// A back command arrived for `stack` and was handled or ignored.
    case back(stack: String, source: BackCommandSource, handled: Bool)
    /// A forward command arrived for `stack` and was handled or ignored (an empty forward list,
    /// a swipe or a transition running).
    case forward(stack: String, source: ForwardCommandSource, handled: Bool)
    /// The history menu of `stack` opened or closed.
    case menu(stack: String, phase: MenuPhase)
    /// A touch or click woke the screen (`kioskWakeGuard`): it acts on nothing and starts no swipe.
    case wake
    /// A frame was presented: `number` frames so far, `productionMilliseconds` from the start of
    /// its drawing until it was on screen (ms), and `bytesSent`, the bytes of pixels it sent to the
    /// server (the rectangle where it changed; nil when not known).
    case frame(number: Int, productionMilliseconds: Double, bytesSent: Int? = nil)
    /// The end of a replay: every stack's pages, bottom to top, stacks in order.
    case final(stacks: [StackPages])
    /// A frame of `swipeback system`'s feedback (the arrow or the page slide) was drawn and sent
    /// in `drawMilliseconds` (ms), or, from a Wayland session side, an arrow frame was committed
    /// to the compositor (nil: no field). Written as a `frame` line, with `--log-frames`.
    case indicatorFrame(drawMilliseconds: Double?)
    /// A line of `swipeback system`, `swipeback input` or a session side (`system`).
    case system(SystemEvent)
}
