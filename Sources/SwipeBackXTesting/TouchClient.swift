// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation

/// An app as `swipeback system` sees it, observed from outside: a full-screen override-redirect
/// window of one colour that selects XI 2.2 touch events and core button presses and records what
/// reaches it. On a connection of its own, so its events are its alone.
public final class TouchClient {
    /// One thing the client received.
    public enum Received: Equatable {
        /// A touch event: XI_TouchBegin (18), Update (19) or End (20), the touch id, the root point.
        case touch(type: Int32, id: UInt32, x: Double, y: Double)
        /// A core button press.
        case button(Int)
        /// A core key press (its keycode).
        case key(Int)
    }

    private let display: OpaquePointer
    /// The client's window.
    public let window: Window
    private var xiOpcode: Int32 = 0
    /// Everything received so far, in order.
    public private(set) var received: [Received] = []

    /// Where a client's window goes and how a window manager treats it.
    public struct Placement {
        /// The window's rectangle, root px (a managed window's frame goes there, the client
        /// inside it by the frame's border and title bar).
        public var x: Int, y: Int, width: Int, height: Int
        /// Whether the window manager manages it (a normal top-level with `USPosition`), or it is
        /// override-redirect.
        public var managed: Bool
        /// `_NET_WM_WINDOW_TYPE`, like `_NET_WM_WINDOW_TYPE_DOCK`; nil for none.
        public var windowType: String?
        /// A margin left out of the input shape on every side, px (a client-side shadow); 0 for none.
        public var inputMargin: Int

        /// A placement; see the properties.
        public init(x: Int, y: Int, width: Int, height: Int, managed: Bool = true, windowType: String? = nil, inputMargin: Int = 0) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.managed = managed
            self.windowType = windowType
            self.inputMargin = inputMargin
        }
    }

    /// Opens the window over the whole screen of `displayName`, filled with `colour` (0xRRGGBB),
    /// with `WM_CLASS` `instance`, `className`; returns once it is mapped.
    ///
    /// - Parameter placement: where the window goes and how it is managed; nil for an
    ///   override-redirect window over the whole screen.
    /// - Throws: `XTestingError` when the display cannot be opened.
    public init(displayName: String, colour: UInt = 0xF0F0F0, instance: String = "touchclient", className: String = "TouchClient",
                placement: Placement? = nil) throws {
        guard let display = XOpenDisplay(displayName) else { throw XTestingError("cannot open \(displayName)") }
        self.display = display
        // The server may be gone before this client (a test's rig is torn down in any order):
        // Xlib then returns from its exit handler instead of ending the test process.
        XSetIOErrorExitHandler(display, { _, _ in }, nil)
        let screen = XDefaultScreen(display), root = XDefaultRootWindow(display)
        let frame = placement ?? Placement(x: 0, y: 0, width: Int(XDisplayWidth(display, screen)), height: Int(XDisplayHeight(display, screen)),
                                           managed: false)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = frame.managed ? 0 : 1
        attributes.background_pixel = colour
        attributes.event_mask = ButtonPressMask | KeyPressMask | StructureNotifyMask
        window = XCreateWindow(display, root, Int32(frame.x), Int32(frame.y), UInt32(frame.width), UInt32(frame.height), 0,
                               XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWOverrideRedirect | CWBackPixel | CWEventMask), &attributes)
        let hint = XAllocClassHint()!
        instance.withCString { name in
            className.withCString { cls in
                hint.pointee.res_name = UnsafeMutablePointer(mutating: name)
                hint.pointee.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(display, window, hint)
            }
        }
        XFree(hint)
        XStoreName(display, window, className)
        if frame.managed {
            let size = XAllocSizeHints()!
            size.pointee.flags = USPosition | USSize
            size.pointee.x = Int32(frame.x)
            size.pointee.y = Int32(frame.y)
            size.pointee.width = Int32(frame.width)
            size.pointee.height = Int32(frame.height)
            XSetWMNormalHints(display, window, size)
            XFree(size)
        }
        if let type = frame.windowType {
            var value = XInternAtom(display, type, 0)
            withUnsafeBytes(of: &value) { bytes in
                _ = XChangeProperty(display, window, XInternAtom(display, "_NET_WM_WINDOW_TYPE", 0), XA_ATOM, 32, PropModeReplace,
                                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
        if frame.inputMargin > 0 {
            var inside = XRectangle(x: Int16(frame.inputMargin), y: Int16(frame.inputMargin),
                                    width: UInt16(max(frame.width - 2 * frame.inputMargin, 1)),
                                    height: UInt16(max(frame.height - 2 * frame.inputMargin, 1)))
            XShapeCombineRectangles(display, window, ShapeInput, 0, 0, &inside, 1, ShapeSet, Unsorted)
        }
        var event: Int32 = 0, error: Int32 = 0
        _ = XQueryExtension(display, "XInputExtension", &xiOpcode, &event, &error)
        var major: Int32 = 2, minor: Int32 = 2
        _ = XIQueryVersion(display, &major, &minor)
        var mask = [UInt8](repeating: 0, count: Int(swipeback_xi_mask_len(XI_LASTEVENT)))
        for type in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { swipeback_xi_set_mask(&mask, type) }
        mask.withUnsafeMutableBufferPointer { bytes in
            var eventMask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
            _ = XISelectEvents(display, window, &eventMask, 1)
        }
        XMapRaised(display, window)
        XSync(display, 0)
        _ = collect(forMilliseconds: 100)
    }

    /// Closes the connection; a server already gone (a test's rig torn down in another order) is
    /// no reason to end the process: Xlib's default I/O error handler would call exit(1), so a
    /// returning one stands in while this connection closes (its exit handler returns too).
    deinit {
        let previous = XSetIOErrorHandler { _ in 0 }
        XCloseDisplay(display)
        XSetIOErrorHandler(previous)
    }

    /// Reads what has arrived, waiting up to `milliseconds` for more; returns all received so far.
    @discardableResult
    public func collect(forMilliseconds milliseconds: Double) -> [Received] {
        let deadline = Date().addingTimeInterval(milliseconds / 1000)
        repeat {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                switch event.type {
                case ButtonPress: received.append(.button(Int(event.xbutton.button)))
                case KeyPress: received.append(.key(Int(event.xkey.keycode)))
                case GenericEvent where event.xcookie.extension == xiOpcode:
                    guard XGetEventData(display, &event.xcookie) != 0, let data = event.xcookie.data else { continue }
                    let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                    received.append(.touch(type: event.xcookie.evtype, id: UInt32(bitPattern: device.detail), x: device.root_x, y: device.root_y))
                    XFreeEventData(display, &event.xcookie)
                default: break
                }
            }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(max(0, deadline.timeIntervalSinceNow * 1000)))
        } while Date() < deadline
        return received
    }

    /// Waits up to `timeout` seconds for `condition` on what has arrived; returns it then.
    @discardableResult
    public func waitFor(timeout: Double = 5, _ condition: ([Received]) -> Bool) -> [Received] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(collect(forMilliseconds: 20)) { return received }
        }
        return received
    }

    /// Reads as soon as events arrive, until `condition` holds for what has arrived or `timeout`
    /// seconds pass; returns whether it held (for timing: it returns the moment it does).
    public func readUntil(timeout: Double = 5, _ condition: ([Received]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(received) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            if XPending(display) == 0 {
                var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, Int32(left * 1000) + 1)
            }
            _ = collect(forMilliseconds: 0)
        }
        return true
    }

    /// Forgets what has arrived.
    public func reset() {
        _ = collect(forMilliseconds: 0)
        received.removeAll()
    }
}
