// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore
import SwipeBackRender
import SwipeBackTestSupport

/// A kiosk's layout scale (Xft.dpi / 96): pages are drawn and hit-tested twice as large at 2.
final class LayoutScaleTests: XCTestCase {
    func testAtScaleTwoTheHeaderAndElementsAreTwiceAsLargeAndTapsFollow() throws {
        var actions: [String] = []
        let pages = ["A": PageDefinition(id: "A", title: "Root"),
                     "B": PageDefinition(id: "B", title: "Big", elements: [PageElement(id: "go", kind: .button(label: "Go", action: .pop))])]
        let model = TestModels.model(pages: pages, stack: ["A", "B"], measurer: try TextMeasurer()) {
            if case .action(_, _, let element, _, _) = $0.event { actions.append(element ?? "back") }
        }
        model.layoutScale = 2
        model.start(atMilliseconds: 0)
        XCTAssertEqual(model.headerHeight, 112)
        // The button: 16 px margins and 48 px high at scale 1, under the header and a 12 px gap.
        let button = try XCTUnwrap(model.elementFrames(of: model.page(model.stacks[0].top), width: 800).first)
        XCTAssertEqual(button, Rect(x: 32, y: 136, width: 736, height: 96))
        let frame = try ImageSurface(width: 800, height: 600, opaque: true)
        try TransitionCompositor(measurer: try TextMeasurer()).compose(model.scene(), into: frame)
        let accent = UInt32(0x0A66FF) // Theme.accent (0.04, 0.40, 1.0)
        XCTAssertEqual(frame.pixel(x: 40, y: 226) & 0xFFFFFF, accent, "the button's lower part, below y = 184 where it ends at scale 1")
        XCTAssertNotEqual(frame.pixel(x: 400, y: 100) & 0xFFFFFF, 0xFFFFFF, "the header reaches y = 112")
        // A tap at the scaled place acts.
        model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 400, y: 220))), atMilliseconds: 10)
        model.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: 400, y: 220))), atMilliseconds: 40)
        XCTAssertEqual(actions, ["go"])
    }

    private func model(scale: Double) throws -> AppModel {
        let pages = ["A": PageDefinition(id: "A", title: "Root"), "B": PageDefinition(id: "B", title: "Top")]
        let model = TestModels.model(pages: pages, stack: ["A", "B"], measurer: try TextMeasurer())
        model.layoutScale = scale
        model.start(atMilliseconds: 0)
        return model
    }

    func testTheTuningOverlaysEdgeZoneAndPanelFollowTheScale() throws {
        func drawn(scale: Double) throws -> ImageSurface {
            let model = try model(scale: scale)
            let frame = try ImageSurface(width: 800, height: 600, opaque: true)
            try TransitionCompositor(measurer: try TextMeasurer()).compose(model.scene(), into: frame)
            try TuneOverlay.draw(Tuner(configuration: model.configuration), scene: model.scene(), into: frame)
            return frame
        }
        let white = UInt32(0xFFFFFF)
        let one = try drawn(scale: 1), two = try drawn(scale: 2)
        // The edge zone (edgeWidth 20) is tinted blue: 20 px wide at scale 1, 40 px at scale 2.
        XCTAssertNotEqual(one.pixel(x: 19, y: 150) & 0xFFFFFF, white)
        XCTAssertEqual(one.pixel(x: 21, y: 150) & 0xFFFFFF, white)
        XCTAssertNotEqual(two.pixel(x: 39, y: 150) & 0xFFFFFF, white)
        XCTAssertEqual(two.pixel(x: 41, y: 150) & 0xFFFFFF, white)
        // The panel (330 layout units wide, 12 from the right and the bottom) is twice as large at
        // scale 2: its left edge at 800 - 12 - 330 = 458 px, or 800 - 24 - 660 = 116 px.
        XCTAssertEqual(one.pixel(x: 455, y: 580) & 0xFFFFFF, white)
        XCTAssertNotEqual(one.pixel(x: 461, y: 580) & 0xFFFFFF, white)
        XCTAssertEqual(two.pixel(x: 113, y: 560) & 0xFFFFFF, white)
        XCTAssertNotEqual(two.pixel(x: 119, y: 560) & 0xFFFFFF, white)
    }

    func testAScaleChangeDrawsThePagesAgain() throws {
        let model = try model(scale: 1)
        let compositor = TransitionCompositor(measurer: try TextMeasurer())
        let frame = try ImageSurface(width: 800, height: 600, opaque: true)
        try compositor.compose(model.scene(), into: frame)
        XCTAssertEqual(frame.pixel(x: 400, y: 60) & 0xFFFFFF, 0xFFFFFF, "below the 56 px header")
        model.layoutScale = 1.5
        try compositor.compose(model.scene(), into: frame)
        XCTAssertNotEqual(frame.pixel(x: 400, y: 60) & 0xFFFFFF, 0xFFFFFF, "the snapshot is drawn again with the 84 px header")
    }
}
