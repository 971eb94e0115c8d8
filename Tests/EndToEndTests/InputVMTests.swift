// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackFormats
import SwipeBackXTesting
import XCTest

/// `swipeback input` on a real kernel (the test VM: Debian 12's kernel under QEMU, `GuestVM`): a
/// uinput touchscreen scripted in the guest is the hardware, and libinput (`libinput debug-events`,
/// what every Wayland compositor reads devices through) is the judge. One boot for all of it.
///
/// The touchscreen is 1280 x 800 units at 5 units/mm (256 x 160 mm): the 6 mm strip is 30 units,
/// two slops (4.2 mm) accept at 21 units inward, the 20 mm commit distance is 100 units.
final class InputVMTests: XCTestCase {
    /// The basic phase's touches (a to g), each decision once: what libinput, and a Wayland
    /// client under weston and sway (`InputWaylandVMTests`), must see of them is the same.
    static let basicTouches = """
        # a. A tap in the middle.
        down 0 1 640 400
        sync
        wait 40
        up 0
        sync
        wait 100
        # b. A drag in the middle: five moves.
        down 0 2 600 300
        sync
        wait 16
        move 0 620 300
        sync
        wait 16
        move 0 640 300
        sync
        wait 16
        move 0 660 300
        sync
        wait 16
        move 0 680 300
        sync
        wait 16
        move 0 700 300
        sync
        wait 16
        up 0
        sync
        wait 100
        # c. A fast edge swipe.
        down 0 3 3 400
        sync
        wait 8
        move 0 40 400
        sync
        wait 8
        move 0 100 400
        sync
        wait 8
        move 0 180 400
        sync
        wait 8
        move 0 260 400
        sync
        wait 8
        move 0 340 400
        sync
        wait 8
        up 0
        sync
        wait 300
        # d. A short slow edge drag: accepted at 30, then slowly to 60 (12 mm), held, lifted.
        down 0 4 3 500
        sync
        wait 8
        move 0 30 500
        sync
        wait 80
        move 0 40 500
        sync
        wait 80
        move 0 50 500
        sync
        wait 80
        move 0 60 500
        sync
        wait 150
        up 0
        sync
        wait 100
        # e. A vertical drag in the strip.
        down 0 5 10 300
        sync
        wait 8
        move 0 10 310
        sync
        wait 8
        move 0 10 320
        sync
        wait 8
        move 0 10 330
        sync
        wait 8
        move 0 10 340
        sync
        wait 8
        up 0
        sync
        wait 100
        # f. A tap in the strip.
        down 0 6 5 600
        sync
        wait 40
        up 0
        sync
        wait 100
        # g. A second finger while an edge touch is held: both pass.
        down 0 7 5 200
        sync
        wait 30
        down 1 8 640 400
        sync
        wait 16
        move 1 660 400
        sync
        wait 16
        up 1
        sync
        wait 16
        up 0
        sync

        """

    /// The first touchscreen's script, in phases the guest starts (`wait-file`) and the helper
    /// reports done (`mark`).
    static let touches = """
        wait-file /test/go-basic 120000
        \(basicTouches)mark /test/done-basic
        \(killTouches)# SIGTERM with an edge touch held (a long decision timeout): it goes to the twin first.
        wait-file /test/go-term 120000
        # A tap where the last one was (before this start): the kernel sends no position with it.
        down 0 12 640 400
        sync
        wait 40
        up 0
        sync
        wait 100
        down 0 11 5 700
        sync
        mark /test/held-term
        wait-file /test/termed 120000
        up 0
        sync
        # A stalled loop (its event log blocked) with an edge touch held: the watchdog ends it, and
        # the next tap reaches the device itself.
        wait-file /test/go-stall 120000
        down 0 13 5 100
        sync
        wait-file /test/stalled 120000
        up 0
        sync
        wait 50
        down 0 14 640 400
        sync
        wait 40
        up 0
        sync
        mark /test/done-stall
        wait-file /test/end 120000

        """

    /// SIGKILL mid-swipe, then a tap: the phase starts at `/test/go-kill`, marks `/test/moved-kill`
    /// with an edge swipe accepted and held, waits for `/test/killed`, then lifts and taps in the
    /// middle and marks `/test/done-kill`.
    static let killTouches = """
        # SIGKILL mid-swipe, then a tap.
        wait-file /test/go-kill 120000
        down 0 9 3 400
        sync
        wait 8
        move 0 60 400
        sync
        wait 8
        move 0 120 400
        sync
        mark /test/moved-kill
        wait-file /test/killed 120000
        up 0
        sync
        wait 50
        down 0 10 640 400
        sync
        wait 40
        up 0
        sync
        mark /test/done-kill

        """

    /// The touchscreen plugged in while `swipeback input` runs: one tap.
    static let secondTouches = """
        wait-file /test/go-second 120000
        down 0 1 200 200
        sync
        wait 40
        up 0
        sync
        mark /test/done-second
        wait-file /test/end 120000

        """

    static let script = """
        lines() { wc -l < "$RESULTS/libinput.txt" > "$RESULTS/lines-$1"; }
        guest_udev
        stdbuf -oL libinput debug-events --verbose --show-keycodes > "$RESULTS/libinput.txt" 2>&1 &
        libinput=$!
        uinput-touch --name "VM touchscreen" /test/touches.txt > "$RESULTS/node1.txt" 2> "$RESULTS/touch1.txt" &
        touch1=$!
        wait_for "DEVICE_ADDED.*VM touchscreen " "$RESULTS/libinput.txt"
        log="$RESULTS/input.jsonl"
        /test/swipeback input --event-log "$log" 2> "$RESULTS/input-1.err" &
        sw=$!
        wait_for '"taken"' "$log"
        wait_for "DEVICE_ADDED.*VM touchscreen " "$RESULTS/libinput.txt" 2
        wait_for "DEVICE_ADDED.*SwipeBack keyboard" "$RESULTS/libinput.txt"
        lines start
        touch /test/go-basic
        wait_file /test/done-basic
        wait_for '"secondFinger"' "$log"
        wait_for TOUCH_UP "$RESULTS/libinput.txt" 6
        sleep 0.5
        lines basic
        uinput-touch --name "VM touchscreen 2" /test/second.txt > "$RESULTS/node2.txt" 2> "$RESULTS/touch2.txt" &
        wait_for '"taken"' "$log" 2
        wait_for "DEVICE_ADDED.*VM touchscreen 2" "$RESULTS/libinput.txt" 2
        touch /test/go-second
        wait_file /test/done-second
        wait_for TOUCH_UP "$RESULTS/libinput.txt" 7
        lines second
        touch /test/go-kill
        wait_file /test/moved-kill
        wait_for '"accepted"' "$log" 3
        kill -KILL $sw; wait $sw; echo $? > "$RESULTS/kill-status"
        wait_for "DEVICE_REMOVED.*SwipeBack keyboard" "$RESULTS/libinput.txt"
        touch /test/killed
        wait_file /test/done-kill
        wait_for TOUCH_UP "$RESULTS/libinput.txt" 8
        lines kill
        mv /dev/uinput /dev/uinput.away
        /test/swipeback input > "$RESULTS/nouinput.out" 2> "$RESULTS/nouinput.err"; echo $? > "$RESULTS/nouinput-status"
        mv /dev/uinput.away /dev/uinput
        echo '{"systemDecisionTimeout": 2000}' > /tmp/long.json
        /test/swipeback input --config /tmp/long.json --event-log "$log" 2> "$RESULTS/input-2.err" &
        sw=$!
        wait_for '"taken"' "$log" 4
        wait_for "DEVICE_ADDED.*VM touchscreen " "$RESULTS/libinput.txt" 3
        lines term-start
        touch /test/go-term
        wait_file /test/held-term
        sleep 0.3
        kill -TERM $sw; wait $sw; echo $? > "$RESULTS/term-status"
        touch /test/termed
        wait_for "DEVICE_REMOVED.*SwipeBack keyboard" "$RESULTS/libinput.txt" 2
        sleep 0.5
        # The stall: the event log is a FIFO nobody reads, filled before the touch, so the decision's
        # log line blocks the loop while it holds the touch.
        mkfifo /tmp/stall.fifo
        exec 3<>/tmp/stall.fifo
        /test/swipeback input --event-log /tmp/stall.fifo 2> "$RESULTS/stall.err" &
        sw=$!
        head -n 2 <&3 > "$RESULTS/stall-start.jsonl"
        wait_for "DEVICE_ADDED.*VM touchscreen " "$RESULTS/libinput.txt" 4
        timeout 3 dd if=/dev/zero of=/tmp/stall.fifo bs=4096 count=32 2> /dev/null || true
        lines stall-start
        ups=$(grep -c TOUCH_UP "$RESULTS/libinput.txt")
        touch /test/go-stall
        read -r began _ < /proc/uptime
        i=0
        while kill -0 $sw 2> /dev/null && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
        read -r ended _ < /proc/uptime
        kill -KILL $sw 2> /dev/null
        wait $sw; echo $? > "$RESULTS/stall-status"
        echo "$began $ended" > "$RESULTS/stall-times"
        touch /test/stalled
        wait_file /test/done-stall
        wait_for "DEVICE_REMOVED.*SwipeBack keyboard" "$RESULTS/libinput.txt" 3
        wait_for TOUCH_UP "$RESULTS/libinput.txt" $((ups + 1))
        sleep 0.3
        lines stall
        touch /test/end
        wait $touch1 || { echo "uinput-touch failed: $(cat "$RESULTS/touch1.txt")"; exit 4; }
        kill $libinput
        exit 0

        """

    /// The service's decisions of the basic phase's touches, in order: a and b outside; c
    /// accepted, committed and sent; d accepted and cancelled; e vertical; f a tap; g's edge touch a
    /// second finger's and its middle touch outside.
    static let basicDecisions = ["rejected outside", "rejected outside", "accepted ", "committed ", "sent key:XF86Back",
                                 "accepted ", "cancelled ", "rejected vertical", "rejected tap", "rejected secondFinger", "rejected outside"]

    /// The decision lines of an event log, as `event reason-or-action`.
    static func decisions(_ log: [EventLogLine]) -> [String] {
        log.filter { ["rejected", "accepted", "committed", "cancelled", "sent"].contains($0.string("event") ?? "") }
            .map { "\($0.string("event")!) \($0.string("reason") ?? $0.string("action") ?? "")" }
    }

    /// Checks what libinput saw of the basic phase (`basic`, its lines' events): nothing from the
    /// grabbed `device`; on the `twin`, the tap, the drag, the vertical drag, the edge tap and both
    /// fingers of g whole, from their first points, with every move; on the service's `keyboard`
    /// one KEY_BACK (the fast edge swipe); nothing of the short slow edge drag.
    static func checkBasicPhase(_ basic: [Event], device: String, twin: String, keyboard: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(basic.filter { $0.node == device }.isEmpty, "the grabbed device shows nothing: \(basic.filter { $0.node == device })",
                      file: file, line: line)
        let twinTouches = basic.filter { $0.node == twin && $0.kind.hasPrefix("TOUCH_") && $0.kind != "TOUCH_FRAME" }
        let downs = twinTouches.filter { $0.kind == "TOUCH_DOWN" }.map(\.text)
        // a, b, e, f, and g's two fingers: six touches; c and d (swipes) none.
        XCTAssertEqual(downs.count, 6, "\(twinTouches.map(\.text).joined(separator: "\n"))", file: file, line: line)
        let expectedDowns = ["(128.00/80.00mm)", "(120.00/60.00mm)", "( 2.00/60.00mm)", "( 1.00/120.00mm)", "( 1.00/40.00mm)", "(128.00/80.00mm)"]
        for (down, expected) in zip(downs, expectedDowns) {
            XCTAssertTrue(down.hasSuffix(expected), "\(down): from its first point \(expected)", file: file, line: line)
        }
        XCTAssertEqual(twinTouches.filter { $0.kind == "TOUCH_UP" }.count, 6, file: file, line: line)
        XCTAssertEqual(twinTouches.filter { $0.kind == "TOUCH_MOTION" }.count, 5 + 4 + 1, "every move of b, e and g's second finger", file: file, line: line)
        let keys = basic.filter { $0.node == keyboard && $0.kind == "KEYBOARD_KEY" }.map(\.text)
        XCTAssertEqual(keys.count, 2, "one KEY_BACK, pressed and released: \(keys)", file: file, line: line)
        XCTAssertTrue(keys.first?.hasSuffix("KEY_BACK (158) pressed") == true, "\(keys)", file: file, line: line)
    }

    /// One line of libinput debug-events about a device node: its event and the rest.
    struct Event: Equatable {
        var node: String
        var kind: String
        var text: String
    }

    /// The events of `lines` (libinput debug-events' output), device additions and removals included.
    static func events(_ lines: ArraySlice<Substring>) -> [Event] {
        lines.compactMap { line in
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, fields[0].hasPrefix("event"), fields[1].uppercased() == fields[1], fields[1] != "-" else { return nil }
            return Event(node: String(fields[0]), kind: String(fields[1]), text: String(trimmed))
        }
    }

    func testSwipebackInputStandsBetweenTheTouchscreenAndLibinput() throws {
        let guest = try GuestVM()
        try guest.copy(try Self.releaseBinary(), as: "swipeback")
        try guest.write(Self.touches, as: "touches.txt")
        try guest.write(Self.secondTouches, as: "second.txt")
        let run = try guest.run(script: Self.script, timeout: .seconds(400))
        let seconds = Double(run.wallTime.components.seconds)
        print("InputVMTests: one boot took \(seconds) s wall time")
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)\nlog:\n\(run.result("input.jsonl") ?? "")")
        guard run.status == 0 else { return }
        let libinput = try XCTUnwrap(run.result("libinput.txt"))
        let lines = libinput.split(separator: "\n", omittingEmptySubsequences: false)
        func mark(_ name: String) throws -> Int {
            try XCTUnwrap(run.result("lines-\(name)").flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        }
        let all = Self.events(lines[...])
        let original = try XCTUnwrap(run.result("node1.txt")?.trimmingCharacters(in: .whitespacesAndNewlines)).split(separator: "/").last.map(String.init)!
        let screens = all.filter { $0.kind == "DEVICE_ADDED" && $0.text.contains("VM touchscreen ") && !$0.text.contains("VM touchscreen 2") }.map(\.node)
        XCTAssertEqual(screens.count, 4, "the device, its twin, the second and third runs' twins: \(screens)")
        let twin = screens.dropFirst().first ?? ""
        XCTAssertNotEqual(twin, original)
        let keyboard = all.first { $0.kind == "DEVICE_ADDED" && $0.text.contains("SwipeBack keyboard") }?.node ?? ""

        // The basic phase: what libinput saw of the device, the twin and the keyboard.
        let basic = Self.events(lines[try mark("start")..<(try mark("basic"))])
        Self.checkBasicPhase(basic, device: original, twin: twin, keyboard: keyboard)
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("input.jsonl")))
        XCTAssertEqual(Array(Self.decisions(log).prefix(12)), Self.basicDecisions + ["rejected outside"], "the basic phase, then the second screen's tap")
        XCTAssertTrue(log.filter { $0.string("reason") == "outside" }.allSatisfy { $0.number("x") == nil }, "no position outside the strip")

        // A touchscreen plugged in later is taken: its tap reaches libinput through its own twin only.
        let second = Self.events(lines[try mark("basic")..<(try mark("second"))])
        let secondNodes = second.filter { $0.kind == "DEVICE_ADDED" && $0.text.contains("VM touchscreen 2") }.map(\.node)
        XCTAssertEqual(secondNodes.count, 2, "the device and its twin: \(second.map(\.text))")
        let secondTaps = second.filter { $0.kind == "TOUCH_DOWN" }.map(\.node)
        XCTAssertEqual(secondTaps, [secondNodes.last ?? ""], "one tap, on the twin")

        // SIGKILL mid-swipe: the twin goes, and the next tap reaches libinput from the device itself.
        XCTAssertEqual(run.result("kill-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "137")
        let kill = Self.events(lines[try mark("second")..<(try mark("kill"))])
        XCTAssertEqual(kill.filter { $0.kind == "TOUCH_DOWN" }.map(\.node), [original], "after SIGKILL the device itself: \(kill.map(\.text))")

        // No /dev/uinput: status 2 and one line that says what to do.
        XCTAssertEqual(run.result("nouinput-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "2")
        let refusal = run.result("nouinput.err") ?? ""
        XCTAssertEqual(refusal.filter { $0 == "\n" }.count, 1, refusal)
        XCTAssertTrue(refusal.contains("swipeback-input") && refusal.contains("uinput"), refusal)

        // SIGTERM with an edge touch held: status 0, and the touch went to the twin before it went.
        XCTAssertEqual(run.result("term-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "0", run.result("input-2.err") ?? "")
        let term = Self.events(lines[try mark("term-start")..<(try mark("stall-start"))])
        let lastTwin = screens.last ?? ""
        XCTAssertTrue(term.contains { $0.node == lastTwin && $0.kind == "TOUCH_DOWN" && $0.text.hasSuffix("( 1.00/140.00mm)") },
                      "the held touch on the twin: \(term.map(\.text))")
        XCTAssertEqual(run.result("input-1.err"), "", "nothing on standard error")
        // A stall with an edge touch held: the watchdog ends the process (status 1, one line) about
        // 1 s after the decision's log line blocked the loop (the 200 ms decision timeout after the
        // touch), and the next tap reaches libinput from the device itself.
        XCTAssertEqual(run.result("stall-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "1", run.result("stall.err") ?? "")
        let stallError = run.result("stall.err") ?? ""
        XCTAssertEqual(stallError.filter { $0 == "\n" }.count, 1, stallError)
        XCTAssertTrue(stallError.hasPrefix("swipeback: input: the loop has not answered for "), stallError)
        let stalledFor = stallError.split(separator: " ").compactMap { Int($0) }.first ?? 0
        XCTAssertTrue((1000..<3000).contains(stalledFor), "the stall reported: \(stallError)")
        let times = (run.result("stall-times") ?? "").split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(times.count, 2)
        if times.count == 2 { print("InputVMTests: the stalled service ended \(times[1] - times[0]) s after the touch (guest time)") }
        XCTAssertTrue(run.result("stall-start.jsonl")?.contains("\"taken\"") == true, run.result("stall-start.jsonl") ?? "")
        let stall = Self.events(lines[try mark("stall-start")..<(try mark("stall"))])
        // The held touch went to the twin at its 200 ms decision timeout (the blocked line is that
        // decision's) and was cancelled when the twin went; the tap after is the device's own.
        XCTAssertEqual(stall.filter { $0.kind == "TOUCH_DOWN" && $0.text.hasSuffix("(128.00/80.00mm)") }.map(\.node), [original],
                       "after the stall the device itself: \(stall.map(\.text))")
        XCTAssertEqual(stall.last { $0.kind == "TOUCH_DOWN" }?.node, original)
        // The second start: a tap where the last one lifted passes at once (2 s decision timeout here).
        let secondStart = log.lastIndex { $0.string("event") == "started" } ?? 0
        XCTAssertEqual(log[secondStart...].first { $0.string("event") == "rejected" }?.string("reason"), "outside",
                       "a tap at the last place passes at once: \(log[secondStart...].map(\.text))")
    }

    /// The release build of `swipeback` (`make test` builds it before the tests): it links the
    /// Swift runtime in and only Debian's libraries besides, which the guest has. (A build from
    /// here would wait forever on the build folder's lock, which `swift test` holds.)
    static func releaseBinary() throws -> URL {
        let binary = Paths.repository.appendingPathComponent(".build/release/swipeback")
        let debug = try Paths.swipeback
        let modified = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil }
        guard let release = modified(binary.path) else {
            throw HarnessError("no release build at \(binary.path): run `make release` first (`make test` does)")
        }
        if let built = modified(debug), built.timeIntervalSince(release) > 60 {
            throw HarnessError("the release build is older than the debug build: run `make release` first (`make test` does)")
        }
        return binary
    }
}
