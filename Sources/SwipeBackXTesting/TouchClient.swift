// SPDX-License-Identifier: Apache-2.0
import CX11
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

    /// Opens the window over the whole screen of `displayName`, filled with `colour` (0xRRGGBB),
    /// with `WM_CLASS` `instance`, `className`; returns once it is mapped.
    ///
    /// - Throws: `XTestingError` when the display cannot be opened.
    public init(displayName: String, colour: UInt = 0xF0F0F0, instance: String = "touchclient", className: String = "TouchClient") throws {
        guard let display = XOpenDisplay(displayName) else { throw XTestingError("cannot open \(displayName)") }
        self.display = display
        // The server may be gone before this client (a test's rig is torn down in any order):
        // Xlib then returns from its exit handler instead of ending the test process.
        XSetIOErrorExitHandler(display, { _, _ in }, nil)
        let screen = XDefaultScreen(display), root = XDefaultRootWindow(display)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = colour
        attributes.event_mask = ButtonPressMask | KeyPressMask | StructureNotifyMask
        window = XCreateWindow(display, root, 0, 0, UInt32(XDisplayWidth(display, screen)), UInt32(XDisplayHeight(display, screen)), 0,
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

    deinit { XCloseDisplay(display) }

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
