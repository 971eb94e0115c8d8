// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackBenchmarks
import SwipeBackXTesting
import SwipeBackFormats

/// The pacing figures, under a private Xvfb at 1920x1080, whose Present clock is a
/// fake 60 Hz:
///
/// - `frames_per_s_1khz_flood`: frames shown per second while a 1 kHz XTest move flood drags the
///   page (goal: the display's 60 Hz plus 5 %, 63).
/// - `cpu_1khz_vs_60hz_drag`: the CPU of the demo and the server during that 1 kHz drag against a
///   60 Hz drag of the same path and length, in the same run (goal at most 1.2), each drag's CPU
///   seconds in the app and in the server, and the ratio of each alone (the server's holds the
///   cost of 1,000 XTest requests a second, which the injector, not the window, asks for).
/// - `bytes_per_readout_frame`: the bytes a frame sends when only the gesture readout changed
///   (the status page, the swipe held at the edge), against `bytes_per_window_frame`.
enum PacingBench {
    private static func number(_ line: EventLogLine, _ key: String) -> Double? { line.number(key) }

    /// CPU seconds used so far by process `pid`: its threads' time on a CPU in ns, summed from
    /// /proc/PID/task/*/schedstat; where the kernel has no schedstat, user + system time from
    /// /proc/PID/stat, which counts in 10 ms ticks (a 1.5 s drag's ratio then moves by about 0.1).
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        if let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            let times = tasks.compactMap { task -> Double? in
                guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                      let first = text.split(separator: " ").first else { return nil }
                return Double(first)
            }
            if !times.isEmpty, times.count == tasks.count, times.contains(where: { $0 > 0 }) { return times.reduce(0, +) / 1e9 }
        }
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which may hold spaces) start after the last ')'.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (Double(fields[11])! + Double(fields[12])!) / ticks // utime, stime
    }

    /// One drag out 600 px and back to the edge in `seconds`, at `hertz` moves a second (so it
    /// cancels and the next drag starts from the same page); returns the CPU seconds of each of
    /// `pids` over it.
    private static func drag(_ server: XvfbServer, hertz: Double, seconds: Double, pids: [Int32]) throws -> [Double] {
        server.move(to: 3, 540)
        sleepMilliseconds(30)
        server.button(true)
        let before = try pids.map { try cpuSeconds($0) }
        let count = Int(hertz * seconds)
        let start = Date()
        for i in 1...count {
            let wait = start.addingTimeInterval(Double(i) / hertz).timeIntervalSinceNow
            if wait > 0 { usleep(useconds_t(wait * 1e6)) }
            let along = Double(i) / Double(count)
            server.move(to: 3 + Int((600 * (along < 0.5 ? along * 2 : 2 - along * 2)).rounded()), 540)
        }
        let after = try pids.map { try cpuSeconds($0) }
        server.button(false)
        return zip(before, after).map { $1 - $0 }
    }

    static func floodUnderXvfb() throws -> [BenchmarkResult] {
        let server = try XvfbServer(width: 1920, height: 1080)
        let demo = try DemoProcess(executable: LiveBench.swipebackPath, display: server.displayName,
                                   arguments: ["--open", "home,message", "--window", "1920x1080"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        sleepMilliseconds(LiveBench.settleMilliseconds)
        let pids = [demo.process.processIdentifier, server.process.processIdentifier]
        let slow = try drag(server, hertz: 60, seconds: 1.5, pids: pids)
        try demo.waitFor("the first drag settled") { $0.contains { $0.string("type") == "transition" && $0.string("phase") == "finished" } }
        sleepMilliseconds(300)
        let before = demo.lines().count
        let fast = try drag(server, hertz: 1000, seconds: 1.5, pids: pids)
        let log = try demo.waitFor("the flood settled") { log in
            log.dropFirst(before).contains { $0.string("type") == "transition" && $0.string("phase") == "finished" }
        }
        let recent = Array(log.dropFirst(before))
        let changed = recent.filter { $0.string("phase") == "changed" }.compactMap { number($0, "t") }
        guard let first = changed.first, let last = changed.last, last > first + 500 else {
            throw XTestingError("the flood reached the demo as \(changed.count) moves")
        }
        let frames = recent.filter { $0.string("type") == "frame" }.compactMap { number($0, "t") }.filter { $0 > first && $0 <= last }
        return [BenchmarkResult(name: "frames_per_s_1khz_flood", value: Double(frames.count) * 1000 / (last - first), unit: "frames/s", goal: 63),
                BenchmarkResult(name: "moves_per_s_1khz_flood", value: Double(changed.count) * 1000 / (last - first), unit: "moves/s", goal: nil),
                BenchmarkResult(name: "cpu_60hz_drag_app_s", value: slow[0], unit: "s", goal: nil),
                BenchmarkResult(name: "cpu_60hz_drag_server_s", value: slow[1], unit: "s", goal: nil),
                BenchmarkResult(name: "cpu_1khz_drag_app_s", value: fast[0], unit: "s", goal: nil),
                BenchmarkResult(name: "cpu_1khz_drag_server_s", value: fast[1], unit: "s", goal: nil),
                BenchmarkResult(name: "cpu_1khz_vs_60hz_drag", value: fast.reduce(0, +) / max(slow.reduce(0, +), 0.01), unit: "ratio", goal: 1.2),
                BenchmarkResult(name: "cpu_1khz_vs_60hz_drag_app", value: fast[0] / max(slow[0], 0.01), unit: "ratio", goal: nil),
                BenchmarkResult(name: "cpu_1khz_vs_60hz_drag_server", value: fast[1] / max(slow[1], 0.01), unit: "ratio", goal: nil)]
    }

    static func readoutUnderXvfb() throws -> [BenchmarkResult] {
        let server = try XvfbServer(width: 1920, height: 1080)
        let demo = try DemoProcess(executable: LiveBench.swipebackPath, display: server.displayName,
                                   arguments: ["--open", "home,status", "--window", "1920x1080"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        sleepMilliseconds(LiveBench.settleMilliseconds)
        // Out past the slop and back to the edge: the swipe goes on at progress 0, so only the
        // readout's numbers change from frame to frame.
        server.move(to: 3, 540)
        sleepMilliseconds(30)
        server.button(true)
        for x in stride(from: 10, through: 60, by: 10) { sleepMilliseconds(20); server.move(to: x, 540) }
        server.move(to: 3, 540)
        sleepMilliseconds(100)
        let before = demo.lines().count
        for x in [2, 1, 0, 1, 0, 1, 2, 1, 0, 1] { sleepMilliseconds(40); server.move(to: x, 540) }
        sleepMilliseconds(100)
        server.button(false)
        let bytes = demo.lines().dropFirst(before).filter { $0.string("type") == "frame" }
            .compactMap { number($0, "bytes") }.filter { $0 > 0 }
        guard !bytes.isEmpty else { throw XTestingError("no frame showed the readout") }
        return [BenchmarkResult(name: "bytes_per_readout_frame", value: BenchmarkTiming.median(bytes), unit: "bytes", goal: nil),
                BenchmarkResult(name: "bytes_per_window_frame", value: 1920 * 1080 * 4, unit: "bytes", goal: nil)]
    }
}
