// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import XCTest

/// Thousands of deterministic mutants of the fixtures (issue 19): every reader either reads a
/// mutant or throws one `FormatError` whose message is one line without control characters; a
/// scenario that reads also replays, within a bound. In process, calling the readers directly;
/// a smaller sample goes through the command line.
final class MutationTests: XCTestCase {
    private var folder: URL!
    private let repository = Paths.repository

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-mutants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The fixtures' relative image paths resolve from here as from their own folders.
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("images"),
                                                   withDestinationURL: repository.appendingPathComponent("Assets/images"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Assets"),
                                                   withDestinationURL: repository.appendingPathComponent("Assets"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a/b/c"), withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private func fixture(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: repository.appendingPathComponent(path)))
    }

    /// Runs `read` on `count` mutants of `seed` written to a file; checks each outcome.
    private func mutants(of seed: [UInt8], count: Int, seedNumber: UInt64, name: String,
                         read: (String) throws -> Void) throws -> (read: Int, refused: Int) {
        var mutator = Mutator(seed: seedNumber)
        let path = folder.appendingPathComponent(name).path
        var counts = (read: 0, refused: 0)
        let started = Date()
        for index in 0..<count {
            let mutant = mutator.mutate(seed)
            try Data(mutant).write(to: URL(fileURLWithPath: path))
            let one = Date()
            do {
                try read(path)
                counts.read += 1
            } catch let error as FormatError {
                counts.refused += 1
                let text = error.description
                let controls = text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
                if !controls.isEmpty || text.count > 2000 {
                    XCTFail("mutant \(index) of \(name): \(text.debugDescription.prefix(300)); bytes \(mutant.prefix(200))")
                }
            } catch {
                XCTFail("mutant \(index) of \(name): not a FormatError: \(error)")
            }
            if Date().timeIntervalSince(one) > 2 { XCTFail("mutant \(index) of \(name) took \(Date().timeIntervalSince(one)) s") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 120, "\(count) mutants of \(name)")
        return counts
    }

    func testMutatedScenariosReadAndReplayOrGetOneCleanLine() throws {
        let measurer = try TextMeasurer(imageDirectory: folder.path)
        var total = (read: 0, refused: 0)
        for (number, fixture) in ["Tests/Fixtures/scenarios/flick-commit.jsonl",
                                  "Tests/Fixtures/scenarios/engine/two-stacks.jsonl",
                                  "Tests/Fixtures/scenarios/engine/back-commands-and-touchpad.jsonl"].enumerated() {
            let counts = try mutants(of: try self.fixture(fixture), count: 2000, seedNumber: UInt64(number + 1), name: "s.jsonl") { path in
                let scenario = try ScenarioReader.read(path: path)
                guard ImageCheck.firstUnreadable(in: scenario.document) == nil else { return }
                var lines = 0
                ScenarioRunner.run(scenario, measurer: measurer) { _ in lines += 1 }
                XCTAssertGreaterThan(lines, 0, "a replay ends with its final line")
            }
            total = (total.read + counts.read, total.refused + counts.refused)
        }
        // Both kinds occur, so the test sees both paths.
        XCTAssertGreaterThan(total.read, 300)
        XCTAssertGreaterThan(total.refused, 3000)
    }

    func testMutatedPagesDocumentsAndConfigurationsReadOrGetOneCleanLine() throws {
        let pages = try mutants(of: try fixture("Assets/pages.json"), count: 2000, seedNumber: 11, name: "pages.json") { path in
            _ = try PagesDocumentReader.read(path: path)
            for problem in PagesDocumentReader.problems(path: path) { throw problem }
        }
        let kiosk = try mutants(of: try fixture("Tests/Fixtures/kiosk/pages.json"), count: 2000, seedNumber: 12, name: "a/b/c/kiosk.json") { path in
            for problem in PagesDocumentReader.problems(path: path) { throw problem }
        }
        let config = try mutants(of: try fixture("Tests/Fixtures/kiosk/config.json"), count: 3000, seedNumber: 13, name: "config.json") { path in
            _ = try ConfigurationReader.read(path: path)
        }
        let syntax = try mutants(of: try fixture("Tests/Fixtures/recorded/commit-0.5.json") + Array(" [1, \"a\", {\"b\": null}]".utf8),
                                 count: 2000, seedNumber: 14, name: "any.json") { path in
            let text = try TextFile.text(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
            _ = try JSONValue.parse(text, file: path, line: nil)
        }
        for (name, counts) in [("pages", pages), ("kiosk", kiosk), ("config", config)] {
            XCTAssertGreaterThan(counts.read, 100, name)
            XCTAssertGreaterThan(counts.refused, 1000, name)
        }
        XCTAssertGreaterThan(syntax.refused, 1500, "most mutants of the joined text are not JSON")
    }

    /// A smaller sample through the command line: status 0, 1 or 2, never a signal; on failure
    /// exactly one clean line on standard error.
    func testMutantsThroughTheCommandLineEndWithAStatusAndOneCleanLine() throws {
        let flick = repository.appendingPathComponent("Tests/Fixtures/scenarios/flick-commit.jsonl").path
        let runs: [(fixture: String, name: String, arguments: (String) -> [String])] = [
            ("Tests/Fixtures/scenarios/flick-commit.jsonl", "s.jsonl", { ["replay", $0] }),
            ("Assets/pages.json", "pages.json", { ["kiosk", $0, "--check"] }),
            ("Tests/Fixtures/kiosk/config.json", "config.json", { ["replay", flick, "--config", $0] }),
        ]
        for (number, run) in runs.enumerated() {
            var mutator = Mutator(seed: UInt64(100 + number))
            let seed = try fixture(run.fixture)
            let path = folder.appendingPathComponent(run.name).path
            for index in 0..<40 {
                let mutant = mutator.mutate(seed)
                try Data(mutant).write(to: URL(fileURLWithPath: path))
                let started = Date()
                let result = try runCommand(try Paths.swipeback, run.arguments(path))
                XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(run.name) mutant \(index)")
                XCTAssertTrue([0, 1, 2].contains(result.status), "\(run.name) mutant \(index): status \(result.status) \(result.standardError)")
                if result.status != 0 {
                    XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, "\(run.name) mutant \(index): \(result.standardError)")
                    assertOneCleanLine(result.standardError)
                }
            }
        }
    }
}
