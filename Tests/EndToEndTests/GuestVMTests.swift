// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest

/// The test VM (`GuestVM`, `scripts/vm/`) on a real kernel: a uinput touchscreen
/// (`scripts/vm/uinput-touch.c`) is what libinput sees as a touchscreen, and another process's
/// EVIOCGRAB hides its touches from libinput, as `swipeback input` will rely on. One boot for all
/// of it; the guest records, the host asserts.
final class GuestVMTests: XCTestCase {
    /// A tap in the middle, then a two-finger drag of `moves` frames: lines of `uinput-touch`'s
    /// script, with the tracking ids `firstID` to `firstID + 2`.
    static func tapAndDrag(firstID: Int, moves: Int) -> String {
        var lines = ["down 0 \(firstID) 640 400", "sync", "wait 40", "up 0", "sync", "wait 150",
                     "down 0 \(firstID + 1) 300 300", "down 1 \(firstID + 2) 500 300", "sync"]
        for step in 1...moves {
            lines += ["wait 16", "move 0 \(300 + 40 * step) \(300 + 10 * step)", "move 1 \(500 + 40 * step) \(300 + 10 * step)", "sync"]
        }
        lines += ["wait 16", "up 0", "up 1", "sync"]
        return lines.joined(separator: "\n")
    }

    /// The touches, in three phases the guest script starts one by one (`wait-file`) and the helper
    /// reports done (`mark`): free, grabbed by evtest, released. Device units on a 1280x800 screen.
    static let touches = """
        # Phase 1, free: a tap, then a two-finger drag.
        wait-file /test/go-free 120000
        \(tapAndDrag(firstID: 1, moves: 3))
        mark /test/done-free
        # Phase 2, while another process holds EVIOCGRAB: a tap and a drag again.
        wait-file /test/go-grabbed 120000
        \(tapAndDrag(firstID: 4, moves: 2))
        mark /test/done-grabbed
        # Phase 3, released: one tap. libinput reads the device in order, so whatever leaked through
        # the grab would come before this tap.
        wait-file /test/go-released 120000
        down 0 7 100 100
        sync
        wait 40
        up 0
        sync
        mark /test/done-released
        wait-file /test/go-end 120000

        """

    /// The guest's steps: udev, libinput recording every device, the touchscreen, then the phases,
    /// each waited for by a condition (a line in a log, a marker file), at most 60 s each.
    static let script = """
        guest_udev
        stdbuf -oL libinput debug-events --verbose > "$RESULTS/libinput.txt" 2>&1 &
        libinput=$!
        uinput-touch --name "SwipeBack VM touchscreen" /test/touches.txt > "$RESULTS/node.txt" 2> "$RESULTS/uinput-touch.txt" &
        touch=$!
        wait_for "DEVICE_ADDED.*SwipeBack VM touchscreen" "$RESULTS/libinput.txt"
        node=$(cat "$RESULTS/node.txt")
        udevadm info --query=property --name="$node" > "$RESULTS/udev.txt"
        touch /test/go-free
        wait_file /test/done-free
        wait_for TOUCH_UP "$RESULTS/libinput.txt" 3
        wc -l < "$RESULTS/libinput.txt" > "$RESULTS/lines-free"
        stdbuf -oL evtest --grab "$node" > "$RESULTS/evtest.txt" 2>&1 &
        evtest=$!
        wait_for "Testing ... (interrupt to exit)" "$RESULTS/evtest.txt"
        # evtest grabs right after that line: a second evtest's grab fails once it holds it (it says so).
        for attempt in 1 2 3 4 5 6 7 8 9 10; do
          stdbuf -oL evtest "$node" > /tmp/probe.txt 2>&1 &
          probe=$!
          wait_for "Testing ... (interrupt to exit)" /tmp/probe.txt
          sleep 0.2
          kill $probe; wait $probe
          grep -q "grabbed by another process" /tmp/probe.txt && break
        done
        cp /tmp/probe.txt "$RESULTS/probe.txt"
        touch /test/go-grabbed
        wait_file /test/done-grabbed
        wait_for "ABS_MT_TRACKING_ID), value -1" "$RESULTS/evtest.txt" 3
        kill $evtest; wait $evtest
        wc -l < "$RESULTS/libinput.txt" > "$RESULTS/lines-grabbed"
        touch /test/go-released
        wait_file /test/done-released
        wait_for TOUCH_UP "$RESULTS/libinput.txt" 4
        touch /test/go-end
        wait $touch || { echo "uinput-touch failed: $(cat "$RESULTS/uinput-touch.txt")"; exit 4; }
        kill $libinput
        exit 0

        """

    /// One touch event libinput reported: its kind (`TOUCH_DOWN`, `TOUCH_MOTION`, `TOUCH_UP`) and slot.
    struct TouchLine: Equatable {
        var kind: String
        var slot: Int
    }

    /// The touch events of `node` (like `event4`) in libinput debug-events' `lines`, frames left out.
    static func touches(in lines: ArraySlice<Substring>, node: String) -> [TouchLine] {
        lines.compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 4, fields[0] == node, ["TOUCH_DOWN", "TOUCH_MOTION", "TOUCH_UP"].contains(fields[1]),
                  let slot = Int(fields[3]) else { return nil }
            return TouchLine(kind: String(fields[1]), slot: slot)
        }
    }

    /// The most touches down at once in `touches`, and the slots they used.
    static func concurrency(_ touches: [TouchLine]) -> (most: Int, slots: Set<Int>) {
        var down = Set<Int>(), most = 0, slots = Set<Int>()
        for touch in touches {
            switch touch.kind {
            case "TOUCH_DOWN": down.insert(touch.slot); slots.insert(touch.slot); most = max(most, down.count)
            case "TOUCH_UP": down.remove(touch.slot)
            default: break
            }
        }
        return (most, slots)
    }

    func testLibinputSeesTheUinputTouchscreenAndNothingWhileItIsGrabbed() throws {
        let guest = try GuestVM()
        try guest.write(Self.touches, as: "touches.txt")
        let run = try guest.run(script: Self.script)
        let seconds = Double(run.wallTime.components.seconds) + Double(run.wallTime.components.attoseconds) / 1e18
        print(String(format: "GuestVMTests: one boot of the test guest took %.1f s wall time", seconds))
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)")
        guard run.status == 0 else { return }

        // The device: a touchscreen to udev and to libinput, with its 10 slots.
        let node = try XCTUnwrap(run.result("node.txt")?.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertTrue(node.hasPrefix("/dev/input/event"), node)
        let name = URL(fileURLWithPath: node).lastPathComponent
        XCTAssertTrue(run.result("udev.txt")?.contains("ID_INPUT_TOUCHSCREEN=1") == true, run.result("udev.txt") ?? "")
        let libinput = try XCTUnwrap(run.result("libinput.txt"))
        XCTAssertTrue(libinput.contains("SwipeBack VM touchscreen: is tagged by udev as: Touchscreen"), libinput)
        let added = libinput.split(separator: "\n").first { $0.contains("DEVICE_ADDED") && $0.contains("SwipeBack VM touchscreen") }
        XCTAssertTrue(added?.contains("cap:t") == true && added?.contains("ntouches 10") == true, String(added ?? ""))

        // The three phases, cut where the guest counted libinput's lines.
        let lines = libinput.split(separator: "\n", omittingEmptySubsequences: false)
        let freeEnd = try XCTUnwrap(run.result("lines-free").flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        let grabbedEnd = try XCTUnwrap(run.result("lines-grabbed").flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        let free = Self.touches(in: lines[..<min(freeEnd, lines.count)], node: name)
        let grabbed = Self.touches(in: lines[min(freeEnd, lines.count)..<min(grabbedEnd, lines.count)], node: name)
        let released = Self.touches(in: lines[min(grabbedEnd, lines.count)...], node: name)

        // Free: the tap (one slot), then the drag (two slots at once, three moves each).
        XCTAssertEqual(free.filter { $0.kind == "TOUCH_DOWN" }.count, 3, "\(free)")
        XCTAssertEqual(free.filter { $0.kind == "TOUCH_UP" }.count, 3, "\(free)")
        XCTAssertEqual(free.filter { $0.kind == "TOUCH_MOTION" }.count, 6, "\(free)")
        XCTAssertEqual(free.first, TouchLine(kind: "TOUCH_DOWN", slot: 0))
        XCTAssertEqual(free.dropFirst().first, TouchLine(kind: "TOUCH_UP", slot: 0), "the tap lifts before the drag")
        let drag = Self.concurrency(Array(free.dropFirst(2)))
        XCTAssertEqual(drag.most, 2, "the drag's two fingers are down together")
        XCTAssertEqual(drag.slots, [0, 1])

        // Grabbed: libinput saw nothing, the grabber read every touch, and a second grab failed.
        XCTAssertEqual(grabbed, [], "libinput saw touches through another process's EVIOCGRAB")
        let evtest = run.result("evtest.txt") ?? ""
        XCTAssertEqual(evtest.components(separatedBy: "(ABS_MT_TRACKING_ID), value -1").count - 1, 3, evtest)
        XCTAssertEqual(evtest.components(separatedBy: "SYN_REPORT").count - 1, 2 + 4, "evtest's frames: the tap's 2, the drag's 4\n\(evtest)")
        XCTAssertTrue(run.result("probe.txt")?.contains("This device is grabbed by another process") == true, run.result("probe.txt") ?? "")

        // Released: libinput is still reading and gets the one tap.
        XCTAssertEqual(released, [TouchLine(kind: "TOUCH_DOWN", slot: 0), TouchLine(kind: "TOUCH_UP", slot: 0)], "\(released)")
    }
}
