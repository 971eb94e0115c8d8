// SPDX-License-Identifier: Apache-2.0
extension AppModel {
    /// Whether animated pushes and pops crossfade instead of moving now: `reduceMotion` `true`,
    /// or `auto` with `desktopReducesMotion`.
    public var reducesMotion: Bool { configuration.reducesMotion(desktopReducesMotion: desktopReducesMotion) }

    /// The frame value to draw now: every stack with the pages in view and their state.
    ///
    /// O(1) in the stacks' depth: only the top page and the one beneath it, or a transition's two
    /// pages, are described.
    public func scene() -> Scene {
        let pressed = pressedButtons
        let drags = carouselDrags
        return Scene(stacks: stacks.map { stack in
            let width = Double(stack.frame.pixelAligned.width)
            func describe(_ instance: PageInstance) -> Scene.Page {
                let definition = page(instance)
                return Scene.Page(
                    instance: instance, definition: definition, revision: revision(of: instance),
                    backTitle: backTitle(for: instance, definition: definition, in: stack),
                    scrollOffset: scrollOffset(of: instance),
                    contentHeight: cachedContentHeight(of: instance, definition: definition, width: width),
                    controlValues: pageStates.controlValues[instance.serial] ?? [:],
                    pressedElement: instance == stack.top && stack.transition == nil ? pressed[instance.serial] : nil,
                    carouselDrag: drags[instance.serial].map { Scene.CarouselDrag(element: $0.element, offsetPixels: $0.offset) },
                    readout: gestureReadouts[stack.id])
            }
            return Scene.Stack(id: stack.id, frame: stack.frame, direction: stack.transition?.direction ?? direction,
                               upper: describe(stack.transition?.upper ?? stack.top),
                               lower: stack.transition.map { describe($0.lower) },
                               progress: stack.transition?.progress,
                               topSerials: stack.pages.suffix(2).map(\.serial), depth: stack.pages.count,
                               verticalTravel: stack.transition?.verticalTravel ?? 0, style: stack.transition?.style,
                               beneath: stack.transition == nil && stack.pages.count > 1 ? describe(stack.pages[stack.pages.count - 2]) : nil)
        }, parallax: configuration.parallax, dimAlpha: configuration.dimAlpha, shadowWidth: configuration.shadowWidth,
           layoutScale: layoutScale, headerHeight: headerHeight, menu: sceneMenu(), style: configuration.transition)
    }

    /// The open history menu's rows with the pages' titles, or nil.
    private func sceneMenu() -> Scene.Menu? {
        guard let menu = historyMenu else { return nil }
        let rows = zip(menu.items, historyMenuRowFrames).map { Scene.Menu.Row(title: page($0.0).title, frame: $0.1) }
        return Scene.Menu(rows: rows, direction: direction)
    }

    /// The title the system back button of `instance` shows: the page below it, or nil at the root.
    private func backTitle(for instance: PageInstance, definition: PageDefinition, in stack: NavigationStack) -> String? {
        guard definition.backButton == .system else { return nil }
        if let index = stack.pages.firstIndex(of: instance) {
            return index > 0 ? page(stack.pages[index - 1]).title : nil
        }
        // Being pushed: it will sit on the current top.
        return page(stack.top).title
    }
}
