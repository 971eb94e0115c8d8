// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore
@testable import SwipeBackRender

/// The compositor draws a `Scene` built by hand, with no model: the frame value is all it needs.
final class SceneTests: XCTestCase {
    private func rgb(_ pixel: UInt32) -> [Int] { [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)] }

    private let inbox = PageDefinition(id: "A", title: "Inbox", elements: [PageElement(kind: .text("Beneath"))])
    private let message = PageDefinition(id: "B", title: "Message", elements: [
        PageElement(id: "go", kind: .button(label: "Go", action: .pop), frame: Rect(x: 40, y: 100, width: 200, height: 48)),
    ])

    private func scene(progress: Double?, pressed: Int? = nil) -> Scene {
        let a = Scene.Page(instance: PageInstance(pageID: "A", serial: 1), definition: inbox, contentHeight: 300)
        let b = Scene.Page(instance: PageInstance(pageID: "B", serial: 2), definition: message, backTitle: "Inbox",
                           contentHeight: 300, pressedElement: pressed)
        return Scene(stacks: [Scene.Stack(id: "main", frame: Rect(x: 0, y: 0, width: 400, height: 300), direction: .leftToRight,
                                          upper: b, lower: progress == nil ? nil : a, progress: progress, topSerials: [1, 2], depth: 2)],
                     parallax: 0.3, dimAlpha: 0.1, shadowWidth: 16)
    }

    func testAHandBuiltSceneAtAQuarterPlacesTheTopPageAndDimsThePageBeneath() throws {
        let frame = try ImageSurface(width: 400, height: 300, opaque: true)
        let compositor = TransitionCompositor(measurer: try TextMeasurer())
        try compositor.compose(scene(progress: 0.25), into: frame)
        XCTAssertEqual(rgb(frame.pixel(x: 100, y: 250)), [255, 255, 255], "the top page's edge at 0.25 x 400 px")
        let beneath = rgb(frame.pixel(x: 10, y: 250))
        // dimAlpha 0.1 at progress 0.25: brightness 1 - 0.1 * 0.75 = 0.925 of white, as 256ths.
        XCTAssertEqual(beneath[0], (255 * Int((0.925 * 256).rounded())) >> 8)
        XCTAssertLessThan(rgb(frame.pixel(x: 99, y: 250))[0], beneath[0], "the shadow at the edge")
        let button = rgb(frame.pixel(x: 150, y: 110))
        XCTAssertTrue(button[2] > 200 && button[0] < 60, "the button moved with its page: \(button)")
        XCTAssertEqual(compositor.snapshots.drawCount, 2)
        XCTAssertFalse(compositor.needsRedraw(scene(progress: 0.25), width: 400, height: 300))
        XCTAssertTrue(compositor.needsRedraw(scene(progress: 0.5), width: 400, height: 300))
    }

    func testAPressedButtonInTheSceneIsDrawnPressed() throws {
        let compositor = TransitionCompositor(measurer: try TextMeasurer())
        let idle = try ImageSurface(width: 400, height: 300, opaque: true)
        try compositor.compose(scene(progress: nil), into: idle)
        let pressed = try ImageSurface(width: 400, height: 300, opaque: true)
        try compositor.compose(scene(progress: nil, pressed: 0), into: pressed)
        XCTAssertEqual(compositor.snapshots.drawCount, 2, "a new press draws the page again")
        let before = rgb(idle.pixel(x: 50, y: 110)), after = rgb(pressed.pixel(x: 50, y: 110))
        XCTAssertNotEqual(before, after)
        XCTAssertEqual(after, [Int((Theme.accentPressed.r * 255).rounded()), Int((Theme.accentPressed.g * 255).rounded()),
                               Int((Theme.accentPressed.b * 255).rounded())].map { min(255, $0) })
    }
}
