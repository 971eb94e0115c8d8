// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest

/// The shape the three hosts share, read off the source tree (issue 40's measures): one event
/// loop, one swipe tracker, Xlib in SwipeBackX11, typed settings in sections.
final class SourceShapeTests: XCTestCase {
    /// The shipped sources (test tools and benchmarks left out), path and text, comments removed.
    private func sources(under folders: [String]? = nil) throws -> [(path: String, text: String)] {
        let root = Paths.repository.appendingPathComponent("Sources").path
        let tools: Set<String> = ["SwipeBackXTesting", "swipeback-live-bench", "SwipeBackBenchmarks", "swipeback-fuzz"]
        var found: [(String, String)] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), let top = relative.split(separator: "/").first, !tools.contains(String(top)) else { continue }
            if let folders, !folders.contains(where: { relative.hasPrefix($0) }) { continue }
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                guard let comment = line.range(of: "//") else { return line }
                return line[..<comment.lowerBound]
            }.joined(separator: "\n")
            found.append((relative, code))
        }
        XCTAssertFalse(found.isEmpty, "no sources under \(root)")
        return found
    }

    /// Every host waits in the one event loop: no `poll` of its own (the loop's wait is `epoll_wait`).
    func testNoHostPollsOnItsOwn() throws {
        let pattern = try Regex(#"(^|[^\w.])poll\("#)
        let sites = try sources().flatMap { file in file.text.matches(of: pattern).map { _ in file.path } }
        XCTAssertLessThanOrEqual(sites.count, 2, "poll call sites: \(sites)")
        let waits = try sources().filter { $0.text.contains("epoll_wait(") }.map(\.path)
        XCTAssertEqual(waits, ["SwipeBackPosix/EventLoop.swift"])
    }

    /// The system host holds the policy; its Xlib requests are SwipeBackX11's (the screen, the
    /// overlay windows, XInput 2, the event pump, the app under a point, XTest, XRender): at most
    /// 30 calls of X-prefixed functions are left in `Sources/SwipeBackSystem`.
    func testTheSystemHostLeavesXlibToSwipeBackX11() throws {
        let call = try Regex(#"(^|[^\w.])X[A-Z][A-Za-z0-9]*\("#)
        let calls = try sources(under: ["SwipeBackSystem/"]).flatMap { file in file.text.matches(of: call).map { _ in file.path } }
        XCTAssertGreaterThan(calls.count, 0, "the count finds calls")
        XCTAssertLessThanOrEqual(calls.count, 30, "Xlib calls in SwipeBackSystem: \(Dictionary(grouping: calls) { $0 }.mapValues(\.count))")
    }

    /// The system swipe and the input layer have no velocity tracker of their own: they use the
    /// one swipe tracker's.
    func testOnlyTheSwipeTrackerTracksVelocityForTheSystemAndInputHosts() throws {
        let hosts = try sources(under: ["SwipeBackCore/System/", "SwipeBackSystem/", "SwipeBackInput/", "SwipeBackEvdev/",
                                        "SwipeBackSession/", "SwipeBackWayland/"])
        let own = hosts.filter { $0.text.contains("VelocityTracker") || $0.text.contains("LeastSquares") }.map(\.path)
        XCTAssertEqual(own, [])
        let swipe = try XCTUnwrap(hosts.first { $0.path == "SwipeBackCore/System/SystemSwipe.swift" })
        XCTAssertTrue(swipe.text.contains("SwipeTracker(gate: .system"), "the system swipe is the tracker's system policy")
    }

    /// Every log line is a typed event written by the one writer: no host or command builds an
    /// `EventLogEntry` by hand (the system hosts' and the feedback's lines are `AppEvent` cases),
    /// and the only reader of an action's, a chord's or an app entry's text is the core's.
    func testLogLinesAreTypedEventsAndActionsAreReadOnce() throws {
        let built = try sources().filter { !$0.path.hasPrefix("SwipeBackFormats/") && $0.text.contains("EventLogEntry(") }.map(\.path)
        XCTAssertEqual(built, [], "EventLogEntry built outside the writer")
        let reads = try Regex(#"SystemAction\(\w|SystemAction\("|SystemAppAction\(\w|KeyChord\((text|chord|\w+Text)\)"#)
        let outside = try sources().filter { file in
            !file.path.hasPrefix("SwipeBackCore/") && !file.path.hasPrefix("SwipeBackFormats/") && file.text.contains(reads)
        }
        XCTAssertEqual(outside.map(\.path), [], "actions or chords read from text outside the core and the readers")
        let commands = try sources(under: ["swipeback/"]).filter { file in
            ["SystemAction(", "SystemAction.", "SystemAppAction(", "KeyChord(", "normalizedChord"].contains { file.text.contains($0) }
        }
        XCTAssertEqual(commands.map(\.path), [], "a command re-checks actions or chords")
    }

    /// No type in the core has more than 20 stored properties (counted at the type's own level:
    /// `var` and `let` that are not static and have no getter, observers counting as stored).
    func testNoCoreTypeHasMoreThanTwentyStoredProperties() throws {
        var counts: [String: Int] = [:]
        let declaration = try Regex(#"^\s*(?:(?:public|private|internal|fileprivate|final|package|indirect|@\w+)\s+)*(?:struct|class|actor|enum)\s+(\w+)"#)
        let property = try Regex(#"^\s*(?:(?:public|private|internal|fileprivate|package|weak|unowned|lazy|nonisolated\(unsafe\)|(?:public|private|internal|fileprivate)\(set\)|@\w+)\s+)*(?:var|let)\s+(\w+)"#)
        for file in try sources(under: ["SwipeBackCore/"]) {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var stack: [(name: String, depth: Int)] = [], depth = 0
            for (index, line) in lines.enumerated() {
                if line.contains("{"), let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                    stack.append((name + " (" + file.path + ")", depth + 1))
                }
                if let top = stack.last, depth == top.depth, !line.contains("static "), line.firstMatch(of: property) != nil {
                    let head = line.split(separator: "{", maxSplits: 1).first.map(String.init) ?? line
                    let next = index + 1 < lines.count ? lines[index + 1].trimmingCharacters(in: .whitespaces) : ""
                    let computed = line.contains("{") && !head.contains("=") && !next.hasPrefix("didSet") && !next.hasPrefix("willSet")
                    if !computed { counts[top.name, default: 0] += 1 }
                }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                while let top = stack.last, depth < top.depth { stack.removeLast() }
            }
        }
        XCTAssertGreaterThan(counts.count, 50, "the count found the core's types")
        XCTAssertGreaterThanOrEqual(counts.first { $0.key.hasPrefix("GestureSettings ") }?.value ?? 0, 15, "and counts their properties")
        let large = counts.filter { $0.value > 20 }
        XCTAssertEqual(large, [:], "types with more than 20 stored properties")
    }
}
