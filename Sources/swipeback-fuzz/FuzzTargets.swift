// SPDX-License-Identifier: Apache-2.0
// The fuzzers of the readers (README "Fuzzing"): one program, five targets, picked by
// SWIPEBACK_FUZZ_TARGET (scenario, pages, config, json, session). Built by scripts/fuzz with
// `-sanitize=fuzzer,address -DFUZZING`, libFuzzer drives `LLVMFuzzerTestOneInput`; an ordinary
// build makes a program that runs each file it is given through the target once (what a
// finding is reproduced with: `swipeback-fuzz FILE...`).
import Glibc
import SwipeBackCore
import SwipeBackFormats

/// The five fuzz targets and the promise each input must keep.
enum FuzzTargets {
    /// The target named by `SWIPEBACK_FUZZ_TARGET`, `json` when unset.
    static let target: String = getenv("SWIPEBACK_FUZZ_TARGET").map { String(cString: $0) } ?? "json"

    /// Runs one input through the target. An input is read or refused with one `FormatError`
    /// whose message is one line without control characters; anything else (a crash, a hang, a
    /// message that breaks the promise) stops the program, which libFuzzer reports as a finding.
    static func run(_ bytes: [UInt8]) {
        let file = "fuzz-input"
        do {
            let text = try TextFile.text(of: bytes, file: file)
            switch target {
            case "scenario":
                let scenario = try ScenarioReader.parse(text, file: file, baseDirectory: "/nonexistent")
                // The replay too: a far time once made it run forever.
                ScenarioRunner.run(scenario, measurer: FixedContentMeasurer()) { _ in }
            case "pages":
                _ = try PagesDocumentReader.parse(JSONValue.parse(text, file: file, line: nil), file: file, line: nil,
                                                  baseDirectory: "/nonexistent")
            case "session":
                // The session channel's reader (SPEC section 6), a line at a time as the socket gives them.
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    do { _ = try SessionMessage.parse(String(line), source: file, line: index + 1) } catch let error as FormatError {
                        check(error)
                    }
                }
            case "config":
                _ = try ConfigurationReader.apply(JSONValue.parse(text, file: file, line: nil), over: Configuration(), file: file, line: nil)
            default:
                _ = try JSONValue.parse(text, file: file, line: nil)
            }
        } catch let error as FormatError {
            check(error)
        } catch {
            fatalError("not a FormatError: \(error)")
        }
    }

    /// Stops the program when `error`'s message is not one clean line (a control character, or
    /// longer than 2000 characters).
    static func check(_ error: FormatError) {
        let message = error.description
        if message.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) || message.count > 2000 {
            fatalError("a message that is not one clean line: \(message.debugDescription.prefix(500))")
        }
    }
}

#if FUZZING
/// libFuzzer's driver (in libclang_rt.fuzzer), run from our own main: SwiftPM names an
/// executable's entry `swipeback_fuzz_main`, so libFuzzer's `main` is never linked in.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The program's entry under libFuzzer: hands the arguments (corpus folders, -max_total_time=...) to its driver.
@_cdecl("swipeback_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        FuzzTargets.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
#else
/// Without libFuzzer: runs each file named on the command line through the target once.
@main
struct FuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let handle = fopen(path, "rb") else { print("\(path): cannot open it"); exit(1) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, handle)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(handle)
            FuzzTargets.run(bytes)
            print("\(path): ok (\(FuzzTargets.target))")
        }
    }
}
#endif
