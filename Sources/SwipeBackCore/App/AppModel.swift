// SPDX-License-Identifier: Apache-2.0
/// The app model: navigation stacks, the back swipe and page taps, driven by input and frame ticks.
///
/// The live window and `swipeback replay` run this same type. It never reads a clock: every
/// call carries its time in ms, and animations advance only in `tick(atMilliseconds:)`. What happens
/// goes to `log` as typed events (`TimedEvent`), which SwipeBackFormats writes as the event log.
public final class AppModel {
    /// The configuration in effect.
    public internal(set) var configuration: Configuration {
        didSet {
            navigation.context.configuration = configuration
            updateArenaSettings()
        }
    }
    /// The window's size in px.
    private var windowSize: (width: Double, height: Double)
    /// The window's width in px.
    public var windowWidth: Double { windowSize.width }
    /// The window's height in px.
    public var windowHeight: Double { windowSize.height }
    /// The layout direction for the next swipe.
    public internal(set) var direction: LayoutDirection {
        didSet {
            navigation.context.direction = direction
            updateArenaSettings()
        }
    }
    /// The pages, with run-time changes (`set`, toggles) applied.
    public internal(set) var document: PagesDocument
    /// The stacks, bottom to top.
    public var stacks: [NavigationStack] {
        _read { yield navigation.stacks } // in place: no copy of the array per access
    }
    /// The stacks' operations, transitions and lifecycle: navigation, apart from input.
    let navigation = StackNavigation()
    /// Whether the window was asked to close.
    public internal(set) var closeRequested = false
    /// Bumped whenever a page's properties change, so renderers can redraw its snapshot.
    public var pageRevisions: [String: Int] { pageStates.pageRevisions }
    /// Vertical scroll offsets in px of pages taller than their stack, by page instance serial
    /// (0 = top; absent = 0).
    public var scrollOffsets: [Int: Double] { pageStates.scrollOffsets }
    /// The state of each page instance as shown: scroll offsets, control values, switches, revisions.
    var pageStates = PageStates()
    /// Scroll flings in flight, by page instance serial.
    var momentum = ScrollMomentum()

    /// Deceleration of a scroll fling, per ms: UIKit's `UIScrollView.DecelerationRate.normal` (0.998).
    public static let scrollDecelerationPerMillisecond = Deceleration.normal.ratePerMillisecond
    /// A scroll fling stops when slower than this, in px/s.
    public static let scrollStopVelocity = ScrollMomentum.stopVelocityPixelsPerSecond

    /// The last gesture line of each stack, by stack id, for live gesture-status elements (kept by the navigation).
    public var gestureReadouts: [String: GestureReadout] { navigation.gestureReadouts }
    /// Current values of sliders (0...1) and carousels (the item index), by page instance serial and
    /// element index; elements not here have their document value (sliders) or index 0 (carousels).
    /// They belong to the page as shown: another stack or a second push of the same page starts afresh.
    public var controlValues: [Int: [Int: Double]] { pageStates.controlValues }
    /// The measurer for text heights and image shapes.
    public let measurer: ContentMeasuring

    let log: (TimedEvent) -> Void
    /// Told of what happens to page instances, and asked about Swift pages (the `Navigator` API).
    /// Held weakly: the delegate owns the model.
    public weak var delegate: AppModelDelegate?
    /// Layout scale, px per layout unit (`LayoutScale.range`; 1 by default; the window's follows
    /// `Xft.dpi` / 96 through `InputEvent.layoutScale`): every metric (header, margins, elements,
    /// text, `edgeWidth`, `touchSlop`) is multiplied by it, from the next hit test and frame on.
    public var layoutScale = 1.0 {
        didSet { updateArenaSettings() }
    }
    /// Whether the desktop asks for reduced motion (XSETTINGS `Gtk/EnableAnimations` 0, kept current by the window).
    public var desktopReducesMotion = false {
        didSet { navigation.context.desktopReducesMotion = desktopReducesMotion }
    }

    /// Whether `kioskIdleTimeout` applies: after that long without input every stack returns to
    /// its root, animated (the kiosk turns it on; the demo does not).
    public var returnsToRootWhenIdle: Bool {
        get { kioskGuards.idle.isEnabled }
        set { kioskGuards.idle.isEnabled = newValue }
    }
    /// The kiosk's guards on input: the idle return to the root, and the screen saver's wake.
    var kioskGuards = KioskGuards()
    /// Arbitrates pointer sequences between the gestures (`GestureArena`): history menu, tap,
    /// settle regrab, control drag, vertical scroll, edge pop, forward swipe and content pop, in
    /// that order; apps and tests may register more.
    public let arena = GestureArena()
    /// The built-in gestures, registered with `arena` in its order.
    let members = BuiltInMembers()
    /// What the arena's members see of the model, and the intents they ask of it.
    private(set) lazy var arenaHost = AppArenaHost(model: self, settings: arenaSettings)
    /// The touchpad's runs (two-finger scrolling, 3+ finger swipes), driven as virtual pointers.
    let touchpadRuns = TouchpadRuns()
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
        windowSize = (windowWidth, windowHeight)
        self.direction = direction
        self.document = document
        self.measurer = measurer
        self.log = log
        for member in members.inArenaOrder { arena.register(member) }
        navigation.context = NavigationContext(configuration: configuration, direction: direction, desktopReducesMotion: desktopReducesMotion)
        navigation.report = { [unowned self] in self.apply($0) }
        for description in document.stacks {
            let frame = description.frame ?? Rect(x: 0, y: 0, width: windowWidth, height: windowHeight)
            let pages = description.pages.map { navigation.makeInstance($0) }
            navigation.stacks.append(NavigationStack(id: description.id, frame: frame, pages: pages))
        }
    }

    private var arenaSettings: ArenaSettings {
        ArenaSettings(configuration: configuration, direction: direction, layoutScale: layoutScale)
    }

    private func updateArenaSettings() {
        arenaHost.settings = arenaSettings
    }

    /// Logs `willAppear` and `didAppear` for each stack's top page, stacks in order (SPEC section 1).
    public func start(atMilliseconds t: Double) {
        for stack in stacks {
            navigation.lifecycle(t, stack, stack.top, .willAppear)
            navigation.lifecycle(t, stack, stack.top, .didAppear)
        }
    }

    /// Whether a transition is animating, so frame ticks are needed.
    public var needsFrames: Bool {
        !momentum.isEmpty || stacks.contains { $0.transition?.settle != nil } || touchpadRuns.needsTicks
    }

    /// The definition of a page instance, with run-time changes.
    public func page(_ instance: PageInstance) -> PageDefinition {
        var page = delegate?.appModel(self, definitionOf: instance) ?? document.page(instance.pageID)
        if let override = pageStates.interactivePopOverrides[instance.serial] { page.interactivePop = override }
        return page
    }

    /// A number that changes whenever anything drawn on this page instance changes.
    public func revision(of instance: PageInstance) -> Int {
        pageStates.revision(of: instance)
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
            kioskGuards.idle.noteActivity(atMilliseconds: t)
        default:
            break
        }
        // A down or a button that wakes the screen does nothing else, and its sequence nothing until lifted.
        if wakesScreen(event, t) { return }
        switch event {
        case .pointer(let pointer) where pointer.button != 1:
            // Other mouse buttons start no sequence: back and forward buttons, the right-click.
            if pointer.phase == .down { otherButtonDown(pointer, t) }
        case .pointer(let pointer):
            switch pointer.phase {
            case .down: pointerDown(pointer, t)
            case .move: pointerMove(pointer, t)
            case .up: pointerUp(pointer, t)
            case .cancel: pointerCancel(id: pointer.id, t)
            }
        case .push, .pop, .popToRoot, .goForward:
            navigation.request(event, t)
        case .setPage(let id, let change):
            document.pages[id] = change.applied(to: document.page(id))
            pageStates.pageRevisions[id, default: 0] += 1
            // Turning the swipe off under a finger cancels that swipe, as disabling a UIKit recognizer does.
            if change.interactivePop == false, let owner = arena.swipeOwner, let index = arena.sequences[owner]?.stackIndex,
               let transition = stacks[index].transition, transition.settle == nil, !page(transition.upper).interactivePop {
                pointerCancel(id: owner, t)
            }
        case .direction(let value):
            direction = value
        case .focus(let focused):
            // Losing focus cancels the fingers and closes the history menu, as a popover closes.
            if !focused {
                cancelAllSequences(t)
                closeHistoryMenu(t)
            }
        case .resize(let width, let height):
            resize(width: width, height: height, t)
            // A menu none of whose rows fits any more closes.
            if historyMenu != nil && historyMenuRowFrames.isEmpty { closeHistoryMenu(t) }
        case .screenSaver(let active):
            kioskGuards.wakeGuard.screenSaver(active: active, atMilliseconds: t)
        case .layoutScale(let scale): if LayoutScale.isValid(scale) { layoutScale = scale }
        case .desktopReducesMotion(let reduces): desktopReducesMotion = reduces
        case .close:
            // A swipe under way when the window closes ends as a system cancel, so every `began`
            // in the log has its `ended` or `cancelled`.
            cancelAllSequences(t)
            closeHistoryMenu(t)
            closeRequested = true
        case .key(let name):
            if name == "Escape", historyMenu != nil {
                closeHistoryMenu(t) // Escape closes the menu, and does nothing else
            } else if configuration.backKeys.contains(name) {
                backCommand(t, source: .key)
            } else if configuration.forwardKeys.contains(name) {
                forwardCommand(t, source: .key)
            }
        case .button(let button):
            if configuration.backButtons.contains(button) {
                backCommand(t, source: .button)
            } else if configuration.forwardButtons.contains(button) {
                forwardCommand(t, source: .button)
            }
        case .swipe(let phase, let dx, let dy, _):
            apply(touchpadRuns.gesture(phase, dx: dx, dy: dy, touchpadContext, t), t)
        case .scroll(let dx, let dy, let touchpad, let position):
            if touchpad {
                apply(touchpadRuns.scroll(dx: dx, dy: dy, at: position, touchpadContext, t), t)
            } else {
                scrollWheel(dy: dy, at: position)
            }
        }
    }

    // MARK: - Animation

    /// Distance to the target under which a settle snaps to it and ends (`SwipeSettle.snapDistance`).
    public static let settleSnapDistance = SwipeSettle.snapDistance

    /// When the next timer falls due, in ms, or nil: the idle timeout while something is above a
    /// root (or a stack can go forward) and no finger is down, and a long press on a back button.
    /// A window sleeps until then instead of ticking.
    public var nextTimerMilliseconds: Double? {
        guard let menuDue = members.menu.dueMilliseconds else { return idleDueMilliseconds }
        return min(menuDue, idleDueMilliseconds ?? .infinity)
    }

    /// When the idle return falls due, in ms, or nil.
    private var idleDueMilliseconds: Double? {
        kioskGuards.idle.dueMilliseconds(timeoutSeconds: configuration.kioskIdleTimeout, pointersDown: !arena.sequences.isEmpty,
                             awayFromRoot: stacks.contains { !$0.isAtRoot || $0.transition != nil || !$0.forwardPages.isEmpty })
    }

    /// Advances every animation to time `t` (ms); ends settles that reached their target; fires
    /// a due timer.
    public func tick(atMilliseconds t: Double) {
        if let due = idleDueMilliseconds, t >= due {
            // Idle: every stack goes back to its root with the normal animation and lifecycle
            // (a transition running now finishes first: the pop to root waits its turn).
            kioskGuards.idle.noteActivity(atMilliseconds: t)
            // The forward lists go too: the next visitor cannot go forward into these pages.
            for index in stacks.indices where !stacks[index].isAtRoot || stacks[index].transition != nil || !stacks[index].forwardPages.isEmpty {
                navigation.request(.popToRoot(animated: true, clearsForward: true), stackIndex: index, t)
            }
        }
        members.menu.fire(atMilliseconds: t, in: arenaHost)
        if let expired = touchpadRuns.expire(atMilliseconds: t, touchpadContext) { apply(expired.outputs, expired.at) }
        advanceMomentum(t)
        navigation.advanceSettles(to: t)
    }

    // MARK: - Window

    func resize(width: Double, height: Double, _ t: Double) {
        guard width > 0, height > 0, windowWidth > 0, windowHeight > 0 else { return }
        let sx = width / windowWidth, sy = height / windowHeight
        let oldFrames = stacks.map(\.frame)
        for index in stacks.indices {
            let f = stacks[index].frame
            navigation.stacks[index].frame = Rect(x: f.x * sx, y: f.y * sy, width: f.width * sx, height: f.height * sy)
        }
        for sequence in arena.sequences.values {
            for member in sequence.members { member.windowResized(oldFrames: oldFrames, sequence: sequence, in: arenaHost, atMilliseconds: t) }
        }
        windowSize = (width, height)
        // Pages that now fit, or fit better, scroll back within their new bounds.
        for index in stacks.indices {
            for instance in stacks[index].pages {
                guard let offset = pageStates.scrollOffsets[instance.serial] else { continue }
                let limit = max(0, contentHeight(of: page(instance), width: stacks[index].frame.width) - stacks[index].frame.height)
                pageStates.scrollOffsets[instance.serial] = offset > limit ? (limit == 0 ? nil : limit) : offset
            }
        }
    }

    // MARK: - Log lines

    func emit(_ t: Double, _ event: AppEvent) {
        log(TimedEvent(timeMilliseconds: t, event: event))
    }

    /// How many entries the per-instance tables hold (switches, revisions, control values, scroll
    /// offsets, momentum) and how many pointer sequences are open: for soak tests, which check
    /// they return to where they started.
    var retainedStateCount: Int {
        pageStates.retainedCount
            + momentum.count + arena.sequences.count + members.retainedCount
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

/// The arena's built-in members (`AppModel.members`): the history menu, the tap, the control drag,
/// vertical scrolling, and the four interactive pops (the settle regrab, the edge, the forward
/// edge, the content swipe).
struct BuiltInMembers {
    let menu = HistoryMenuMember()
    let tap = TapMember()
    let control = ControlDragMember()
    let scroll = VerticalScrollMember()
    let pops = [SettleRegrabMember(), InteractivePopMember(zone: .edge), InteractivePopMember(zone: .forwardEdge),
                InteractivePopMember(zone: .content)]

    /// Every one, in the arena's order: history menu, tap, settle regrab, control drag, vertical
    /// scroll, edge pop, forward swipe, content pop.
    var inArenaOrder: [GestureArenaMember] { [menu, tap, pops[0], control, scroll, pops[1], pops[2], pops[3]] }

    /// How many sequences they hold state for (soak tests).
    var retainedCount: Int {
        menu.retainedCount + tap.retainedCount + control.retainedCount + scroll.retainedCount
            + pops.reduce(0) { $0 + $1.retainedCount }
    }
}

/// The kiosk's guards on input (`AppModel.kioskGuards`).
struct KioskGuards {
    /// The idle policy's state.
    var idle = IdlePolicy()
    /// The screen saver as last reported, for `kioskWakeGuard`.
    var wakeGuard = WakeGuard()
}
