// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation

/// A private Xvfb server for one test: started on a free display, killed at the end.
public final class XvfbServer {
    /// The server or program process.
    public let process = Process()
    /// The display name, like `:12`.
    public let displayName: String
    /// This process's own connection to the server (for XTest, screenshots and window control).
    public let display: OpaquePointer

    /// Starts Xvfb with a 24-bit screen of `width` x `height` px and connects to it.
    public init(width: Int = 1024, height: Int = 768) throws {
        guard let xvfb = findTool("Xvfb") else {
            throw XTestingError("Xvfb is not installed: run `make test` (it installs it) or `apt-get install xvfb`")
        }
        process.executableURL = URL(fileURLWithPath: xvfb)
        // -displayfd 1: Xvfb picks a free display and writes its number on standard output.
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        guard let number = try startReportingDisplay(process, timeout: 10) else {
            process.terminate()
            throw XTestingError("Xvfb did not report a display number")
        }
        displayName = ":\(number)"
        guard let display = XOpenDisplay(displayName) else {
            process.terminate()
            throw XTestingError("cannot connect to Xvfb on \(displayName)")
        }
        self.display = display
    }

    deinit {
        if process.isRunning { XCloseDisplay(display) } // after a kill, Xlib would call the fatal IO handler
        process.terminate()
        process.waitUntilExit()
    }

    // MARK: XTest input: ordinary XI2 motion and button events from the XTEST device.

    /// Moves the pointer to root position (x, y) px with XTest.
    public func move(to x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
        XFlush(display)
    }

    /// Presses (`true`) or releases button 1 with XTest.
    public func button(_ pressed: Bool) {
        XTestFakeButtonEvent(display, 1, pressed ? 1 : 0, 0)
        XFlush(display)
    }

    /// Presses and releases the key with this keysym, holding the `modifiers` keysyms (like
    /// `XK_Alt_L`) around it.
    public func key(_ keysym: Int32, modifiers: [Int32] = []) {
        let held = modifiers.map { XKeysymToKeycode(display, KeySym($0)) }
        for code in held { XTestFakeKeyEvent(display, UInt32(code), 1, 0) }
        let code = XKeysymToKeycode(display, KeySym(keysym))
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        for code in held.reversed() { XTestFakeKeyEvent(display, UInt32(code), 0, 0) }
        XFlush(display)
    }

    /// Presses and releases mouse button `number` (8 is back, 9 forward) with XTest.
    public func click(button number: UInt32) {
        XTestFakeButtonEvent(display, number, 1, 0)
        XTestFakeButtonEvent(display, number, 0, 0)
        XFlush(display)
    }

    /// Top-level windows whose `WM_NAME` is `title`.
    public func windows(titled title: String) -> [Window] { topLevelWindows(display, titled: title) }

    /// Sends `WM_DELETE_WINDOW` to `window`, as a window manager's close button does.
    public func requestClose(_ window: Window) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = 0 // CurrentTime
        XSendEvent(display, window, 0, 0, &event)
        XFlush(display)
    }

    /// One row of the screen, from x0 to x1 (exclusive), each pixel as [red, green, blue].
    public func pixels(row y: Int, from x0: Int, to x1: Int) -> [[Int]] {
        screenPixels(display, x: x0, y: y, width: x1 - x0, height: 1)
    }

    /// One column of the screen, from y0 to y1 (exclusive), each pixel as [red, green, blue].
    public func pixels(column x: Int, from y0: Int, to y1: Int) -> [[Int]] {
        screenPixels(display, x: x, y: y0, width: 1, height: y1 - y0)
    }
}

