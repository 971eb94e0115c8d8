// SPDX-License-Identifier: Apache-2.0
// The C side of the test tools only: XTest injects input, XFixes reads the cursor back, SHAPE
// gives a test client an input shape. The shipped program does not link these (CX11 has what the
// window needs).
#ifndef SWIPEBACK_CX11TESTING_SHIM_H
#define SWIPEBACK_CX11TESTING_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/shape.h>
#endif
