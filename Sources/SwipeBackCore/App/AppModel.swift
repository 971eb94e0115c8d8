/// The app model: navigation stacks, the back swipe and page taps, driven by input and frame ticks.
///
/// The live window and `swipeback replay` run this same type. It never reads a clock: every
/// call carries its time in ms, and animations advance only in `tick(atMilliseconds:)`. What
/// happens is reported as event log lines (SPEC section 3) to `log`.
public final class AppModel {
    /// The configuration in effect.
    public private(set) var configuration: Configuration
    /// The window's size in px.
    public private(set) var windowWidth: Double
    /// The window's height in px.
    public private(set) var windowHeight: Double
    /// The layout direction for the next swipe.
    public private(set) var direction: LayoutDirection
    /// The pages, with run-time changes (`set`, toggles) applied.
    public private(set) var document: PagesDocument
    /// The stacks, bottom to top.
    public private(set) var stacks: [NavigationStack] = []
    /// Whether the window was asked to close.
    public private(set) var closeRequested = false
    /// Bumped whenever a page's properties change, so renderers can redraw its snapshot.
    public private(set) var pageRevisions: [String: Int] = [:]
    /// Vertical scroll offsets in px of pages taller than their stack, by page instance serial
    /// (0 = top; absent = 0).
    public private(set) var scrollOffsets: [Int: Double] = [:]
    /// Momentum scrolls in flight, by page instance serial.
    var momentum: [Int: Momentum] = [:]

    /// A fling of a page's content: it coasts and slows at UIKit's normal deceleration.
    struct Momentum {
        var stack: Int
        var startOffset: Double
        var velocityPixelsPerSecond: Double
        var startMilliseconds: Double
    }

    /// Deceleration of a scroll fling, per ms: UIKit's `UIScrollView.DecelerationRate.normal` (0.998).
    public static let scrollDecelerationPerMillisecond = 0.998
    /// ln(0.998), for d^t without a C library.
    private static let scrollDecelerationLog = -0.0020020026706730793
    /// A scroll fling stops when slower than this, in px/s.
    public static let scrollStopVelocity = 20.0

    /// The last gesture line of each stack, by stack id, for live gesture-status elements.
    public private(set) var gestureReadouts: [String: GestureReadout] = [:]
    /// Current values of sliders (0...1) and carousels (the item index), by page instance serial and
    /// element index; elements not here have their document value (sliders) or index 0 (carousels).
    /// They belong to the page as shown: another stack or a second push of the same page starts afresh.
    public private(set) var controlValues: [Int: [Int: Double]] = [:]
    /// A page instance's own `interactivePop`, set by its toggle; it overrides the page's value for
    /// that instance only (DESIGN.md: the setting never leaks to another page or stack).
    private var interactivePopOverrides: [Int: Bool] = [:]
    /// Bumped whenever one page instance changes (its toggle, controls, gesture status).
    private var instanceRevisions: [Int: Int] = [:]
    /// Content heights of pages in view, by instance serial, with what they were laid out for:
    /// a frame's scene asks every frame, the layout runs only when something changed.
    private var contentHeights: [Int: (revision: Int, width: Double, scale: Double, direction: LayoutDirection, height: Double)] = [:]
    /// The measurer for text heights and image shapes.
    public let measurer: ContentMeasuring

    private let log: (TimedEvent) -> Void
    /// Told of what happens to page instances, and asked about Swift pages (the `Navigator` API).
    /// Held weakly: the delegate owns the model.
    public weak var delegate: AppModelDelegate?
    private var nextSerial = 0
    /// Layout scale (a kiosk's `Xft.dpi` / 96; 1 by default): pages are laid out at the stack's
    /// width divided by it and every metric (header, margins, elements, text) is multiplied by
    /// it; the renderer draws them the same way.
    public var layoutScale = 1.0

    /// The frames of `page`'s elements in a stack `width` px wide, in px, at `layoutScale`.
    public func elementFrames(of page: PageDefinition, width: Double) -> [Rect] {
        let s = layoutScale
        let frames = PageLayout.frames(for: page, width: width / s, direction: direction, measurer: measurer)
        return s == 1 ? frames : frames.map { Rect(x: $0.x * s, y: $0.y * s, width: $0.width * s, height: $0.height * s) }
    }

    /// The header bar's height in px at `layoutScale`.
    public var headerHeight: Double { PageDefinition.headerHeight * layoutScale }

    /// Whether `kioskIdleTimeout` applies: after that long without input every stack returns to
    /// its root, animated (the kiosk turns it on; the demo does not).
    public var returnsToRootWhenIdle = false
    /// The time of the last input event, in ms.
    private var lastActivityMilliseconds = 0.0
    /// Arbitrates pointer sequences between the gestures (`GestureArena`): tap, settle regrab,
    /// control drag, vertical scroll, edge pop and content pop, in that order; apps and tests may
    /// register more.
    public let arena = GestureArena()
    private let tapMember = TapMember()
    private let controlMember = ControlDragMember()
    private let scrollMember = VerticalScrollMember()
    private let popMembers = [SettleRegrabMember(), InteractivePopMember(zone: .edge), InteractivePopMember(zone: .content)]
    /// The stack that got the last down or scroll: keys and back buttons act on it.
    var focusedStack = 0

    /// Creates the model with its stacks in place; call `start(atMilliseconds:)` to log their appearance.
    ///
    /// - Parameters:
    ///   - configuration: the tunables.
    ///   - windowWidth: window width in px (more than 0).
    ///   - windowHeight: window height in px (more than 0).
    ///   - direction: the layout direction.
    ///   - document: pages and the stacks to start with (a stack without a frame fills the window).
    ///   - measurer: text heights and image shapes for element layout.
    ///   - log: receives every event as it happens, in order (SPEC section 3's lines).
    public init(configuration: Configuration, windowWidth: Double, windowHeight: Double,
                direction: LayoutDirection, document: PagesDocument, measurer: ContentMeasuring,
                log: @escaping (TimedEvent) -> Void) {
        self.configuration = configuration
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.direction = direction
        self.document = document
        self.measurer = measurer
        self.log = log
        for member in [tapMember, popMembers[0], controlMember, scrollMember, popMembers[1], popMembers[2]] as [GestureArenaMember] {
            arena.register(member)
        }
        for description in document.stacks {
            let frame = description.frame ?? Rect(x: 0, y: 0, width: windowWidth, height: windowHeight)
            let pages = description.pages.map { makeInstance($0) }
            stacks.append(NavigationStack(id: description.id, frame: frame, pages: pages))
        }
    }

    /// Logs `willAppear` and `didAppear` for each stack's top page, stacks in order (SPEC section 1).
    public func start(atMilliseconds t: Double) {
        for stack in stacks {
            lifecycle(t, stack, stack.top, .willAppear)
            lifecycle(t, stack, stack.top, .didAppear)
        }
    }

    /// Whether a transition is animating, so frame ticks are needed.
    public var needsFrames: Bool {
        !momentum.isEmpty || stacks.contains { $0.transition?.settle != nil } || touchpadRun?.gesture == false
    }

    /// The definition of a page instance, with run-time changes.
    public func page(_ instance: PageInstance) -> PageDefinition {
        var page = delegate?.appModel(self, definitionOf: instance) ?? document.page(instance.pageID)
        if let override = interactivePopOverrides[instance.serial] { page.interactivePop = override }
        return page
    }

    /// A number that changes whenever anything drawn on this page instance changes.
    public func revision(of instance: PageInstance) -> Int {
        (pageRevisions[instance.pageID] ?? 0) &+ (instanceRevisions[instance.serial] ?? 0) &* 1_000_003
    }

    /// The stack with this id, if any.
    public func stack(id: String) -> NavigationStack? {
        stacks.first { $0.id == id }
    }

    // MARK: - Input

    /// Applies one input event at time `t` (ms).
    public func handle(_ event: InputEvent, atMilliseconds t: Double) {
        switch event {
        case .pointer, .scroll, .swipe, .key, .button:
            lastActivityMilliseconds = t
        default:
            break
        }
        switch event {
        case .pointer(let pointer):
            switch pointer.phase {
            case .down: pointerDown(pointer, t)
            case .move: pointerMove(pointer, t)
            case .up: pointerUp(pointer, t)
            case .cancel: pointerCancel(id: pointer.id, t)
            }
        case .push, .pop, .popToRoot:
            request(event, t)
        case .setPage(let id, let change):
            document.pages[id] = change.applied(to: document.page(id))
            pageRevisions[id, default: 0] += 1
            // Turning the swipe off under a finger cancels that swipe, as disabling a UIKit recognizer does.
            if change.interactivePop == false, let owner = arena.swipeOwner, let index = arena.sequences[owner]?.stackIndex,
               let transition = stacks[index].transition, transition.settle == nil, !page(transition.upper).interactivePop {
                pointerCancel(id: owner, t)
            }
        case .direction(let value):
            direction = value
        case .focus(let focused):
            if !focused { cancelAllSequences(t) }
        case .resize(let width, let height):
            resize(width: width, height: height)
        case .close:
            // A swipe under way when the window closes ends as a system cancel, so every `began`
            // in the log has its `ended` or `cancelled`.
            cancelAllSequences(t)
            closeRequested = true
        case .key(let name):
            if configuration.backKeys.contains(name) { backCommand(t, source: .key) }
        case .button(let button):
            if configuration.backButtons.contains(button) { backCommand(t, source: .button) }
        case .swipe(let phase, let dx, let dy, _):
            touchpadGesture(phase, dx: dx, dy: dy, t)
        case .scroll(let dx, let dy, let touchpad, let position):
            if touchpad {
                touchpadScroll(dx: dx, dy: dy, at: position, t)
            } else {
                scrollWheel(dy: dy, at: position)
            }
        }
    }

    private func pointerDown(_ pointer: PointerInput, _ t: Double) {
        // A second down for an id that is still down means its end was lost: end it as a system cancel.
        if arena.sequences[pointer.id] != nil { pointerCancel(id: pointer.id, t) }
        let sequence = ArenaSequence(id: pointer.id, device: pointer.device, downPoint: pointer.position, isTouchpad: false)
        sequence.tracker.addSample(timeMilliseconds: t, position: pointer.position)
        sequence.directionAtDown = direction
        if arena.swipeOwner == nil, let index = stacks.lastIndex(where: { $0.frame.contains(pointer.position) }) {
            sequence.stackIndex = index
            sequence.pageAtDown = stacks[index].top
            focusedStack = index
            if stacks[index].transition == nil {
                // A touch on coasting content stops it, and is not a tap (as in UIKit).
                sequence.stoppedCoasting = momentum.removeValue(forKey: stacks[index].top.serial) != nil
                sequence.elementAtDown = elementHit(stackIndex: index, at: pointer.position)
            }
        } else {
            sequence.isIgnored = true
        }
        arena.open(sequence, model: self, atMilliseconds: t)
        // A transition (animated push or pop, or a settle) owns the stack: a down does nothing,
        // except where a member takes it (the moving page of a swipe's settle).
        if let index = sequence.stackIndex, stacks[index].transition != nil, sequence.members.isEmpty {
            sequence.isIgnored = true
        }
    }

    private func pointerMove(_ pointer: PointerInput, _ t: Double) {
        arena.move(id: pointer.id, to: pointer.position, model: self, atMilliseconds: t)
    }

    /// Starts the interactive pop of a stack's top page: the swipe began at `progress`.
    func beginInteractivePop(stackIndex index: Int, direction: LayoutDirection, progress: Double, _ t: Double) {
        let stack = stacks[index]
        let upper = stack.top
        let lower = stack.pages[stack.pages.count - 2]
        stacks[index].transition = Transition(kind: .interactivePop, operation: .pop, upper: upper, lower: lower,
                                              direction: direction, progress: progress)
        gesture(t, stacks[index], .began, progress: progress)
        lifecycle(t, stack, upper, .willDisappear)
        lifecycle(t, stack, lower, .willAppear)
        transitionStarted(t, stack, .interactivePop)
    }

    /// A finger took hold of a settling interactive pop: it goes on from where it is.
    func regrabInteractivePop(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        stacks[index].transition?.settle = nil
        gesture(t, stacks[index], .began, progress: transition.progress)
    }

    /// The finger moved the page of a running interactive pop to `progress`.
    func followFinger(stackIndex index: Int, progress: Double, velocity: Double?, _ t: Double) {
        stacks[index].transition?.progress = progress
        gesture(t, stacks[index], .changed, progress: progress, velocity: velocity)
    }

    /// Puts the page of a running interactive pop at `progress` (0...1) without a log line (a resize).
    func moveInteractivePop(stackIndex index: Int, to progress: Double) {
        stacks[index].transition?.progress = progress
    }

    /// The finger let go of an interactive pop at `progress`: decide, then settle.
    func releaseInteractivePop(stackIndex index: Int, progress: Double, velocity: Double?, _ t: Double) {
        let decision = PopDecision.decide(progress: progress, velocityPixelsPerSecond: velocity,
                                          widthPixels: stacks[index].frame.width, configuration: configuration)
        stacks[index].transition?.progress = progress
        gesture(t, stacks[index], .ended, progress: progress, velocity: velocity, decision: decision)
        settle(stackIndex: index, to: decision == .commit ? 1 : 0, velocityPixelsPerSecond: velocity ?? 0, t)
    }

    /// The system interrupted an interactive pop: the page goes back.
    func cancelInteractivePop(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        gesture(t, stacks[index], .cancelled, progress: transition.progress)
        settle(stackIndex: index, to: 0, velocityPixelsPerSecond: 0, t)
    }

    /// Whether a control of the top page claims a drag toward the pop direction against the content
    /// swipe: a slider always; a carousel only when it can still move that way (not on its first item).
    func contentClaims(stackIndex index: Int, element: Int) -> Bool {
        let top = stacks[index].top
        switch page(top).elements[element].kind {
        case .slider: return true
        case .carousel: return controlValue(instance: top, element: element) > 0
        default: return false
        }
    }

    /// Whether `point` (window px) is on the page a transition moves.
    func isOnMovingPage(_ point: Point, stack: NavigationStack, transition: Transition) -> Bool {
        guard stack.frame.contains(point) else { return false }
        let offset = transition.progress * stack.frame.width
        return transition.direction == .leftToRight ? point.x >= stack.frame.x + offset : point.x < stack.frame.maxX - offset
    }

    private func pointerUp(_ pointer: PointerInput, _ t: Double) {
        arena.end(id: pointer.id, at: pointer.position, model: self, atMilliseconds: t)
    }

    private func pointerCancel(id: Int, _ t: Double) {
        arena.cancel(id: id, model: self, atMilliseconds: t)
    }

    private func cancelAllSequences(_ t: Double) {
        for id in Array(arena.sequences.keys).sorted() { pointerCancel(id: id, t) }
    }

    /// The release velocity along the pop direction in px/s, clamped to `maxVelocity`; nil when none.
    func popVelocity(_ tracker: VelocityTracker, _ direction: LayoutDirection, atMilliseconds t: Double) -> Double? {
        guard let v = tracker.velocity(atMilliseconds: t) else { return nil }
        let limit = configuration.maxVelocity
        return min(max(v.xPixelsPerSecond * direction.popSign, -limit), limit)
    }

    // MARK: - Hit testing and scrolling

    /// The element of the stack's top page under `point` (window px), or nil; the header hides
    /// content scrolled under it.
    func elementHit(stackIndex index: Int, at point: Point) -> Int? {
        let stack = stacks[index]
        let page = page(stack.top)
        var local = Point(x: point.x - stack.frame.x, y: point.y - stack.frame.y)
        let header = page.header ? headerHeight : 0
        if local.y < header { return nil }
        local.y += scrollOffset(of: stack.top)
        let frames = elementFrames(of: page, width: stack.frame.width)
        return frames.lastIndex { $0.contains(local) }
    }

    /// The id of the element a Swift page draws under `point` (window px), asked of the delegate
    /// in page coordinates (below the header, scrolled); nil when none.
    func customElementHit(stackIndex index: Int, at point: Point) -> String? {
        guard let delegate else { return nil }
        let stack = stacks[index]
        let page = page(stack.top)
        let local = Point(x: point.x - stack.frame.x, y: point.y - stack.frame.y)
        if page.header && local.y < headerHeight { return nil }
        return delegate.appModel(self, elementAt: Point(x: local.x / layoutScale, y: (local.y + scrollOffset(of: stack.top)) / layoutScale),
                                 in: stack.top, inStack: stack.id)
    }

    /// Replaces the configuration; it applies from the next event (a swipe under way goes on with the
    /// new thresholds: the tuning tool changes them while swiping).
    public func reconfigure(_ configuration: Configuration) {
        self.configuration = configuration
    }

    // MARK: - Pages from the Swift API

    /// Turns the interactive pop on or off for one page instance only. It takes effect for the next
    /// swipe: a swipe already under way goes on (DESIGN.md: the setting never leaks to another page).
    public func setInteractivePop(_ enabled: Bool, for instance: PageInstance) {
        guard page(instance).interactivePop != enabled else { return }
        interactivePopOverrides[instance.serial] = enabled
        instanceRevisions[instance.serial, default: 0] += 1
    }

    /// Marks one page instance as changed, so its snapshot is drawn again.
    public func invalidate(_ instance: PageInstance) {
        instanceRevisions[instance.serial, default: 0] += 1
    }

    /// The scroll offset of a page instance, in px (0 = top).
    public func scrollOffset(of instance: PageInstance) -> Double { scrollOffsets[instance.serial] ?? 0 }

    /// The full height in px of `page` laid out `width` px wide: header, elements and the spacing under them.
    public func contentHeight(of page: PageDefinition, width: Double) -> Double {
        PageLayout.contentHeight(frames: PageLayout.frames(for: page, width: width / layoutScale, direction: direction,
                                                           measurer: measurer), page: page) * layoutScale
    }

    /// `contentHeight(of:width:)` of an instance, laid out again only when its revision, the
    /// width, the scale or the direction changed.
    func cachedContentHeight(of instance: PageInstance, definition: PageDefinition, width: Double) -> Double {
        let revision = revision(of: instance)
        if let cached = contentHeights[instance.serial], cached.revision == revision, cached.width == width,
           cached.scale == layoutScale, cached.direction == direction {
            return cached.height
        }
        let height = contentHeight(of: definition, width: width)
        contentHeights[instance.serial] = (revision, width, layoutScale, direction, height)
        return height
    }

    /// How far the top page of a stack can scroll, in px (0 when it fits).
    func maxScrollOffset(stackIndex index: Int) -> Double {
        let stack = stacks[index]
        return max(0, contentHeight(of: page(stack.top), width: stack.frame.width) - stack.frame.height)
    }

    func setScrollOffset(_ offset: Double, stackIndex index: Int) {
        let clamped = min(max(offset, 0), maxScrollOffset(stackIndex: index))
        let serial = stacks[index].top.serial
        if clamped == 0 { scrollOffsets[serial] = nil } else { scrollOffsets[serial] = clamped }
    }

    /// A release that flicks a page's content: it coasts when the finger moved at least
    /// `scrollStopVelocity` (`fingerVelocityPixelsPerSecond` is the finger's vertical velocity, px/s,
    /// down positive; clamped to `maxVelocity`; content moves against it).
    func fling(stackIndex index: Int, fingerVelocityPixelsPerSecond vy: Double, atMilliseconds t: Double) {
        guard abs(vy) >= Self.scrollStopVelocity else { return }
        momentum[stacks[index].top.serial] = Momentum(stack: index, startOffset: scrollOffset(of: stacks[index].top),
                                                      velocityPixelsPerSecond: -min(max(vy, -configuration.maxVelocity), configuration.maxVelocity),
                                                      startMilliseconds: t)
    }

    // MARK: - Touchpad

    /// A touchpad swipe in progress: two-finger smooth scrolling or a 3+ finger gesture, driven as
    /// a virtual pointer from the stack's leading edge, so recognition, the veto, the decision and
    /// the lifecycle are the edge swipe's.
    private var touchpadRun: TouchpadRun?

    private struct TouchpadRun {
        var stack: Int
        var origin: Point
        /// Accumulated finger travel in touchpad px, x positive toward the right edge.
        var dx = 0.0, dy = 0.0
        var lastMilliseconds: Double
        /// A 3+ finger gesture (ends with its own end or cancel), not two-finger scrolling.
        var gesture: Bool
        /// The run went vertical first: its deltas scroll the content.
        var vertical = false
    }

    /// The pointer id of the touchpad's virtual pointer (never a touch id or a mouse id).
    static let touchpadPointerID = Int.min / 2

    /// Two-finger smooth scrolling: horizontal runs toward popping drive the swipe, scaled so
    /// `touchpadDistance` px is a whole stack width; a zero delta (fingers lifted) or
    /// `touchpadEndTimeout` ms without one ends it. Vertical runs scroll the content.
    private func touchpadScroll(dx: Double, dy: Double, at position: Point?, _ t: Double) {
        if dx == 0 && dy == 0 {
            endTouchpadRun(atMilliseconds: t, cancelled: false)
            return
        }
        if touchpadRun?.gesture == true { return } // a gesture owns the touchpad
        // Scrolling moves content against the fingers: a scroll toward the left edge (negative dx)
        // is the fingers moving right.
        moveTouchpad(fingersDx: -dx, fingersDy: -dy, scrollDy: dy, at: position, gesture: false, t)
    }

    /// An XI 2.4 touchpad swipe (3+ fingers): its deltas are the fingers' travel.
    private func touchpadGesture(_ phase: SwipePhase, dx: Double, dy: Double, _ t: Double) {
        switch phase {
        case .begin:
            if touchpadRun != nil { endTouchpadRun(atMilliseconds: t, cancelled: true) }
            let index = touchpadStack(at: nil)
            let possible = arena.swipeOwner == nil && stacks[index].transition == nil && !stacks[index].isAtRoot
                && page(stacks[index].top).interactivePop
            logBack(t, source: .swipe, handled: possible)
            moveTouchpad(fingersDx: dx, fingersDy: dy, scrollDy: nil, at: nil, gesture: true, t)
        case .update:
            guard touchpadRun?.gesture == true else { return }
            moveTouchpad(fingersDx: dx, fingersDy: dy, scrollDy: nil, at: nil, gesture: true, t)
        case .end:
            if touchpadRun?.gesture == true { endTouchpadRun(atMilliseconds: t, cancelled: false) }
        case .cancel:
            // The driver says the gesture was not meant: the page goes back, whatever the progress.
            if touchpadRun?.gesture == true { endTouchpadRun(atMilliseconds: t, cancelled: true) }
        }
    }

    /// The stack a touchpad acts on: the one under the pointer position when the event has one,
    /// else the focused stack.
    private func touchpadStack(at position: Point?) -> Int {
        if let position, let index = stacks.lastIndex(where: { $0.frame.contains(position) }) { return index }
        return min(focusedStack, stacks.count - 1)
    }

    private func moveTouchpad(fingersDx: Double, fingersDy: Double, scrollDy: Double?, at position: Point?, gesture: Bool,
                              _ t: Double) {
        let id = Self.touchpadPointerID
        if touchpadRun == nil {
            let index = touchpadStack(at: position)
            let frame = stacks[index].frame
            // Just inside the leading edge, at the pointer's height (or the stack's middle).
            let y = min(max(position?.y ?? frame.y + frame.height / 2, frame.y), frame.maxY - 1)
            let origin = Point(x: direction == .leftToRight ? frame.x + 1 : frame.maxX - 1, y: y)
            touchpadRun = TouchpadRun(stack: index, origin: origin, lastMilliseconds: t, gesture: gesture)
            touchpadDown(id: id, stackIndex: index, at: origin, t)
        }
        guard var run = touchpadRun else { return }
        run.lastMilliseconds = t
        if run.vertical {
            touchpadRun = run
            if let scrollDy { scrollWheel(dy: scrollDy, at: position) }
            return
        }
        run.dx += fingersDx
        run.dy += fingersDy
        touchpadRun = run
        let scale = stacks[run.stack].frame.width / configuration.touchpadDistance
        pointerMove(PointerInput(phase: .move, id: id, device: .touch,
                                 position: Point(x: run.origin.x + run.dx * scale, y: run.origin.y + run.dy * scale)), t)
        // Vertical first (the recognizer failed on it, or nothing could swipe and the run is
        // mostly vertical): the content takes this run.
        if let sequence = arena.sequences[id], sequence.members.isEmpty,
           sequence.claimedAtDown || (abs(run.dy) * scale >= configuration.touchSlop && abs(run.dy) >= abs(run.dx)) {
            touchpadRun?.vertical = true
            if let scrollDy { scrollWheel(dy: scrollDy, at: position) }
        }
    }

    private func touchpadDown(id: Int, stackIndex index: Int, at point: Point, _ t: Double) {
        if arena.sequences[id] != nil { pointerCancel(id: id, t) }
        let sequence = ArenaSequence(id: id, device: .touch, downPoint: point, isTouchpad: true)
        sequence.tracker.addSample(timeMilliseconds: t, position: point)
        sequence.directionAtDown = direction
        sequence.stackIndex = index
        sequence.pageAtDown = stacks[index].top
        if arena.swipeOwner != nil || stacks[index].transition != nil {
            sequence.isIgnored = true
        } else {
            focusedStack = index
        }
        arena.open(sequence, model: self, atMilliseconds: t)
    }

    /// Ends the touchpad run: a release at the virtual pointer's place (the decision), or a cancel.
    private func endTouchpadRun(atMilliseconds t: Double, cancelled: Bool) {
        guard let run = touchpadRun else { return }
        touchpadRun = nil
        let id = Self.touchpadPointerID
        guard arena.sequences[id] != nil else { return }
        if cancelled {
            pointerCancel(id: id, t)
        } else {
            let scale = stacks[run.stack].frame.width / configuration.touchpadDistance
            pointerUp(PointerInput(phase: .up, id: id, device: .touch,
                                   position: Point(x: run.origin.x + run.dx * scale, y: run.origin.y + run.dy * scale)), t)
        }
    }

    private func scrollWheel(dy: Double, at position: Point?) {
        let point = position ?? Point(x: windowWidth / 2, y: windowHeight / 2)
        guard dy != 0, let index = stacks.lastIndex(where: { $0.frame.contains(point) }),
              stacks[index].transition == nil else { return }
        momentum[stacks[index].top.serial] = nil
        setScrollOffset(scrollOffset(of: stacks[index].top) + dy, stackIndex: index)
    }

    private func advanceMomentum(_ t: Double) {
        for (serial, fling) in momentum {
            guard fling.stack < stacks.count, stacks[fling.stack].top.serial == serial, stacks[fling.stack].transition == nil else {
                momentum[serial] = nil
                continue
            }
            let d = Self.scrollDecelerationPerMillisecond
            let elapsed = max(0, t - fling.startMilliseconds)
            // Coasting at v px/s slowing by d per ms: distance v/1000 * d (1 - d^t) / (1 - d).
            let decay = exponential(elapsed * Self.scrollDecelerationLog) // d^elapsed
            let distance = fling.velocityPixelsPerSecond / 1000 * d * (1 - decay) / (1 - d)
            let target = fling.startOffset + distance
            setScrollOffset(target, stackIndex: fling.stack)
            let reachedEdge = scrollOffset(of: stacks[fling.stack].top) != target
            if abs(fling.velocityPixelsPerSecond) * decay < Self.scrollStopVelocity || reachedEdge {
                momentum[serial] = nil
            }
        }
    }

    // MARK: - Pressed buttons and carousels

    /// The button each page instance shows pressed: instance serial to element index, for fingers
    /// resting on a button of an idle stack's top page.
    public var pressedButtons: [Int: Int] { tapMember.pressedButtons(model: self) }

    /// Carousels being dragged: instance serial to (element index, horizontal offset in px of the
    /// finger from where it went down), so the renderer can show the images following it.
    public var carouselDrags: [Int: (element: Int, offset: Double)] { controlMember.carouselDrags(model: self) }

    /// The current value of a slider (0...1) or carousel (item index) on a page instance.
    public func controlValue(instance: PageInstance, element index: Int) -> Double {
        if let value = controlValues[instance.serial]?[index] { return value }
        if case .slider(let value) = page(instance).elements[index].kind { return value }
        return 0
    }

    func setControl(_ t: Double, stack: NavigationStack, element: Int, value: Double) {
        let instance = stack.top, page = self.page(stack.top)
        guard value != controlValue(instance: instance, element: element) else { return }
        controlValues[instance.serial, default: [:]][element] = value
        instanceRevisions[instance.serial, default: 0] += 1
        emit(t, .control(stack: stack.id, page: page.id, element: page.elements[element].id, value: value))
    }

    // MARK: - Taps and actions

    /// Frame of the system back button in page px, or nil when the page shows none.
    public func systemBackButtonFrame(stack: NavigationStack, page: PageDefinition) -> Rect? {
        guard page.header, page.backButton == .system, !stack.isAtRoot else { return nil }
        let width = Self.backButtonWidth(stackWidth: stack.frame.width / layoutScale) * layoutScale
        let x = direction == .leftToRight ? 0 : stack.frame.width - width
        return Rect(x: x, y: 0, width: width, height: headerHeight)
    }

    /// Width in px of the system back button's tap area; see `PageDefinition.backButtonWidth(stackWidth:)`.
    public static func backButtonWidth(stackWidth: Double) -> Double {
        PageDefinition.backButtonWidth(stackWidth: stackWidth)
    }

    /// Stacks narrower than this, in px, show the back chevron without the previous title; see
    /// `PageDefinition.backTitleMinimumStackWidth`.
    public static var backTitleMinimumStackWidth: Double { PageDefinition.backTitleMinimumStackWidth }

    func activate(_ t: Double, stackIndex index: Int, instance: PageInstance, elementID: String?,
                          action: ElementAction) {
        let page = self.page(instance)
        let stackID = stacks[index].id
        func logAction(toggledValue: Bool? = nil) {
            emit(t, .action(stack: stackID, page: page.id, element: elementID, action: action, toggledValue: toggledValue))
        }
        switch action {
        case .push(let id):
            logAction()
            request(.push(stack: stackID, page: id, animated: true), t)
        case .pop:
            logAction()
            request(.pop(stack: stackID, animated: true), t)
        case .popToRoot:
            logAction()
            request(.popToRoot(stack: stackID, animated: true), t)
        case .toggle:
            // The only bindable property is interactivePop; the switch is this instance's own.
            let value = !page.interactivePop
            interactivePopOverrides[instance.serial] = value
            instanceRevisions[instance.serial, default: 0] += 1
            logAction(toggledValue: value)
        }
    }

    // MARK: - Stack operations

    private func request(_ operation: InputEvent, _ t: Double) {
        let stackID: String
        switch operation {
        case .push(let id, _, _), .pop(let id, _), .popToRoot(let id, _): stackID = id
        default: return
        }
        guard let index = stacks.firstIndex(where: { $0.id == stackID }) else { return }
        if let transition = stacks[index].transition {
            // The first pop requested during an interactive pop is the swipe's own: if the swipe
            // commits it is absorbed (it would pop the revealed page); if it cancels, it applies in turn.
            var absorbable = false
            if case .pop = operation, transition.kind == .interactivePop, transition.target != 0,
               !stacks[index].queued.contains(where: \.absorbable) {
                absorbable = true
            }
            stacks[index].queued.append((operation, absorbable))
            return
        }
        perform(operation, stackIndex: index, t)
    }

    private func perform(_ operation: InputEvent, stackIndex index: Int, _ t: Double) {
        let stack = stacks[index]
        switch operation {
        case .push(_, let pageID, let animated):
            let upper = makeInstance(pageID)
            delegate?.appModel(self, didCreate: upper, inStack: stack.id)
            let lower = stack.top
            lifecycle(t, stack, lower, .willDisappear)
            lifecycle(t, stack, upper, .willAppear)
            if animated {
                stacks[index].transition = Transition(kind: .push, operation: .push, upper: upper, lower: lower,
                                                      direction: direction, progress: 1)
                transitionStarted(t, stack, .push)
                settle(stackIndex: index, to: 0, velocityPixelsPerSecond: 0, t)
            } else {
                lifecycle(t, stack, lower, .didDisappear)
                lifecycle(t, stack, upper, .didAppear)
                stacks[index].pages.append(upper)
                stackLine(t, stacks[index], .push, page: upper)
            }
        case .pop(_, let animated), .popToRoot(_, let animated):
            guard !stack.isAtRoot else { return }
            let toRoot: Bool
            if case .popToRoot = operation { toRoot = true } else { toRoot = false }
            let upper = stack.top
            let lower = toRoot ? stack.pages[0] : stack.pages[stack.pages.count - 2]
            lifecycle(t, stack, upper, .willDisappear)
            lifecycle(t, stack, lower, .willAppear)
            if animated {
                stacks[index].transition = Transition(kind: .pop, operation: toRoot ? .popToRoot : .pop,
                                                      upper: upper, lower: lower, direction: direction, progress: 0)
                transitionStarted(t, stack, .pop)
                settle(stackIndex: index, to: 1, velocityPixelsPerSecond: 0, t)
            } else {
                lifecycle(t, stack, upper, .didDisappear)
                lifecycle(t, stack, lower, .didAppear)
                removePages(stackIndex: index, toRoot: toRoot)
                stackLine(t, stacks[index], toRoot ? .popToRoot : .pop, page: upper)
            }
        default:
            return
        }
    }

    private func removePages(stackIndex index: Int, toRoot: Bool) {
        let removed = toRoot ? Array(stacks[index].pages.dropFirst()) : [stacks[index].top]
        stacks[index].pages.removeLast(removed.count)
        // The delegate hears first, while the instances' own state (their switches) is still there.
        delegate?.appModel(self, didRemove: removed, fromStack: stacks[index].id)
        for instance in removed {
            interactivePopOverrides[instance.serial] = nil
            instanceRevisions[instance.serial] = nil
            controlValues[instance.serial] = nil
            scrollOffsets[instance.serial] = nil
            momentum[instance.serial] = nil
            contentHeights[instance.serial] = nil
        }
    }

    // MARK: - Animation

    private func settle(stackIndex index: Int, to target: Double, velocityPixelsPerSecond: Double, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        let width = max(stacks[index].frame.width, 1)
        let spring = SpringSimulation(from: transition.progress, target: target,
                                      initialVelocity: velocityPixelsPerSecond / width,
                                      stiffness: configuration.springStiffness,
                                      dampingRatio: configuration.springDampingRatio)
        stacks[index].transition?.settle = (spring, t)
    }

    /// Distance to the target under which a settle snaps to it and ends.
    public static let settleSnapDistance = 0.001

    /// When the next timer falls due, in ms, or nil: the idle timeout while something is above a
    /// root and no finger is down. A window sleeps until then instead of ticking.
    public var nextTimerMilliseconds: Double? {
        guard returnsToRootWhenIdle, configuration.kioskIdleTimeout > 0, arena.sequences.isEmpty,
              stacks.contains(where: { !$0.isAtRoot || $0.transition != nil }) else { return nil }
        return lastActivityMilliseconds + configuration.kioskIdleTimeout * 1000
    }

    /// Advances every animation to time `t` (ms); ends settles that reached their target; fires
    /// a due timer.
    public func tick(atMilliseconds t: Double) {
        if let due = nextTimerMilliseconds, t >= due {
            // Idle: every stack goes back to its root with the normal animation and lifecycle
            // (a transition running now finishes first: the pop to root waits its turn).
            lastActivityMilliseconds = t
            for stack in stacks where !stack.isAtRoot || stack.transition != nil {
                request(.popToRoot(stack: stack.id, animated: true), t)
            }
        }
        // A two-finger run with no delta for `touchpadEndTimeout` ms has ended (the fingers lifted
        // without the zero-delta event some drivers send).
        if let run = touchpadRun, !run.gesture, t >= run.lastMilliseconds + configuration.touchpadEndTimeout {
            endTouchpadRun(atMilliseconds: run.lastMilliseconds + configuration.touchpadEndTimeout, cancelled: false)
        }
        advanceMomentum(t)
        for index in stacks.indices {
            guard let transition = stacks[index].transition, let (spring, start) = transition.settle else { continue }
            let seconds = max(0, t - start) / 1000
            var progress = min(max(spring.value(at: seconds), 0), 1)
            let done = abs(progress - spring.target) < Self.settleSnapDistance
            if done { progress = spring.target }
            stacks[index].transition?.progress = progress
            if done { finishTransition(stackIndex: index, t) }
        }
    }

    private func finishTransition(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        let stack = stacks[index]
        stacks[index].transition = nil
        let completed = transition.completes
        // The gesture status shows the swipe while it runs and its settle; after that it is idle again.
        if gestureReadouts.removeValue(forKey: stack.id) != nil {
            for instance in [transition.upper, transition.lower]
            where document.page(instance.pageID).elements.contains(where: { $0.kind == .gestureStatus }) {
                instanceRevisions[instance.serial, default: 0] += 1
            }
        }
        switch (transition.kind, completed) {
        case (.push, _):
            lifecycle(t, stack, transition.lower, .didDisappear)
            lifecycle(t, stack, transition.upper, .didAppear)
            stacks[index].pages.append(transition.upper)
            stackLine(t, stacks[index], .push, page: transition.upper)
        case (.pop, _), (.interactivePop, true):
            lifecycle(t, stack, transition.upper, .didDisappear)
            lifecycle(t, stack, transition.lower, .didAppear)
            removePages(stackIndex: index, toRoot: transition.operation == .popToRoot)
            stackLine(t, stacks[index], transition.operation, page: transition.upper)
        case (.interactivePop, false):
            // UIKit's order for a cancelled interactive pop.
            lifecycle(t, stack, transition.lower, .willDisappear)
            lifecycle(t, stack, transition.lower, .didDisappear)
            lifecycle(t, stack, transition.upper, .willAppear)
            lifecycle(t, stack, transition.upper, .didAppear)
        }
        emit(t, .transition(stack: stack.id, kind: transition.kind, phase: .finished(completed: completed)))
        if transition.kind == .interactivePop && completed {
            stacks[index].queued.removeAll { $0.absorbable }
        } else {
            for i in stacks[index].queued.indices { stacks[index].queued[i].absorbable = false }
        }
        // Apply what was queued during the transition, until one starts a new transition.
        while stacks[index].transition == nil, !stacks[index].queued.isEmpty {
            let next = stacks[index].queued.removeFirst().operation
            perform(next, stackIndex: index, t)
        }
    }

    // MARK: - Window

    private func resize(width: Double, height: Double) {
        guard width > 0, height > 0, windowWidth > 0, windowHeight > 0 else { return }
        let sx = width / windowWidth, sy = height / windowHeight
        let oldFrames = stacks.map(\.frame)
        for index in stacks.indices {
            let f = stacks[index].frame
            stacks[index].frame = Rect(x: f.x * sx, y: f.y * sy, width: f.width * sx, height: f.height * sy)
        }
        for sequence in arena.sequences.values {
            for member in sequence.members { member.windowResized(oldFrames: oldFrames, sequence: sequence, model: self) }
        }
        windowWidth = width
        windowHeight = height
        // Pages that now fit, or fit better, scroll back within their new bounds.
        for index in stacks.indices {
            for instance in stacks[index].pages {
                guard let offset = scrollOffsets[instance.serial] else { continue }
                let limit = max(0, contentHeight(of: page(instance), width: stacks[index].frame.width) - stacks[index].frame.height)
                scrollOffsets[instance.serial] = offset > limit ? (limit == 0 ? nil : limit) : offset
            }
        }
    }

    // MARK: - Log lines

    private func makeInstance(_ pageID: String) -> PageInstance {
        nextSerial += 1
        return PageInstance(pageID: pageID, serial: nextSerial)
    }

    func emit(_ t: Double, _ event: AppEvent) {
        log(TimedEvent(timeMilliseconds: t, event: event))
    }

    private func lifecycle(_ t: Double, _ stack: NavigationStack, _ page: PageInstance, _ phase: LifecyclePhase) {
        emit(t, .lifecycle(stack: stack.id, page: page.pageID, phase: phase))
        delegate?.appModel(self, lifecycle: phase, of: page, inStack: stack.id)
    }

    private func gesture(_ t: Double, _ stack: NavigationStack, _ phase: GesturePhase, progress: Double,
                         velocity: Double? = nil, decision: PopDecision? = nil) {
        let instance = stack.transition?.upper ?? stack.top
        let page = instance.pageID
        let readout = GestureReadout(phase: phase, progress: progress,
                                     velocityPixelsPerSecond: velocity, decision: decision)
        gestureReadouts[stack.id] = readout
        // Pages showing a gesture status draw it anew.
        for instance in [stack.transition?.upper ?? stack.top, stack.transition?.lower].compactMap({ $0 })
        where document.page(instance.pageID).elements.contains(where: { $0.kind == .gestureStatus }) {
            instanceRevisions[instance.serial, default: 0] += 1
        }
        emit(t, .gesture(stack: stack.id, page: page, step: readout))
        delegate?.appModel(self, interactivePop: readout, of: instance, inStack: stack.id)
    }

    private func transitionStarted(_ t: Double, _ stack: NavigationStack, _ kind: TransitionKind) {
        emit(t, .transition(stack: stack.id, kind: kind, phase: .started))
    }

    private func stackLine(_ t: Double, _ stack: NavigationStack, _ op: StackOperation, page: PageInstance) {
        emit(t, .stack(stack: stack.id, operation: op, page: page.pageID, pages: stack.pages.map(\.pageID)))
    }

    /// A back key or mouse back button: pops the focused stack like its back button, animated.
    /// Ignored while any swipe runs or the stack animates (so one user action never pops twice),
    /// and at the root. Keys and buttons not in the configuration's lists are not back commands.
    private func backCommand(_ t: Double, source: BackCommandSource) {
        guard !stacks.isEmpty else { return }
        let index = min(focusedStack, stacks.count - 1)
        let handled = arena.swipeOwner == nil && stacks[index].transition == nil && !stacks[index].isAtRoot
        logBack(t, source: source, handled: handled)
        if handled { request(.pop(stack: stacks[index].id, animated: true), t) }
    }

    private func logBack(_ t: Double, source: BackCommandSource, handled: Bool) {
        guard !stacks.isEmpty else { return }
        emit(t, .back(stack: stacks[min(focusedStack, stacks.count - 1)].id, source: source, handled: handled))
    }

    /// How many entries the per-instance tables hold (switches, revisions, control values, scroll
    /// offsets, momentum) and how many pointer sequences are open: for soak tests, which check
    /// they return to where they started.
    var retainedStateCount: Int {
        interactivePopOverrides.count + instanceRevisions.count + controlValues.count + scrollOffsets.count
            + momentum.count + arena.sequences.count + tapMember.retainedCount + controlMember.retainedCount
            + scrollMember.retainedCount + popMembers.reduce(0) { $0 + $1.retainedCount }
    }

    /// The `final` event: every stack's pages, bottom to top.
    ///
    /// - Parameter t: the time of the last line or tick, in ms.
    public func finalEvent(atMilliseconds t: Double) -> TimedEvent {
        TimedEvent(timeMilliseconds: t, event: .final(stacks: stacks.map { StackPages(id: $0.id, pages: $0.pages.map(\.pageID)) }))
    }
}

extension Array {
    /// The element at `index`, or nil when out of range.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
