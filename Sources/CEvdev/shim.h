// SPDX-License-Identifier: Apache-2.0
// The C side of `swipeback input`: libevdev reads a touchscreen (multitouch slots, SYN_DROPPED
// resync) and makes the uinput twin and the virtual keyboard and mouse; libudev finds the
// touchscreens and follows hotplug.
#ifndef SWIPEBACK_CEVDEV_H
#define SWIPEBACK_CEVDEV_H
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <libudev.h>
#include <linux/input.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <time.h>
#endif
