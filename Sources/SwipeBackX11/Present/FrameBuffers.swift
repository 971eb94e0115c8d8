// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials
import Glibc
import SwipeBackCore

/// A rectangle of the window in px: columns `x..<x + width`, rows `y..<y + height`.
public struct FrameBox: Equatable, Sendable {
    /// Left edge, px from the window's left, 0...32767.
    public var x: Int
    /// Top edge, px from the window's top, 0...32767.
    public var y: Int
    /// Width in px, 0...32767.
    public var width: Int
    /// Height in px, 0...32767.
    public var height: Int

    /// The rectangle's pixels, as bytes of 32-bit pixels: what sending it costs.
    public var byteCount: Int { width * height * 4 }

    /// Creates a rectangle.
    ///
    /// - Parameters:
    ///   - x: left edge, px, 0...32767.
    ///   - y: top edge, px, 0...32767.
    ///   - width: px, 0...32767.
    ///   - height: px, 0...32767.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Where `a` and `b` (two frames of the same size) differ, or nil where they are equal; a
    /// frame that changed everywhere costs a few rows to compare (`swipeback_diff_box`).
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> FrameBox? {
        guard a.width == b.width, a.height == b.height, a.bytesPerRow == b.bytesPerRow else {
            return FrameBox(x: 0, y: 0, width: a.width, height: a.height)
        }
        var box: [Int32] = [0, 0, 0, 0]
        guard swipeback_diff_box(a.baseAddress, b.baseAddress, Int32(a.bytesPerRow), Int32(a.width), Int32(a.height), &box) != 0 else {
            return nil
        }
        return FrameBox(x: Int(box[0]), y: Int(box[1]), width: Int(box[2] - box[0]), height: Int(box[3] - box[1]))
    }
}

/// A frame's pixels and the way they reach the window.
protocol FrameBuffer: AnyObject {
    var pixels: PixelBuffer { get }
    /// Sends the pixels inside `box` to the same place in the window (the fallback paths; the
    /// Present path sends a pixmap instead, see `PresentChain`).
    func put(display: OpaquePointer, window: Window, gc: GC, box: FrameBox)
}

/// Pixels in our own memory, sent with `XPutImage` (through the socket).
final class PlainBuffer: FrameBuffer {
    let pixels: PixelBuffer
    private let image: UnsafeMutablePointer<XImage>

    init(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, width: Int, height: Int) throws {
        guard (1...32767).contains(width), (1...32767).contains(height) else {
            throw X11Error("a \(width)x\(height) window image: size must be 1...32767 px")
        }
        let bytesPerRow = width * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
        guard let created = XCreateImage(display, visual, 24, ZPixmap, 0, memory.assumingMemoryBound(to: CChar.self),
                                         UInt32(width), UInt32(height), 32, Int32(bytesPerRow)) else {
            memory.deallocate()
            throw X11Error("cannot create a \(width)x\(height) XImage")
        }
        image = created
        pixels = PixelBuffer(baseAddress: memory, width: width, height: height, bytesPerRow: bytesPerRow)
    }

    deinit {
        image.pointee.data = nil // the pixels are ours, not Xlib's
        swipeback_destroy_image(image)
        pixels.baseAddress.deallocate()
    }

    func put(display: OpaquePointer, window: Window, gc: GC, box: FrameBox) {
        XPutImage(display, window, gc, image, Int32(box.x), Int32(box.y), Int32(box.x), Int32(box.y),
                  UInt32(box.width), UInt32(box.height))
    }
}

/// A surface in a System V shared memory segment the server reads directly: sent with
/// `XShmPutImage`, or, with `withPixmap`, shown as an MIT-SHM pixmap by `PresentPixmap`.
final class SharedMemoryBuffer: FrameBuffer {
    let pixels: PixelBuffer
    /// The server's pixmap over the same memory (`XShmCreatePixmap`), when asked for.
    private(set) var pixmap: Pixmap = 0
    private let image: UnsafeMutablePointer<XImage>
    /// On the heap: the image keeps a pointer to it.
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    private let display: OpaquePointer

    init(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, width: Int, height: Int,
         pixmapFor window: Window? = nil) throws {
        self.display = display
        info = .allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let created = XShmCreateImage(display, visual, 24, ZPixmap, nil, info, UInt32(width), UInt32(height)) else {
            info.deallocate()
            throw X11Error("XShmCreateImage failed")
        }
        image = created
        let size = Int(created.pointee.bytes_per_line) * height
        let id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        guard id >= 0, let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            if id >= 0 { shmctl(id, IPC_RMID, nil) }
            created.pointee.data = nil
            swipeback_destroy_image(created)
            info.deallocate()
            throw X11Error("cannot get \(size) bytes of shared memory")
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 0
        created.pointee.data = info.pointee.shmaddr
        X11ErrorTrap.begin(display)
        XShmAttach(display, info)
        if let window {
            pixmap = XShmCreatePixmap(display, window, info.pointee.shmaddr, info, UInt32(width), UInt32(height), 24)
        }
        // The segment goes away once both sides detach.
        do {
            try X11ErrorTrap.end(display, "attaching shared memory")
        } catch {
            shmdt(address)
            shmctl(id, IPC_RMID, nil)
            created.pointee.data = nil
            swipeback_destroy_image(created)
            info.deallocate()
            throw error
        }
        shmctl(id, IPC_RMID, nil)
        pixels = PixelBuffer(baseAddress: address, width: width, height: height, bytesPerRow: Int(created.pointee.bytes_per_line))
    }

    deinit {
        if pixmap != 0 { XFreePixmap(display, pixmap) }
        XShmDetach(display, info)
        XSync(display, 0)
        shmdt(info.pointee.shmaddr)
        image.pointee.data = nil
        swipeback_destroy_image(image)
        info.deallocate()
    }

    func put(display: OpaquePointer, window: Window, gc: GC, box: FrameBox) {
        XShmPutImage(display, window, gc, image, Int32(box.x), Int32(box.y), Int32(box.x), Int32(box.y),
                     UInt32(box.width), UInt32(box.height), 0)
    }
}
