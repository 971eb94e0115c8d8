// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation
import XCTest
import SwipeBackFormats

/// `swipeback kiosk` under Xorg with real touch: navigated by taps and swipes, back to its root
/// when idle, and nothing (Escape, close requests, swipes on the root) leaves it but the exit chord.
final class KioskTests: XCTestCase {
    private let fixtures = Paths.repository.appendingPathComponent("Tests/Fixtures/kiosk")

    func testAKioskIsNavigatedByTouchReturnsToItsRootAndCannotBeLeftButByItsChord() throws {
        let server = try XorgTouchServer()
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let pages = fixtures.appendingPathComponent("pages.json").path
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-kiosk-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Paths.swipeback)
        process.arguments = ["kiosk", pages, "--config", fixtures.appendingPathComponent("config.json").path, "--event-log", log]
        process.environment = ["DISPLAY": server.displayName, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func lines() -> [EventLogLine] {
            EventLogReader.linesSoFar((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
        func waitFor(_ what: String, timeout: Double = 10, _ condition: ([EventLogLine]) -> Bool) throws {
            guard waitUntil(timeout: timeout, { condition(lines()) || !process.isRunning }), process.isRunning else {
                throw HarnessError("timed out waiting for \(what)")
            }
        }
        func stacks() -> [[String]] { lines().filter { $0.string("type") == "stack" }.compactMap { $0.strings("pages") } }
        func finished(_ n: Int) -> ([EventLogLine]) -> Bool {
            { $0.filter { $0.string("type") == "transition" && $0.string("phase") == "finished" }.count >= n }
        }
        func tap(_ page: String, _ button: String) throws {
            let (x, y) = try builtInButtonCentre(page: page, button: button, width: Double(server.width), document: pages)
            try touch.play(TouchStep.tap(1, x: Double(x), y: Double(y)))
        }
        func swipe() throws {
            try touch.play(TouchStep.line(2, from: (3, 500), to: (703, 500), lift: false) + [.up(2, x: 703, y: 500)])
        }
        try waitFor("the kiosk") { $0.contains { $0.string("phase") == "didAppear" } }
        let window = try XCTUnwrap(topLevelWindows(server.display, titled: "SwipeBack kiosk").first)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(server.display, window, &attributes)
        XCTAssertEqual([Int(attributes.x), Int(attributes.y), Int(attributes.width), Int(attributes.height)], [0, 0, server.width, server.height],
                       "it covers the screen")
        // Tap, tap: two pages pushed. Swipe: one popped.
        try tap("home", "menu")
        try waitFor("the menu", finished(1))
        try tap("menu", "detail")
        try waitFor("the detail", finished(2))
        try swipe()
        try waitFor("the pop", finished(3))
        XCTAssertEqual(stacks(), [["home", "menu"], ["home", "menu", "detail"], ["home", "menu"]])
        // Escape and a close request do nothing.
        let before = lines().count
        for keysym in [XK_Escape, XK_F11] {
            let code = XKeysymToKeycode(server.display, KeySym(keysym))
            XTestFakeKeyEvent(server.display, UInt32(code), 1, 0)
            XTestFakeKeyEvent(server.display, UInt32(code), 0, 0)
        }
        var close = XEvent()
        close.xclient.type = ClientMessage
        close.xclient.window = window
        close.xclient.message_type = XInternAtom(server.display, "WM_PROTOCOLS", 0)
        close.xclient.format = 32
        close.xclient.data.l.0 = Int(XInternAtom(server.display, "WM_DELETE_WINDOW", 0))
        XSendEvent(server.display, window, 0, 0, &close)
        XSync(server.display, 0)
        // Idle for 1.5 s: back to the root, animated.
        try waitFor("the idle return", timeout: 6, finished(4))
        XCTAssertTrue(process.isRunning, "the close request was refused")
        XCTAssertFalse(lines().dropFirst(before).contains { $0.string("type") == "back" }, "Escape is no back command here")
        XCTAssertEqual(stacks().last, ["home"])
        // The idle return cleared the forward list (it held the swiped-away page and the menu):
        // the forward button does nothing for the next visitor.
        let beforeForward = lines().count
        XTestFakeButtonEvent(server.display, 9, 1, 0)
        XTestFakeButtonEvent(server.display, 9, 0, 0)
        XSync(server.display, 0)
        // A forward that acted would write its stack line with the forward line, in one turn.
        try waitFor("the forward button") { $0.dropFirst(beforeForward).contains { $0.string("type") == "forward" } }
        let forward = lines().dropFirst(beforeForward)
        XCTAssertEqual(forward.filter { $0.string("type") == "forward" }.compactMap { $0.string("result") }, ["ignored"])
        XCTAssertFalse(forward.contains { $0.string("type") == "stack" })
        // A swipe on the root does nothing.
        let atRoot = lines().count
        try swipe()
        sleepMilliseconds(400) // nothing to wait for: no gesture line may come in this time
        XCTAssertFalse(lines().dropFirst(atRoot).contains { $0.string("type") == "gesture" || $0.string("type") == "stack" })
        // The exit chord quits, status 0.
        let keys = [XK_Control_L, XK_Alt_L, XK_q].map { XKeysymToKeycode(server.display, KeySym($0)) }
        for code in keys { XTestFakeKeyEvent(server.display, UInt32(code), 1, 0) }
        for code in keys.reversed() { XTestFakeKeyEvent(server.display, UInt32(code), 0, 0) }
        XSync(server.display, 0)
        XCTAssertTrue(waitUntil { !process.isRunning }, "the chord quits")
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testTheKioskHidesTheCursorAndFollowsAScreenSizeChange() throws {
        let server = try XorgTouchServer()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-kiosk-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Paths.swipeback)
        process.arguments = ["kiosk", fixtures.appendingPathComponent("pages.json").path, "--event-log", log]
        process.environment = ["DISPLAY": server.displayName, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        guard waitUntil(timeout: 10, { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("didAppear") }) else {
            return XCTFail("the kiosk did not start")
        }
        let window = try XCTUnwrap(topLevelWindows(server.display, titled: "SwipeBack kiosk").first)
        func size() -> [Int] {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(server.display, window, &attributes)
            return [Int(attributes.width), Int(attributes.height)]
        }
        XCTAssertEqual(size(), [server.width, server.height])
        // The pointer over the kiosk shows no cursor: every pixel of the cursor image is clear.
        XTestFakeMotionEvent(server.display, -1, 300, 300, 0)
        XSync(server.display, 0)
        let cursor = try XCTUnwrap(XFixesGetCursorImage(server.display))
        defer { XFree(cursor) }
        let count = Int(cursor.pointee.width) * Int(cursor.pointee.height)
        XCTAssertGreaterThan(count, 0)
        XCTAssertTrue((0..<count).allSatisfy { cursor.pointee.pixels[$0] >> 24 == 0 }, "a blank cursor")
        let smaller = try server.shrinkScreen()
        _ = waitUntil { size() == [smaller.width, smaller.height] }
        XCTAssertEqual(size(), [smaller.width, smaller.height], "the window covers the new screen")
        XCTAssertTrue(process.isRunning)
    }

    func testBadDocumentsAreRefusedBeforeAWindowOpensWithEveryProblem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-kiosk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("pages.json").path
        try #"{"stacks": [{"id": "main", "pages": ["home", "ghost"]}], "pages": {"home": {"title": "H", "elements": [{"type": "button", "id": "b", "label": "B", "action": {"push": "nowhere"}}, {"type": "image", "src": "missing.png"}, {"type": "widget"}]}}}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":999" // no server: the check must come first
        let result = try runCommand(try Paths.swipeback, ["kiosk", bad], environment: environment)
        XCTAssertEqual(result.status, 2)
        let errors = result.standardError.split(separator: "\n")
        XCTAssertEqual(errors.count, 4, result.standardError)
        XCTAssertTrue(errors.contains { $0.contains("page \"home\" element 1: image \"missing.png\" not found") })
        XCTAssertTrue(errors.contains { $0.contains("page \"home\" element 0: action pushes unknown page \"nowhere\"") })
        XCTAssertTrue(errors.contains { $0.contains("page \"home\" element 2: unknown element type \"widget\"") }, "a bad element does not hide the rest")
        XCTAssertTrue(errors.contains { $0.contains("stack \"main\" names unknown page \"ghost\"") })
        // An exit chord that cannot be typed would leave no way out: refused.
        let chord = folder.appendingPathComponent("chord.json").path
        try #"{"kioskExitChord": "Ctrl+Banana"}"#.write(toFile: chord, atomically: true, encoding: .utf8)
        let badChord = try runCommand(try Paths.swipeback, ["kiosk", fixtures.appendingPathComponent("pages.json").path, "--check",
                                                            "--config", chord], environment: environment)
        XCTAssertEqual(badChord.status, 2)
        XCTAssertTrue(badChord.standardError.contains("\"kioskExitChord\" is \"Ctrl+Banana\""), badChord.standardError)
        try #"{"root": "home", "pages": {"home": "#.write(toFile: bad, atomically: true, encoding: .utf8)
        let broken = try runCommand(try Paths.swipeback, ["kiosk", bad, "--check"], environment: environment)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.standardError.contains("not valid JSON at column"), broken.standardError)
        let good = try runCommand(try Paths.swipeback, ["kiosk", fixtures.appendingPathComponent("pages.json").path, "--check"],
                                  environment: environment)
        XCTAssertEqual(good.status, 0, good.standardError)
        XCTAssertTrue(good.standardOutput.contains("ok, 3 pages"), good.standardOutput)
    }

    /// The kiosk check of a page in seven scripts and emoji (`Fixtures/languages`): with Debian's
    /// Noto fonts installed (as `make test` has them) nothing is missing; with the fonts a fresh
    /// Debian has (DejaVu alone: a fontconfig configuration holding only fonts-dejavu-core's
    /// folder) it names the characters it cannot show and the packages that have them, and passes;
    /// a family the system lacks gets one line, and the check still passes.
    func testTheCheckNamesTheCharactersNoFontShowsAndAFamilyTheSystemLacks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = fixtures.deletingLastPathComponent().appendingPathComponent("languages/pages.json").path
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":999" // no server: the check needs none
        let full = try runCommand(try Paths.swipeback, ["kiosk", pages, "--check"], environment: environment)
        XCTAssertEqual(full.status, 0, full.standardError)
        XCTAssertEqual(full.standardError, "")
        XCTAssertEqual(full.standardOutput, pages + ": ok, 2 pages, 1 stack\n")

        let dejaVuOnly = folder.appendingPathComponent("fonts.conf").path
        try """
            <?xml version="1.0"?>
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>
            """.write(toFile: dejaVuOnly, atomically: true, encoding: .utf8)
        environment["FONTCONFIG_FILE"] = dejaVuOnly
        let bare = try runCommand(try Paths.swipeback, ["kiosk", pages, "--check"], environment: environment)
        XCTAssertEqual(bare.status, 0, "missing glyphs are warnings: the kiosk still runs")
        XCTAssertEqual(bare.standardOutput, pages + ": ok, 2 pages, 1 stack, 2 font warnings\n")
        let lines = bare.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, bare.standardError)
        XCTAssertTrue(lines[0].hasPrefix("swipeback: \(pages): page \"hello\": no font on this system has よ (U+3088), う (U+3046), こ (U+3053)"),
                      lines[0])
        XCTAssertTrue(lines[0].hasSuffix("they show as boxes; Debian's fonts-noto-cjk, fonts-noto-core and fonts-noto-color-emoji have them)"),
                      lines[0])
        XCTAssertTrue(lines[1].hasPrefix("swipeback: \(pages): page \"world\": no font on this system has 東 (U+6771), 京 (U+4EAC)"), lines[1])
        XCTAssertFalse(bare.standardError.contains("(U+0627)"), "Arabic is in the shipped DejaVu Sans")

        // A FONTCONFIG_FILE that cannot be used (missing, empty, not XML, a folder, one without a
        // font folder): one line says so, and the fonts in
        // /usr/share/fonts are still found (as fontconfig itself falls back to them).
        let unusable = folder.appendingPathComponent("unusable")
        try FileManager.default.createDirectory(at: unusable, withIntermediateDirectories: true)
        try "".write(toFile: unusable.appendingPathComponent("empty.conf").path, atomically: true, encoding: .utf8)
        try "<fontconfig><dir>".write(toFile: unusable.appendingPathComponent("garbage.conf").path, atomically: true, encoding: .utf8)
        try "<fontconfig></fontconfig>".write(toFile: unusable.appendingPathComponent("nofolders.conf").path, atomically: true, encoding: .utf8)
        for name in ["missing.conf", "empty.conf", "garbage.conf", "nofolders.conf", ""] {
            let path = name.isEmpty ? unusable.path : unusable.appendingPathComponent(name).path
            environment["FONTCONFIG_FILE"] = path
            let broken = try runCommand(try Paths.swipeback, ["kiosk", pages, "--check"], environment: environment)
            XCTAssertEqual(broken.status, 0, name)
            XCTAssertTrue(broken.standardError.contains("swipeback: FONTCONFIG_FILE \"\(path)\" cannot be read as a fontconfig"
                                                       + " configuration with font folders; pages use the fonts in /usr/share/fonts without the system's rules\n"),
                          "\(name): \(broken.standardError)")
            XCTAssertFalse(broken.standardError.contains("no font on this system"), "\(name): \(broken.standardError)")
            XCTAssertEqual(broken.standardOutput, pages + ": ok, 2 pages, 1 stack, 1 font warning\n", name)
        }

        environment["FONTCONFIG_FILE"] = nil
        let brand = folder.appendingPathComponent("config.json").path
        try #"{"fontFamily": "Brand Sans 42"}"#.write(toFile: brand, atomically: true, encoding: .utf8)
        let branded = try runCommand(try Paths.swipeback, ["kiosk", pages, "--check", "--config", brand], environment: environment)
        XCTAssertEqual(branded.status, 0)
        XCTAssertEqual(branded.standardError, "swipeback: \(brand): \"fontFamily\" is \"Brand Sans 42\", which no font on this system has;"
                       + " pages use DejaVu Sans (`fc-list : family` lists the families there are)\n")
    }
}
