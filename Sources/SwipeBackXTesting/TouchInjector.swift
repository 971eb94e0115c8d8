// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation

/// Writes the inputtest driver's binary protocol (xf86-input-inputtest-protocol.h, version 1.1):
/// touch events with absolute valuators 0...65535 across the screen, and for a touchpad, relative
/// motion with scroll valuators and swipe gestures.
public final class TouchInjector {
    private let fd: Int32
    private let screenWidth: Double, screenHeight: Double

    // Event types and sizes from the protocol header (sizes checked against the C structs:
    // client version 12 bytes, wait-for-sync 8, touch 1056).
    private static let clientVersion: Int32 = 0, waitForSync: Int32 = 1, motion: Int32 = 2, touch: Int32 = 6,
                       gestureSwipe: Int32 = 8
    private static let touchBegin: UInt32 = 18, touchUpdate: UInt32 = 19, touchEnd: UInt32 = 20 // XI_TouchBegin...

    /// Connects to the inputtest touch device at `socketPath` and does the version handshake.
    ///
    /// - Throws: `XTestingError` when the socket does not answer.
    public init(socketPath: String, screenWidth: Int, screenHeight: Int) throws {
        self.screenWidth = Double(screenWidth)
        self.screenHeight = Double(screenHeight)
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw XTestingError("cannot connect to \(socketPath)") }
        // A driver that stops answering fails the test in 5 s instead of hanging it.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var hello = header(length: 12, type: Self.clientVersion)
        hello += le(UInt16(1)) + le(UInt16(1))
        try send(hello)
        _ = try receive(12)
    }

    deinit { close(fd) }

    private func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    private func header(length: UInt32, type: Int32) -> [UInt8] { le(length) + le(type) }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw XTestingError("writing to the inputtest socket failed") }
            offset += n
        }
    }

    private func receive(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let n = bytes[offset...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw XTestingError("reading from the inputtest socket failed") }
            offset += n
        }
        return bytes
    }

    /// The valuator data block: a mask of the set valuators, 4 bytes of padding, 64 values, 64 unaccelerated.
    private func valuatorData(_ set: [Int: Double]) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: 8)
        var values = [Double](repeating: 0, count: 128)
        for (number, value) in set {
            mask[number / 8] |= 1 << UInt8(number % 8)
            values[number] = value
        }
        var body = le(UInt32(0)) + mask + [0, 0, 0, 0]
        for v in values { body += le(v.bitPattern) }
        return body
    }

    private func sync() throws {
        try send(header(length: 8, type: Self.waitForSync))
        _ = try receive(8)
    }

    /// Scrolls with the touchpad's valuators (relative: each call adds to the server's counters),
    /// in the valuators' own units (15 per wheel step), and waits until Xorg has processed it. A
    /// call with both 0 is the fingers lifting.
    public func scroll(dx: Double, dy: Double) throws {
        // xf86ITEventMotion: is_absolute, 4 bytes of padding, the valuator data.
        let body = le(UInt32(0)) + [0, 0, 0, 0] + valuatorData([2: dx, 3: dy])
        try send(header(length: UInt32(8 + body.count), type: Self.motion) + body)
        try sync()
    }

    /// A swipe gesture phase (XI_GestureSwipeBegin 30, Update 31, End 32) with `fingers` fingers
    /// moving (dx, dy) px; an end may be flagged cancelled. Waits until Xorg has processed it.
    public func swipeGesture(_ phase: UInt16, fingers: UInt16, dx: Double, dy: Double, cancelled: Bool = false) throws {
        var body = le(phase) + le(fingers) + le(UInt32(cancelled ? 1 : 0))
        for v in [dx, dy, dx, dy] { body += le(v.bitPattern) }
        try send(header(length: UInt32(8 + body.count), type: Self.gestureSwipe) + body)
        try sync()
    }

    /// Sends a touch event at screen position (x, y) px and waits until Xorg has processed it.
    private func touch(_ id: UInt32, _ type: UInt32, x: Double, y: Double) throws {
        let body = le(id) + le(type) + valuatorData([0: x * 65535 / screenWidth, 1: y * 65535 / screenHeight])
        try send(header(length: UInt32(8 + body.count), type: Self.touch) + body)
        try sync()
    }

    /// Puts touch `id` down at screen position (x, y) px and waits until Xorg has processed it.
    public func begin(_ id: UInt32, x: Double, y: Double) throws { try touch(id, Self.touchBegin, x: x, y: y) }
    /// Moves the pointer to root position (x, y) px with XTest.
    public func move(_ id: UInt32, x: Double, y: Double) throws { try touch(id, Self.touchUpdate, x: x, y: y) }
    /// Lifts touch `id` at (x, y) px.
    public func end(_ id: UInt32, x: Double, y: Double) throws { try touch(id, Self.touchEnd, x: x, y: y) }
}

/// One step of a timed touch script (`TouchInjector.play`).
public enum TouchStep: Equatable {
    /// Touch `id` comes down at (x, y) px.
    case down(UInt32, x: Double, y: Double)
    /// Touch `id` moves to (x, y) px.
    case move(UInt32, x: Double, y: Double)
    /// Touch `id` lifts at (x, y) px.
    case up(UInt32, x: Double, y: Double)
    /// Nothing happens for this many ms: the script's pace, which the server stamps into the events.
    case wait(Double)
    /// The touchpad scrolls by (dx, dy) valuator units (`TouchInjector.scroll`).
    case scroll(dx: Double, dy: Double)
    /// A touchpad swipe gesture event (`TouchInjector.swipeGesture`): `phase` is the XI event type
    /// (30 begin, 31 update, 32 end).
    case gesture(UInt16, fingers: UInt16, dx: Double, dy: Double, cancelled: Bool = false)

    /// A touchpad swipe of `fingers` fingers: begin, `steps` updates of `dx` `every` ms apart, end
    /// (cancelled when `cancelled`).
    ///
    /// - Parameters:
    ///   - fingers: 3 or more.
    ///   - steps: updates, at least 0.
    ///   - dx: each update's travel, touchpad px.
    ///   - every: ms before each update.
    ///   - cancelled: whether the driver cancels it at the end.
    public static func touchpadSwipe(fingers: UInt16 = 3, steps: Int, dx: Double, every: Double = 8,
                                     cancelled: Bool = false) -> [TouchStep] {
        [.gesture(30, fingers: fingers, dx: 8, dy: 0)]
            + (0..<steps).flatMap { _ in [TouchStep.wait(every), .gesture(31, fingers: fingers, dx: dx, dy: 0)] }
            + [.gesture(32, fingers: fingers, dx: 0, dy: 0, cancelled: cancelled)]
    }

    /// A straight touch: down at `from`, `steps` moves `every` ms apart to `to`, and (unless
    /// `lift` is false) up there `every` ms later.
    ///
    /// - Parameters:
    ///   - id: the touch id.
    ///   - from: the down point, screen px.
    ///   - to: the last move's point, screen px.
    ///   - steps: moves, at least 1.
    ///   - every: ms before each move and before the up.
    ///   - lift: whether the script ends with the up.
    public static func line(_ id: UInt32, from: (Double, Double), to: (Double, Double), steps: Int = 10, every: Double = 8,
                            lift: Bool = true) -> [TouchStep] {
        var script: [TouchStep] = [.down(id, x: from.0, y: from.1)]
        for i in 1...max(steps, 1) {
            let f = Double(i) / Double(max(steps, 1))
            script += [.wait(every), .move(id, x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f)]
        }
        if lift { script += [.wait(every), .up(id, x: to.0, y: to.1)] }
        return script
    }

    /// A tap of `id` at (x, y) held `milliseconds`.
    ///
    /// - Parameters:
    ///   - id: the touch id.
    ///   - x: screen px.
    ///   - y: screen px.
    ///   - milliseconds: how long the finger stays down.
    public static func tap(_ id: UInt32, x: Double, y: Double, holding milliseconds: Double = 40) -> [TouchStep] {
        [.down(id, x: x, y: y), .wait(milliseconds), .up(id, x: x, y: y)]
    }
}

extension TouchInjector {
    /// Plays a touch script: each event is sent when its step comes, after the waits before it,
    /// and returns once Xorg has processed it.
    ///
    /// - Parameter script: the steps, in order.
    /// - Throws: `XTestingError` when the inputtest socket fails.
    public func play(_ script: [TouchStep]) throws {
        for step in script {
            switch step {
            case .down(let id, let x, let y): try begin(id, x: x, y: y)
            case .move(let id, let x, let y): try move(id, x: x, y: y)
            case .up(let id, let x, let y): try end(id, x: x, y: y)
            case .wait(let milliseconds): sleepMilliseconds(milliseconds)
            case .scroll(let dx, let dy): try scroll(dx: dx, dy: dy)
            case .gesture(let phase, let fingers, let dx, let dy, let cancelled):
                try swipeGesture(phase, fingers: fingers, dx: dx, dy: dy, cancelled: cancelled)
            }
        }
    }
}
