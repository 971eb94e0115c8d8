// The C side of the X11 layer: Xlib, XInput2, the shared-memory extension, RandR, MIT-SCREEN-SAVER and DPMS (XTest and XFixes are the tests', in CX11Testing).
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
#include <poll.h>
#include <sys/ipc.h>
#include <sys/shm.h>

// XISetMask and XIMaskLen are macros.
static inline void swipeback_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int swipeback_xi_mask_len(int event) { return XIMaskLen(event); }
static inline int swipeback_xi_mask_is_set(const unsigned char *mask, int bit) { return XIMaskIsSet(mask, bit); }

// XDestroyImage is a macro over a function pointer.
static inline void swipeback_destroy_image(XImage *image) { XDestroyImage(image); }
#endif
