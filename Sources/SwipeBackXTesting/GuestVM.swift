// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A Debian virtual machine (12 on amd64, or 13 on arm64) for tests that need a real kernel's input stack (evdev, uinput,
/// EVIOCGRAB, udev, libinput), which the host does not have: Debian's own kernel booted by QEMU
/// (TCG, software emulation) on a root folder shared by virtio-9p. See `scripts/vm/` and
/// docs/TESTING.md.
///
/// One instance is one run folder, shared read-write with the guest as `/test`: a test copies its
/// files there (a binary, a helper), then `run(script:)` boots the guest, runs the script as root
/// and powers off. Every boot costs about 10 s of wall time (more with udev or a compositor), so a
/// test does all its checks in one script. The guest itself is built once and cached
/// (`scripts/vm/make-guest`, under `.build/vm` by default); its root folder is read-only to the guest.
/// The run folder is removed in `deinit`.
public final class GuestVM {
    /// Which guest root to boot.
    public enum Variant: String, Sendable {
        /// udev, kmod, libinput-tools, evtest, busybox, and the `uinput-touch` helper (`scripts/vm/uinput-touch.c`).
        case base
        /// `base` plus weston, seatd, sway and grim (`scripts/vm/make-guest --wayland`).
        case wayland
        /// Raspberry Pi OS's base: Debian 13 on arm64 with Debian 13's arm64 kernel, under
        /// qemu-system-aarch64 (`-M virt`, a Cortex-A72): udev, kmod, libinput-tools, busybox and the
        /// helpers cross-compiled for aarch64 (`scripts/vm/make-guest --arm64`; about 15 s a boot).
        case arm64
        /// Raspberry Pi OS's compositor: Debian 13 on amd64 with labwc, seatd, grim, weston's demo
        /// clients and chromium (`scripts/vm/make-guest --labwc`), booted with Debian 12's kernel.
        case labwc

        /// The option make-guest and run-guest take for this root, if any.
        var option: [String] { self == .base ? [] : ["--\(rawValue)"] }
    }

    /// What one boot of the guest gave back.
    public struct Run: Sendable {
        /// The guest script's exit status.
        public let status: Int32
        /// The guest script's standard output and standard error, interleaved.
        public let output: String
        /// The guest's serial console (the kernel's messages), for a failure's explanation.
        public let console: String
        /// The host's folder holding the script's result files (the guest's `$RESULTS`, `/test/results`).
        public let resultsDirectory: URL
        /// The boot's wall time on the host, from starting QEMU to its end.
        public let wallTime: Duration

        /// The text of the result file `name` the script wrote into `$RESULTS`, or nil when it wrote none.
        public func result(_ name: String) -> String? {
            try? String(contentsOf: resultsDirectory.appendingPathComponent(name), encoding: .utf8)
        }
    }

    /// The folder make-guest builds the guest in and caches it (default: the repository's `.build/vm`).
    public let cacheDirectory: URL
    /// The guest root this instance boots.
    public let variant: Variant
    /// The run folder on the host; the guest sees it as `/test`.
    public let runDirectory: URL

    private static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/vm")
    private static let preparedLock = NSLock()
    nonisolated(unsafe) private static var prepared: Set<String> = []

    /// Makes sure the guest is built (`scripts/vm/make-guest`, run once per process and variant; it
    /// skips what its cache already holds, so a warm cache costs about a second), and makes a fresh
    /// run folder.
    ///
    /// - Parameters:
    ///   - variant: the guest root (default `.base`).
    ///   - cacheDirectory: where the guest is cached (default `$SWIPEBACK_VM_DIR`, else `.build/vm`
    ///     in the repository).
    /// - Throws: `XTestingError` when not root, when QEMU, mmdebstrap or busybox-static is missing
    ///   (naming the Debian packages), or when make-guest fails.
    public init(variant: Variant = .base, cacheDirectory: URL? = nil) throws {
        guard getuid() == 0 else {
            throw XTestingError("the VM tests need root (make-guest runs mmdebstrap and chroot): run them as root, as CI does")
        }
        let needed = variant == .arm64
            ? [("qemu-system-aarch64", "qemu-system-arm"), ("qemu-aarch64-static", "qemu-user-static"), ("mmdebstrap", "mmdebstrap"), ("busybox", "busybox-static")]
            : [("qemu-system-x86_64", "qemu-system-x86"), ("mmdebstrap", "mmdebstrap"), ("busybox", "busybox-static")]
        let missing = needed.filter { findTool($0.0) == nil }.map(\.1)
        if !missing.isEmpty {
            throw XTestingError("the test VM needs \(missing.joined(separator: ", ")): apt-get install \(needed.map(\.1).joined(separator: " ")) "
                                + "(`make test` installs them: scripts/install-deps test)")
        }
        let environment = ProcessInfo.processInfo.environment["SWIPEBACK_VM_DIR"].map { URL(fileURLWithPath: $0) }
        self.cacheDirectory = cacheDirectory ?? environment ?? Self.scripts.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/vm")
        self.variant = variant
        try Self.prepare(variant: variant, in: self.cacheDirectory)
        let runs = self.cacheDirectory.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        runDirectory = runs.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runDirectory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: runDirectory)
    }

    /// Runs make-guest for `variant` in `directory` unless this process already did.
    private static func prepare(variant: Variant, in directory: URL) throws {
        preparedLock.lock()
        defer { preparedLock.unlock() }
        let key = "\(variant.rawValue) \(directory.path)"
        guard !prepared.contains(key) else { return }
        let arguments = variant.option + [directory.path]
        let (status, output) = try runScript("make-guest", arguments)
        // Its step timings, for the test log.
        FileHandle.standardError.write(Data(output.utf8))
        guard status == 0 else {
            let last = output.split(separator: "\n").last.map(String.init) ?? ""
            throw XTestingError("scripts/vm/make-guest failed with status \(status): \(last)")
        }
        prepared.insert(key)
    }

    /// Copies the host file `source` into the run folder as `name` (a path relative to the run
    /// folder; folders are made), keeping its permissions.
    ///
    /// - Returns: its path in the guest, like `/test/bin/swipeback`.
    /// - Throws: when the file cannot be copied.
    @discardableResult
    public func copy(_ source: URL, as name: String) throws -> String {
        let destination = runDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.copyItem(at: source, to: destination)
        return "/test/\(name)"
    }

    /// Writes `text` into the run folder as `name` (made executable when `executable`).
    ///
    /// - Returns: its path in the guest, like `/test/touches.txt`.
    /// - Throws: when the file cannot be written.
    @discardableResult
    public func write(_ text: String, as name: String, executable: Bool = false) throws -> String {
        let destination = runDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: destination, atomically: true, encoding: .utf8)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: destination.path) }
        return "/test/\(name)"
    }

    /// Boots the guest and runs `script` (POSIX sh) in it as root, in `/test`, then powers it off.
    ///
    /// Before the script, the guest has `/proc`, `/sys`, `/dev`, tmpfs on `/tmp`, `/run`,
    /// `/dev/shm` and `/root`, loopback up, and evdev and uinput loaded; the script may call
    /// `guest_udev` to start udevd (device tags, which libinput needs), `wait_for PATTERN FILE [N]`
    /// (until N lines of FILE match) and `wait_file PATH`, each at most 60 s. It writes result files into
    /// `$RESULTS`. The previous run's results are removed first.
    ///
    /// - Parameters:
    ///   - timeout: the most the whole boot may take (default 300 s; a boot with udev takes about 15 s
    ///     on 2 cores, more on a loaded machine).
    ///   - gpu: gives the guest a virtio-gpu card (`modprobe virtio_gpu`: `/dev/dri/card0`, `renderD128`).
    /// - Returns: the script's status and output, the console and the boot's wall time.
    /// - Throws: `XTestingError` when the guest does not power off within `timeout` or ends without a
    ///   status (a kernel panic, a failed initramfs), with the console's last lines.
    public func run(script: String, timeout: Duration = .seconds(300), gpu: Bool = false) throws -> Run {
        let file = runDirectory.appendingPathComponent("script-source.sh")
        try script.write(to: file, atomically: true, encoding: .utf8)
        var arguments = ["--timeout", "\(timeout.components.seconds)", "--vm-dir", cacheDirectory.path]
        arguments += variant.option
        if gpu { arguments.append("--gpu") }
        arguments += [file.path, runDirectory.path]
        let clock = ContinuousClock()
        let start = clock.now
        let (status, messages) = try Self.runScript("run-guest", arguments)
        let wallTime = clock.now - start
        let results = runDirectory.appendingPathComponent("results")
        let console = (try? String(contentsOf: results.appendingPathComponent("console.log"), encoding: .utf8)) ?? ""
        let tail = console.split(separator: "\n", omittingEmptySubsequences: false).suffix(8).joined(separator: " | ")
        switch status {
        case 124:
            throw XTestingError("the test guest did not power off within \(timeout) (console: \(results.path)/console.log): \(tail)")
        case 125:
            throw XTestingError("the test guest ended without a status (console: \(results.path)/console.log): \(tail)")
        default:
            guard let text = try? String(contentsOf: results.appendingPathComponent("status"), encoding: .utf8),
                  let scriptStatus = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw XTestingError("scripts/vm/run-guest failed with status \(status): \(messages.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            let output = (try? String(contentsOf: results.appendingPathComponent("output"), encoding: .utf8)) ?? ""
            return Run(status: scriptStatus, output: output, console: console, resultsDirectory: results, wallTime: wallTime)
        }
    }

    /// Runs `scripts/vm/NAME` with `arguments` and waits; returns its status and its standard
    /// output and error together.
    private static func runScript(_ name: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = scripts.appendingPathComponent(name)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
