// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import Synchronization
import SwipeBackCore
import SwipeBackFormats
import SwipeBackPosix
import SwipeBackSession
import SwipeBackSystem
import SwipeBackXTesting
import XCTest

/// The session side's event loop on a real socket and a real X server (Xvfb, the X11 host), with
/// this test as the service: after the session side drops a connection, its next one, which gets
/// the same descriptor number, is heard.
final class SessionSideLoopTests: XCTestCase {
    func testAReconnectOnTheSameDescriptorIsHeard() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-session-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("session.sock").path
        let listener = try UnixListener(path: path, mode: 0o600)
        let events = Mutex<[String]>([])
        let host = try X11SessionHost(displayName: xvfb.displayName, settings: SystemSwipeSettings(configuration: Configuration()),
                                      log: { _ in })
        let side = SessionSide(host: host, configuration: Configuration(), socketPath: path,
                               log: { record in
                                   guard case .string(let event)? = EventLogEntry(record)["event"] else { return }
                                   events.withLock { $0.append(event) }
                               })
        let stop = try WakePipe()
        let ended = DispatchSemaphore(value: 0)
        // Every free descriptor number below the highest open one is taken, so the session side's
        // connection gets the lowest free number, and its next connection, after the drop closed
        // the first, gets that number again (as a service's restart or a dropped line gives it).
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { Int32($0) }
        var fillers: [Int32] = []
        while let number = Optional(dup(2)), number >= 0 {
            fillers.append(number)
            if number > open.max() ?? 0 { break }
        }
        close(fillers.removeLast())
        defer { fillers.forEach { close($0) } }
        nonisolated(unsafe) let running = side
        DetachedThread.start(name: "session-side-test") {
            try? running.run(stopDescriptor: stop.readEnd)
            ended.signal()
        }
        defer {
            stop.wake()
            XCTAssertEqual(ended.wait(timeout: .now() + 5), .success, "the loop stops")
        }
        func wait(_ what: String, _ condition: () -> Bool) throws {
            let deadline = Date().addingTimeInterval(5)
            while !condition() {
                guard Date() < deadline else {
                    throw PosixError("timed out waiting for \(what); the session side logged \(events.withLock { $0 })")
                }
                usleep(10_000)
            }
        }
        func connected() -> Int { events.withLock { $0.filter { $0 == "connected" }.count } }
        /// Accepts the session side's connection and greets it back.
        func serve() throws -> UnixConnection {
            var connection: UnixConnection?
            try wait("a connection") { connection = listener.accept(); return connection != nil }
            let accepted = try XCTUnwrap(connection)
            var hello: [String] = []
            try wait("its hello") { hello += accepted.receiveLines(limitBytes: 4096) ?? []; return !hello.isEmpty }
            XCTAssertEqual(try SessionMessage.parse(hello[0], source: path, line: 1), .hello(version: SessionMessage.version))
            XCTAssertTrue(accepted.send(SessionMessage.hello(version: SessionMessage.version).line))
            return accepted
        }
        let first = try serve()
        try wait("the first connection") { connected() == 1 }
        // A line the session side cannot read, once the connection has lasted past the 1 s between
        // tries: it drops this connection (closing its descriptor) and connects again in the same
        // pass; this end stays open, so the new connection's descriptor is the lowest free one,
        // the number of the last.
        usleep(1_200_000)
        XCTAssertTrue(first.send("not a message"))
        try wait("the drop") { events.withLock { $0.contains("disconnected") } }
        let second = try serve()
        let deadline = Date().addingTimeInterval(5)
        while connected() < 2, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(connected(), 2, "the second connection's hello was read: \(events.withLock { $0 })")
        withExtendedLifetime((first, second, host)) {}
    }
}
