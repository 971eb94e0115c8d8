// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
@testable import SwipeBackCore
import SwipeBackRender
import SwipeBackTestSupport

/// The kiosk's day: scripted operations (pushes, swipe pops, cancelled swipes, button pops)
/// through the app model and the compositor: 1,000 by default, 10,000 with `SWIPEBACK_SOAK=1`
/// (about 40 s in a debug build). Pages, snapshots and per-page state must come back to where
/// they started. (Memory under LeakSanitizer: see the README's "Kiosk" section.)
final class SoakTests: XCTestCase {
    func testTenThousandOperationsLeaveNothingBehind() throws {
        let pages: [String: PageDefinition] = [
            "home": PageDefinition(id: "home", title: "Home", elements: [PageElement(id: "go", kind: .button(label: "Go", action: .push("menu")))]),
            "menu": PageDefinition(id: "menu", title: "Menu", elements: [
                PageElement(id: "s", kind: .slider(value: 0.5)), PageElement(id: "t", kind: .toggle(label: "Swipe", bind: "interactivePop"))]),
        ]
        let model = TestModels.model(pages: pages, stack: ["home"], width: 240, height: 180, measurer: try TextMeasurer())
        let compositor = TransitionCompositor(measurer: try TextMeasurer())
        let frame = try ImageSurface(width: 240, height: 180, opaque: true)
        let clock = ManualFrameClock(model: model)
        model.start(atMilliseconds: 0)
        try compositor.compose(model.scene(), into: frame)
        let startPages = model.stacks[0].pages.count, startSurfaces = compositor.snapshots.count
        let startState = model.retainedStateCount
        var t = 0.0
        func settle() throws {
            clock.settle()
            t = clock.nowMilliseconds + 16
            try compositor.compose(model.scene(), into: frame)
        }
        func drag(to x: Double, steps: Int, interval: Double) throws {
            model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 2, y: 120))), atMilliseconds: t)
            for i in 1...steps {
                t += interval
                clock.advance(to: t)
                model.handle(.pointer(PointerInput(phase: .move, id: 1, device: .touch,
                                                   position: Point(x: 2 + (x - 2) * Double(i) / Double(steps), y: 120))), atMilliseconds: t)
            }
            try compositor.compose(model.scene(), into: frame)
            t += interval
            model.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: x, y: 120))), atMilliseconds: t)
            try settle()
        }
        let total = ProcessInfo.processInfo.environment["SWIPEBACK_SOAK"] == "1" ? 10_000 : 1_000
        var operations = 0
        while operations < total {
            switch operations % 4 {
            case 0: // push
                model.handle(.push(stack: "main", page: "menu", animated: true), atMilliseconds: t)
                try settle()
            case 1: // a swipe that goes back (slow, short)
                try drag(to: 60, steps: 6, interval: 50)
            case 2: // a slider drag, then a swipe that pops (fast)
                model.handle(.pointer(PointerInput(phase: .down, id: 3, device: .touch, position: Point(x: 120, y: 90))), atMilliseconds: t)
                model.handle(.pointer(PointerInput(phase: .move, id: 3, device: .touch, position: Point(x: 160, y: 90))), atMilliseconds: t + 16)
                model.handle(.pointer(PointerInput(phase: .up, id: 3, device: .touch, position: Point(x: 160, y: 90))), atMilliseconds: t + 32)
                t += 48
                try drag(to: 200, steps: 4, interval: 8)
            default: // push twice, pop to root with the back button's route
                model.handle(.push(stack: "main", page: "menu", animated: false), atMilliseconds: t)
                model.handle(.push(stack: "main", page: "menu", animated: true), atMilliseconds: t)
                try settle()
                model.handle(.popToRoot(stack: "main", animated: true), atMilliseconds: t)
                try settle()
            }
            operations += 1
        }
        XCTAssertEqual(model.stacks[0].pages.map(\.pageID), ["home"])
        XCTAssertEqual(model.stacks[0].pages.count, startPages)
        XCTAssertEqual(compositor.snapshots.count, startSurfaces, "snapshots of popped pages are dropped")
        XCTAssertEqual(model.retainedStateCount, startState, "no per-page state left behind by the pages pushed and popped")
    }
}
