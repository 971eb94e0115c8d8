// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackX11

/// The app window under a point, as a window manager sees it: the top-level client (the window
/// with `WM_STATE` under the manager's frame, or an override-redirect window itself), its
/// `WM_CLASS`, and whether it is one of SwipeBack's own.
public struct AppWindow: Equatable, Sendable {
    /// The client window's id; 0 when the point is on the root window itself.
    public var window: UInt
    /// The top-level window on the root that holds it (the manager's frame, or the client), or 0.
    public var topLevel: UInt
    /// `WM_CLASS` instance and class (may be empty).
    public var classNames: [String]
    /// Whether it carries `X11Window.swipeBackWindowProperty`: it has its own swipe.
    public var isSwipeBack: Bool

    /// The class for the event log: `WM_CLASS`'s class, else its instance, else "".
    public var logClass: String { classNames.last ?? "" }

    /// Finds the app window under the root point (x, y).
    ///
    /// - Parameters:
    ///   - display: an open connection (a few round trips).
    ///   - x, y: the root point, px.
    ///   - ignoring: top-level windows to look through (the indicator).
    public static func at(_ display: OpaquePointer, x: Int, y: Int, ignoring: Set<UInt> = []) -> AppWindow {
        let root = XDefaultRootWindow(display)
        var top: Window = 0
        // The topmost mapped top-level containing the point, walking the root's children from the top.
        var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
        if XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children {
            for index in stride(from: Int(count) - 1, through: 0, by: -1) {
                let child = children[index]
                if ignoring.contains(UInt(child)) { continue }
                var attributes = XWindowAttributes()
                guard XGetWindowAttributes(display, child, &attributes) != 0, attributes.map_state == IsViewable,
                      attributes.class == InputOutput else { continue }
                if x >= Int(attributes.x), y >= Int(attributes.y),
                   x < Int(attributes.x) + Int(attributes.width) + 2 * Int(attributes.border_width),
                   y < Int(attributes.y) + Int(attributes.height) + 2 * Int(attributes.border_width) {
                    top = child
                    break
                }
            }
            XFree(children)
        }
        guard top != 0 else { return AppWindow(window: 0, topLevel: 0, classNames: [], isSwipeBack: false) }
        let client = clientWindow(display, under: top) ?? top
        return AppWindow(window: UInt(client), topLevel: UInt(top), classNames: classNames(display, client),
                         isSwipeBack: hasProperty(display, client, X11Window.swipeBackWindowProperty))
    }

    /// The first window with `WM_STATE` at or below `window`, breadth first (a manager's frame
    /// holds the client one or two levels down).
    private static func clientWindow(_ display: OpaquePointer, under window: Window) -> Window? {
        var level = [window]
        for _ in 0..<4 {
            var next: [Window] = []
            for candidate in level {
                if hasProperty(display, candidate, "WM_STATE") { return candidate }
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

    private static func hasProperty(_ display: OpaquePointer, _ window: Window, _ name: String) -> Bool {
        let atom = XInternAtom(display, name, 1)
        guard atom != 0 else { return false }
        var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, atom, 0, 1, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data) == Success
        else { return false }
        if let data { XFree(data) }
        return type != 0
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
}
