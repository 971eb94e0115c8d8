// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import SwipeBackX11
import SwipeBackXTesting
import XCTest

/// `X11Window.coverScreen()` asks a window manager for full screen as EWMH has a client ask for a
/// mapped window: by a `_NET_WM_STATE` client message to the root, never by writing the property,
/// which is the window manager's once the window is mapped (weston's XWM took such a write as the
/// state without telling its shell, then dropped the message as no change).
final class CoverScreenTests: XCTestCase {
    func testAMappedWindowAsksForFullScreenByTheClientMessageAlone() throws {
        let server = try XvfbServer()
        let display = server.display
        let root = XDefaultRootWindow(display)
        // The test is the window manager: it answers _NET_SUPPORTING_WM_CHECK and takes the
        // root's redirected requests (so it also gets the client message), and maps nothing.
        let check = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        let checkAtom = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        for target in [root, check] {
            _ = [UInt(check)].withUnsafeBytes { bytes in
                XChangeProperty(display, target, checkAtom, XA_WINDOW, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
        XSelectInput(display, root, SubstructureRedirectMask | SubstructureNotifyMask)
        XSync(display, 0)

        let window = try X11Window(title: "cover", width: 400, height: 300, displayName: server.displayName)
        XCTAssertTrue(window.coverScreen(), "a window manager answers")
        XSync(window.display, 0)
        XSync(display, 0)

        let state = XInternAtom(display, "_NET_WM_STATE", 0), fullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        var seen: [String] = []
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            if event.type == MapRequest, event.xmaprequest.window == window.window {
                seen.append("map")
            } else if event.type == ClientMessage, event.xclient.window == window.window, event.xclient.message_type == state {
                XCTAssertEqual([event.xclient.data.l.0, event.xclient.data.l.1], [1, Int(fullscreen)], "_NET_WM_STATE_ADD, FULLSCREEN")
                seen.append("fullscreen")
            }
        }
        XCTAssertEqual(seen, ["map", "fullscreen"], "the request comes after the map, as a message")
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, window.window, state, 0, 8, 0, XA_ATOM, &type, &format, &count, &after, &data)
        if let data { XFree(data) }
        XCTAssertEqual(type, Atom(0), "the window's _NET_WM_STATE is the window manager's: the client leaves it unset (\(count) atoms)")
    }
}
