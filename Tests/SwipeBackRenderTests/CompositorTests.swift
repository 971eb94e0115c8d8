// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackCore
@testable import SwipeBackRender
import SwipeBackTestSupport

/// Real cairo rendering: snapshots and the transition frame, checked pixel by pixel.
final class CompositorTests: XCTestCase {
    private func model(stack: [String] = ["A", "B"], log: @escaping (TimedEvent) -> Void = { _ in }) throws -> AppModel {
        let pages: [String: PageDefinition] = [
            "A": PageDefinition(id: "A", title: "Inbox", elements: [PageElement(kind: .text("Beneath"))]),
            "B": PageDefinition(id: "B", title: "Message", elements: [
                PageElement(id: "go", kind: .button(label: "Go", action: .pop), frame: Rect(x: 40, y: 100, width: 200, height: 48)),
            ]),
        ]
        return TestModels.model(pages: pages, stack: stack, width: 400, height: 300, measurer: try TextMeasurer(), log: log)
    }

    private func touch(_ phase: PointerPhase, _ x: Double) -> InputEvent {
        .pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: 250)))
    }

    private func rgb(_ pixel: UInt32) -> [Int] {
        [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
    }

    func testPlacementSnapsToWholePixelsAndMirrors() {
        let ltr = TransitionCompositor.placement(progress: 0.3337, width: 400, parallax: 0.3, direction: .leftToRight)
        XCTAssertEqual(ltr, .init(upperX: 133, lowerX: -80, lowerVisibleStart: 0, lowerVisibleEnd: 133))
        let rtl = TransitionCompositor.placement(progress: 0.25, width: 400, parallax: 0.3, direction: .rightToLeft)
        XCTAssertEqual(rtl, .init(upperX: -100, lowerX: 90, lowerVisibleStart: 300, lowerVisibleEnd: 400))
        let start = TransitionCompositor.placement(progress: 0, width: 400, parallax: 0.3, direction: .leftToRight)
        XCTAssertEqual(start.lowerX, -120)
        XCTAssertEqual(start.upperX, 0)
    }

    func testMidDragFrameShowsTheTopPageEdgeAtTheDragDistance() throws {
        let model = try model()
        model.handle(touch(.down, 3), atMilliseconds: 0)
        model.handle(touch(.move, 50), atMilliseconds: 16)
        model.handle(touch(.move, 103), atMilliseconds: 32)
        let frame = try ImageSurface(width: 400, height: 300, opaque: true)
        let compositor = TransitionCompositor(measurer: try TextMeasurer())
        try compositor.compose(model.scene(), into: frame)
        // Row 250 is empty page background on both pages.
        XCTAssertEqual(rgb(frame.pixel(x: 100, y: 250)), [255, 255, 255], "the top page starts at x = 100")
        XCTAssertEqual(rgb(frame.pixel(x: 399, y: 250)), [255, 255, 255])
        let beneath = rgb(frame.pixel(x: 10, y: 250))
        XCTAssertLessThan(beneath[0], 240, "the page beneath is dimmed")
        XCTAssertGreaterThan(beneath[0], 200)
        let shadow = rgb(frame.pixel(x: 99, y: 250))
        XCTAssertLessThan(shadow[0], beneath[0], "the shadow darkens the page beneath at the edge")
        // The top page's button moved with it: at x = 100 + 40 + 10 it is accent blue.
        let button = rgb(frame.pixel(x: 150, y: 110))
        XCTAssertTrue(button[2] > 200 && button[0] < 60, "\(button)")
        // Snapshots are drawn once, not per frame.
        XCTAssertEqual(compositor.snapshots.drawCount, 2)
        model.handle(touch(.move, 203), atMilliseconds: 48)
        try compositor.compose(model.scene(), into: frame)
        XCTAssertEqual(compositor.snapshots.drawCount, 2)
        XCTAssertEqual(rgb(frame.pixel(x: 200, y: 250)), [255, 255, 255])
        XCTAssertNotEqual(rgb(frame.pixel(x: 199, y: 250)), [255, 255, 255])
    }

    func testIdleTheSnapshotOfThePageBeneathIsDrawnAheadAndTheSwipesFirstFrameDrawsNone() throws {
        let model = try model()
        let scene = model.scene()
        XCTAssertEqual(scene.stacks[0].beneath?.definition.id, "A", "the page a pop would uncover")
        XCTAssertEqual(scene.stacks[0].beneath?.backTitle, nil, "described as the transition will: the root has no back title")
        let frame = try ImageSurface(width: 400, height: 300, opaque: true)
        let compositor = TransitionCompositor(measurer: try TextMeasurer())
        try compositor.compose(scene, into: frame)
        XCTAssertEqual(compositor.snapshots.drawCount, 1, "the top page")
        XCTAssertTrue(try compositor.drawAhead(scene))
        XCTAssertEqual(compositor.snapshots.drawCount, 2)
        XCTAssertFalse(try compositor.drawAhead(scene), "nothing more to draw")
        // An idle frame (a readout, a toggle) keeps it: it is one of the two top pages.
        try compositor.compose(scene, into: frame)
        XCTAssertEqual(compositor.snapshots.count, 2)
        model.handle(touch(.down, 3), atMilliseconds: 0)
        model.handle(touch(.move, 50), atMilliseconds: 16)
        model.handle(touch(.move, 103), atMilliseconds: 32)
        let swipe = model.scene()
        XCTAssertNotNil(swipe.stacks[0].progress)
        XCTAssertNil(swipe.stacks[0].beneath, "during a transition the page beneath is `lower`")
        try compositor.compose(swipe, into: frame)
        XCTAssertEqual(compositor.snapshots.drawCount, 2, "the swipe's first frame drew no snapshot")
        XCTAssertLessThan(rgb(frame.pixel(x: 10, y: 250))[0], 240, "the page beneath is shown, dimmed")
        // At the root there is nothing beneath.
        XCTAssertNil(try self.model(stack: ["A"]).scene().stacks[0].beneath)
    }

    func testIdleFrameIsTheTopPageWithHeader() throws {
        let model = try model()
        let frame = try ImageSurface(width: 400, height: 300, opaque: true)
        try TransitionCompositor(measurer: try TextMeasurer()).compose(model.scene(), into: frame)
        XCTAssertEqual(rgb(frame.pixel(x: 200, y: 250)), [255, 255, 255])
        let header = rgb(frame.pixel(x: 200, y: 5))
        XCTAssertEqual(header[0], Int((Theme.headerBackground.r * 255).rounded()), accuracy: 1)
        XCTAssertEqual(rgb(frame.pixel(x: 200, y: 55))[0], Int((Theme.separator.r * 255).rounded()), accuracy: 1)
        // The back chevron is drawn in the accent colour near x = 18.
        var accentPixels = 0
        for x in 10...26 { for y in 16...40 { let p = rgb(frame.pixel(x: x, y: y)); if p[2] > 200 && p[0] < 120 { accentPixels += 1 } } }
        XCTAssertGreaterThan(accentPixels, 10)
    }

    func testTextMeasurerWrapsLongText() throws {
        let measurer = try TextMeasurer()
        let one = measurer.textHeight("Short", width: 300)
        let many = measurer.textHeight(String(repeating: "wrapping words ", count: 30), width: 300)
        XCTAssertGreaterThan(one, 10)
        XCTAssertGreaterThan(many, one * 4)
    }

    func testPNGWriteIsAtomicAndReadable() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let surface = try ImageSurface(width: 8, height: 4)
        try surface.writePNG(to: path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".partial"))
        let back = try ImageSurface(png: path)
        XCTAssertEqual(back.width, 8)
        XCTAssertThrowsError(try ImageSurface(png: path + ".missing")) { error in
            XCTAssertTrue("\(error)".contains(path + ".missing"))
        }
    }
}
