// SPDX-License-Identifier: Apache-2.0
// input-latency: times touches from a uinput touchscreen to a reader, in the test guest
// (scripts/vm), for `swipeback-live-bench --input`. It makes a touchscreen named NAME (1280 x 800
// units at 5 units/mm, 10 slots, protocol B), then for each phase writes touches and times, on
// CLOCK_MONOTONIC, from the write of the frame that matters to the reader's SYN_REPORT of the frame
// that shows it:
//   direct COUNT        taps in the middle, read from the device's own node (no one between)
//   pass COUNT NODE     taps in the middle, read from NODE (the twin swipeback input made)
//   reject COUNT NODE   edge touches that move vertically: from the write of the move that
//                       decides them to the twin's first frame of the touch (its replayed down)
//   wait-file PATH      waits until PATH exists (at most 120 s)
//   mark PATH           creates PATH
// Phases come one a line on standard input. It prints each timing as `PHASE MICROSECONDS` and
// the device node it made first, as `node /dev/input/eventN`.
// Exit status: 0 done, 1 a system call failed, 2 a bad line, 3 a wait timed out.
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "uinput-device.h"

static int next_id = 1;

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void down(int x, int y) {
    emit(EV_ABS, ABS_MT_SLOT, 0);
    emit(EV_ABS, ABS_MT_TRACKING_ID, next_id++);
    emit(EV_ABS, ABS_MT_POSITION_X, x);
    emit(EV_ABS, ABS_MT_POSITION_Y, y);
    emit(EV_KEY, BTN_TOUCH, 1);
    emit(EV_ABS, ABS_X, x);
    emit(EV_ABS, ABS_Y, y);
    emit(EV_SYN, SYN_REPORT, 0);
}

static void move(int x, int y) {
    emit(EV_ABS, ABS_MT_SLOT, 0);
    emit(EV_ABS, ABS_MT_POSITION_X, x);
    emit(EV_ABS, ABS_MT_POSITION_Y, y);
    emit(EV_ABS, ABS_X, x);
    emit(EV_ABS, ABS_Y, y);
    emit(EV_SYN, SYN_REPORT, 0);
}

static void up(void) {
    emit(EV_ABS, ABS_MT_SLOT, 0);
    emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
    emit(EV_KEY, BTN_TOUCH, 0);
    emit(EV_SYN, SYN_REPORT, 0);
}

// Reads `reader` until a frame that has a new contact (a tracking id of 0 or more) ends; returns
// when it did, µs; 3 s without one is a timeout (exit 3).
static double until_down(int reader) {
    int saw = 0;
    for (;;) {
        struct pollfd p = {reader, POLLIN, 0};
        if (poll(&p, 1, 3000) <= 0) { fprintf(stderr, "input-latency: no touch arrived in 3 s\n"); exit(3); }
        struct input_event event;
        while (read(reader, &event, sizeof event) == sizeof event) {
            if (event.type == EV_ABS && event.code == ABS_MT_TRACKING_ID && event.value >= 0) saw = 1;
            if (event.type == EV_SYN && event.code == SYN_REPORT && saw) return now_us();
        }
    }
}

// Reads what is waiting on `reader` within `ms`, and drops it.
static void drain(int reader, int ms) {
    struct pollfd p = {reader, POLLIN, 0};
    struct input_event event;
    while (poll(&p, 1, ms) > 0) while (read(reader, &event, sizeof event) == sizeof event) {}
}

int main(int argc, char **argv) {
    program = "input-latency";
    const char *name = argc > 1 ? argv[1] : "SwipeBack bench touchscreen";
    fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) die("/dev/uinput");
    ioctl(fd, UI_SET_EVBIT, EV_SYN);
    ioctl(fd, UI_SET_EVBIT, EV_KEY);
    ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(fd, UI_SET_EVBIT, EV_ABS);
    ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    abs_setup(ABS_X, 1279, 5);
    abs_setup(ABS_Y, 799, 5);
    abs_setup(ABS_MT_SLOT, 9, 0);
    abs_setup(ABS_MT_TRACKING_ID, 65535, 0);
    abs_setup(ABS_MT_POSITION_X, 1279, 5);
    abs_setup(ABS_MT_POSITION_Y, 799, 5);
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    snprintf(setup.name, sizeof setup.name, "%s", name);
    if (ioctl(fd, UI_DEV_SETUP, &setup) == -1) die("UI_DEV_SETUP");
    if (ioctl(fd, UI_DEV_CREATE) == -1) die("UI_DEV_CREATE");
    char node[300];
    find_node(node, sizeof node);
    printf("node %s\n", node);
    fflush(stdout);
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        char phase[32], arg[256] = "", reader_path[256] = "";
        int count = 0;
        if (sscanf(line, "%31s", phase) != 1) continue;
        if (!strcmp(phase, "wait-file")) {
            sscanf(line, "%*s %255s", arg);
            int waited = 0;
            struct stat st;
            while (stat(arg, &st) != 0) { if (++waited > 12000) return 3; sleep_ms(10); }
            continue;
        }
        if (!strcmp(phase, "mark")) {
            sscanf(line, "%*s %255s", arg);
            close(open(arg, O_CREAT | O_WRONLY, 0644));
            continue;
        }
        if (sscanf(line, "%*s %d %255s", &count, reader_path) < 1 || count <= 0) { fprintf(stderr, "input-latency: bad line: %s", line); return 2; }
        const char *read_from = strcmp(phase, "direct") ? reader_path : node;
        int reader = open(read_from, O_RDONLY | O_NONBLOCK);
        if (reader < 0) die(read_from);
        drain(reader, 0);
        for (int i = 0; i < count; i++) {
            double start;
            if (!strcmp(phase, "reject")) {
                down(10, 200 + (i % 20) * 25);
                sleep_ms(8);
                start = now_us();
                move(10, 200 + (i % 20) * 25 + 40); // 8 mm down: vertical, which gives it to the twin
            } else {
                start = now_us();
                down(640, 400);
            }
            double end = until_down(reader);
            printf("%s %.1f\n", phase, end - start);
            sleep_ms(5);
            up();
            drain(reader, 20);
            sleep_ms(10);
        }
        fflush(stdout);
        close(reader);
    }
    ioctl(fd, UI_DEV_DESTROY);
    return 0;
}
