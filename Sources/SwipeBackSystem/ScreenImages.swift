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
    static func screenImage(_ display: OpaquePointer, x: Int, y: Int, width: Int, height: Int) -> ImageSurface? {
        guard let surface = try? ImageSurface(width: width, height: height, opaque: true) else { return nil }
        let root = XDefaultRootWindow(display)
        var ok = false
        _ = X11ErrorTrap.succeeds(display) {
            guard let image = XGetImage(display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), UInt(0xFFFF_FFFF), ZPixmap) else { return }
            defer { swipeback_destroy_image(image) }
            guard image.pointee.bits_per_pixel == 32 else { return }
            for row in 0..<height {
                let source = UnsafeRawPointer(image.pointee.data!) + row * Int(image.pointee.bytes_per_line)
                (UnsafeMutableRawPointer(surface.data) + row * surface.stride).copyMemory(from: source, byteCount: width * 4)
            }
            ok = true
        }
        surface.markDirty()
        return ok ? surface : nil
    }
}
