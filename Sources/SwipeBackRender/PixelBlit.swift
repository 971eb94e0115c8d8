// SPDX-License-Identifier: Apache-2.0
import CPixelKernel
import Glibc

/// Row copies between 32-bit image surfaces, with an optional brightness factor per column.
///
/// This is the compositor's inner loop: a drag frame is one pass over the window, each pixel read
/// once from a page snapshot and written once, which is as cheap as a frame can be (cairo's own
/// paths need a second pass to dim the page beneath). Pixels are x8r8g8b8 (cairo RGB24). The rows
/// are the C kernels of `CPixelKernel` (scalar, SSE2 or AVX2, chosen at run time).
enum PixelBlit {
    /// A destination rectangle in the target's pixels: columns `x0..<x1`, rows `y0..<y1`.
    struct Span {
        var x0: Int, x1: Int, y0: Int, y1: Int
        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    }

    /// Copies `source` into `span` of `target`, the source's pixel (0, 0) landing at
    /// (`originX`, `originY`) of the target; pixels outside the source are left alone.
    ///
    /// - Parameter factors: per target column from `span.x0` (`span.x1 - span.x0` of them), a
    ///   brightness k in 0...256 (256 keeps the pixel) in both 16-bit halves (k × 0x00010001, as
    ///   `pixel_kernel_scale_row` takes it); nil copies unchanged.
    static func copy(_ source: ImageSurface, into target: ImageSurface, span requested: Span,
                     originX: Int, originY: Int, factors: UnsafePointer<UInt32>? = nil) {
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
        let columnFactors = factors.map { $0 + (span.x0 - requested.x0) }
        for y in span.y0..<span.y1 {
            let from = (sourceBase + (y - originY) * sourceStride + (span.x0 - originX) * 4).assumingMemoryBound(to: UInt32.self)
            let to = (targetBase + y * targetStride + span.x0 * 4).assumingMemoryBound(to: UInt32.self)
            if let columnFactors {
                pixel_kernel_scale_row(to, from, columnFactors, width)
            } else {
                pixel_kernel_copy_row(to, from, width)
            }
        }
    }

    /// The snapshot row shown at each target row of a stack: a page's header band fixed, its content
    /// scrolled, as `TransitionCompositor.copyPage` places them (for the crossfade's blend).
    struct Rows {
        /// The snapshot's pixels.
        var base: UnsafeRawPointer
        /// Bytes per snapshot row.
        var stride: Int
        /// Snapshot rows.
        var height: Int
        /// The target row of the stack's top, px.
        var stackY: Int
        /// Rows of the header band, which does not scroll.
        var header: Int
        /// How far the content is scrolled, px, 0 or more.
        var offset: Int

        /// The snapshot row drawn at target row `y`, or nil past the snapshot.
        func row(_ y: Int) -> UnsafeRawPointer? {
            let local = y - stackY
            let row = local < header ? local : local + offset
            return row >= 0 && row < height ? base + row * stride : nil
        }
    }

    /// Blends two pages into `span` of `target`: each pixel is `upper` × `upperWeight` / 256 +
    /// `lower` × (256 − `upperWeight`) / 256, one pass, with the pages' rows from `upper` and
    /// `lower` (the snapshot row of each target row, its pixel 0 at `span.x0`; nil draws nothing).
    ///
    /// - Parameter upperWeight: 0...256.
    static func blend(into target: ImageSurface, span requested: Span, upper: Rows, lower: Rows, upperWeight: UInt32) {
        let span = Span(x0: max(requested.x0, 0), x1: min(requested.x1, target.width),
                        y0: max(requested.y0, 0), y1: min(requested.y1, target.height))
        guard !span.isEmpty else { return }
        let width = span.x1 - span.x0, skip = (span.x0 - requested.x0) * 4
        let targetBase = UnsafeMutableRawPointer(target.data)
        for y in span.y0..<span.y1 {
            guard let u = upper.row(y), let l = lower.row(y) else { continue }
            pixel_kernel_blend_row((targetBase + y * target.stride + span.x0 * 4).assumingMemoryBound(to: UInt32.self),
                                   (u + skip).assumingMemoryBound(to: UInt32.self),
                                   (l + skip).assumingMemoryBound(to: UInt32.self), width, min(upperWeight, 256))
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
