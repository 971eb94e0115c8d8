// SPDX-License-Identifier: Apache-2.0
import CCairo
import CWaylandProtocols
import Glibc
import SwipeBackCore
import SwipeBackRender

/// The back arrow on a Wayland compositor with layer-shell (wlroots compositors, KDE Plasma): a
/// strip as tall as the output along the swipe's edge, on the overlay layer (over full-screen
/// apps), with no keyboard interactivity and an empty input region (every touch and click goes to
/// the app beneath), drawn by `BackArrowPainter` into wl_shm buffers and paced by the surface's
/// frame callbacks: a frame is drawn only after the compositor said the last one was shown, so at
/// most one per refresh. The strip exists from a swipe's acceptance to the end of its settle.
public final class OverlayArrow {
    private let connection: WaylandConnection
    private let configuration: Configuration
    /// Layout units to px: 1 (the output's scale is left to the compositor).
    private let width = Int(BackArrowPainter.size.width.rounded(.up))
    private var motion = ArrowMotion()
    /// The finger's height, 0...1 of the output's.
    private var fraction = 0.5
    private var surface: OpaquePointer?, layerSurface: OpaquePointer?
    /// The strip's height as the compositor configured it, px; 0 until the first configure.
    private var height = 0
    private var buffers: [ShmBuffer] = []
    /// Frames paced by frame callbacks: one waits while the compositor has not shown the last.
    private var pacing = FrameCallbackPacing()
    private var dirty = false
    private var frameCallback: OpaquePointer?
    /// Called after each frame is committed, with its time, ms (frames' pacing in tests and logs).
    public var frameCommitted: ((Double) -> Void)?
    private let clock: () -> Double

    /// Creates the arrow (nothing shows until `begin`).
    ///
    /// - Parameters:
    ///   - connection: a connection whose compositor has layer-shell (`hasLayerShell`).
    ///   - configuration: the spring of the settle.
    ///   - clock: now, ms (the caller's monotonic clock).
    /// - Throws: `WaylandError` when the compositor has no layer-shell.
    public init(connection: WaylandConnection, configuration: Configuration, clock: @escaping () -> Double) throws {
        guard connection.hasLayerShell else { throw WaylandError("the compositor offers no zwlr_layer_shell_v1 (no arrow)") }
        self.connection = connection
        self.configuration = configuration
        self.clock = clock
    }

    deinit {
        unmap()
        for buffer in buffers { buffer.destroy() }
    }

    /// Whether the strip is on screen.
    public var isShown: Bool { surface != nil }

    /// A swipe was accepted: the arrow shows at `y` from `edge`.
    ///
    /// - Parameters:
    ///   - edge: the edge it grows from.
    ///   - y: the finger's height, 0...1 of the output's.
    ///   - stretch: inward distance over the commit distance, 0 up.
    public func begin(edge: SystemEdge, y: Double, stretch: Double) {
        if surface != nil, motion.edge != edge { unmap() }
        motion.begin(stretch: stretch, edge: edge)
        fraction = y
        if surface == nil { map(edge) }
        dirty = true
        drawIfDue()
    }

    /// The finger moved.
    ///
    /// - Parameters:
    ///   - y: its height, 0...1.
    ///   - stretch: inward distance over the commit distance, 0 up.
    ///   - active: whether a release now commits.
    public func move(y: Double, stretch: Double, active: Bool) {
        guard surface != nil, !motion.isSettling else { return }
        fraction = y
        motion.move(stretch: stretch, active: active)
        dirty = true
        drawIfDue()
    }

    /// The finger lifted (or the touch was given to the app: `commit` false).
    public func end(commit: Bool) {
        guard surface != nil else { return }
        motion.end(commit: commit, at: clock(), configuration: configuration)
        dirty = true
        drawIfDue()
    }

    /// Moves the settle on and draws what is due.
    ///
    /// - Returns: when it next wants a call, ms on the clock; nil when idle (a frame callback or
    ///   the compositor's configure will come through `WaylandConnection.dispatch` instead).
    public func tick() -> Double? {
        guard surface != nil else { return nil }
        if motion.isSettling {
            guard motion.step(at: clock()) else {
                unmap()
                return nil
            }
            dirty = true
        }
        drawIfDue()
        // While settling, the frame callback paces the draws; without a compositor's answer, look again in 16 ms.
        return motion.isSettling ? clock() + 16 : nil
    }

    private func map(_ edge: SystemEdge) {
        guard let compositor = connection.compositor, let shell = connection.layerShell,
              let surface = wl_compositor_create_surface(compositor) else { return }
        guard let layerSurface = zwlr_layer_shell_v1_get_layer_surface(shell, surface, nil, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue,
                                                                       "swipeback-arrow") else {
            wl_surface_destroy(surface)
            return
        }
        self.surface = surface
        self.layerSurface = layerSurface
        height = 0
        let side = edge == .left ? ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue : ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        zwlr_layer_surface_v1_set_anchor(layerSurface, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue | side)
        // Height 0 with top and bottom anchored: as tall as the output, which the configure says.
        zwlr_layer_surface_v1_set_size(layerSurface, UInt32(width), 0)
        // -1: placed against the output's edge, over panels and their exclusive zones.
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, -1)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, 0)
        if let region = wl_compositor_create_region(compositor) {
            wl_surface_set_input_region(surface, region)
            wl_region_destroy(region)
        }
        zwlr_layer_surface_v1_add_listener(layerSurface, layerSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
        wl_surface_commit(surface)
        pacing.frameShown()
    }

    private func unmap() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        pacing.frameShown()
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        if let surface { wl_surface_destroy(surface) }
        layerSurface = nil
        surface = nil
        height = 0
        wl_display_flush(connection.display)
    }

    fileprivate func configured(serial: UInt32, height: UInt32) {
        guard let layerSurface else { return }
        zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
        if Int(height) != self.height {
            self.height = Int(height)
            for buffer in buffers { buffer.destroy() }
            buffers.removeAll()
        }
        dirty = true
        drawIfDue()
    }

    fileprivate func closedByCompositor() {
        unmap()
    }

    fileprivate func frameShown() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        pacing.frameShown()
        if motion.isSettling, !motion.step(at: clock()) {
            unmap()
            return
        }
        drawIfDue()
    }

    /// Draws and commits a frame when something changed, the strip is configured, and the
    /// compositor has shown the last frame.
    private func drawIfDue() {
        guard dirty, pacing.nextFrameStart(after: clock()) != nil, height > 0, let surface, let shm = connection.shm else { return }
        guard let buffer = buffers.first(where: { !$0.busy }) ?? ShmBuffer(shm: shm, width: width, height: height).map({ buffer in
            buffers.append(buffer)
            return buffer
        }) else { return }
        let arrowHeight = BackArrowPainter.size.height
        let top = min(max(fraction * Double(height) - arrowHeight / 2, 0), max(Double(height) - arrowHeight, 0))
        let cr = cairo_create(buffer.image)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_translate(cr, 0, top.rounded())
        BackArrowPainter.draw(cr, stretch: motion.stretch, active: motion.active, edge: motion.edge, opacity: motion.opacity)
        cairo_destroy(cr)
        cairo_surface_flush(buffer.image)
        buffer.busy = true
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
        frameCallback = wl_surface_frame(surface)
        if let frameCallback { wl_callback_add_listener(frameCallback, frameListener, Unmanaged.passUnretained(self).toOpaque()) }
        if frameCallback != nil { pacing.frameSent(at: clock(), costMilliseconds: 0) }
        wl_surface_commit(surface)
        wl_display_flush(connection.display)
        dirty = false
        frameCommitted?(clock())
    }
}

/// One wl_shm buffer with a cairo image on its memory (ARGB8888 is cairo's ARGB32 on little-endian
/// machines); busy from its commit until the compositor releases it.
private final class ShmBuffer {
    let buffer: OpaquePointer
    let image: OpaquePointer
    private let memory: UnsafeMutableRawPointer
    private let size: Int
    var busy = false

    init?(shm: OpaquePointer, width: Int, height: Int) {
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))
        size = Int(stride) * height
        // A shared memory file with no name left once mapped: the compositor gets its descriptor.
        let name = "/swipeback-arrow-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return nil }
        shm_unlink(name)
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(size)) == 0,
              let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), memory != MAP_FAILED else { return nil }
        self.memory = memory
        guard let pool = wl_shm_create_pool(shm, descriptor, Int32(size)),
              let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), stride, WL_SHM_FORMAT_ARGB8888.rawValue) else {
            munmap(memory, size)
            return nil
        }
        wl_shm_pool_destroy(pool)
        self.buffer = buffer
        image = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), stride)
        wl_buffer_add_listener(buffer, bufferListener, Unmanaged.passUnretained(self).toOpaque())
    }

    func destroy() {
        cairo_surface_destroy(image)
        wl_buffer_destroy(buffer)
        munmap(memory, size)
    }
}

private func arrow(_ data: UnsafeMutableRawPointer?) -> OverlayArrow { Unmanaged<OverlayArrow>.fromOpaque(data!).takeUnretainedValue() }

private nonisolated(unsafe) let layerSurfaceListener: UnsafeMutablePointer<zwlr_layer_surface_v1_listener> = {
    let listener = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwlr_layer_surface_v1_listener(
        configure: { data, _, serial, _, height in arrow(data).configured(serial: serial, height: height) },
        closed: { data, _ in arrow(data).closedByCompositor() }))
    return listener
}()

private nonisolated(unsafe) let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
    let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_callback_listener(done: { data, _, _ in arrow(data).frameShown() }))
    return listener
}()

private nonisolated(unsafe) let bufferListener: UnsafeMutablePointer<wl_buffer_listener> = {
    let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_buffer_listener(release: { data, _ in
        Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue().busy = false
    }))
    return listener
}()
