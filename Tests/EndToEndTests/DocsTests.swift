// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest

/// The README and the guides in docs/ say what works: every local link resolves, and every
/// `swipeback` command they show either runs here (the headless ones, from the repository's top
/// folder) or is one that `swipeback help` knows, with options it lists; `make` targets and
/// scripts they name exist. The README stays a front door of at most 150 lines.
final class DocsTests: XCTestCase {
    /// The README and every Markdown file in docs/, by path relative to the repository.
    private func documents() throws -> [(path: String, text: String)] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Paths.repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + docs).map { path in
            (path, try String(contentsOf: Paths.repository.appendingPathComponent(path), encoding: .utf8))
        }
    }

    func testTheReadmeIsAFrontDoorAndTheGuidesAreThere() throws {
        let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertLessThanOrEqual(readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1, 150)
        for guide in ["KIOSK", "CONFIGURATION", "TUNING", "EMBEDDING", "PERFORMANCE", "TESTING"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Paths.repository.appendingPathComponent("docs/\(guide).md").path), guide)
            XCTAssertTrue(readme.contains("](docs/\(guide).md)"), "the README links \(guide).md")
        }
        XCTAssertTrue(readme.contains("make demo"))
        XCTAssertTrue(readme.contains("make test"))
    }

    /// The Raspberry Pi guide in KIOSK.md shows the very files its tests run (labwc's autostart,
    /// `LabwcVMTests`; the turned panel's configuration, `InputArm64VMTests`) and names the tests.
    func testTheRaspberryPiGuideShowsTheFilesItsTestsRun() throws {
        let guide = try String(contentsOf: Paths.repository.appendingPathComponent("docs/KIOSK.md"), encoding: .utf8)
        for file in ["docs/raspberry-pi/autostart", "docs/raspberry-pi/config.json"] {
            let text = try String(contentsOf: Paths.repository.appendingPathComponent(file), encoding: .utf8)
            // Indented as the list item's code block has it.
            let shown = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "   " + $0 }.joined(separator: "\n")
            XCTAssertTrue(guide.contains(shown), "KIOSK.md shows \(file) as it is")
        }
        for test in ["InputArm64VMTests", "LabwcVMTests", "scripts/test-install --suite trixie --arch arm64", "make deb ARCH=arm64"] {
            XCTAssertTrue(guide.contains(test), "the guide names \(test)")
        }
    }

    func testEveryLocalLinkResolves() throws {
        // [text](target) and ![alt](target); targets with a scheme are not local.
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var checked = 0
        for (path, text) in try documents() {
            let folder = Paths.repository.appendingPathComponent(path).deletingLastPathComponent()
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                guard !target.contains("://"), !target.hasPrefix("mailto:"), !target.hasPrefix("#") else { continue }
                let file = String(target.split(separator: "#", maxSplits: 1)[0])
                XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).standardized.path),
                              "\(path): the link \(target) resolves")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// Each command line of the documents' `sh` blocks, with its document, comments cut.
    private func shellLines() throws -> [(path: String, line: String)] {
        var lines: [(String, String)] = []
        for (path, text) in try documents() {
            var inShell = false
            for raw in text.components(separatedBy: "\n") {
                if raw.hasPrefix("```") { inShell = !inShell && raw == "```sh"; continue }
                guard inShell else { continue }
                var line = raw
                if let hash = line.range(of: " #") { line = String(line[..<hash.lowerBound]) }
                line = line.trimmingCharacters(in: .whitespaces)
                if !line.isEmpty { lines.append((path, line)) }
            }
        }
        return lines
    }

    /// The options `swipeback help COMMAND` lists, and its usage lines.
    private func help(_ command: String) throws -> (status: Int32, text: String) {
        let result = try runCommand(try Paths.swipeback, ["help", command])
        return (result.status, result.standardOutput)
    }

    /// Whether `words` (after `swipeback`) name a command `help` knows, with options it lists.
    private func checkAgainstHelp(_ words: [String], in path: String) throws {
        guard let command = words.first else { return XCTFail("\(path): a bare swipeback") }
        if command == "--version" || command == "help" { return }
        let usage = try help(command)
        XCTAssertEqual(usage.status, 0, "\(path): swipeback \(command) is a command")
        for option in words.dropFirst() where option.hasPrefix("--") {
            XCTAssertTrue(usage.text.contains("  \(option) ") || usage.text.contains("[\(option)"),
                          "\(path): swipeback \(command) takes \(option)")
        }
    }

    /// Runs a headless command the documents show, from the repository's top folder, with its
    /// output folder or file moved to a temporary folder: it must succeed.
    private func run(_ words: [String], in path: String, output: URL) throws {
        var arguments: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-o", index + 1 < words.count {
                let target = words[index + 1]
                arguments += ["-o", output.appendingPathComponent(target.hasSuffix("/") ? "frames" : URL(fileURLWithPath: target).lastPathComponent).path]
                index += 2
                continue
            }
            let local = Paths.repository.appendingPathComponent(word).path
            arguments.append(word.contains("/") && FileManager.default.fileExists(atPath: local) ? local : word)
            index += 1
        }
        if let o = arguments.firstIndex(of: "-o"), arguments[o + 1].hasSuffix("frames") {
            try FileManager.default.createDirectory(atPath: arguments[o + 1], withIntermediateDirectories: true)
        }
        let result = try runCommand(try Paths.swipeback, arguments)
        XCTAssertEqual(result.status, 0, "\(path): swipeback \(words.joined(separator: " ")): \(result.standardError)")
    }

    func testEveryCommandTheDocumentsShowRunsOrIsOneHelpKnows() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let makefile = try String(contentsOf: Paths.repository.appendingPathComponent("Makefile"), encoding: .utf8)
        var ran = 0, checked = 0
        for (path, line) in try shellLines() {
            // A line may chain commands with && or pipe them: each part is checked.
            for part in line.components(separatedBy: "&&").flatMap({ $0.components(separatedBy: "|") }) {
                var words = part.split(separator: " ").map(String.init).filter { !$0.isEmpty }
                while let first = words.first, first == "sudo" || first.contains("=") && !first.hasPrefix("-") { words.removeFirst() }
                guard let program = words.first else { continue }
                switch program {
                case "swipeback":
                    let rest = Array(words.dropFirst())
                    let headless = ["replay", "velocity", "render", "plot", "help", "--version"].contains(rest.first ?? "")
                        || (rest.first == "kiosk" && rest.contains("--check"))
                    // Files the command reads (not its -o output) must be in the repository for it to run here.
                    let inputs = rest.indices.dropFirst().filter { i in
                        let word = rest[i]
                        return !word.hasPrefix("-") && rest[i - 1] != "-o" && (word.contains("/") || word.hasSuffix(".json") || word.hasSuffix(".jsonl"))
                    }
                    let pathsExist = inputs.allSatisfy { FileManager.default.fileExists(atPath: Paths.repository.appendingPathComponent(rest[$0]).path) }
                    try checkAgainstHelp(rest, in: path)
                    if headless, pathsExist { try run(rest, in: path, output: output); ran += 1 } else { checked += 1 }
                case "make":
                    for target in words.dropFirst() where !target.contains("=") {
                        XCTAssertTrue(makefile.contains("\n\(target):"), "\(path): make \(target) is a target")
                    }
                case let script where script.hasPrefix("scripts/"):
                    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Paths.repository.appendingPathComponent(script).path),
                                  "\(path): \(script) is there")
                default:
                    continue // apt, systemctl, xdotool, export: other programs' commands
                }
            }
        }
        XCTAssertGreaterThanOrEqual(ran, 6, "the headless commands the guides show ran")
        XCTAssertGreaterThanOrEqual(checked, 4)
    }
}
