// SPDX-License-Identifier: Apache-2.0
import CX11

/// The default screen of a connection, read once: its number, root window, size in px and mm,
/// visual and depth. The hosts that draw on the whole screen (`swipeback system`'s indicator and
/// page slide, its grab, its session side) read these through it instead of one Xlib call each.
public struct X11Screen {
    /// The screen's number (`XDefaultScreen`).
    public let number: Int32
    /// Its root window.
    public let root: Window
    /// Its width in px.
    public let width: Int
    /// Its height in px.
    public let height: Int
    /// Its width in mm as the server reports it (0 when it does not know).
    public let widthMillimetres: Double
    /// Its height in mm as the server reports it (0 when it does not know).
    public let heightMillimetres: Double
    /// Its default visual.
    public let visual: UnsafeMutablePointer<Visual>
    /// Its default depth in bits (24 on the servers SwipeBack is tested on).
    public let depth: Int32

    /// Reads the default screen of `display` (a `Display *`).
    public init(_ display: OpaquePointer) {
        number = XDefaultScreen(display)
        root = XRootWindow(display, number)
        width = Int(XDisplayWidth(display, number))
        height = Int(XDisplayHeight(display, number))
        widthMillimetres = Double(XDisplayWidthMM(display, number))
        heightMillimetres = Double(XDisplayHeightMM(display, number))
        visual = XDefaultVisual(display, number)
        depth = XDefaultDepth(display, number)
    }

    /// The screen's density relative to 96 dpi from its reported width (1 when the server reports
    /// no size): what the system indicator scales by, as `Xft.dpi` / 96 scales the window's layout.
    public var densityScale: Double {
        widthMillimetres > 0 ? Double(width) / widthMillimetres * 25.4 / 96 : 1
    }

    /// Copies the screen's pixels in a rectangle (the root window's contents, 32 bits a pixel)
    /// into `pixels`, which holds the whole rectangle; only the part on the screen is read
    /// (`XGetImage` refuses a rectangle that leaves the root with BadMatch), the rest is left as it is.
    ///
    /// - Parameters:
    ///   - display: the connection this screen was read from.
    ///   - x, y: the rectangle's top-left, root px (may be off the screen).
    ///   - width, height: its size, px (more than 0).
    ///   - pixels: the first row's first pixel of the destination, `height` rows of `stride` bytes.
    ///   - stride: bytes from one destination row to the next (at least `width` * 4).
    /// - Returns: false when nothing of it is on the screen, the read failed, or the screen is not
    ///   32 bits a pixel.
    public func copy(_ display: OpaquePointer, x: Int, y: Int, width: Int, height: Int, into pixels: UnsafeMutableRawPointer,
                     stride: Int) -> Bool {
        let left = max(x, 0), top = max(y, 0)
        let right = min(x + width, self.width), bottom = min(y + height, self.height)
        guard right > left, bottom > top else { return false }
        var copied = false
        _ = X11ErrorTrap.succeeds(display) {
            guard let image = XGetImage(display, root, Int32(left), Int32(top), UInt32(right - left), UInt32(bottom - top),
                                        UInt(0xFFFF_FFFF), ZPixmap) else { return }
            defer { swipeback_destroy_image(image) }
            guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return }
            for row in 0..<(bottom - top) {
                let source = UnsafeRawPointer(data) + row * Int(image.pointee.bytes_per_line)
                let target = pixels + (row + top - y) * stride + (left - x) * 4
                target.copyMemory(from: source, byteCount: (right - left) * 4)
            }
            copied = true
        }
        return copied
    }
}
