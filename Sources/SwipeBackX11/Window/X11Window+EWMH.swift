// SPDX-License-Identifier: Apache-2.0
import CX11
import Glibc

// EWMH (freedesktop.org's Extended Window Manager Hints): what window managers, taskbars and
// docks read off the window, and full screen through the window manager.
extension X11Window {
    /// Sets `_NET_WM_ICON`, the icon taskbars and docks show for the window.
    ///
    /// - Parameter images: the icon at one or more sizes: width and height in px, and
    ///   width x height pixels, row by row, as 0xAARRGGBB (not premultiplied).
    public func setIcon(_ images: [(width: Int, height: Int, argb: [UInt32])]) {
        // Format-32 properties are passed as C longs: width, height, then the pixels, per image.
        var longs: [UInt] = []
        for image in images where image.argb.count == image.width * image.height {
            longs.append(UInt(image.width))
            longs.append(UInt(image.height))
            longs += image.argb.map { UInt($0) }
        }
        guard !longs.isEmpty else { return }
        let created = window, display = display
        _ = longs.withUnsafeBytes { bytes in
            XChangeProperty(display, created, XInternAtom(display, "_NET_WM_ICON", 0), XA_CARDINAL, 32, PropModeReplace,
                            bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(longs.count))
        }
        XFlush(display)
    }

    /// Makes the window cover the monitor of `coveredOutput` (else the primary monitor, else the
    /// whole screen; see `coverRectangle(output:)`): through the window manager's full-screen state
    /// when one answers (`_NET_SUPPORTING_WM_CHECK`), after moving the window onto that monitor
    /// (window managers make a window full screen on the monitor it is on), else by its own
    /// geometry. Call before the first map settles; call it again after a RandR change.
    ///
    /// The window is mapped (`init` maps it), so the full-screen state is asked for only by the
    /// `_NET_WM_STATE` client message: EWMH lets a client set the `_NET_WM_STATE` property only
    /// before the first map, and the window manager owns it after. Weston's XWM (10) reads that
    /// property again on its next repaint, so a client's write there set its full-screen flag
    /// without telling its shell, and the message that followed was then dropped as no change:
    /// under load the kiosk stayed framed, not full screen, under weston's kiosk shell.
    ///
    /// - Returns: whether a window manager took the request.
    @discardableResult
    public func coverScreen() -> Bool {
        let root = XDefaultRootWindow(display)
        let target = coverRectangle(output: coveredOutput)
        XMoveResizeWindow(display, window, Int32(target.x), Int32(target.y), UInt32(target.width), UInt32(target.height))
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        let hasManager = XGetWindowProperty(display, root, check, 0, 1, 0, XA_WINDOW, &type, &format, &count, &after, &data) == Success
            && count == 1
        if let data { XFree(data) }
        let state = XInternAtom(display, "_NET_WM_STATE", 0), fullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        if hasManager {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = window
            event.xclient.message_type = state
            event.xclient.format = 32
            event.xclient.data.l.0 = 1 // _NET_WM_STATE_ADD
            event.xclient.data.l.1 = Int(fullscreen)
            event.xclient.data.l.3 = 1 // a normal application
            XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        }
        XMoveResizeWindow(display, window, Int32(target.x), Int32(target.y), UInt32(target.width), UInt32(target.height))
        XFlush(display)
        return hasManager
    }
}

extension X11Window {
    /// The property that marks a window as one with its own swipe back: `swipeback system` gives
    /// touches on it back to the window at once (`SWIPEBACK_WINDOW` cardinal 1).
    public static let swipeBackWindowProperty = "_SWIPEBACK_WINDOW"

    /// Marks `window` with `swipeBackWindowProperty`.
    static func markSwipeBackWindow(_ display: OpaquePointer, _ window: Window) {
        let one = [UInt(1)]
        _ = one.withUnsafeBytes { bytes in
            XChangeProperty(display, window, XInternAtom(display, swipeBackWindowProperty, 0), XA_CARDINAL, 32, PropModeReplace,
                            bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }
}

