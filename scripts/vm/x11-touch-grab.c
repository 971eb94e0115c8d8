// SPDX-License-Identifier: Apache-2.0
// link: -lX11 -lXi
// The test guest's stand-in for GNOME Shell on X11: holds the root window's passive touch grab
// (XIGrabTouchBegin for every master device) and rejects each touch as it begins, as a shell does
// with a touch that is not its gesture, so the touch goes on to the app under it. While it holds
// the grab, `swipeback system` cannot take it.
//
// Usage: x11-touch-grab      (on $DISPLAY; prints "grabbed" once it holds the grab, then runs
//                             until killed; status 1 when the display or the grab is refused)
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "x11-touch-grab: cannot open the display\n"); return 1; }
    int opcode, event, error, major = 2, minor = 2;
    if (!XQueryExtension(display, "XInputExtension", &opcode, &event, &error) || XIQueryVersion(display, &major, &minor) != Success) {
        fprintf(stderr, "x11-touch-grab: no XInput 2.2\n");
        return 1;
    }
    Window root = DefaultRootWindow(display);
    unsigned char bits[XIMaskLen(XI_LASTEVENT)];
    memset(bits, 0, sizeof bits);
    XISetMask(bits, XI_TouchBegin);
    XISetMask(bits, XI_TouchUpdate);
    XISetMask(bits, XI_TouchEnd);
    XIEventMask mask = { XIAllMasterDevices, sizeof bits, bits };
    XIGrabModifiers modifiers = { XIAnyModifier, 0 };
    if (XIGrabTouchBegin(display, XIAllMasterDevices, root, False, &mask, 1, &modifiers) != 0) {
        fprintf(stderr, "x11-touch-grab: the grab is refused\n");
        return 1;
    }
    XSync(display, False);
    printf("grabbed\n");
    fflush(stdout);
    for (;;) {
        XEvent e;
        XNextEvent(display, &e);
        if (e.xcookie.type != GenericEvent || e.xcookie.extension != opcode || !XGetEventData(display, &e.xcookie)) continue;
        if (e.xcookie.evtype == XI_TouchBegin) {
            XIDeviceEvent *touch = e.xcookie.data;
            XIAllowTouchEvents(display, touch->deviceid, (unsigned int)touch->detail, root, XIRejectTouch);
            printf("rejected %d\n", touch->detail);
            fflush(stdout);
        }
        XFreeEventData(display, &e.xcookie);
    }
}
