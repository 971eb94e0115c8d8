// SPDX-License-Identifier: Apache-2.0
// The C side of the X11 layer: Xlib, XInput2, the shared-memory extension, RandR, MIT-SCREEN-SAVER, DPMS, and Present with XFixes regions (XTest is the tests', in CX11Testing).
#ifndef SWIPEBACK_CX11_SHIM_H
#define SWIPEBACK_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/XF86keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/scrnsaver.h>
#include <X11/extensions/dpms.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/shape.h>
#include <X11/extensions/Xpresent.h>
#include <stdint.h>
#include <string.h>
#include <poll.h>
#include <sys/ipc.h>
#include <sys/shm.h>

// XISetMask and XIMaskLen are macros.
static inline void swipeback_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int swipeback_xi_mask_len(int event) { return XIMaskLen(event); }
static inline int swipeback_xi_mask_is_set(const unsigned char *mask, int bit) { return XIMaskIsSet(mask, bit); }

// XDestroyImage is a macro over a function pointer.
static inline void swipeback_destroy_image(XImage *image) { XDestroyImage(image); }

// The smallest rectangle holding every pixel where frames `a` and `b` differ (both `width` x
// `height` 32-bit pixels, rows `stride` bytes apart): box = {x0, y0, x1, y1}, exclusive ends.
// Returns 0 (box untouched) when the frames are equal. Rows are compared with memcmp, and a row's
// ends in blocks of 16 pixels, each side only as far as the box so far does not reach; it stops
// once the box is the whole width. A small change costs one read of both frames outside its box.
static inline int swipeback_diff_box(const void *a, const void *b, int stride, int width, int height, int box[4]) {
    const unsigned char *pa = (const unsigned char *)a, *pb = (const unsigned char *)b;
    size_t row = (size_t)width * 4;
    int top = 0, bottom = height;
    while (top < height && memcmp(pa + (size_t)top * stride, pb + (size_t)top * stride, row) == 0) top++;
    if (top == height) return 0;
    while (bottom > top + 1 && memcmp(pa + (size_t)(bottom - 1) * stride, pb + (size_t)(bottom - 1) * stride, row) == 0) bottom--;
    int left = width, right = 0;
    enum { block = 16 };
    for (int y = top; y < bottom && (left > 0 || right < width); y++) {
        const uint32_t *ra = (const uint32_t *)(pa + (size_t)y * stride), *rb = (const uint32_t *)(pb + (size_t)y * stride);
        int x = 0;
        while (x + block <= left && memcmp(ra + x, rb + x, block * 4) == 0) x += block;
        while (x < left && ra[x] == rb[x]) x++;
        if (x < left) left = x;
        int z = width;
        while (z - block >= right && memcmp(ra + z - block, rb + z - block, block * 4) == 0) z -= block;
        while (z > right && ra[z - 1] == rb[z - 1]) z--;
        if (z > right) right = z;
    }
    if (right <= left) return 0;
    box[0] = left; box[1] = top; box[2] = right; box[3] = bottom;
    return 1;
}
#endif
