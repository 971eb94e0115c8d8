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
}
