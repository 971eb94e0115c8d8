// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
import SwipeBackFormats
import SwipeBackXTesting
import XCTest

/// `swipeback system` as the session side of `swipeback input` under sway (the test VM's Wayland
/// root, a virtio-gpu card): the service runs as root at the uinput touchscreen, sway and the
/// session side as user 1000 (the service's `inputSessionUser`: the guest has no logind), and
/// `weston-eventdemo`'s `WAYLAND_DEBUG=1` log and `grim`'s screenshots are the judges. One boot:
/// 1. a swipe held still half way: the arrow shows on the overlay at the finger's height
///    (screenshot), then the swipe commits (the app's own action from `systemAppActions`,
///    Alt+Left, through the service's keyboard) and the arrow is gone (screenshot);
/// 2. the session side is killed (SIGKILL) mid-swipe: the swipe still commits, a tap after it
///    reaches the client;
/// 3. a session side of another user (1001) is refused;
/// 4. a new session side that excludes the client's app (the app_id the first one reported), and a
///    second one of the same user refused while it holds the channel: an edge swipe reaches the
///    client whole;
/// 5. that session side stopped (SIGSTOP): the service decides a swipe alone once the decision
///    timeout has passed, and it commits.
final class InputSessionVMTests: XCTestCase {
    /// A left-edge touch at height 400 that moves in by `steps` of `by` units, `wait` ms apart.
    static func edgeMoves(from x: Int, steps: Int, by: Int, wait: Int) -> String {
        (1...steps).map { "wait \(wait)\nmove 0 \(x + $0 * by) 400\nsync\n" }.joined()
    }

    /// The touchscreen's script, phase by phase; the guest's script drives it through files.
    static let touches = """
        wait-file /test/go-1 200000
        down 0 1 3 400
        sync
        \(edgeMoves(from: 3, steps: 60, by: 3, wait: 4))mark /test/mid-1
        wait-file /test/shot-1 60000
        \(edgeMoves(from: 183, steps: 5, by: 50, wait: 8))wait 8
        up 0
        sync
        mark /test/done-1
        wait-file /test/go-2 60000
        down 0 2 3 400
        sync
        \(edgeMoves(from: 3, steps: 4, by: 30, wait: 8))mark /test/mid-2
        wait-file /test/killed-2 60000
        \(edgeMoves(from: 123, steps: 4, by: 60, wait: 8))wait 8
        up 0
        sync
        wait 300
        down 0 3 640 400
        sync
        wait 40
        up 0
        sync
        mark /test/done-2
        wait-file /test/go-4 60000
        down 0 4 3 400
        sync
        \(edgeMoves(from: 3, steps: 5, by: 60, wait: 8))wait 8
        up 0
        sync
        mark /test/done-4
        wait-file /test/go-5 60000
        down 0 5 3 400
        sync
        \(edgeMoves(from: 3, steps: 5, by: 60, wait: 8))wait 8
        up 0
        sync
        mark /test/done-5
        wait-file /test/end 60000

        """

    static let script = """
        \(InputWaylandVMTests.serviceStart(arguments: "--config /test/input.json "))export XDG_RUNTIME_DIR=/run/user/1000
        chmod 777 "$RESULTS" # the session side (user 1000) writes its logs there
        mkdir -p $XDG_RUNTIME_DIR /tmp/home && chown 1000:44 $XDG_RUNTIME_DIR /tmp/home && chmod 700 $XDG_RUNTIME_DIR
        seatd -g video > "$RESULTS/seatd.log" 2>&1 &
        wait_file /run/seatd.sock
        # as_user USER COMMAND...: runs it as USER in this (sub)shell's place, so `( as_user ... ) &`
        # leaves the command's own PID in $!.
        as_user() { user=$1; shift; HOME=/tmp/home exec setpriv --reuid="$user" --regid=44 --clear-groups "$@"; }
        ( export LIBSEAT_BACKEND=seatd WLR_BACKENDS=drm,libinput WLR_RENDERER=pixman; as_user 1000 sway -c /test/sway.conf ) > "$RESULTS/sway.log" 2>&1 &
        compositor=$!
        i=0
        until socket=$(cd "$XDG_RUNTIME_DIR" && ls wayland-? 2> /dev/null | head -1) && [ -n "$socket" ]; do
          i=$((i + 1)); [ $i -le 600 ] || { echo "no Wayland socket in $XDG_RUNTIME_DIR"; exit 3; }; sleep 0.1
        done
        export WAYLAND_DISPLAY=$socket
        # User 1001 may reach the display too (phase 3's session side must get as far as the service).
        chmod 755 $XDG_RUNTIME_DIR; chmod 777 $XDG_RUNTIME_DIR/$socket
        ( export WAYLAND_DEBUG=1; as_user 1000 weston-eventdemo ) > "$RESULTS/client.out" 2> "$RESULTS/client.txt" &
        client=$!
        wait_for 'wl_keyboard@[0-9]*[.]enter' "$RESULTS/client.txt"
        wait_for 'xdg_surface@[0-9]*[.]configure' "$RESULTS/client.txt"
        ( export WAYLAND_DEBUG=1; as_user 1000 /test/swipeback system --log-frames --config /test/session.json --event-log "$RESULTS/session1.jsonl" ) 2> "$RESULTS/session1.wayland" &
        s1=$!
        wait_for '"connected"' "$RESULTS/session1.jsonl"
        sleep 1
        ( as_user 1000 grim "$RESULTS/before.png" )
        # 1. The arrow half way, then gone.
        touch /test/go-1; wait_file /test/mid-1
        sleep 1
        ( as_user 1000 grim "$RESULTS/during.png" )
        touch /test/shot-1; wait_file /test/done-1
        sleep 1
        ( as_user 1000 grim "$RESULTS/after.png" )
        # 2. The session side killed mid-swipe.
        touch /test/go-2; wait_file /test/mid-2
        wait_for '"answered"' "$log"
        kill -KILL $s1
        touch /test/killed-2; wait_file /test/done-2
        sleep 1
        # 3. Another user's session side is refused.
        ( as_user 1001 /test/swipeback system --event-log /tmp/other.jsonl ) 2> "$RESULTS/other.err" &
        other=$!
        wait_for '"refused"' "$log"
        wait_for '"disconnected"' /tmp/other.jsonl
        kill $other; wait $other
        cp /tmp/other.jsonl "$RESULTS/other.jsonl"
        # 4. A session side that excludes the client's app.
        app=$(grep -o '"event": "held", "touch": [0-9]*, "app": "[^"]*"' "$RESULTS/session1.jsonl" | head -1 | sed 's/.*"app": "//; s/"$//')
        echo "$app" > "$RESULTS/app"
        printf '{"systemExclude": ["%s"]}\\n' "$app" > /tmp/session2.json
        chmod 644 /tmp/session2.json
        ( as_user 1000 /test/swipeback system --config /tmp/session2.json --event-log "$RESULTS/session2.jsonl" ) 2> "$RESULTS/session2.err" &
        s2=$!
        wait_for '"connected"' "$RESULTS/session2.jsonl"
        # A second session side of the same user while that one holds the channel: refused, and no turns.
        ( as_user 1000 /test/swipeback system --event-log /tmp/duplicate.jsonl ) 2> "$RESULTS/duplicate.err" &
        duplicate=$!
        wait_for '"refused"' "$log" 2
        sleep 1.5
        kill $duplicate; wait $duplicate
        touch /test/go-4; wait_file /test/done-4
        sleep 1
        # 5. The session side stopped: the service decides alone after the timeout.
        kill -STOP $s2
        touch /test/go-5; wait_file /test/done-5
        sleep 1
        kill -CONT $s2
        sleep 0.5
        touch /test/end
        wait $touch1 || { echo "uinput-touch failed: $(cat "$RESULTS/touch1.txt")"; exit 4; }
        kill $s2; wait $s2; echo $? > "$RESULTS/session2-status"
        kill $client
        kill -TERM $sw; wait $sw; echo $? > "$RESULTS/input-status"
        kill $compositor
        exit 0

        """

    /// A PNG's pixels, 0xAARRGGBB per pixel, row by row.
    struct Screenshot {
        let width: Int, height: Int
        let pixels: [UInt32]

        init(png: URL) throws {
            let surface = try XCTUnwrap(cairo_image_surface_create_from_png(png.path))
            defer { cairo_surface_destroy(surface) }
            XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS, png.path)
            cairo_surface_flush(surface)
            width = Int(cairo_image_surface_get_width(surface))
            height = Int(cairo_image_surface_get_height(surface))
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
            var pixels: [UInt32] = []
            pixels.reserveCapacity(width * height)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { pixels.append(row[x]) }
            }
            self.pixels = pixels
        }

        /// The points where `other` differs from this one.
        func differences(from other: Screenshot) -> [(x: Int, y: Int)] {
            guard width == other.width, height == other.height else { return [(-1, -1)] }
            return pixels.indices.filter { pixels[$0] != other.pixels[$0] }.map { ($0 % width, $0 / width) }
        }
    }

    /// Checks a run's screenshots `before.png`, `during.png` (mid-swipe, the finger at height 400
    /// of 800) and `after.png` (after the release), 1280 x 800: the arrow shows in `during` at the
    /// left edge around the finger's height and nowhere else, and is gone in `after`. `during` is
    /// kept for a look as `.build/test-artifacts/NAME` (the run folder goes with the test).
    static func checkArrow(_ run: GuestVM.Run, keptAs name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try Screenshot(png: run.resultsDirectory.appendingPathComponent("before.png"))
        let during = try Screenshot(png: run.resultsDirectory.appendingPathComponent("during.png"))
        let after = try Screenshot(png: run.resultsDirectory.appendingPathComponent("after.png"))
        let artifacts = Paths.repository.appendingPathComponent(".build/test-artifacts")
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: artifacts.appendingPathComponent(name))
        try? FileManager.default.copyItem(at: run.resultsDirectory.appendingPathComponent("during.png"), to: artifacts.appendingPathComponent(name))
        XCTAssertEqual(before.width, 1280, file: file, line: line)
        let arrow = during.differences(from: before)
        XCTAssertGreaterThan(arrow.count, 300, "the arrow shows", file: file, line: line)
        XCTAssertTrue(arrow.allSatisfy { $0.x < 80 && abs($0.y - 400) <= 60 }, "only at the edge by the finger: \(arrow.prefix(5))", file: file, line: line)
        let centre = Double(arrow.map(\.y).reduce(0, +)) / Double(max(arrow.count, 1))
        XCTAssertEqual(centre, 400, accuracy: 12, "at the finger's height", file: file, line: line)
        XCTAssertTrue(after.differences(from: before).allSatisfy { $0.x >= 80 }, "gone after the release", file: file, line: line)
    }

    func testTheSessionSideUnderSwayShowsTheArrowNamesTheAppAndNeverHoldsTouchesPastTheTimeout() throws {
        let guest = try GuestVM(variant: .wayland)
        try guest.copy(try InputVMTests.releaseBinary(), as: "swipeback")
        try guest.write(Self.touches, as: "touches.txt")
        // The pointer's cursor hidden (it comes and goes with touches and the service's mouse): the screenshots show only the arrow's change.
        try guest.write("default_border none\nxwayland disable\nseat * hide_cursor 100\n", as: "sway.conf")
        try guest.write(#"{"inputSessionUser": "1000"}"# + "\n", as: "input.json")
        // The first session side gives the client an action of its own (its app_id is weston's name for eventdemo).
        try guest.write(#"{"systemExclude": [], "systemAppActions": ["org.freedesktop.weston.eventdemo=key:Alt+Left"]}"# + "\n", as: "session.json")
        let run = try guest.run(script: Self.script, timeout: .seconds(500), gpu: true)
        print("InputSessionVMTests: the boot took \(run.wallTime.components.seconds) s wall time")
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)\nlog:\n\(run.result("input.jsonl") ?? "")\nsession:\n\(run.result("session1.jsonl") ?? "")\n\(run.result("other.err") ?? "")")
        guard run.status == 0 else { return }

        // What the client received: each phase's key or touch, in order.
        let received = InputWaylandVMTests.clientEvents(try XCTUnwrap(run.result("client.txt")))
        func down(_ x: Double, _ y: Double) -> InputWaylandVMTests.ClientEvent { .init(name: "down", point: (x, y)) }
        func motion(_ x: Double) -> InputWaylandVMTests.ClientEvent { .init(name: "motion", point: (x, 400)) }
        let back = [InputWaylandVMTests.ClientEvent(name: "key", key: (158, 1)), .init(name: "key", key: (158, 0))]
        // KEY_LEFTALT and KEY_LEFT: the app's own action, sent by the service's keyboard.
        let altLeft = [InputWaylandVMTests.ClientEvent(name: "key", key: (56, 1)), .init(name: "key", key: (105, 1)),
                       .init(name: "key", key: (105, 0)), .init(name: "key", key: (56, 0))]
        let up = InputWaylandVMTests.ClientEvent(name: "up")
        let excluded: [InputWaylandVMTests.ClientEvent] = [down(3, 400)] + [63, 123, 183, 243, 303].map(motion) + [up]
        var expected = altLeft // 1
        expected += altLeft + [down(640, 400), up] // 2
        expected += excluded // 4: excluded, whole
        expected += back // 5
        XCTAssertEqual(received, expected, "what the client received:\n\(received.map(\.description).joined(separator: "\n"))")

        // The app the session side named is the one the client set.
        let app = try XCTUnwrap(run.result("app")).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(app.isEmpty, "the session side named the activated app")
        XCTAssertTrue(try XCTUnwrap(run.result("client.txt")).contains("set_app_id(\"\(app)\")"), "the client set app_id \(app)")

        // The service: two session sides connected as user 1000, one of user 1001 refused; the
        // answers; the stopped session's touch decided alone after the timeout.
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("input.jsonl")))
        let sessions = log.filter { $0.string("event") == "session" }.map { "\($0.string("phase") ?? "") \($0.number("uid").map { String(Int($0)) } ?? "")" }
        XCTAssertEqual(sessions.filter { $0.hasPrefix("connected") || $0.hasPrefix("refused") },
                       ["connected 1000", "refused 1001", "connected 1000", "refused 1000"], "the duplicate refused once, though it tried again")
        let answered = log.filter { $0.string("event") == "answered" }.map { "\($0.string("app") ?? "nil") \($0.bool("exclude") == true)" }
        XCTAssertEqual(answered, ["\(app) false", "\(app) false", "\(app) true"], "phases 1, 2 and 4 answered; 5 not")
        let sent = log.filter { $0.string("event") == "sent" }.map { $0.string("action") ?? "" }
        XCTAssertEqual(sent, ["key:Alt+Left", "key:Alt+Left", "key:XF86Back"], "the app's own action while its session side answered, then the service's")
        let held = log.filter { $0.string("event") == "held" }
        XCTAssertEqual(held.count, 4, "phases 1, 2, 4 and 5 asked the session side")
        let lastHeld = try XCTUnwrap(held.last?.t)
        let decidedAlone = try XCTUnwrap(log.first { $0.string("event") == "accepted" && ($0.t ?? 0) > lastHeld }?.t)
        XCTAssertGreaterThanOrEqual(decidedAlone - lastHeld, 195, "it waited for the stopped session side up to the decision timeout")
        XCTAssertLessThan(decidedAlone - lastHeld, 1000, "and no longer")
        XCTAssertEqual(run.result("input-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "0", run.result("input.err") ?? "")
        XCTAssertEqual(run.result("input.err"), "")
        XCTAssertEqual(run.result("session2-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "0", run.result("session2.err") ?? "")

        // The arrow: in the screenshot mid-swipe, at the left edge around the finger's height
        // (400 of 800), and nowhere else; gone after the release.
        try Self.checkArrow(run, keptAs: "arrow-under-sway.png")

        // Its frames: paced by the compositor's frame callbacks (at most one per refresh): in the
        // session side's Wayland log, no commit of the arrow's surface comes before the compositor
        // said the frame of the commit before it was shown.
        let wayland = try XCTUnwrap(run.result("session1.wayland"))
        var waiting: String?, requested: String?, commits = 0, early = 0
        for line in wayland.split(separator: "\n") {
            if line.contains(" -> wl_surface@"), line.contains(".frame(new id wl_callback@"),
               let id = line.split(separator: "@").last?.prefix(while: { $0.isNumber }) {
                requested = String(id)
            } else if line.contains(" -> wl_surface@"), line.hasSuffix(".commit()") {
                if waiting != nil { early += 1 }
                waiting = requested
                requested = nil
                commits += 1
            } else if line.contains(" -> wl_surface@"), line.hasSuffix(".destroy()") {
                waiting = nil
            } else if let waited = waiting, line.contains("] wl_callback@\(waited).done(") {
                waiting = nil
            }
        }
        let frames = EventLogReader.linesSoFar(try XCTUnwrap(run.result("session1.jsonl"))).filter { $0.type == "frame" }.count
        print("InputSessionVMTests: \(frames) arrow frames, \(commits) commits")
        XCTAssertGreaterThan(frames, 5, "the arrow was drawn as the finger moved")
        XCTAssertEqual(early, 0, "a commit before the last frame was shown")

        // The other user's session side was told why.
        XCTAssertTrue(run.result("other.jsonl")?.contains("the service refused the channel") == true, run.result("other.jsonl") ?? "")
    }
}
