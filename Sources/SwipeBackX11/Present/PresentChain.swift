// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials
import Glibc
import SwipeBackCore

/// How frames reach the window, best first.
public enum PresentPath: String, Sendable {
    /// The X Present extension: `PresentPixmap` of MIT-SHM pixmaps, paced by `PresentCompleteNotify`
    /// (at most one frame per refresh), each buffer reused only after its `PresentIdleNotify`.
    case present
    /// `XShmPutImage` from shared memory, then a sync; paced by the frame clock.
    case sharedMemory = "shm"
    /// `XPutImage` through the socket, then a sync; paced by the frame clock.
    case putImage = "xputimage"

    /// The environment variable that turns the Present path off (as if the server had no Present).
    public static let noPresentVariable = "SWIPEBACK_NO_PRESENT"
    /// The environment variable that turns MIT-SHM off, and with it Present (`XPutImage` only).
    public static let noSharedMemoryVariable = "SWIPEBACK_NO_SHM"

    /// Whether the environment variable `name` is set to something other than empty or `0`.
    static func isSwitchedOff(_ name: String) -> Bool {
        guard let value = ProcessInfo.processInfo.environment[name] else { return false }
        return !value.isEmpty && value != "0"
    }
}

/// What presenting one frame did.
public enum PresentOutcome: Equatable, Sendable {
    /// Queued for the next refresh (the Present path): a `PresentCompletion` with this serial follows.
    case queued(serial: UInt32, box: FrameBox)
    /// On screen already (the fallback paths put the box and synced).
    case shown(box: FrameBox)
    /// The frame equals the one on screen: nothing was sent.
    case unchanged
}

/// A frame the server showed (`PresentCompleteNotify`).
public struct PresentCompletion: Equatable, Sendable {
    /// The serial `PresentOutcome.queued` gave.
    public var serial: UInt32
    /// When it was shown: the server's µs clock (CLOCK_MONOTONIC on Linux), or 0 when not known.
    public var ust: UInt64
    /// The refresh counter at which it was shown.
    public var msc: UInt64
    /// Whether it reached the screen (false: the server skipped it for a later one).
    public var wasShown: Bool
}

/// The window's frame buffers and how each frame reaches the screen (`PresentPath`).
///
/// Every frame is drawn whole into a buffer the server is not reading; then only the rectangle
/// where it differs from the frame on screen is sent (`FrameBox.difference`), so a frame where a
/// button, a toggle, a slider or a gesture readout changed costs the server that rectangle.
final class PresentChain {
    let path: PresentPath
    private let display: OpaquePointer
    private let window: Window
    private let gc: GC
    /// One frame buffer and what is known of it.
    private struct Slot {
        let buffer: FrameBuffer
        /// Whether the server may still read it: sent by `PresentPixmap`, not yet idle.
        var busy = false
        /// The rows whose memory the app and (for a pixmap) the server have touched: all of it
        /// once handed out; fewer, the first frame drawn into it would pay its page faults
        /// (`touchAhead()`).
        var touchedRows = 0
        /// Its pixmap on the Present path, else 0.
        var pixmap: Pixmap { (buffer as? SharedMemoryBuffer)?.pixmap ?? 0 }
    }
    private var slots: [Slot]
    /// The buffer handed out for the next frame.
    private var drawing = 0
    /// The buffer holding what the window shows (after the frame queued last), or nil before the first.
    private var onScreen: Int?
    /// A GC for copying a pixmap onto itself without NoExpose events (made when first needed).
    private var copyGC: GC?
    /// The most bytes `touchAhead()` touches in one call (8 MiB: a few ms), so input that comes
    /// meanwhile waits no longer than that.
    static let touchChunkBytes = 8 << 20
    /// Set when the window's content is unknown (the first frame, an Expose): the next frame is sent whole.
    private var sendWhole = true
    /// The serial of the frame sent last; a new chain goes on from the old one's, so a late
    /// completion of a frame of the old buffers is never taken for a new frame.
    private(set) var serial: UInt32
    /// The serial waiting for its `PresentCompleteNotify`, if any.
    private(set) var inFlight: UInt32?
    /// The update region `PresentPixmap` takes, set to each frame's box.
    private var region: XserverRegion = 0
    /// The Present path's buffer count: one on screen, one queued, one to draw into.
    static let presentBufferCount = 3

    /// Makes buffers of `width` x `height` px for `path` (`.present` needs the window's Present
    /// event selection, made by `X11Window`).
    ///
    /// - Throws: `X11Error` when the buffers cannot be made.
    init(path: PresentPath, display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, window: Window, gc: GC,
         width: Int, height: Int, lastSerial: UInt32 = 0) throws {
        self.path = path
        serial = lastSerial
        self.display = display
        self.window = window
        self.gc = gc
        switch path {
        case .present:
            slots = try (0..<Self.presentBufferCount).map { _ in
                Slot(buffer: try SharedMemoryBuffer(display: display, visual: visual, width: width, height: height, pixmapFor: window))
            }
            region = XFixesCreateRegion(display, nil, 0)
        case .sharedMemory:
            slots = try (0..<2).map { _ in Slot(buffer: try SharedMemoryBuffer(display: display, visual: visual, width: width, height: height)) }
        case .putImage:
            slots = try (0..<2).map { _ in Slot(buffer: try PlainBuffer(display: display, visual: visual, width: width, height: height)) }
        }
    }

    deinit {
        if region != 0 { XFixesDestroyRegion(display, region) }
        if let copyGC { XFreeGC(display, copyGC) }
    }

    /// The buffers' size in px.
    var backBufferSize: (width: Int, height: Int) { (slots[0].buffer.pixels.width, slots[0].buffer.pixels.height) }

    /// The pixels of the buffer to draw the next frame into: one the server is done with, never
    /// the one on screen (the next frame is compared with it).
    var backBuffer: PixelBuffer {
        if let free = slots.indices.first(where: { !slots[$0].busy && $0 != onScreen }) {
            drawing = free
        } else {
            // Every buffer busy (an idle notice lost): take the oldest, not the one on screen.
            drawing = (onScreen.map { $0 + 1 } ?? 0) % slots.count
        }
        slots[drawing].touchedRows = slots[drawing].buffer.pixels.height
        return slots[drawing].buffer.pixels
    }

    /// Touches the pages of a buffer never handed out, up to `touchChunkBytes` a call, in the app
    /// (zeros) and, on the Present path, in the server (a copy of those rows of the pixmap onto
    /// themselves, waited for, so the server is done before the buffer is drawn into), so no
    /// frame pays for it: at 3840x2160 the first frame into a new buffer took 62 ms instead of 5
    /// (the kernel zeroes 33 MB page by page) and the server's first copy from it 20 ms more.
    /// Returns whether there was something to touch.
    func touchAhead() -> Bool {
        guard let index = slots.indices.first(where: { slots[$0].touchedRows < slots[$0].buffer.pixels.height }) else { return false }
        let pixels = slots[index].buffer.pixels
        let start = slots[index].touchedRows
        let rows = min(pixels.height - start, max(1, Self.touchChunkBytes / max(1, pixels.bytesPerRow)))
        memset(pixels.baseAddress + start * pixels.bytesPerRow, 0, rows * pixels.bytesPerRow)
        if case let pixmap = slots[index].pixmap, pixmap != 0 {
            if copyGC == nil {
                var values = XGCValues()
                values.graphics_exposures = 0
                copyGC = XCreateGC(display, pixmap, UInt(GCGraphicsExposures), &values)
            }
            XCopyArea(display, pixmap, pixmap, copyGC, 0, Int32(start), UInt32(pixels.width), UInt32(rows), 0, Int32(start))
            XSync(display, 0)
        }
        slots[index].touchedRows = start + rows
        return true
    }

    /// The next frame is sent whole (the window was exposed, so its content is unknown).
    func invalidate() { sendWhole = true }

    /// Sends the frame drawn into `backBuffer`: the rectangle where it differs from the frame on
    /// screen, or all of it after `invalidate()`.
    ///
    /// - Parameter asynchronous: on the Present path, `PresentOptionAsync`: the server copies the
    ///   frame at once instead of at the next refresh. Only for the server's fake clock
    ///   (`FakePresentClock`), where no display can tear.
    /// - Throws: `X11Error` when the server rejects it (the fallback paths sync to know).
    func present(asynchronous: Bool = false) throws -> PresentOutcome {
        let pixels = slots[drawing].buffer.pixels
        let whole = FrameBox(x: 0, y: 0, width: pixels.width, height: pixels.height)
        let box: FrameBox
        if sendWhole || onScreen == nil {
            box = whole
        } else if let changed = FrameBox.difference(pixels, slots[onScreen!].buffer.pixels) {
            box = changed
        } else {
            return .unchanged
        }
        sendWhole = false
        onScreen = drawing
        switch path {
        case .present:
            let pixmap = slots[drawing].pixmap
            var rectangle = XRectangle(x: Int16(box.x), y: Int16(box.y), width: UInt16(box.width), height: UInt16(box.height))
            XFixesSetRegion(display, region, &rectangle, 1)
            serial &+= 1
            slots[drawing].busy = true
            inFlight = serial
            // target_msc 0 with divisor 0: the next refresh, or with PresentOptionAsync now (the
            // counter has reached 0); the server copies only `region`.
            let options = UInt32(asynchronous ? PresentOptionAsync : PresentOptionNone)
            XPresentPixmap(display, window, pixmap, serial, 0, region, 0, 0, 0, 0, 0, options, 0, 0, 0, nil, 0)
            XFlush(display)
            return .queued(serial: serial, box: box)
        case .sharedMemory, .putImage:
            try X11ErrorTrap.bracket(display, "presenting a frame") {
                slots[drawing].buffer.put(display: display, window: window, gc: gc, box: box)
            }
            return .shown(box: box)
        }
    }

    /// Presents the frame on screen again, one pixel of it, for the next refresh: its completion
    /// tells the server's clock (`FakePresentClockRecognizer`) without changing what the window
    /// shows. Returns its serial; nil off the Present path, before the first frame, with a frame
    /// in flight, or while the server still holds the buffer on screen.
    func probe() -> UInt32? {
        guard path == .present, inFlight == nil, let shown = onScreen, !slots[shown].busy,
              case let pixmap = slots[shown].pixmap, pixmap != 0 else { return nil }
        var rectangle = XRectangle(x: 0, y: 0, width: 1, height: 1)
        XFixesSetRegion(display, region, &rectangle, 1)
        serial &+= 1
        slots[shown].busy = true
        inFlight = serial
        XPresentPixmap(display, window, pixmap, serial, 0, region, 0, 0, 0, 0, 0, UInt32(PresentOptionNone), 0, 0, 0, nil, 0)
        XFlush(display)
        return serial
    }

    /// Takes a Present event (an `XGenericEventCookie` whose data has been fetched): marks a buffer
    /// idle, or returns the completion of the frame in flight.
    func handle(evtype: Int32, data: UnsafeMutableRawPointer) -> PresentCompletion? {
        switch evtype {
        case PresentIdleNotify:
            let idle = data.assumingMemoryBound(to: XPresentIdleNotifyEvent.self).pointee
            if let index = slots.indices.first(where: { slots[$0].pixmap == idle.pixmap }) {
                slots[index].busy = false
            }
            return nil
        case PresentCompleteNotify:
            let complete = data.assumingMemoryBound(to: XPresentCompleteNotifyEvent.self).pointee
            guard complete.kind == UInt8(PresentCompleteKindPixmap) else { return nil }
            if complete.serial_number == inFlight { inFlight = nil }
            // A skipped frame never reached the window, and the next one was compared with it:
            // the next is sent whole.
            if complete.mode == UInt8(PresentCompleteModeSkip) { sendWhole = true }
            return PresentCompletion(serial: complete.serial_number, ust: complete.ust, msc: complete.msc,
                                     wasShown: complete.mode != UInt8(PresentCompleteModeSkip))
        default:
            return nil
        }
    }

    /// Forgets the frame in flight (its completion never came: the window went away from every
    /// monitor, say), so drawing goes on.
    func abandonInFlight() {
        inFlight = nil
        // It may never be shown (or be skipped), so the window's content is unknown.
        sendWhole = true
    }
}
