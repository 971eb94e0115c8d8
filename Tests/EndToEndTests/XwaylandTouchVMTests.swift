// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackFormats
import SwipeBackXTesting
import XCTest

/// SwipeBack's own window under Xwayland with a compositor's real input: sway 1.7 in the test VM
/// (virtio-gpu, pixman) reads the uinput touchscreen through libinput and passes its touches to
/// Xwayland, which gives them to the demo as XInput 2.2 touch events (no XTest anywhere). One boot.
final class XwaylandTouchVMTests: XCTestCase {
    /// A tap on the page, then a swipe from the window's left edge at height 300, 8 ms a step.
    static let touches = """
        wait-file /test/go 200000
        down 0 1 3 300
        sync
        \((1...12).map { "wait 8\nmove 0 \(3 + $0 * 40) 300\nsync\n" }.joined())wait 8
        up 0
        sync
        mark /test/done
        wait-file /test/end 60000

        """

    /// sway as user 1000 with Xwayland started at once; the demo floats at the output's top left
    /// (900 x 600: one stack shows, its leading edge the window's), as an X client of sway's Xwayland, started by sway (`swaymsg exec`).
    static let script = """
        guest_udev
        modprobe virtio_gpu
        udevadm settle
        uinput-touch --name "VM touchscreen" /test/touches.txt > "$RESULTS/node1.txt" 2> "$RESULTS/touch1.txt" &
        touch1=$!
        export XDG_RUNTIME_DIR=/run/user/1000
        chmod 777 "$RESULTS"
        mkdir -p $XDG_RUNTIME_DIR /tmp/home && chown 1000:44 $XDG_RUNTIME_DIR /tmp/home && chmod 700 $XDG_RUNTIME_DIR
        seatd -g video > "$RESULTS/seatd.log" 2>&1 &
        wait_file /run/seatd.sock
        as_user() { HOME=/tmp/home exec setpriv --reuid=1000 --regid=44 --clear-groups "$@"; }
        ( export LIBSEAT_BACKEND=seatd WLR_BACKENDS=drm,libinput WLR_RENDERER=pixman; as_user sway -c /test/sway.conf ) > "$RESULTS/sway.log" 2>&1 &
        compositor=$!
        wait_file /tmp/.X11-unix/X0
        # Started by sway itself (swaymsg exec), so it has the DISPLAY and X authority sway gives its apps.
        ipc=$(ls $XDG_RUNTIME_DIR/sway-ipc.*.sock | head -1)
        ( as_user swaymsg -s "$ipc" exec /test/demo.sh ) > "$RESULTS/swaymsg.txt"
        i=0
        until grep -q '"frame"' "$RESULTS/demo.jsonl" 2> /dev/null; do
          i=$((i + 1))
          if [ $i -gt 600 ]; then
            ps -ef > "$RESULTS/ps.txt"; tr '\\0' ' ' < /proc/$(pgrep -x Xwayland | head -1)/cmdline > "$RESULTS/xwayland.txt" 2>&1
            echo "no frame from the demo in 60 s"; exit 3
          fi
          sleep 0.1
        done
        demo=$(pgrep -f "swipeback demo")
        sleep 2
        touch /test/go; wait_file /test/done
        wait_for '"op": "pop"' "$RESULTS/demo.jsonl"
        touch /test/end
        wait $touch1 || { echo "uinput-touch failed: $(cat "$RESULTS/touch1.txt")"; exit 4; }
        kill $demo
        kill $compositor
        exit 0

        """

    func testTheDemoUnderXwaylandInSwayPopsOnATouchEdgeSwipe() throws {
        let guest = try GuestVM(variant: .wayland)
        try guest.copy(try InputVMTests.releaseBinary(), as: "swipeback")
        try guest.copy(Paths.repository.appendingPathComponent("Assets"), as: "Assets")
        try guest.write(Self.touches, as: "touches.txt")
        try guest.write("""
            default_border none
            xwayland force
            for_window [title="^SwipeBack"] floating enable, move position 0 0

            """, as: "sway.conf")
        // A script of its own: sway's command parser would split the page list at its commas.
        try guest.write("""
            #!/bin/sh
            SWIPEBACK_ASSETS=/test/Assets exec /test/swipeback demo --open home,message,reply --window 900x600 \\
              --log-frames --event-log /test/results/demo.jsonl 2> /test/results/demo.err

            """, as: "demo.sh", executable: true)
        let run = try guest.run(script: Self.script, timeout: .seconds(400), gpu: true)
        print("XwaylandTouchVMTests: the boot took \(run.wallTime.components.seconds) s wall time")
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)\ndemo:\n\(run.result("demo.err") ?? "")\n\(run.result("demo.jsonl")?.suffix(3000) ?? "")\nswaymsg: \(run.result("swaymsg.txt") ?? "")\nps:\n\(run.result("ps.txt") ?? "")\nXwayland: \(run.result("xwayland.txt") ?? "")\nsway:\n\(run.result("sway.log")?.suffix(3000) ?? "")")
        guard run.status == 0 else { return }
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("demo.jsonl")))
        // The compositor's touch, through Xwayland, swiped the top page away.
        let gestures = log.filter { $0.string("type") == "gesture" }
        XCTAssertEqual(gestures.first?.string("phase"), "began")
        XCTAssertEqual(gestures.last?.string("decision"), "commit")
        let stacks = log.filter { $0.string("type") == "stack" && $0.string("op") == "pop" }
        XCTAssertEqual(stacks.count, 1)
        XCTAssertEqual(stacks.first?.strings("pages"), ["home", "message"])
        XCTAssertEqual(run.result("demo.err"), "", "nothing on standard error")
    }
}
