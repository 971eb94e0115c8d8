// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import XCTest

/// The manual page, `swipeback help`, the README's command synopsis and docs/CONFIGURATION.md's
/// tables come from one source (CommandReference, Configuration.keys, Feel): they must agree, and
/// the page must be clean roff. `SWIPEBACK_RECORD=1` writes CONFIGURATION.md's tables anew.
final class ReferenceDocsTests: XCTestCase {
    private func readme() throws -> String {
        try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    private var configurationGuide: URL { Paths.repository.appendingPathComponent("docs/CONFIGURATION.md") }

    /// The text between a line that starts with `start` and the next line that starts with `end`.
    private func section(of text: String, from start: String, to end: String) throws -> String {
        let lines = text.components(separatedBy: "\n")
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(start) }, "the README has \(start)")
        let last = try XCTUnwrap(lines[(first + 1)...].firstIndex { $0.hasPrefix(end) }, "\(start) ends with \(end)")
        return lines[(first + 1)..<last].joined(separator: "\n")
    }

    /// The lines of the Markdown table in `text` whose header line starts with `header`, as a range.
    private func table(in lines: [String], header: String) throws -> Range<Int> {
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(header) }, "a table that starts \(header)")
        let end = lines[first...].firstIndex { !$0.hasPrefix("|") } ?? lines.count
        return first..<end
    }

    /// With `SWIPEBACK_RECORD=1`, replaces the configuration guide's key table, feel table and
    /// feel sources with what the code's tables give.
    private func recordConfigurationGuideIfAsked() throws {
        guard ProcessInfo.processInfo.environment["SWIPEBACK_RECORD"] == "1" else { return }
        var lines = try String(contentsOf: configurationGuide, encoding: .utf8).components(separatedBy: "\n")
        let keys = try table(in: lines, header: "| key | default |")
        lines.replaceSubrange(keys, with: ConfigurationReference.markdownTable().components(separatedBy: "\n").dropLast())
        let feels = try table(in: lines, header: "| key | `uikit`")
        lines.replaceSubrange(feels, with: ConfigurationReference.feelTable().components(separatedBy: "\n").dropLast())
        // The sources: the bullet list after the feel table, up to the next blank line.
        let afterTable = try table(in: lines, header: "| key | `uikit`").upperBound
        let sourcesStart = try XCTUnwrap(lines[afterTable...].firstIndex { $0.hasPrefix("- `") })
        let sourcesEnd = lines[sourcesStart...].firstIndex { $0.isEmpty } ?? lines.count
        lines.replaceSubrange(sourcesStart..<sourcesEnd, with: ConfigurationReference.feelSources().components(separatedBy: "\n").filter { !$0.isEmpty })
        try lines.joined(separator: "\n").write(to: configurationGuide, atomically: true, encoding: .utf8)
    }

    func testTheConfigurationGuidesTableIsTheKeyTable() throws {
        try recordConfigurationGuideIfAsked()
        let table = try String(contentsOf: configurationGuide, encoding: .utf8).components(separatedBy: "\n")
            .drop { !$0.hasPrefix("| key | default |") }.prefix { $0.hasPrefix("|") }
        XCTAssertEqual(table.joined(separator: "\n") + "\n", ConfigurationReference.markdownTable(),
                       "docs/CONFIGURATION.md's table must be ConfigurationReference.markdownTable() (SWIPEBACK_RECORD=1 swift test --filter ReferenceDocsTests writes it)")
        XCTAssertEqual(table.count, Configuration.keys.count + 2)
    }

    func testTheConfigurationGuidesFeelTableAndSourcesAreEveryPresetValue() throws {
        try recordConfigurationGuideIfAsked()
        let text = try String(contentsOf: configurationGuide, encoding: .utf8)
        XCTAssertTrue(text.contains(ConfigurationReference.feelTable()),
                      "CONFIGURATION.md's feel table must be ConfigurationReference.feelTable(): every preset value, key by key")
        XCTAssertTrue(text.contains(ConfigurationReference.feelSources()), "CONFIGURATION.md lists each preset value with its source")
        // And the table says what the presets do: a value read back from the guide's row is the preset's.
        let rows = text.components(separatedBy: "\n").drop { !$0.hasPrefix("| key | `uikit`") }.dropFirst(2).prefix { $0.hasPrefix("|") }
        XCTAssertEqual(rows.count, Feel.uikit.settings.count)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let key = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            for (feel, cell) in zip(Feel.allCases, cells.dropFirst()) {
                var configuration = Configuration()
                configuration.set("feel", to: .string(feel.rawValue))
                switch configuration.value(of: key) {
                case .number(let n)?: XCTAssertEqual(Double(cell) ?? .nan, n, accuracy: 1e-4, "\(feel) \(key)")
                case .boolean(let b)?: XCTAssertEqual(cell, b ? "true" : "false", "\(feel) \(key)")
                case .string(let s?)?: XCTAssertEqual(cell, s, "\(feel) \(key)")
                default: XCTFail("\(key) is not a preset key")
                }
            }
        }
    }

    func testTheReadmesCommandSynopsisIsTheHelpSynopsis() throws {
        let block = try section(of: try readme(), from: "## Command line", to: "## ")
        let code = try section(of: block, from: "```", to: "```")
        let manual = try runCommand(try Paths.swipeback, ["help", "--man"])
        XCTAssertEqual(manual.status, 0, manual.standardError)
        // The manual's SYNOPSIS lines (each up to its .br, roff text lines joined), unescaped, are
        // the README's block line for line.
        let synopsis = try section(of: manual.standardOutput, from: ".SH SYNOPSIS", to: ".SH DESCRIPTION")
            .components(separatedBy: ".br\n").map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
            .map { chunk in
                chunk.replacingOccurrences(of: ".B ", with: "").replacingOccurrences(of: "\n", with: " ")
                    .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
            }
        XCTAssertEqual(code.components(separatedBy: "\n"), synopsis)
        // Each command's own help shows the same synopsis lines.
        for line in synopsis where line != "swipeback --version" {
            let name = line.split(separator: " ")[1]
            let help = try runCommand(try Paths.swipeback, ["help", String(name)])
            XCTAssertEqual(help.status, 0, help.standardError)
            let usage = help.standardOutput.components(separatedBy: "\n\n")[0].components(separatedBy: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.map { $0.hasPrefix("usage: ") ? String($0.dropFirst(7)) : $0 }
            XCTAssertTrue(usage.contains(line), "help \(name): \(help.standardOutput)")
        }
    }

    func testTheManualNamesEveryCommandOptionKeyAndStatusAndIsCleanRoff() throws {
        let result = try runCommand(try Paths.swipeback, ["help", "--man"])
        XCTAssertEqual(result.status, 0, result.standardError)
        // `help COMMAND --man` is the same page (it has every command's section); two commands are refused.
        for arguments in [["help", "system", "--man"], ["help", "--man", "config"]] {
            let named = try runCommand(try Paths.swipeback, arguments)
            XCTAssertEqual(named.status, 0, named.standardError)
            XCTAssertEqual(named.standardOutput, result.standardOutput, "\(arguments)")
        }
        let two = try runCommand(try Paths.swipeback, ["help", "system", "demo", "--man"])
        XCTAssertEqual(two.status, 2)
        XCTAssertEqual(two.standardError, "swipeback: help takes one COMMAND or config, and --man, got \"system demo --man\"\n")
        let page = result.standardOutput.replacingOccurrences(of: "\\-", with: "-")
        let help = try runCommand(try Paths.swipeback, ["help"]).standardOutput
        let commands = help.components(separatedBy: "\n").drop { $0 != "commands:" }.dropFirst().prefix { !$0.isEmpty }
            .map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(commands, ["demo", "kiosk", "system", "input", "tune", "record", "replay", "plot", "velocity", "render", "bench", "help"])
        for command in commands {
            XCTAssertTrue(page.contains(".SS \(command)\n"), "the manual has a section for \(command)")
            // Every option the command's help lists is described in its section.
            let usage = try runCommand(try Paths.swipeback, ["help", command]).standardOutput
            let options = usage.components(separatedBy: "\n").drop { $0 != "options:" }.dropFirst().prefix { !$0.isEmpty }
                .map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0].filter { $0 != "," }) }
            let commandSection = try section(of: page, from: ".SS \(command)", to: ".SS ")
            XCTAssertFalse(options.isEmpty, "\(command) lists its options")
            for option in options { XCTAssertTrue(commandSection.contains(".B \(option)"), "\(command) \(option) in the manual") }
        }
        // A long default (systemExclude's list) wraps over lines: compare with the lines joined.
        let joined = page.replacingOccurrences(of: "\n", with: " ")
        for key in Configuration.keys {
            XCTAssertTrue(joined.contains(".B \(key.name) (default \(key.defaultText)"), "key \(key.name) and its default in the manual")
        }
        for status in 0...2 { XCTAssertTrue(page.contains(".SH EXIT STATUS") && page.contains(".B \(status)\n"), "status \(status)") }
        XCTAssertTrue(page.contains("SWIPEBACK_ASSETS"))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-\(getpid()).1")
        try result.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let mandoc = try XCTUnwrap(Paths.tool("mandoc"), "mandoc is needed to check the manual (make test installs it)")
        let lint = try runCommand(mandoc, ["-T", "lint", "-W", "style", file.path])
        XCTAssertEqual(lint.standardOutput + lint.standardError, "", "mandoc -T lint finds nothing")
        XCTAssertEqual(lint.status, 0)
    }

    func testHelpConfigListsEveryKeyWithItsDefaultUnitAndRange() throws {
        let result = try runCommand(try Paths.swipeback, ["help", "config"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.components(separatedBy: "\n")
        for key in Configuration.keys {
            let line = try XCTUnwrap(lines.first { $0.hasPrefix(key.name + " (") }, "help config lists \(key.name)")
            XCTAssertTrue(line.contains("default " + key.defaultText), line)
            if !key.unit.isEmpty { XCTAssertTrue(line.contains(key.unit), line) }
            if !key.rangeText.isEmpty { XCTAssertTrue(line.contains(key.rangeText), line) }
        }
        XCTAssertTrue(lines.contains("edgeWidth (default 20; px; 0...10000)"))
    }

    func testVersionIsOneLineWithTheVersionTheMakefileReads() throws {
        let result = try runCommand(try Paths.swipeback, ["--version"])
        XCTAssertEqual(result.status, 0)
        let source = try String(contentsOf: Paths.repository.appendingPathComponent("Sources/swipeback/CommandReference.swift"), encoding: .utf8)
        let line = try XCTUnwrap(source.components(separatedBy: "\n").first { $0.hasPrefix("    static let version = \"") })
        let version = line.components(separatedBy: "\"")[1]
        XCTAssertFalse(version.isEmpty)
        XCTAssertEqual(result.standardOutput, "swipeback \(version)\n")
    }

    func testTheAssetsAreLookedForBesideTheProgramThenInTheSourceTree() throws {
        // Installed or copied away from the tree: beside the program only.
        XCTAssertEqual(AssetLocator.candidates(executable: "/opt/kiosk/bin/swipeback", sourceTree: "/src/sb"), ["/opt/kiosk/share/swipeback"])
        XCTAssertEqual(AssetLocator.candidates(executable: "/swipeback", sourceTree: "/src/sb"), ["/share/swipeback"])
        // A development build inside the tree also reads the tree's Assets.
        XCTAssertEqual(AssetLocator.candidates(executable: "/src/sb/.build/release/swipeback", sourceTree: "/src/sb"),
                       ["/src/sb/.build/share/swipeback", "/src/sb/Assets"])
        XCTAssertEqual(AssetLocator.builtFromSourceTree, Paths.repository.path)
        // SWIPEBACK_ASSETS without fonts: one line naming it, status 1.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIPEBACK_ASSETS"] = "/nonexistent/assets"
        let scenario = Paths.repository.appendingPathComponent("Tests/Fixtures/scenarios/flick-commit.jsonl").path
        let result = try runCommand(try Paths.swipeback, ["replay", scenario], environment: environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "swipeback: SWIPEBACK_ASSETS=/nonexistent/assets: expected an assets folder with fonts/DejaVuSans.ttf and fonts/DejaVuSans-Bold.ttf in it\n")
    }
}
