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
}
