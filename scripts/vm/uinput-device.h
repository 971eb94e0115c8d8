// SPDX-License-Identifier: Apache-2.0
// What the test guest's C helpers (scripts/vm: uinput-touch, input-latency) share: the uinput
// device they make, written one event at a time, its axes set up, and its event node found.
// Each helper sets `program` (for messages) and opens /dev/uinput into `fd`.
#ifndef SWIPEBACK_UINPUT_DEVICE_H
#define SWIPEBACK_UINPUT_DEVICE_H
#include <dirent.h>
#include <errno.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static const char *program = "uinput";
static int fd = -1; // /dev/uinput, the device being made

// Ends the helper with status 1 and one line naming what failed and errno's reason.
static void die(const char *what) {
    fprintf(stderr, "%s: %s: %s\n", program, what, strerror(errno));
    exit(1);
}

// Writes one event to the device.
static void emit(int type, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = type;
    event.code = code;
    event.value = value;
    if (write(fd, &event, sizeof event) != sizeof event) die("write to /dev/uinput");
}

// Sleeps `ms` milliseconds, through signals.
static void sleep_ms(long ms) {
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&t, &t) == -1 && errno == EINTR) {}
}

static void xioctl(unsigned long request, long argument, const char *what) {
    if (ioctl(fd, request, argument) == -1) die(what);
}

// Gives the device absolute axis `code`, 0...maximum, `resolution` units per mm (0: none).
static void abs_setup(int code, int maximum, int resolution) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = code;
    setup.absinfo.minimum = 0;
    setup.absinfo.maximum = maximum;
    setup.absinfo.resolution = resolution;
    xioctl(UI_SET_ABSBIT, code, "UI_SET_ABSBIT");
    if (ioctl(fd, UI_ABS_SETUP, &setup) == -1) die("UI_ABS_SETUP");
}

// The event node of the device just created (/sys/devices/virtual/input/<sysname>/eventN), once
// udev or devtmpfs has made it, into `node` (`size` bytes); at most 5 s, then status 1.
static void find_node(char *node, size_t size) {
    char sysname[64] = "";
    if (ioctl(fd, UI_GET_SYSNAME(sizeof sysname), sysname) == -1) die("UI_GET_SYSNAME");
    char path[160];
    snprintf(path, sizeof path, "/sys/devices/virtual/input/%s", sysname);
    for (int attempt = 0; attempt < 500; attempt++) {
        DIR *dir = opendir(path);
        if (!dir) die(path);
        struct dirent *entry;
        node[0] = 0;
        while ((entry = readdir(dir))) {
            if (strncmp(entry->d_name, "event", 5) == 0) snprintf(node, size, "/dev/input/%s", entry->d_name);
        }
        closedir(dir);
        if (node[0] && access(node, F_OK) == 0) return;
        sleep_ms(10);
    }
    errno = ETIMEDOUT;
    die("no /dev/input/eventN appeared for the device in 5 s");
}
#endif
