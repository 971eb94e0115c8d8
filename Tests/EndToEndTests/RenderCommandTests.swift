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
