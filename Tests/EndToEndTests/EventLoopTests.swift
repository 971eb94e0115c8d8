// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import SwipeBackPosix
import XCTest

/// The one event loop (`EventLoop`) on real pipes and threads: handlers for ready descriptors,
/// the waker, the deadline, hang-ups, a descriptor reused after a close, and an outer loop that
/// runs it through its descriptor.
final class EventLoopTests: XCTestCase {
    private func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw PosixError("pipe") }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return (ends[0], ends[1])
    }

    private func send(_ fd: Int32, _ byte: UInt8 = 7) {
        var value = byte
        XCTAssertEqual(write(fd, &value, 1), 1)
    }

    private func readByte(_ fd: Int32) -> UInt8? {
        var value: UInt8 = 0
        return read(fd, &value, 1) == 1 ? value : nil
    }

    func testAReadyDescriptorRunsItsHandlerAndAnUnwatchedOneDoesNot() throws {
        let loop = try EventLoop()
        let first = try makePipe(), second = try makePipe()
        defer { [first.read, first.write, second.read, second.write].forEach { close($0) } }
        var got: [UInt8] = []
        try loop.watch(first.read) { readiness in
            XCTAssertTrue(readiness.isReadable)
            XCTAssertFalse(readiness.isHangup)
            if let byte = self.readByte(first.read) { got.append(byte) }
        }
        try loop.watch(second.read) { _ in XCTFail("never watched when written") }
        loop.unwatch(second.read)
        XCTAssertFalse(loop.isWatching(second.read))
        send(first.write, 1)
        send(second.write, 2)
        XCTAssertTrue(try loop.dispatch(timeoutMilliseconds: 1000))
        XCTAssertEqual(got, [1])
        // Nothing left: the wait runs to its deadline and says so.
        let before = MonotonicClock.milliseconds()
        XCTAssertFalse(try loop.dispatch(timeoutMilliseconds: 30))
        XCTAssertGreaterThanOrEqual(MonotonicClock.milliseconds() - before, 29)
        XCTAssertEqual(got, [1])
    }

    func testTheWakerWakesAnEndlessWaitFromAnotherThread() throws {
        let loop = try EventLoop()
        let waker = loop.waker
        let thread = DispatchQueue(label: "waker")
        thread.asyncAfter(deadline: .now() + .milliseconds(50)) { waker.wake() }
        XCTAssertTrue(try loop.dispatch(timeoutMilliseconds: nil), "woken, not timed out")
        // The wake was drained: the next wait times out.
        XCTAssertFalse(try loop.dispatch(timeoutMilliseconds: 0))
    }

    func testAHangUpIsReportedAndAHandlersErrorEndsTheDispatch() throws {
        let loop = try EventLoop()
        let ends = try makePipe()
        defer { close(ends.read) }
        close(ends.write)
        struct Gone: Error {}
        try loop.watch(ends.read) { readiness in
            XCTAssertTrue(readiness.isHangup)
            throw Gone()
        }
        XCTAssertThrowsError(try loop.dispatch(timeoutMilliseconds: 1000)) { XCTAssertTrue($0 is Gone) }
    }

    func testADescriptorClosedAndReusedIsWatchedAgain() throws {
        let loop = try EventLoop()
        let old = try makePipe()
        try loop.watch(old.read) { _ in XCTFail("the old pipe is gone") }
        close(old.read)
        close(old.write)
        // The kernel gives the lowest free numbers: the new pipe reuses the old one's.
        let new = try makePipe()
        defer { close(new.read); close(new.write) }
        XCTAssertEqual(new.read, old.read)
        var ran = false
        try loop.watch(new.read) { _ in ran = self.readByte(new.read) != nil }
        send(new.write)
        XCTAssertTrue(try loop.dispatch(timeoutMilliseconds: 1000))
        XCTAssertTrue(ran)
    }

    /// An app with a loop of its own waits on the loop's one descriptor, then steps it.
    func testAnOuterLoopRunsItThroughItsDescriptor() throws {
        let loop = try EventLoop()
        let ends = try makePipe()
        defer { close(ends.read); close(ends.write) }
        var got: UInt8?
        try loop.watch(ends.read) { _ in got = self.readByte(ends.read) }
        var outer = pollfd(fd: loop.descriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&outer, 1, 0), 0, "nothing ready yet")
        send(ends.write, 9)
        XCTAssertEqual(poll(&outer, 1, 1000), 1)
        XCTAssertTrue(try loop.dispatch(timeoutMilliseconds: 0))
        XCTAssertEqual(got, 9)
        outer.revents = 0
        XCTAssertEqual(poll(&outer, 1, 0), 0, "read: not ready again")
    }
}
