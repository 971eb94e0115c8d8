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
    /// Whether the server sends XI 2.4 touchpad gesture events.
    public let hasGestures: Bool
    /// The window's size in px.
    public private(set) var width: Int
    /// The window's height in px.
    public private(set) var height: Int

    private let visual: UnsafeMutablePointer<Visual>
    private let gc: GC
    private let deleteWindowAtom: Atom
    private var destroyed = false
    /// The frame buffers and how frames reach the screen.
    private var chain: PresentChain?
    /// The Present extension's major opcode, when the server has it (and it is not switched off).
    private var presentOpcode: Int32?
    /// The serial of the last frame sent by a chain since replaced (a resize makes a new one).
    private var lastSerial: UInt32 = 0
    /// The window's Present event selection (complete and idle notices), or nil when frames do not use Present.
    private var presentEventID: XID?
    /// Whether the server shares memory with us (MIT-SHM); turned off after a failure.
    public private(set) var usesSharedMemory: Bool
    /// The refresh rate of the monitor showing the window, in Hz (`DisplayRate.fallbackHertz`
    /// when the server does not tell); kept current by `updateRefreshRate()`.
    public private(set) var refreshHertz = DisplayRate.fallbackHertz
    /// The first RandR event code, or nil when the server has no RandR.
    private var randrEventBase: Int32?
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
        guard let name = displayName ?? ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw X11Error("no X display: DISPLAY is not set (run under X, or start Xvfb and set DISPLAY)")
        }
        guard let display = XOpenDisplay(name) else {
            throw X11Error("cannot open X display \"\(name)\"")
        }
        X11ErrorTrap.register(display)
        self.display = display
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            Self.close(display)
            throw X11Error("the X server \"\(name)\" has no XInput extension")
        }
        // Ask for 2.4 (touchpad gestures); the server answers with what it has, and 2.2 (touch) is the least.
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else {
            Self.close(display)
            throw X11Error("the X server \"\(name)\" has XInput \(major).\(minor); SwipeBack needs 2.2 or later")
        }
        xinputOpcode = opcode
        hasGestures = major > 2 || minor >= 4
        let screen = XDefaultScreen(display)
        guard XDefaultDepth(display, screen) == 24, let visual = XDefaultVisual(display, screen),
              visual.pointee.red_mask == 0xFF0000, visual.pointee.blue_mask == 0xFF else {
            Self.close(display)
            throw X11Error("the X server \"\(name)\" has no 24-bit TrueColor default visual")
        }
        self.visual = visual
        self.width = width
        self.height = height
        let root = XRootWindow(display, screen)
        // Every request from here to the map is checked at its end (one bracket).
        X11ErrorTrap.begin(display)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = 0
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | FocusChangeMask)
        window = XCreateWindow(display, root, 0, 0, UInt32(width), UInt32(height), 0, 24, UInt32(InputOutput), visual,
                               UInt(CWBackPixel | CWEventMask), &attributes)
        gc = XCreateGC(display, window, 0, nil)
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
        usesSharedMemory = XShmQueryExtension(display) != 0 && !PresentPath.isSwitchedOff(PresentPath.noSharedMemoryVariable)
        selectPresentEvents()
        var randrEvent: Int32 = 0, randrError: Int32 = 0
        if XRRQueryExtension(display, &randrEvent, &randrError) != 0 {
            randrEventBase = randrEvent
            XRRSelectInput(display, window, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask))
        }
        updateRefreshRate()
        followResources()
        try selectInput()
        XMapWindow(display, window)
        try X11ErrorTrap.end(display, "creating the window")
    }

    deinit {
        chain = nil
        if !X11ErrorTrap.isConnectionLost(display) {
            XFreeGC(display, gc)
            if !destroyed { XDestroyWindow(display, window) }
        }
        Self.close(display)
    }

    /// Closes a display this type opened, after its errors stop being kept.
    private static func close(_ display: OpaquePointer) {
        X11ErrorTrap.unregister(display)
        XCloseDisplay(display)
    }

    /// Whether the connection to the X server is gone (the window's loop then ends with
    /// `X11Error.connectionLost`).
    public var isConnectionLost: Bool { X11ErrorTrap.isConnectionLost(display) }

    /// Selects the Present notices when the server has Present and MIT-SHM pixmaps of the
    /// window's format, unless `SWIPEBACK_NO_PRESENT` switches the path off.
    private func selectPresentEvents() {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major: Int32 = 0, minor: Int32 = 0, sharedPixmaps: Int32 = 0
        guard usesSharedMemory, !PresentPath.isSwitchedOff(PresentPath.noPresentVariable),
              XPresentQueryExtension(display, &opcode, &event, &error) != 0,
              XShmQueryVersion(display, &major, &minor, &sharedPixmaps) != 0, sharedPixmaps != 0,
              XShmPixmapFormat(display) == ZPixmap else { return }
        presentOpcode = opcode
        presentEventID = XPresentSelectInput(display, window, UInt32(PresentCompleteNotifyMask | PresentIdleNotifyMask))
    }

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
    public func markDestroyed() { destroyed = true }

    /// Selects XI2 button, motion and touch events from every master device (whole touch triples,
    /// and touch ownership), and device hierarchy changes on the root window.
    ///
    /// Called again after a hierarchy change, so devices that were disabled, re-enabled, floated
    /// or plugged in keep working.
    public func selectInput() throws {
        var events = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd,
                      XI_TouchOwnership]
        if hasGestures { events += [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd] }
        try select(events, on: window, device: XIAllMasterDevices)
        try select([XI_HierarchyChanged, XI_DeviceChanged], on: XDefaultRootWindow(display), device: XIAllDevices)
    }

    private func select(_ events: [Int32], on target: Window, device: Int32) throws {
        var mask = [UInt8](repeating: 0, count: Int(swipeback_xi_mask_len(XI_LASTEVENT)))
        for event in events { swipeback_xi_set_mask(&mask, event) }
        try mask.withUnsafeMutableBufferPointer { buffer in
            var eventMask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            try X11ErrorTrap.bracket(display, "selecting XInput2 events") { _ = XISelectEvents(display, target, &eventMask, 1) }
        }
    }

    /// The scroll valuators of every slave pointer, and which are touchpads (an XI 2.4 gesture
    /// class, or dependent touch).
    public func scrollDevices() -> [(device: Int32, axes: [SmoothScroll.Axis], isTouchpad: Bool)] {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(info) }
        var devices: [(Int32, [SmoothScroll.Axis], Bool)] = []
        for i in 0..<Int(count) where info[i].use == XISlavePointer || info[i].use == XIFloatingSlave {
            var axes: [SmoothScroll.Axis] = []
            var touchpad = false
            for c in 0..<Int(info[i].num_classes) {
                guard let any = info[i].classes[c] else { continue }
                switch any.pointee.type {
                case XIScrollClass:
                    let scroll = UnsafeRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    axes.append(SmoothScroll.Axis(number: Int(scroll.number), horizontal: scroll.scroll_type == XIScrollTypeHorizontal,
                                                  increment: scroll.increment))
                case XIGestureClass:
                    touchpad = true
                case XITouchClass:
                    let touch = UnsafeRawPointer(any).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                    if touch.mode == XIDependentTouch { touchpad = true }
                default:
                    break
                }
            }
            devices.append((info[i].deviceid, axes, touchpad))
        }
        return devices
    }

    /// Whether the slave `device` no longer delivers to a master pointer: disabled, removed, or
    /// floating (detached, or grabbed by another client: a grabbed slave floats for the grab's
    /// length, XI2 protocol "Grabs"). One round trip.
    public func isCutOff(device: Int32) -> Bool {
        var count: Int32 = 0
        var info: UnsafeMutablePointer<XIDeviceInfo>?
        // A removed device answers BadDevice; an error of an earlier request is not this one's.
        let answered = X11ErrorTrap.succeeds(display) { info = XIQueryDevice(display, device, &count) }
        defer { if let info { XIFreeDeviceInfo(info) } }
        guard answered, let info, count > 0 else { return true }
        return info.pointee.use == XIFloatingSlave || info.pointee.enabled == 0
    }

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
        guard let base = randrEventBase,
              event.type == base + RRScreenChangeNotify || event.type == base + RRNotify else { return false }
        XRRUpdateConfiguration(&event)
        return true
    }

    /// Records a new size after a `ConfigureNotify`.
    public func didResize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self.width = width
        self.height = height
        dropChain()
    }

    /// Lets the buffers go (the size changed), keeping their serial for the next chain.
    private func dropChain() {
        if let chain { lastSerial = chain.serial }
        chain = nil
    }

    /// The back buffer for the next frame: x8r8g8b8 pixels of the window's size, in memory the
    /// server shares when it can (MIT-SHM), so presenting copies nothing through the socket. It is
    /// never the buffer the server may still be reading.
    ///
    /// - Throws: `X11Error` when no image can be made.
    public func backBuffer() throws -> PixelBuffer {
        if let chain, chain.backBufferSize == (width, height) { return chain.backBuffer }
        dropChain()
        for path in presentPaths {
            do {
                chain = try PresentChain(path: path, display: display, visual: visual, window: window, gc: gc,
                                         width: width, height: height, lastSerial: lastSerial)
                break
            } catch {
                // Fall back to the next path for good (the server refused shared memory or its pixmaps).
                switch path {
                case .present: presentEventID = nil
                case .sharedMemory: usesSharedMemory = false
                case .putImage: throw error
                }
            }
        }
        return chain!.backBuffer
    }

    /// The paths to try, best first: Present when the server has it (with shared pixmaps) and the
    /// window selected its events, then `XShmPutImage`, then `XPutImage`.
    private var presentPaths: [PresentPath] {
        (presentEventID != nil ? [.present] : []) + (usesSharedMemory ? [.sharedMemory] : []) + [.putImage]
    }

    /// How frames reach the window now (`PresentPath`); read on every wake, so it builds no list.
    public var presentPath: PresentPath {
        chain?.path ?? (presentEventID != nil ? .present : usesSharedMemory ? .sharedMemory : .putImage)
    }

    /// Whether a presented frame waits for the server's `PresentCompleteNotify`.
    public var hasFrameInFlight: Bool { chain?.inFlight != nil }

    /// Sends the back buffer: only the rectangle where it differs from the frame on screen (the
    /// whole frame after `invalidateFrame()`). On the Present path the frame is queued for the next
    /// refresh and `isPresentEvent(_:completion:)` reports it shown; the fallback paths put it and sync, so
    /// it is on screen when this returns. Either way the window never shows a partial frame.
    ///
    /// - Parameters:
    ///   - whole: send the whole frame without comparing (the renderer knows that pages moved, so
    ///     it differs nearly everywhere).
    ///   - asynchronous: on the Present path, have the server copy it at once, not at the next
    ///     refresh (`PresentOptionAsync`); only for the server's fake clock
    ///     (`FramePacer.isOnFakeClock`), where no display can tear.
    /// - Returns: what was sent (`PresentOutcome`).
    /// - Throws: `X11Error` when the server rejects the image.
    @discardableResult
    public func present(whole: Bool = false, asynchronous: Bool = false) throws -> PresentOutcome {
        guard let chain else { return .unchanged }
        if whole { chain.invalidate() }
        return try chain.present(asynchronous: asynchronous)
    }

    /// Presents the frame on screen again, one pixel of it, so its completion tells the server's
    /// clock (`PresentChain.probe`); returns its serial, or nil when it cannot now.
    public func probePresentClock() -> UInt32? { chain?.probe() }

    /// Touches the memory of one frame buffer not drawn into yet (`PresentChain.touchAhead`), while
    /// the window is idle; returns whether there was one.
    public func touchBuffersAhead() -> Bool { chain?.touchAhead() ?? false }

    /// Sends the next frame whole: the window's content is unknown (an Expose).
    public func invalidateFrame() { chain?.invalidate() }

    /// Forgets the frame in flight, when its completion is overdue, so drawing goes on.
    public func abandonFrameInFlight() { chain?.abandonInFlight() }

    /// Whether `event` is a Present event of this window; a completion is returned through
    /// `completion` (idle notices only free a buffer).
    public func isPresentEvent(_ event: inout XEvent, completion: inout PresentCompletion?) -> Bool {
        let (matched, result) = EventCookie.withData(display, &event, extension: presentOpcode) { evtype, data in
            chain?.handle(evtype: evtype, data: data)
        }
        if let result { completion = result }
        return matched
    }
}
