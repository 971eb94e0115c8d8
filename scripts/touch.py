#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Real XI2 touch without hardware: drives the inputtest touchscreen of `scripts/demo-xorg-touch`.

Usage (positions in screen px, times in ms):
  scripts/touch.py PIPE tap X Y
  scripts/touch.py PIPE swipe X0 Y X1 [DURATION_MS]      a drag from (X0, Y) to (X1, Y), then lift
  scripts/touch.py PIPE hold X0 Y X1 [DURATION_MS]       the same drag, lifting 0.5 s after the last move
PIPE is the command pipe that demo-xorg-touch prints. The inputtest driver serves one client per
device at a time, so demo-xorg-touch keeps one connection open
(`scripts/touch.py serve SOCKET PIPE`) and this passes commands to it. Each command is its own
finger: run two at once (`... hold ... & ... tap ...`) for a second finger during a swipe. A
command returns when its gesture is done. The wire format is Xorg's
xf86-input-inputtest-protocol.h (version 1.1); the screen is 1280x800 unless SWIPEBACK_SCREEN=WxH.
"""
import os, socket, stat, struct, sys, tempfile, threading, time

W, H = (int(v) for v in os.environ.get("SWIPEBACK_SCREEN", "1280x800").split("x"))
CLIENT_VERSION, WAIT_FOR_SYNC, TOUCH = 0, 1, 6
BEGIN, UPDATE, END = 18, 19, 20  # XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd

def header(length, kind):
    return struct.pack("<Ii", length, kind)

def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    s.sendall(header(12, CLIENT_VERSION) + struct.pack("<HH", 1, 1))
    s.recv(12)
    return s

LOCK = threading.Lock()  # one event at a time on the socket, fingers interleaved

def touch(s, kind, x, y, touch_id=1):
    values = [0.0] * 64
    values[0], values[1] = x * 65535 / W, y * 65535 / H
    body = struct.pack("<II", touch_id, kind) + struct.pack("<I", 0) + bytes([0b11] + [0] * 7) + b"\0" * 4
    body += struct.pack("<64d", *values) + struct.pack("<64d", *([0.0] * 64))
    with LOCK:
        s.sendall(header(8 + len(body), TOUCH) + body)
        s.sendall(header(8, WAIT_FOR_SYNC))
        s.recv(8)

def parse(words):
    """(kind, numbers) for a command, or raises ValueError with what was expected."""
    kind, numbers = words[0], [float(w) for w in words[1:]]
    wanted = {"tap": (2, 2), "swipe": (3, 4), "hold": (3, 4)}.get(kind)
    if wanted is None or not wanted[0] <= len(numbers) <= wanted[1]:
        raise ValueError("expected tap X Y, swipe X0 Y X1 [MS] or hold X0 Y X1 [MS]")
    return kind, numbers

def duration_seconds(kind, numbers):
    """How long a command's gesture takes, so the client can wait for it."""
    if kind == "tap":
        return 0.04
    return (numbers[3] if len(numbers) > 3 else 150) / 1000 + (0.5 if kind == "hold" else 0)

# Fingers run in threads of their own over one socket: one event (and its sync) at a time.
SOCKET_LOCK = threading.Lock()

def locked_touch(s, kind, x, y, touch_id):
    with SOCKET_LOCK:
        touch(s, kind, x, y, touch_id)

def perform(s, words, touch_id, done_path=None):
    try:
        kind, n = parse(words)
        if kind == "tap":
            locked_touch(s, BEGIN, n[0], n[1], touch_id); time.sleep(0.04); locked_touch(s, END, n[0], n[1], touch_id)
            return
        x0, y, x1 = n[0], n[1], n[2]
        duration = n[3] if len(n) > 3 else 150
        steps = max(2, int(duration / 8))
        start = time.monotonic()
        locked_touch(s, BEGIN, x0, y, touch_id)
        for i in range(1, steps + 1):
            # Each move at its planned time, so the socket's own time does not stretch the gesture.
            delay = start + duration / 1000 * i / steps - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            locked_touch(s, UPDATE, x0 + (x1 - x0) * i / steps, y, touch_id)
        if kind == "hold":
            time.sleep(0.5)
        locked_touch(s, END, x1, y, touch_id)
    finally:
        if done_path:
            open(done_path, "w").close()

def serve(socket_path, pipe):
    s = connect(socket_path)
    next_id = 1
    while True:
        with open(pipe) as commands:  # blocks until a client writes
            for line in commands:
                words = line.split()
                done = [w[5:] for w in words if w.startswith("done=")]
                words = [w for w in words if not w.startswith("done=")]
                if not words:
                    continue
                # Each command is a finger of its own, running beside any others.
                threading.Thread(target=perform, args=(s, words, next_id, done[0] if done else None), daemon=True).start()
                next_id = next_id % 1000 + 1

def main(argv):
    if len(argv) == 3 and argv[0] == "serve":
        serve(argv[1], argv[2])
        return
    if len(argv) < 2:
        sys.exit(__doc__)
    try:
        kind, numbers = parse(argv[1:])
    except ValueError as error:
        sys.exit("touch.py: %s: %s" % (" ".join(argv[1:]), error))
    if not os.path.exists(argv[0]) or not stat.S_ISFIFO(os.stat(argv[0]).st_mode):
        sys.exit("touch.py: %s is not the command pipe demo-xorg-touch printed" % argv[0])
    done_path = os.path.join(tempfile.gettempdir(), "touch-done-%d-%d" % (os.getpid(), time.monotonic_ns()))
    with open(argv[0], "w") as pipe:
        pipe.write(" ".join(argv[1:]) + " done=" + done_path + "\n")
    # Returns when the server has lifted the finger.
    deadline = time.monotonic() + duration_seconds(kind, numbers) + 10
    while not os.path.exists(done_path):
        if time.monotonic() > deadline:
            sys.exit("touch.py: the touch server did not finish the gesture (is demo-xorg-touch running?)")
        time.sleep(0.005)
    os.unlink(done_path)

if __name__ == "__main__":
    main(sys.argv[1:])
