import SwipeBackCore

/// Draws an app model's frames into the pixel buffers a window hands over: the compositor, then
/// an optional overlay (the tuning tool's).
public final class ModelFrameRenderer: FrameRendering {
    private let model: AppModel
    /// The compositor; it keeps the page snapshots between frames.
    public let compositor: TransitionCompositor
    /// Draws over each composed frame (the tuning overlay), or nil.
    public var overlay: ((ImageSurface) throws -> Void)?
    /// The cairo surface over the last buffer, reused while the window hands the same one.
    private var wrapped: (buffer: PixelBuffer, surface: ImageSurface)?

    /// Creates the renderer.
    ///
    /// - Parameters:
    ///   - model: the model whose frames it draws.
    ///   - compositor: draws the pages.
    public init(model: AppModel, compositor: TransitionCompositor) {
        self.model = model
        self.compositor = compositor
    }

    /// Whether the model's frame differs from the one drawn last.
    public func needsRedraw(width: Int, height: Int) -> Bool {
        compositor.needsRedraw(model, width: width, height: height)
    }

    /// Composes the model's frame and the overlay into `buffer`.
    ///
    /// - Throws: `RenderError` when cairo cannot wrap the buffer or drawing fails.
    public func draw(into buffer: PixelBuffer) throws {
        let surface: ImageSurface
        if let wrapped, wrapped.buffer == buffer {
            surface = wrapped.surface
        } else {
            surface = try ImageSurface(wrapping: buffer.baseAddress, width: buffer.width, height: buffer.height,
                                       stride: buffer.bytesPerRow)
            wrapped = (buffer, surface)
        }
        try compositor.compose(model, into: surface)
        try overlay?(surface)
        surface.flush()
    }
}
