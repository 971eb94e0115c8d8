// SPDX-License-Identifier: Apache-2.0
// Page state per instance: hit testing, scroll offsets, control values, the interactive-pop
// switches, taps' actions, pressed buttons and carousel drags.
extension AppModel {
    // MARK: - Hit testing and scrolling

    /// The element of the stack's top page under `point` (window px), or nil; the header hides
    /// content scrolled under it.
    func elementHit(stackIndex index: Int, at point: Point) -> Int? {
        let stack = stacks[index]
        let page = page(stack.top)
        var local = stack.frame.localPoint(point)
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
        let local = stack.frame.localPoint(point)
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
        pageStates.interactivePopOverrides[instance.serial] = enabled
        pageStates.invalidate(instance.serial)
    }

    /// Marks one page instance as changed, so its snapshot is drawn again.
    public func invalidate(_ instance: PageInstance) {
        pageStates.invalidate(instance.serial)
    }

    /// The scroll offset of a page instance, in px (0 = top).
    public func scrollOffset(of instance: PageInstance) -> Double { pageStates.scrollOffsets[instance.serial] ?? 0 }

    /// The full height in px of `page` laid out `width` px wide: header, elements and the spacing under them.
    public func contentHeight(of page: PageDefinition, width: Double) -> Double {
        PageLayout.contentHeight(frames: PageLayout.frames(for: page, width: width / layoutScale, direction: direction,
                                                           measurer: measurer), page: page) * layoutScale
    }

    /// `contentHeight(of:width:)` of an instance, laid out again only when its revision, the
    /// width, the scale or the direction changed.
    func cachedContentHeight(of instance: PageInstance, definition: PageDefinition, width: Double) -> Double {
        let revision = revision(of: instance)
        if let cached = pageStates.contentHeights[instance.serial], cached.revision == revision, cached.width == width,
           cached.scale == layoutScale, cached.direction == direction {
            return cached.height
        }
        let height = contentHeight(of: definition, width: width)
        pageStates.contentHeights[instance.serial] = (revision, width, layoutScale, direction, height)
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
        if clamped == 0 { pageStates.scrollOffsets[serial] = nil } else { pageStates.scrollOffsets[serial] = clamped }
    }

    /// A release that flicks a page's content: it coasts when the finger moved at least
    /// `scrollStopVelocity` (`fingerVelocityPixelsPerSecond` is the finger's vertical velocity, px/s,
    /// down positive; clamped to `maxVelocity`; content moves against it).
    func fling(stackIndex index: Int, fingerVelocityPixelsPerSecond vy: Double, atMilliseconds t: Double) {
        guard abs(vy) >= Self.scrollStopVelocity else { return }
        momentum.start(ScrollMomentum.Fling(stack: index, startOffset: scrollOffset(of: stacks[index].top),
                                            velocityPixelsPerSecond: -configuration.limitedVelocity(vy), startMilliseconds: t),
                       serial: stacks[index].top.serial)
    }

    // MARK: - Pressed buttons and carousels

    /// The button each page instance shows pressed: instance serial to element index, for fingers
    /// resting on a button of an idle stack's top page.
    public var pressedButtons: [Int: Int] { members.tap.pressedButtons(in: arenaHost) }

    /// Carousels being dragged: instance serial to (element index, horizontal offset in px of the
    /// finger from where it went down), so the renderer can show the images following it.
    public var carouselDrags: [Int: (element: Int, offset: Double)] { members.control.carouselDrags(in: arenaHost) }

    /// The current value of a slider (0...1) or carousel (item index) on a page instance.
    public func controlValue(instance: PageInstance, element index: Int) -> Double {
        if let value = pageStates.controlValues[instance.serial]?[index] { return value }
        if case .slider(let value) = page(instance).elements[index].kind { return value }
        return 0
    }

    func setControl(_ t: Double, stack: NavigationStack, element: Int, value: Double) {
        let instance = stack.top, page = self.page(stack.top)
        guard value != controlValue(instance: instance, element: element) else { return }
        pageStates.controlValues[instance.serial, default: [:]][element] = value
        pageStates.invalidate(instance.serial)
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
            navigation.request(.push(stack: stackID, page: id, animated: true), t)
        case .pop:
            logAction()
            navigation.request(.pop(stack: stackID, animated: true), t)
        case .popToRoot:
            logAction()
            navigation.request(.popToRoot(stack: stackID, animated: true), t)
        case .toggle:
            // The only bindable property is interactivePop; the switch is this instance's own.
            let value = !page.interactivePop
            pageStates.interactivePopOverrides[instance.serial] = value
            pageStates.invalidate(instance.serial)
            logAction(toggledValue: value)
        }
    }

    // MARK: - Wheel and momentum

    /// Scrolls the page under `position` (window px; the window's centre when nil) by `dy` px: a
    /// wheel, or a touchpad run that went vertical (positive scrolls the content up).
    func scrollWheel(dy: Double, at position: Point?) {
        let point = position ?? Point(x: windowWidth / 2, y: windowHeight / 2)
        guard dy != 0, let index = stacks.lastIndex(where: { $0.frame.contains(point) }),
              stacks[index].transition == nil else { return }
        momentum.stop(stacks[index].top.serial)
        setScrollOffset(scrollOffset(of: stacks[index].top) + dy, stackIndex: index)
    }

    /// Moves every scroll fling to time `t` (ms); a fling whose page is no longer its stack's idle top stops.
    func advanceMomentum(_ t: Double) {
        momentum.advance(to: t, isValid: { serial, fling in
            fling.stack < stacks.count && stacks[fling.stack].top.serial == serial && stacks[fling.stack].transition == nil
        }, scroll: { fling, target in
            setScrollOffset(target, stackIndex: fling.stack)
            return scrollOffset(of: stacks[fling.stack].top)
        })
    }
}
