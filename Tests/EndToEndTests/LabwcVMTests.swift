// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackFormats
import SwipeBackXTesting
import XCTest

/// Raspberry Pi OS's compositor: labwc 0.8 (wlroots 0.18) on Debian 13, in the test VM's labwc
/// root (`GuestVM(variant: .labwc)`, amd64: the Pi's userland and compositor, emulated on the
/// machine's own architecture, where an arm64 root with Chromium would take a quarter of an hour to
/// install under qemu-user and every page several times longer to show; the arm64 program itself is
/// tried at the touchscreen by `InputArm64VMTests`). The service runs as root at a uinput
/// touchscreen, labwc and the session side as user 1000 through seatd (Raspberry Pi OS has lightdm
/// and logind; the guest has neither, so the service is told the session's user by
/// `inputSessionUser`).
final class LabwcVMTests: XCTestCase {
    /// labwc's configuration for the session side's test: every window maximized, so the client
    /// lies under the left edge.
    static let maximizeEveryWindow = """
        <?xml version="1.0"?>
        <labwc_config>
          <windowRules>
            <windowRule identifier="*" serverDecoration="no">
              <action name="Maximize"/>
            </windowRule>
          </windowRules>
        </labwc_config>

        """

    /// Starts seatd and labwc (as user 1000, its configuration in /test/labwc) and waits for its
    /// socket; leaves `as_user`, `compositor` and `WAYLAND_DISPLAY` set.
    static let labwcStart = """
        export XDG_RUNTIME_DIR=/run/user/1000
        chmod 777 "$RESULTS" # the session side (user 1000) writes its logs there
        mkdir -p $XDG_RUNTIME_DIR /tmp/home && chown 1000:44 $XDG_RUNTIME_DIR /tmp/home && chmod 700 $XDG_RUNTIME_DIR
        seatd -g video > "$RESULTS/seatd.log" 2>&1 &
        wait_file /run/seatd.sock
        as_user() { user=$1; shift; HOME=/tmp/home exec setpriv --reuid="$user" --regid=44 --clear-groups "$@"; }
        ( export LIBSEAT_BACKEND=seatd WLR_BACKENDS=drm,libinput WLR_RENDERER=pixman; as_user 1000 labwc -C /test/labwc ) > "$RESULTS/labwc.log" 2>&1 &
        compositor=$!
        i=0
        until socket=$(cd "$XDG_RUNTIME_DIR" && ls wayland-? 2> /dev/null | head -1) && [ -n "$socket" ]; do
          i=$((i + 1)); [ $i -le 600 ] || { echo "no Wayland socket in $XDG_RUNTIME_DIR"; exit 3; }; sleep 0.1
        done
        export WAYLAND_DISPLAY=$socket

        """

    /// The session side's touches: a swipe held half way (the arrow's screenshot), then on to a
    /// commit; then, with the client's app excluded, the same fast swipe.
    static let sessionTouches = """
        wait-file /test/go-1 200000
        down 0 1 3 400
        sync
        \(InputSessionVMTests.edgeMoves(from: 3, steps: 60, by: 3, wait: 4))mark /test/mid-1
        wait-file /test/shot-1 60000
        \(InputSessionVMTests.edgeMoves(from: 183, steps: 5, by: 50, wait: 8))wait 8
        up 0
        sync
        mark /test/done-1
        wait-file /test/go-2 60000
        down 0 2 3 400
        sync
        \(InputSessionVMTests.edgeMoves(from: 3, steps: 5, by: 60, wait: 8))wait 8
        up 0
        sync
        mark /test/done-2
        wait-file /test/end 60000

        """

    static let sessionScript = """
        \(InputWaylandVMTests.serviceStart(arguments: "--config /test/input.json "))\(labwcStart)( export WAYLAND_DEBUG=1; as_user 1000 weston-eventdemo ) > "$RESULTS/client.out" 2> "$RESULTS/client.txt" &
        client=$!
        wait_for 'xdg_toplevel[@#][0-9]*[.]configure(1280, 800' "$RESULTS/client.txt"
        ( export WAYLAND_DEBUG=1; as_user 1000 /test/swipeback system --log-frames --config /test/session.json --event-log "$RESULTS/session1.jsonl" ) 2> "$RESULTS/session1.wayland" &
        s1=$!
        wait_for '"connected"' "$RESULTS/session1.jsonl"
        sleep 1
        ( as_user 1000 grim "$RESULTS/before.png" )
        # 1. The arrow half way, then gone after the commit.
        touch /test/go-1; wait_file /test/mid-1
        sleep 1
        ( as_user 1000 grim "$RESULTS/during.png" )
        touch /test/shot-1; wait_file /test/done-1
        wait_for '"sent"' "$log"
        sleep 1
        ( as_user 1000 grim "$RESULTS/after.png" )
        kill $s1; wait $s1
        # 2. A session side that excludes the client's app (the app_id the first one named).
        app=$(grep -o '"event": "held", "touch": [0-9]*, "app": "[^"]*"' "$RESULTS/session1.jsonl" | head -1 | sed 's/.*"app": "//; s/"$//')
        echo "$app" > "$RESULTS/app"
        printf '{"systemExclude": ["%s"]}\\n' "$app" > /tmp/session2.json
        chmod 644 /tmp/session2.json
        ( as_user 1000 /test/swipeback system --config /tmp/session2.json --event-log "$RESULTS/session2.jsonl" ) 2> "$RESULTS/session2.err" &
        s2=$!
        wait_for '"connected"' "$RESULTS/session2.jsonl"
        touch /test/go-2; wait_file /test/done-2
        wait_for '"answered"' "$log" 2
        sleep 1
        touch /test/end
        wait $touch1 || { echo "uinput-touch failed: $(cat "$RESULTS/touch1.txt")"; exit 4; }
        kill $s2; wait $s2
        kill $client
        kill -TERM $sw; wait $sw; echo $? > "$RESULTS/input-status"
        kill $compositor
        exit 0

        """

    /// Under labwc, `swipeback system` as the session side draws the arrow on the overlay layer at
    /// the finger's height (grim's screenshot) and gone after the release, names the activated
    /// app's app_id (so its own action from `systemAppActions` is sent), and an app it excludes
    /// keeps its edge: the swipe reaches it whole.
    func testTheSessionSideUnderLabwcShowsTheArrowNamesTheAppAndExcludesIt() throws {
        let guest = try GuestVM(variant: .labwc)
        try guest.copy(try InputVMTests.releaseBinary(), as: "swipeback")
        try guest.write(Self.sessionTouches, as: "touches.txt")
        try guest.write(Self.maximizeEveryWindow, as: "labwc/rc.xml")
        try guest.write(#"{"inputSessionUser": "1000"}"# + "\n", as: "input.json")
        // The client's own action: Ctrl+Left (labwc's default keybinds take Alt and the arrows for
        // MoveToEdge, so an Alt+Left never reaches an app under labwc's defaults).
        try guest.write(#"{"systemExclude": [], "systemAppActions": ["org.freedesktop.weston.eventdemo=key:Ctrl+Left"]}"# + "\n", as: "session.json")
        let run = try guest.run(script: Self.sessionScript, timeout: .seconds(400), gpu: true)
        print("LabwcVMTests: the session side's boot took \(run.wallTime.components.seconds) s wall time")
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)\nlog:\n\(run.result("input.jsonl") ?? "")\nsession:\n\(run.result("session1.jsonl") ?? "")\nlabwc:\n\(run.result("labwc.log") ?? "")")
        guard run.status == 0 else { return }

        // The app the session side named is the one the client set, and its own action was sent.
        let app = try XCTUnwrap(run.result("app")).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(app, "org.freedesktop.weston.eventdemo")
        XCTAssertTrue(try XCTUnwrap(run.result("client.txt")).contains("set_app_id(\"\(app)\")"), "the client set app_id \(app)")
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("input.jsonl")))
        let answered = log.filter { $0.string("event") == "answered" }.map { "\($0.string("app") ?? "nil") \($0.bool("exclude") == true)" }
        XCTAssertEqual(answered, ["\(app) false", "\(app) true"], "phase 1 with its action, phase 2 excluded")
        XCTAssertEqual(log.filter { $0.string("event") == "sent" }.map { $0.string("action") ?? "" }, ["key:Ctrl+Left"])

        // What the client received: Ctrl+Left for phase 1; phase 2 whole, from its first point.
        let received = InputWaylandVMTests.clientEvents(try XCTUnwrap(run.result("client.txt")))
        func down(_ x: Double, _ y: Double) -> InputWaylandVMTests.ClientEvent { .init(name: "down", point: (x, y)) }
        func motion(_ x: Double) -> InputWaylandVMTests.ClientEvent { .init(name: "motion", point: (x, 400)) }
        // KEY_LEFTCTRL and KEY_LEFT.
        let ctrlLeft = [InputWaylandVMTests.ClientEvent(name: "key", key: (29, 1)), .init(name: "key", key: (105, 1)),
                        .init(name: "key", key: (105, 0)), .init(name: "key", key: (29, 0))]
        let excluded: [InputWaylandVMTests.ClientEvent] = [down(3, 400)] + [63, 123, 183, 243, 303].map(motion) + [.init(name: "up")]
        XCTAssertEqual(received, ctrlLeft + excluded, "what the client received:\n\(received.map(\.description).joined(separator: "\n"))")
        XCTAssertEqual(run.result("input-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "0", run.result("input.err") ?? "")

        // The arrow: mid-swipe at the left edge around the finger's height, nowhere else; gone after the release.
        try InputSessionVMTests.checkArrow(run, keptAs: "arrow-under-labwc.png")
    }

    /// The Raspberry Pi kiosk's touches: a tap on the link, a fast swipe that starts outside the
    /// strip (12 mm in: it reaches Chromium whole, so Chromium's own swipe back would take it; the
    /// control), and a fast swipe from the edge.
    static let kioskTouches = """
        wait-file /test/go-tap 300000
        down 0 1 640 400
        sync
        wait 40
        up 0
        sync
        mark /test/done-tap
        wait-file /test/go-control 300000
        down 0 2 60 400
        sync
        \(InputSessionVMTests.edgeMoves(from: 60, steps: 5, by: 80, wait: 8))wait 8
        up 0
        sync
        mark /test/done-control
        wait-file /test/go-swipe 300000
        \(InputWaylandVMTests.edgeSwipe(id: 3))mark /test/done-swipe
        wait-file /test/end 300000

        """

    /// The guide's kiosk: the service, then labwc with the guide's autostart (the session side and
    /// Chromium, pointed at the test's page and its DevTools port).
    static let kioskScript = """
        \(InputWaylandVMTests.chromiumFunctions)guest_udev
        modprobe virtio_gpu
        udevadm settle
        \(labwcStart)at labwc
        # The service after the session, as when it starts late at boot: the session side waits for it.
        log="$RESULTS/input.jsonl"
        uinput-touch --name "VM touchscreen" /test/touches.txt > "$RESULTS/node1.txt" 2> "$RESULTS/touch1.txt" &
        /test/swipeback input --config /test/input.json --event-log "$log" 2> "$RESULTS/input.err" &
        sw=$!
        wait_for '"taken"' "$log"
        at service
        wait_page One 300
        wait_for '"connected"' /tmp/home/session.jsonl
        sleep 5
        at tap; touch /test/go-tap; wait_file /test/done-tap
        wait_page Two
        sleep 3
        at control; touch /test/go-control; wait_file /test/done-control
        sleep 10
        page > "$RESULTS/after-control"
        at "after the control"
        at swipe; touch /test/go-swipe; wait_file /test/done-swipe
        wait_page One
        touch /test/end
        cp /tmp/home/session.jsonl "$RESULTS/session.jsonl"
        kill -TERM $sw; wait $sw; echo $? > "$RESULTS/input-status"
        kill $compositor
        exit 0

        """

    /// Chromium in kiosk mode on labwc, started by the Raspberry Pi guide's labwc autostart
    /// (docs/raspberry-pi/autostart, as docs/KIOSK.md shows it) before `swipeback input` starts at
    /// the touchscreen (the session side waits for the service): a tap opens page two, a fast
    /// swipe from 12 mm in reaches Chromium whole and leaves it there, and a fast swipe from the
    /// edge takes it back, the session side naming Chromium.
    func testChromiumInKioskModeOnLabwcGoesBackAsTheRaspberryPiGuideSetsItUp() throws {
        let guest = try GuestVM(variant: .labwc)
        try guest.copy(try InputVMTests.releaseBinary(), as: "swipeback")
        try guest.write(Self.kioskTouches, as: "touches.txt")
        for (file, text) in InputWaylandVMTests.pages { try guest.write(text, as: file) }
        // The guide's autostart, with the program where the test put it, its log in the user's
        // home, and Chromium pointed at the test's page, with DevTools for the test to read it.
        let guide = try String(contentsOf: Paths.repository.appendingPathComponent("docs/raspberry-pi/autostart"), encoding: .utf8)
        XCTAssertTrue(guide.contains("exec swipeback system) &\n") && guide.contains("https://example.org/ &"), guide)
        let autostart = guide
            .replacingOccurrences(of: "exec swipeback system) &\n", with: "exec /test/swipeback system --event-log /tmp/home/session.jsonl) &\n")
            .replacingOccurrences(of: "https://example.org/ &", with: "--remote-debugging-port=9222 --user-data-dir=/tmp/home/chromium --no-first-run "
                                  + "--no-default-browser-check --disable-gpu --disable-background-networking --disable-component-update --disable-sync "
                                  + "file:///test/page1.html > /tmp/home/chromium.log 2>&1 &")
        try guest.write(autostart, as: "labwc/autostart")
        try guest.write(#"{"inputSessionUser": "1000"}"# + "\n", as: "input.json")
        let run = try guest.run(script: Self.kioskScript, timeout: .seconds(700), gpu: true)
        let steps = run.result("steps") ?? ""
        print("LabwcVMTests: the kiosk's boot took \(run.wallTime.components.seconds) s wall time; its steps (guest uptime, s):\n\(steps)")
        XCTAssertEqual(run.status, 0, "the guest script failed: \(run.output)\nsteps:\n\(steps)\nlog:\n\(run.result("input.jsonl") ?? "")\nlabwc:\n\(run.result("labwc.log") ?? "")")
        guard run.status == 0 else { return }
        XCTAssertTrue(run.result("after-control")?.contains("\"Two\"") == true, "the control swipe left Chromium on page two: \(run.result("after-control") ?? "")")
        let log = EventLogReader.linesSoFar(try XCTUnwrap(run.result("input.jsonl")))
        // The tap and the control outside the strip, to Chromium whole; the edge swipe kept and sent.
        XCTAssertEqual(InputVMTests.decisions(log), ["rejected outside", "rejected outside", "accepted ", "committed ", "sent key:XF86Back"])
        XCTAssertEqual(log.filter { $0.string("event") == "answered" }.map { $0.string("app") ?? "nil" }, ["chromium"], "the session side named Chromium")
        XCTAssertEqual(run.result("input-status")?.trimmingCharacters(in: .whitespacesAndNewlines), "0", run.result("input.err") ?? "")
    }

    /// The guide's steps for the service as a Raspberry Pi runs them: the package installed with
    /// apt, the guide's configuration installed by its command, the unit enabled, and then a boot
    /// with systemd as PID 1 (on an overlay of the guest's root, so the cached root stays as it is).
    /// `/run/next-init` hands the guest to systemd after this script.
    static let bootScript = """
        mkdir -p /run/ov/upper /run/ov/work /run/ov/root
        mount -t overlay overlay -o lowerdir=/,upperdir=/run/ov/upper,workdir=/run/ov/work /run/ov/root || exit 5
        r=/run/ov/root
        mount --rbind /dev $r/dev; mount -t proc proc $r/proc; mount -t sysfs sysfs $r/sys
        mount --bind /test $r/test
        in_root() { chroot $r /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive "$@"; }
        # The guest's root leaves out documentation (make-guest's dpkg options); a Pi's does not.
        rm -f $r/etc/dpkg/dpkg.cfg.d/99mmdebstrap
        # 1. The package (all it depends on is in the root: apt needs no network).
        in_root apt-get install -y -q --no-install-recommends /test/swipeback.deb > "$RESULTS/apt.txt" 2>&1 || { echo "apt failed"; exit 6; }
        # 3. The turned panel's configuration, by the guide's command.
        in_root install -D -m 644 /usr/share/doc/swipeback/docs/raspberry-pi/config.json /etc/swipeback/config.json || exit 7
        # 2. The unit enabled (the guide's `enable --now`, then 5. the reboot: the boot below).
        in_root systemctl enable swipeback-input > "$RESULTS/enable.txt" 2>&1 || exit 8
        # The check, a unit of its own once the service has started.
        printf '[Unit]\nAfter=swipeback-input.service\n[Service]\nType=oneshot\nExecStart=/bin/sh /test/check.sh\n[Install]\nWantedBy=multi-user.target\n' \
          > $r/etc/systemd/system/guide-check.service
        in_root systemctl enable guide-check > /dev/null 2>&1 || exit 9
        umount $r/test $r/proc; umount -l $r/sys $r/dev
        mkdir -p $r/oldroot
        printf '#!/bin/sh\ncd /run/ov/root && pivot_root . oldroot && mount --bind /oldroot/test /test && exec chroot . /lib/systemd/systemd\nbusybox poweroff -f\n' > /run/next-init
        chmod 755 /run/next-init
        exit 0

        """

    /// What the check unit runs under systemd: the service's state, then a touchscreen turned as
    /// the guide's configuration says, judged by libinput; then it powers the guest off.
    static let checkScript = """
        R=/test/results
        trap 'systemctl poweroff' EXIT
        until_found() { i=0; until [ "$(grep -c -- "$1" "$2" 2>/dev/null)" -ge "$3" ]; do i=$((i + 1)); [ $i -le 600 ] || { echo "no $3 x $1" >> $R/check.txt; exit 3; }; sleep 0.1; done; }
        systemctl is-enabled swipeback-input > $R/enabled 2>&1
        systemctl is-active swipeback-input > $R/active 2>&1
        systemctl show swipeback-input -p User -p NRestarts > $R/show 2>&1
        stdbuf -oL libinput debug-events --verbose --show-keycodes > $R/libinput.txt 2>&1 &
        uinput-touch --name "VM touchscreen" /test/touches.txt > $R/node1.txt 2> $R/touch1.txt &
        # The device, then its twin from the service.
        until_found "DEVICE_ADDED.*VM touchscreen" $R/libinput.txt 2
        until_found "DEVICE_ADDED.*SwipeBack keyboard" $R/libinput.txt 1
        touch /test/go-rotated
        i=0; until [ -e /test/done-rotated ]; do i=$((i + 1)); [ $i -le 600 ] || exit 3; sleep 0.1; done
        until_found "KEY_BACK (158) released" $R/libinput.txt 1
        until_found "TOUCH_UP" $R/libinput.txt 1
        touch /test/end
        journalctl -u swipeback-input --no-pager > $R/journal.txt 2>&1
        echo done >> $R/check.txt

        """

    /// The Raspberry Pi guide's service steps under systemd: installed with apt, the turned
    /// panel's configuration installed by the guide's command, enabled, and started by a boot (the
    /// guide's reboot): the unit is enabled and active with its whole sandbox, takes a
    /// touchscreen plugged in after it, and follows the configuration (a swipe from the panel's
    /// edge that is the screen's left is one KEY_BACK; one from its left edge passes whole).
    func testTheGuidesServiceStartsAtBootUnderSystemdWithItsConfiguration() throws {
        let guest = try GuestVM(variant: .labwc)
        try guest.copy(try builtPackage(architecture: "amd64"), as: "swipeback.deb")
        try guest.write(InputArm64VMTests.rotatedTouches + "wait-file /test/end 120000\n", as: "touches.txt")
        try guest.write(Self.checkScript, as: "check.sh")
        let run = try guest.run(script: Self.bootScript, timeout: .seconds(400))
        print("LabwcVMTests: the systemd boot took \(run.wallTime.components.seconds) s wall time")
        XCTAssertEqual(run.status, 0, "preparing the boot failed: \(run.output)\n\(run.result("apt.txt") ?? "")")
        let check = run.result("check.txt") ?? ""
        XCTAssertTrue(check.hasSuffix("done\n"), "the check under systemd did not finish: \(check)\nconsole: \(run.console.suffix(3000))")
        XCTAssertEqual(run.result("enabled")?.trimmingCharacters(in: .whitespacesAndNewlines), "enabled")
        XCTAssertEqual(run.result("active")?.trimmingCharacters(in: .whitespacesAndNewlines), "active", run.result("journal.txt") ?? "")
        XCTAssertTrue(run.result("show")?.contains("NRestarts=0") == true, run.result("show") ?? "")
        let lines = (run.result("libinput.txt") ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        let events = InputVMTests.events(lines[...])
        let screens = events.filter { $0.kind == "DEVICE_ADDED" && $0.text.contains("VM touchscreen") }.map(\.node)
        XCTAssertEqual(screens.count, 2, "the device and the service's twin: \(screens)")
        let touches = events.filter { $0.kind == "TOUCH_DOWN" }
        XCTAssertEqual(touches.map(\.node), [screens.last ?? ""], "one touch, the left edge's, on the twin: \(events.map(\.text))")
        XCTAssertTrue(touches.first?.text.hasSuffix("( 0.60/80.00mm)") == true, "from its first point: \(touches.map(\.text))")
        let keys = events.filter { $0.kind == "KEYBOARD_KEY" }.map(\.text)
        XCTAssertEqual(keys.count, 2, "one KEY_BACK, pressed and released: \(keys)")
        XCTAssertTrue(keys.first?.hasSuffix("KEY_BACK (158) pressed") == true, "\(keys)")
    }
}
