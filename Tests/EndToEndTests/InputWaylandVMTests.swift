// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackFormats
import SwipeBackXTesting
import XCTest

/// `swipeback input` under real Wayland compositors, on a real kernel (the test VM's Wayland root:
/// `GuestVM(variant: .wayland)`, a virtio-gpu card, pixman rendering): a uinput touchscreen
/// scripted in the guest is the hardware, and what a Wayland client receives (`WAYLAND_DEBUG=1`,
/// libwayland's own log of every event it is sent) is the judge. One boot per test.
///
/// The output is 1280 x 800 (virtio-gpu's mode) and so is the touchscreen, in units: a point's
/// surface coordinates in a fullscreen client are its device units.
final class InputWaylandVMTests: XCTestCase {
    /// The touchscreen's script: `InputVMTests.basicTouches` (a to g) once the client is up.
    static let touches = """
        wait-file /test/go-basic 120000
        \(InputVMTests.basicTouches)mark /test/done-basic
        wait-file /test/end 120000

        """

    /// The guest's script around a compositor: the touchscreen, `swipeback input` (before the
    /// compositor: the twin is there when it starts, as at boot), the compositor (`start`, which
    /// leaves its PID in `$compositor`), `weston-eventdemo` (a toytoolkit client that takes the
    /// keyboard and touch) with libwayland's debug log, then the basic touches.
    static func script(compositor start: String) -> String {
        """
        \(serviceStart())\(start)
        i=0
        until socket=$(cd "$XDG_RUNTIME_DIR" && ls wayland-? 2> /dev/null | head -1) && [ -n "$socket" ]; do
          i=$((i + 1)); [ $i -le 600 ] || { echo "no Wayland socket in $XDG_RUNTIME_DIR"; exit 3; }; sleep 0.1
        done
        export WAYLAND_DISPLAY=$socket
        WAYLAND_DEBUG=1 weston-eventdemo > "$RESULTS/client.out" 2> "$RESULTS/client.txt" &
        client=$!
        wait_for 'wl_keyboard@[0-9]*[.]enter' "$RESULTS/client.txt"
        wait_for 'xdg_surface@[0-9]*[.]configure' "$RESULTS/client.txt"
        sleep 1
        touch /test/go-basic
        wait_file /test/done-basic
        wait_for '"secondFinger"' "$log"
        sleep 1
        touch /test/end
        wait $touch1 || { echo "uinput-touch failed: $(cat "$RESULTS/touch1.txt")"; exit 4; }
        kill $client
        kill -TERM $sw; wait $sw; echo $? > "$RESULTS/input-status"
        kill $compositor
        exit 0

        """
    }

    /// The start of a guest script: udev and the GPU, the touchscreen playing /test/touches.txt
    /// (its PID in `$touch1`), and `swipeback input` with `arguments` (its PID in `$sw`, its event
    /// log in `$log`) once it has taken the touchscreen.
    static func serviceStart(arguments: String = "") -> String {
        """
        guest_udev
        modprobe virtio_gpu
        udevadm settle
        uinput-touch --name "VM touchscreen" /test/touches.txt > "$RESULTS/node1.txt" 2> "$RESULTS/touch1.txt" &
        touch1=$!
        log="$RESULTS/input.jsonl"
        /test/swipeback input \(arguments)--event-log "$log" 2> "$RESULTS/input.err" &
        sw=$!
        wait_for '"taken"' "$log"

        """
    }

    /// One event a Wayland client received on its wl_touch or wl_keyboard, from libwayland's debug log.
    struct ClientEvent: Equatable, CustomStringConvertible {
        /// `down`, `motion`, `up`, `key`.
        var name: String
        /// A touch's surface point (down, motion), or nil.
        var point: (x: Double, y: Double)?
        /// A key's evdev code and state (1 pressed, 0 released), or nil.
        var key: (code: Int, state: Int)?

        static func == (a: Self, b: Self) -> Bool {
            a.name == b.name && a.point?.x == b.point?.x && a.point?.y == b.point?.y && a.key?.code == b.key?.code && a.key?.state == b.key?.state
        }

        var description: String {
            if let point { return "\(name)(\(point.x), \(point.y))" }
            if let key { return "\(name)(\(key.code), \(key.state))" }
            return name
        }
    }

    /// The touch and key events in `log` (`WAYLAND_DEBUG=1` output), in order: lines like
    /// `[1782256.728] wl_touch@19.down(5, 16936, wl_surface@15, 0, 640.00000000, 400.00000000)`.
    static func clientEvents(_ log: String) -> [ClientEvent] {
        log.split(separator: "\n").compactMap { line in
            // Debian 12's libwayland writes `[time] wl_touch@14.down(...)`, Debian 13's
            // `[time] {Default Queue} wl_touch#14.down(...)`.
            guard !line.contains(" -> "), line.hasPrefix("["), let at = line.range(of: " wl_") else { return nil }
            let call = line[at.upperBound...]
            guard let dot = call.firstIndex(of: "."), let open = call.firstIndex(of: "("), call.hasSuffix(")") else { return nil }
            let interface = call[..<dot].split(whereSeparator: { $0 == "@" || $0 == "#" }).first ?? ""
            let name = String(call[call.index(after: dot)..<open])
            let arguments = call[call.index(after: open)..<call.index(before: call.endIndex)].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            switch (interface, name) {
            case ("touch", "down") where arguments.count == 6:
                guard let x = Double(arguments[4]), let y = Double(arguments[5]) else { return nil }
                return ClientEvent(name: "down", point: (x, y))
            case ("touch", "motion") where arguments.count == 4:
                guard let x = Double(arguments[2]), let y = Double(arguments[3]) else { return nil }
                return ClientEvent(name: "motion", point: (x, y))
            case ("touch", "up"):
                return ClientEvent(name: "up")
            case ("keyboard", "key") where arguments.count == 4:
                guard let code = Int(arguments[2]), let state = Int(arguments[3]) else { return nil }
                return ClientEvent(name: "key", key: (code, state))
            default:
                return nil
            }
        }
    }

    /// What the client must receive of the basic touches: a, b, e, f and g's two fingers from
    /// their first points with every move, the fast edge swipe (c) as one KEY_BACK and no touch,
    /// and nothing of the short slow edge drag (d).
    static let expected: [ClientEvent] = {
        func down(_ x: Double, _ y: Double) -> ClientEvent { ClientEvent(name: "down", point: (x, y)) }
        func motion(_ x: Double, _ y: Double) -> ClientEvent { ClientEvent(name: "motion", point: (x, y)) }
        let up = ClientEvent(name: "up")
        return [down(640, 400), up] // a
            + [down(600, 300)] + [620, 640, 660, 680, 700].map { motion($0, 300) } + [up] // b
            + [ClientEvent(name: "key", key: (158, 1)), ClientEvent(name: "key", key: (158, 0))] // c: KEY_BACK
            + [down(10, 300)] + [310, 320, 330, 340].map { motion(10, $0) } + [up] // e
            + [down(5, 600), up] // f
            + [down(5, 200), down(640, 400), motion(660, 400), up, up] // g: the held touch first, then the second finger
    }()

    /// Boots the Wayland guest with `compositor`, plays the basic touches, and checks what the client received.
    func checkClient(compositor: String, name: String, files: [String: String] = [:]) throws {
        let guest = try GuestVM(variant: .wayland)
        try guest.copy(try InputVMTests.releaseBinary(), as: "swipeback")
        try guest.write(Self.touches, as: "touches.txt")
        for (file, text) in files { try guest.write(text, as: file) }
        let run = try guest.run(script: Self.script(compositor: compositor), timeout: .seconds(400), gpu: true)
        print("InputWaylandVMTests: the \(name) boot took \(run.wallTime.components.seconds) s wall time")
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)\nlog:\n\(run.result("input.jsonl") ?? "")")
        guard run.status == 0 else { return }
        let received = Self.clientEvents(try XCTUnwrap(run.result("client.txt")))
        XCTAssertEqual(received, Self.expected, "what the client under \(name) received:\n\(received.map(\.description).joined(separator: "\n"))")
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("input.jsonl")))
        XCTAssertEqual(log.filter { $0.string("event") == "sent" }.map { $0.string("action") }, ["key:XF86Back"])
        XCTAssertEqual(run.result("input-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "0", run.result("input.err") ?? "")
        XCTAssertEqual(run.result("input.err"), "", "nothing on standard error")
    }

    /// weston 10 on DRM with pixman and its kiosk shell (as a kiosk runs it), as root with its own launcher.
    func testAClientUnderWestonsKioskShellSeesTheDecisions() throws {
        try checkClient(compositor: """
            export XDG_RUNTIME_DIR=/run/user/0
            mkdir -p $XDG_RUNTIME_DIR && chmod 700 $XDG_RUNTIME_DIR
            weston --tty=7 --backend=drm-backend.so --use-pixman --shell=kiosk-shell.so --socket=wayland-0 --log="$RESULTS/weston.log" &
            compositor=$!
            """, name: "weston")
    }

    /// sway 1.7 (wlroots 0.15) on DRM with pixman, as a user (it refuses root) through seatd.
    func testAClientUnderSwaySeesTheDecisions() throws {
        try checkClient(compositor: """
            export XDG_RUNTIME_DIR=/run/user/1000
            mkdir -p $XDG_RUNTIME_DIR /tmp/home && chown 1000:44 $XDG_RUNTIME_DIR /tmp/home && chmod 700 $XDG_RUNTIME_DIR
            seatd -g video > "$RESULTS/seatd.log" 2>&1 &
            wait_file /run/seatd.sock
            HOME=/tmp/home LIBSEAT_BACKEND=seatd WLR_BACKENDS=drm,libinput WLR_RENDERER=pixman \\
              setpriv --reuid=1000 --regid=44 --clear-groups sway -c /test/sway.conf > "$RESULTS/sway.log" 2>&1 &
            compositor=$!
            """, name: "sway", files: ["sway.conf": "default_border none\nxwayland disable\n"])
    }

    /// The pages Chromium shows: one whole-page link from the first to the second.
    static let pages = [
        "page1.html": """
            <!doctype html><title>One</title><a href="page2.html" style="display:block;position:fixed;inset:0;background:#48c;color:#fff;font:48px sans-serif">Page one: tap to open page two</a>

            """,
        "page2.html": """
            <!doctype html><title>Two</title><body style="background:#c84;color:#fff;font:48px sans-serif">Page two</body>

            """,
    ]

    /// A fast left-edge swipe, on the touchscreen's script, with tracking id `id`.
    static func edgeSwipe(id: Int) -> String {
        "down 0 \(id) 3 400\nsync\n" + [40, 100, 180, 260, 340].map { "wait 8\nmove 0 \($0) 400\nsync\n" }.joined() + "wait 8\nup 0\nsync\n"
    }

    /// Chromium's touches: a tap on the link, a swipe with no `swipeback input` (the control), and
    /// a swipe with it.
    static let chromiumTouches = """
        wait-file /test/go-tap 300000
        down 0 1 640 400
        sync
        wait 40
        up 0
        sync
        mark /test/done-tap
        wait-file /test/go-control 300000
        \(edgeSwipe(id: 2))mark /test/done-control
        wait-file /test/go-swipe 300000
        \(edgeSwipe(id: 3))mark /test/done-swipe
        wait-file /test/end 300000

        """

    /// Shell functions for a Chromium test: `at NAME` (the guest's uptime into `$RESULTS/steps`),
    /// `page` (the first target's title line from DevTools, port 9222) and `wait_page TITLE
    /// [SECONDS]` (until the page's title is TITLE, default 180 s, else status 3).
    static let chromiumFunctions = """
        at() { read -r up _ < /proc/uptime; echo "at $up $*" >> "$RESULTS/steps"; }
        page() { busybox wget -q -O - http://127.0.0.1:9222/json 2> /dev/null | grep '"title"' | head -1; }
        wait_page() { # wait_page TITLE [SECONDS]: until the page's title is TITLE
          i=0
          until page | grep -q "\\"$1\\""; do
            i=$((i + 1)); [ $i -le $((${2:-180} * 2)) ] || { at "not $1: $(page)"; echo "no page $1 after ${2:-180} s: $(page)"; exit 3; }; sleep 0.5
          done
          at "$1"
        }

        """

    /// The guest's script for Chromium under weston's kiosk shell. Its page is read through
    /// DevTools (`busybox wget` of /json: each target's title and URL); `at NAME` lines in the output
    /// give the guest's uptime, s, at each step.
    static let chromiumScript = """
        \(chromiumFunctions)guest_udev
        modprobe virtio_gpu
        udevadm settle
        export XDG_RUNTIME_DIR=/run/user/0 WAYLAND_DISPLAY=wayland-0
        mkdir -p $XDG_RUNTIME_DIR && chmod 700 $XDG_RUNTIME_DIR
        uinput-touch --name "VM touchscreen" /test/touches.txt > "$RESULTS/node1.txt" 2> "$RESULTS/touch1.txt" &
        touch1=$!
        weston --tty=7 --backend=drm-backend.so --use-pixman --shell=kiosk-shell.so --socket=wayland-0 --log="$RESULTS/weston.log" &
        weston=$!
        wait_file $XDG_RUNTIME_DIR/wayland-0
        at weston
        # Chromium's own touch edge swipe back is off (OverscrollHistoryNavigation), or the test could not fail.
        chromium --ozone-platform=wayland --no-sandbox --disable-gpu --remote-debugging-port=9222 --user-data-dir=/tmp/chromium \\
          --no-first-run --no-default-browser-check --disable-features=OverscrollHistoryNavigation --disable-extensions \\
          --disable-background-networking --disable-component-update --disable-sync file:///test/page1.html > "$RESULTS/chromium.log" 2>&1 &
        chromium=$!
        wait_page One 240
        sleep 5
        at tap; touch /test/go-tap; wait_file /test/done-tap
        wait_page Two
        sleep 3
        at control; touch /test/go-control; wait_file /test/done-control
        sleep 10
        page > "$RESULTS/after-control"
        at "after the control"
        log="$RESULTS/input.jsonl"
        /test/swipeback input --event-log "$log" 2> "$RESULTS/input.err" &
        sw=$!
        wait_for '"taken"' "$log"
        sleep 2
        at swipe; touch /test/go-swipe; wait_file /test/done-swipe
        wait_page One
        touch /test/end
        kill -TERM $sw; wait $sw; echo $? > "$RESULTS/input-status"
        kill $chromium $weston
        exit 0

        """

    /// A real app goes back on a Wayland session: Debian's Chromium (`--ozone-platform=wayland`,
    /// its own touch swipe back off) in weston's kiosk shell. A tap on the link opens page two; a
    /// fast edge swipe without `swipeback input` leaves it there (the control); the same swipe with
    /// it, started while the session runs (the twin comes by hotplug), takes Chromium back to page
    /// one through the virtual keyboard's KEY_BACK.
    func testChromiumOnWaylandGoesBack() throws {
        let guest = try GuestVM(variant: .wayland)
        try guest.copy(try InputVMTests.releaseBinary(), as: "swipeback")
        try guest.write(Self.chromiumTouches, as: "touches.txt")
        for (file, text) in Self.pages { try guest.write(text, as: file) }
        let run = try guest.run(script: Self.chromiumScript, timeout: .seconds(600), gpu: true)
        let steps = run.result("steps") ?? ""
        print("InputWaylandVMTests: the Chromium boot took \(run.wallTime.components.seconds) s wall time; its steps (guest uptime, s):\n\(steps)")
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)\nsteps:\n\(steps)\nlog:\n\(run.result("input.jsonl") ?? "")")
        guard run.status == 0 else { return }
        XCTAssertTrue(run.result("after-control")?.contains("\"Two\"") == true, "the control swipe left Chromium on page two: \(run.result("after-control") ?? "")")
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("input.jsonl")))
        let decisions = log.compactMap { line -> String? in
            guard let event = line.string("event"), ["accepted", "committed", "sent"].contains(event) else { return nil }
            return event + (line.string("action").map { " " + $0 } ?? "")
        }
        XCTAssertEqual(decisions, ["accepted", "committed", "sent key:XF86Back"])
        XCTAssertEqual(run.result("input-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "0", run.result("input.err") ?? "")
    }
}
