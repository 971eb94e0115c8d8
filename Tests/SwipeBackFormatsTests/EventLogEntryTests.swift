// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore
@testable import SwipeBackFormats

/// The typed engine events as event log lines (SPEC section 3): field names and order.
final class EventLogEntryTests: XCTestCase {
    func testGestureLinesCarryVelocityOnlyOnChangedAndEndedAndDecisionOnEnded() {
        func line(_ phase: GesturePhase, velocity: Double?, decision: PopDecision?) -> String {
            EventLogWriter.line(TimedEvent(timeMilliseconds: 16.5, event: .gesture(stack: "main", page: "B", step: GestureReadout(
                phase: phase, progress: 0.25, velocityPixelsPerSecond: velocity, decision: decision))))
        }
        XCTAssertEqual(line(.began, velocity: nil, decision: nil),
                       #"{"t": 16.5, "type": "gesture", "stack": "main", "page": "B", "phase": "began", "progress": 0.25}"#)
        XCTAssertEqual(line(.changed, velocity: nil, decision: nil),
                       #"{"t": 16.5, "type": "gesture", "stack": "main", "page": "B", "phase": "changed", "progress": 0.25, "velocity": null}"#)
        XCTAssertEqual(line(.ended, velocity: 1250, decision: .commit),
                       #"{"t": 16.5, "type": "gesture", "stack": "main", "page": "B", "phase": "ended", "progress": 0.25, "velocity": 1250, "decision": "commit"}"#)
        // A forward swipe's lines end with its kind.
        XCTAssertEqual(EventLogWriter.line(TimedEvent(timeMilliseconds: 16.5, event: .gesture(stack: "main", page: "C", step: GestureReadout(
            phase: .began, progress: 0.1, velocityPixelsPerSecond: nil, decision: nil, kind: .forward)))),
                       #"{"t": 16.5, "type": "gesture", "stack": "main", "page": "C", "phase": "began", "progress": 0.1, "kind": "forward"}"#)
    }

    func testEveryOtherEventBecomesItsLine() {
        let lines = [
            AppEvent.veto(stack: "main", page: "B", downPoint: Point(x: 6, y: 300), allowed: false),
            .lifecycle(stack: "main", page: "A", phase: .willAppear),
            .stack(stack: "main", operation: .pop, page: "B", pages: ["A"], forward: false),
            .stack(stack: "main", operation: .push, page: "B", pages: ["A", "B"], forward: true),
            .stack(stack: "main", operation: .popTo, page: "A", pages: ["A"], forward: false),
            .transition(stack: "main", kind: .interactivePop, phase: .started),
            .transition(stack: "main", kind: .interactiveForward, phase: .started),
            .transition(stack: "main", kind: .pop, phase: .finished(completed: true)),
            .action(stack: "main", page: "A", element: "swipe", action: .toggle("interactivePop"), toggledValue: false),
            .action(stack: "main", page: "B", element: nil, action: .pop, toggledValue: nil),
            .control(stack: "main", page: "A", element: "volume", value: 0.5),
            .back(stack: "main", source: .key, handled: true),
            .forward(stack: "main", source: .button, handled: false),
            .forward(stack: "main", source: .swipe, handled: true),
            .menu(stack: "main", phase: .opened(items: ["B", "A"])),
            .menu(stack: "main", phase: .closed(chosen: "A")),
            .menu(stack: "main", phase: .closed(chosen: nil)),
            .frame(number: 3, productionMilliseconds: 1.5),
            .final(stacks: [StackPages(id: "main", pages: ["A"]), StackPages(id: "side", pages: ["X", "Y"])]),
        ].map { EventLogWriter.line(TimedEvent(timeMilliseconds: 0, event: $0)) }
        XCTAssertEqual(lines, [
            #"{"t": 0, "type": "veto", "stack": "main", "page": "B", "x": 6, "y": 300, "result": false}"#,
            #"{"t": 0, "type": "lifecycle", "stack": "main", "page": "A", "phase": "willAppear"}"#,
            #"{"t": 0, "type": "stack", "stack": "main", "op": "pop", "page": "B", "pages": ["A"]}"#,
            #"{"t": 0, "type": "stack", "stack": "main", "op": "push", "page": "B", "pages": ["A", "B"], "forward": true}"#,
            #"{"t": 0, "type": "stack", "stack": "main", "op": "popTo", "page": "A", "pages": ["A"]}"#,
            #"{"t": 0, "type": "transition", "stack": "main", "kind": "interactivePop", "phase": "started"}"#,
            #"{"t": 0, "type": "transition", "stack": "main", "kind": "interactiveForward", "phase": "started"}"#,
            #"{"t": 0, "type": "transition", "stack": "main", "kind": "pop", "phase": "finished", "completed": true}"#,
            #"{"t": 0, "type": "action", "stack": "main", "page": "A", "element": "swipe", "action": {"toggle": "interactivePop"}, "value": false}"#,
            #"{"t": 0, "type": "action", "stack": "main", "page": "B", "element": null, "action": "pop"}"#,
            #"{"t": 0, "type": "control", "stack": "main", "page": "A", "element": "volume", "value": 0.5}"#,
            #"{"t": 0, "type": "back", "stack": "main", "source": "key", "result": "handled"}"#,
            #"{"t": 0, "type": "forward", "stack": "main", "source": "button", "result": "ignored"}"#,
            #"{"t": 0, "type": "forward", "stack": "main", "source": "swipe", "result": "handled"}"#,
            #"{"t": 0, "type": "menu", "stack": "main", "phase": "opened", "items": ["B", "A"]}"#,
            #"{"t": 0, "type": "menu", "stack": "main", "phase": "closed", "chosen": "A"}"#,
            #"{"t": 0, "type": "menu", "stack": "main", "phase": "closed", "chosen": null}"#,
            #"{"t": 0, "type": "frame", "n": 3, "ms": 1.5}"#,
            #"{"t": 0, "type": "final", "stacks": {"main": ["A"], "side": ["X", "Y"]}}"#,
        ])
    }

    /// The system hosts' lines and the feedback's frame lines, written from typed events, are the
    /// lines SPEC section 3 gives, field for field and in order (the lines the hosts wrote by hand
    /// before they were events).
    func testSystemAndIndicatorFrameLinesAreTheSpecsLines() {
        let release = SystemRelease(decision: .commit, distancePixels: 150, progress: 0.1171875, velocityPixelsPerSecond: 900,
                                    widthPixels: 1280, commitDistancePixels: 76)
        let x11 = SystemTouch.touch(7), device = SystemTouch.device(name: "Wacom", touch: 1)
        let cases: [(AppEvent, String)] = [
            (.indicatorFrame(drawMilliseconds: 0.25), #""type": "frame", "drawMs": 0.25"#),
            (.indicatorFrame(drawMilliseconds: nil), #""type": "frame""#),
            (.system(.started(.grab(style: .page, edgeWidth: 6, commitDistance: 20))),
             #""type": "system", "event": "started", "style": "page", "edgeWidth": 6, "commitDistance": 20"#),
            (.system(.started(.input(edgeWidth: 6, commitDistance: 20))),
             #""type": "system", "event": "started", "style": "input", "edgeWidth": 6, "commitDistance": 20"#),
            (.system(.started(.session(drawsArrow: true, knowsApps: false))),
             #""type": "system", "event": "started", "style": "session", "arrow": true, "apps": false"#),
            (.system(.stopped), #""type": "system", "event": "stopped""#),
            (.system(.rejected(x11, point: nil, reason: .outside, appClass: nil)),
             #""type": "system", "event": "rejected", "touch": 7, "reason": "outside""#),
            (.system(.rejected(x11, point: Point(x: 3, y: 40), reason: .excluded, appClass: "XTerm")),
             #""type": "system", "event": "rejected", "touch": 7, "x": 3, "y": 40, "reason": "excluded", "class": "XTerm""#),
            (.system(.rejected(device, point: Point(x: 3, y: 40), reason: .vertical, appClass: nil)),
             #""type": "system", "event": "rejected", "device": "Wacom", "touch": 1, "x": 3, "y": 40, "reason": "vertical""#),
            (.system(.accepted(x11, start: Point(x: 2, y: 300), edge: .left, kind: .back, appClass: "Chromium")),
             #""type": "system", "event": "accepted", "touch": 7, "x": 2, "y": 300, "edge": "left", "kind": "back", "class": "Chromium""#),
            (.system(.accepted(device, start: Point(x: 2, y: 300), edge: .right, kind: .forward, appClass: nil)),
             #""type": "system", "event": "accepted", "device": "Wacom", "touch": 1, "x": 2, "y": 300, "edge": "right", "kind": "forward""#),
            (.system(.released(x11, kind: .back, appClass: "Chromium", release: release)),
             #""type": "system", "event": "committed", "touch": 7, "kind": "back", "class": "Chromium", "progress": 0.1171875, "velocity": 900, "distance": 150, "width": 1280, "commitDistance": 76"#),
            (.system(.released(device, kind: .back, appClass: nil, release: SystemRelease(
                decision: .cancel, distancePixels: 10, progress: 0.5, velocityPixelsPerSecond: nil, widthPixels: 20, commitDistancePixels: 76))),
             #""type": "system", "event": "cancelled", "device": "Wacom", "touch": 1, "kind": "back", "progress": 0.5, "velocity": null, "distance": 10, "width": 20, "commitDistance": 76"#),
            (.system(.action(x11, target: .window(appClass: "Chromium", id: 4194305), action: .button(8), failure: nil)),
             #""type": "system", "event": "sent", "touch": 7, "class": "Chromium", "action": "button:8", "window": 4194305"#),
            (.system(.action(x11, target: .window(appClass: "Chromium", id: 9), action: .none, failure: "notActive")),
             #""type": "system", "event": "failed", "touch": 7, "class": "Chromium", "action": "none", "window": 9, "reason": "notActive""#),
            (.system(.action(.touch(3), target: .app(nil), action: .command("true"), failure: nil)),
             #""type": "system", "event": "sent", "touch": 3, "app": null, "action": "command:true""#),
            (.system(.action(device, target: .devices, action: .key(KeyChord("XF86Back")!), failure: nil)),
             #""type": "system", "event": "sent", "device": "Wacom", "touch": 1, "action": "key:XF86Back""#),
            (.system(.device(.taken, name: "Wacom", path: "/dev/input/event5", reason: nil)),
             #""type": "system", "event": "taken", "device": "Wacom", "path": "/dev/input/event5""#),
            (.system(.device(.released, name: "Wacom", path: "/dev/input/event5", reason: "gone")),
             #""type": "system", "event": "released", "device": "Wacom", "path": "/dev/input/event5", "reason": "gone""#),
            (.system(.held(device, start: Point(x: 1, y: 2))), #""type": "system", "event": "held", "device": "Wacom", "touch": 1, "x": 1, "y": 2"#),
            (.system(.answered(device, app: "foot", exclude: true, sender: .session)),
             #""type": "system", "event": "answered", "device": "Wacom", "touch": 1, "app": "foot", "exclude": true, "sender": "session""#),
            (.system(.late(device)), #""type": "system", "event": "late", "device": "Wacom", "touch": 1"#),
            (.system(.leftToSession(device)), #""type": "system", "event": "left", "device": "Wacom", "touch": 1, "to": "session""#),
            (.system(.session(.connected(uid: 1000))), #""type": "system", "event": "session", "phase": "connected", "uid": 1000"#),
            (.system(.session(.refused(uid: nil, reason: "not the active session's user"))),
             #""type": "system", "event": "session", "phase": "refused", "uid": null, "reason": "not the active session's user""#),
            (.system(.session(.disconnected(reason: "closed"))), #""type": "system", "event": "session", "phase": "disconnected", "reason": "closed""#),
            (.system(.session(.unavailable(reason: "no"))), #""type": "system", "event": "session", "phase": "unavailable", "reason": "no""#),
            (.system(.connected(socket: "/run/swipeback/session.sock")), #""type": "system", "event": "connected", "socket": "/run/swipeback/session.sock""#),
            (.system(.disconnected(reason: "refused")), #""type": "system", "event": "disconnected", "reason": "refused""#),
            (.system(.asked(touch: 4, app: nil, exclude: false, y: 0.5, sender: .service)),
             #""type": "system", "event": "held", "touch": 4, "app": null, "exclude": false, "y": 0.5, "sender": "service""#),
            (.system(.ended(touch: 4, outcome: .passed, sender: .service)), #""type": "system", "event": "passed", "touch": 4, "sender": "service""#),
        ]
        for (event, fields) in cases {
            XCTAssertEqual(EventLogWriter.line(TimedEvent(timeMilliseconds: 12, event: event)), #"{"t": 12, "# + fields + "}")
        }
    }
}
