// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore
import SwipeBackFormats

final class IdleTimeoutTests: XCTestCase {
    func testAfterTheIdleTimeoutEveryStackReturnsToItsRootAtTheExactTime() {
        var log: [EventLogEntry] = []
        var configuration = Configuration()
        configuration.kioskIdleTimeout = 2
        let document = PagesDocument(pages: [:], stacks: [StackDescription(id: "left", frame: Rect(x: 0, y: 0, width: 400, height: 600), pages: ["A", "B", "C"]),
                                                          StackDescription(id: "right", frame: Rect(x: 400, y: 0, width: 400, height: 600), pages: ["D"])])
        let model = AppModel(configuration: configuration, windowWidth: 800, windowHeight: 600, direction: .leftToRight,
                             document: document, measurer: FixedContentMeasurer(), log: { log.append(EventLogEntry($0)) })
        let clock = ManualFrameClock(model: model)
        model.start(atMilliseconds: 0)
        XCTAssertNil(model.nextTimerMilliseconds, "off unless the kiosk turns it on")
        model.returnsToRootWhenIdle = true
        // Activity at 500 ms (a tap on empty space) moves the deadline to 2500.
        model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 600, y: 300))), atMilliseconds: 500)
        XCTAssertNil(model.nextTimerMilliseconds, "not while a finger is down")
        model.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: 600, y: 300))), atMilliseconds: 500)
        XCTAssertEqual(model.nextTimerMilliseconds, 2500)
        clock.advance(to: 2499)
        XCTAssertFalse(log.contains { $0.type == "transition" })
        clock.advance(to: 2500)
        let started = log.first { $0.type == "transition" }
        XCTAssertEqual(started?.timeMilliseconds, 2500)
        XCTAssertEqual(started?["stack"]?.stringValue, "left", "the stack already at its root is left alone")
        clock.settle()
        XCTAssertEqual(model.stack(id: "left")?.pages.map(\.pageID), ["A"])
        XCTAssertNil(model.nextTimerMilliseconds, "at the root nothing is pending: no CPU while idle")
        XCTAssertTrue(log.contains { $0.type == "lifecycle" && $0["page"]?.stringValue == "C" && $0["phase"]?.stringValue == "didDisappear" })
    }
}
