#!/usr/bin/env python3
"""Real XI2 touch without hardware: drives the inputtest touchscreen of `scripts/demo-xorg-touch`.

Usage (positions in screen px, times in ms):
  scripts/touch.py PIPE tap X Y
  scripts/touch.py PIPE swipe X0 Y X1 [DURATION_MS]      a drag from (X0, Y) to (X1, Y), then lift
  scripts/touch.py PIPE hold X0 Y X1 [DURATION_MS]       the same drag, lifting 0.5 s after the last move
PIPE is the command pipe that demo-xorg-touch prints. The inputtest driver serves one client per
device for the server's life, so demo-xorg-touch keeps one connection open
(`scripts/touch.py serve SOCKET PIPE`) and this passes commands to it. The wire format is Xorg's
xf86-input-inputtest-protocol.h (version 1.1); the screen is 1280x800 unless SWIPEBACK_SCREEN=WxH.
"""
import os, socket, struct, sys, time

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

def touch(s, kind, x, y, touch_id=1):
    values = [0.0] * 64
    values[0], values[1] = x * 65535 / W, y * 65535 / H
    body = struct.pack("<II", touch_id, kind) + struct.pack("<I", 0) + bytes([0b11] + [0] * 7) + b"\0" * 4
    body += struct.pack("<64d", *values) + struct.pack("<64d", *([0.0] * 64))
    s.sendall(header(8 + len(body), TOUCH) + body)
    s.sendall(header(8, WAIT_FOR_SYNC))
    s.recv(8)

def perform(s, words):
    if words[0] == "tap":
        x, y = float(words[1]), float(words[2])
        touch(s, BEGIN, x, y); time.sleep(0.04); touch(s, END, x, y)
        return
    x0, y, x1 = float(words[1]), float(words[2]), float(words[3])
    duration = float(words[4]) if len(words) > 4 else 150
    steps = max(2, int(duration / 8))
    touch(s, BEGIN, x0, y)
    for i in range(1, steps + 1):
        time.sleep(duration / steps / 1000)
        touch(s, UPDATE, x0 + (x1 - x0) * i / steps, y)
    if words[0] == "hold":
        time.sleep(0.5)
    touch(s, END, x1, y)

def serve(socket_path, pipe):
    s = connect(socket_path)
    while True:
        with open(pipe) as commands:  # blocks until a client writes
            for line in commands:
                words = line.split()
                if words:
                    try:
                        perform(s, words)
                    except (ValueError, IndexError) as error:
                        print("touch.py: bad command %r: %s" % (line.strip(), error), file=sys.stderr)

def main(argv):
    if len(argv) == 3 and argv[0] == "serve":
        serve(argv[1], argv[2])
        return
    if len(argv) < 4 or argv[1] not in ("tap", "swipe", "hold"):
        sys.exit(__doc__)
    with open(argv[0], "w") as pipe:
        pipe.write(" ".join(argv[1:]) + "\n")

if __name__ == "__main__":
    main(sys.argv[1:])
