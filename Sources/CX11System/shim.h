// SPDX-License-Identifier: Apache-2.0
// The C side of `swipeback system` only: XTest sends back (a button or a key) to the app under a
// swipe, and XRender composes the page style's frames in the server. (SHAPE, for the overlay
// windows' empty input shape and the apps' input shapes, is CX11's.)
#ifndef SWIPEBACK_CX11SYSTEM_H
#define SWIPEBACK_CX11SYSTEM_H
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrender.h>
#endif
