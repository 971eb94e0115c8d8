// SPDX-License-Identifier: Apache-2.0
// Forward and history: forward commands, the history menu, and popping to a page.
extension AppModel {
    /// The open history menu, if any (one per window): its stack and the pages it lists.
    public var historyMenu: HistoryMenu? { members.menu.menu }

    /// The open history menu's visible rows in window px, nearest first; empty when none is open.
    public var historyMenuRowFrames: [Rect] { members.menu.rowFrames(in: arenaHost) }

    /// A forward key or mouse forward button: pushes the focused stack's first forward page
    /// again, animated. Ignored while any swipe runs or the stack animates, and when its forward
    /// list is empty.
    func forwardCommand(_ t: Double, source: ForwardCommandSource) {
        guard !stacks.isEmpty else { return }
        let index = min(focusedStack, stacks.count - 1)
        let handled = arena.swipeOwner == nil && stacks[index].transition == nil && !stacks[index].forwardPages.isEmpty
        emit(t, .forward(stack: stacks[index].id, source: source, handled: handled))
        if handled { navigation.request(.forward(animated: true), stackIndex: index, t) }
    }

    /// A mouse press of a button other than 1 (a `down` with `button`): a back or forward
    /// button when the configuration lists it, else a right-click (button 3) opens or closes the
    /// history menu. It starts no pointer sequence.
    func otherButtonDown(_ pointer: PointerInput, _ t: Double) {
        if configuration.backButtons.contains(pointer.button) {
            backCommand(t, source: .button)
        } else if configuration.forwardButtons.contains(pointer.button) {
            forwardCommand(t, source: .button)
        } else if pointer.button == 3 {
            members.menu.secondaryClick(at: pointer.position, in: arenaHost, t)
        }
    }

    /// Closes the history menu, if one is open.
    func closeHistoryMenu(_ t: Double) {
        members.menu.close(in: arenaHost, t)
    }

    /// Closes the history menu when it belongs to stack `stackID` (the stack changed).
    func closeHistoryMenu(_ t: Double, ifOn stackID: String) {
        if members.menu.menu?.stackID == stackID { members.menu.close(in: arenaHost, t) }
    }

    /// Pops `instance`'s stack to it in one animated pop (UIKit's `popToViewController`): only
    /// the top page and `instance` get lifecycle lines; the pages between are removed. After a
    /// running transition when one runs.
    ///
    /// - Parameters:
    ///   - instance: a page beneath the top of a stack; anything else does nothing.
    ///   - animated: slide the top page out (true) or remove the pages at once (false).
    ///   - t: the time in ms.
    /// - Returns: false when no stack holds `instance` beneath its top.
    @discardableResult
    public func popTo(_ instance: PageInstance, animated: Bool = true, atMilliseconds t: Double) -> Bool {
        guard let index = stacks.firstIndex(where: { $0.pages.dropLast().contains(instance) }) else { return false }
        navigation.request(.popTo(instance, animated: animated), stackIndex: index, t)
        return true
    }

    /// Takes `instance` off every forward list, releasing it (a Swift page object pushed again).
    public func releaseFromForwardLists(_ instance: PageInstance) {
        navigation.releaseFromForwardLists(instance)
    }
}
