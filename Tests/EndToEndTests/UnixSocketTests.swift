// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import SwipeBackPosix
import XCTest

/// The session channel's socket (`UnixListener`, `UnixConnection`) on a real Unix socket: lines
/// both ways, the peer's user from the kernel, and the three ways a connection is given up.
final class UnixSocketTests: XCTestCase {
    private func socketPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-socket-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent("session.sock").path
    }

    private func waitReadable(_ descriptor: Int32) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, 2000)
    }

    func testLinesGoBothWaysAndThePeerIsKnown() throws {
        let path = try socketPath()
        let listener = try UnixListener(path: path, mode: 0o666)
        var status = stat()
        XCTAssertEqual(stat(path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o666)
        XCTAssertNil(listener.accept(), "no client yet")
        let client = try UnixConnection.connect(to: path)
        waitReadable(listener.descriptor)
        let server = try XCTUnwrap(listener.accept())
        XCTAssertEqual(server.peerUID, getuid())
        XCTAssertTrue(client.send(#"{"type": "hello", "version": 1}"#))
        XCTAssertTrue(client.send("second"))
        waitReadable(server.descriptor)
        XCTAssertEqual(server.receiveLines(limitBytes: 1024), [#"{"type": "hello", "version": 1}"#, "second"])
        XCTAssertEqual(server.receiveLines(limitBytes: 1024), [], "nothing more waits")
        XCTAssertTrue(server.send("back"))
        waitReadable(client.descriptor)
        XCTAssertEqual(client.receiveLines(limitBytes: 1024), ["back"])
    }

    func testAConnectionIsGivenUpOnALongLineAPeerThatStopsReadingOrAClosedPeer() throws {
        let path = try socketPath()
        let listener = try UnixListener(path: path, mode: 0o600)
        func pair() throws -> (client: UnixConnection, server: UnixConnection) {
            let client = try UnixConnection.connect(to: path)
            waitReadable(listener.descriptor)
            return (client, try XCTUnwrap(listener.accept()))
        }
        let long = try pair()
        XCTAssertTrue(long.client.send(String(repeating: "x", count: 1025)))
        waitReadable(long.server.descriptor)
        XCTAssertNil(long.server.receiveLines(limitBytes: 1024), "a line past the limit")

        let stalled = try pair()
        var sent = 0
        while sent < 100_000, stalled.client.send(String(repeating: "y", count: 1000)) { sent += 1 }
        XCTAssertGreaterThan(sent, 0)
        XCTAssertLessThan(sent, 100_000, "a peer that never reads fills the socket, and a send fails instead of waiting")

        var closing: (client: UnixConnection, server: UnixConnection)? = try pair()
        let server = closing!.server
        closing = nil // the client's end closes; the server keeps its own
        waitReadable(server.descriptor)
        XCTAssertNil(server.receiveLines(limitBytes: 1024), "the peer closed")
    }

    func testASocketLeftByAnEarlierRunIsReplacedAndBadPathsAreNamed() throws {
        let path = try socketPath()
        // An earlier run that was killed leaves its socket file behind.
        let earlier = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(earlier, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        close(earlier)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        let listener = try UnixListener(path: path, mode: 0o666)
        _ = try UnixConnection.connect(to: path)
        waitReadable(listener.descriptor)
        XCTAssertNotNil(listener.accept())
        XCTAssertThrowsError(try UnixListener(path: "/tmp/" + String(repeating: "a", count: 120), mode: 0o666)) { error in
            XCTAssertTrue("\(error)".contains("a socket path is at most 107 bytes"), "\(error)")
        }
        XCTAssertThrowsError(try UnixConnection.connect(to: path + ".none")) { error in
            XCTAssertTrue("\(error)".contains("cannot connect: No such file or directory"), "\(error)")
        }
    }
}
