// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackFormats
import SwipeBackXTesting
import XCTest

/// `swipeback input` from the arm64 package (`make deb ARCH=arm64`) on Raspberry Pi OS's base,
/// Debian 13 arm64, with Debian 13's arm64 kernel under qemu-system-aarch64 (`GuestVM(variant:
/// .arm64)`): the touches of `InputVMTests`' basic and SIGKILL phases, judged by libinput as there,
/// a panel turned 90° as the Raspberry Pi guide configures it, and the pass-through delay against a
/// direct read in the same boot (printed; it never fails).
final class InputArm64VMTests: XCTestCase {
    static let touches = """
        wait-file /test/go-basic 120000
        \(InputVMTests.basicTouches)mark /test/done-basic
        \(InputVMTests.killTouches)\(rotatedTouches)wait-file /test/end 120000

        """

    /// The panel turned 90° clockwise (the Raspberry Pi guide's `"inputRotation": 90`): the
    /// device's bottom edge is the screen's left. A fast swipe from it, then one from the device's
    /// left edge (the screen's top, where no swipe back starts).
    static let rotatedTouches = """
        wait-file /test/go-rotated 120000
        down 0 15 640 797
        sync
        wait 8
        move 0 640 760
        sync
        wait 8
        move 0 640 700
        sync
        wait 8
        move 0 640 620
        sync
        wait 8
        move 0 640 540
        sync
        wait 8
        move 0 640 460
        sync
        wait 8
        up 0
        sync
        wait 300
        down 0 16 3 400
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
        up 0
        sync
        mark /test/done-rotated

        """

    static let script = """
        lines() { wc -l < "$RESULTS/libinput.txt" > "$RESULTS/lines-$1"; }
        now() { read -r t _ < /proc/uptime; echo "$t"; }
        guest_udev
        stdbuf -oL libinput debug-events --verbose --show-keycodes > "$RESULTS/libinput.txt" 2>&1 &
        libinput=$!
        uinput-touch --name "VM touchscreen" /test/touches.txt > "$RESULTS/node1.txt" 2> "$RESULTS/touch1.txt" &
        touch1=$!
        wait_for "DEVICE_ADDED.*VM touchscreen " "$RESULTS/libinput.txt"
        log="$RESULTS/input.jsonl"
        started=$(now)
        /test/swipeback input --event-log "$log" 2> "$RESULTS/input-1.err" &
        sw=$!
        wait_for '"taken"' "$log"
        echo "$started $(now)" > "$RESULTS/taken-times"
        wait_for "DEVICE_ADDED.*VM touchscreen " "$RESULTS/libinput.txt" 2
        wait_for "DEVICE_ADDED.*SwipeBack keyboard" "$RESULTS/libinput.txt"
        lines start
        touch /test/go-basic
        wait_file /test/done-basic
        wait_for '"secondFinger"' "$log"
        wait_for TOUCH_UP "$RESULTS/libinput.txt" 6
        sleep 0.5
        lines basic
        touch /test/go-kill
        wait_file /test/moved-kill
        wait_for '"accepted"' "$log" 3
        kill -KILL $sw; wait $sw; echo $? > "$RESULTS/kill-status"
        wait_for "DEVICE_REMOVED.*SwipeBack keyboard" "$RESULTS/libinput.txt"
        touch /test/killed
        wait_file /test/done-kill
        wait_for TOUCH_UP "$RESULTS/libinput.txt" 7
        lines kill
        # The panel turned: the guide's /etc/swipeback/config.json.
        /test/swipeback input --config /test/rotated.json --event-log "$RESULTS/rotated.jsonl" 2> "$RESULTS/rotated.err" &
        sw=$!
        wait_for '"taken"' "$RESULTS/rotated.jsonl"
        wait_for "DEVICE_ADDED.*VM touchscreen " "$RESULTS/libinput.txt" 3
        wait_for "DEVICE_ADDED.*SwipeBack keyboard" "$RESULTS/libinput.txt" 2
        lines rotated-start
        touch /test/go-rotated
        wait_file /test/done-rotated
        wait_for TOUCH_UP "$RESULTS/libinput.txt" 8
        wait_for '"sent"' "$RESULTS/rotated.jsonl"
        wait_for "KEY_BACK (158) released" "$RESULTS/libinput.txt" 2
        lines rotated
        kill -TERM $sw; wait $sw
        # The delay: taps read from the device itself, then through the twin, then edge touches
        # decided by a vertical move (scripts/vm/input-latency, on the guest's monotonic clock).
        mkfifo /tmp/phases
        input-latency "Latency touchscreen" < /tmp/phases > "$RESULTS/latency.txt" 2> "$RESULTS/latency.err" &
        exec 3> /tmp/phases
        wait_for "^node" "$RESULTS/latency.txt"
        node=$(sed -n 's/^node //p' "$RESULTS/latency.txt")
        echo "direct 60" >&3
        wait_for "^direct" "$RESULTS/latency.txt" 60
        /test/swipeback input --event-log "$RESULTS/input-2.jsonl" 2> "$RESULTS/input-2.err" &
        sw=$!
        wait_for '"taken"' "$RESULTS/input-2.jsonl" 2
        twin=""
        i=0
        while [ -z "$twin" ] && [ $i -lt 100 ]; do
          for d in /sys/class/input/event*; do
            if [ "$(cat "$d/device/name")" = "Latency touchscreen" ] && [ "/dev/input/${d##*/}" != "$node" ]; then twin="/dev/input/${d##*/}"; fi
          done
          i=$((i + 1)); [ -n "$twin" ] || sleep 0.1
        done
        [ -n "$twin" ] || { echo "no twin of the latency touchscreen"; exit 4; }
        sleep 0.5
        echo "pass 60 $twin" >&3
        wait_for "^pass" "$RESULTS/latency.txt" 60
        echo "reject 30 $twin" >&3
        wait_for "^reject" "$RESULTS/latency.txt" 30
        kill -TERM $sw; wait $sw
        exec 3>&-
        touch /test/end
        wait $touch1 || { echo "uinput-touch failed: $(cat "$RESULTS/touch1.txt")"; exit 4; }
        kill $libinput
        exit 0

        """

    func testTheArm64PackageStandsBetweenTheTouchscreenAndLibinput() throws {
        let guest = try GuestVM(variant: .arm64)
        try Self.copyArm64Program(into: guest)
        try guest.write(Self.touches, as: "touches.txt")
        // The Raspberry Pi guide's configuration for a panel turned 90° (docs/KIOSK.md shows it).
        try guest.copy(Paths.repository.appendingPathComponent("docs/raspberry-pi/config.json"), as: "rotated.json")
        let run = try guest.run(script: Self.script, timeout: .seconds(500))
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)\nlog:\n\(run.result("input.jsonl") ?? "")")
        guard run.status == 0 else { return }
        let libinput = try XCTUnwrap(run.result("libinput.txt"))
        let lines = libinput.split(separator: "\n", omittingEmptySubsequences: false)
        func mark(_ name: String) throws -> Int {
            try XCTUnwrap(run.result("lines-\(name)").flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        }
        let all = InputVMTests.events(lines[...])
        let original = try XCTUnwrap(run.result("node1.txt")?.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "/").last.map(String.init))
        let screens = all.filter { $0.kind == "DEVICE_ADDED" && $0.text.contains("VM touchscreen ") }.map(\.node)
        XCTAssertEqual(screens.count, 4, "the device, its twin, the rotated run's and the latency run's twins: \(screens)")
        let twin = screens.dropFirst().first ?? ""
        XCTAssertNotEqual(twin, original)
        let keyboard = all.first { $0.kind == "DEVICE_ADDED" && $0.text.contains("SwipeBack keyboard") }?.node ?? ""

        // The basic phase: the tap, the drag, the vertical drag, the edge tap and both fingers reach
        // libinput whole through the twin, from their first points; the fast edge swipe is one
        // KEY_BACK and no touch; the device itself shows nothing. Then the SIGKILL swipe accepted.
        InputVMTests.checkBasicPhase(InputVMTests.events(lines[try mark("start")..<(try mark("basic"))]), device: original, twin: twin, keyboard: keyboard)
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("input.jsonl")))
        XCTAssertEqual(Array(InputVMTests.decisions(log).prefix(12)), InputVMTests.basicDecisions + ["accepted "])

        // SIGKILL mid-swipe: the twin goes, and the next tap reaches libinput from the device itself.
        XCTAssertEqual(run.result("kill-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "137")
        let kill = InputVMTests.events(lines[try mark("basic")..<(try mark("kill"))])
        XCTAssertEqual(kill.filter { $0.kind == "TOUCH_DOWN" }.map(\.node), [original], "after SIGKILL the device itself: \(kill.map(\.text))")
        XCTAssertEqual(run.result("input-1.err"), "", "nothing on standard error")

        // The panel turned 90°: the swipe from the device's bottom edge (the screen's left) is one
        // KEY_BACK and no touch; the one from its left edge (the screen's top) reaches libinput whole.
        let rotatedTwin = screens.dropFirst(2).first ?? ""
        let rotated = InputVMTests.events(lines[try mark("rotated-start")..<(try mark("rotated"))])
        XCTAssertEqual(rotated.filter { $0.kind == "TOUCH_DOWN" }.map(\.node), [rotatedTwin], "one touch, on the twin: \(rotated.map(\.text))")
        XCTAssertTrue(rotated.first { $0.kind == "TOUCH_DOWN" }?.text.hasSuffix("( 0.60/80.00mm)") == true, "from its first point: \(rotated.map(\.text))")
        XCTAssertEqual(rotated.filter { $0.kind == "TOUCH_MOTION" }.count, 3, "every move")
        let rotatedKeys = rotated.filter { $0.kind == "KEYBOARD_KEY" }.map(\.text)
        XCTAssertEqual(rotatedKeys.count, 2, "one KEY_BACK, pressed and released: \(rotatedKeys)")
        XCTAssertTrue(rotatedKeys.first?.hasSuffix("KEY_BACK (158) pressed") == true, "\(rotatedKeys)")
        XCTAssertEqual(run.result("rotated.err"), "", "nothing on standard error")

        // The figures for the note: boot, the start to the device taken, and the delays (guest time).
        let latency = try XCTUnwrap(run.result("latency.txt"))
        func times(_ phase: String) -> [Double] {
            latency.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ")
                return fields.count == 2 && fields[0] == phase ? Double(fields[1]).map { $0 / 1000 } : nil
            }.sorted()
        }
        let direct = times("direct"), pass = times("pass"), reject = times("reject")
        XCTAssertEqual([direct.count, pass.count, reject.count], [60, 60, 30], latency)
        guard !direct.isEmpty, !pass.isEmpty, !reject.isEmpty else { return }
        let median = { (values: [Double]) in values[values.count / 2] }
        let taken = (run.result("taken-times") ?? "").split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let boot = Double(run.result("uptime-at-script")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .nan
        print(String(format: "InputArm64VMTests: boot %.1f s wall (%.1f s guest to the script), start to the device taken %.2f s (guest); "
                     + "direct read p50 %.3f ms, through the twin p50 %.3f ms (%.2fx), an edge touch decided by its vertical move "
                     + "to the twin's first frame p50 %.3f ms (%.2fx)",
                     Double(run.wallTime.components.seconds), boot, taken.count == 2 ? taken[1] - taken[0] : .nan,
                     median(direct), median(pass), median(pass) / median(direct), median(reject), median(reject) / median(direct)))
    }

    /// Copies the program of the arm64 package (`builtPackage(architecture:)`) into the guest's
    /// run folder as `swipeback`, unpacked with dpkg-deb.
    static func copyArm64Program(into guest: GuestVM) throws {
        let package = try builtPackage(architecture: "arm64")
        let unpacked = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-arm64-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-deb")
        process.arguments = ["-x", package.path, unpacked.path]
        try process.run()
        process.waitUntilExit()
        let program = unpacked.appendingPathComponent("usr/bin/swipeback")
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: program.path) else {
            throw HarnessError("dpkg-deb -x \(package.path) gave no usr/bin/swipeback")
        }
        try guest.copy(program, as: "swipeback")
    }
}
