// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackBenchmarks
import SwipeBackXTesting

/// The figures of `swipeback input` on a real kernel, in the test VM (`GuestVM`; root only), all in
/// one boot, timed in the guest by `scripts/vm/input-latency.c` on its monotonic clock. QEMU's
/// software emulation makes every time there slower than on a machine, so the figures that travel
/// are the ratios against a direct read measured in the same run:
/// - `input_direct_p50_ms`, `input_direct_p99_ms`: 200 taps, from writing a touch-down to the
///   uinput device to reading it from the device's own node (nothing between).
/// - `input_pass_p50_ms`, `input_pass_p99_ms`, `input_pass_vs_direct` (p50 over p50): the same
///   taps read from the twin while `swipeback input` stands between.
/// - `input_reject_p50_ms`, `input_reject_vs_direct`: 100 edge touches that move vertically, from
///   writing the move that decides them to reading their first frame from the twin.
/// - `input_cpu_us_per_frame`: `swipeback input`'s CPU per device frame during the taps.
/// - `input_idle_cpu_percent`: its CPU over 3 s with no touch (goal 0).
enum InputBench {
    static let script = """
        guest_udev
        cpu() { cat /proc/"$1"/task/*/schedstat | awk '{ s += $1 } END { print s }'; }
        mkfifo /tmp/phases
        input-latency "SwipeBack bench touchscreen" < /tmp/phases > "$RESULTS/latency.txt" 2> "$RESULTS/latency.err" &
        exec 3> /tmp/phases
        wait_for "^node" "$RESULTS/latency.txt"
        node=$(sed -n 's/^node //p' "$RESULTS/latency.txt")
        echo "direct 200" >&3
        wait_for "^direct" "$RESULTS/latency.txt" 200
        /test/swipeback input --event-log "$RESULTS/input.jsonl" 2> "$RESULTS/input.err" &
        sw=$!
        wait_for '"taken"' "$RESULTS/input.jsonl"
        twin=""
        for d in /sys/class/input/event*; do
          if [ "$(cat "$d/device/name")" = "SwipeBack bench touchscreen" ] && [ "/dev/input/${d##*/}" != "$node" ]; then twin="/dev/input/${d##*/}"; fi
        done
        [ -n "$twin" ] || { echo "no twin"; exit 4; }
        sleep 1
        a=$(cpu $sw); sleep 3; b=$(cpu $sw)
        echo "idle_ns $((b - a))" > "$RESULTS/cpu.txt"
        echo "pass 200 $twin" >&3
        wait_for "^pass" "$RESULTS/latency.txt" 200
        c=$(cpu $sw)
        echo "pass_ns $((c - b))" >> "$RESULTS/cpu.txt"
        echo "reject 100 $twin" >&3
        wait_for "^reject" "$RESULTS/latency.txt" 100
        kill -TERM $sw; wait $sw
        exec 3>&-
        exit 0

        """

    static func run(swipeback: String) throws -> [BenchmarkResult] {
        let guest = try GuestVM()
        try guest.copy(URL(fileURLWithPath: swipeback), as: "swipeback")
        let run = try guest.run(script: script, timeout: .seconds(600))
        guard run.status == 0, let text = run.result("latency.txt"), let cpu = run.result("cpu.txt") else {
            throw XTestingError("the guest's bench failed (status \(run.status)): \(run.output)")
        }
        func times(_ phase: String) -> [Double] {
            text.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ")
                return fields.count == 2 && fields[0] == phase ? Double(fields[1]).map { $0 / 1000 } : nil
            }
        }
        func nanoseconds(_ name: String) -> Double {
            cpu.split(separator: "\n").compactMap { line -> Double? in
                let fields = line.split(separator: " ")
                return fields.count == 2 && fields[0] == name ? Double(fields[1]) : nil
            }.first ?? .nan
        }
        let direct = times("direct"), pass = times("pass"), reject = times("reject")
        return [BenchmarkResult(name: "input_direct_p50_ms", value: percentile(direct, 0.5), unit: "ms", goal: nil),
                BenchmarkResult(name: "input_direct_p99_ms", value: percentile(direct, 0.99), unit: "ms", goal: nil),
                BenchmarkResult(name: "input_pass_p50_ms", value: percentile(pass, 0.5), unit: "ms", goal: nil),
                BenchmarkResult(name: "input_pass_p99_ms", value: percentile(pass, 0.99), unit: "ms", goal: nil),
                BenchmarkResult(name: "input_pass_vs_direct", value: percentile(pass, 0.5) / percentile(direct, 0.5), unit: "ratio", goal: nil),
                BenchmarkResult(name: "input_reject_p50_ms", value: percentile(reject, 0.5), unit: "ms", goal: nil),
                BenchmarkResult(name: "input_reject_vs_direct", value: percentile(reject, 0.5) / percentile(direct, 0.5), unit: "ratio", goal: nil),
                // 200 taps: a down and an up frame each.
                BenchmarkResult(name: "input_cpu_us_per_frame", value: nanoseconds("pass_ns") / 400 / 1000, unit: "us", goal: nil),
                BenchmarkResult(name: "input_idle_cpu_percent", value: nanoseconds("idle_ns") / 3e9 * 100, unit: "%", goal: 0)]
    }

    private static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
