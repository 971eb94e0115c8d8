// SPDX-License-Identifier: Apache-2.0
/// How a page shows its back button (SPEC section 2, `backButton`).
public enum BackButtonStyle: String, Sendable, CaseIterable {
    /// The chevron plus the previous page's title.
    case system
    /// The system button is hidden; the page has its own button with action `pop`.
    case custom
    /// No back button.
    case none
}

/// A page: its identity, navigation properties and elements. How it draws lives in the renderer.
public struct PageDefinition: Equatable, Sendable {
    /// The page id, unique in its document.
    public var id: String
    /// The title shown in the header bar.
    public var title: String
    /// Whether the header bar (56 px at scale 1) is shown.
    public var header: Bool
    /// The back button's style.
    public var backButton: BackButtonStyle
    /// The page's own switch for the back swipe; it never changes any other page.
    public var interactivePop: Bool
    /// The static answer of the page's veto hook, or nil when the page has none (no `veto` log line).
    public var shouldBegin: Bool?
    /// The page's elements in document order.
    public var elements: [PageElement]
    /// The family and language of the page's text (title, elements, back title); nil parts take
    /// the configuration's `fontFamily` and the locale's language.
    public var font: TextFont = TextFont()

    /// Creates a page; the defaults are a plain page with a header and the system back button.
    public init(id: String, title: String? = nil, header: Bool = true, backButton: BackButtonStyle = .system,
                interactivePop: Bool = true, shouldBegin: Bool? = nil, elements: [PageElement] = []) {
        self.id = id
        self.title = title ?? id
        self.header = header
        self.backButton = backButton
        self.interactivePop = interactivePop
        self.shouldBegin = shouldBegin
        self.elements = elements
    }

    /// The font of the page's element at `index`: the element's own over the page's.
    public func font(ofElement index: Int) -> TextFont {
        elements.indices.contains(index) ? elements[index].font.over(font) : font
    }

    /// Height of the header bar in px at scale 1 (SPEC section 2).
    public static let headerHeight = 56.0

    /// Width in px of the system back button's tap area in a stack `stackWidth` px wide (at scale 1):
    /// the chevron and the previous title (at most 200 px, a third of the stack), or the chevron alone
    /// (44 px, the smallest comfortable touch target) in stacks narrower than `backTitleMinimumStackWidth`.
    public static func backButtonWidth(stackWidth: Double) -> Double {
        stackWidth < backTitleMinimumStackWidth ? 44 : min((stackWidth / 3).rounded(.down), 200)
    }

    /// Stacks narrower than this, in px, show the back chevron without the previous title.
    public static let backTitleMinimumStackWidth = 400.0
}

/// A stack as a document or scenario header describes it.
public struct StackDescription: Equatable, Sendable {
    /// The stack's id (`main` by default).
    public var id: String
    /// The stack's frame in window px, or nil to fill the window.
    public var frame: Rect?
    /// The page ids, bottom to top; at least one.
    public var pages: [String]

    /// Creates a stack description.
    public init(id: String, frame: Rect?, pages: [String]) {
        self.id = id
        self.frame = frame
        self.pages = pages
    }
}

/// The pages of a document, and the stacks it starts with.
public struct PagesDocument: Equatable, Sendable {
    /// Pages by id.
    public var pages: [String: PageDefinition]
    /// The stacks to start with, bottom to top.
    public var stacks: [StackDescription]
    /// The folder image `src` paths are relative to (the document's own folder), or nil for the
    /// current folder.
    public var baseDirectory: String?
    /// The file the document was read from, for messages (a scenario's `pagesFile`); nil when it
    /// came inline in a scenario header or was built in code.
    public var file: String?

    /// Creates a document.
    ///
    /// - Parameters:
    ///   - pages: pages by id.
    ///   - stacks: the stacks to start with, bottom to top.
    ///   - baseDirectory: the folder image `src` paths are relative to, or nil for the current folder.
    ///   - file: the file it was read from, for messages, or nil.
    public init(pages: [String: PageDefinition], stacks: [StackDescription], baseDirectory: String? = nil, file: String? = nil) {
        self.pages = pages
        self.stacks = stacks
        self.baseDirectory = baseDirectory
        self.file = file
    }

    /// This document with its stack frames scaled to a `width` x `height` px window.
    ///
    /// A document's frames are drawn for some window; the size they span (the right and bottom
    /// edges of all frames) is taken as that window, and every frame is scaled from it.
    public func fittingStacks(toWidth width: Double, height: Double) -> PagesDocument {
        let frames = stacks.compactMap(\.frame)
        guard !frames.isEmpty else { return self }
        let designWidth = frames.map(\.maxX).max()!, designHeight = frames.map(\.maxY).max()!
        guard designWidth > 0, designHeight > 0 else { return self }
        let sx = width / designWidth, sy = height / designHeight
        var fitted = self
        for index in fitted.stacks.indices {
            if let f = fitted.stacks[index].frame {
                fitted.stacks[index].frame = Rect(x: f.x * sx, y: f.y * sy, width: f.width * sx, height: f.height * sy)
            }
        }
        return fitted
    }

    /// This document with its stack frames mirrored left to right in a window `width` px wide, for
    /// right-to-left layouts: a sidebar on the left moves to the right.
    public func mirroringStacks(width: Double) -> PagesDocument {
        var mirrored = self
        for index in mirrored.stacks.indices {
            if let f = mirrored.stacks[index].frame {
                mirrored.stacks[index].frame = Rect(x: width - f.x - f.width, y: f.y, width: f.width, height: f.height)
            }
        }
        return mirrored
    }

    /// The page with this id, or a plain page with default settings when none is defined (SPEC section 1).
    public func page(_ id: String) -> PageDefinition {
        pages[id] ?? PageDefinition(id: id)
    }
}
