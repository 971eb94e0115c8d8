// SPDX-License-Identifier: Apache-2.0
import CCairo
import CX11
import CX11System
import SwipeBackCore
import SwipeBackRender
import SwipeBackX11

/// Images between cairo surfaces and the screen, for the system feedback: a frame put into a
/// window, a copy of the screen under a window.
enum ScreenImages {
    /// Sends a 32-bit image surface to `window` with `XPutImage` (premultiplied ARGB is what a
    /// depth-32 TrueColor visual takes; a depth-24 one ignores the alpha byte).
    static func put(_ surface: ImageSurface, on window: Window, display: OpaquePointer, gc: GC, visual: UnsafeMutablePointer<Visual>,
                    depth: Int32) {
        guard let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0, nil, UInt32(surface.width), UInt32(surface.height), 32,
                                       Int32(surface.stride)) else { return }
        image.pointee.data = UnsafeMutableRawPointer(surface.data).assumingMemoryBound(to: CChar.self)
        image.pointee.byte_order = LSBFirst
        XPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(surface.width), UInt32(surface.height))
        image.pointee.data = nil
        swipeback_destroy_image(image)
    }

    /// The screen's pixels in a rectangle (the root window's contents), as an opaque surface.
    ///
    /// Only the part on the screen is read (`XGetImage` refuses a rectangle that leaves the root
    /// with BadMatch: an indicator by the top or bottom edge once got no backdrop at all and showed
    /// a black box); the rest stays black, off the screen where nobody sees it.
    ///
    /// - Parameters:
    ///   - display: an open connection.
    ///   - x, y: the rectangle's top-left, root px (may be off the screen).
    ///   - width, height: its size, px (more than 0).
    /// - Returns: the surface, `width` x `height`; nil when nothing of it is on the screen or the read failed.
    static func screenImage(_ display: OpaquePointer, x: Int, y: Int, width: Int, height: Int) -> ImageSurface? {
        guard let surface = try? ImageSurface(width: width, height: height, opaque: true) else { return nil }
        let screen = X11Screen(display), root = screen.root
        let left = max(x, 0), top = max(y, 0)
        let right = min(x + width, screen.width), bottom = min(y + height, screen.height)
        guard right > left, bottom > top else { return nil }
        var ok = false
        _ = X11ErrorTrap.succeeds(display) {
            guard let image = XGetImage(display, root, Int32(left), Int32(top), UInt32(right - left), UInt32(bottom - top), UInt(0xFFFF_FFFF),
                                        ZPixmap) else { return }
            defer { swipeback_destroy_image(image) }
            guard image.pointee.bits_per_pixel == 32 else { return }
            for row in 0..<(bottom - top) {
                let source = UnsafeRawPointer(image.pointee.data!) + row * Int(image.pointee.bytes_per_line)
                let target = UnsafeMutableRawPointer(surface.data) + (row + top - y) * surface.stride + (left - x) * 4
                target.copyMemory(from: source, byteCount: (right - left) * 4)
            }
            ok = true
        }
        surface.markDirty()
        return ok ? surface : nil
    }
}
