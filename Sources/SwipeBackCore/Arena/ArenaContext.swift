// SPDX-License-Identifier: Apache-2.0
/// What an arena member sees of its host, and all it may do there: the stacks and their top pages'
/// geometry, the metrics in px, the arena's verdicts (accept, reject, the window's one swipe) and
/// `perform(_:atMilliseconds:)` for what the gesture means. A member never reaches the engine: the
/// app model is one host, a test's fake is another.
public protocol ArenaContext: AnyObject {
    /// The arena the member is registered in: accept, reject, the window's one swipe and the open sequences.
    var arena: GestureArena { get }
    /// The stacks, bottom to top, as they are now.
    var stacks: [NavigationStack] { get }
    /// The metrics and switches the members read, in px where they are lengths.
    var settings: ArenaSettings { get }
    /// A page instance's definition, with run-time changes applied.
    ///
    /// - Parameter instance: a page instance of one of the stacks.
    func page(_ instance: PageInstance) -> PageDefinition
    /// The frames of the stack's top page's elements, in page px (the header included, not scrolled).
    ///
    /// - Parameter stackIndex: an index into `stacks`.
    func elementFrames(stackIndex: Int) -> [Rect]
    /// The element of the stack's top page under `point`, or nil (the header hides content scrolled under it).
    ///
    /// - Parameters:
    ///   - stackIndex: an index into `stacks`.
    ///   - point: window px.
    func elementHit(stackIndex: Int, at point: Point) -> Int?
    /// The id of the element a Swift page draws under `point`, or nil.
    ///
    /// - Parameters:
    ///   - stackIndex: an index into `stacks`.
    ///   - point: window px.
    func customElementHit(stackIndex: Int, at point: Point) -> String?
    /// The frame of the stack's top page's system back button in page px, or nil when it shows none.
    ///
    /// - Parameter stackIndex: an index into `stacks`.
    func systemBackButtonFrame(stackIndex: Int) -> Rect?
    /// The scroll offset of the stack's top page in px (0 = top).
    ///
    /// - Parameter stackIndex: an index into `stacks`.
    func scrollOffset(stackIndex: Int) -> Double
    /// How far the stack's top page can scroll, in px (0 when it fits).
    ///
    /// - Parameter stackIndex: an index into `stacks`.
    func maxScrollOffset(stackIndex: Int) -> Double
    /// The value of a slider (0...1) or carousel (item index) of the stack's top page.
    ///
    /// - Parameters:
    ///   - stackIndex: an index into `stacks`.
    ///   - element: an element index of the top page.
    func controlValue(stackIndex: Int, element: Int) -> Double
    /// The top page's veto on an interactive pop starting at `downPoint`: its document answer or
    /// its Swift page's, logged as a `veto` line; nil when the page has none.
    ///
    /// - Parameters:
    ///   - stackIndex: an index into `stacks`.
    ///   - downPoint: window px.
    ///   - t: ms.
    /// - Returns: the answer, nil when there is none. Answering may change the stacks.
    func shouldBeginInteractivePop(stackIndex: Int, at downPoint: Point, atMilliseconds t: Double) -> Bool?
    /// Carries out what a gesture means: the host moves pages, sets controls, scrolls, logs. An
    /// intent that does not fit the stacks as they are does nothing: a stack index out of range, a
    /// swipe's step (follow, move, release, cancel) with no swipe that a finger drives, a begin on a
    /// stack that animates or has nowhere to go, a number that is not finite.
    ///
    /// - Parameters:
    ///   - intent: what to do.
    ///   - t: ms.
    func perform(_ intent: ArenaIntent, atMilliseconds t: Double)
}

/// The metrics and switches arena members read: lengths already in px (the layout scale applied).
public struct ArenaSettings: Sendable {
    /// The layout direction for a new sequence.
    public var direction: LayoutDirection
    /// Px per layout unit (`LayoutScale.range`).
    public var layoutScale: Double
    /// `edgeWidth` in px.
    public var edgeWidthPixels: Double
    /// `touchSlop` in px.
    public var touchSlopPixels: Double
    /// A page header's height in px.
    public var headerHeight: Double
    /// `contentSwipe`: a drag toward popping anywhere on the page pops it.
    public var contentSwipe: Bool
    /// `forwardSwipe`: the trailing edge brings a popped page back.
    public var forwardSwipe: Bool
    /// `forwardHistory`: how many popped pages a stack keeps to go forward to (0 = none).
    public var forwardHistory: Int
    /// `overshoot`: a drag back past the start rubber-bands.
    public var overshoot: Bool
    /// `flingVelocity`, in widths per second.
    public var flingVelocity: Double
    /// `historyMenuDelay`, in ms.
    public var historyMenuDelay: Double
    /// `maxVelocity`, in px/s.
    public var maxVelocity: Double

    /// The settings of `configuration` at layout scale `layoutScale`.
    ///
    /// - Parameters:
    ///   - configuration: the tunables.
    ///   - direction: the layout direction.
    ///   - layoutScale: px per layout unit, in `LayoutScale.range`.
    public init(configuration: Configuration, direction: LayoutDirection, layoutScale: Double) {
        self.direction = direction
        self.layoutScale = layoutScale
        edgeWidthPixels = configuration.edgeWidth * layoutScale
        touchSlopPixels = configuration.touchSlop * layoutScale
        headerHeight = PageDefinition.headerHeight * layoutScale
        contentSwipe = configuration.contentSwipe
        forwardSwipe = configuration.forwardSwipe
        forwardHistory = configuration.forwardHistory
        overshoot = configuration.overshoot
        flingVelocity = configuration.flingVelocity
        historyMenuDelay = configuration.historyMenuDelay
        maxVelocity = configuration.maxVelocity
    }

    /// A tracker's velocity along the pop direction at `t`, clamped to ±`maxVelocity` (`Configuration.limitedVelocity`).
    ///
    /// - Parameters:
    ///   - tracker: the sequence's samples.
    ///   - direction: the swipe's layout direction.
    ///   - t: ms.
    /// - Returns: px/s, positive toward popping; nil without samples enough.
    public func popVelocity(_ tracker: VelocityTracker, _ direction: LayoutDirection, atMilliseconds t: Double) -> Double? {
        guard let v = tracker.velocity(atMilliseconds: t) else { return nil }
        return Configuration.limitedVelocity(v.xPixelsPerSecond * direction.popSign, maxVelocity: maxVelocity)
    }
}

/// What an arena member asks its host to do: the gestures' effects, named by what they mean.
public enum ArenaIntent: Equatable, Sendable {
    /// An interactive pop begins on stack `stackIndex` (the transition and its lifecycle start).
    case beginInteractivePop(stackIndex: Int, direction: LayoutDirection, progress: Double)
    /// A forward swipe begins on stack `stackIndex`, in `direction` (the mirrored layout's pop direction).
    case beginInteractiveForward(stackIndex: Int, direction: LayoutDirection, progress: Double)
    /// A finger takes hold again of a settling interactive pop on stack `stackIndex`.
    case regrabInteractivePop(stackIndex: Int)
    /// The swipe's page follows the finger: `progress` 0...1, `drawn` the rubber-banded progress
    /// when dragged back past the start, `verticalTravel` px, `velocity` px/s toward popping.
    case followFinger(stackIndex: Int, progress: Double, drawn: Double?, verticalTravel: Double, velocity: Double?)
    /// The swipe's page moves to `progress` with no finger move (the window was resized).
    case moveInteractivePop(stackIndex: Int, progress: Double)
    /// The finger lifted: commit or cancel (`PopDecision`) from `progress` and `velocity` (px/s).
    case releaseInteractivePop(stackIndex: Int, progress: Double, velocity: Double?)
    /// The system cancelled the swipe on stack `stackIndex`: the page settles back.
    case cancelInteractivePop(stackIndex: Int)
    /// Pop stack `stackIndex`'s top page, animated.
    case pop(stackIndex: Int)
    /// Pop stack `stackIndex` to `target`, a page beneath its top, in one animation.
    case popTo(PageInstance, stackIndex: Int)
    /// A tap activated a document element (`elementID`; nil for the system back button) of `instance`.
    case activate(stackIndex: Int, instance: PageInstance, elementID: String?, action: ElementAction)
    /// A tap on element `element` that a Swift page draws itself, on stack `stackIndex`'s top page.
    case tapCustom(element: String, stackIndex: Int)
    /// Set a slider (0...1) or carousel (item index) of stack `stackIndex`'s top page.
    case setControl(stackIndex: Int, element: Int, value: Double)
    /// Scroll stack `stackIndex`'s top page to `offset` px (clamped to its content).
    case scroll(stackIndex: Int, offset: Double)
    /// A release that flicks stack `stackIndex`'s top page: the finger's vertical velocity in px/s, down positive.
    case fling(stackIndex: Int, fingerVelocity: Double)
    /// The history menu of stack `stackID` opened or closed.
    case historyMenu(stackID: String, phase: MenuPhase)
}
