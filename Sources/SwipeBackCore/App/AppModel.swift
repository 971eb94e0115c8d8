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
    private var momentum: [Int: Momentum] = [:]
    /// The latest position of each pointer sequence that is down.
    private var lastPositions: [Int: Point] = [:]

    /// A fling of a page's content: it coasts and slows at UIKit's normal deceleration.
    private struct Momentum {
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
    private var sequences: [Int: PointerSequence] = [:]
    /// The sequence that owns the running swipe, if any; one swipe per window.
    private var swipeOwner: Int?
    private var focusedStack = 0

    /// One pointer sequence from down to up.
    private struct PointerSequence {
        var stack: Int?
        /// The stack's top page when the sequence went down: a swipe may only pop that page.
        var pageAtDown: PageInstance?
        var downPoint: Point
        var tracker = VelocityTracker()
        var recognizer: ScreenEdgePanGestureRecognizer?
        var tapTarget: TapTarget?
        /// A slider or carousel under the down, which claims horizontal drags: its element index.
        var control: Int?
        /// Whether the sequence moved horizontally first and now drives `control`.
        var controlActive = false
        /// The slider's value when the drag took it.
        var controlStart: Double?
        /// The scroll offset when the sequence began scrolling its page, or nil when it does not scroll.
        var scrollStart: Double?
        /// Went down while another sequence owned the swipe, or on a busy stack: ignored for its whole life.
        var ignored = false
        /// A touchpad run driven through a virtual pointer: never taps, controls or scrolls content.
        var touchpad = false
        /// Went down on the moving page of a settling interactive pop: it takes hold of the page if it
        /// moves `touchSlop` horizontally first (DESIGN.md "Settle"); a tap does nothing.
        var regrab = false
    }

    private enum TapTarget {
        case element(Int)
        case systemBackButton
        /// An element a Swift page draws and hit-tests itself, by its id.
        case custom(String)
    }

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
            if change.interactivePop == false, let owner = swipeOwner, let index = sequences[owner]?.stack,
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
        if sequences[pointer.id] != nil { pointerCancel(id: pointer.id, t) }
        var sequence = PointerSequence(downPoint: pointer.position)
        sequence.tracker.addSample(timeMilliseconds: t, position: pointer.position)
        defer { sequences[pointer.id] = sequence }
        guard swipeOwner == nil,
              let index = stacks.lastIndex(where: { $0.frame.contains(pointer.position) }) else {
            sequence.ignored = true
            return
        }
        let stack = stacks[index]
        sequence.stack = index
        sequence.pageAtDown = stack.top
        focusedStack = index
        // A transition (animated push or pop, or a settle) owns the stack: a down does nothing,
        // except on the moving page of a swipe's settle, which a horizontal drag takes hold of again.
        if let transition = stack.transition {
            if transition.kind == .interactivePop, transition.settle != nil,
               isOnMovingPage(pointer.position, stack: stack, transition: transition) {
                sequence.regrab = true
            } else {
                sequence.ignored = true
            }
            return
        }
        let local = Point(x: pointer.position.x - stack.frame.x, y: pointer.position.y - stack.frame.y)
        let page = page(stack.top)
        // A touch on coasting content stops it, and is not a tap (as in UIKit).
        let wasCoasting = momentum.removeValue(forKey: stack.top.serial) != nil
        let hit = elementHit(stackIndex: index, at: pointer.position)
        let customHit = hit == nil ? customElementHit(stackIndex: index, at: pointer.position) : nil
        if wasCoasting {
            sequence.tapTarget = nil
        } else if let customHit {
            sequence.tapTarget = .custom(customHit)
        } else if let hit {
            sequence.tapTarget = .element(hit)
        } else if systemBackButtonFrame(stack: stack, page: page)?.contains(local) == true {
            sequence.tapTarget = .systemBackButton
        }
        let claimed = hit.map { page.elements[$0].claimsHorizontalDrags } ?? false
        if claimed { sequence.control = hit }
        let inEdgeZone = ScreenEdgePanGestureRecognizer.isInEdgeZone(pointer.position, frame: stack.frame, direction: direction,
                                                                     edgeWidth: configuration.edgeWidth)
        // The edge keeps priority in its zone, where a control under the finger keeps its drags.
        // Elsewhere, with the full-width content swipe on (iOS 26, libadwaita), a drag toward the pop
        // direction anywhere on the page pops it, unless the control under it can take that drag.
        let contentSwipe = configuration.contentSwipe && !inEdgeZone && !(hit.map { contentClaims(stackIndex: index, element: $0) } ?? false)
        if !stack.isAtRoot, page.interactivePop, (inEdgeZone && !claimed) || contentSwipe {
            sequence.recognizer = ScreenEdgePanGestureRecognizer(
                downPoint: pointer.position, direction: direction,
                widthPixels: stack.frame.width, touchSlop: configuration.touchSlop)
        }
    }

    private func pointerMove(_ pointer: PointerInput, _ t: Double) {
        guard var sequence = sequences[pointer.id] else { return } // hover
        lastPositions[pointer.id] = pointer.position
        defer { sequences[pointer.id] = sequence }
        sequence.tracker.addSample(timeMilliseconds: t, position: pointer.position)
        // A finger that slides off its tap target by more than the touch slop no longer taps.
        if sequence.tapTarget != nil {
            let dx = pointer.position.x - sequence.downPoint.x, dy = pointer.position.y - sequence.downPoint.y
            if (dx * dx + dy * dy).squareRoot() > configuration.touchSlop { sequence.tapTarget = nil }
        }
        if sequence.regrab, !sequence.ignored, sequence.recognizer == nil, let index = sequence.stack {
            regrabMove(&sequence, id: pointer.id, stackIndex: index, at: pointer.position, t)
            return
        }
        // Over a carousel on its first item with the content swipe on, a drag toward popping is the
        // swipe's; a drag the other way stays the carousel's.
        if sequence.control != nil, !sequence.controlActive, let recognizer = sequence.recognizer, recognizer.state == .possible {
            let dx = (pointer.position.x - sequence.downPoint.x) * recognizer.direction.popSign
            let dy = pointer.position.y - sequence.downPoint.y
            if dx >= configuration.touchSlop && dx > abs(dy) { sequence.control = nil }
        }
        if !sequence.ignored, let index = sequence.stack, let control = sequence.control {
            dragControl(&sequence, stackIndex: index, element: control, to: pointer.position, t)
            if sequence.control != nil { return } // a vertical drag on a control falls through to scrolling
        }
        if !sequence.ignored, !sequence.touchpad, let index = sequence.stack, swipeOwner != pointer.id,
           stacks[index].transition == nil, stacks[index].top == sequence.pageAtDown {
            let dx = pointer.position.x - sequence.downPoint.x, dy = pointer.position.y - sequence.downPoint.y
            if sequence.scrollStart == nil, !sequence.controlActive, sequence.recognizer?.isActive != true,
               abs(dy) >= configuration.touchSlop, abs(dy) >= abs(dx), maxScrollOffset(stackIndex: index) > 0 {
                // Vertical first: the page's content takes the drag (the edge swipe fails on it too).
                sequence.scrollStart = scrollOffset(of: stacks[index].top) + dy
                sequence.tapTarget = nil
            }
            if let start = sequence.scrollStart {
                setScrollOffset(start - dy, stackIndex: index)
                if var recognizer = sequence.recognizer, recognizer.state == .possible {
                    recognizer.fail()
                    sequence.recognizer = recognizer
                }
                return
            }
        }
        guard !sequence.ignored, let index = sequence.stack, var recognizer = sequence.recognizer else { return }
        let outcome = recognizer.move(to: pointer.position)
        sequence.recognizer = recognizer
        switch outcome {
        case .none, .failed:
            return
        case .wouldBegin:
            let stack = stacks[index]
            let page = page(stack.top)
            // The stack must still be as it was at the down: same top page, still enabled, nothing
            // animating (a push, pop or settle that started since then owns the stack).
            guard stack.transition == nil, stack.top == sequence.pageAtDown, page.interactivePop, !stack.isAtRoot else {
                recognizer.fail()
                sequence.recognizer = recognizer
                return
            }
            // The page's veto, asked once per attempt with the start point: a document page's
            // static answer, or a Swift page's closure.
            let answer = page.shouldBegin
                ?? delegate?.appModel(self, shouldBeginInteractivePopOf: stack.top, inStack: stack.id, at: sequence.downPoint)
            if let answer {
                emit(t, .veto(stack: stack.id, page: page.id, downPoint: sequence.downPoint, allowed: answer))
                // The veto may have changed the stacks (a push or pop from inside it): then the swipe fails.
                let now = stacks[index]
                if !answer || now.transition != nil || now.top != sequence.pageAtDown || now.isAtRoot {
                    recognizer.fail()
                    sequence.recognizer = recognizer
                    return
                }
            }
            recognizer.begin()
            sequence.recognizer = recognizer
            sequence.tapTarget = nil
            beginSwipe(owner: pointer.id, stackIndex: index, recognizer: recognizer, t)
        case .changed:
            guard swipeOwner == pointer.id, stacks[index].transition != nil else { return }
            stacks[index].transition?.progress = recognizer.progress
            let velocity = popVelocity(sequence.tracker, recognizer.direction, atMilliseconds: t)
            gesture(t, stacks[index], .changed, progress: recognizer.progress, velocity: velocity)
        }
    }

    private func beginSwipe(owner: Int, stackIndex index: Int, recognizer: ScreenEdgePanGestureRecognizer, _ t: Double) {
        swipeOwner = owner
        // One swipe per window: every other undecided sequence fails and loses its tap.
        for (id, other) in sequences where id != owner {
            var other = other
            other.recognizer?.fail()
            other.tapTarget = nil
            other.control = nil
            sequences[id] = other
        }
        let stack = stacks[index]
        let upper = stack.top
        let lower = stack.pages[stack.pages.count - 2]
        stacks[index].transition = Transition(kind: .interactivePop, operation: .pop, upper: upper, lower: lower,
                                              direction: recognizer.direction, progress: recognizer.progress)
        gesture(t, stacks[index], .began, progress: recognizer.progress)
        lifecycle(t, stack, upper, .willDisappear)
        lifecycle(t, stack, lower, .willAppear)
        transitionStarted(t, stack, .interactivePop)
    }

    /// Whether a control of the top page claims a drag toward the pop direction against the content
    /// swipe: a slider always; a carousel only when it can still move that way (not on its first item).
    private func contentClaims(stackIndex index: Int, element: Int) -> Bool {
        let top = stacks[index].top
        switch page(top).elements[element].kind {
        case .slider: return true
        case .carousel: return controlValue(instance: top, element: element) > 0
        default: return false
        }
    }

    /// Whether `point` (window px) is on the page a transition moves.
    private func isOnMovingPage(_ point: Point, stack: NavigationStack, transition: Transition) -> Bool {
        guard stack.frame.contains(point) else { return false }
        let offset = transition.progress * stack.frame.width
        return transition.direction == .leftToRight ? point.x >= stack.frame.x + offset : point.x < stack.frame.maxX - offset
    }

    /// A move of a sequence that went down on a settling page: once it has moved `touchSlop`
    /// horizontally (and more than vertically) it takes hold of the page where it is and the swipe
    /// goes on: `began` at the current progress, no new lifecycle or transition lines.
    private func regrabMove(_ sequence: inout PointerSequence, id: Int, stackIndex index: Int, at point: Point, _ t: Double) {
        guard swipeOwner == nil, let transition = stacks[index].transition, transition.kind == .interactivePop,
              transition.settle != nil else {
            sequence.ignored = true // the settle ended, or another finger took the page: too late
            return
        }
        let dx = point.x - sequence.downPoint.x, dy = point.y - sequence.downPoint.y
        if abs(dy) >= configuration.touchSlop && abs(dy) >= abs(dx) {
            sequence.ignored = true
            return
        }
        guard abs(dx) >= configuration.touchSlop, abs(dx) > abs(dy) else { return }
        let recognizer = ScreenEdgePanGestureRecognizer.grabbing(
            at: point, progress: transition.progress, direction: transition.direction,
            widthPixels: stacks[index].frame.width, touchSlop: configuration.touchSlop)
        sequence.recognizer = recognizer
        sequence.tapTarget = nil
        sequence.pageAtDown = stacks[index].top
        stacks[index].transition?.settle = nil
        swipeOwner = id
        for (other, var otherSequence) in sequences where other != id {
            otherSequence.recognizer?.fail()
            otherSequence.tapTarget = nil
            otherSequence.control = nil
            sequences[other] = otherSequence
        }
        gesture(t, stacks[index], .began, progress: transition.progress)
    }

    private func pointerUp(_ pointer: PointerInput, _ t: Double) {
        lastPositions[pointer.id] = nil
        guard var sequence = sequences.removeValue(forKey: pointer.id) else { return }
        guard !sequence.ignored, let index = sequence.stack else { return }
        if swipeOwner == pointer.id, var recognizer = sequence.recognizer, recognizer.isActive {
            swipeOwner = nil
            recognizer.end(at: pointer.position)
            sequence.recognizer = recognizer
            guard stacks[index].transition != nil else { return }
            let progress = recognizer.progress
            let velocity = popVelocity(sequence.tracker, recognizer.direction, atMilliseconds: t)
            let width = stacks[index].frame.width
            let decision = PopDecision.decide(progress: progress, velocityPixelsPerSecond: velocity,
                                              widthPixels: width, configuration: configuration)
            stacks[index].transition?.progress = progress
            gesture(t, stacks[index], .ended, progress: progress, velocity: velocity, decision: decision)
            settle(stackIndex: index, to: decision == .commit ? 1 : 0,
                   velocityPixelsPerSecond: velocity ?? 0, t)
            return
        }
        if sequence.scrollStart != nil {
            let vy = sequence.tracker.velocity(atMilliseconds: t)?.yPixelsPerSecond ?? 0
            // Content follows the finger: a downward flick scrolls toward the top.
            if abs(vy) >= Self.scrollStopVelocity, stacks[index].transition == nil {
                momentum[stacks[index].top.serial] = Momentum(stack: index, startOffset: scrollOffset(of: stacks[index].top),
                                                              velocityPixelsPerSecond: -min(max(vy, -configuration.maxVelocity), configuration.maxVelocity),
                                                              startMilliseconds: t)
            }
            return
        }
        if sequence.controlActive, let control = sequence.control {
            releaseControl(sequence, stackIndex: index, element: control, at: pointer.position, t)
            return
        }
        // A tap: down and up on the same element, the up within touch slop of the down.
        guard let target = sequence.tapTarget, stacks[index].transition == nil else { return }
        let dx = pointer.position.x - sequence.downPoint.x, dy = pointer.position.y - sequence.downPoint.y
        guard (dx * dx + dy * dy).squareRoot() <= configuration.touchSlop else { return }
        let stack = stacks[index]
        let local = Point(x: pointer.position.x - stack.frame.x, y: pointer.position.y - stack.frame.y)
        let page = page(stack.top)
        switch target {
        case .systemBackButton:
            guard systemBackButtonFrame(stack: stack, page: page)?.contains(local) == true else { return }
            activate(t, stackIndex: index, instance: stack.top, elementID: nil, action: .pop)
        case .custom(let element):
            guard customElementHit(stackIndex: index, at: pointer.position) == element else { return }
            delegate?.appModel(self, didTap: element, in: stack.top, inStack: stack.id)
        case .element(let elementIndex):
            guard elementHit(stackIndex: index, at: pointer.position) == elementIndex else { return }
            let element = page.elements[elementIndex]
            switch element.kind {
            case .button(_, let action):
                activate(t, stackIndex: index, instance: stack.top, elementID: element.id, action: action)
            case .toggle(_, let bind):
                activate(t, stackIndex: index, instance: stack.top, elementID: element.id, action: .toggle(bind))
            default:
                return
            }
        }
    }

    private func pointerCancel(id: Int, _ t: Double) {
        lastPositions[id] = nil
        guard let sequence = sequences.removeValue(forKey: id) else { return }
        guard swipeOwner == id, let index = sequence.stack, let transition = stacks[index].transition else { return }
        swipeOwner = nil
        gesture(t, stacks[index], .cancelled, progress: transition.progress)
        settle(stackIndex: index, to: 0, velocityPixelsPerSecond: 0, t)
    }

    private func cancelAllSequences(_ t: Double) {
        for id in Array(sequences.keys).sorted() { pointerCancel(id: id, t) }
        sequences.removeAll()
    }

    /// The release velocity along the pop direction in px/s, clamped to `maxVelocity`; nil when none.
    private func popVelocity(_ tracker: VelocityTracker, _ direction: LayoutDirection, atMilliseconds t: Double) -> Double? {
        guard let v = tracker.velocity(atMilliseconds: t) else { return nil }
        let limit = configuration.maxVelocity
        return min(max(v.xPixelsPerSecond * direction.popSign, -limit), limit)
    }

    // MARK: - Hit testing and scrolling

    /// The element of the stack's top page under `point` (window px), or nil; the header hides
    /// content scrolled under it.
    private func elementHit(stackIndex index: Int, at point: Point) -> Int? {
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
    private func customElementHit(stackIndex index: Int, at point: Point) -> String? {
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
    private func maxScrollOffset(stackIndex index: Int) -> Double {
        let stack = stacks[index]
        return max(0, contentHeight(of: page(stack.top), width: stack.frame.width) - stack.frame.height)
    }

    private func setScrollOffset(_ offset: Double, stackIndex index: Int) {
        let clamped = min(max(offset, 0), maxScrollOffset(stackIndex: index))
        let serial = stacks[index].top.serial
        if clamped == 0 { scrollOffsets[serial] = nil } else { scrollOffsets[serial] = clamped }
    }

    /// Scrolls the page under `position` by `dy` px (wheel or touchpad; positive scrolls the content up).
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
            let possible = swipeOwner == nil && stacks[index].transition == nil && !stacks[index].isAtRoot
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
        if let sequence = sequences[id], sequence.recognizer?.state == .failed
            || (sequence.recognizer == nil && abs(run.dy) * scale >= configuration.touchSlop && abs(run.dy) >= abs(run.dx)) {
            touchpadRun?.vertical = true
            if let scrollDy { scrollWheel(dy: scrollDy, at: position) }
        }
    }

    private func touchpadDown(id: Int, stackIndex index: Int, at point: Point, _ t: Double) {
        if sequences[id] != nil { pointerCancel(id: id, t) }
        var sequence = PointerSequence(downPoint: point)
        sequence.touchpad = true
        sequence.tracker.addSample(timeMilliseconds: t, position: point)
        let stack = stacks[index]
        sequence.stack = index
        sequence.pageAtDown = stack.top
        if swipeOwner != nil || stack.transition != nil {
            sequence.ignored = true
        } else {
            focusedStack = index
            if !stack.isAtRoot, page(stack.top).interactivePop {
                sequence.recognizer = ScreenEdgePanGestureRecognizer(downPoint: point, direction: direction,
                                                                     widthPixels: stack.frame.width,
                                                                     touchSlop: configuration.touchSlop)
            }
        }
        sequences[id] = sequence
    }

    /// Ends the touchpad run: a release at the virtual pointer's place (the decision), or a cancel.
    private func endTouchpadRun(atMilliseconds t: Double, cancelled: Bool) {
        guard let run = touchpadRun else { return }
        touchpadRun = nil
        let id = Self.touchpadPointerID
        guard sequences[id] != nil else { return }
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

    // MARK: - Pressed buttons

    /// The button each page instance shows pressed: instance serial to element index, for fingers
    /// resting on a button of an idle stack's top page.
    public var pressedButtons: [Int: Int] {
        var pressed: [Int: Int] = [:]
        for sequence in sequences.values where !sequence.ignored {
            guard let index = sequence.stack, case .element(let element)? = sequence.tapTarget,
                  stacks[index].transition == nil else { continue }
            let page = page(stacks[index].top)
            if element < page.elements.count, case .button = page.elements[element].kind {
                pressed[stacks[index].top.serial] = element
            }
        }
        return pressed
    }

    // MARK: - Sliders and carousels

    /// Carousels being dragged: instance serial to (element index, horizontal offset in px of the
    /// finger from where it went down), so the renderer can show the images following it.
    public var carouselDrags: [Int: (element: Int, offset: Double)] {
        var drags: [Int: (element: Int, offset: Double)] = [:]
        for (id, sequence) in sequences where sequence.controlActive {
            guard let index = sequence.stack, let element = sequence.control, stacks[index].transition == nil,
                  case .carousel? = page(stacks[index].top).elements[safe: element]?.kind,
                  let position = lastPositions[id] else { continue }
            drags[stacks[index].top.serial] = (element, position.x - sequence.downPoint.x)
        }
        return drags
    }

    /// The current value of a slider (0...1) or carousel (item index) on a page instance.
    public func controlValue(instance: PageInstance, element index: Int) -> Double {
        if let value = controlValues[instance.serial]?[index] { return value }
        if case .slider(let value) = page(instance).elements[index].kind { return value }
        return 0
    }

    private func dragControl(_ sequence: inout PointerSequence, stackIndex index: Int, element: Int,
                             to position: Point, _ t: Double) {
        let stack = stacks[index]
        let page = page(stack.top)
        guard stack.transition == nil, element < page.elements.count else { return }
        let dx = position.x - sequence.downPoint.x, dy = position.y - sequence.downPoint.y
        if !sequence.controlActive {
            // The control claims the drag once it is horizontal; a vertical one is not its.
            guard abs(dx) >= configuration.touchSlop, abs(dx) > abs(dy) else {
                if abs(dy) >= configuration.touchSlop { sequence.control = nil; sequence.tapTarget = nil }
                return
            }
            sequence.controlActive = true
            sequence.tapTarget = nil
        }
        guard case .slider = page.elements[element].kind else { return } // a carousel pages at the release
        // The knob moves with the finger from where it was (UISlider), it does not jump to it.
        if sequence.controlStart == nil { sequence.controlStart = controlValue(instance: stack.top, element: element) }
        let frame = elementFrames(of: page, width: stack.frame.width)[element]
        let track = max(1, frame.width - 2 * PageElement.sliderKnobRadius * layoutScale)
        let delta = (position.x - sequence.downPoint.x) * direction.popSign / track
        setControl(t, stack: stack, element: element, value: min(max(sequence.controlStart! + delta, 0), 1))
    }

    private func releaseControl(_ sequence: PointerSequence, stackIndex index: Int, element: Int, at position: Point,
                                _ t: Double) {
        let stack = stacks[index]
        let page = page(stack.top)
        guard stack.transition == nil, element < page.elements.count,
              case .carousel(let items) = page.elements[element].kind else { return }
        let frame = elementFrames(of: page, width: stack.frame.width)[element]
        // Toward the reading direction's end: a drag of a quarter of the carousel, or a fling, pages once.
        let forward = (sequence.downPoint.x - position.x) * direction.popSign
        let velocity = (sequence.tracker.velocity(atMilliseconds: t)?.xPixelsPerSecond ?? 0) * -direction.popSign
        let current = Int(controlValue(instance: stack.top, element: element))
        var next = current
        if forward >= frame.width / 4 || (forward > 0 && velocity >= configuration.flingVelocity * frame.width) {
            next = min(current + 1, max(items.count - 1, 0))
        } else if -forward >= frame.width / 4 || (forward < 0 && -velocity >= configuration.flingVelocity * frame.width) {
            next = max(current - 1, 0)
        }
        setControl(t, stack: stack, element: element, value: Double(next))
    }

    private func setControl(_ t: Double, stack: NavigationStack, element: Int, value: Double) {
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

    private func activate(_ t: Double, stackIndex index: Int, instance: PageInstance, elementID: String?,
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
        guard returnsToRootWhenIdle, configuration.kioskIdleTimeout > 0, sequences.isEmpty,
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
        for (id, sequence) in sequences {
            guard let stack = sequence.stack, var recognizer = sequence.recognizer else { continue }
            let old = oldFrames[stack], new = stacks[stack].frame
            let edgeShift = recognizer.direction == .leftToRight ? new.x - old.x : new.maxX - old.maxX
            recognizer.resize(widthPixels: new.width, shift: Point(x: edgeShift, y: new.y - old.y))
            sequences[id]?.recognizer = recognizer
            // The page follows the finger at once, not at the next move.
            if swipeOwner == id, recognizer.isActive, stacks[stack].transition?.settle == nil {
                stacks[stack].transition?.progress = recognizer.progress
            }
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

    private func emit(_ t: Double, _ event: AppEvent) {
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
        let handled = swipeOwner == nil && stacks[index].transition == nil && !stacks[index].isAtRoot
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
            + momentum.count + sequences.count + lastPositions.count
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
