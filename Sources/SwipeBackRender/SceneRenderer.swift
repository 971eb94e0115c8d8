// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// Draws frames into the pixel buffers a window hands over: the scene of the moment through the
/// compositor, then an optional overlay (the tuning tool's).
public final class SceneRenderer: FrameRendering {
    private let scene: () -> Scene
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
    /// - Parameters:
    ///   - scene: the frame value to draw now (`AppModel.scene`).
    ///   - compositor: draws the pages.
    public init(scene: @escaping () -> Scene, compositor: TransitionCompositor) {
        self.scene = scene
        self.compositor = compositor
    }

    /// Whether the scene now differs from the one drawn last.
    public func needsRedraw(width: Int, height: Int) -> Bool {
        compositor.needsRedraw(scene(), width: width, height: height)
    }

    /// Whether the last frame moved pages (`TransitionCompositor.lastFrameMovedPages`).
    public var lastFrameMovedPages: Bool { compositor.lastFrameMovedPages }

    /// Draws one snapshot a swipe would need, ahead (`TransitionCompositor.drawAhead`), at the
    /// sizes the scene's stack frames give; returns whether it drew one.
    ///
    /// - Throws: `RenderError` when the snapshot cannot be drawn.
    public func drawAhead() throws -> Bool {
        try compositor.drawAhead(scene())
    }

    /// Composes the scene now, and the overlay, into `buffer`.
    ///
    /// - Throws: `RenderError` when cairo cannot wrap the buffer or drawing fails.
    public func draw(into buffer: PixelBuffer) throws {
        let surface: ImageSurface
        if let known = wrapped.first(where: { $0.buffer == buffer }) {
            surface = known.surface
        } else {
            surface = try ImageSurface(wrapping: buffer.baseAddress, width: buffer.width, height: buffer.height,
                                       stride: buffer.bytesPerRow)
            if wrapped.count == Self.wrappedLimit { wrapped.removeFirst() }
            wrapped.append((buffer, surface))
        }
        let scene = scene()
        try compositor.compose(scene, into: surface)
        try overlay?(surface, scene)
        surface.flush()
    }
}
