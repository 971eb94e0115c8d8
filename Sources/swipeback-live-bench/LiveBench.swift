// SPDX-License-Identifier: Apache-2.0
// `swipeback-live-bench [--json] [--system] [--input]`: the benchmarks of a real window, which need private X servers
// and injected input (SwipeBackXTesting). Built beside `swipeback` and never installed; run it
// from the source tree with `make live-bench`. It prints, never fails.
import Foundation
import SwipeBackBenchmarks
import SwipeBackXTesting
import SwipeBackFormats

/// The figures of the demo in a real window, measured in one run.
///
/// - Under a private Xvfb (skipped without one): `latency_p50_frames`, `latency_p99_frames`, input
///   to present in 60 Hz frames for XTest moves (goal p99 at most 1), and `dropped_frames_2s_1080p`
///   during a 2 s drag at 1920x1080 (goal 0).
/// - Under a private Xorg with the inputtest driver (root only; skipped otherwise):
///   `swipe_cpu_ms_per_frame_1080p`, the CPU time of the demo plus the X server per presented
///   frame during a 1 s touch swipe, and `swipe_cpu_vs_memcpy` against a memcpy of one frame
///   (goal at most 3; GTK4 with libadwaita 1.2 costs about 80x, measured the same way by the team);
///   the same at 3840x2160 (`swipe_cpu_ms_per_frame_4k`), and the frames each swipe presented
///   (`swipe_frames_1080p`, `swipe_frames_4k`; goal 60 for the 60 moves).
/// - The pacing figures, under Xvfb: see `PacingBench`.
/// - `swipeback system`'s figures, under Xorg with the inputtest driver: see `SystemBench`.
/// - `swipeback input`'s figures, in the test VM (`--input` only; it boots a guest): see `InputBench`.
enum LiveBench {
    static func main() -> Int32 {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let known = ["--json", "--system", "--input"]
        guard arguments.allSatisfy(known.contains) else {
            FileHandle.standardError.write(Data("swipeback-live-bench: unknown argument \"\(arguments.first { !known.contains($0) }!)\"; usage: swipeback-live-bench [--json] [--system] [--input]\n".utf8))
            return 2
        }
        guard FileManager.default.isExecutableFile(atPath: swipebackPath) else {
            FileHandle.standardError.write(Data("swipeback-live-bench: no swipeback program at \(swipebackPath); build both with make live-bench\n".utf8))
            return 1
        }
        var results: [BenchmarkResult] = []
        var notes: [String] = []
        // --system and --input: only those commands' figures.
        if arguments.contains("--system") || arguments.contains("--input") {
            if arguments.contains("--system") {
                do { results += try SystemBench.run(swipeback: swipebackPath) } catch { notes.append("swipeback system skipped: \(error)") }
            }
            if arguments.contains("--input") {
                do { results += try InputBench.run(swipeback: swipebackPath) } catch { notes.append("swipeback input skipped: \(error)") }
            }
            print(BenchmarkReport.text(results, notes: notes, json: arguments.contains("--json")), terminator: "")
            return 0
        }
        do { results += try latencyUnderXvfb() } catch { notes.append("latency and dropped frames skipped: \(error)") }
        do {
            results += try latencyUnderXvfb(environment: ["SWIPEBACK_NO_PRESENT": "1"], suffix: "_no_present")
        } catch { notes.append("latency without Present skipped: \(error)") }
        do { results += try PacingBench.floodUnderXvfb() } catch { notes.append("1 kHz flood skipped: \(error)") }
        do { results += try PacingBench.readoutUnderXvfb() } catch { notes.append("readout bytes skipped: \(error)") }
        do { results += try swipeCPUUnderXorg() } catch { notes.append("touch swipe CPU skipped: \(error)") }
        do { results += try swipeCPUUnderXorg(width: 3840, height: 2160, name: "4k") } catch { notes.append("4K touch swipe CPU skipped: \(error)") }
        do { results += try SystemBench.run(swipeback: swipebackPath) } catch { notes.append("swipeback system skipped: \(error)") }
        print(BenchmarkReport.text(results, notes: notes, json: arguments.contains("--json")), terminator: "")
        return 0
    }

    /// How long each figure waits after the demo's first frame, ms: the window's idle work (after
    /// 150 ms without events: the snapshot of the page beneath and the frame buffers' memory,
    /// about 0.3 s in all at 4K) is done before the figures of steady frames. A swipe sooner
    /// than that waits for the piece being done (README, Frames).
    static let settleMilliseconds = 700.0

    /// The `swipeback` program built beside this one, run as the demo.
    static var swipebackPath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("swipeback").path
    }

    private static func median(_ values: [Double]) -> Double { BenchmarkTiming.median(values) }

    private static func number(_ line: EventLogLine, _ key: String) -> Double? { line.number(key) }

    /// Input-to-present latency and dropped frames during a 2 s XTest drag at 1920x1080 under Xvfb.
    ///
    /// Each `changed` line of the demo's log is one processed move; its latency is the time to the
    /// first `frame` presented after it, in 60 Hz frames. A move is dropped when the next move was
    /// processed before any frame showed it.
    ///
    /// With `environment` `SWIPEBACK_NO_PRESENT=1` (the names take `suffix`), the same without
    /// the Present extension: frames put with `XShmPutImage` as soon as drawn, not synchronised
    /// with the refresh, for comparison.
    static func latencyUnderXvfb(environment: [String: String] = [:], suffix: String = "") throws -> [BenchmarkResult] {
        let server = try XvfbServer(width: 1920, height: 1080)
        let demo = try DemoProcess(executable: swipebackPath, display: server.displayName,
                                   arguments: ["--open", "home,message", "--window", "1920x1080"], environment: environment)
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        sleepMilliseconds(settleMilliseconds)
        server.move(to: 3, 540)
        sleepMilliseconds(30)
        server.button(true)
        let start = Date()
        for i in 1...120 {
            let due = start.addingTimeInterval(Double(i) / 60)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { sleepMilliseconds(wait * 1000) }
            server.move(to: 3 + i * 12, 540)
        }
        server.button(false)
        let log = try demo.waitFor("the settle", timeout: 20) { log in
            log.contains { $0.string("type") == "transition" && $0.string("phase") == "finished" }
        }
        let frameInterval = 1000.0 / 60
        let changed = log.filter { $0.string("phase") == "changed" }.compactMap { number($0, "t") }
        // A frame line's `t` is when it reached the screen, `ms` how long before that its drawing
        // began. A move is shown by the first frame that began at or after it (not one already being drawn).
        let frames = log.filter { $0.string("type") == "frame" }.compactMap { line -> (start: Double, presented: Double)? in
            guard let t = number(line, "t") else { return nil }
            return (t - (number(line, "ms") ?? 0), t)
        }
        var latencies: [Double] = []
        var dropped = 0
        for (index, t) in changed.enumerated() {
            guard let shown = frames.first(where: { $0.start >= t }) else { continue }
            latencies.append((shown.presented - t) / frameInterval)
            if index + 1 < changed.count, changed[index + 1] <= shown.start { dropped += 1 }
        }
        guard !latencies.isEmpty else { throw XTestingError("the drag produced no frames") }
        let sorted = latencies.sorted()
        let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        return [BenchmarkResult(name: "latency_p50_frames" + suffix, value: median(latencies), unit: "frames", goal: nil),
                BenchmarkResult(name: "latency_p99_frames" + suffix, value: p99, unit: "frames", goal: suffix.isEmpty ? 1 : nil),
                BenchmarkResult(name: "dropped_frames_2s_1080p" + suffix, value: Double(dropped), unit: "frames", goal: suffix.isEmpty ? 0 : nil)]
    }

    /// `swipeback bench`'s `memcpy_1080p_ms`: a memcpy of one 1080p frame, measured as that bench
    /// measures it (alternating with frames, so neither runs from a warm cache), in this same run.
    static func memcpyMilliseconds1080p() throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swipebackPath)
        process.arguments = ["bench", "--json"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let object = EventLogReader.linesSoFar(String(line)).first,
                  object.string("name") == "memcpy_1080p_ms", let value = number(object, "value") else { continue }
            return value
        }
        throw XTestingError("swipeback bench --json gave no memcpy_1080p_ms")
    }

    private static func cpuSeconds(_ pid: Int32) throws -> Double { try PacingBench.cpuSeconds(pid) }

    /// CPU time of the demo plus the X server per presented frame during a 1 s touch swipe at
    /// `width` x `height` (1920x1080 by default) under Xorg with the inputtest driver, beside a
    /// memcpy of one 1080p frame (1080p only).
    static func swipeCPUUnderXorg(width: Int = 1920, height: Int = 1080, name: String = "1080p") throws -> [BenchmarkResult] {
        let server = try XorgTouchServer(width: width, height: height)
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let demo = try DemoProcess(executable: swipebackPath, display: server.displayName,
                                   arguments: ["--open", "home,message", "--window", "\(width)x\(height)"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        sleepMilliseconds(settleMilliseconds)
        let pids = [demo.process.processIdentifier, server.process.processIdentifier]
        let framesBefore = demo.lines().filter { $0.string("type") == "frame" }.count
        let cpuBefore = try pids.map { try cpuSeconds($0) }
        let y = Double(height / 2), step = Double(width) / 192
        try touch.begin(1, x: 3, y: y)
        let start = Date()
        for i in 1...60 {
            let wait = start.addingTimeInterval(Double(i) / 60).timeIntervalSinceNow
            if wait > 0 { sleepMilliseconds(wait * 1000) }
            try touch.move(1, x: 3 + Double(i) * step, y: y)
        }
        // The last move's frame reaches the screen a refresh or two later.
        sleepMilliseconds(40)
        let cpuAfter = try pids.map { try cpuSeconds($0) }
        let frames = demo.lines().filter { $0.string("type") == "frame" }.count - framesBefore
        try touch.end(1, x: 3 + 60 * step, y: y)
        guard frames > 0 else { throw XTestingError("the touch swipe presented no frames") }
        let app = (cpuAfter[0] - cpuBefore[0]) * 1000 / Double(frames)
        let xorg = (cpuAfter[1] - cpuBefore[1]) * 1000 / Double(frames)
        let perFrame = app + xorg
        var results = [BenchmarkResult(name: "swipe_frames_\(name)", value: Double(frames), unit: "frames", goal: 60),
                       BenchmarkResult(name: "swipe_cpu_app_ms_per_frame_\(name)", value: app, unit: "ms", goal: nil),
                       BenchmarkResult(name: "swipe_cpu_xorg_ms_per_frame_\(name)", value: xorg, unit: "ms", goal: nil),
                       BenchmarkResult(name: "swipe_cpu_ms_per_frame_\(name)", value: perFrame, unit: "ms", goal: nil)]
        if name == "1080p" {
            results.append(BenchmarkResult(name: "swipe_cpu_vs_memcpy", value: perFrame / (try memcpyMilliseconds1080p()), unit: "ratio", goal: 3))
        }
        return results
    }
}
