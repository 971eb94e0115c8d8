// SPDX-License-Identifier: Apache-2.0
/// The history menu of a stack's system back button: the pages beneath the top, nearest first,
/// one row each (UIKit's back-button menu, iOS 14; libadwaita's back-button context menu).
public struct HistoryMenu: Equatable, Sendable {
    /// The id of the stack it belongs to.
    public let stackID: String
    /// The pages it lists, nearest first (the page beneath the top first).
    public let items: [PageInstance]

    /// A row's height in layout units: UIKit's default table row height, 44 pt.
    public static let rowHeight = 44.0
    /// The menu's width in layout units (at most the stack's width).
    public static let width = 280.0

    /// Creates a menu.
    ///
    /// - Parameters:
    ///   - stackID: the stack's id.
    ///   - items: the pages beneath the top, nearest first.
    public init(stackID: String, items: [PageInstance]) {
        self.stackID = stackID
        self.items = items
    }

    /// The rows' frames in window px: `width` wide (at most the stack's), `rowHeight` high, from
    /// the stack's leading edge at the header's bottom; as many rows as fit in the stack.
    ///
    /// - Parameters:
    ///   - stackFrame: the stack's frame, window px.
    ///   - headerHeight: the header's height in px (56 times the layout scale).
    ///   - layoutScale: px per layout unit, more than 0.
    ///   - direction: right to left puts the menu at the stack's right edge.
    /// - Returns: one frame per visible row, nearest first.
    public func rowFrames(stackFrame: Rect, headerHeight: Double, layoutScale: Double, direction: LayoutDirection) -> [Rect] {
        let width = min(Self.width * layoutScale, stackFrame.width)
        let height = Self.rowHeight * layoutScale
        let x = direction == .leftToRight ? stackFrame.x : stackFrame.maxX - width
        let top = stackFrame.y + headerHeight
        let fitting = max(0, Int(((stackFrame.maxY - top) / height).rounded(.down)))
        return (0..<min(items.count, fitting)).map { Rect(x: x, y: top + Double($0) * height, width: width, height: height) }
    }
}
