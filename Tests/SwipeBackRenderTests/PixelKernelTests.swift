// SPDX-License-Identifier: Apache-2.0
import XCTest
import CPixelKernel
import SwipeBackTestSupport

/// The C pixel kernels (`CPixelKernel`): every path this CPU runs (scalar, SSE2, AVX2), forced in
/// turn, against a scalar reference written here, on random pixels, odd widths and unaligned starts.
final class PixelKernelTests: XCTestCase {
    /// The same random pixels on every run (`SplitMix64`).
    private struct Random {
        private var generator: SplitMix64
        init(state: UInt64) { generator = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { generator.next() }
        mutating func pixel() -> UInt32 { UInt32(truncatingIfNeeded: next()) }
        /// A brightness in 0...256 in both 16-bit halves, as the kernel takes it; the ends (0 and
        /// 256) often, as the dim and the shadow reach them.
        mutating func factor() -> UInt32 {
            let k: UInt32 = switch next() % 8 { case 0: 0; case 1: 256; default: UInt32(next() % 257) }
            return k &* 0x0001_0001
        }
    }

    /// Each colour channel times the brightness in `factor`'s low half, / 256, alpha 0xFF: the compositor's dim.
    private func scaled(_ pixel: UInt32, _ factor: UInt32) -> UInt32 {
        var out: UInt32 = 0xFF00_0000
        for shift: UInt32 in [0, 8, 16] {
            out |= ((((pixel >> shift) & 0xFF) * (factor & 0xFFFF)) >> 8) << shift
        }
        return out
    }

    /// Each colour channel u × a / 256 + l × (256 − a) / 256 (one rounding, down), alpha 0xFF.
    private func blended(_ upper: UInt32, _ lower: UInt32, _ weight: UInt32) -> UInt32 {
        let a = min(weight, 256), b = 256 - a
        var out: UInt32 = 0xFF00_0000
        for shift: UInt32 in [0, 8, 16] {
            out |= ((((upper >> shift) & 0xFF) * a + ((lower >> shift) & 0xFF) * b) >> 8) << shift
        }
        return out
    }

    private let paths: [(pixel_kernel_path, String)] = [
        (PIXEL_KERNEL_PATH_SCALAR, "scalar"), (PIXEL_KERNEL_PATH_SSE2, "sse2"), (PIXEL_KERNEL_PATH_AVX2, "avx2"),
    ]

    /// Widths around every vector length and a window's, and starts off every alignment.
    private let widths = Array(0...41) + [63, 64, 65, 255, 1919, 1920, 3841]
    private let starts = [0, 1, 2, 3, 5, 7]

    /// Runs `body` once for each path this CPU runs, that path forced, with its name.
    private func forEachPath(_ body: (String) throws -> Void) rethrows {
        defer { _ = pixel_kernel_force_path(PIXEL_KERNEL_PATH_AUTO) }
        var ran = 0
        for (path, name) in paths where pixel_kernel_path_supported(path) != 0 {
            XCTAssertEqual(pixel_kernel_force_path(path), 0, name)
            XCTAssertEqual(pixel_kernel_current_path(), path, name)
            try body(name)
            ran += 1
        }
        #if arch(x86_64)
        XCTAssertGreaterThanOrEqual(ran, 2, "scalar and SSE2 run on every x86-64 CPU")
        #endif
    }

    func testAutoChoosesTheWidestPathThisCPURuns() {
        _ = pixel_kernel_force_path(PIXEL_KERNEL_PATH_AUTO)
        let expected: pixel_kernel_path
        if pixel_kernel_path_supported(PIXEL_KERNEL_PATH_AVX2) != 0 {
            expected = PIXEL_KERNEL_PATH_AVX2
        } else if pixel_kernel_path_supported(PIXEL_KERNEL_PATH_SSE2) != 0 {
            expected = PIXEL_KERNEL_PATH_SSE2
        } else {
            expected = PIXEL_KERNEL_PATH_SCALAR
        }
        XCTAssertEqual(pixel_kernel_current_path(), expected)
        XCTAssertEqual(pixel_kernel_force_path(pixel_kernel_path(rawValue: 99)), -1)
        XCTAssertEqual(pixel_kernel_current_path(), expected, "an unknown path changes nothing")
    }

    func testScaleRowMatchesTheReferenceOnEveryPath() {
        forEachPath { name in
            var random = Random(state: 17)
            for width in widths {
                for start in starts {
                    let source = (0..<(width + 8)).map { _ in random.pixel() }
                    let factors = (0..<(width + 8)).map { _ in random.factor() }
                    let original = (0..<(width + 16)).map { _ in random.pixel() }
                    var target = original
                    // Source, factors and target each from a different start, none of them aligned.
                    let sourceStart = (start + 1) % 4, factorStart = (start + 3) % 5
                    source.withUnsafeBufferPointer { s in
                        factors.withUnsafeBufferPointer { f in
                            target.withUnsafeMutableBufferPointer { t in
                                pixel_kernel_scale_row(t.baseAddress! + start, s.baseAddress! + sourceStart,
                                                       f.baseAddress! + factorStart, width)
                            }
                        }
                    }
                    for i in 0..<target.count {
                        let inside = i >= start && i < start + width
                        let expected = inside ? scaled(source[i - start + sourceStart], factors[i - start + factorStart]) : original[i]
                        if target[i] != expected {
                            XCTFail("\(name) width \(width) start \(start) pixel \(i): \(String(target[i], radix: 16)), expected \(String(expected, radix: 16))")
                            return
                        }
                    }
                }
            }
        }
    }

    func testBlendRowMatchesTheReferenceOnEveryPath() {
        forEachPath { name in
            var random = Random(state: 42)
            for weight: UInt32 in [0, 1, 77, 128, 255, 256, 1000] {
                for width in widths {
                    let start = width % starts.count
                    let upper = (0..<(width + 8)).map { _ in random.pixel() }
                    let lower = (0..<(width + 8)).map { _ in random.pixel() }
                    let original = (0..<(width + 16)).map { _ in random.pixel() }
                    var target = original
                    let upperStart = (start + 2) % 3, lowerStart = (start + 1) % 7
                    upper.withUnsafeBufferPointer { u in
                        lower.withUnsafeBufferPointer { l in
                            target.withUnsafeMutableBufferPointer { t in
                                pixel_kernel_blend_row(t.baseAddress! + start, u.baseAddress! + upperStart,
                                                       l.baseAddress! + lowerStart, width, weight)
                            }
                        }
                    }
                    for i in 0..<target.count {
                        let inside = i >= start && i < start + width
                        let expected = inside ? blended(upper[i - start + upperStart], lower[i - start + lowerStart], weight) : original[i]
                        if target[i] != expected {
                            XCTFail("\(name) weight \(weight) width \(width) pixel \(i): \(String(target[i], radix: 16)), expected \(String(expected, radix: 16))")
                            return
                        }
                    }
                }
            }
        }
    }

    func testCopyRowCopiesExactlyTheRowOnEveryPath() {
        forEachPath { name in
            var random = Random(state: 7)
            for width in widths {
                let start = (width * 3) % starts.count
                let source = (0..<(width + 4)).map { _ in random.pixel() }
                let original = (0..<(width + 16)).map { _ in random.pixel() }
                var target = original
                source.withUnsafeBufferPointer { s in
                    target.withUnsafeMutableBufferPointer { t in
                        pixel_kernel_copy_row(t.baseAddress! + start, s.baseAddress! + 1, width)
                    }
                }
                let expected = Array(original[..<start]) + source[1..<(1 + width)] + original[(start + width)...]
                XCTAssertEqual(target, expected, "\(name) width \(width)")
            }
        }
    }
}
