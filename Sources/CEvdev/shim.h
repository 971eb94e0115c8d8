// SPDX-License-Identifier: Apache-2.0
// The C side of `swipeback input`: libevdev reads a touchscreen (multitouch slots, SYN_DROPPED
// resync) and makes the uinput twin and the virtual keyboard and mouse; libudev finds the
// touchscreens and follows hotplug; sd-login names the user of the seat's active session (who may
// connect to the session channel).
#ifndef SWIPEBACK_CEVDEV_H
#define SWIPEBACK_CEVDEV_H
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <libudev.h>
#include <systemd/sd-login.h>
#include <linux/input.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <time.h>
#endif
