// SPDX-License-Identifier: Apache-2.0
import CX11

/// The app window under a point, as the X server picks it for a touch: the top-level window that
/// takes input there (input shapes honoured: a window's client-side shadow, or a window whose input
/// shape is empty, is looked through), then its client (the window with `WM_STATE` under the
/// manager's frame, or an override-redirect window itself), its `WM_CLASS`, its EWMH type, and
/// whether it is one of SwipeBack's own.
public struct AppWindow: Equatable, Sendable {
    /// What kind of window a touch came down on.
    public enum Role: String, Sendable {
        /// An app's window: a swipe over it goes back in it.
        case app
        /// A dock or panel (`_NET_WM_WINDOW_TYPE_DOCK`): it keeps its edge touches.
        case dock
        /// The desktop (`_NET_WM_WINDOW_TYPE_DESKTOP`, or the root window with no window there).
        case desktop
    }

    /// The client window's id; 0 when the point is on the root window itself.
    public var window: UInt
    /// The top-level window on the root that holds it (the manager's frame, or the client), or 0.
    public var topLevel: UInt
    /// `WM_CLASS` instance and class (may be empty).
    public var classNames: [String]
    /// Whether it carries `X11Window.swipeBackWindowProperty`: it has its own swipe.
    public var isSwipeBack: Bool
    /// An app, a dock or the desktop.
    public var role: Role = .app

    /// The class for the event log: `WM_CLASS`'s class, else its instance, else "".
    public var logClass: String { classNames.last ?? "" }

    /// Finds the app window under the root point (x, y).
    ///
    /// The top-level window is what `XTranslateCoordinates` on the root names: the server's own
    /// pick among the root's mapped children, topmost first, inside each one's bounding and input
    /// shapes (xserver `ProcTranslateCoordinates`), in one round trip. Windows with an empty input
    /// shape (SwipeBack's indicator) are looked through, as the touch itself looks through them.
    ///
    /// - Parameters:
    ///   - display: an open connection (one round trip for the pick, a few for the client's
    ///     properties).
    ///   - x, y: the root point, px.
    public static func at(_ display: OpaquePointer, x: Int, y: Int) -> AppWindow {
        let root = XDefaultRootWindow(display)
        var top: Window = 0, rootX: Int32 = 0, rootY: Int32 = 0
        guard XTranslateCoordinates(display, root, root, Int32(x), Int32(y), &rootX, &rootY, &top) != 0, top != 0 else {
            return AppWindow(window: 0, topLevel: 0, classNames: [], isSwipeBack: false, role: .desktop)
        }
        let client = clientWindow(display, under: top) ?? top
        let types = WindowProperty.atomNames(display, client, "_NET_WM_WINDOW_TYPE")
        let role: Role = types.contains("_NET_WM_WINDOW_TYPE_DOCK") ? .dock
            : types.contains("_NET_WM_WINDOW_TYPE_DESKTOP") ? .desktop : .app
        return AppWindow(window: UInt(client), topLevel: UInt(top), classNames: classNames(display, client),
                         isSwipeBack: WindowProperty.exists(display, client, X11Window.swipeBackWindowProperty), role: role)
    }

    /// The first window with `WM_STATE` at or below `window`, breadth first (a manager's frame
    /// holds the client one or two levels down).
    private static func clientWindow(_ display: OpaquePointer, under window: Window) -> Window? {
        var level = [window]
        for _ in 0..<4 {
            var next: [Window] = []
            for candidate in level {
                if WindowProperty.exists(display, candidate, "WM_STATE") { return candidate }
                var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
                if XQueryTree(display, candidate, &rootReturn, &parent, &children, &count) != 0, let children {
                    next += (0..<Int(count)).map { children[$0] }
                    XFree(children)
                }
            }
            if next.isEmpty { return nil }
            level = next
        }
        return nil
    }

    private static func classNames(_ display: OpaquePointer, _ window: Window) -> [String] {
        var hint = XClassHint()
        guard XGetClassHint(display, window, &hint) != 0 else { return [] }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let name = hint.res_class { XFree(name) }
        }
        return [hint.res_name, hint.res_class].compactMap { $0.map { String(cString: $0) } }
    }

    /// The point inside this app's client window nearest `point` where a button press reaches
    /// the client itself: inside its input shape, and where the server's pick at that point is
    /// this app's top-level window (not a frame's border, a client-side-decoration margin or a
    /// window above it). Falls back to the client's centre, then to `point`.
    ///
    /// - Parameters:
    ///   - display: an open connection (a few round trips).
    ///   - point: the touch-down point, root px.
    /// - Returns: a root point, px.
    public func pressPoint(_ display: OpaquePointer, near point: (x: Int, y: Int)) -> (x: Int, y: Int) {
        guard window != 0 else { return point }
        let root = XDefaultRootWindow(display)
        var originX: Int32 = 0, originY: Int32 = 0, child: Window = 0
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, Window(window), &attributes) != 0,
              XTranslateCoordinates(display, Window(window), root, 0, 0, &originX, &originY, &child) != 0 else { return point }
        // The input shape's rectangles, window px (an unshaped window's is its whole area).
        var count: Int32 = 0, ordering: Int32 = 0, shapeEvent: Int32 = 0, shapeError: Int32 = 0
        var rectangles: [(x: Int, y: Int, width: Int, height: Int)] = []
        if let list = XShapeGetRectangles(display, Window(window), ShapeInput, &count, &ordering) {
            rectangles = (0..<Int(count)).map { (Int(list[$0].x), Int(list[$0].y), Int(list[$0].width), Int(list[$0].height)) }
            XFree(list)
        } else if count == 0, XShapeQueryExtension(display, &shapeEvent, &shapeError) == 0 {
            rectangles = [(0, 0, Int(attributes.width), Int(attributes.height))]
        }
        // Inside by one px from each side, so the press is never on the border between two windows.
        let candidates = rectangles.filter { $0.width > 2 && $0.height > 2 }.map { rect -> (x: Int, y: Int) in
            let x = min(max(point.x - Int(originX), rect.x + 1), rect.x + rect.width - 2)
            let y = min(max(point.y - Int(originY), rect.y + 1), rect.y + rect.height - 2)
            return (x + Int(originX), y + Int(originY))
        }.sorted { a, b in
            (a.x - point.x) * (a.x - point.x) + (a.y - point.y) * (a.y - point.y)
                < (b.x - point.x) * (b.x - point.x) + (b.y - point.y) * (b.y - point.y)
        }
        let centre = (x: Int(originX) + Int(attributes.width) / 2, y: Int(originY) + Int(attributes.height) / 2)
        for candidate in candidates.prefix(1) + [centre] where reachesClient(display, candidate) { return candidate }
        return candidates.first ?? point
    }

    /// Whether a press at the root point reaches the client: the server's pick there goes down
    /// from the root through this app's top-level window to the client window.
    private func reachesClient(_ display: OpaquePointer, _ point: (x: Int, y: Int)) -> Bool {
        var current = XDefaultRootWindow(display)
        // A frame holds the client a level or two down; each step is the server's pick at the point.
        for _ in 0..<6 {
            var x: Int32 = 0, y: Int32 = 0, child: Window = 0
            guard XTranslateCoordinates(display, XDefaultRootWindow(display), current, Int32(point.x), Int32(point.y), &x, &y, &child) != 0
            else { return false }
            if child == 0 { return current == Window(window) }
            if current == XDefaultRootWindow(display), child != Window(topLevel) { return false }
            if child == Window(window) { return true }
            current = child
        }
        return false
    }
}
