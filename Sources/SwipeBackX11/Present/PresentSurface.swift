// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore

/// Where a window's frames are drawn and how they reach the screen: the frame buffers
/// (`PresentChain`), the path they take (`PresentPath`, falling back for good when the server
/// refuses one) and the window's Present notices.
public final class PresentSurface {
    private let display: OpaquePointer
    private let window: Window
    private let visual: UnsafeMutablePointer<Visual>
    private let gc: GC
    /// The window's size in px.
    public private(set) var width: Int
    /// The window's height in px.
    public private(set) var height: Int
    /// The frame buffers and how frames reach the screen.
    private var chain: PresentChain?
    /// The Present extension's major opcode, when the server has it (and it is not switched off).
    private var presentOpcode: Int32?
    /// The serial of the last frame sent by a chain since replaced (a resize makes a new one).
    private var lastSerial: UInt32 = 0
    /// The window's Present event selection (complete and idle notices), or nil when frames do not use Present.
    private var presentEventID: XID?
    /// Whether the server shares memory with us (MIT-SHM); turned off after a failure.
    public private(set) var usesSharedMemory: Bool

    /// Sets up presenting into `window`, selecting its Present notices when the server has
    /// Present and MIT-SHM pixmaps of the window's format, unless `SWIPEBACK_NO_PRESENT` (or
    /// `SWIPEBACK_NO_SHM`) switches the path off.
    ///
    /// - Parameters:
    ///   - display: the window's connection.
    ///   - window: a window of `visual` (24-bit TrueColor).
    ///   - visual: the window's visual.
    ///   - width: the window's width, px.
    ///   - height: the window's height, px.
    init(display: OpaquePointer, window: Window, visual: UnsafeMutablePointer<Visual>, width: Int, height: Int) {
        self.display = display
        self.window = window
        self.visual = visual
        self.width = width
        self.height = height
        gc = XCreateGC(display, window, 0, nil)
        usesSharedMemory = XShmQueryExtension(display) != 0 && !PresentPath.isSwitchedOff(PresentPath.noSharedMemoryVariable)
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major: Int32 = 0, minor: Int32 = 0, sharedPixmaps: Int32 = 0
        guard usesSharedMemory, !PresentPath.isSwitchedOff(PresentPath.noPresentVariable),
              XPresentQueryExtension(display, &opcode, &event, &error) != 0,
              XShmQueryVersion(display, &major, &minor, &sharedPixmaps) != 0, sharedPixmaps != 0,
              XShmPixmapFormat(display) == ZPixmap else { return }
        presentOpcode = opcode
        presentEventID = XPresentSelectInput(display, window, UInt32(PresentCompleteNotifyMask | PresentIdleNotifyMask))
    }

    /// Frees the buffers and the GC while the connection is open (the window's `deinit`, before
    /// it closes the display).
    func release() {
        chain = nil
        if !X11ErrorTrap.isConnectionLost(display) { XFreeGC(display, gc) }
    }

    /// Records a new size after a `ConfigureNotify`.
    ///
    /// - Parameters:
    ///   - width: px.
    ///   - height: px.
    public func didResize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self.width = width
        self.height = height
        dropChain()
    }

    /// Lets the buffers go (the size changed), keeping their serial for the next chain.
    private func dropChain() {
        if let chain { lastSerial = chain.serial }
        chain = nil
    }

    /// The back buffer for the next frame: x8r8g8b8 pixels of the window's size, in memory the
    /// server shares when it can (MIT-SHM), so presenting copies nothing through the socket. It is
    /// never the buffer the server may still be reading.
    ///
    /// - Throws: `X11Error` when no image can be made.
    public func backBuffer() throws -> PixelBuffer {
        if let chain, chain.backBufferSize == (width, height) { return chain.backBuffer }
        dropChain()
        for path in presentPaths {
            do {
                chain = try PresentChain(path: path, display: display, visual: visual, window: window, gc: gc,
                                         width: width, height: height, lastSerial: lastSerial)
                break
            } catch {
                // Fall back to the next path for good (the server refused shared memory or its pixmaps).
                switch path {
                case .present: presentEventID = nil
                case .sharedMemory: usesSharedMemory = false
                case .putImage: throw error
                }
            }
        }
        return chain!.backBuffer
    }

    /// The paths to try, best first: Present when the server has it (with shared pixmaps) and the
    /// window selected its events, then `XShmPutImage`, then `XPutImage`.
    private var presentPaths: [PresentPath] {
        (presentEventID != nil ? [.present] : []) + (usesSharedMemory ? [.sharedMemory] : []) + [.putImage]
    }

    /// How frames reach the window now (`PresentPath`); read on every wake, so it builds no list.
    public var presentPath: PresentPath {
        chain?.path ?? (presentEventID != nil ? .present : usesSharedMemory ? .sharedMemory : .putImage)
    }

    /// Whether a presented frame waits for the server's `PresentCompleteNotify`.
    public var hasFrameInFlight: Bool { chain?.inFlight != nil }

    /// Sends the back buffer: only the rectangle where it differs from the frame on screen (the
    /// whole frame after `invalidateFrame()`). On the Present path the frame is queued for the next
    /// refresh and `isPresentEvent(_:completion:)` reports it shown; the fallback paths put it and sync, so
    /// it is on screen when this returns. Either way the window never shows a partial frame.
    ///
    /// - Parameters:
    ///   - whole: send the whole frame without comparing (the renderer knows that pages moved, so
    ///     it differs nearly everywhere).
    ///   - asynchronous: on the Present path, have the server copy it at once, not at the next
    ///     refresh (`PresentOptionAsync`); only for the server's fake clock
    ///     (`FramePacer.isOnFakeClock`), where no display can tear.
    /// - Returns: what was sent (`PresentOutcome`).
    /// - Throws: `X11Error` when the server rejects the image.
    @discardableResult
    public func present(whole: Bool = false, asynchronous: Bool = false) throws -> PresentOutcome {
        guard let chain else { return .unchanged }
        if whole { chain.invalidate() }
        return try chain.present(asynchronous: asynchronous)
    }

    /// Presents the frame on screen again, one pixel of it, so its completion tells the server's
    /// clock (`PresentChain.probe`); returns its serial, or nil when it cannot now.
    public func probePresentClock() -> UInt32? { chain?.probe() }

    /// Touches the memory of one frame buffer not drawn into yet (`PresentChain.touchAhead`), while
    /// the window is idle; returns whether there was one.
    public func touchBuffersAhead() -> Bool { chain?.touchAhead() ?? false }

    /// Sends the next frame whole: the window's content is unknown (an Expose).
    public func invalidateFrame() { chain?.invalidate() }

    /// Forgets the frame in flight, when its completion is overdue, so drawing goes on.
    public func abandonFrameInFlight() { chain?.abandonInFlight() }

    /// Whether `event` is a Present event of this window; a completion is returned through
    /// `completion` (idle notices only free a buffer).
    ///
    /// - Parameters:
    ///   - event: an event just read.
    ///   - completion: set to the completion it carries, if any.
    public func isPresentEvent(_ event: inout XEvent, completion: inout PresentCompletion?) -> Bool {
        let (matched, result) = EventCookie.withData(display, &event, extension: presentOpcode) { evtype, data in
            chain?.handle(evtype: evtype, data: data)
        }
        if let result { completion = result }
        return matched
    }
}
