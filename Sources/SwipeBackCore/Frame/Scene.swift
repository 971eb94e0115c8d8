// SPDX-License-Identifier: Apache-2.0
/// What one window frame shows: a plain value the model produces and the renderer draws from.
///
/// The compositor and the page painter see only this, never the model (as cairo's own tests draw a
/// case from `draw(cr, width, height)`); render tests build scenes directly. Per stack it holds the
/// stack's frame, the pages in view with their revisions and per-instance state, the transition's
/// progress and direction, and the appearance the compositor applies (parallax, dim, shadow).
///
/// Building one by hand: a page's snapshot is drawn again only when its instance or its `revision`
/// changes (the renderer keeps snapshots between frames), so bump `revision` whenever anything
/// drawn on the page changes; give `contentHeight` for a page taller than its stack, or its
/// `scrollOffset` has nothing to scroll over; and set `headerHeight` with `layoutScale` (it is
/// `PageDefinition.headerHeight` times the scale). A push runs `progress` from 1 down to 0, a pop
/// from 0 up to 1 (see `Transition`).
public struct Scene: Equatable, Sendable {
    /// The stacks, bottom to top, as they are drawn.
    public var stacks: [Stack]
    /// The lag of the page beneath as a fraction of the stack's width, 0...1 (`parallax`).
    public var parallax: Double
    /// The dim over the page beneath at progress 0, 0...1 (`dimAlpha`).
    public var dimAlpha: Double
    /// The width of the edge shadow in px, 0...200 (`shadowWidth`).
    public var shadowWidth: Double
    /// px per layout unit (a kiosk's `Xft.dpi` / 96; 1 elsewhere).
    public var layoutScale: Double
    /// The header bar's height in px at `layoutScale`: `PageDefinition.headerHeight * layoutScale`
    /// (set it with the scale; it is not derived).
    public var headerHeight: Double
    /// The history menu drawn over the stacks, or nil when none is open.
    public var menu: Menu?
    /// How transitions draw their two pages.
    public var style: TransitionStyle

    /// Creates a scene.
    ///
    /// - Parameters:
    ///   - stacks: bottom to top.
    ///   - parallax: fraction of the width, 0...1.
    ///   - dimAlpha: 0...1.
    ///   - shadowWidth: px, 0...200.
    ///   - layoutScale: px per layout unit, more than 0.
    ///   - headerHeight: px.
    ///   - menu: the open history menu, or nil.
    ///   - style: parallax (the default), cover, card or crossfade.
    public init(stacks: [Stack], parallax: Double, dimAlpha: Double, shadowWidth: Double, layoutScale: Double = 1,
                headerHeight: Double = PageDefinition.headerHeight, menu: Menu? = nil, style: TransitionStyle = .parallax) {
        self.menu = menu
        self.style = style
        self.stacks = stacks
        self.parallax = parallax
        self.dimAlpha = dimAlpha
        self.shadowWidth = shadowWidth
        self.layoutScale = layoutScale
        self.headerHeight = headerHeight
    }

    /// One stack as drawn.
    public struct Stack: Equatable, Sendable {
        /// The stack's id.
        public var id: String
        /// Its frame in window px.
        public var frame: Rect
        /// The layout direction its pages are drawn in (a running transition keeps its own).
        public var direction: LayoutDirection
        /// The top page, or the page a transition moves.
        public var upper: Page
        /// The page beneath a running transition; nil when none runs.
        public var lower: Page?
        /// The transition's progress, 0...1 (0: `upper` in place, 1: `lower` uncovered); nil when none runs.
        public var progress: Double?
        /// The page a pop would uncover, while no transition runs (nil at the root and during a
        /// transition): the renderer may draw its snapshot ahead, so a swipe's first frame is a copy.
        public var beneath: Page?
        /// The serials of the stack's two top pages, in any order: the pages a push or pop would
        /// uncover, whose snapshots the renderer keeps (so it holds O(1) snapshots at any depth).
        public var topSerials: [Int]
        /// How many pages the stack holds (it draws nothing; it tells the renderer the stack changed).
        public var depth: Int
        /// The finger's vertical movement since the swipe began, px: the `card` style's top page
        /// follows it (0 for animated pushes and pops).
        public var verticalTravel: Double
        /// The style this stack's transition draws in when it is not the scene's: `crossfade`
        /// under reduced motion; nil uses `Scene.style`.
        public var style: TransitionStyle?

        /// Creates a stack.
        ///
        /// - Parameters:
        ///   - id: the stack's id.
        ///   - frame: window px.
        ///   - direction: ltr or rtl.
        ///   - upper: the top or moving page.
        ///   - lower: the page beneath a transition, or nil.
        ///   - progress: 0...1 with a transition, else nil.
        ///   - topSerials: the serials of the two top pages (one at the root).
        ///   - depth: 1 or more.
        ///   - verticalTravel: px, positive downward.
        ///   - style: the transition's own style, or nil for the scene's.
        ///   - beneath: the page a pop would uncover, with no transition; nil at the root.
        public init(id: String, frame: Rect, direction: LayoutDirection, upper: Page, lower: Page? = nil,
                    progress: Double? = nil, topSerials: [Int]? = nil, depth: Int = 1, verticalTravel: Double = 0,
                    style: TransitionStyle? = nil, beneath: Page? = nil) {
            self.beneath = beneath
            self.verticalTravel = verticalTravel
            self.style = style
            self.id = id
            self.frame = frame
            self.direction = direction
            self.upper = upper
            self.lower = lower
            self.progress = progress
            self.topSerials = topSerials ?? [upper.instance.serial]
            self.depth = depth
        }
    }

    /// One page in view, with everything its snapshot's pixels depend on.
    public struct Page: Equatable, Sendable {
        /// The instance drawn.
        public var instance: PageInstance
        /// Its definition, with run-time changes (its own `interactivePop` switch included).
        public var definition: PageDefinition
        /// Changes whenever anything drawn on this instance changes: the renderer redraws a page's
        /// snapshot only when its instance or this changes.
        public var revision: Int
        /// The title its system back button shows, or nil when it shows none.
        public var backTitle: String?
        /// Its vertical scroll offset in px (0 = top).
        public var scrollOffset: Double
        /// Its whole height in px laid out at the stack's width: header, elements and spacing. The
        /// snapshot is as tall as the larger of this and the stack, and `scrollOffset` is clamped
        /// to it: 0 means the page does not scroll.
        public var contentHeight: Double
        /// Slider values (0...1) and carousel indexes by element index; others show their document value.
        public var controlValues: [Int: Double]
        /// The index of the button drawn pressed, if any.
        public var pressedElement: Int?
        /// The carousel being dragged and the finger's horizontal offset in px from its down.
        public var carouselDrag: CarouselDrag?
        /// What its gesture-status elements show: the stack's last gesture step; nil shows "idle".
        public var readout: GestureReadout?

        /// Creates a page as drawn.
        ///
        /// - Parameters:
        ///   - instance: the instance.
        ///   - definition: its definition.
        ///   - revision: its revision.
        ///   - backTitle: the previous page's title with a system back button, else nil.
        ///   - scrollOffset: px, 0 or more.
        ///   - contentHeight: px.
        ///   - controlValues: by element index.
        ///   - pressedElement: a button's element index, or nil.
        ///   - carouselDrag: a carousel drag, or nil.
        ///   - readout: the gesture step, or nil.
        public init(instance: PageInstance, definition: PageDefinition, revision: Int = 0, backTitle: String? = nil,
                    scrollOffset: Double = 0, contentHeight: Double = 0, controlValues: [Int: Double] = [:],
                    pressedElement: Int? = nil, carouselDrag: CarouselDrag? = nil, readout: GestureReadout? = nil) {
            self.instance = instance
            self.definition = definition
            self.revision = revision
            self.backTitle = backTitle
            self.scrollOffset = scrollOffset
            self.contentHeight = contentHeight
            self.controlValues = controlValues
            self.pressedElement = pressedElement
            self.carouselDrag = carouselDrag
            self.readout = readout
        }
    }

    /// The history menu as drawn: one row per page beneath the top, nearest first.
    public struct Menu: Equatable, Sendable {
        /// The rows: each page's title and its frame in window px (`HistoryMenu.rowFrames`).
        public var rows: [Row]
        /// Right to left aligns the titles to the right.
        public var direction: LayoutDirection

        /// One row of the menu.
        public struct Row: Equatable, Sendable {
            /// The page's title.
            public var title: String
            /// The row's frame in window px.
            public var frame: Rect

            /// Creates a row.
            ///
            /// - Parameters:
            ///   - title: the page's title.
            ///   - frame: window px.
            public init(title: String, frame: Rect) {
                self.title = title
                self.frame = frame
            }
        }

        /// Creates a menu.
        ///
        /// - Parameters:
        ///   - rows: nearest first, frames in window px.
        ///   - direction: ltr or rtl.
        public init(rows: [Row], direction: LayoutDirection) {
            self.rows = rows
            self.direction = direction
        }
    }

    /// A carousel following a finger.
    public struct CarouselDrag: Equatable, Hashable, Sendable {
        /// The carousel's element index.
        public var element: Int
        /// The finger's horizontal offset from where it went down, in px.
        public var offsetPixels: Double

        /// Creates a drag.
        ///
        /// - Parameters:
        ///   - element: the element index.
        ///   - offsetPixels: px, positive to the right.
        public init(element: Int, offsetPixels: Double) {
            self.element = element
            self.offsetPixels = offsetPixels
        }
    }
}
