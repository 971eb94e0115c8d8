// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackFormats
import SwipeBackXTesting
import XCTest

/// `swipeback system` on an X11 session whose root touch grab another client holds, as GNOME Shell
/// does on X11: it falls back to being the session side of `swipeback input`. In the test VM:
/// Xorg (dummy video, libinput reading the service's twin and its keyboard and mouse), a stand-in
/// for the shell that holds the grab and rejects every touch (`scripts/vm/x11-touch-grab.c`), and
/// `xev` as the app (given a `WM_CLASS`), whose own log is the judge. One boot.
final class InputX11SessionVMTests: XCTestCase {
    /// A swipe held half way (the arrow checked), then committed; then a tap on the app.
    static let touches = """
        wait-file /test/go 200000
        down 0 1 3 400
        sync
        \((1...30).map { "wait 4\nmove 0 \(3 + $0 * 5) 400\nsync\n" }.joined())mark /test/mid
        wait-file /test/looked 60000
        \((1...5).map { "wait 8\nmove 0 \(153 + $0 * 50) 400\nsync\n" }.joined())wait 8
        up 0
        sync
        wait 500
        down 0 2 640 300
        sync
        wait 40
        up 0
        sync
        mark /test/done
        wait-file /test/end 60000

        """

    /// A 1280 x 800 dummy screen; input devices come from udev (the service's twin, keyboard and mouse).
    static let xorgConfiguration = XorgTouchServer.dummyScreen(width: 1280, height: 800) + "\n"

    static let script = """
        guest_udev
        uinput-touch --name "VM touchscreen" /test/touches.txt > "$RESULTS/node1.txt" 2> "$RESULTS/touch1.txt" &
        touch1=$!
        log="$RESULTS/input.jsonl"
        /test/swipeback input --event-log "$log" 2> "$RESULTS/input.err" &
        sw=$!
        wait_for '"taken"' "$log"
        Xorg :1 -config /test/xorg.conf -logfile "$RESULTS/Xorg.log" -noreset -nolisten tcp -novtswitch -sharevts -keeptty > /dev/null 2>&1 &
        xorg=$!
        wait_file /tmp/.X11-unix/X1
        export DISPLAY=:1
        x11-touch-grab > "$RESULTS/grab.txt" 2>&1 &
        grabber=$!
        wait_for 'grabbed' "$RESULTS/grab.txt"
        xev -geometry 1280x800+0+0 -event button > "$RESULTS/xev.txt" 2>&1 &
        app=$!
        sleep 2
        # xev names no class: the app gets one (WM_CLASS "xev"), as any toolkit's window has.
        win=$(xwininfo -name "Event Tester" | sed -n 's/.*Window id: \\(0x[0-9a-f]*\\).*/\\1/p')
        xprop -id "$win" -f WM_CLASS 8s -set WM_CLASS xev
        /test/swipeback system --event-log "$RESULTS/session.jsonl" 2> "$RESULTS/session.err" &
        side=$!
        wait_for '"connected"' "$RESULTS/session.jsonl"
        touch /test/go; wait_file /test/mid
        sleep 0.5
        xwininfo -name "SwipeBack system indicator" > "$RESULTS/during.txt" 2>&1
        touch /test/looked; wait_file /test/done
        sleep 1
        xwininfo -name "SwipeBack system indicator" > "$RESULTS/after.txt" 2>&1
        touch /test/end
        wait $touch1 || { echo "uinput-touch failed: $(cat "$RESULTS/touch1.txt")"; exit 4; }
        kill $side; wait $side; echo $? > "$RESULTS/session-status"
        kill $app $grabber
        kill -TERM $sw; wait $sw
        kill $xorg
        exit 0

        """

    func testTheSessionSideOnX11WithTheGrabHeldShowsTheArrowAndTheAppGoesBack() throws {
        let guest = try GuestVM(variant: .wayland)
        try guest.copy(try InputVMTests.releaseBinary(), as: "swipeback")
        try guest.write(Self.touches, as: "touches.txt")
        try guest.write(Self.xorgConfiguration, as: "xorg.conf")
        let run = try guest.run(script: Self.script, timeout: .seconds(400))
        print("InputX11SessionVMTests: the boot took \(run.wallTime.components.seconds) s wall time")
        XCTAssertEqual(run.status, 0, """
            the guest script failed: \(run.output)
            session: \(run.result("session.jsonl") ?? "") \(run.result("session.err") ?? "")
            grab: \(run.result("grab.txt") ?? "")
            log: \(run.result("input.jsonl") ?? "")
            Xorg: \(run.result("Xorg.log")?.suffix(2000) ?? "")
            """)
        guard run.status == 0 else { return }
        let session = EventLogReader.linesSoFar(try XCTUnwrap(run.result("session.jsonl")))
        let started = try XCTUnwrap(session.first { $0.string("event") == "started" })
        XCTAssertEqual(started.string("style"), "session", "the grab is held: the session side of the service")
        let held = try XCTUnwrap(session.first { $0.string("event") == "held" })
        XCTAssertEqual(held.bool("exclude"), false)
        XCTAssertEqual(held.string("sender"), "session", "on X11 the session sends the action itself")
        let app = try XCTUnwrap(held.string("app"), run.result("session.jsonl") ?? "")
        XCTAssertEqual(app.lowercased(), "xev", "the app under the touch, by its WM_CLASS")
        let sent = try XCTUnwrap(session.first { $0.string("event") == "sent" })
        XCTAssertEqual(sent.string("action"), "button:8")
        // The app got the back button from XTest, and then the tap (the stand-in shell rejected it).
        let xev = try XCTUnwrap(run.result("xev.txt"))
        let buttons = xev.components(separatedBy: "\n").filter { $0.contains("button ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(buttons.contains { $0.hasPrefix("state 0x0, button 8") || $0.contains("button 8,") }, "xev's buttons: \(buttons)")
        XCTAssertTrue(buttons.contains { $0.contains("button 1,") }, "the tap reached the app: \(buttons)")
        XCTAssertTrue(run.result("grab.txt")?.contains("rejected") == true, "the stand-in shell saw and rejected the tap")
        // The arrow: the indicator window was mapped mid-swipe and is gone after.
        XCTAssertTrue(run.result("during.txt")?.contains("Map State: IsViewable") == true, run.result("during.txt") ?? "")
        XCTAssertTrue(run.result("after.txt")?.contains("Map State: IsUnMapped") == true, run.result("after.txt") ?? "")
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("input.jsonl")))
        XCTAssertEqual(log.filter { $0.string("event") == "left" }.count, 1, "the service left the action to the session")
        XCTAssertEqual(log.filter { $0.string("event") == "sent" }.count, 0, "and sent none of its own")
        XCTAssertEqual(run.result("session-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "0", run.result("session.err") ?? "")
    }
}
