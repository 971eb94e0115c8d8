// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11System
import SwipeBackCore

/// Composes the `page` style's frames in the X server with XRender, so a frame costs the client a
/// few requests at any size: the app's region of the screen is copied once into a server pixmap
/// (no pixels come to the client), and each frame is built from it in a back pixmap the window's
/// size, then copied to the window.
///
/// A frame is what `PageSlidePainter.draw` draws with the page moved by whole pixels: the backdrop
/// (the snapshot, SRC) where the page has left, black OVER it at the dim's alpha, the shadow (a
/// linear gradient, OVER) in the strip beyond the page's leading edge, then the page (the snapshot
/// shifted, SRC). Each pixel of the window is written once per frame (by the copy), so no
/// half-built frame shows.
public final class PageSlideComposer {
    /// The width and height of the snapshot, the back pixmap and the window, px.
    public let width: Int, height: Int
    private let display: OpaquePointer
    private let format: UnsafeMutablePointer<XRenderPictFormat>
    private var snapshot: Pixmap = 0, back: Pixmap = 0
    private var snapshotPicture: Picture = 0, backPicture: Picture = 0
    /// The shadow's gradient, made for one edge and width (px): 0.35 black at the page's edge to 0.
    private var shadow: (picture: Picture, edge: SystemEdge, widthPixels: Int)?

    /// The opacity of black at the page's leading edge, where the shadow begins (as `PageSlidePainter`).
    static let shadowAlpha = 0.35

    /// Copies the screen's rectangle at (`x`, `y`), `width` x `height` root px, into a server
    /// pixmap: an XRender SRC from the root window including its children (the screen as shown,
    /// as `XGetImage` of the root reads it).
    ///
    /// - Parameters:
    ///   - display: a connection registered with `X11ErrorTrap`.
    ///   - x: the rectangle's left in root px.
    ///   - y: its top in root px.
    ///   - width: its width in px (at least 1).
    ///   - height: its height in px (at least 1).
    /// - Throws: `X11Error` when the server has no RENDER extension, the screen's visual has no
    ///   picture format, or a request fails (a pixmap too large for the server's memory).
    public init(display: OpaquePointer, x: Int, y: Int, width: Int, height: Int) throws {
        self.display = display
        self.width = max(width, 1)
        self.height = max(height, 1)
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRenderQueryExtension(display, &eventBase, &errorBase) != 0 else {
            throw X11Error("the X server has no RENDER extension, which the page style composes with")
        }
        let screen = X11Screen(display)
        guard let format = XRenderFindVisualFormat(display, screen.visual) else {
            throw X11Error("the screen's visual has no RENDER picture format")
        }
        self.format = format
        let root = screen.root
        let depth = UInt32(screen.depth)
        do {
            try X11ErrorTrap.bracket(display, "copying the app's window into a server pixmap") {
                snapshot = XCreatePixmap(display, root, UInt32(self.width), UInt32(self.height), depth)
                back = XCreatePixmap(display, root, UInt32(self.width), UInt32(self.height), depth)
                snapshotPicture = XRenderCreatePicture(display, snapshot, format, 0, nil)
                backPicture = XRenderCreatePicture(display, back, format, 0, nil)
                var attributes = XRenderPictureAttributes()
                attributes.subwindow_mode = IncludeInferiors
                let screenPicture = XRenderCreatePicture(display, root, format, UInt(CPSubwindowMode), &attributes)
                XRenderComposite(display, PictOpSrc, screenPicture, 0, snapshotPicture, Int32(x), Int32(y), 0, 0, 0, 0,
                                 UInt32(self.width), UInt32(self.height))
                XRenderFreePicture(display, screenPicture)
            }
        } catch {
            free()
            throw error
        }
    }

    deinit {
        guard !X11ErrorTrap.isConnectionLost(display) else { return }
        free()
    }

    /// The pixmap holding the screen as it was when the composer was made (for tests).
    public var snapshotPixmap: Pixmap { snapshot }

    /// The pixmap the frames are composed into, the window's size (for tests).
    public var backPixmap: Pixmap { back }

    /// Composes one frame into the back pixmap (requests only; nothing is flushed).
    ///
    /// - Parameters:
    ///   - offset: how far the page has moved inward, px (0 or more; clamped to the width, then
    ///     rounded to a whole pixel).
    ///   - edge: the edge the swipe began at (the page moves away from it).
    ///   - backdropDim: opacity of black over the backdrop, 0...1.
    ///   - shadowWidth: the shadow's width, px (rounded; 0 for none).
    public func compose(offset: Double, edge: SystemEdge, backdropDim: Double, shadowWidth: Double) {
        let moved = Int(min(max(offset, 0), Double(width)).rounded())
        let h = UInt32(height)
        // The backdrop: the part of the snapshot the page has uncovered, in place.
        let backdropX = edge == .left ? 0 : width - moved
        if moved > 0 {
            XRenderComposite(display, PictOpSrc, snapshotPicture, 0, backPicture, Int32(backdropX), 0, 0, 0, Int32(backdropX), 0,
                             UInt32(moved), h)
            let alpha = min(max(backdropDim, 0), 1)
            if alpha > 0 {
                // Premultiplied: black at alpha is (0, 0, 0, alpha).
                var black = XRenderColor(red: 0, green: 0, blue: 0, alpha: UInt16((alpha * 65535).rounded()))
                XRenderFillRectangle(display, PictOpOver, backPicture, &black, Int32(backdropX), 0, UInt32(moved), h)
            }
            let strip = Int(max(shadowWidth, 0).rounded())
            if strip > 0 {
                let gradient = shadowPicture(edge: edge, widthPixels: strip)
                // The strip beyond the page's edge, clipped to the backdrop; the gradient's x runs
                // from 0 at the strip's left.
                let stripX = edge == .left ? moved - strip : width - moved
                let left = max(stripX, backdropX), right = min(stripX + strip, backdropX + moved)
                if right > left {
                    XRenderComposite(display, PictOpOver, gradient, 0, backPicture, Int32(left - stripX), 0, 0, 0, Int32(left), 0,
                                     UInt32(right - left), h)
                }
            }
        }
        // The page: the snapshot moved inward by `moved`.
        if moved < width {
            let sourceX = edge == .left ? 0 : moved, targetX = edge == .left ? moved : 0
            XRenderComposite(display, PictOpSrc, snapshotPicture, 0, backPicture, Int32(sourceX), 0, 0, 0, Int32(targetX), 0,
                             UInt32(width - moved), h)
        }
    }

    /// Copies the back pixmap to `window` (at its origin) with `gc`; requests only.
    ///
    /// - Parameters:
    ///   - window: a window of the screen's depth, the composer's size.
    ///   - gc: a graphics context for that window.
    public func present(on window: Window, gc: GC) {
        XCopyArea(display, back, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
    }

    /// The shadow's gradient for `edge` and a strip `widthPixels` wide, made once per swipe: its x
    /// runs over the strip from its left; alpha 0.35 at the page's side, 0 at the far side.
    private func shadowPicture(edge: SystemEdge, widthPixels: Int) -> Picture {
        if let shadow, shadow.edge == edge, shadow.widthPixels == widthPixels { return shadow.picture }
        if let shadow { XRenderFreePicture(display, shadow.picture) }
        var line = XLinearGradient(p1: XPointFixed(x: 0, y: 0), p2: XPointFixed(x: XFixed(widthPixels * 65536), y: 0))
        // From the left edge the page is right of the strip; from the right edge, left of it.
        var stops: [XFixed] = [0, 65536]
        let dark = XRenderColor(red: 0, green: 0, blue: 0, alpha: UInt16((Self.shadowAlpha * 65535).rounded()))
        let clear = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0)
        var colors = edge == .left ? [clear, dark] : [dark, clear]
        let picture = XRenderCreateLinearGradient(display, &line, &stops, &colors, 2)
        shadow = (picture, edge, widthPixels)
        return picture
    }

    /// Frees the pictures and pixmaps (what exists of them).
    private func free() {
        if let shadow { XRenderFreePicture(display, shadow.picture) }
        shadow = nil
        for picture in [snapshotPicture, backPicture] where picture != 0 { XRenderFreePicture(display, picture) }
        for pixmap in [snapshot, back] where pixmap != 0 { XFreePixmap(display, pixmap) }
        snapshotPicture = 0
        backPicture = 0
        snapshot = 0
        back = 0
    }
}
