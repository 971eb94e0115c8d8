// SPDX-License-Identifier: Apache-2.0
/// The subscriptions to a navigator's swipes (`Navigator.observeInteractivePop`,
/// `observeSwipes`): who hears which stack, whose owner page ends it, and the order they hear in.
struct SwipeObservers {
    private struct Observer {
        let stack: String
        weak var owner: Page?
        let hasOwner: Bool
        /// Whether it hears forward swipes too (`observeSwipes`).
        let hearsForward: Bool
        let handler: (InteractivePopEvent, SwipeKind) -> Void
    }

    private var observers: [Int: Observer] = [:]
    private var nextID = 0

    /// How many subscriptions are live.
    var count: Int { observers.count }

    /// Adds a subscription to `stack`'s swipes; returns its id (for `remove(_:)`).
    ///
    /// - Parameters:
    ///   - stack: the stack's id.
    ///   - owner: a page whose removal ends it; nil for none.
    ///   - hearsForward: whether forward swipes reach it too.
    ///   - handler: called with each step and the swipe's kind.
    mutating func add(stack: String, owner: Page?, hearsForward: Bool,
                      handler: @escaping (InteractivePopEvent, SwipeKind) -> Void) -> Int {
        nextID += 1
        observers[nextID] = Observer(stack: stack, owner: owner, hasOwner: owner != nil, hearsForward: hearsForward, handler: handler)
        return nextID
    }

    /// Ends subscription `id` (nothing when it has ended).
    mutating func remove(_ id: Int) { observers[id] = nil }

    /// Ends the subscriptions `page` owns, and those whose owner is gone.
    mutating func removeOwned(by page: Page) {
        for (id, observer) in observers where observer.hasOwner && (observer.owner == nil || observer.owner === page) {
            observers[id] = nil
        }
    }

    /// The subscriptions' ids, in subscription order.
    var ids: [Int] { observers.keys.sorted() }

    /// Subscription `id`'s handler when it hears `kind` on `stack` now: nil when it has ended, is
    /// another stack's, or hears only back swipes; a subscription whose owner is gone ends here.
    mutating func handler(_ id: Int, stack: String, kind: SwipeKind) -> ((InteractivePopEvent, SwipeKind) -> Void)? {
        guard let observer = observers[id], observer.stack == stack, kind == .back || observer.hearsForward else { return nil }
        if observer.hasOwner && observer.owner == nil {
            observers[id] = nil
            return nil
        }
        return observer.handler
    }
}
