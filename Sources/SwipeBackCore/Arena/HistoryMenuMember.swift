// SPDX-License-Identifier: Apache-2.0
/// The history menu of the system back button (UIKit's back-button menu; libadwaita's
/// back-button context menu): a long press of the button (`historyMenuDelay`, held within
/// `touchSlop`) or a right-click on it opens it; a tap on a row pops to that page in one
/// animation; a tap elsewhere, Escape, the start of a swipe or any change to the stack closes it.
///
/// It is the arena's first member. A press on the back button it claims becomes the menu's when
/// its long press fires (the tap member leaves it: the release taps nothing); a short press ends
/// as the button's tap. While the menu is open it takes part in every down:
/// - a press on a row, or the long press that opened the menu, may slide over the rows (as
///   UIKit's menus do): the release chooses the row it is on; a press on a row released off the
///   rows closes the menu; the long press released off the rows leaves it open;
/// - a tap anywhere else closes the menu and taps nothing beneath;
/// - a press elsewhere that drags past the touch slop closes the menu at that move and goes on as
///   the drag it is (a swipe, a scroll, a slider).
final class HistoryMenuMember: GestureArenaMember {
    /// The open menu, if any (one per window).
    private(set) var menu: HistoryMenu?
    /// Presses on a system back button waiting for their long press: sequence id to due time, ms.
    private var pressing: [Int: Double] = [:]
    /// Sequences whose long press opened the menu: they slide over the rows; their release taps nothing.
    private var openers: Set<Int> = []
    /// Sequences that went down while the menu was open.
    private var inMenu: Set<Int> = []

    /// How many sequences it holds state for (soak tests).
    var retainedCount: Int { pressing.count + openers.count + inMenu.count }

    /// When the earliest long press falls due, in ms, or nil.
    var dueMilliseconds: Double? { pressing.values.min() }

    /// The visible rows' frames in window px, nearest first; empty without a menu.
    func rowFrames(in context: ArenaContext) -> [Rect] {
        guard let menu, let stack = context.stacks.first(where: { $0.id == menu.stackID }) else { return [] }
        let settings = context.settings
        return menu.rowFrames(stackFrame: stack.frame, headerHeight: settings.headerHeight, layoutScale: settings.layoutScale,
                              direction: settings.direction)
    }

    private func row(at point: Point, in context: ArenaContext) -> Int? {
        rowFrames(in: context).firstIndex { $0.contains(point) }
    }

    /// Whether a press at `point` (window px) would open the menu of stack `index`: the stack is
    /// idle, above its root, and its top page shows a system back button under the point.
    func opensMenu(stackIndex index: Int, at point: Point, in context: ArenaContext) -> Bool {
        let stack = context.stacks[index]
        guard stack.transition == nil, !stack.isAtRoot else { return false }
        let local = stack.frame.localPoint(point)
        return context.systemBackButtonFrame(stackIndex: index)?.contains(local) == true
    }

    func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard !sequence.isTouchpad else { return false }
        if menu != nil {
            inMenu.insert(sequence.id)
            return true
        }
        guard let index = sequence.stackIndex, opensMenu(stackIndex: index, at: sequence.downPoint, in: context) else { return false }
        pressing[sequence.id] = t + context.settings.historyMenuDelay
        return true
    }

    func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
        let id = sequence.id
        let onMenu = menu.map { _ in openers.contains(id) || (inMenu.contains(id) && row(at: sequence.downPoint, in: context) != nil) } ?? false
        if onMenu {
            // A finger that opened the menu, or went down on a row, slides over the rows: the menu's alone.
            context.arena.accept(sequence, by: self)
            return .handled
        }
        if TouchSlop.hasLeft(sequence.translation, slop: context.settings.touchSlopPixels) {
            // A drag that starts outside the menu closes it, and is the drag it is.
            if inMenu.contains(id) { close(in: context, t) }
            context.arena.reject(sequence, member: self)
        }
        return .pass
    }

    func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        let id = sequence.id
        // A press released before its long press: the back button's tap.
        if pressing.removeValue(forKey: id) != nil { return false }
        if openers.remove(id) != nil {
            // The long press's release: on a row it chooses it; elsewhere the menu stays open.
            if let row = row(at: sequence.position, in: context) { choose(row, in: context, t) }
            return true
        }
        guard inMenu.remove(id) != nil else { return false }
        if let row = row(at: sequence.position, in: context) {
            choose(row, in: context, t)
        } else {
            close(in: context, t)
        }
        return true
    }

    func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
        reject(sequence)
    }

    func reject(_ sequence: ArenaSequence) {
        pressing[sequence.id] = nil
        openers.remove(sequence.id)
        inMenu.remove(sequence.id)
    }

    /// Fires the long presses due at `t` (ms): the menu opens, and the press is the menu's.
    func fire(atMilliseconds t: Double, in context: ArenaContext) {
        for (id, due) in pressing.sorted(by: { $0.key < $1.key }) where due <= t {
            pressing[id] = nil
            guard let sequence = context.arena.sequences[id], let index = sequence.stackIndex,
                  context.stacks[index].top == sequence.pageAtDown, open(stackIndex: index, in: context, t) else { continue }
            openers.insert(id)
            context.arena.accept(sequence, by: self)
        }
    }

    /// A right-click at `point` (window px): it opens the menu of the back button under it, or
    /// closes an open menu.
    func secondaryClick(at point: Point, in context: ArenaContext, _ t: Double) {
        if menu != nil { return close(in: context, t) }
        guard let index = context.stacks.lastIndex(where: { $0.frame.contains(point) }),
              opensMenu(stackIndex: index, at: point, in: context) else { return }
        open(stackIndex: index, in: context, t)
    }

    /// Opens the menu of stack `index`, listing the pages beneath its top, nearest first.
    @discardableResult
    func open(stackIndex index: Int, in context: ArenaContext, _ t: Double) -> Bool {
        let stack = context.stacks[index]
        let settings = context.settings
        guard menu == nil, stack.transition == nil, !stack.isAtRoot else { return false }
        let items = Array(stack.pages.dropLast().reversed())
        let opening = HistoryMenu(stackID: stack.id, items: items)
        // A stack too short for one row below its header gets no menu.
        guard !opening.rowFrames(stackFrame: stack.frame, headerHeight: settings.headerHeight, layoutScale: settings.layoutScale,
                                 direction: settings.direction).isEmpty else { return false }
        menu = opening
        context.perform(.historyMenu(stackID: stack.id, phase: .opened(items: items.map(\.pageID))), atMilliseconds: t)
        return true
    }

    /// Closes the open menu; `chosen` is the row's page when a row was tapped.
    func close(chosen: PageInstance? = nil, in context: ArenaContext, _ t: Double) {
        guard let menu else { return }
        self.menu = nil
        context.perform(.historyMenu(stackID: menu.stackID, phase: .closed(chosen: chosen?.pageID)), atMilliseconds: t)
    }

    private func choose(_ row: Int, in context: ArenaContext, _ t: Double) {
        guard let menu, let index = context.stacks.firstIndex(where: { $0.id == menu.stackID }) else { return }
        let target = menu.items[row]
        close(chosen: target, in: context, t)
        context.perform(.popTo(target, stackIndex: index), atMilliseconds: t)
    }
}
