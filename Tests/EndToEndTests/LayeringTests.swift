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

    func testNoSourceFileIsOver500LinesAndTheCoordinatorIsUnder400() throws {
        var all: [(path: String, text: String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: Paths.repository.appendingPathComponent("Sources").path) {
            all += try sources(folder)
        }
        XCTAssertGreaterThan(all.count, 80)
        for file in all {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            XCTAssertLessThanOrEqual(lines, 500, file.path)
        }
        let coordinator = try XCTUnwrap(all.first { $0.path == "SwipeBackCore/App/AppModel.swift" })
        XCTAssertLessThan(coordinator.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1, 400)
    }
}
