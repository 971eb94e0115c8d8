// SPDX-License-Identifier: Apache-2.0
/// A page written in Swift: its header, its elements, its own swipe switch and veto, and the
/// lifecycle callbacks.
///
/// Subclass it. A page lays out the standard elements in `elements` like a document page does;
/// for content of its own it overrides `element(at:)` and `didTap(_:)`, and (with the `SwipeBack`
/// library) adopts `CairoDrawing` to draw it. A page object is one entry on one stack: push a
/// new object to show the page again. A popped page waits in its stack's forward list (at most
/// `forwardHistory` pages) so that `goForward` can show it again; once the list drops it (any
/// other push, the bound, a kiosk's idle return), SwipeBack holds no reference to it.
///
/// Closures stored on a page (`shouldBeginInteractivePop`, `willSwipeBack`) should capture the
/// page weakly (`[weak self]`), or the page keeps itself alive.
open class Page {
    /// The page's id in event log lines (SPEC section 3). Ids of Swift pages should differ from the
    /// ids of the document's pages.
    public let id: String
    /// The title in the header bar, and on the back button of the page above.
    public var title: String { didSet { setNeedsDisplay() } }
    /// Whether the header bar (56 px) is shown.
    public var showsHeader: Bool { didSet { setNeedsDisplay() } }
    /// The back button: `.system` (chevron and the previous title), `.custom` (hidden: the page
    /// shows its own, for example a button with action `.pop`; the swipe keeps working) or `.none`.
    public var backButton: BackButtonStyle { didSet { setNeedsDisplay() } }
    /// Standard elements (buttons, labels, toggles, sliders, carousels, images, gesture status),
    /// laid out under the header as in a pages document (SPEC section 2).
    public var elements: [PageElement] { didSet { setNeedsDisplay() } }

    /// Whether the interactive pop may begin on this page: the page's own switch, like a binding.
    ///
    /// A change takes effect for the next swipe (a swipe under way goes on) and belongs to this
    /// page only: the page beneath and other stacks keep their own. Default true.
    public var interactivePopEnabled: Bool {
        get {
            guard let navigator, let instance else { return storedInteractivePop }
            return navigator.model.page(instance).interactivePop // a toggle element may have flipped it
        }
        set {
            storedInteractivePop = newValue
            guard let navigator, let instance else { return }
            navigator.model.setInteractivePop(newValue, for: instance)
        }
    }
    private var storedInteractivePop = true

    /// Keeps the switch as it was on the stack (a toggle element may have flipped it) once the page leaves.
    func keepSwitchAfterRemoval() { storedInteractivePop = interactivePopEnabled }

    /// The veto: asked once per swipe attempt, when the edge pan would begin, with the point where
    /// the finger went down in the stack's coordinates (px from the stack's top-left corner).
    /// Return false to let the swipe fail (the page stays). Nil: no veto. Logged as a `veto` line.
    public var shouldBeginInteractivePop: ((Point) -> Bool)?

    /// Called at the moment a swipe back begins on this page (before its `willDisappear`).
    public var willSwipeBack: (() -> Void)?

    /// The navigator showing the page, while it is on a stack.
    public internal(set) weak var navigator: Navigator?
    /// The id of the stack the page is on, while it is on one.
    public internal(set) var stackID: String?
    /// The page's entry on its stack, once shown.
    var instance: PageInstance?

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - id: the page id in event log lines; not empty.
    ///   - title: the header title.
    ///   - showsHeader: whether the 56 px header bar is shown.
    ///   - backButton: the back button style.
    ///   - elements: standard elements, laid out in order under the header.
    public init(id: String, title: String, showsHeader: Bool = true, backButton: BackButtonStyle = .system,
                elements: [PageElement] = []) {
        precondition(!id.isEmpty, "a page needs an id")
        self.id = id
        self.title = title
        self.showsHeader = showsHeader
        self.backButton = backButton
        self.elements = elements
    }

    /// The page as the engine sees it.
    var definition: PageDefinition {
        PageDefinition(id: id, title: title, header: showsHeader, backButton: backButton,
                       interactivePop: storedInteractivePop, shouldBegin: nil, elements: elements)
    }

    /// Asks for the page to be drawn again (after its own content changed).
    public func setNeedsDisplay() {
        guard let navigator, let instance else { return }
        navigator.model.invalidate(instance)
    }

    /// Pops this page if it is the top of its stack, animated, as a back button does.
    public func pop() {
        guard let navigator, let stackID, navigator.model.stack(id: stackID)?.top == instance else { return }
        navigator.pop(stack: stackID)
    }

    /// The id of an element the page draws itself at `point`, or nil. Override for content of
    /// your own; the standard `elements` are hit-tested first.
    ///
    /// - Parameter point: layout units in page coordinates (px / `Navigator.layoutScale`, from the
    ///   page's top-left, scrolled content included), the units `CairoDrawing.draw` draws in.
    open func element(at point: Point) -> String? { nil }

    /// A tap on an element from `element(at:)`: down and up on it within the touch slop.
    open func didTap(_ element: String) {}

    /// The page is about to appear (pushed, revealed by a pop or swipe, or a cancelled swipe
    /// brings it back). UIKit's order: see DESIGN.md "Lifecycle order".
    open func willAppear() {}
    /// The page appeared.
    open func didAppear() {}
    /// The page is about to disappear (covered, popped, or a swipe began on it).
    open func willDisappear() {}
    /// The page disappeared.
    open func didDisappear() {}
}
