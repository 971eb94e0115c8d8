// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackRender
import XCTest
import SwipeBackFormats

/// The `swipeback` command line: replay of the shared example, errors and exit statuses.
final class CommandLineTests: XCTestCase {
    private let fixtures = Paths.repository.appendingPathComponent("Tests/Fixtures/scenarios")

    private func parse(_ text: String) -> [EventLogLine] {
        EventLogReader.linesSoFar(text)
    }

    func testExampleScenarioReplaysToTheShapeOfItsLog() throws {
        let result = try runCommand(try Paths.swipeback, ["replay", fixtures.appendingPathComponent("flick-commit.jsonl").path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let actual = parse(result.standardOutput)
        let expected = parse(try String(contentsOf: fixtures.appendingPathComponent("flick-commit.log.jsonl"), encoding: .utf8))
            .filter { $0.string("type") != "..." }
        // The expected log shows one `changed` line for the many; keep the first of ours.
        var sawChanged = false
        let comparable = actual.filter { line in
            guard line.string("phase") == "changed" else { return true }
            defer { sawChanged = true }
            return !sawChanged
        }
        XCTAssertEqual(comparable.count, expected.count, "\(comparable)")
        for (got, want) in zip(comparable, expected) {
            for (key, value) in want.fields {
                switch key {
                case "t":
                    // Input-driven times are exact; the settle time is illustrative.
                    let t = value.numberValue!
                    if t <= 144 { XCTAssertEqual(got.number("t"), t, "\(want)") }
                case "velocity":
                    XCTAssertEqual(got.number("velocity") ?? .nan, value.numberValue!, accuracy: 1, "\(want)")
                default:
                    XCTAssertEqual(got[key], value, "\(key) of \(want)")
                }
            }
        }
        let settle = try XCTUnwrap(actual.last?.number("t"))
        XCTAssertEqual(settle, 420, accuracy: 60, "the settle lasts about as long as the example's")
    }

    func testDemoWithoutADisplayPrintsOneLineAndExitsOne() throws {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        let result = try runCommand(try Paths.swipeback, ["demo"], environment: environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, result.standardError)
        XCTAssertTrue(result.standardError.hasPrefix("swipeback: no X display"), result.standardError)
    }

    func testBadInputsGetOneLineAndStatusTwo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.jsonl").path
        try #"{"scenario": 1, "window": {"width": 800, "height": 600}, "stacks": [{"pages": ["A", "B"]}]}"#
            .appending("\n{\"t\": 0, \"type\": \"down\", \"x\": 4,\n").write(toFile: broken, atomically: true, encoding: .utf8)
        let good = fixtures.appendingPathComponent("flick-commit.jsonl").path
        // The same scenario with a config of its own in the header.
        let pinned = directory.appendingPathComponent("pinned.jsonl").path
        let flick = try String(contentsOfFile: good, encoding: .utf8)
        try flick.replacingOccurrences(of: #"{"scenario": 1,"#, with: #"{"scenario": 1, "config": {"commitProgress": 0.2},"#)
            .write(toFile: pinned, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["replay", broken], "swipeback: \(broken):2: not valid JSON at character 33: expected a key in double quotes, found the end of the text"),
            (["replay", directory.appendingPathComponent("none.jsonl").path], "no such file"),
            (["replay"], "replay expects one SCENARIO file"),
            (["frobnicate"], "unknown command \"frobnicate\""),
            (["demo", "--window", "wide"], "--window expects WIDTHxHEIGHT"),
            (["demo", "--open", "home,nowhere"], "--open: no page \"nowhere\""),
            (["demo", "--open", "home,,message"], "--open expects page ids separated by commas"),
            (["replay", broken, "--pages", "x.json"], "unknown option --pages for replay"),
            ([], "missing COMMAND"),
            (["help", "bogus"], "no command \"bogus\""),
            (["replay", good, "--event-log", directory.path], "--event-log \(directory.path): is a directory, expected a file"),
            (["replay", good, "--event-log", directory.path + "/missing/x.jsonl"], "no folder \(directory.path)/missing"),
            (["replay", broken, "--config", "/dev/null"], "/dev/null: is not a regular file, expected a file"),
            (["replay", broken, "--config", directory.path], "is a directory, expected a file"),
            (["render", good, "--at", "0", "-o", broken], "-o \(broken): is a file, expected a folder"),
            // A recording's file is checked before any window opens (DISPLAY is :999 here).
            (["record", directory.path + "/missing/x.jsonl"], "record \(directory.path)/missing/x.jsonl: no folder"),
            (["record", directory.path], "record \(directory.path): is a directory, expected a file"),
            (["replay", good, "--compare", "a.json"], "--compare needs two configuration files: --compare A.json B.json"),
            (["plot", good, broken.replacingOccurrences(of: "broken", with: "pinned"), "-o", directory.path + "/map.png"],
             "pinned.jsonl: its header's config differs"),
        ]
        for (arguments, expected) in cases {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = ":999"
            let result = try runCommand(try Paths.swipeback, arguments, environment: environment)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments): nothing half-written on standard output")
        }
    }

    func testAnOutputThatCannotBeWrittenIsOneLineAndStatusOne() throws {
        var info = stat()
        guard stat("/dev/full", &info) == 0, info.st_mode & S_IFMT == S_IFCHR else {
            throw XCTSkip("/dev/full is not the full device on this machine")
        }
        let scenario = fixtures.appendingPathComponent("flick-commit.jsonl").path
        let toFile = try runCommand(try Paths.swipeback, ["replay", scenario, "--event-log", "/dev/full"])
        XCTAssertEqual(toFile.status, 1)
        XCTAssertEqual(toFile.standardError, "swipeback: --event-log /dev/full: cannot write it: No space left on device\n")
        let toOutput = try runCommand("/bin/sh", ["-c", "'\(try Paths.swipeback)' replay '\(scenario)' > /dev/full"])
        XCTAssertEqual(toOutput.status, 1)
        XCTAssertEqual(toOutput.standardError, "swipeback: cannot write to standard output: No space left on device\n")
    }

    func testCompareWorksWithFeels() throws {
        // The same recorded swipes under UIKit's feel and Android's (armed after 16 dp): every slow
        // release that UIKit cancels, Android commits; the fast ones commit under both.
        let (pairs, summary) = try compareRecordedSwipes("feel-uikit.json", "feel-android.json")
        XCTAssertEqual(pairs, ["cancel/commit", "cancel/commit", "cancel/commit", "commit/commit", "commit/commit", "cancel/commit"])
        XCTAssertEqual(summary?.number("differ"), 4)
    }

    func testPlotCompareDrawsBothRulesAndRingsTheSwipesTheyDecideDifferently() throws {
        let recorded = Paths.repository.appendingPathComponent("Tests/Fixtures/recorded")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-plot-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try runCommand(try Paths.swipeback, ["plot", recorded.appendingPathComponent("swipes.jsonl").path, "-o", out, "--compare",
                                                          recorded.appendingPathComponent("feel-uikit.json").path,
                                                          recorded.appendingPathComponent("feel-android.json").path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let map = try ImageSurface(png: out)
        func rgb(_ x: Int, _ y: Int) -> [Int] { let p = map.pixel(x: x, y: y); return [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }
        // The plot spans x 86...776 (progress 0...1) and y 498...48 (velocity -4...4 widths/s).
        // Fills of 0.80/0.88/0.99 (blue), 0.99/0.93/0.70 (yellow), 0.86/0.95/0.87 (green), within cairo's rounding.
        func near(_ got: [Int], _ want: [Double]) -> Bool { zip(got, want).allSatisfy { abs(Double($0) - $1 * 255) <= 1.5 } }
        XCTAssertTrue(near(rgb(258, 245), [0.80, 0.88, 0.99]), "at 25 %, 0.5 widths/s only Android's rule commits: \(rgb(258, 245))")
        XCTAssertTrue(near(rgb(600, 301), [0.99, 0.93, 0.70]), "at 75 %, -0.5 widths/s only UIKit's does: \(rgb(600, 301))")
        XCTAssertTrue(near(rgb(600, 150), [0.86, 0.95, 0.87]), "fast toward popping both commit: \(rgb(600, 150))")
        // The ring: black pixels 9 px left of the slow release at 20 % (x 224, velocity 0 at y 273).
        XCTAssertTrue((215...217).contains { rgb($0, 273) == [0, 0, 0] }, "the swipe decided differently is ringed")
        let refused = try runCommand(try Paths.swipeback, ["plot", recorded.appendingPathComponent("swipes.jsonl").path, "-o", out,
                                                           "--config", recorded.appendingPathComponent("feel-uikit.json").path, "--compare",
                                                           recorded.appendingPathComponent("feel-uikit.json").path,
                                                           recorded.appendingPathComponent("feel-android.json").path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.standardError.contains("plot --compare takes its two configurations instead of --config"), refused.standardError)
    }

    /// `replay --compare` of the recorded swipes under two configurations of `Tests/Fixtures/recorded`:
    /// each swipe's "a/b" decisions, and the summary line.
    private func compareRecordedSwipes(_ a: String, _ b: String) throws -> (pairs: [String], summary: EventLogLine?) {
        let recorded = Paths.repository.appendingPathComponent("Tests/Fixtures/recorded")
        let result = try runCommand(try Paths.swipeback, ["replay", recorded.appendingPathComponent("swipes.jsonl").path, "--compare",
                                                          recorded.appendingPathComponent(a).path, recorded.appendingPathComponent(b).path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = EventLogReader.linesSoFar(result.standardOutput)
        return (lines.dropLast().map { "\($0.string("a") ?? "?")/\($0.string("b") ?? "?")" }, lines.last)
    }

    func testCompareFindsTheSwipesWhoseDecisionChangesWithCommitProgress() throws {
        let recorded = Paths.repository.appendingPathComponent("Tests/Fixtures/recorded")
        let (pairs, summary) = try compareRecordedSwipes("commit-0.5.json", "commit-0.35.json")
        // Slow releases at about 20, 40, 45 and 55 %, a fast short flick, a slow 37 %: the 40, 45 and 37 %
        // releases commit only when the threshold drops to 0.35.
        XCTAssertEqual(pairs, ["cancel/cancel", "cancel/commit", "cancel/commit", "commit/commit", "commit/commit", "cancel/commit"])
        XCTAssertEqual(summary?.number("differ"), 3)
        XCTAssertEqual(summary?.number("total"), 6)
        // Bad input: a broken configuration names its file and place, and prints no comparison.
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-compare-\(UUID().uuidString).json").path
        try #"{"commitProgress": 0.35,"#.write(toFile: broken, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let bad = try runCommand(try Paths.swipeback, ["replay", recorded.appendingPathComponent("swipes.jsonl").path, "--compare",
                                                       recorded.appendingPathComponent("commit-0.5.json").path, broken])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.standardOutput, "")
        XCTAssertTrue(bad.standardError.hasPrefix("swipeback: \(broken):1: not valid JSON at column 25: expected a key in double quotes"), bad.standardError)
    }

    func testPlotDrawsTheDecisionMapOfRecordedSwipes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swipes = Paths.repository.appendingPathComponent("Tests/Fixtures/recorded/swipes.jsonl").path
        let out = folder.appendingPathComponent("map.png").path
        let result = try runCommand(try Paths.swipeback, ["plot", swipes, "-o", out])
        XCTAssertEqual(result.status, 0, result.standardError)
        let map = try ImageSurface(png: out)
        XCTAssertEqual([map.width, map.height], [800, 560])
        for (arguments, expected) in [(["plot", swipes], "plot needs -o OUT.png"), (["plot", swipes, "-o", folder.path + "/x.txt"], "expected a .png file name"),
                                      (["plot", swipes, "-o", folder.path + "/none/x.png"], "no folder"), (["plot", "-o", out], "plot expects one or more SCENARIO files")] {
            let bad = try runCommand(try Paths.swipeback, arguments)
            XCTAssertEqual(bad.status, 2, "\(arguments)")
            XCTAssertTrue(bad.standardError.contains(expected), bad.standardError)
        }
    }

    func testReplayWritesTheEventLogFileAndAFailedDemoLeavesOneUntouched() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("replay.jsonl").path
        let scenario = fixtures.appendingPathComponent("flick-commit.jsonl").path
        let result = try runCommand(try Paths.swipeback, ["replay", scenario, "--event-log", log])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "")
        let written = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(written.hasSuffix("\"stacks\": {\"main\": [\"A\"]}}\n"), written)

        let keep = directory.appendingPathComponent("keep.log").path
        try "precious\n".write(toFile: keep, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        let demo = try runCommand(try Paths.swipeback, ["demo", "--event-log", keep], environment: environment)
        XCTAssertEqual(demo.status, 1)
        XCTAssertEqual(try String(contentsOfFile: keep, encoding: .utf8), "precious\n")
    }

    func testVelocityCommandReproducesFlutterStrokes() throws {
        // Tests/Fixtures/scenarios/flutter-strokes.jsonl holds the 7 recorded Flutter strokes, ids 1...7.
        let result = try runCommand(try Paths.swipeback, ["velocity", fixtures.appendingPathComponent("flutter-strokes.jsonl").path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let releases = parse(result.standardOutput)
        let path = Paths.repository.appendingPathComponent("Tests/Fixtures/velocity/flutter-recorded.json").path
        let recorded = try JSONValue.parse(try String(contentsOfFile: path, encoding: .utf8), file: path, line: nil)
        let strokes = try XCTUnwrap(recorded.objectValue?["strokes"]?.arrayValue?.compactMap { $0.objectValue.map(EventLogLine.init) })
        XCTAssertEqual(releases.count, strokes.count)
        for (release, stroke) in zip(releases, strokes) {
            let expected = try XCTUnwrap(stroke["expected_velocity"]?.objectValue)
            for axis in ["x", "y"] {
                let actual = try XCTUnwrap(release.number("v" + axis)), want = try XCTUnwrap(expected[axis]?.numberValue)
                XCTAssertLessThan(abs(actual - want) / abs(want), 0.001, "\(stroke.number("id") ?? 0) \(axis)")
            }
        }
        // No estimate after a stop: null, not 0.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-v-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: directory) }
        try (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "stacks": [{"pages": ["A"]}]}"# + "\n"
             + #"{"t": 0, "type": "down", "x": 1, "y": 1}"# + "\n" + #"{"t": 100, "type": "up", "x": 5, "y": 1}"# + "\n")
            .write(to: directory, atomically: true, encoding: .utf8)
        let stopped = try runCommand(try Paths.swipeback, ["velocity", directory.path])
        XCTAssertEqual(stopped.standardOutput, #"{"id": 1, "t": 100, "vx": null, "vy": null}"# + "\n")
    }

    func testReplayAtAnotherWindowSizeScalesTheGestures() throws {
        // The flick at 800 px wide, replayed at 400: the same swipe, half the distance, same progress.
        let scenario = fixtures.appendingPathComponent("flick-commit.jsonl").path
        let result = try runCommand(try Paths.swipeback, ["replay", scenario, "--window", "400x300"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let ended = parse(result.standardOutput).first { $0.string("phase") == "ended" }
        XCTAssertEqual(ended?.number("progress"), 0.5)
        XCTAssertEqual(ended?.string("decision"), "commit")
    }

    func testHelpListsTheCommands() throws {
        let result = try runCommand(try Paths.swipeback, ["help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.standardOutput.contains("demo"))
        XCTAssertTrue(result.standardOutput.contains("replay"))
    }
}
