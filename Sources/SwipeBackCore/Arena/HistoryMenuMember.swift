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
    func rowFrames(model: AppModel) -> [Rect] {
        guard let menu, let stack = model.stack(id: menu.stackID) else { return [] }
        return menu.rowFrames(stackFrame: stack.frame, headerHeight: model.headerHeight, layoutScale: model.layoutScale,
                              direction: model.direction)
    }

    private func row(at point: Point, model: AppModel) -> Int? {
        rowFrames(model: model).firstIndex { $0.contains(point) }
    }

    /// Whether a press at `point` (window px) would open the menu of stack `index`: the stack is
    /// idle, above its root, and its top page shows a system back button under the point.
    func opensMenu(stackIndex index: Int, at point: Point, model: AppModel) -> Bool {
        let stack = model.stacks[index]
        guard stack.transition == nil, !stack.isAtRoot else { return false }
        let local = stack.frame.localPoint(point)
        return model.systemBackButtonFrame(stack: stack, page: model.page(stack.top))?.contains(local) == true
    }

    func claim(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> Bool {
        guard !sequence.isTouchpad else { return false }
        if menu != nil {
            inMenu.insert(sequence.id)
            return true
        }
        guard let index = sequence.stackIndex, opensMenu(stackIndex: index, at: sequence.downPoint, model: model) else { return false }
        pressing[sequence.id] = t + model.configuration.historyMenuDelay
        return true
    }

    func move(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> ArenaMoveResult {
        let id = sequence.id
        let onMenu = menu.map { _ in openers.contains(id) || (inMenu.contains(id) && row(at: sequence.downPoint, model: model) != nil) } ?? false
        if onMenu {
            // A finger that opened the menu, or went down on a row, slides over the rows: the menu's alone.
            model.arena.accept(sequence, by: self)
            return .handled
        }
        if TouchSlop.hasLeft(sequence.translation, slop: model.touchSlopPixels) {
            // A drag that starts outside the menu closes it, and is the drag it is.
            if inMenu.contains(id) { close(model: model, t) }
            model.arena.reject(sequence, member: self)
        }
        return .pass
    }

    func end(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> Bool {
        let id = sequence.id
        // A press released before its long press: the back button's tap.
        if pressing.removeValue(forKey: id) != nil { return false }
        if openers.remove(id) != nil {
            // The long press's release: on a row it chooses it; elsewhere the menu stays open.
            if let row = row(at: sequence.position, model: model) { choose(row, model: model, t) }
            return true
        }
        guard inMenu.remove(id) != nil else { return false }
        if let row = row(at: sequence.position, model: model) {
            choose(row, model: model, t)
        } else {
            close(model: model, t)
        }
        return true
    }

    func cancel(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) {
        reject(sequence)
    }

    func reject(_ sequence: ArenaSequence) {
        pressing[sequence.id] = nil
        openers.remove(sequence.id)
        inMenu.remove(sequence.id)
    }

    /// Fires the long presses due at `t` (ms): the menu opens, and the press is the menu's.
    func fire(atMilliseconds t: Double, model: AppModel) {
        for (id, due) in pressing.sorted(by: { $0.key < $1.key }) where due <= t {
            pressing[id] = nil
            guard let sequence = model.arena.sequences[id], let index = sequence.stackIndex,
                  model.stacks[index].top == sequence.pageAtDown, open(stackIndex: index, model: model, t) else { continue }
            openers.insert(id)
            model.arena.accept(sequence, by: self)
        }
    }

    /// A right-click at `point` (window px): it opens the menu of the back button under it, or
    /// closes an open menu.
    func secondaryClick(at point: Point, model: AppModel, _ t: Double) {
        if menu != nil { return close(model: model, t) }
        guard let index = model.stacks.lastIndex(where: { $0.frame.contains(point) }),
              opensMenu(stackIndex: index, at: point, model: model) else { return }
        open(stackIndex: index, model: model, t)
    }

    /// Opens the menu of stack `index`, listing the pages beneath its top, nearest first.
    @discardableResult
    func open(stackIndex index: Int, model: AppModel, _ t: Double) -> Bool {
        let stack = model.stacks[index]
        guard menu == nil, stack.transition == nil, !stack.isAtRoot else { return false }
        let items = Array(stack.pages.dropLast().reversed())
        let opening = HistoryMenu(stackID: stack.id, items: items)
        // A stack too short for one row below its header gets no menu.
        guard !opening.rowFrames(stackFrame: stack.frame, headerHeight: model.headerHeight, layoutScale: model.layoutScale,
                                 direction: model.direction).isEmpty else { return false }
        menu = opening
        model.emit(t, .menu(stack: stack.id, phase: .opened(items: items.map(\.pageID))))
        return true
    }

    /// Closes the open menu; `chosen` is the row's page when a row was tapped.
    func close(chosen: PageInstance? = nil, model: AppModel, _ t: Double) {
        guard let menu else { return }
        self.menu = nil
        model.emit(t, .menu(stack: menu.stackID, phase: .closed(chosen: chosen?.pageID)))
    }

    private func choose(_ row: Int, model: AppModel, _ t: Double) {
        guard let menu, let index = model.stacks.firstIndex(where: { $0.id == menu.stackID }) else { return }
        let target = menu.items[row]
        close(chosen: target, model: model, t)
        model.navigation.request(.popTo(target, animated: true), stackIndex: index, t)
    }
}
