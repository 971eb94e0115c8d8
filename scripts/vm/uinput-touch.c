// SPDX-License-Identifier: Apache-2.0
// uinput-touch: a multitouch touchscreen made with /dev/uinput, for the test guest (scripts/vm).
// It looks like a real one to the kernel, udev and libinput: INPUT_PROP_DIRECT, protocol B slots
// (ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y with a resolution), and the single-touch
// emulation a real driver sends beside them (BTN_TOUCH, ABS_X/ABS_Y of the first finger down).
//
// Usage: uinput-touch [--name NAME] [--size WIDTHxHEIGHT] [--resolution UNITS_PER_MM] [--slots N] [SCRIPT]
//   It prints the device node it got (`/dev/input/eventN`) on a line of its own, then plays SCRIPT
//   (standard input without one), one command a line (# starts a comment), and removes the device:
//     down SLOT ID X Y    a finger down in SLOT with tracking id ID at (X, Y) in device units
//     move SLOT X Y       the finger in SLOT moves to (X, Y)
//     up SLOT             the finger in SLOT lifts
//     sync                ends the frame (SYN_REPORT): what came since is one moment to the reader
//     wait MS             sleeps MS milliseconds
//     wait-file PATH [MS] waits until PATH exists (default at most 10000 ms; status 3 past that)
//     mark PATH           creates PATH (empty): tells the test the lines before it were played
//   Defaults: name "SwipeBack uinput touchscreen", size 1280x800 units, resolution 5 units/mm
//   (a 256 x 160 mm screen), 10 slots.
// Exit status: 0 done, 1 a system call failed (message on stderr), 2 a bad argument or script line,
// 3 wait-file timed out.
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "uinput-device.h"

#define MAX_SLOTS 16

static int slots = 10;
static int tracking[MAX_SLOTS]; // -1: no finger in the slot
static int position[MAX_SLOTS][2];
static int down_order[MAX_SLOTS]; // when each finger went down (higher is later), for the emulation
static int next_order = 1;
static int touching = 0; // BTN_TOUCH as last reported

static void bad(int line, const char *format, ...) {
    va_list args;
    va_start(args, format);
    fprintf(stderr, "uinput-touch: line %d: ", line);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(2);
}

// Prints the device's event node on a line of its own.
static void print_node(void) {
    char node[300];
    find_node(node, sizeof node);
    printf("%s\n", node);
    fflush(stdout);
}

// BTN_TOUCH and ABS_X/ABS_Y as a real driver reports them (input_mt_report_pointer_emulation):
// the oldest finger down drives the single-touch axes.
static void pointer_emulation(void) {
    int oldest = -1;
    for (int s = 0; s < slots; s++) {
        if (tracking[s] >= 0 && (oldest < 0 || down_order[s] < down_order[oldest])) oldest = s;
    }
    int now_touching = oldest >= 0;
    if (now_touching != touching) {
        emit(EV_KEY, BTN_TOUCH, now_touching);
        touching = now_touching;
    }
    if (oldest >= 0) {
        emit(EV_ABS, ABS_X, position[oldest][0]);
        emit(EV_ABS, ABS_Y, position[oldest][1]);
    }
}

static int checked_slot(int line, int slot) {
    if (slot < 0 || slot >= slots) bad(line, "slot %d is not in 0...%d", slot, slots - 1);
    return slot;
}

int main(int argc, char **argv) {
    program = "uinput-touch";
    const char *name = "SwipeBack uinput touchscreen";
    int width = 1280, height = 800, resolution = 5;
    const char *script = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--name") == 0 && i + 1 < argc) name = argv[++i];
        else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &width, &height) != 2 || width < 2 || height < 2) {
                fprintf(stderr, "uinput-touch: --size wants WIDTHxHEIGHT, like 1280x800\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--resolution") == 0 && i + 1 < argc) resolution = atoi(argv[++i]);
        else if (strcmp(argv[i], "--slots") == 0 && i + 1 < argc) slots = atoi(argv[++i]);
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "usage: uinput-touch [--name NAME] [--size WIDTHxHEIGHT] [--resolution UNITS_PER_MM] [--slots N] [SCRIPT]\n");
            return 2;
        } else script = argv[i];
    }
    if (slots < 1 || slots > MAX_SLOTS) {
        fprintf(stderr, "uinput-touch: --slots must be in 1...%d\n", MAX_SLOTS);
        return 2;
    }
    FILE *input = stdin;
    if (script && strcmp(script, "-") != 0 && !(input = fopen(script, "r"))) die(script);

    fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd == -1) die("open /dev/uinput (modprobe uinput; root)");
    xioctl(UI_SET_EVBIT, EV_SYN, "UI_SET_EVBIT");
    xioctl(UI_SET_EVBIT, EV_KEY, "UI_SET_EVBIT");
    xioctl(UI_SET_KEYBIT, BTN_TOUCH, "UI_SET_KEYBIT");
    xioctl(UI_SET_EVBIT, EV_ABS, "UI_SET_EVBIT");
    xioctl(UI_SET_PROPBIT, INPUT_PROP_DIRECT, "UI_SET_PROPBIT");
    abs_setup(ABS_X, width - 1, resolution);
    abs_setup(ABS_Y, height - 1, resolution);
    abs_setup(ABS_MT_SLOT, slots - 1, 0);
    abs_setup(ABS_MT_TRACKING_ID, 65535, 0);
    abs_setup(ABS_MT_POSITION_X, width - 1, resolution);
    abs_setup(ABS_MT_POSITION_Y, height - 1, resolution);
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_USB;
    setup.id.vendor = 0x1d6b; // the Linux Foundation's id, as other virtual devices use
    setup.id.product = 0x5b01;
    setup.id.version = 1;
    snprintf(setup.name, sizeof setup.name, "%s", name);
    if (ioctl(fd, UI_DEV_SETUP, &setup) == -1) die("UI_DEV_SETUP");
    xioctl(UI_DEV_CREATE, 0, "UI_DEV_CREATE");
    for (int s = 0; s < MAX_SLOTS; s++) tracking[s] = -1;
    print_node();

    char text[512];
    int line = 0, current_slot = 0;
    while (fgets(text, sizeof text, input)) {
        line++;
        char *hash = strchr(text, '#');
        if (hash) *hash = 0;
        char word[32], path[400];
        int a, b, c, d;
        if (sscanf(text, "%31s", word) != 1) continue;
        if (strcmp(word, "down") == 0) {
            if (sscanf(text, "%*s %d %d %d %d", &a, &b, &c, &d) != 4) bad(line, "down SLOT ID X Y");
            int s = checked_slot(line, a);
            if (tracking[s] >= 0) bad(line, "slot %d already has a finger", s);
            if (s != current_slot) emit(EV_ABS, ABS_MT_SLOT, current_slot = s);
            emit(EV_ABS, ABS_MT_TRACKING_ID, tracking[s] = b);
            emit(EV_ABS, ABS_MT_POSITION_X, position[s][0] = c);
            emit(EV_ABS, ABS_MT_POSITION_Y, position[s][1] = d);
            down_order[s] = next_order++;
        } else if (strcmp(word, "move") == 0) {
            if (sscanf(text, "%*s %d %d %d", &a, &c, &d) != 3) bad(line, "move SLOT X Y");
            int s = checked_slot(line, a);
            if (tracking[s] < 0) bad(line, "slot %d has no finger to move", s);
            if (s != current_slot) emit(EV_ABS, ABS_MT_SLOT, current_slot = s);
            emit(EV_ABS, ABS_MT_POSITION_X, position[s][0] = c);
            emit(EV_ABS, ABS_MT_POSITION_Y, position[s][1] = d);
        } else if (strcmp(word, "up") == 0) {
            if (sscanf(text, "%*s %d", &a) != 1) bad(line, "up SLOT");
            int s = checked_slot(line, a);
            if (tracking[s] < 0) bad(line, "slot %d has no finger to lift", s);
            if (s != current_slot) emit(EV_ABS, ABS_MT_SLOT, current_slot = s);
            emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
            tracking[s] = -1;
        } else if (strcmp(word, "sync") == 0) {
            pointer_emulation();
            emit(EV_SYN, SYN_REPORT, 0);
        } else if (strcmp(word, "wait") == 0) {
            if (sscanf(text, "%*s %d", &a) != 1 || a < 0) bad(line, "wait MS");
            sleep_ms(a);
        } else if (strcmp(word, "wait-file") == 0) {
            int timeout = 10000;
            if (sscanf(text, "%*s %399s %d", path, &timeout) < 1) bad(line, "wait-file PATH [MS]");
            int waited = 0;
            while (access(path, F_OK) != 0) {
                if (waited >= timeout) {
                    fprintf(stderr, "uinput-touch: line %d: %s did not appear in %d ms\n", line, path, timeout);
                    return 3;
                }
                sleep_ms(10);
                waited += 10;
            }
        } else if (strcmp(word, "mark") == 0) {
            if (sscanf(text, "%*s %399s", path) != 1) bad(line, "mark PATH");
            int marker = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
            if (marker == -1) die(path);
            close(marker);
        } else {
            bad(line, "unknown command %s (down, move, up, sync, wait, wait-file, mark)", word);
        }
    }
    ioctl(fd, UI_DEV_DESTROY);
    close(fd);
    return 0;
}
