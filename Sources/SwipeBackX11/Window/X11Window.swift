// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials
import Glibc
import SwipeBackCore

/// The X connection and one top-level window that takes XI2 pointer and touch input.
public final class X11Window {
    /// The Xlib display.
    public let display: OpaquePointer
    /// The window id.
    public let window: Window
    /// The XInput extension's major opcode, to recognise XI2 events.
    public let xinputOpcode: Int32
    /// The XI2 devices the window takes input from.
    public let devices: XI2Devices
    /// Where frames are drawn and how they reach the screen.
    public let surface: PresentSurface
    /// The window's size in px.
    public var width: Int { surface.width }
    /// The window's height in px.
    public var height: Int { surface.height }

    private let deleteWindowAtom: Atom
    /// Whether another client destroyed the window (`markDestroyed()`).
    public private(set) var isDestroyed = false
    /// The refresh rate of the monitor showing the window, in Hz (`DisplayRate.fallbackHertz`
    /// when the server does not tell); kept current by `updateRefreshRate()`.
    public private(set) var refreshHertz = DisplayRate.fallbackHertz
    /// RandR's screen changes, selected on the window.
    private var screenChanges: ScreenChanges?
    /// The RandR output (or monitor) name `coverScreen()` covers (`kioskOutput`); nil for the
    /// primary monitor, or the whole screen when there is none.
    public var coveredOutput: String?
    /// The first MIT-SCREEN-SAVER event code, once `followScreenSaver()` has run on a server that has it.
    var screenSaverEventBase: Int32?

    /// `WM_CLASS`'s instance name of SwipeBack's own windows: the program's name.
    public static let instanceName = "swipeback"
    /// `WM_CLASS`'s class of SwipeBack's own windows, which its desktop file names as `StartupWMClass`.
    public static let className = "SwipeBack"

    /// The smallest size the window may be resized to, in px.
    public static let minimumWidth = 320, minimumHeight = 240

    /// Opens the display named by `$DISPLAY` and maps a window.
    ///
    /// - Parameters:
    ///   - title: the window title (`WM_NAME`, `_NET_WM_NAME`).
    ///   - width: px, 1...32767.
    ///   - height: px, 1...32767.
    ///   - displayName: the display, like `:1`; nil for `$DISPLAY`.
    ///   - windowClass: `WM_CLASS` (ICCCM): the instance name (the program's name) and the class
    ///     (what a desktop file's `StartupWMClass` names, so docks match window and launcher);
    ///     SwipeBack's own by default.
    /// - Throws: `X11Error` when there is no display, no XInput 2.2, or no 24-bit TrueColor visual.
    public init(title: String, width: Int, height: Int, displayName: String? = nil,
                windowClass: (instance: String, name: String) = (X11Window.instanceName, X11Window.className)) throws {
        let display = try X11Connection.open(displayName)
        let name = displayName ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        self.display = display
        // Ask for 2.4 (touchpad gestures); the server answers with what it has, and 2.2 (touch) is the least.
        guard let version = XInput2.query(display, speaking: 4) else {
            X11Connection.close(display)
            throw X11Error("the X server \"\(name)\" has no XInput extension")
        }
        guard version.hasTouch else {
            X11Connection.close(display)
            throw X11Error("the X server \"\(name)\" has XInput \(version.major).\(version.minor); SwipeBack needs 2.2 or later")
        }
        xinputOpcode = version.opcode
        let hasGestures = version.hasGestures
        let screen = XDefaultScreen(display)
        guard XDefaultDepth(display, screen) == 24, let visual = XDefaultVisual(display, screen),
              visual.pointee.red_mask == 0xFF0000, visual.pointee.blue_mask == 0xFF else {
            X11Connection.close(display)
            throw X11Error("the X server \"\(name)\" has no 24-bit TrueColor default visual")
        }
        let root = XRootWindow(display, screen)
        // Every request from here to the map is checked at its end (one bracket).
        X11ErrorTrap.begin(display)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = 0
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | FocusChangeMask)
        window = XCreateWindow(display, root, 0, 0, UInt32(width), UInt32(height), 0, 24, UInt32(InputOutput), visual,
                               UInt(CWBackPixel | CWEventMask), &attributes)
        XStoreName(display, window, title)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let netName = XInternAtom(display, "_NET_WM_NAME", 0)
        let bytes = Array(title.utf8)
        XChangeProperty(display, window, netName, utf8, 8, PropModeReplace, bytes, Int32(bytes.count))
        // Format-32 properties are passed as C longs.
        let created = window, pid = [UInt(getpid())]
        _ = pid.withUnsafeBytes { bytes in
            XChangeProperty(display, created, XInternAtom(display, "_NET_WM_PID", 0), XA_CARDINAL, 32, PropModeReplace,
                            bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        Self.markSwipeBackWindow(display, created)
        // WM_CLIENT_MACHINE goes with _NET_WM_PID (EWMH: the pid means nothing without the host).
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            let hostBytes = Array(host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            XChangeProperty(display, created, XInternAtom(display, "WM_CLIENT_MACHINE", 0), XA_STRING, 8, PropModeReplace,
                            hostBytes, Int32(hostBytes.count))
        }
        // WM_HINTS: the window takes keyboard focus (the back keys) and starts in the normal state.
        let wmHints = XAllocWMHints()!
        wmHints.pointee.flags = InputHint | StateHint
        wmHints.pointee.input = 1
        wmHints.pointee.initial_state = NormalState
        XSetWMHints(display, created, wmHints)
        XFree(wmHints)
        // WM_CLASS: the desktop file's StartupWMClass is the class, so docks match window and launcher.
        let classHint = XAllocClassHint()!
        windowClass.instance.withCString { name in
            windowClass.name.withCString { className in
                classHint.pointee.res_name = UnsafeMutablePointer(mutating: name)
                classHint.pointee.res_class = UnsafeMutablePointer(mutating: className)
                XSetClassHint(display, created, classHint)
            }
        }
        XFree(classHint)
        let hints = XAllocSizeHints()!
        hints.pointee.flags = PMinSize
        hints.pointee.min_width = Int32(Self.minimumWidth)
        hints.pointee.min_height = Int32(Self.minimumHeight)
        XSetWMNormalHints(display, window, hints)
        XFree(hints)
        deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(display, window, &protocols, 1)
        surface = PresentSurface(display: display, window: window, visual: visual, width: width, height: height)
        devices = XI2Devices(display: display, window: window, hasGestures: hasGestures)
        screenChanges = ScreenChanges(display: display, window: window)
        updateRefreshRate()
        followResources()
        try devices.selectInput()
        XMapWindow(display, window)
        try X11ErrorTrap.end(display, "creating the window")
    }

    deinit {
        surface.release()
        if !X11ErrorTrap.isConnectionLost(display), !isDestroyed { XDestroyWindow(display, window) }
        X11Connection.close(display)
    }

    /// Whether the connection to the X server is gone (the window's loop then ends with
    /// `X11Error.connectionLost`).
    public var isConnectionLost: Bool { X11ErrorTrap.isConnectionLost(display) }

    /// The screen's size in px.
    public var screenSize: (width: Int, height: Int) {
        let screen = XDefaultScreen(display)
        return (Int(XDisplayWidth(display, screen)), Int(XDisplayHeight(display, screen)))
    }

    /// Hides the pointer over the window (an empty 1x1 cursor), from the first frame on.
    public func hideCursor() {
        var zero: CChar = 0
        let blank = XCreateBitmapFromData(display, window, &zero, 1, 1)
        var foreground = XColor(), background = XColor()
        let cursor = XCreatePixmapCursor(display, blank, blank, &foreground, &background, 0, 0)
        XDefineCursor(display, window, cursor)
        XFreeCursor(display, cursor)
        XFreePixmap(display, blank)
        XFlush(display)
    }

    /// Records that another client destroyed the window, so it is not destroyed twice.
    public func markDestroyed() { isDestroyed = true }

    /// Whether `event` is the window manager's `WM_DELETE_WINDOW` request.
    public func isDeleteRequest(_ event: XEvent) -> Bool {
        event.type == ClientMessage && Atom(event.xclient.data.l.0) == deleteWindowAtom
    }

    /// Reads the refresh rate again (after a move or a RandR change).
    public func updateRefreshRate() {
        refreshHertz = DisplayRate.read(display: display, window: window) ?? DisplayRate.fallbackHertz
    }

    /// Whether `event` is a RandR notification (a screen or monitor changed); such an event has
    /// been passed to `XRRUpdateConfiguration` when this returns true.
    public func isScreenChange(_ event: inout XEvent) -> Bool {
        screenChanges?.isChange(&event) ?? false
    }
}
