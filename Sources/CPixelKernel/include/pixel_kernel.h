// SPDX-License-Identifier: Apache-2.0
// The compositor's pixel loops in C: row copies with a brightness per column, the two-page blend,
// and plain row copies, over x8r8g8b8 pixels (cairo RGB24, native-endian 32-bit words).
//
// Each function has a scalar, an SSE2 and an AVX2 version; the fastest one the CPU runs is chosen
// once, at the first call (`__builtin_cpu_supports("avx2")`), and every version writes the same
// bits. Tests force one with `pixel_kernel_force_path`.
#ifndef PIXEL_KERNEL_H
#define PIXEL_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An implementation of the kernels.
typedef enum pixel_kernel_path {
    /// The fastest this CPU runs (AVX2, else SSE2, else scalar); what `pixel_kernel_force_path` resets to.
    PIXEL_KERNEL_PATH_AUTO = 0,
    /// Plain C, one pixel at a time: every CPU.
    PIXEL_KERNEL_PATH_SCALAR = 1,
    /// 4 pixels at a time: every x86-64 CPU.
    PIXEL_KERNEL_PATH_SSE2 = 2,
    /// 8 pixels a vector, two vectors a step: x86-64 CPUs with AVX2 (Haswell, Zen and later).
    PIXEL_KERNEL_PATH_AVX2 = 3,
} pixel_kernel_path;

/// Copies `width` pixels from `source` to `target`, each multiplied by its column's brightness k:
/// every colour channel c becomes (c × k) >> 8 and the top byte 0xFF.
///
/// - Parameters:
///   - target: `width` pixels, any 4-byte alignment; must not overlap `source`.
///   - source: `width` pixels, any 4-byte alignment.
///   - factors: `width` brightnesses, each k in 0...256 (256 keeps the pixel) in both 16-bit halves
///     (k × 0x00010001, the 16-bit lanes the vector paths multiply); other values are a caller error.
///   - width: pixels, 0 draws nothing.
void pixel_kernel_scale_row(uint32_t *target, const uint32_t *source, const uint32_t *factors, size_t width);

/// Blends two rows into `target`: every colour channel is (u × upper_weight + l × (256 − upper_weight)) >> 8,
/// u from `upper` and l from `lower`, and the top byte 0xFF.
///
/// - Parameters:
///   - target: `width` pixels; must not overlap `upper` or `lower`.
///   - upper: `width` pixels.
///   - lower: `width` pixels.
///   - width: pixels, 0 draws nothing.
///   - upper_weight: 0...256; larger values count as 256.
void pixel_kernel_blend_row(uint32_t *target, const uint32_t *upper, const uint32_t *lower, size_t width,
                            uint32_t upper_weight);

/// Copies `width` pixels from `source` to `target` unchanged (memcpy).
///
/// - Parameters:
///   - target: `width` pixels; must not overlap `source`.
///   - source: `width` pixels.
///   - width: pixels.
void pixel_kernel_copy_row(uint32_t *target, const uint32_t *source, size_t width);

/// Whether this CPU (and this build) runs `path`; `PIXEL_KERNEL_PATH_AUTO` and scalar always.
int pixel_kernel_path_supported(pixel_kernel_path path);

/// Makes every later call use `path` (for tests and benchmarks); `PIXEL_KERNEL_PATH_AUTO` goes back to
/// the fastest. Returns 0, or -1 (and changes nothing) when `path` is not supported here.
int pixel_kernel_force_path(pixel_kernel_path path);

/// The path the kernels run now (never `PIXEL_KERNEL_PATH_AUTO`).
pixel_kernel_path pixel_kernel_current_path(void);

#ifdef __cplusplus
}
#endif

#endif
