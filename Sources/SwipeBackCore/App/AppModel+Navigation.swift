// SPDX-License-Identifier: Apache-2.0
extension AppModel {
    /// Acts on what navigation reports, as it happens: logs, the delegate, page state.
    func apply(_ report: NavigationReport) {
        switch report {
        case .event(let t, let event):
            emit(t, event)
        case .closeHistoryMenu(let t, let stackID?):
            closeHistoryMenu(t, ifOn: stackID)
        case .closeHistoryMenu(let t, nil):
            closeHistoryMenu(t)
        case .created(let instance, let stackID):
            delegate?.appModel(self, didCreate: instance, inStack: stackID)
        case .lifecycle(let phase, let instance, let stackID):
            delegate?.appModel(self, lifecycle: phase, of: instance, inStack: stackID)
        case .interactivePop(let readout, let instance, let stackID):
            delegate?.appModel(self, interactivePop: readout, of: instance, inStack: stackID)
        case .leftStack(let instances):
            for instance in instances { momentum.stop(instance.serial) }
        case .released(let instances, let stackID):
            delegate?.appModel(self, didRemove: instances, fromStack: stackID)
            for instance in instances {
                pageStates.remove(instance.serial)
                momentum.stop(instance.serial)
            }
        case .gestureShown(let instances):
            for instance in instances where document.page(instance.pageID).elements.contains(where: { $0.kind == .gestureStatus }) {
                pageStates.invalidate(instance.serial)
            }
        }
    }

    /// A back key or mouse back button: pops the focused stack like its back button, animated.
    /// Ignored while any swipe runs or the stack animates (so one user action never pops twice),
    /// and at the root. Keys and buttons not in the configuration's lists are not back commands.
    func backCommand(_ t: Double, source: BackCommandSource) {
        guard !stacks.isEmpty else { return }
        let index = min(focusedStack, stacks.count - 1)
        let handled = arena.swipeOwner == nil && stacks[index].transition == nil && !stacks[index].isAtRoot
        logBack(t, source: source, handled: handled)
        if handled { navigation.request(.pop(stack: stacks[index].id, animated: true), t) }
    }

    func logBack(_ t: Double, source: BackCommandSource, handled: Bool) {
        guard !stacks.isEmpty else { return }
        emit(t, .back(stack: stacks[min(focusedStack, stacks.count - 1)].id, source: source, handled: handled))
    }
}
