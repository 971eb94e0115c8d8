// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import CCairo

/// A cairo image surface that owns its pixels; freed with the object.
public final class ImageSurface {
    /// The cairo surface.
    public let surface: OpaquePointer
    /// Width in px.
    public let width: Int
    /// Height in px.
    public let height: Int

    /// Creates a surface filled with transparent black (or black for `opaque`).
    ///
    /// - Parameters:
    ///   - width: px, 1...32767.
    ///   - height: px, 1...32767.
    ///   - opaque: RGB24 (x8r8g8b8, what a 24-bit X visual takes) instead of ARGB32.
    /// - Throws: `RenderError` when cairo cannot create it (size out of range, out of memory).
    public init(width: Int, height: Int, opaque: Bool = false) throws {
        guard (1...32767).contains(width), (1...32767).contains(height) else {
            throw RenderError("creating a \(width)x\(height) px surface: size must be 1...32767 px")
        }
        surface = try Self.checked(cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                              Int32(width), Int32(height))!,
                                   "creating a \(width)x\(height) px surface")
        self.width = width
        self.height = height
    }

    /// Wraps pixels owned by someone else (shared memory), as an RGB24 surface.
    ///
    /// - Parameters:
    ///   - data: at least `stride * height` bytes, alive as long as the surface.
    ///   - width: px.
    ///   - height: px.
    ///   - stride: bytes per row, as `cairo_format_stride_for_width` gives or larger.
    /// - Throws: `RenderError` when cairo rejects the layout.
    public init(wrapping data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws {
        surface = try Self.checked(cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                                       Int32(width), Int32(height), Int32(stride))!,
                                   "wrapping a \(width)x\(height) px buffer")
        self.width = width
        self.height = height
    }

    /// Loads a PNG file.
    ///
    /// - Throws: `RenderError` naming the file when it is missing or not a PNG.
    public init(png path: String) throws {
        let loaded = try Self.checked(cairo_image_surface_create_from_png(path)!, "reading PNG \(path)")
        surface = loaded
        width = Int(cairo_image_surface_get_width(loaded))
        height = Int(cairo_image_surface_get_height(loaded))
    }

    deinit { cairo_surface_destroy(surface) }

    /// `created` if cairo made it without error; otherwise it is destroyed and the error thrown.
    private static func checked(_ created: OpaquePointer, _ what: @autoclosure () -> String) throws -> OpaquePointer {
        do {
            try RenderError.check(cairo_surface_status(created), what())
        } catch {
            cairo_surface_destroy(created)
            throw error
        }
        return created
    }

    /// Bytes per row.
    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The pixels (native-endian 32-bit words, premultiplied ARGB or xRGB); valid after `flush()`.
    public var data: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(surface)! }

    /// Finishes pending drawing so `data` is current.
    public func flush() { cairo_surface_flush(surface) }

    /// Tells cairo the pixels were changed directly.
    public func markDirty() { cairo_surface_mark_dirty(surface) }

    /// The pixel at (`x`, `y`) as 0xAARRGGBB (alpha 0xFF for opaque surfaces).
    public func pixel(x: Int, y: Int) -> UInt32 {
        flush()
        let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
        let value = row[x]
        return cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 ? value | 0xFF00_0000 : value
    }

    /// Runs `body` with a new cairo context on this surface.
    ///
    /// - Throws: `RenderError` if drawing left the context in an error state, or what `body` throws.
    public func draw<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let result = try body(cr)
        try RenderError.check(cairo_status(cr), "drawing on a \(width)x\(height) px surface")
        return result
    }

    /// Writes the surface as a PNG file, through a temporary file renamed into place.
    ///
    /// - Throws: `RenderError` naming the file when it cannot be written.
    public func writePNG(to path: String) throws {
        flush()
        let temporary = path + ".partial"
        try RenderError.check(cairo_surface_write_to_png(surface, temporary), "writing PNG \(path)")
        guard rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw RenderError("writing PNG \(path): \(why)")
        }
    }
}
