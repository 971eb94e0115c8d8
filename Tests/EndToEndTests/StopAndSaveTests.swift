// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import XCTest
import SwipeBackFormats

/// Issue 19's findings about timing, each through the command line under Xvfb: a stop signal
/// while a window command starts is honoured, a save keeps the file's mode and owner, and the
/// temporaries of a killed writer are gone once the next one has written.
final class StopAndSaveTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func start(_ server: XvfbServer, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Paths.swipeback)
        process.arguments = arguments
        process.environment = ["DISPLAY": server.displayName, "XDG_CONFIG_HOME": folder.path, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Whether `pid` catches SIGTERM yet (its handler is installed), from /proc.
    private func catchesTerm(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << (UInt64(SIGTERM) - 1)) != 0
    }

    /// Waits up to `seconds` for `process` to end; past that it is killed, and the answer is false.
    private func exits(_ process: Process, within seconds: Double) -> Bool {
        guard !SwipeBackXTesting.waitUntil(timeout: seconds, every: 2, { !process.isRunning }) else { return true }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
    }

    private func waitUntil(_ what: String, seconds: Double = 10, _ condition: () -> Bool) throws {
        guard SwipeBackXTesting.waitUntil(timeout: seconds, every: 0.5, condition) else { throw HarnessError("timed out waiting for \(what)") }
    }

    func testASIGTERMWhileAWindowCommandStartsEndsItWithStatusZeroAndItsRecording() throws {
        let server = try XvfbServer()
        // At the first moment the handler is there, then while the pages load and the window opens,
        // and as the window first maps.
        for (index, delay) in [0, 5, 15, 30, 60, -1].enumerated() {
            let recording = folder.appendingPathComponent("early-\(index).jsonl").path
            let process = try start(server, ["record", recording, "--open", "home,message", "--window", "640x480"])
            defer { if process.isRunning { process.terminate() } }
            if delay >= 0 {
                try waitUntil("the handler") { catchesTerm(process.processIdentifier) || !process.isRunning }
                // Caught before anything else: long before there is a window.
                XCTAssertTrue(server.windows(titled: "SwipeBack").isEmpty, "the handler comes first")
                usleep(useconds_t(delay * 1000)) // the delay is the test's input: a SIGTERM this long into the start
            } else {
                try waitUntil("the window") { !server.windows(titled: "SwipeBack").isEmpty || !process.isRunning }
            }
            kill(process.processIdentifier, SIGTERM)
            XCTAssertTrue(exits(process, within: 5), "delay \(delay): one SIGTERM is enough")
            XCTAssertEqual(process.terminationReason, .exit, "delay \(delay)")
            XCTAssertEqual(process.terminationStatus, 0, "delay \(delay)")
            let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
            XCTAssertTrue(lines.first?.hasPrefix(#"{"scenario": 1"#) == true, "delay \(delay): \(lines)")
            XCTAssertTrue(lines.last?.contains(#""type": "end""#) == true, "delay \(delay): \(lines)")
            let replay = try runCommand(try Paths.swipeback, ["replay", recording])
            XCTAssertEqual(replay.status, 0, replay.standardError)
        }
        // A demo (no recording) the same way.
        let demo = try start(server, ["demo", "--window", "640x480"])
        try waitUntil("the handler") { catchesTerm(demo.processIdentifier) || !demo.isRunning }
        kill(demo.processIdentifier, SIGTERM)
        XCTAssertTrue(exits(demo, within: 5), "one SIGTERM is enough")
        XCTAssertEqual(demo.terminationReason, .exit)
        XCTAssertEqual(demo.terminationStatus, 0)
    }

    private func partials() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
    }

    /// Starts `record TARGET`, waits for its window, kills it with SIGKILL: its temporary stays.
    private func killedRecorder(_ server: XvfbServer, target: String) throws {
        let process = try start(server, ["record", target, "--open", "home,message", "--window", "640x480"])
        try waitUntil("the recording under way") { ((try? partials()) ?? []).count == 1 || !process.isRunning }
        try waitUntil("the window") { !server.windows(titled: "SwipeBack").isEmpty || !process.isRunning }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try waitUntil("the window to go") { server.windows(titled: "SwipeBack").isEmpty }
        XCTAssertEqual(try partials(), [".\(URL(fileURLWithPath: target).lastPathComponent).swipeback-\(process.processIdentifier).partial"],
                       "the killed writer's temporary, named for its target and process")
    }

    /// People keep configurations in a dotfiles folder linked into place: a save goes through the
    /// link (which stays), keeps the target's mode, and a start removes a killed writer's leftover.
    func testASaveThroughASymbolicLinkKeepsTheLinkAndWritesItsTarget() throws {
        let server = try XvfbServer()
        let dotfiles = folder.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles.appendingPathComponent("swipeback.json").path
        try #"{"touchSlop": 12}"#.write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(target, 0o640), 0)
        let link = folder.appendingPathComponent("config.json").path
        XCTAssertEqual(symlink("dotfiles/swipeback.json", link), 0, "a relative link, as dotfile managers make")

        // A writer killed while it writes through the link leaves its temporary beside the target.
        let killed = try start(server, ["record", link, "--open", "home,message", "--window", "640x480"])
        let leftover = ".swipeback.json.swipeback-\(killed.processIdentifier).partial"
        try waitUntil("the recording under way") {
            FileManager.default.fileExists(atPath: dotfiles.appendingPathComponent(leftover).path) || !killed.isRunning
        }
        try waitUntil("the window") { !server.windows(titled: "SwipeBack").isEmpty || !killed.isRunning }
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        try waitUntil("the window to go") { server.windows(titled: "SwipeBack").isEmpty }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path).sorted(), [leftover, "swipeback.json"])
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), #"{"touchSlop": 12}"#, "the target is whole")
        // A live writer's temporary (this test's own process) is not a leftover.
        let live = dotfiles.appendingPathComponent(".swipeback.json.swipeback-\(getpid()).partial").path
        try "".write(toFile: live, atomically: false, encoding: .utf8)

        // The log goes elsewhere: the folder's listing is checked below.
        let tuneLog = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-tune-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: tuneLog) }
        let tune = try start(server, ["tune", "--config", link, "--open", "home,message", "--window", "800x600",
                                      "--event-log", tuneLog, "--log-frames"])
        defer { if tune.isRunning { tune.terminate() } }
        try waitUntil("tune's window") { !server.windows(titled: "SwipeBack").isEmpty }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path).sorted(),
                       [".swipeback.json.swipeback-\(getpid()).partial", "swipeback.json"],
                       "the start removed the dead writer's leftover and kept the live one's")
        // Tune's first frame (the message page's white): the key below must reach a mapped window.
        try waitUntil("tune's first frame") { ((try? String(contentsOfFile: tuneLog, encoding: .utf8)) ?? "").contains(#""type": "frame""#) }
        server.move(to: 400, 300)
        server.key(XK_s)
        try waitUntil("the save") { ((try? String(contentsOfFile: target, encoding: .utf8)) ?? "").contains("\"feel\"") }
        var info = stat()
        XCTAssertEqual(lstat(link, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link is still a link")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "dotfiles/swipeback.json")
        XCTAssertEqual(stat(target, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
        XCTAssertEqual(info.st_mode & 0o7777, 0o640, "the target keeps its mode")
        let values = try XCTUnwrap(EventLogReader.linesSoFar(try String(contentsOfFile: target, encoding: .utf8)).first)
        XCTAssertEqual(values.number("touchSlop"), 12, "the target's own key is kept")
        XCTAssertNotNil(values["feel"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["config.json", "dotfiles"],
                       "nothing was written beside the link")
        unlink(live)
    }

    func testASaveKeepsTheModeAndOwnerAndRemovesAKilledWritersTemporary() throws {
        let server = try XvfbServer()
        let config = folder.appendingPathComponent("config.json").path
        try #"{"edgeWidth": 30}"#.write(toFile: config, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(config, 0o600), 0)
        XCTAssertEqual(chown(config, 1234, 4321), 0, "the tests run as root")
        try killedRecorder(server, target: config)
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), #"{"edgeWidth": 30}"#, "the target is whole")

        let tuneLog = folder.appendingPathComponent("tune.jsonl").path
        let tune = try start(server, ["tune", "--config", config, "--open", "home,message", "--window", "800x600",
                                      "--event-log", tuneLog, "--log-frames"])
        defer { if tune.isRunning { tune.terminate() } }
        try waitUntil("tune's first frame") { ((try? String(contentsOfFile: tuneLog, encoding: .utf8)) ?? "").contains(#""type": "frame""#) }
        server.move(to: 400, 300)
        server.key(XK_s)
        // The save writes the feel beside the file's own key.
        try waitUntil("the save") { ((try? String(contentsOfFile: config, encoding: .utf8)) ?? "").contains("\"feel\"") }
        var info = stat()
        XCTAssertEqual(stat(config, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600, "0600 stays 0600")
        XCTAssertEqual(info.st_uid, 1234)
        XCTAssertEqual(info.st_gid, 4321)
        XCTAssertEqual(try partials(), [], "the next save removed the stale temporary")
        let values = try XCTUnwrap(EventLogReader.linesSoFar(try String(contentsOfFile: config, encoding: .utf8)).first)
        XCTAssertEqual(values.number("edgeWidth"), 30)

        // A recording the same way: the next recording of the same file removes the killed one's temporary.
        tune.terminate()
        tune.waitUntilExit()
        let recording = folder.appendingPathComponent("session.jsonl").path
        try killedRecorder(server, target: recording)
        XCTAssertFalse(FileManager.default.fileExists(atPath: recording), "SIGKILL writes no recording")
        let next = try start(server, ["record", recording, "--open", "home,message", "--window", "640x480"])
        try waitUntil("the window") { !server.windows(titled: "SwipeBack").isEmpty }
        next.terminate()
        XCTAssertTrue(exits(next, within: 5))
        XCTAssertEqual(next.terminationStatus, 0)
        XCTAssertEqual(try partials(), [])
        XCTAssertTrue(try String(contentsOfFile: recording, encoding: .utf8).hasPrefix(#"{"scenario": 1"#))
    }
}
