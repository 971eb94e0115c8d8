// SPDX-License-Identifier: Apache-2.0
import CCairo
import CX11
import SwipeBackCore
import SwipeBackRender
import SwipeBackX11

/// The screen under a window, as a cairo surface, for the system feedback (frames go into their
/// windows through `OverlayWindow.put`).
enum ScreenImages {
    /// The screen's pixels in a rectangle (the root window's contents), as an opaque surface.
    ///
    /// Only the part on the screen is read (`X11Screen.copy`: an indicator by the top or bottom
    /// edge once got no backdrop at all and showed a black box); the rest stays black, off the
    /// screen where nobody sees it.
    ///
    /// - Parameters:
    ///   - display: an open connection.
    ///   - x, y: the rectangle's top-left, root px (may be off the screen).
    ///   - width, height: its size, px (more than 0).
    /// - Returns: the surface, `width` x `height`; nil when nothing of it is on the screen or the read failed.
    static func screenImage(_ display: OpaquePointer, x: Int, y: Int, width: Int, height: Int) -> ImageSurface? {
        guard let surface = try? ImageSurface(width: width, height: height, opaque: true) else { return nil }
        let ok = X11Screen(display).copy(display, x: x, y: y, width: width, height: height, into: UnsafeMutableRawPointer(surface.data),
                                         stride: surface.stride)
        surface.markDirty()
        return ok ? surface : nil
    }
}
