// SPDX-License-Identifier: Apache-2.0
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

    func testAFIFOOrADeviceIsRefusedAtOnceWhereverAFileIsRead() throws {
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let linkToFIFO = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: linkToFIFO, withDestinationPath: fifo)
        let pages = try file("pages.json", #"{"root": "A", "pages": {"A": {"elements": [{"type": "image", "src": "fifo"}]}}}"#)
        let scenario = try file("s.jsonl", #"{"scenario": 1, "window": {"width": 400, "height": 300}, "pagesFile": "pages.json"}"# + "\n")
        let started = Date()
        XCTAssertEqual(try refused(["kiosk", pages, "--check"]),
                       "swipeback: \(pages): page \"A\" element 0: image \"fifo\" is not a regular file, expected an image file (looked at \(fifo))")
        XCTAssertEqual(try refused(["replay", scenario]),
                       "swipeback: \(pages): page \"A\" element 0: image \"fifo\" is not a regular file, expected an image file "
                       + "(looked at \(fifo)) (the pagesFile of \(scenario) line 1)")
        XCTAssertEqual(try refused(["replay", scenario, "--config", linkToFIFO]),
                       "swipeback: \(linkToFIFO): is not a regular file, expected a file")
        XCTAssertEqual(try refused(["replay", fifo]), "swipeback: \(fifo): is not a regular file, expected a file")
        XCTAssertEqual(try refused(["kiosk", "/dev/zero", "--check"]), "swipeback: /dev/zero: is not a regular file, expected a file")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "five refusals, none waiting for a writer")
    }

    func testInvalidUTF8IsReportedWithItsLineAndColumnByEveryReader() throws {
        let config = folder.appendingPathComponent("c.json")
        try Data("{\"edgeWidth\": 20,\n  \"kioskExitChord\": \"é".utf8 + [0xFF] + Array("\"}".utf8)).write(to: config)
        XCTAssertEqual(try refused(["replay", flick, "--config", config.path]),
                       "swipeback: \(config.path):2: not UTF-8 text at column 23: the byte 0xFF starts no UTF-8 character here")
        let pages = folder.appendingPathComponent("p.json")
        try Data("{\"root\": \"A\",\n\"pages\": {\"A\": {\"title\": \"".utf8 + [0xC3, 0x28] + Array("\"}}}".utf8)).write(to: pages)
        XCTAssertEqual(try refused(["kiosk", pages.path, "--check"]),
                       "swipeback: \(pages.path):2: not UTF-8 text at column 27: the byte 0xC3 starts no UTF-8 character here")
        let scenario = folder.appendingPathComponent("s.jsonl")
        // A surrogate written as UTF-8 (0xED 0xA0 0x80) is not UTF-8 either.
        try Data(#"{"scenario": 1, "window": {"width": 400, "height": 300}}"#.utf8 + Array("\n\n{\"t\": 0, \"type\": \"key\", \"key\": \"".utf8)
                 + [0xED, 0xA0, 0x80] + Array("\"}\n".utf8)).write(to: scenario)
        XCTAssertEqual(try refused(["replay", scenario.path]),
                       "swipeback: \(scenario.path):3: not UTF-8 text at column 33: the byte 0xED starts no UTF-8 character here")
    }

    func testBadValuesAreQuotedWithTheirControlCharactersEscaped() throws {
        let header = #"{"scenario": 1, "window": {"width": 400, "height": 300}}"#
        let newline = try file("n.jsonl", header + "\n" + #"{"t": 0, "type": "do\nwn"}"#)
        XCTAssertEqual(try refused(["replay", newline]),
                       "swipeback: \(newline):2: unknown type \"do\\nwn\"; expected one of: down, move, up, cancel, scroll, swipe, key, button, "
                       + "push, pop, popToRoot, set, direction, focus, resize, close, screenSaver, scale, desktopReducesMotion, end")
        let ansi = try file("a.jsonl", header + "\n" + #"{"t": 0, "type": "down", "device": "\u001b[2J\u001b[31mred"}"#)
        XCTAssertEqual(try refused(["replay", ansi]),
                       "swipeback: \(ansi):2: device is \"\\u001b[2J\\u001b[31mred\"; expected touch, mouse or pen")
        let long = try file("l.jsonl", header + "\n" + #"{"t": 0, "type": ""# + String(repeating: "x", count: 60_000) + #""}"#)
        XCTAssertTrue(try refused(["replay", long]).contains("unknown type \"" + String(repeating: "x", count: 60) + "…\" (60000 characters)"))
        // Names from the command line too: a file name with a line break and an escape in it.
        let odd = folder.appendingPathComponent("a\nb\u{1b}[31m.jsonl").path
        XCTAssertEqual(try refused(["replay", odd]), "swipeback: \(folder.path)/a\\nb\\u001b[31m.jsonl: no such file")
    }

    /// The bytes of a real PNG, with its chunks as (offset, type) pairs.
    private func png() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Paths.repository.appendingPathComponent("Assets/images/forest.png")))
    }

    private func chunkOffset(_ bytes: [UInt8], _ type: String) -> Int {
        var offset = 8
        while String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) != type {
            offset += 12 + Int(bytes[offset]) << 24 + Int(bytes[offset + 1]) << 16 + Int(bytes[offset + 2]) << 8 + Int(bytes[offset + 3])
        }
        return offset
    }

    /// `bytes` with the CRC of the chunk at `offset` computed anew, so only what was changed inside is wrong.
    private func fixingCRC(_ bytes: [UInt8], chunkAt offset: Int) -> [UInt8] {
        let length = Int(bytes[offset]) << 24 + Int(bytes[offset + 1]) << 16 + Int(bytes[offset + 2]) << 8 + Int(bytes[offset + 3])
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes[offset + 4..<offset + 8 + length] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        var fixed = bytes
        for k in 0..<4 { fixed[offset + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        return fixed
    }

    func testACorruptImageThroughPagesFileNamesTheDocumentThePageTheElementAndTheFault() throws {
        let good = try png()
        let ihdr = chunkOffset(good, "IHDR"), idat = chunkOffset(good, "IDAT")
        var badCRC = good; badCRC[ihdr + 8 + 13] ^= 0x01
        var flipped = good; flipped[idat + 8 + 20] ^= 0x40
        var empty = good; for k in 0..<8 { empty[ihdr + 8 + k] = 0 }
        var huge = good
        for k in [0, 4] { huge[ihdr + 8 + k..<ihdr + 12 + k] = [0x00, 0x01, 0x86, 0xA0] } // 100000
        var data = good; data[idat + 8 + 2] ^= 0xFF // inside the compressed stream, CRC made to match
        let cases: [([UInt8], String)] = [
            (badCRC, "is damaged: the CRC of its IHDR chunk at byte 8 does not match its contents"),
            (flipped, "is damaged: the CRC of its IDAT chunk at byte \(idat) does not match its contents"),
            (fixingCRC(empty, chunkAt: ihdr), "is 0x0 px: a PNG is at least 1x1"),
            (fixingCRC(huge, chunkAt: ihdr), "is 100000x100000 px: images here are at most 16384 px on a side and 16777216 px in all"),
        ]
        let scenario = try file("s.jsonl", #"{"scenario": 1, "window": {"width": 400, "height": 300}, "pagesFile": "pages.json"}"# + "\n")
        let pages = try file("pages.json", #"{"root": "home", "pages": {"home": {"elements": [{"type": "text", "text": "Hi"}, "#
                             + #"{"type": "image", "src": "photo.png"}]}}}"#)
        let photo = folder.appendingPathComponent("photo.png")
        for (bytes, fault) in cases {
            try Data(bytes).write(to: photo)
            XCTAssertEqual(try refused(["replay", scenario]),
                           "swipeback: \(pages): page \"home\" element 1: image \"photo.png\" \(fault) (\(photo.path)) (the pagesFile of \(scenario) line 1)")
            XCTAssertEqual(try refused(["kiosk", pages, "--check"]),
                           "swipeback: \(pages): page \"home\" element 1: image \"photo.png\" \(fault) (\(photo.path))")
        }
        // Whole chunks, every CRC right, but the compressed data is damaged: what the decoder says, in words.
        try Data(fixingCRC(data, chunkAt: idat)).write(to: photo)
        let message = try refused(["replay", scenario])
        XCTAssertTrue(message.hasPrefix("swipeback: \(pages): page \"home\" element 1: image \"photo.png\" does not decode"), message)
        XCTAssertTrue(message.hasSuffix("(the pagesFile of \(scenario))"), message)
        XCTAssertFalse(message.contains("memory"), message)
    }

    func testATimePastTheBoundIsRefusedAndOneAtTheBoundReplays() throws {
        let header = #"{"scenario": 1, "window": {"width": 400, "height": 300}, "pages": {"root": "A", "pages": {"A": {}, "B": {}}}}"#
        let far = try file("far.jsonl", header + "\n" + #"{"t": 1e18, "type": "push", "page": "B"}"# + "\n")
        let started = Date()
        XCTAssertEqual(try refused(["replay", far]), "swipeback: \(far):2: \"t\" is 1e+18; times are at most 10^12 ms (about 31.7 years), "
                       + "where the 60 Hz replay clock still counts exactly")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        let edge = try file("edge.jsonl", header + "\n" + #"{"t": 1e12, "type": "push", "page": "B"}"# + "\n")
        let result = try runCommand(try Paths.swipeback, ["replay", edge])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasSuffix(#"{"t": 1000000000300.0001, "type": "final", "stacks": {"main": ["A", "B"]}}"# + "\n"),
                      "the push settles on the 60 Hz grid there too: \(result.standardOutput.suffix(200))")
    }

    func testEveryReaderNamesTheLimitItMeets() throws {
        let header = #"{"scenario": 1, "window": {"width": 400, "height": 300}}"#
        let longLine = try file("long.jsonl", header + "\n" + #"{"t": 0, "type": "key", "key": ""# + String(repeating: "k", count: 70_000) + "\"}\n")
        XCTAssertEqual(try refused(["replay", longLine]), "swipeback: \(longLine):2: the line is 70034 bytes; a line after the header is at most 65536 bytes")
        let manyPages = try file("many.json", #"{"root": "p0", "pages": {"# + (0...10_000).map { "\"p\($0)\": {}" }.joined(separator: ", ") + "}}")
        XCTAssertEqual(try refused(["kiosk", manyPages, "--check"]), "swipeback: \(manyPages): pages: 10001 pages; a document has at most 10000")
        let elements = try file("elements.json", #"{"root": "A", "pages": {"A": {"elements": ["#
                                + Array(repeating: #"{"type": "gestureStatus"}"#, count: 1001).joined(separator: ", ") + "]}}}")
        XCTAssertEqual(try refused(["kiosk", elements, "--check"]),
                       "swipeback: \(elements): page \"A\": 1001 elements; a page has at most 1000")
        let big = folder.appendingPathComponent("big.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 2 << 20)
        try handle.close()
        XCTAssertEqual(try refused(["replay", flick, "--config", big.path]),
                       "swipeback: \(big.path): is 2097152 bytes; a file here is at most 1048576 bytes (1 MiB)")
    }

    func testRenderRefusesTimesPastTheBoundAndNamesTheOthersByTheirNumber() throws {
        let out = folder.appendingPathComponent("frames").path
        for time in ["99999999999999999999999", "9007199254740993", "1000000000000.5"] {
            XCTAssertEqual(try refused(["render", flick, "--at", "0," + time, "-o", out]),
                           "swipeback: --at \(time): times are at most 10^12 ms, as in a scenario")
        }
        XCTAssertEqual(try refused(["render", flick, "--at"] + (0...1000).map(String.init) + ["-o", out]),
                       "swipeback: --at: 1001 times; render writes at most 1000 frames a run")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
        // Each name is the shortest form of the time's number, as the event log writes it.
        let result = try runCommand(try Paths.swipeback, ["render", flick, "--at", "100.50", "0.1000000000000000055511151231257827",
                                                          "007", "1000000000000", "-o", out])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(),
                       ["0.1.png", "100.5.png", "1000000000000.png", "7.png"])
    }

    /// A scenario of `count` unanimated pushes; each push's stack line lists every page.
    private func pushes(_ count: Int) throws -> String {
        var text = #"{"scenario": 1, "window": {"width": 400, "height": 300}, "pages": {"root": "A", "pages": {"A": {}, "B": {}}}}"# + "\n"
        for t in 0..<count { text += #"{"t": \#(t), "type": "push", "page": "B", "animated": false}"# + "\n" }
        return try file("pushes-\(count).jsonl", text)
    }

    func testTwentyThousandPushesReplayToDevNullInBoundedMemory() throws {
        // About 1 GB of log in all, written as it is made (it took 2.3 GB of memory at 16,000 pushes).
        let result = try runMeasuringMemory(try Paths.swipeback, ["replay", try pushes(20_000)])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertLessThan(result.peakBytes, 200 << 20, "peak resident memory \(result.peakBytes >> 20) MiB")
    }

    func testALogFileIsStreamedThroughATemporaryThatIsGoneAtTheEnd() throws {
        let log = folder.appendingPathComponent("log.jsonl").path
        let result = try runMeasuringMemory(try Paths.swipeback, ["replay", try pushes(3000), "--event-log", log])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertLessThan(result.peakBytes, 100 << 20, "peak resident memory \(result.peakBytes >> 20) MiB")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 3000 * 5 + 3, "per push two lifecycle pairs and a stack line; the first page's two; final")
        XCTAssertTrue(lines[lines.count - 2].hasSuffix(", \"B\"]}") && lines[lines.count - 2].contains(#"["A", "B", "B", "#))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }, [])
    }
}

/// Asserts that `text` is exactly one line, ending in a newline, with no other control character.
func assertOneCleanLine(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(text.hasSuffix("\n"), "ends its line: \(text.debugDescription)", file: file, line: line)
    let controls = text.dropLast().unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    XCTAssertEqual(controls.count, 0, "no control characters in \(text.debugDescription)", file: file, line: line)
}
