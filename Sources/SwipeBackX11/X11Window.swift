import CX11
import Foundation
import SwipeBackRender

/// The X connection and one top-level window that takes XI2 pointer and touch input.
public final class X11Window {
    /// The Xlib display.
    public let display: OpaquePointer
    /// The window id.
    public let window: Window
    /// The XInput extension's major opcode, to recognise XI2 events.
    public let xinputOpcode: Int32
    /// The window's size in px.
    public private(set) var width: Int
    /// The window's height in px.
    public private(set) var height: Int

    private let visual: UnsafeMutablePointer<Visual>
    private let gc: GC
    private let deleteWindowAtom: Atom
    private var image: UnsafeMutablePointer<XImage>?
    private var imageSurface: ImageSurface?
    private var destroyed = false

    /// Opens the display named by `$DISPLAY` and maps a window.
    ///
    /// - Parameters:
    ///   - title: the window title (`WM_NAME`, `_NET_WM_NAME`).
    ///   - width: px, 1...32767.
    ///   - height: px, 1...32767.
    /// - Throws: `X11Error` when there is no display, no XInput 2.2, or no 24-bit TrueColor visual.
    public init(title: String, width: Int, height: Int) throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw X11Error("no X display: DISPLAY is not set (run under X, or start Xvfb and set DISPLAY)")
        }
        guard let display = XOpenDisplay(nil) else {
            throw X11Error("cannot open X display \"\(name)\"")
        }
        X11ErrorTrap.install()
        self.display = display
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            XCloseDisplay(display)
            throw X11Error("the X server \"\(name)\" has no XInput extension")
        }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else {
            XCloseDisplay(display)
            throw X11Error("the X server \"\(name)\" has XInput \(major).\(minor); SwipeBack needs 2.2 or later")
        }
        xinputOpcode = opcode
        let screen = XDefaultScreen(display)
        guard XDefaultDepth(display, screen) == 24, let visual = XDefaultVisual(display, screen),
              visual.pointee.red_mask == 0xFF0000, visual.pointee.blue_mask == 0xFF else {
            XCloseDisplay(display)
            throw X11Error("the X server \"\(name)\" has no 24-bit TrueColor default visual")
        }
        self.visual = visual
        self.width = width
        self.height = height
        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = 0
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask)
        window = XCreateWindow(display, root, 0, 0, UInt32(width), UInt32(height), 0, 24, UInt32(InputOutput), visual,
                               UInt(CWBackPixel | CWEventMask), &attributes)
        gc = XCreateGC(display, window, 0, nil)
        XStoreName(display, window, title)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let netName = XInternAtom(display, "_NET_WM_NAME", 0)
        let bytes = Array(title.utf8)
        XChangeProperty(display, window, netName, utf8, 8, PropModeReplace, bytes, Int32(bytes.count))
        deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(display, window, &protocols, 1)
        try selectInput()
        XMapWindow(display, window)
        try X11ErrorTrap.check(display, "creating the window")
    }

    deinit {
        releaseImage()
        XFreeGC(display, gc)
        if !destroyed { XDestroyWindow(display, window) }
        XCloseDisplay(display)
    }

    /// Records that another client destroyed the window, so it is not destroyed twice.
    public func markDestroyed() { destroyed = true }

    /// Selects XI2 button, motion and touch events from every master device (whole touch triples).
    private func selectInput() throws {
        var mask = [UInt8](repeating: 0, count: Int(swipeback_xi_mask_len(XI_LASTEVENT)))
        for event in [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] {
            swipeback_xi_set_mask(&mask, event)
        }
        try mask.withUnsafeMutableBufferPointer { buffer in
            var eventMask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            XISelectEvents(display, window, &eventMask, 1)
            try X11ErrorTrap.check(display, "selecting XInput2 events")
        }
    }

    /// Whether `event` is the window manager's `WM_DELETE_WINDOW` request.
    public func isDeleteRequest(_ event: XEvent) -> Bool {
        var event = event
        return event.type == ClientMessage && Atom(event.xclient.data.l.0) == deleteWindowAtom
    }

    /// Records a new size after a `ConfigureNotify`.
    public func didResize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self.width = width
        self.height = height
        releaseImage()
    }

    /// Presents a finished frame: one `XPutImage` of the whole back buffer, then a sync so the
    /// frame is on screen when this returns (double-buffered: the window never shows a partial frame).
    ///
    /// - Parameter frame: an RGB24 surface of the window's size.
    /// - Throws: `X11Error` when the server rejects the image.
    public func present(_ frame: ImageSurface) throws {
        frame.flush()
        if image == nil || imageSurface !== frame {
            releaseImage()
            let raw = UnsafeMutableRawPointer(frame.data).assumingMemoryBound(to: CChar.self)
            guard let created = XCreateImage(display, visual, 24, ZPixmap, 0, raw, UInt32(frame.width),
                                             UInt32(frame.height), 32, Int32(frame.stride)) else {
                throw X11Error("cannot create a \(frame.width)x\(frame.height) XImage")
            }
            image = created
            imageSurface = frame
        }
        XPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(frame.width), UInt32(frame.height))
        try X11ErrorTrap.check(display, "presenting a frame")
    }

    private func releaseImage() {
        if let image {
            image.pointee.data = nil // cairo owns the pixels
            swipeback_destroy_image(image)
        }
        image = nil
        imageSurface = nil
    }
}
