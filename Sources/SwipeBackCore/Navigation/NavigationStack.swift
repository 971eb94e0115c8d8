// SPDX-License-Identifier: Apache-2.0
/// A navigation stack: pages bottom to top, a frame in the window, and at most one transition.
public struct NavigationStack: Sendable {
    /// The stack's id, by which scenarios and the API address it.
    public let id: String
    /// The stack's frame in window px.
    public internal(set) var frame: Rect
    /// The pages, bottom to top; never empty.
    public internal(set) var pages: [PageInstance]
    /// The running transition, if any.
    public internal(set) var transition: Transition?
    /// The pages popped from it that a forward command, a forward swipe or `goForward` may push
    /// again, nearest first (the first is the page popped last); at most `forwardHistory`. Any
    /// other push clears it.
    public internal(set) var forwardPages: [PageInstance] = []
    /// Pushes and pops requested during a transition, applied in order after it. A pop marked
    /// `absorbable` was requested during an interactive pop: the swipe's commit absorbs it.
    var queued: [(operation: NavigationOperation, absorbable: Bool)] = []

    /// Creates a stack.
    public init(id: String, frame: Rect, pages: [PageInstance]) {
        self.id = id
        self.frame = frame
        self.pages = pages
    }

    /// The top page.
    public var top: PageInstance { pages[pages.count - 1] }
    /// Whether only the root page is left.
    public var isAtRoot: Bool { pages.count < 2 }
}
