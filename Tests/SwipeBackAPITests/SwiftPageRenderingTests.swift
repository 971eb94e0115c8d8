// SPDX-License-Identifier: Apache-2.0
import Foundation
import CCairo
import SwipeBack
import XCTest

/// Swift pages drawn with cairo, composed by the same compositor as the window.
final class SwiftPageRenderingTests: XCTestCase {
    final class Swatch: Page, CairoDrawing {
        var red = 1.0
        init() { super.init(id: "swatch", title: "Swatch") }
        func draw(_ cr: OpaquePointer, width: Double, height: Double) {
            cairo_set_source_rgb(cr, red, 0, 1 - red)
            cairo_rectangle(cr, 100, 200, 200, 100)
            cairo_fill(cr)
        }
    }

    func testASwiftPagesOwnDrawingIsInTheFrameAndRedrawsWhenItAsks() throws {
        let swatch = Swatch()
        let nav = try Navigator(stacks: [Navigator.Stack(root: .page(Page(id: "root", title: "Root")))], width: 800, height: 600)
        nav.push(swatch, animated: false)
        let compositor = try nav.makeCompositor()
        let frame = try ImageSurface(width: 800, height: 600, opaque: true)
        try nav.drawFrame(into: frame, using: compositor)
        XCTAssertEqual(frame.pixel(x: 150, y: 250), 0xFFFF_0000, "red inside the drawn rectangle")
        XCTAssertNotEqual(frame.pixel(x: 50, y: 250), 0xFFFF_0000, "the page's background outside it")
        // The header is drawn over the page's content, with the Swift page's title.
        XCTAssertNotEqual(frame.pixel(x: 150, y: 20), 0xFFFF_0000)
        swatch.red = 0
        try nav.drawFrame(into: frame, using: compositor)
        XCTAssertEqual(frame.pixel(x: 150, y: 250), 0xFFFF_0000, "the snapshot is kept until the page asks")
        swatch.setNeedsDisplay()
        try nav.drawFrame(into: frame, using: compositor)
        XCTAssertEqual(frame.pixel(x: 150, y: 250), 0xFF00_00FF, "blue after setNeedsDisplay")
    }

    func testTheReadmesExampleIsTheOneThatIsBuilt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let file = try String(contentsOf: root.appendingPathComponent("Examples/ReadmeExample/main.swift"), encoding: .utf8)
        // The file carries the licence's SPDX line; the README shows the code after it.
        let built = file.hasPrefix("// SPDX-License-Identifier:") ? String(file.drop(while: { $0 != "\n" }).dropFirst()) : file
        let section = try XCTUnwrap(readme.range(of: "## Use it in your app"), "the README has the section")
        let rest = readme[section.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "```swift\n"))
        let close = try XCTUnwrap(rest[open.upperBound...].range(of: "```"))
        XCTAssertEqual(String(rest[open.upperBound..<close.lowerBound]), built,
                       "the README's code is Examples/ReadmeExample/main.swift, which every build compiles")
    }
}
