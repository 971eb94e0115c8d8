// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest

/// The layers of docs/DESIGN.md and docs/ARCHITECTURE.md, read from the real source files.
final class LayeringTests: XCTestCase {
    private func sources(_ folder: String) throws -> [(path: String, text: String)] {
        let root = Paths.repository.appendingPathComponent("Sources").appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return try files.sorted().map { ("\(folder)/\($0)", try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    private func imports(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
            return String(words[index + 1])
        }
    }

    func testTheCoreImportsNoCModuleAndNoFoundation() throws {
        let files = try sources("SwipeBackCore")
        XCTAssertGreaterThan(files.count, 40)
        for file in files {
            XCTAssertEqual(imports(file.text), [], "\(file.path) imports \(imports(file.text))")
        }
    }

    func testArenaMembersSeeTheirHostOnlyThroughArenaContext() throws {
        let files = try sources("SwipeBackCore/Arena")
        XCTAssertGreaterThan(files.count, 8)
        for file in files {
            // Code only: a doc comment may name the app model as one host.
            let code = file.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            XCTAssertFalse(code.contains { $0.contains("AppModel") || $0.contains("StackNavigation(") || $0.contains(".navigation.") },
                           "\(file.path) reaches past ArenaContext")
        }
    }

    func testTheX11LayerDoesNotKnowTheRenderer() throws {
        for file in try sources("SwipeBackX11") {
            let found = imports(file.text)
            XCTAssertFalse(found.contains("SwipeBackRender") || found.contains("CCairo"), "\(file.path) imports \(found)")
        }
    }

    func testOnlyTheRendererImportsThePixelKernelAndTheKernelIsPlainC() throws {
        let root = Paths.repository.appendingPathComponent("Sources")
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path) where folder != "SwipeBackRender" {
            for file in try sources(folder) {
                XCTAssertFalse(imports(file.text).contains("CPixelKernel"), "\(file.path) imports the renderer's pixel kernel")
            }
        }
        XCTAssertTrue(try sources("SwipeBackRender").contains { imports($0.text).contains("CPixelKernel") })
        // A regular C target, not a system library: no module map, and only the C library and intrinsics.
        let kernel = root.appendingPathComponent("CPixelKernel")
        let files = FileManager.default.enumerator(atPath: kernel.path)!.compactMap { $0 as? String }
        XCTAssertFalse(files.contains { $0.hasSuffix("module.modulemap") })
        let allowed: Set = ["\"pixel_kernel.h\"", "<stdatomic.h>", "<stddef.h>", "<stdint.h>", "<string.h>", "<immintrin.h>"]
        let sourceFiles = files.filter { $0.hasSuffix(".c") || $0.hasSuffix(".h") }
        XCTAssertEqual(Set(sourceFiles), ["pixel_kernel.c", "include/pixel_kernel.h"])
        for name in sourceFiles {
            let text = try String(contentsOf: kernel.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("#include") {
                let header = line.dropFirst("#include".count).trimmingCharacters(in: .whitespaces)
                XCTAssertTrue(allowed.contains(header), "\(name) includes \(header)")
            }
        }
    }

    /// The stored properties of each class and struct in `text`: the `let` and `var` lines one
    /// level inside its body that are not static and not computed (`var x: T { ... }`).
    private func storedProperties(_ text: String) -> [String: Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let declaration = /^( *)(?:@\w+ +)*(?:(?:public|internal|private|fileprivate|final|open) +)*(?:class|struct|actor) +(\w+)/
        let stored = /^(?:@\w+(?:\([^)]*\))? +)*(?:(?:public|private|fileprivate|internal|weak|lazy|nonisolated|unowned(?:\(\w+\))?|(?:public |private |internal )?private\(set\)|internal\(set\)|public\(set\)) +)*(let|var) +\w+/
        var counts: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: declaration) else { continue }
            let indent = match.1.count, name = String(match.2)
            var count = 0
            for body in lines[(index + 1)...] {
                let bodyIndent = body.prefix { $0 == " " }.count
                if bodyIndent == indent, body.dropFirst(indent).hasPrefix("}") { break }
                guard bodyIndent == indent + 4 else { continue }
                let code = body.dropFirst(bodyIndent)
                guard let member = code.firstMatch(of: stored) else { continue }
                // A computed property: `var name: Type {` with no `=` before the brace.
                let beforeBrace = code.split(separator: "{", maxSplits: 1).first ?? ""
                if member.1 == "var", code.contains("{"), !beforeBrace.contains("=") { continue }
                count += 1
            }
            counts[name, default: 0] += count
        }
        return counts
    }

    /// Issue 28: the X11 wing in parts, each type one job (a file split without splitting the
    /// type would not pass).
    func testNoTypeInTheX11LayerHoldsMoreThan12StoredProperties() throws {
        let files = try sources("SwipeBackX11")
        XCTAssertGreaterThan(files.count, 20)
        var checked = 0
        for file in files {
            for (name, count) in storedProperties(file.text) {
                checked += 1
                XCTAssertLessThanOrEqual(count, 12, "\(file.path): \(name) has \(count) stored properties")
            }
        }
        XCTAssertGreaterThan(checked, 20)
        // The counter itself: a type of 13 fails, and static and computed members do not count.
        let sample = "final class Big {\n" + (1...13).map { "    private var v\($0) = 0" }.joined(separator: "\n")
            + "\n    static let s = 1\n    var computed: Int { 1 }\n    public private(set) var w: Int\n}\n"
        XCTAssertEqual(storedProperties(sample)["Big"], 14)
        let window = try XCTUnwrap(files.first { $0.path.hasSuffix("Window/X11Window.swift") })
        XCTAssertEqual(storedProperties(window.text)["X11Window"], 11)
    }
}
