// SPDX-License-Identifier: Apache-2.0
import CX11

/// An override-redirect window that takes no input, drawn over every app: the system swipe's
/// arrow and its page slide. Its input shape is empty, so a touch or click on it reaches the
/// window beneath (a later tap must reach the app, the project notes, system-gesture.md). It owns
/// its window, its GC and, when ARGB, its colormap, and frees them when it goes (unless the
/// connection is lost).
public final class OverlayWindow {
    /// The connection it lives on.
    public let display: OpaquePointer
    /// The window.
    public let window: Window
    /// A GC for copies and image puts into it.
    public let gc: GC
    /// Its depth: 32 when ARGB, else the screen's.
    public let depth: Int32
    /// Its visual.
    public let visual: UnsafeMutablePointer<Visual>
    /// Whether it is ARGB (depth 32, for a compositor to blend).
    public let isARGB: Bool
    private let colormap: Colormap?
    /// Whether it is mapped.
    public private(set) var isMapped = false

    /// Makes the (unmapped) window.
    ///
    /// - Parameters:
    ///   - display: an open connection.
    ///   - x, y: its top-left, root px.
    ///   - width, height: its size, px (more than 0).
    ///   - name: its `WM_NAME` (tests and `xwininfo` find it by it).
    ///   - argb: whether to make it ARGB (a 32-bit TrueColor visual with a colormap of its own);
    ///     without such a visual it is the screen's default kind.
    public init(display: OpaquePointer, x: Int = 0, y: Int = 0, width: Int, height: Int, name: String, argb: Bool = false) {
        self.display = display
        let screen = X11Screen(display)
        var info = XVisualInfo()
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.border_pixel = 0
        attributes.background_pixmap = 0
        if argb, XMatchVisualInfo(display, screen.number, 32, TrueColor, &info) != 0, let argbVisual = info.visual {
            depth = 32
            visual = argbVisual
            let own = XCreateColormap(display, screen.root, argbVisual, AllocNone)
            colormap = own
            attributes.colormap = own
            isARGB = true
        } else {
            depth = screen.depth
            visual = screen.visual
            colormap = nil
            attributes.colormap = XDefaultColormap(display, screen.number)
            isARGB = false
        }
        window = XCreateWindow(display, screen.root, Int32(x), Int32(y), UInt32(max(width, 1)), UInt32(max(height, 1)), 0, depth,
                               UInt32(InputOutput), visual, UInt(CWOverrideRedirect | CWBorderPixel | CWBackPixmap | CWColormap),
                               &attributes)
        // An empty input shape: pointer and touch events pass through to the window beneath.
        XShapeCombineRectangles(display, window, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        XStoreName(display, window, name)
        gc = XCreateGC(display, window, 0, nil)
    }

    deinit {
        guard !X11ErrorTrap.isConnectionLost(display) else { return }
        XFreeGC(display, gc)
        XDestroyWindow(display, window)
        if let colormap { XFreeColormap(display, colormap) }
        XFlush(display)
    }

    /// Moves its top-left to (`x`, `y`), root px.
    public func move(x: Int, y: Int) {
        XMoveWindow(display, window, Int32(x), Int32(y))
    }

    /// Maps it above every other window.
    public func mapRaised() {
        XMapRaised(display, window)
        isMapped = true
    }

    /// Unmaps it (nothing when it is not mapped).
    public func unmap() {
        guard isMapped else { return }
        XUnmapWindow(display, window)
        isMapped = false
    }

    /// Puts 32-bit pixels (premultiplied ARGB, as cairo's `ARGB32` and `RGB24` surfaces hold them)
    /// at its top-left with `XPutImage`; a depth-24 window ignores the alpha byte.
    ///
    /// - Parameters:
    ///   - pixels: the first row's first pixel.
    ///   - width, height: the image's size, px.
    ///   - stride: bytes from one row to the next.
    public func put(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        guard let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0, nil, UInt32(width), UInt32(height), 32,
                                       Int32(stride)) else { return }
        image.pointee.data = pixels.assumingMemoryBound(to: CChar.self)
        image.pointee.byte_order = LSBFirst
        XPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
        image.pointee.data = nil
        swipeback_destroy_image(image)
    }

    /// Sends what was asked of it.
    public func flush() { XFlush(display) }
}
