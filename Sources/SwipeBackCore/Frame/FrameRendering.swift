// SPDX-License-Identifier: Apache-2.0
/// What a window asks of whatever draws its frames: whether the next frame differs from the
/// last one, and to draw it into the pixels the window hands over.
///
/// The X11 layer calls it and the renderer implements it (`SceneRenderer`), so the window
/// presents pixels without knowing how they were drawn (DESIGN.md's layers).
public protocol FrameRendering: AnyObject {
    /// Whether `scene` drawn into a `width` x `height` px buffer would differ from the last frame drawn.
    ///
    /// - Parameters:
    ///   - scene: the frame's value (`AppModel.scene()`).
    ///   - width: px, more than 0.
    ///   - height: px, more than 0.
    func needsRedraw(_ scene: Scene, width: Int, height: Int) -> Bool
    /// Draws `scene` into `buffer`, every pixel of it.
    ///
    /// - Parameters:
    ///   - scene: the frame's value, taken once for the frame by the loop.
    ///   - buffer: the window's back buffer.
    /// - Throws: whatever the renderer's drawing throws (`RenderError`).
    func draw(_ scene: Scene, into buffer: PixelBuffer) throws
    /// Whether the last frame drawn moved pages against the one before it (a transition stepped,
    /// a page scrolled, the size changed), so it differs nearly everywhere: the window then sends
    /// it whole without looking for the rectangle that changed. False by default, which always looks.
    var lastFrameMovedPages: Bool { get }
    /// Draws, while the window is idle, one thing a coming frame will need (the snapshot of the
    /// page a swipe would uncover), so that frame is a copy; returns whether it drew anything
    /// (the window calls it again, input first, until it returns false). By default nothing.
    ///
    /// - Parameter scene: the window's value now.
    /// - Throws: whatever the renderer's drawing throws (`RenderError`).
    func drawAhead(_ scene: Scene) throws -> Bool
}

extension FrameRendering {
    /// False: the window finds the changed rectangle itself.
    public var lastFrameMovedPages: Bool { false }

    /// Nothing is drawn ahead.
    public func drawAhead(_ scene: Scene) throws -> Bool { false }
}
