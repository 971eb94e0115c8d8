// SPDX-License-Identifier: Apache-2.0
// The compositor's pixel loops: scalar, SSE2 and AVX2 versions, chosen once at run time.
//
// Pixels are x8r8g8b8. The vector versions multiply 16-bit lanes: a pixel masked with 0x00FF00FF is
// two lanes 0x00RR and 0x00BB, shifted right by 8 bits it is 0x00AA and 0x00GG, and a channel times
// a weight of at most 256 stays under 2^16, so no lane needs widening (SSE2's pmullw, AVX2's vpmullw).
// Red and blue are the high bytes of their products, shifted down; green (and alpha, replaced by
// 0xFF) already sits where it belongs in its product's high byte, so a mask takes it as it is. Each
// result channel is at most 255, so every version writes the bits of the scalar one.
//
// A column's brightness comes in both 16-bit halves of a 32-bit word, so it multiplies its pixel's
// lanes as loaded (the compositor fills them once per frame; widening 16-bit factors in every row
// cost about 10 % at 1080p).
//
// The stores are ordinary ones. Non-temporal (streaming) stores were measured and left out: on rows
// of a 1920x1080 frame the plain copies took about twice as long and the dimmed rows 20-30 % longer
// (the frame goes out to memory instead of staying in the 32 MB L3), and on a 3840x2160 frame the
// dimmed rows about 9 % longer than ordinary stores aligned to 32 bytes.
#include "pixel_kernel.h"

#include <stdatomic.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PIXEL_KERNEL_X86 1
#else
#define PIXEL_KERNEL_X86 0
#endif

/// One implementation of the three kernels.
typedef struct kernel_ops {
    pixel_kernel_path path;
    void (*scale_row)(uint32_t *, const uint32_t *, const uint32_t *, size_t);
    void (*blend_row)(uint32_t *, const uint32_t *, const uint32_t *, size_t, uint32_t);
    void (*copy_row)(uint32_t *, const uint32_t *, size_t);
} kernel_ops;

// MARK: - Scalar

static inline uint32_t scale_pixel(uint32_t pixel, uint32_t factor) {
    uint32_t red_blue = ((pixel & 0x00FF00FFu) * factor) >> 8 & 0x00FF00FFu;
    uint32_t green = ((pixel & 0x0000FF00u) * factor) >> 8 & 0x0000FF00u;
    return 0xFF000000u | red_blue | green;
}

static inline uint32_t blend_pixel(uint32_t upper, uint32_t lower, uint32_t a, uint32_t b) {
    uint32_t red_blue = (((upper & 0x00FF00FFu) * a + (lower & 0x00FF00FFu) * b) >> 8) & 0x00FF00FFu;
    uint32_t green = (((upper & 0x0000FF00u) * a + (lower & 0x0000FF00u) * b) >> 8) & 0x0000FF00u;
    return 0xFF000000u | red_blue | green;
}

static void scale_row_scalar(uint32_t *target, const uint32_t *source, const uint32_t *factors, size_t width) {
    // One pixel at a time, on purpose: this is the reference the vector versions are tested against.
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t i = 0; i < width; i++) target[i] = scale_pixel(source[i], factors[i] & 0xFFFFu);
}

static void blend_row_scalar(uint32_t *target, const uint32_t *upper, const uint32_t *lower, size_t width,
                             uint32_t weight) {
    uint32_t a = weight > 256 ? 256 : weight, b = 256 - a;
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t i = 0; i < width; i++) target[i] = blend_pixel(upper[i], lower[i], a, b);
}

static void copy_row_memcpy(uint32_t *target, const uint32_t *source, size_t width) {
    memcpy(target, source, width * 4);
}

static const kernel_ops scalar_ops = {PIXEL_KERNEL_PATH_SCALAR, scale_row_scalar, blend_row_scalar, copy_row_memcpy};

#if PIXEL_KERNEL_X86

// MARK: - SSE2 (4 pixels a step)

static void scale_row_sse2(uint32_t *target, const uint32_t *source, const uint32_t *factors, size_t width) {
    const __m128i low = _mm_set1_epi32(0x00FF00FF), high = _mm_set1_epi32((int)0xFF00FF00u);
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
    size_t i = 0;
    for (; i + 4 <= width; i += 4) {
        __m128i pixel = _mm_loadu_si128((const __m128i *)(source + i));
        __m128i k = _mm_loadu_si128((const __m128i *)(factors + i));
        __m128i red_blue = _mm_srli_epi16(_mm_mullo_epi16(_mm_and_si128(pixel, low), k), 8);
        __m128i green = _mm_and_si128(_mm_mullo_epi16(_mm_srli_epi16(pixel, 8), k), high);
        __m128i result = _mm_or_si128(_mm_or_si128(red_blue, green), opaque);
        _mm_storeu_si128((__m128i *)(target + i), result);
    }
    for (; i < width; i++) target[i] = scale_pixel(source[i], factors[i] & 0xFFFFu);
}

static void blend_row_sse2(uint32_t *target, const uint32_t *upper, const uint32_t *lower, size_t width,
                           uint32_t weight) {
    uint32_t a = weight > 256 ? 256 : weight, b = 256 - a;
    const __m128i low = _mm_set1_epi32(0x00FF00FF), high = _mm_set1_epi32((int)0xFF00FF00u);
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
    const __m128i ka = _mm_set1_epi16((short)a), kb = _mm_set1_epi16((short)b);
    size_t i = 0;
    for (; i + 4 <= width; i += 4) {
        __m128i u = _mm_loadu_si128((const __m128i *)(upper + i));
        __m128i l = _mm_loadu_si128((const __m128i *)(lower + i));
        __m128i red_blue = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(u, low), ka),
                                                        _mm_mullo_epi16(_mm_and_si128(l, low), kb)), 8);
        __m128i green = _mm_and_si128(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(u, 8), ka),
                                                    _mm_mullo_epi16(_mm_srli_epi16(l, 8), kb)), high);
        __m128i result = _mm_or_si128(_mm_or_si128(red_blue, green), opaque);
        _mm_storeu_si128((__m128i *)(target + i), result);
    }
    for (; i < width; i++) target[i] = blend_pixel(upper[i], lower[i], a, b);
}

static const kernel_ops sse2_ops = {PIXEL_KERNEL_PATH_SSE2, scale_row_sse2, blend_row_sse2, copy_row_memcpy};

// MARK: - AVX2 (16 pixels a step)

#define AVX2 __attribute__((target("avx2")))

/// How far ahead the AVX2 loops prefetch their sources, in pixels (2 KB, 32 cache lines; one
/// prefetch per 16-pixel step, so one per line). Measured (`swipeback bench`, the parallax frame
/// against its row copies, 3 runs each): 64 pixels ahead 1.29-1.30 at 3840x2160, 256 pixels
/// 1.16-1.19, 512 pixels 1.13-1.14; at 1920x1080 the three are alike (1.04-1.20). Unrolling to 16
/// pixels a step took about 12 % off the 8-pixel loop on rows of a 1920x1080 frame.
#define PREFETCH_PIXELS 512

/// Whether `pixel` starts a 32-byte block. The loops store whole blocks from there on: a store that
/// straddles two cache lines costs two (cairo's own surfaces start 16 bytes into a malloc block);
/// measured about 7 % on a 3840x2160 frame whose target was 16 bytes off.
static inline int aligned32(const uint32_t *pixel) { return ((uintptr_t)pixel & 31) == 0; }

/// Eight pixels times their brightnesses (both 16-bit halves of each 32-bit `k`).
AVX2 static inline __m256i scale8(__m256i pixel, __m256i k) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF), high = _mm256_set1_epi32((int)0xFF00FF00u);
    __m256i red_blue = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_and_si256(pixel, low), k), 8);
    __m256i green = _mm256_and_si256(_mm256_mullo_epi16(_mm256_srli_epi16(pixel, 8), k), high);
    return _mm256_or_si256(_mm256_or_si256(red_blue, green), _mm256_set1_epi32((int)0xFF000000u));
}

/// Eight pixels of `u` × `ka` + `l` × `kb` (both weights in every 16-bit lane), >> 8.
AVX2 static inline __m256i blend8(__m256i u, __m256i l, __m256i ka, __m256i kb) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF), high = _mm256_set1_epi32((int)0xFF00FF00u);
    __m256i red_blue = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(u, low), ka),
                                                          _mm256_mullo_epi16(_mm256_and_si256(l, low), kb)), 8);
    __m256i green = _mm256_and_si256(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(u, 8), ka),
                                                      _mm256_mullo_epi16(_mm256_srli_epi16(l, 8), kb)), high);
    return _mm256_or_si256(_mm256_or_si256(red_blue, green), _mm256_set1_epi32((int)0xFF000000u));
}

AVX2 static void scale_row_avx2(uint32_t *target, const uint32_t *source, const uint32_t *factors, size_t width) {
    size_t i = 0;
    for (; i < width && !aligned32(target + i); i++) target[i] = scale_pixel(source[i], factors[i] & 0xFFFFu);
    for (; i + 16 <= width; i += 16) {
        // A prefetch never faults, so reading ahead past the row's end is harmless.
        _mm_prefetch((const char *)(source + i + PREFETCH_PIXELS), _MM_HINT_T0);
        __m256i p0 = _mm256_loadu_si256((const __m256i *)(source + i));
        __m256i p1 = _mm256_loadu_si256((const __m256i *)(source + i + 8));
        __m256i k0 = _mm256_loadu_si256((const __m256i *)(factors + i));
        __m256i k1 = _mm256_loadu_si256((const __m256i *)(factors + i + 8));
        _mm256_storeu_si256((__m256i *)(target + i), scale8(p0, k0));
        _mm256_storeu_si256((__m256i *)(target + i + 8), scale8(p1, k1));
    }
    if (i + 8 <= width) {
        _mm256_storeu_si256((__m256i *)(target + i), scale8(_mm256_loadu_si256((const __m256i *)(source + i)),
                                                            _mm256_loadu_si256((const __m256i *)(factors + i))));
        i += 8;
    }
    for (; i < width; i++) target[i] = scale_pixel(source[i], factors[i] & 0xFFFFu);
}

AVX2 static void blend_row_avx2(uint32_t *target, const uint32_t *upper, const uint32_t *lower, size_t width,
                                uint32_t weight) {
    uint32_t a = weight > 256 ? 256 : weight, b = 256 - a;
    const __m256i ka = _mm256_set1_epi16((short)a), kb = _mm256_set1_epi16((short)b);
    size_t i = 0;
    for (; i < width && !aligned32(target + i); i++) target[i] = blend_pixel(upper[i], lower[i], a, b);
    for (; i + 16 <= width; i += 16) {
        _mm_prefetch((const char *)(upper + i + PREFETCH_PIXELS), _MM_HINT_T0);
        _mm_prefetch((const char *)(lower + i + PREFETCH_PIXELS), _MM_HINT_T0);
        __m256i u0 = _mm256_loadu_si256((const __m256i *)(upper + i));
        __m256i u1 = _mm256_loadu_si256((const __m256i *)(upper + i + 8));
        __m256i l0 = _mm256_loadu_si256((const __m256i *)(lower + i));
        __m256i l1 = _mm256_loadu_si256((const __m256i *)(lower + i + 8));
        _mm256_storeu_si256((__m256i *)(target + i), blend8(u0, l0, ka, kb));
        _mm256_storeu_si256((__m256i *)(target + i + 8), blend8(u1, l1, ka, kb));
    }
    if (i + 8 <= width) {
        _mm256_storeu_si256((__m256i *)(target + i), blend8(_mm256_loadu_si256((const __m256i *)(upper + i)),
                                                            _mm256_loadu_si256((const __m256i *)(lower + i)), ka, kb));
        i += 8;
    }
    for (; i < width; i++) target[i] = blend_pixel(upper[i], lower[i], a, b);
}

static const kernel_ops avx2_ops = {PIXEL_KERNEL_PATH_AVX2, scale_row_avx2, blend_row_avx2, copy_row_memcpy};

#endif

// MARK: - Choosing a path

static const kernel_ops *ops_for(pixel_kernel_path path) {
    switch (path) {
    case PIXEL_KERNEL_PATH_SCALAR: return &scalar_ops;
#if PIXEL_KERNEL_X86
    case PIXEL_KERNEL_PATH_SSE2: return &sse2_ops;
    case PIXEL_KERNEL_PATH_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") ? &avx2_ops : NULL;
    case PIXEL_KERNEL_PATH_AUTO:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") ? &avx2_ops : &sse2_ops;
#else
    case PIXEL_KERNEL_PATH_AUTO: return &scalar_ops;
#endif
    default: return NULL;
    }
}

/// The path in use; resolved at the first call (a race there resolves the same value twice).
static _Atomic(const kernel_ops *) current_ops;

static inline const kernel_ops *ops(void) {
    const kernel_ops *found = atomic_load_explicit(&current_ops, memory_order_acquire);
    if (__builtin_expect(found == NULL, 0)) {
        found = ops_for(PIXEL_KERNEL_PATH_AUTO);
        atomic_store_explicit(&current_ops, found, memory_order_release);
    }
    return found;
}

void pixel_kernel_scale_row(uint32_t *target, const uint32_t *source, const uint32_t *factors, size_t width) {
    ops()->scale_row(target, source, factors, width);
}

void pixel_kernel_blend_row(uint32_t *target, const uint32_t *upper, const uint32_t *lower, size_t width,
                            uint32_t upper_weight) {
    ops()->blend_row(target, upper, lower, width, upper_weight);
}

void pixel_kernel_copy_row(uint32_t *target, const uint32_t *source, size_t width) {
    ops()->copy_row(target, source, width);
}

int pixel_kernel_path_supported(pixel_kernel_path path) { return ops_for(path) != NULL; }

int pixel_kernel_force_path(pixel_kernel_path path) {
    const kernel_ops *chosen = ops_for(path);
    if (chosen == NULL) return -1;
    atomic_store_explicit(&current_ops, chosen, memory_order_release);
    return 0;
}

pixel_kernel_path pixel_kernel_current_path(void) { return ops()->path; }
