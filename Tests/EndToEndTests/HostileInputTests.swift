import Foundation
import XCTest

/// Issue 19's findings, each through the command line: hostile input gets one clean line, a
/// status of 2, and nothing left behind.
final class HostileInputTests: XCTestCase {
    private var folder: URL!
    private let flick = Paths.repository.appendingPathComponent("Tests/Fixtures/scenarios/flick-commit.jsonl").path

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `contents` to a file named `name` in the test's folder; returns its path.
    private func file(_ name: String, _ contents: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs swipeback with `arguments`; asserts status 2, one stderr line without control
    /// characters, nothing on standard output; returns the line without its newline.
    @discardableResult
    private func refused(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":999"
        let result = try runCommand(try Paths.swipeback, arguments, environment: environment)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)", file: file, line: line)
        assertOneCleanLine(result.standardError, file: file, line: line)
        XCTAssertEqual(result.standardOutput, "", "\(arguments)", file: file, line: line)
        return String(result.standardError.dropLast())
    }

    func testANumberTooCloseToZeroAndALoneSurrogateGetPreciseMessages() throws {
        let tiny = try file("tiny.json", #"{"edgeWidth": 1e-400}"#)
        XCTAssertEqual(try refused(["replay", flick, "--config", tiny]),
                       "swipeback: \(tiny):1: not valid JSON at column 15: expected a number a Double can hold, found 1e-400: "
                       + "too close to 0 to represent (the smallest is about 4.9e-324)")
        let lone = try file("lone.json", #"{"kioskExitChord": "\ud800"}"#)
        XCTAssertEqual(try refused(["replay", flick, "--config", lone]),
                       "swipeback: \(lone):1: not valid JSON at column 21: expected a low surrogate escape \\uDC00...\\uDFFF "
                       + "after the high surrogate \\ud800 (a lone surrogate is not a character)")
        let low = try file("low.json", #"{"kioskExitChord": "a\udc00"}"#)
        XCTAssertTrue(try refused(["replay", flick, "--config", low]).hasSuffix("column 22: expected a character escape, found the lone low "
                                                                               + "surrogate \\udc00 (it must follow a high surrogate \\uD800...\\uDBFF)"))
        // A pair is one character, and a subnormal number is a number.
        let pair = try file("pair.json", #"{"kioskExitChord": "Ctrl+\ud83d\ude00", "maxVelocity": 4.9e-324}"#)
        XCTAssertTrue(try refused(["replay", flick, "--config", pair]).hasSuffix(#""maxVelocity" is 5e-324, outside 1...100000 px/s"#))
    }

    func testNestingPastTheLimitIsNamed() throws {
        let deep = try file("deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        XCTAssertEqual(try refused(["replay", flick, "--config", deep]),
                       "swipeback: \(deep):1: not valid JSON at column 65: expected at most 64 levels of nested arrays and objects")
    }
}

/// Asserts that `text` is exactly one line, ending in a newline, with no other control character.
func assertOneCleanLine(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(text.hasSuffix("\n"), "ends its line: \(text.debugDescription)", file: file, line: line)
    let controls = text.dropLast().unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    XCTAssertEqual(controls.count, 0, "no control characters in \(text.debugDescription)", file: file, line: line)
}
