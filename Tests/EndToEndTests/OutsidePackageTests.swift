// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackXTesting
import XCTest

/// SwipeBack as an app uses it: a package outside the tree that depends on it by version (a clone
/// of this repository tagged with the version), opens a window under Xvfb, pops a page by an edge
/// drag, and catches the X server's death as an error instead of being ended by it. A second
/// target of that package uses `SwipeBackCore` alone (no Foundation, no C library), headless, with
/// a gesture of its own.
final class OutsidePackageTests: XCTestCase {
    /// Headless, on the engine alone: a tap in the middle of the page pops it, by the app's own
    /// arena member (`Navigator.register(_:)`, `ArenaIntent.pop`).
    private static let headlessApp = """
        // SPDX-License-Identifier: Apache-2.0
        import SwipeBackCore

        final class MiddleTapPop: GestureArenaMember {
            func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
                sequence.stackIndex != nil && sequence.downPoint.x > 200
            }
            func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult { .pass }
            func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
                context.perform(.pop(stackIndex: sequence.stackIndex!), atMilliseconds: t)
                return true
            }
            func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {}
            func reject(_ sequence: ArenaSequence) {}
        }

        let navigator = Navigator(stacks: [Navigator.Stack(root: .document("home"))], width: 640, height: 480,
                                  measurer: FixedContentMeasurer())
        _ = navigator.push(documentPage: "detail", animated: false)
        navigator.register(MiddleTapPop())
        for (phase, t) in [(PointerPhase.down, 10.0), (.up, 60)] {
            navigator.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: 400, y: 300))), atMilliseconds: t)
        }
        var t = 60.0
        while navigator.needsFrames && t < 5000 {
            t += 16
            navigator.tick(atMilliseconds: t)
        }
        print("pages", navigator.stack(id: "main")!.pages.map(\\.pageID))
        """

    private static let app = """
        // SPDX-License-Identifier: Apache-2.0
        import Foundation
        import SwipeBack

        func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\\n").utf8)) }

        do {
            let home = Page(id: "home", title: "Home")
            let navigator = try Navigator(stacks: [Navigator.Stack(root: .page(home))], width: 640, height: 480) { record in
                if case .stack(_, let operation, let page, let pages, _) = record.event { say("stack \\(operation) \\(page) \\(pages)") }
            }
            navigator.push(Page(id: "detail", title: "Detail"), animated: false)
            try navigator.run(title: "Outside app", windowClass: ("outside-app", "OutsideApp"))
            say("closed")
        } catch {
            say("caught: \\(error)")
        }
        """

    func testAnOutsidePackageDependsOnSwipeBackByVersionPopsAPageAndCatchesTheServersDeath() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let git = try XCTUnwrap(Paths.tool("git"), "git is needed to clone the repository")
        let swift = try XCTUnwrap(Paths.tool("swift") ?? (FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swift") ? "/opt/swift/usr/bin/swift" : nil))

        // The library: this repository's committed state, tagged with its version.
        let library = work.appendingPathComponent("SwipeBack")
        // The commit checked out here (a CI checkout may be a detached HEAD), cloned and checked out.
        let head = try runCommand(git, ["-C", Paths.repository.path, "rev-parse", "HEAD"])
        XCTAssertEqual(head.status, 0, head.standardError)
        let commit = head.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let clone = try runCommand(git, ["clone", "--quiet", "--no-checkout", Paths.repository.path, library.path])
        XCTAssertEqual(clone.status, 0, clone.standardError)
        let checkout = try runCommand(git, ["-C", library.path, "checkout", "--quiet", commit])
        XCTAssertEqual(checkout.status, 0, checkout.standardError)
        let reference = try String(contentsOf: library.appendingPathComponent("Sources/swipeback/CommandReference.swift"), encoding: .utf8)
        let version = try XCTUnwrap(reference.components(separatedBy: "\n").first { $0.hasPrefix("    static let version = \"") }?
            .components(separatedBy: "\"")[1])
        let tag = try runCommand(git, ["-C", library.path, "tag", version, commit])
        XCTAssertEqual(tag.status, 0, tag.standardError)

        // The app: its own package, SwipeBack from `version` up.
        let app = work.appendingPathComponent("OutsideApp")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/OutsideApp"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/HeadlessApp"), withIntermediateDirectories: true)
        try """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "OutsideApp",
                dependencies: [.package(url: "file://\(library.path)", from: "\(version)")],
                targets: [.executableTarget(name: "OutsideApp", dependencies: [.product(name: "SwipeBack", package: "SwipeBack")]),
                          .executableTarget(name: "HeadlessApp", dependencies: [.product(name: "SwipeBackCore", package: "SwipeBack")])]
            )
            """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.app.write(to: app.appendingPathComponent("Sources/OutsideApp/main.swift"), atomically: true, encoding: .utf8)
        try Self.headlessApp.write(to: app.appendingPathComponent("Sources/HeadlessApp/main.swift"), atomically: true, encoding: .utf8)
        let build = try runCommand(swift, ["build", "--package-path", app.path])
        XCTAssertEqual(build.status, 0, "the app builds against SwipeBack \(version): \(build.standardOutput.suffix(2000)) \(build.standardError.suffix(2000))")
        guard build.status == 0 else { return }
        let binary = app.appendingPathComponent(".build/debug/OutsideApp").path

        // The engine alone links (libm by name: no Foundation brings it) and takes the app's gesture.
        let headless = try runCommand(app.appendingPathComponent(".build/debug/HeadlessApp").path, [])
        XCTAssertEqual(headless.status, 0, headless.standardError)
        XCTAssertEqual(headless.standardOutput, "pages [\"home\"]\n")

        let server = try XvfbServer(width: 640, height: 480)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.environment = ["DISPLAY": server.displayName, "PATH": "/usr/bin:/bin",
                               "SWIPEBACK_ASSETS": library.appendingPathComponent("Assets").path]
        // What the app prints goes to a file, read as it grows.
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("outside-app-\(UUID().uuidString).txt").path
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func printed() -> String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
        // Its first frame is on screen (the detail page's white) once the window is mapped and drawn.
        guard waitUntil(timeout: 20, { server.pixels(row: 476, from: 600, to: 601) == [[255, 255, 255]] || !process.isRunning }),
              process.isRunning else { return XCTFail("the app's window never came") }
        // A fast drag from the left edge pops "detail".
        server.play([.move(x: 3, y: 240), .down] + (1...8).flatMap { [.wait(8), .move(x: 3 + $0 * 60, y: 240)] } + [.up])
        _ = waitUntil { printed().contains("stack pop detail") }
        // The server dies: the app catches it and goes on to its own end.
        kill(server.process.processIdentifier, SIGKILL)
        XCTAssertTrue(waitUntil { !process.isRunning }, "the app's run ended once its server was gone")
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0, "the app, not SwipeBack, decided how to end")
        XCTAssertTrue(printed().contains("stack pop detail [\"home\"]"), printed())
        XCTAssertTrue(printed().contains("caught: lost the connection to the X server"), printed())
    }
}
