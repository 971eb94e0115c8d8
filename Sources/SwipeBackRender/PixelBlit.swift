import FoundationEssentials
import Glibc

/// Row copies between 32-bit image surfaces, with an optional brightness factor per column.
///
/// This is the compositor's inner loop: a drag frame is one pass over the window, each pixel read
/// once from a page snapshot and written once, which is as cheap as a frame can be (cairo's own
/// paths need a second pass to dim the page beneath). Pixels are x8r8g8b8 (cairo RGB24).
enum PixelBlit {
    /// A destination rectangle in the target's pixels: columns `x0..<x1`, rows `y0..<y1`.
    struct Span {
        var x0: Int, x1: Int, y0: Int, y1: Int
        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    }

    /// Copies `source` into `span` of `target`, the source's pixel (0, 0) landing at
    /// (`originX`, `originY`) of the target; pixels outside the source are left alone.
    ///
    /// - Parameter factors: per target column from `span.x0`, a brightness in 0...256 (256 keeps
    ///   the pixel); nil copies unchanged.
    static func copy(_ source: ImageSurface, into target: ImageSurface, span requested: Span,
                     originX: Int, originY: Int, factors: [UInt32]? = nil) {
        var span = requested
        span.x0 = max(span.x0, originX, 0)
        span.x1 = min(span.x1, originX + source.width, target.width)
        span.y0 = max(span.y0, originY, 0)
        span.y1 = min(span.y1, originY + source.height, target.height)
        guard !span.isEmpty else { return }
        let width = span.x1 - span.x0
        let sourceBase = UnsafeMutableRawPointer(source.data)
        let targetBase = UnsafeMutableRawPointer(target.data)
        let sourceStride = source.stride, targetStride = target.stride
        let factorOffset = span.x0 - requested.x0
        guard let factors else {
            for y in span.y0..<span.y1 {
                memcpy(targetBase + y * targetStride + span.x0 * 4,
                       sourceBase + (y - originY) * sourceStride + (span.x0 - originX) * 4, width * 4)
            }
            return
        }
        // Each column's factor in both 16-bit halves of its pixel: the loop multiplies 16-bit lanes
        // (SSE2's pmullw) holding 0x00RR|0x00BB, then 0x00xx|0x00GG, and needs no widening.
        var lanes = [UInt16](repeating: 256, count: width * 2 + 16)
        for i in 0..<width {
            let k = UInt16(min(factors[factorOffset + i], 256))
            lanes[i * 2] = k
            lanes[i * 2 + 1] = k
        }
        lanes.withUnsafeBufferPointer { buffer in
            let f = UnsafeRawPointer(buffer.baseAddress!)
            let vectors = width / 8
            let low = SIMD8<UInt32>(repeating: 0x00FF_00FF)
            let opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
            for y in span.y0..<span.y1 {
                let from = UnsafeRawPointer(sourceBase + (y - originY) * sourceStride + (span.x0 - originX) * 4)
                let to = targetBase + y * targetStride + span.x0 * 4
                // Eight pixels at a time.
                for v in 0..<vectors {
                    let pixel = from.loadUnaligned(fromByteOffset: v * 32, as: SIMD8<UInt32>.self)
                    let k = f.loadUnaligned(fromByteOffset: v * 32, as: SIMD16<UInt16>.self)
                    let redBlue = (unsafeBitCast(pixel & low, to: SIMD16<UInt16>.self) &* k) &>> 8
                    let green = (unsafeBitCast((pixel &>> 8) & low, to: SIMD16<UInt16>.self) &* k) &>> 8
                    let result = unsafeBitCast(redBlue, to: SIMD8<UInt32>.self)
                        | (unsafeBitCast(green, to: SIMD8<UInt32>.self) &<< 8) | opaque
                    to.storeBytes(of: result, toByteOffset: v * 32, as: SIMD8<UInt32>.self)
                }
                for i in (vectors * 8)..<width {
                    let pixel = from.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    let k = UInt32(f.loadUnaligned(fromByteOffset: i * 4, as: UInt16.self))
                    let redBlue = ((pixel & 0x00FF_00FF) &* k) >> 8 & 0x00FF_00FF
                    let green = ((pixel & 0x0000_FF00) &* k) >> 8 & 0x0000_FF00
                    to.storeBytes(of: 0xFF00_0000 | redBlue | green, toByteOffset: i * 4, as: UInt32.self)
                }
            }
        }
    }

    /// Blends two pages into `span` of `target`: each pixel is `upper` × `upperWeight` / 256 +
    /// `lower` × (256 − `upperWeight`) / 256, one pass, with the pages' rows from `upper` and
    /// `lower` (a row pointer for each target row, its pixel 0 at `span.x0`; nil draws nothing).
    ///
    /// - Parameter upperWeight: 0...256.
    static func blend(into target: ImageSurface, span requested: Span, upper: (Int) -> UnsafeRawPointer?,
                      lower: (Int) -> UnsafeRawPointer?, upperWeight: UInt32) {
        let span = Span(x0: max(requested.x0, 0), x1: min(requested.x1, target.width),
                        y0: max(requested.y0, 0), y1: min(requested.y1, target.height))
        guard !span.isEmpty else { return }
        let width = span.x1 - span.x0, skip = (span.x0 - requested.x0) * 4
        let a = UInt16(min(upperWeight, 256)), b = 256 - a
        let targetBase = UnsafeMutableRawPointer(target.data)
        let low = SIMD8<UInt32>(repeating: 0x00FF_00FF), opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
        let ka = SIMD16<UInt16>(repeating: a), kb = SIMD16<UInt16>(repeating: b)
        for y in span.y0..<span.y1 {
            guard let u = upper(y).map({ $0 + skip }), let l = lower(y).map({ $0 + skip }) else { continue }
            let to = targetBase + y * target.stride + span.x0 * 4
            // Two 8-bit channels per 32-bit lane, in 16-bit halves: u·a + l·b stays under 2^16.
            for v in 0..<(width / 8) {
                let pu = u.loadUnaligned(fromByteOffset: v * 32, as: SIMD8<UInt32>.self)
                let pl = l.loadUnaligned(fromByteOffset: v * 32, as: SIMD8<UInt32>.self)
                let redBlue = (unsafeBitCast(pu & low, to: SIMD16<UInt16>.self) &* ka
                    &+ unsafeBitCast(pl & low, to: SIMD16<UInt16>.self) &* kb) &>> 8
                let green = (unsafeBitCast((pu &>> 8) & low, to: SIMD16<UInt16>.self) &* ka
                    &+ unsafeBitCast((pl &>> 8) & low, to: SIMD16<UInt16>.self) &* kb) &>> 8
                let result = (unsafeBitCast(redBlue, to: SIMD8<UInt32>.self) & low)
                    | ((unsafeBitCast(green, to: SIMD8<UInt32>.self) & low) &<< 8) | opaque
                to.storeBytes(of: result, toByteOffset: v * 32, as: SIMD8<UInt32>.self)
            }
            for i in ((width / 8) * 8)..<width {
                let pu = u.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                let pl = l.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                let redBlue = (((pu & 0x00FF_00FF) &* UInt32(a) &+ (pl & 0x00FF_00FF) &* UInt32(b)) >> 8) & 0x00FF_00FF
                let green = (((pu & 0x0000_FF00) &* UInt32(a) &+ (pl & 0x0000_FF00) &* UInt32(b)) >> 8) & 0x0000_FF00
                to.storeBytes(of: 0xFF00_0000 | redBlue | green, toByteOffset: i * 4, as: UInt32.self)
            }
        }
    }

    /// Fills `span` of `target` with black.
    static func clear(_ target: ImageSurface, span: Span) {
        let span = Span(x0: max(span.x0, 0), x1: min(span.x1, target.width), y0: max(span.y0, 0), y1: min(span.y1, target.height))
        guard !span.isEmpty else { return }
        let base = UnsafeMutableRawPointer(target.data)
        for y in span.y0..<span.y1 {
            memset(base + y * target.stride + span.x0 * 4, 0, (span.x1 - span.x0) * 4)
        }
    }
}
