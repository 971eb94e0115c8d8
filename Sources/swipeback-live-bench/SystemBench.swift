// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackBenchmarks
import SwipeBackXTesting
import SwipeBackFormats

/// The figures of `swipeback system` on a private Xorg with the inputtest touchscreen (root only),
/// observed from outside by a `TouchClient`:
/// - `system_reject_p50_ms`, `system_reject_p99_ms`: from injecting a touch-down in the middle of
///   the screen to the app's TouchBegin, with the grab (the touch is rejected on the way; goal p99
///   under 2 ms idle), beside `system_none_p50_ms` and `system_none_p99_ms` without it.
/// - Per style (`arrow`, `page`), on a 1280x800 screen at 60 Hz: during a 1 s edge swipe across
///   about half the screen with a move every 4 ms, the frames drawn per refresh
///   (`system_<style>_frames_per_refresh`, goal at most 1), the median time to draw and send one
///   (`system_<style>_draw_ms`; the page style's frames are composed by the X server, so for it
///   this is the time to send the requests), the program's CPU time per frame
///   (`system_<style>_cpu_ms_per_frame`) and the X server's over the same span
///   (`system_<style>_server_cpu_ms_per_frame`; it includes taking the 250 injected moves).
/// - The page style's same four figures on larger screens: `system_page_2560x1440_*` at 60 Hz and
///   `system_page_3840x2160_*` at 30 Hz (the dummy driver's pixel clock stops at 300 MHz).
///   Refreshes are counted at the rate of the mode the server really shows (RandR).
/// - `system_idle_cpu_percent`: its CPU use over 3 s with no touch (goal 0).
enum SystemBench {
    static func run(swipeback: String) throws -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        let none = try rejectDelays(swipeback: nil)
        let grabbed = try rejectDelays(swipeback: swipeback)
        results += [BenchmarkResult(name: "system_none_p50_ms", value: percentile(none, 0.5), unit: "ms", goal: nil),
                    BenchmarkResult(name: "system_none_p99_ms", value: percentile(none, 0.99), unit: "ms", goal: nil),
                    BenchmarkResult(name: "system_reject_p50_ms", value: percentile(grabbed, 0.5), unit: "ms", goal: nil),
                    BenchmarkResult(name: "system_reject_p99_ms", value: percentile(grabbed, 0.99), unit: "ms", goal: 2)]
        for style in ["arrow", "page"] { results += try swipeFrames(swipeback: swipeback, style: style) }
        results += try swipeFrames(swipeback: swipeback, style: "page", width: 2560, height: 1440, refreshHertz: 60)
        results += try swipeFrames(swipeback: swipeback, style: "page", width: 3840, height: 2160, refreshHertz: 30)
        return results
    }

    private static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    private static func configuration(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-bench-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// 200 taps in the middle of the screen: ms from injecting each down to the client's TouchBegin.
    private static func rejectDelays(swipeback: String?) throws -> [Double] {
        let server = try XorgTouchServer()
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        var client: TouchClient! = try TouchClient(displayName: server.displayName)
        var system: DemoProcess?
        // The client's connection closes before the server goes, in this order: a release build
        // ends an object's life at its last use, in no set order, and Xlib ends a process whose
        // server vanished under an open connection (measured: the bench exited after a run).
        defer {
            system = nil
            client = nil
            withExtendedLifetime((touch, server)) {}
        }
        if let swipeback {
            system = try DemoProcess(executable: swipeback, display: server.displayName, arguments: [], command: ["system"], logFrames: false)
            try system?.waitFor("the grab") { $0.contains { $0.string("event") == "started" } }
        }
        var delays: [Double] = []
        for i in 0..<200 {
            client.reset()
            let start = Date()
            try touch.begin(UInt32(i % 4 + 1), x: 640, y: 400)
            guard client.readUntil(timeout: 2, { $0.contains { if case .touch(18, _, _, _) = $0 { true } else { false } } }) else {
                let tail = (system?.lines().suffix(4).map { "\($0)" } ?? []).joined(separator: " / ")
                throw XTestingError("the client saw no TouchBegin of tap \(i) (\(swipeback == nil ? "without" : "with") the grab; it had \(client.received)); log: \(tail)")
            }
            delays.append(Date().timeIntervalSince(start) * 1000)
            try touch.end(UInt32(i % 4 + 1), x: 640, y: 400)
            _ = client.readUntil(timeout: 2) { $0.contains { if case .touch(20, _, _, _) = $0 { true } else { false } } }
            // Taps 10 ms apart, as fast as a person's never are.
            sleepMilliseconds(10)
        }
        return delays
    }

    /// A 1 s edge swipe in `style` on a `width` x `height` screen at `refreshHertz`: frames per
    /// refresh, draw time, CPU per frame of the program and of the server; for the arrow at
    /// 1280x800 also the idle CPU of the 3 s before it. The figures at 1280x800 are named
    /// `system_<style>_...`, others `system_<style>_<width>x<height>_...`.
    private static func swipeFrames(swipeback: String, style: String, width: Int = 1280, height: Int = 800,
                                    refreshHertz: Double = 60) throws -> [BenchmarkResult] {
        let server = try XorgTouchServer(width: width, height: height, refreshHertz: refreshHertz)
        guard let mode = server.currentMode(), mode.width == width, mode.height == height else {
            throw XTestingError("Xorg did not take the \(width)x\(height) mode (log: \(server.directory.path)/xorg.log)")
        }
        let name = width == 1280 && height == 800 ? "system_\(style)" : "system_\(style)_\(width)x\(height)"
        // The same swipe in fractions of the screen: from the edge across 600/1280 of the width.
        let scale = Double(width) / 1280, y = Double(height) / 2
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        var client: TouchClient? = try TouchClient(displayName: server.displayName)
        // The client goes before the server (see rejectDelays).
        defer {
            client = nil
            withExtendedLifetime(server) {}
        }
        let system = try DemoProcess(executable: swipeback, display: server.displayName,
                                     arguments: ["--config", try configuration("{\"systemStyle\": \"\(style)\"}")], command: ["system"])
        try system.waitFor("the grab") { $0.contains { $0.string("event") == "started" } }
        var results: [BenchmarkResult] = []
        let pid = system.process.processIdentifier
        if style == "arrow" && name == "system_arrow" {
            let before = try PacingBench.cpuSeconds(pid)
            sleepMilliseconds(3000)
            let used = try PacingBench.cpuSeconds(pid) - before
            results.append(BenchmarkResult(name: "system_idle_cpu_percent", value: used / 3 * 100, unit: "%", goal: 0))
        }
        let serverPid = server.process.processIdentifier
        let cpuBefore = try PacingBench.cpuSeconds(pid), serverBefore = try PacingBench.cpuSeconds(serverPid)
        let start = Date()
        try touch.begin(1, x: 3, y: y)
        for i in 1...250 {
            // The moves' pace is the figure's subject: 250 Hz, faster than the refresh.
            sleepMilliseconds(4)
            try touch.move(1, x: 3 + Double(i) * 2.4 * scale, y: y)
        }
        let seconds = Date().timeIntervalSince(start)
        try touch.end(1, x: 3 + 600 * scale, y: y)
        let log = try system.waitFor("the back") { $0.contains { $0.string("event") == "sent" } }
        let cpu = try PacingBench.cpuSeconds(pid) - cpuBefore
        let serverCPU = try PacingBench.cpuSeconds(serverPid) - serverBefore
        guard let accepted = log.first(where: { $0.string("event") == "accepted" })?.number("t"),
              let released = log.first(where: { $0.string("event") == "committed" })?.number("t") else {
            throw XTestingError("no accept and commit in the log")
        }
        let frames = log.filter { $0.string("type") == "frame" }
        let during = frames.filter { ($0.number("t") ?? 0) >= accepted && ($0.number("t") ?? 0) <= released }
        let refreshes = (released - accepted) / (1000 / mode.hertz)
        let draws = frames.compactMap { $0.number("drawMs") }
        let perFrame = 1000 / Double(max(frames.count, 1))
        results += [BenchmarkResult(name: "\(name)_frames_per_refresh", value: Double(during.count) / refreshes, unit: "ratio", goal: 1),
                    BenchmarkResult(name: "\(name)_draw_ms", value: BenchmarkTiming.median(draws), unit: "ms", goal: nil),
                    BenchmarkResult(name: "\(name)_cpu_ms_per_frame", value: cpu * perFrame, unit: "ms", goal: nil),
                    BenchmarkResult(name: "\(name)_server_cpu_ms_per_frame", value: serverCPU * perFrame, unit: "ms", goal: nil)]
        _ = seconds
        withExtendedLifetime((client, touch)) {}
        return results
    }
}
