// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackFormats

/// Debian's Chromium on a test display, read through its DevTools HTTP endpoint
/// (`--remote-debugging-port`, `GET /json`): the URL of its page is how a test sees it navigate.
public final class ChromiumProcess {
    /// The browser process.
    public let process = Process()
    private let profile: URL
    private let port: Int

    /// Starts Chromium on `display` showing `url` in a `width` x `height` window at the origin,
    /// with its own touch overscroll navigation off (a web kiosk's setting), a fresh profile, and
    /// `--no-sandbox` when run as root (Chromium refuses root otherwise).
    ///
    /// - Throws: `XTestingError` when Chromium is not installed.
    public init(display: String, url: String, width: Int, height: Int) throws {
        guard let chromium = findTool("chromium") else {
            throw XTestingError("chromium is not installed: run `make test` (scripts/install-deps test installs it)")
        }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-chromium-\(UUID().uuidString)")
        port = 20000 + Int(getpid() % 20000)
        process.executableURL = URL(fileURLWithPath: chromium)
        var arguments = ["--user-data-dir=\(profile.path)", "--remote-debugging-port=\(port)", "--no-first-run",
                         "--no-default-browser-check", "--disable-gpu", "--disable-dev-shm-usage", "--password-store=basic",
                         "--overscroll-history-navigation=0", "--window-position=0,0", "--window-size=\(width),\(height)",
                         "--kiosk", "--touch-events=enabled", url]
        if getuid() == 0 { arguments.insert("--no-sandbox", at: 0) }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        // Its log (mostly D-Bus complaints on a machine without a session bus), for a failing test.
        _ = FileManager.default.createFile(atPath: profile.path + ".log", contents: nil)
        process.standardError = FileHandle(forWritingAtPath: profile.path + ".log")
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
        try? FileManager.default.removeItem(atPath: profile.path + ".log")
    }

    /// The URL of Chromium's first page target, or nil while its endpoint does not answer.
    public func currentURL() -> String? {
        guard let body = Self.get(port: port, path: "/json"),
              let targets = (try? JSONValue.parse(body, file: "/json", line: nil))?.arrayValue?.compactMap(\.objectValue) else { return nil }
        return targets.first { $0["type"]?.stringValue == "page" }?["url"]?.stringValue
    }

    /// Waits up to `timeout` seconds for the page's URL to end with `suffix`.
    ///
    /// - Throws: `XTestingError` with the last URL seen when it does not.
    public func waitForURL(endingWith suffix: String, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last: String?
        while Date() < deadline {
            last = currentURL()
            if last?.hasSuffix(suffix) == true { return }
            sleepMilliseconds(50)
        }
        let log = (try? String(contentsOfFile: profile.path + ".log", encoding: .utf8)) ?? ""
        let lines = log.split(separator: "\n").filter { !$0.contains("dbus") }.suffix(8).joined(separator: "\n")
        throw XTestingError("Chromium's page is \(last ?? "not there"), not …\(suffix); its log ends:\n\(lines)")
    }

    /// A plain HTTP/1.1 GET (Chromium refuses 1.0) to 127.0.0.1:`port`, the body; nil when nothing answers.
    static func get(port: Int, path: String) -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard write(fd, request, request.count) == request.count else { return nil }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Until the body has its Content-Length (the server may keep the connection open).
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            response += buffer[0..<n]
            let text = String(decoding: response, as: UTF8.self)
            if let split = text.range(of: "\r\n\r\n"),
               let length = text[..<split.lowerBound].split(separator: "\r\n")
                   .first(where: { $0.lowercased().hasPrefix("content-length:") })
                   .flatMap({ Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }),
               text[split.upperBound...].utf8.count >= length {
                break
            }
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        return String(text[split.upperBound...])
    }
}
