// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackRender

/// `swipeback render` writes the frames of a scenario; their pixels show the transition.
final class RenderCommandTests: XCTestCase {
    private func rgb(_ image: ImageSurface, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x: x, y: y)
        return [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
    }

    func testMidSwipeFrameShowsTheEdgeAtTheTranslationAndTheDimmedPageInParallax() throws {
        // render-mid-swipe.jsonl: 800 px wide; a touch goes down at x = 4 and rests at x = 304 from t = 300
        // to t = 1000 (translation 300 px, progress 0.375), then flings on and pops. Page A, beneath,
        // has a button at x = 200...400, y = 200...248.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let scenario = Paths.repository.appendingPathComponent("Tests/Fixtures/scenarios/render-mid-swipe.jsonl").path
        let result = try runCommand(try Paths.swipeback, ["render", scenario, "--at", "500", "3000", "-o", out.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let mid = try ImageSurface(png: out.appendingPathComponent("500.png").path)
        let after = try ImageSurface(png: out.appendingPathComponent("3000.png").path)
        XCTAssertEqual(mid.width, 800)

        // The top page's leading edge stands at the finger's translation, 300 px.
        let row = 500
        XCTAssertEqual(rgb(mid, 300, row), [255, 255, 255], "the top page starts at x = 300")
        XCTAssertLessThan(rgb(mid, 299, row)[0], 230, "left of it: the page beneath, dimmed and shadowed")

        // The page beneath lags by the parallax: 0.3 x 800 x (1 - 0.375) = 150 px, so its button's
        // left edge (x = 200 when fully shown) stands at x = 50.
        let buttonY = 224
        XCTAssertGreaterThan(rgb(after, 200, buttonY)[2], 200, "fully shown, the button starts at x = 200")
        XCTAssertLessThan(rgb(after, 199, buttonY)[2] - rgb(after, 199, buttonY)[0], 10, "and not before it")
        let buttonMid = rgb(mid, 50, buttonY), beforeButton = rgb(mid, 49, buttonY)
        XCTAssertGreaterThan(buttonMid[2] - buttonMid[0], 150, "mid-swipe the button starts at x = 50: \(buttonMid)")
        XCTAssertLessThan(beforeButton[2] - beforeButton[0], 10, "and not before it: \(beforeButton)")

        // Darker than when fully shown: the dim at progress 0.375 is 0.1 x 0.625.
        let full = rgb(after, 300, buttonY), dimmed = rgb(mid, 150, buttonY)
        XCTAssertLessThan(dimmed[2], full[2], "dimmed \(dimmed) against \(full)")
        XCTAssertEqual(Double(dimmed[2]), Double(full[2]) * (1 - 0.1 * 0.625), accuracy: 2)
        let background = rgb(mid, 20, row)
        XCTAssertEqual(Double(background[0]), 255 * (1 - 0.1 * 0.625), accuracy: 2)
    }

    func testUnderCoverThePageBeneathStaysWhereItIsAndUnderParallaxItMoves() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-cover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Page A, beneath, has a button at x = 40...100; the finger rests at 200 px (0.25), then 400 px (0.5);
        // the parallax is 0.05 of the width (40 px at progress 0) in both configurations.
        func buttonLeftEdges(_ transition: String) throws -> [Int] {
            let scenario = folder.appendingPathComponent("\(transition).jsonl").path
            let header = #"{"scenario": 1, "window": {"width": 800, "height": 600}, "config": {"transition": "TRANSITION", "parallax": 0.05}, "pages": {"root": "A", "pages": {"A": {"elements": [{"type": "button", "id": "open", "label": "Open", "frame": [40, 200, 60, 48], "action": {"push": "B"}}]}, "B": {}}}, "stacks": [{"pages": ["A", "B"]}]}"#
                .replacingOccurrences(of: "TRANSITION", with: transition)
            let lines = [header, #"{"t": 0, "type": "down", "x": 4, "y": 400}"#, #"{"t": 20, "type": "move", "x": 24, "y": 400}"#,
                         #"{"t": 40, "type": "move", "x": 204, "y": 400}"#, #"{"t": 400, "type": "move", "x": 404, "y": 400}"#,
                         #"{"t": 1000, "type": "end"}"#]
            try (lines.joined(separator: "\n") + "\n").write(toFile: scenario, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent(transition).path
            let result = try runCommand(try Paths.swipeback, ["render", scenario, "--at", "100", "500", "-o", out])
            XCTAssertEqual(result.status, 0, result.standardError)
            return try ["100", "500"].map { time in
                let frame = try ImageSurface(png: out + "/\(time).png")
                // The first column of the button's blue, left of the moving page.
                return try XCTUnwrap((0..<800).first { x in let c = rgb(frame, x, 224); return c[2] - c[0] > 150 })
            }
        }
        XCTAssertEqual(try buttonLeftEdges("cover"), [40, 40], "the page beneath does not move")
        XCTAssertEqual(try buttonLeftEdges("parallax"), [10, 20], "in parallax it lags 0.05 x 800 x (1 - progress)")
    }

    /// Writes a scenario of an 800 x 600 window with `config` and `lines` into `folder`, renders it
    /// at `times` and returns the frames.
    private func render(_ name: String, config: String, pages: String, lines: [String], at times: [Int], in folder: URL) throws -> [ImageSurface] {
        let scenario = folder.appendingPathComponent("\(name).jsonl").path
        let header = #"{"scenario": 1, "window": {"width": 800, "height": 600}, "config": CONFIG, "pages": PAGES, "stacks": [{"pages": ["A", "B"]}]}"#
            .replacingOccurrences(of: "CONFIG", with: config).replacingOccurrences(of: "PAGES", with: pages)
        try (([header] + lines).joined(separator: "\n") + "\n").write(toFile: scenario, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent(name).path
        let result = try runCommand(try Paths.swipeback, ["render", scenario, "--at"] + times.map(String.init) + ["-o", out])
        XCTAssertEqual(result.status, 0, result.standardError)
        return try times.map { try ImageSurface(png: out + "/\($0).png") }
    }

    func testUnderCardTheTopPageIsBetweenNinetyAndAHundredPercentWideHalfway() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-card-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The finger rests at 400 px of 800: progress 0.5. Page B (on top) is plain white below its
        // header; around the card is the backdrop and the page beneath under the scrim, never white.
        let swipe = [#"{"t": 0, "type": "down", "x": 4, "y": 300}"#, #"{"t": 20, "type": "move", "x": 24, "y": 300}"#,
                     #"{"t": 40, "type": "move", "x": 404, "y": 300}"#, #"{"t": 1000, "type": "end"}"#]
        let pages = #"{"root": "A", "pages": {"A": {}, "B": {}}}"#
        let frames = try render("card", config: #"{"transition": "card"}"#, pages: pages, lines: swipe, at: [500], in: folder)
        let whiteColumns = (0..<800).filter { rgb(frames[0], $0, 400) == [255, 255, 255] }
        let width = try XCTUnwrap(whiteColumns.last) - whiteColumns[0] + 1
        XCTAssertEqual(whiteColumns.count, width, "one card: its columns are contiguous")
        XCTAssertGreaterThanOrEqual(width, 720, "at least 90 % of 800 px")
        XCTAssertLessThan(width, 800, "and shrunk")
        XCTAssertGreaterThan(whiteColumns[0], 0, "the whole card is on screen: its leading edge too")
        XCTAssertLessThanOrEqual(try XCTUnwrap(whiteColumns.last), 800 - 8, "8 px from the trailing edge")
        // Shrunk about its centre, it is shorter too, by the same scale (the header is not white).
        let whiteRows = (0..<600).filter { rgb(frames[0], 400, $0) == [255, 255, 255] }
        XCTAssertLessThan(try XCTUnwrap(whiteRows.last), 600 - 1, "the card's bottom edge is on screen")
        XCTAssertEqual(Double(600 - whiteRows.last! - 1), (600 - 600 * Double(width) / 800) / 2, accuracy: 3)
        // Under parallax the same frame shows the top page at full size from the finger on.
        let slide = try render("slide", config: #"{"transition": "parallax"}"#, pages: pages, lines: swipe, at: [500], in: folder)
        XCTAssertEqual((0..<800).filter { rgb(slide[0], $0, 400) == [255, 255, 255] }.count, 400)
    }

    func testUnderReducedMotionAButtonPopHalfwayShowsTheTopPageAtZeroBlended() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-reduced-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Page B's button (x = 40...240, y = 300...348) pops it; page A beneath is plain. The tap ends
        // at t = 10, so the 150 ms crossfade is halfway in time at t = 85.
        let pages = #"{"root": "A", "pages": {"A": {}, "B": {"elements": [{"type": "button", "id": "back", "label": "", "frame": [40, 300, 200, 48], "action": "pop"}]}}}"#
        let tap = [#"{"t": 0, "type": "down", "x": 140, "y": 324, "device": "mouse"}"#,
                   #"{"t": 10, "type": "up", "x": 140, "y": 324, "device": "mouse"}"#, #"{"t": 1000, "type": "end"}"#]
        let before = try render("before", config: #"{"reduceMotion": true}"#, pages: pages, lines: tap, at: [5], in: folder)[0]
        let reduced = try render("reduced", config: #"{"reduceMotion": true}"#, pages: pages, lines: tap, at: [85, 400], in: folder)
        let button = rgb(before, 60, 324)
        XCTAssertGreaterThan(button[2] - button[0], 150, "the button, pressed: \(button)")
        // Halfway, the button stands where it stood (x = 40), its blue blended with the white of page A.
        let mid = rgb(reduced[0], 60, 324)
        XCTAssertGreaterThan(mid[0], button[0] + 40, "blended toward white: \(mid) against \(button)")
        XCTAssertLessThan(mid[0], 235, "but still the button: \(mid)")
        XCTAssertGreaterThan(mid[2], mid[0] + 10, "bluish: \(mid)")
        XCTAssertEqual(rgb(reduced[0], 39, 324), [255, 255, 255], "left of x = 40 both pages are white: nothing slid")
        XCTAssertEqual(rgb(reduced[0], 40, 324), rgb(reduced[0], 60, 324), "the button's edge is still at x = 40")
        XCTAssertEqual(rgb(reduced[1], 60, 324), [255, 255, 255], "popped: page A")
        // Without reduced motion the same tap slides the page: at t = 85 its button has left x = 40...60.
        let sliding = try render("sliding", config: #"{"reduceMotion": false}"#, pages: pages, lines: tap, at: [85], in: folder)[0]
        XCTAssertNotEqual(rgb(sliding, 60, 324), mid)
        XCTAssertLessThan(abs(rgb(sliding, 60, 324)[0] - rgb(sliding, 60, 380)[0]), 30, "slid away: the button is not at x = 60")
    }

    func testAnImageThatDoesNotDecodeIsBadInputAndAFailedRenderLeavesNoFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-img-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A PNG signature followed by garbage.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: folder.appendingPathComponent("broken.png"))
        let scenario = folder.appendingPathComponent("s.jsonl").path
        try (#"{"scenario": 1, "window": {"width": 400, "height": 300}, "pages": {"root": "A", "pages": {"A": {}, "B": {"elements": [{"type": "image", "src": "broken.png"}]}}}, "stacks": [{"pages": ["A", "B"]}]}"#
             + "\n" + #"{"t": 10, "type": "end"}"# + "\n").write(toFile: scenario, atomically: true, encoding: .utf8)
        let result = try runCommand(try Paths.swipeback, ["render", scenario, "--at", "0", "-o", folder.appendingPathComponent("out").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("page \"B\" element 0: image \"broken.png\" is truncated: it ends at byte 11 without an IEND chunk"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/0.png").path))

        // A frame that cannot be written (a folder stands in its place): the frames written before it go too.
        let out = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("200.png"), withIntermediateDirectories: true)
        let flick = Paths.repository.appendingPathComponent("Tests/Fixtures/scenarios/flick-commit.jsonl").path
        let failed = try runCommand(try Paths.swipeback, ["render", flick, "--at", "100", "200", "300", "-o", out.path])
        XCTAssertEqual(failed.status, 1, "a write that fails is a run-time failure")
        XCTAssertTrue(failed.standardError.contains("cannot write \(out.path)/200.png: writing PNG \(out.path)/200.png: Is a directory"),
                      failed.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("100.png").path))
    }

    /// Through the command line: the page in seven scripts and emoji (`Fixtures/languages/page.jsonl`,
    /// its pages from `pages.json` beside it, each paragraph with its `lang`) renders as the
    /// reference image the renderer's own test compares (0.02 % of pixels off by more than 8 at most).
    func testThePageInSevenScriptsRendersAsItsReferenceImage() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let scenario = Paths.repository.appendingPathComponent("Tests/Fixtures/languages/page.jsonl").path
        let result = try runCommand(try Paths.swipeback, ["render", scenario, "--at", "0", "-o", out.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let frame = try ImageSurface(png: out.appendingPathComponent("0.png").path)
        let reference = try ImageSurface(png: Paths.repository.appendingPathComponent("Tests/Fixtures/reference/languages.png").path)
        XCTAssertEqual([frame.width, frame.height], [reference.width, reference.height])
        var differing = 0
        for y in 0..<min(frame.height, reference.height) {
            for x in 0..<min(frame.width, reference.width) {
                let a = rgb(frame, x, y), b = rgb(reference, x, y)
                if zip(a, b).contains(where: { abs($0 - $1) > 8 }) { differing += 1 }
            }
        }
        XCTAssertLessThanOrEqual(Double(differing), 0.0002 * Double(frame.width * frame.height), "\(differing) pixels differ")
    }

    func testRenderErrors() throws {
        let scenario = Paths.repository.appendingPathComponent("Tests/Fixtures/scenarios/render-mid-swipe.jsonl").path
        for (arguments, expected) in [(["render", scenario, "-o", "/tmp/x"], "render needs --at"),
                                      (["render", scenario, "--at", "soon", "-o", "/tmp/x"], "--at expects times in ms"),
                                      (["render", scenario, "--at", "10"], "render needs -o DIR")] {
            let result = try runCommand(try Paths.swipeback, arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.standardError.contains(expected), result.standardError)
        }
    }
}
