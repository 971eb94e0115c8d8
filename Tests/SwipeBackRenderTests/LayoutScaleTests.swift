import XCTest
import SwipeBackCore
import SwipeBackRender

/// A kiosk's layout scale (Xft.dpi / 96): pages are drawn and hit-tested twice as large at 2.
final class LayoutScaleTests: XCTestCase {
    func testAtScaleTwoTheHeaderAndElementsAreTwiceAsLargeAndTapsFollow() throws {
        var actions: [String] = []
        let pages = ["A": PageDefinition(id: "A", title: "Root"),
                     "B": PageDefinition(id: "B", title: "Big", elements: [PageElement(id: "go", kind: .button(label: "Go", action: .pop))])]
        let model = AppModel(configuration: Configuration(), windowWidth: 800, windowHeight: 600, direction: .leftToRight,
                             document: PagesDocument(pages: pages, stacks: [StackDescription(id: "main", frame: nil, pages: ["A", "B"])]),
                             measurer: try TextMeasurer(), log: { if case .action(_, _, let element, _, _) = $0.event { actions.append(element ?? "back") } })
        model.layoutScale = 2
        model.start(atMilliseconds: 0)
        XCTAssertEqual(model.headerHeight, 112)
        // The button: 16 px margins and 48 px high at scale 1, under the header and a 12 px gap.
        let button = try XCTUnwrap(model.elementFrames(of: model.page(model.stacks[0].top), width: 800).first)
        XCTAssertEqual(button, Rect(x: 32, y: 136, width: 736, height: 96))
        let frame = try ImageSurface(width: 800, height: 600, opaque: true)
        try TransitionCompositor(measurer: try TextMeasurer(), imageDirectory: ".").compose(model.scene(), into: frame)
        let accent = UInt32(0x0A66FF) // Theme.accent (0.04, 0.40, 1.0)
        XCTAssertEqual(frame.pixel(x: 40, y: 226) & 0xFFFFFF, accent, "the button's lower part, below y = 184 where it ends at scale 1")
        XCTAssertNotEqual(frame.pixel(x: 400, y: 100) & 0xFFFFFF, 0xFFFFFF, "the header reaches y = 112")
        // A tap at the scaled place acts.
        model.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 400, y: 220))), atMilliseconds: 10)
        model.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: 400, y: 220))), atMilliseconds: 40)
        XCTAssertEqual(actions, ["go"])
    }
}
