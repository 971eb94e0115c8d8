// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// Draws frames into the pixel buffers a window hands over: the scene the window's loop took for
/// the frame, through the compositor, then an optional overlay (the tuning tool's).
public final class SceneRenderer: FrameRendering {
    /// The compositor; it keeps the page snapshots between frames.
    public let compositor: TransitionCompositor
    /// Draws over each composed frame (the tuning overlay), given the frame and its scene; or nil.
    public var overlay: ((ImageSurface, Scene) throws -> Void)?
    /// The cairo surfaces over the buffers the window hands out in turn (Present rotates three),
    /// reused while it hands the same ones.
    private var wrapped: [(buffer: PixelBuffer, surface: ImageSurface)] = []
    /// The most buffers kept wrapped.
    static let wrappedLimit = 4

    /// Creates the renderer.
    ///
    /// - Parameter compositor: draws the pages.
    public init(compositor: TransitionCompositor) {
        self.compositor = compositor
    }

    /// Whether `scene` differs from the one drawn last.
    ///
    /// - Parameters:
    ///   - scene: the window's value now.
    ///   - width: the buffer's width, px.
    ///   - height: the buffer's height, px.
    public func needsRedraw(_ scene: Scene, width: Int, height: Int) -> Bool {
        compositor.needsRedraw(scene, width: width, height: height)
    }

    /// Whether the last frame moved pages (`TransitionCompositor.lastFrameMovedPages`).
    public var lastFrameMovedPages: Bool { compositor.lastFrameMovedPages }

    /// Draws one snapshot a swipe would need, ahead (`TransitionCompositor.drawAhead`), at the
    /// sizes the scene's stack frames give; returns whether it drew one.
    ///
    /// - Parameter scene: the window's value now.
    /// - Throws: `RenderError` when the snapshot cannot be drawn.
    public func drawAhead(_ scene: Scene) throws -> Bool {
        try compositor.drawAhead(scene)
    }

    /// Composes `scene`, and the overlay, into `buffer`.
    ///
    /// - Parameters:
    ///   - scene: the frame's value.
    ///   - buffer: the window's back buffer.
    /// - Throws: `RenderError` when cairo cannot wrap the buffer or drawing fails.
    public func draw(_ scene: Scene, into buffer: PixelBuffer) throws {
        let surface: ImageSurface
        if let known = wrapped.first(where: { $0.buffer == buffer }) {
            surface = known.surface
        } else {
            surface = try ImageSurface(wrapping: buffer.baseAddress, width: buffer.width, height: buffer.height,
                                       stride: buffer.bytesPerRow)
            if wrapped.count == Self.wrappedLimit { wrapped.removeFirst() }
            wrapped.append((buffer, surface))
        }
        try compositor.compose(scene, into: surface)
        try overlay?(surface, scene)
        surface.flush()
    }
}
