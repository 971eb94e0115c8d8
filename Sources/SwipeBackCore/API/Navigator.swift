// SPDX-License-Identifier: Apache-2.0
/// The Swift API's entry point: stacks of pages (Swift pages and document pages, mixed), the
/// interactive pop on each, and observers of it.
///
/// Headless, it is driven by `handle(_:atMilliseconds:)` and `tick(atMilliseconds:)` (tests,
/// replay); the `SwipeBack` library's `run(title:)` shows it in an X11 window. Several stacks
/// share one window (a split view), each addressed by its id; enabling, disabling or observing one
/// never affects another.
public final class Navigator {
    /// The engine, for the renderer and the window (`@_spi(Engine) import SwipeBackCore`); apps
    /// use the navigator's own members.
    @_spi(Engine) public let model: AppModel
    /// Answers the engine for the navigator, so the delegate methods are not part of its API.
    private let bridge = NavigatorBridge()
    /// Swift pages on the stacks, by instance serial.
    private var pages: [Int: Page] = [:]
    /// Swift pages pushed but not yet made into instances (a push waits for a running
    /// transition), per stack, in order.
    private var pendingPushes: [String: [Page]] = [:]
    private var observers = SwipeObservers()
    private var lastTime = 0.0

    /// The app clock in ms for operations that carry no time (`push`, `pop`): by default the latest
    /// time handled; the window sets it to its own monotonic clock.
    public var clock: (() -> Double)?

    /// A stack to start with.
    public struct Stack {
        /// The stack's id, by which the API, scenarios and log lines address it.
        public var id: String
        /// The frame in window px, or nil to fill the window.
        public var frame: Rect?
        /// The root page: a Swift page, or the id of a document page.
        public var root: Root

        /// The root page of a stack.
        public enum Root {
            /// A page written in Swift.
            case page(Page)
            /// A page of the pages document, by id.
            case document(String)
        }

        /// Creates a stack description.
        ///
        /// - Parameters:
        ///   - id: the stack's id, unique in the window.
        ///   - frame: px in the window; nil fills it.
        ///   - root: the bottom page; it can never be popped.
        public init(id: String = "main", frame: Rect? = nil, root: Root) {
            self.id = id
            self.frame = frame
            self.root = root
        }
    }

    /// Creates a navigator and shows each stack's root (its `willAppear` and `didAppear` run at time 0).
    ///
    /// - Parameters:
    ///   - stacks: the stacks, bottom to top in the window; at least one, ids unique.
    ///   - document: document pages that stacks and buttons refer to by id (SPEC section 2); empty by default.
    ///   - configuration: the tunables (DESIGN.md defaults).
    ///   - width: the window width in px, more than 0.
    ///   - height: the window height in px, more than 0.
    ///   - direction: the layout direction (`.rightToLeft` swipes from the right edge).
    ///   - measurer: text heights for element layout (`TextMeasurer` in the `SwipeBack` library).
    ///   - log: receives every engine event as it happens (SPEC section 3 names their log lines); none by default.
    public init(stacks: [Stack], document: PagesDocument = PagesDocument(pages: [:], stacks: []),
                configuration: Configuration = Configuration(), width: Double = 1024, height: Double = 640,
                direction: LayoutDirection = .leftToRight, measurer: ContentMeasuring,
                log: @escaping (TimedEvent) -> Void = { _ in }) {
        precondition(!stacks.isEmpty, "a navigator needs at least one stack")
        precondition(Set(stacks.map(\.id)).count == stacks.count, "stack ids must be unique")
        let roots = stacks.compactMap { stack -> Page? in if case .page(let page) = stack.root { return page } else { return nil } }
        precondition(Set(roots.map(ObjectIdentifier.init)).count == roots.count, "a page object can be the root of one stack only")
        for page in roots {
            precondition(page.instance == nil, "the page \"\(page.id)\" is already on a navigator's stack")
            precondition(document.pages[page.id] == nil, "the Swift page id \"\(page.id)\" is also a page of the document")
        }
        var document = document
        document.stacks = stacks.map { stack in
            switch stack.root {
            case .page(let page): return StackDescription(id: stack.id, frame: stack.frame, pages: [page.id])
            case .document(let id): return StackDescription(id: stack.id, frame: stack.frame, pages: [id])
            }
        }
        model = AppModel(configuration: configuration, windowWidth: width, windowHeight: height, direction: direction,
                         document: document, measurer: measurer, log: log)
        for (index, stack) in stacks.enumerated() {
            if case .page(let page) = stack.root { bind(page, to: model.stacks[index].pages[0], stack: stack.id) }
        }
        bridge.navigator = self
        model.delegate = bridge
        model.start(atMilliseconds: 0)
    }

    private var now: Double { clock?() ?? lastTime }

    /// The layout scale, px per layout unit (`LayoutScale.range`): pages, the header, `edgeWidth` and
    /// `touchSlop` are this many times their layout size. 1 until a window runs; `run()` takes it
    /// from the X server's `Xft.dpi` / 96 (followed live) or `SWIPEBACK_SCALE`. Setting it here
    /// applies to the next hit test and frame (a window that follows `Xft.dpi` sets it again on a
    /// change). A `CairoDrawing` page draws in px: multiply its metrics by this.
    public var layoutScale: Double {
        get { model.layoutScale }
        set { model.layoutScale = newValue }
    }

    // MARK: - Stack operations

    /// Pushes a Swift page onto a stack, animated unless `animated` is false. During a running
    /// transition the push waits its turn (DESIGN.md "Queued operations").
    ///
    /// - Parameters:
    ///   - page: a page object not on any stack yet.
    ///   - stack: the stack's id; an unknown id does nothing.
    ///   - animated: slide the page in (true) or show it at once (false).
    /// - Returns: false when there is no such stack (nothing happens).
    ///
    /// A page object is on one stack at a time (pushing it again while it is shown stops the
    /// program with a precondition failure); once popped, it may be pushed again (it leaves the
    /// forward list it waits in). Its id must not be the id of a document page.
    @discardableResult
    public func push(_ page: Page, on stack: String = "main", animated: Bool = true) -> Bool {
        if let instance = page.instance, model.stacks.contains(where: { $0.forwardPages.contains(instance) }) {
            model.releaseFromForwardLists(instance)
        }
        precondition(page.instance == nil && !(pendingPushes.values.contains { $0.contains { $0 === page } }),
                     "the page \"\(page.id)\" is already on a stack; a page object is shown once at a time")
        precondition(model.document.pages[page.id] == nil, "the Swift page id \"\(page.id)\" is also a page of the document")
        guard model.stack(id: stack) != nil else { return false }
        pendingPushes[stack, default: []].append(page)
        model.handle(.push(stack: stack, page: page.id, animated: animated), atMilliseconds: now)
        return true
    }

    /// Pushes a page of the document, by id (an id the document lacks shows a plain page, SPEC section 1).
    ///
    /// - Parameters:
    ///   - id: the document page's id.
    ///   - stack: the stack's id; an unknown id does nothing.
    ///   - animated: slide the page in (true) or show it at once (false).
    /// - Returns: false when there is no such stack (nothing happens).
    @discardableResult
    public func push(documentPage id: String, on stack: String = "main", animated: Bool = true) -> Bool {
        guard model.stack(id: stack) != nil else { return false }
        model.handle(.push(stack: stack, page: id, animated: animated), atMilliseconds: now)
        return true
    }

    /// Pops the top page of a stack (never its root), as the back button does.
    ///
    /// - Parameters:
    ///   - stack: the stack's id; an unknown id does nothing.
    ///   - animated: slide the page out (true) or remove it at once (false).
    /// - Returns: false when there is no such stack (nothing happens); at the root it returns true and pops nothing.
    @discardableResult
    public func pop(stack: String = "main", animated: Bool = true) -> Bool {
        guard model.stack(id: stack) != nil else { return false }
        model.handle(.pop(stack: stack, animated: animated), atMilliseconds: now)
        return true
    }

    /// Pops a stack to its root.
    ///
    /// - Parameters:
    ///   - stack: the stack's id; an unknown id does nothing.
    ///   - animated: slide the top page out (true) or remove the pages at once (false).
    /// - Returns: false when there is no such stack (nothing happens).
    @discardableResult
    public func popToRoot(stack: String = "main", animated: Bool = true) -> Bool {
        guard model.stack(id: stack) != nil else { return false }
        model.handle(.popToRoot(stack: stack, animated: animated), atMilliseconds: now)
        return true
    }

    /// Whether `goForward(on:)` has a page to push: the stack's forward list is not empty.
    ///
    /// - Parameter stack: the stack's id; false for an unknown id.
    public func canGoForward(on stack: String = "main") -> Bool {
        !(model.stack(id: stack)?.forwardPages.isEmpty ?? true)
    }

    /// Pushes the first page of the stack's forward list again (the page popped last), as a
    /// forward key does; during a running transition it waits its turn. The page is the same
    /// instance (a Swift page the same object), with its scroll offset and switches.
    ///
    /// - Parameters:
    ///   - stack: the stack's id.
    ///   - animated: slide the page in (true) or show it at once (false).
    /// - Returns: false when there is no such stack or its forward list is empty (nothing happens).
    @discardableResult
    public func goForward(on stack: String = "main", animated: Bool = true) -> Bool {
        guard canGoForward(on: stack) else { return false }
        model.handle(.goForward(stack: stack, animated: animated), atMilliseconds: now)
        return true
    }

    /// Pops a Swift page's stack to that page in one animated pop (UIKit's
    /// `popToViewController`): only the top page and `page` get lifecycle calls; the pages between
    /// are removed. The pages removed go to the forward list, nearest first.
    ///
    /// - Parameters:
    ///   - page: a page object on a stack, beneath its top.
    ///   - animated: slide the top page out (true) or remove the pages at once (false).
    /// - Returns: false when `page` is not beneath the top of a stack (nothing happens).
    @discardableResult
    public func popTo(_ page: Page, animated: Bool = true) -> Bool {
        guard let instance = page.instance else { return false }
        return model.popTo(instance, animated: animated, atMilliseconds: now)
    }

    /// Pops a stack to the nearest page beneath its top with the id `pageID` (a document page or
    /// a Swift page), as `popTo(_:animated:)` does.
    ///
    /// - Parameters:
    ///   - pageID: the page's id.
    ///   - stack: the stack's id.
    ///   - animated: slide the top page out (true) or remove the pages at once (false).
    /// - Returns: false when the stack does not exist or holds no such page beneath its top.
    @discardableResult
    public func popTo(pageID: String, on stack: String = "main", animated: Bool = true) -> Bool {
        guard let target = model.stack(id: stack)?.pages.dropLast().last(where: { $0.pageID == pageID }) else { return false }
        return model.popTo(target, animated: animated, atMilliseconds: now)
    }

    /// The stack with this id, or nil: its frame, its pages (bottom to top) and any transition.
    public func stack(id: String) -> NavigationStack? { model.stack(id: id) }

    /// Adds a gesture of the app's own to the window's arena, asked after the built-in ones
    /// (docs/ARCHITECTURE.md "How to add a gesture").
    ///
    /// - Parameter member: the gesture; the arena keeps it for the navigator's life.
    public func register(_ member: GestureArenaMember) {
        model.arena.register(member)
    }

    /// Every stack, in window order.
    public var stacks: [NavigationStack] { model.stacks }

    /// Whether something animates: call `tick(atMilliseconds:)` on each frame while true.
    public var needsFrames: Bool { model.needsFrames }

    /// The Swift page objects on a stack, bottom to top (document pages are left out).
    public func swiftPages(on stack: String) -> [Page] {
        model.stack(id: stack)?.pages.compactMap { pages[$0.serial] } ?? []
    }

    /// The Swift page shown by an instance, or nil for a document page.
    public func page(for instance: PageInstance) -> Page? { pages[instance.serial] }

    // MARK: - Input and time

    /// Applies one input event at time `t` (ms on the app clock, not decreasing).
    public func handle(_ event: InputEvent, atMilliseconds t: Double) {
        lastTime = max(lastTime, t)
        model.handle(event, atMilliseconds: t)
    }

    /// Advances animations to time `t` (ms): call on each frame while `model.needsFrames`.
    public func tick(atMilliseconds t: Double) {
        lastTime = max(lastTime, t)
        model.tick(atMilliseconds: t)
    }

    // MARK: - Observation

    /// Observes the interactive pop of one stack: `began`, `changed` (progress 0...1, velocity in
    /// px/s), `ended` (with the decision) and `cancelled`, as they happen.
    ///
    /// - Parameters:
    ///   - stack: the stack's id.
    ///   - owner: a page whose pop ends the subscription (the handler never runs after it); nil for none.
    ///   - handler: called synchronously with each step.
    /// - Returns: the subscription; it ends when the token is cancelled or released.
    ///
    /// An unknown stack id stops the program with a precondition failure (a typo would otherwise
    /// observe nothing, silently).
    public func observeInteractivePop(of stack: String = "main", owner: Page? = nil,
                                      _ handler: @escaping (InteractivePopEvent) -> Void) -> ObservationToken {
        observe(stack, owner: owner, hearsForward: false) { event, _ in handler(event) }
    }

    /// Observes both swipes of one stack, the back swipe and the forward swipe (`forwardSwipe`),
    /// told apart by `kind`: the same steps as ``observeInteractivePop(of:owner:_:)``. For a forward
    /// swipe, progress is how far the incoming page came in and the velocity is along the forward
    /// direction.
    ///
    /// - Parameters:
    ///   - stack: the stack's id.
    ///   - owner: a page whose pop ends the subscription; nil for none.
    ///   - handler: called synchronously with each step and the swipe's kind.
    /// - Returns: the subscription; it ends when the token is cancelled or released.
    public func observeSwipes(of stack: String = "main", owner: Page? = nil,
                              _ handler: @escaping (InteractivePopEvent, SwipeKind) -> Void) -> ObservationToken {
        observe(stack, owner: owner, hearsForward: true, handler)
    }

    private func observe(_ stack: String, owner: Page?, hearsForward: Bool,
                         _ handler: @escaping (InteractivePopEvent, SwipeKind) -> Void) -> ObservationToken {
        precondition(model.stack(id: stack) != nil, "no stack \"\(stack)\" to observe; stacks: \(model.stacks.map(\.id))")
        let id = observers.add(stack: stack, owner: owner, hearsForward: hearsForward, handler: handler)
        return ObservationToken(navigator: self, id: id)
    }

    func removeObserver(_ id: Int) { observers.remove(id) }

    /// How many subscriptions are live (for leak checks).
    public var observerCount: Int { observers.count }

    // MARK: - Engine callbacks

    private func bind(_ page: Page, to instance: PageInstance, stack: String) {
        page.instance = instance
        page.navigator = self
        page.stackID = stack
        pages[instance.serial] = page
    }

    /// A Swift page's definition.
    func appModel(_ model: AppModel, definitionOf instance: PageInstance) -> PageDefinition? {
        pages[instance.serial]?.definition
    }

    /// Binds a pushed Swift page to its instance.
    func appModel(_ model: AppModel, didCreate instance: PageInstance, inStack stack: String) {
        guard let next = pendingPushes[stack]?.first, next.id == instance.pageID else { return }
        pendingPushes[stack]?.removeFirst()
        bind(next, to: instance, stack: stack)
    }

    /// Releases Swift pages that left a stack for good (popped past the forward list's bound, or
    /// cleared from it) and the observers they own.
    func appModel(_ model: AppModel, didRemove instances: [PageInstance], fromStack stack: String) {
        for instance in instances {
            guard let page = pages.removeValue(forKey: instance.serial) else { continue }
            page.keepSwitchAfterRemoval()
            page.instance = nil
            page.navigator = nil
            page.stackID = nil
            observers.removeOwned(by: page)
        }
    }

    /// Runs a Swift page's lifecycle callback.
    func appModel(_ model: AppModel, lifecycle phase: LifecyclePhase, of instance: PageInstance, inStack stack: String) {
        guard let page = pages[instance.serial] else { return }
        switch phase {
        case .willAppear: page.willAppear()
        case .didAppear: page.didAppear()
        case .willDisappear: page.willDisappear()
        case .didDisappear: page.didDisappear()
        }
    }

    /// Tells the page (`willSwipeBack` on `began`) and the stack's observers.
    func appModel(_ model: AppModel, interactivePop step: GestureReadout, of instance: PageInstance, inStack stack: String) {
        if step.phase == .began && step.kind == .back { pages[instance.serial]?.willSwipeBack?() }
        let event: InteractivePopEvent
        switch step.phase {
        case .began: event = .began(progress: step.progress)
        case .changed: event = .changed(progress: step.progress, velocity: step.velocityPixelsPerSecond)
        case .ended: event = .ended(progress: step.progress, velocity: step.velocityPixelsPerSecond, decision: step.decision ?? .cancel)
        case .cancelled: event = .cancelled(progress: step.progress)
        }
        // A handler may end subscriptions, its own included: each is checked before it runs.
        for id in observers.ids {
            observers.handler(id, stack: stack, kind: step.kind)?(event, step.kind)
        }
    }

    /// Asks a Swift page's veto closure, with the start point in the stack's coordinates.
    func appModel(_ model: AppModel, shouldBeginInteractivePopOf instance: PageInstance, inStack stack: String,
                         at point: Point) -> Bool? {
        guard let veto = pages[instance.serial]?.shouldBeginInteractivePop, let frame = model.stack(id: stack)?.frame else { return nil }
        return veto(frame.localPoint(point))
    }

    /// Hit-tests a Swift page's own content.
    func appModel(_ model: AppModel, elementAt point: Point, in instance: PageInstance, inStack stack: String) -> String? {
        pages[instance.serial]?.element(at: point)
    }

    /// Passes a tap to a Swift page.
    func appModel(_ model: AppModel, didTap element: String, in instance: PageInstance, inStack stack: String) {
        pages[instance.serial]?.didTap(element)
    }
}
