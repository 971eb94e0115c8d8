// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import CX11
import Synchronization
import SwipeBackCore

/// An X11 failure with a message a user can act on.
public struct X11Error: SwipeBackError {
    /// What failed.
    public let message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message, for printing.
    public var description: String { message }

    /// The X server went away (it was killed, or the network to it failed): what `run` throws.
    public static let connectionLost = X11Error("lost the connection to the X server")
}

/// The one funnel for X errors, per display connection SwipeBack opened.
///
/// Xlib has one error handler and one I/O error handler per process. SwipeBack installs them once,
/// and they pass errors of displays it did not open (an app's own) on to the handlers that were
/// there before, so an app that embeds SwipeBack keeps its own. For SwipeBack's displays:
/// - a protocol error is kept only while a bracket (`bracket(_:_:_:)`) is open on that display,
///   and is thrown from it. Errors of earlier, unchecked requests (an `XPresentPixmap` of a pixmap
///   the server already freed, say) are read and dropped when the bracket opens, so they are never
///   blamed on the request the bracket checks.
/// - a lost connection marks the display (`isConnectionLost`) instead of ending the process: the
///   exit handler of libX11 1.7+ (`XSetIOErrorExitHandler`) returns, and the window's loop throws
///   `X11Error.connectionLost`. No `exit` is called anywhere.
public enum X11ErrorTrap {
    /// What is known of one display's errors.
    private struct Record {
        /// How many brackets are open (errors are kept while one is).
        var bracketDepth = 0
        /// The first error since the bracket opened.
        var caught: String?
        /// Whether the connection is gone.
        var connectionLost = false
    }

    /// Every display SwipeBack opened, by the address of its `Display`.
    private static let records = Mutex<[UInt: Record]>([:])
    /// The handlers that were installed before SwipeBack's: errors of other displays go to them.
    nonisolated(unsafe) private static var previousErrorHandler: XErrorHandler?
    nonisolated(unsafe) private static var previousIOErrorHandler: XIOErrorHandler?
    private static let installed = Mutex(false)

    private static func key(_ display: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display))) }

    /// Starts keeping `display`'s errors (installing the process's handlers the first time).
    ///
    /// - Parameter display: a connection SwipeBack opened; `unregister(_:)` before closing it.
    public static func register(_ display: OpaquePointer) {
        installed.withLock { done in
            guard !done else { return }
            done = true
            previousErrorHandler = XSetErrorHandler { display, event in
                guard let display, let event else { return 0 }
                guard X11ErrorTrap.isRegistered(display) else {
                    return X11ErrorTrap.previousErrorHandler?(display, event) ?? 0
                }
                X11ErrorTrap.record(event.pointee, on: display)
                return 0
            }
            previousIOErrorHandler = XSetIOErrorHandler { display in
                guard let display else { return 0 }
                guard X11ErrorTrap.isRegistered(display) else {
                    return X11ErrorTrap.previousIOErrorHandler?(display) ?? 0
                }
                X11ErrorTrap.records.withLock { $0[X11ErrorTrap.key(display), default: Record()].connectionLost = true }
                return 0
            }
        }
        records.withLock { $0[key(display)] = Record() }
        // Xlib calls this instead of exit(1) after a lost connection; returning keeps the process.
        XSetIOErrorExitHandler(display, { _, _ in }, nil)
    }

    /// Stops keeping `display`'s errors (before `XCloseDisplay`).
    public static func unregister(_ display: OpaquePointer) {
        _ = records.withLock { $0.removeValue(forKey: key(display)) }
    }

    private static func isRegistered(_ display: OpaquePointer) -> Bool {
        records.withLock { $0[key(display)] != nil }
    }

    /// Keeps the first error of an open bracket; drops the rest.
    private static func record(_ event: XErrorEvent, on display: OpaquePointer) {
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        records.withLock { all in
            guard var record = all[key(display)], record.bracketDepth > 0, record.caught == nil else { return }
            record.caught = "X error: \(text) (request \(event.request_code).\(event.minor_code))"
            all[key(display)] = record
        }
    }

    /// Whether `display`'s connection to the server is gone.
    public static func isConnectionLost(_ display: OpaquePointer) -> Bool {
        records.withLock { $0[key(display)]?.connectionLost ?? false }
    }

    /// Runs `body`'s requests and checks them: errors of requests sent before are read and
    /// dropped first, then `body` runs, then one round trip (`XSync`) brings back any error of its
    /// requests, which is thrown.
    ///
    /// - Parameters:
    ///   - display: a registered display.
    ///   - what: what the requests do, for the message (`"creating the window"`).
    ///   - body: the requests to check; it may throw.
    /// - Returns: what `body` returns.
    /// - Throws: `X11Error` naming `what` and the failed request, `X11Error.connectionLost` when the
    ///   connection is gone, or what `body` throws.
    public static func bracket<T>(_ display: OpaquePointer, _ what: String, _ body: () throws -> T) throws -> T {
        begin(display)
        let result: T
        do {
            result = try body()
        } catch {
            try? end(display, what)
            throw error
        }
        try end(display, what)
        return result
    }

    /// Whether `body`'s requests all succeed (a bracket whose error is an answer, not a failure:
    /// a device that is gone, a window that vanished).
    ///
    /// - Parameters:
    ///   - display: a registered display.
    ///   - body: the requests.
    /// - Returns: false when one of them failed or the connection is gone.
    public static func succeeds(_ display: OpaquePointer, _ body: () -> Void) -> Bool {
        do {
            try bracket(display, "", body)
            return true
        } catch {
            return false
        }
    }

    /// Opens a bracket (see `bracket(_:_:_:)`) where a closure cannot hold the requests (an
    /// initialiser's). Brackets nest: an inner one's errors are also the outer one's.
    ///
    /// - Parameter display: a registered display; every `begin` needs its `end`.
    static func begin(_ display: OpaquePointer) {
        XSync(display, 0)
        records.withLock { all in
            guard var record = all[key(display)] else { return }
            if record.bracketDepth == 0 { record.caught = nil }
            record.bracketDepth += 1
            all[key(display)] = record
        }
    }

    /// Closes the bracket `begin(_:)` opened: one round trip, then the first error of its requests
    /// is thrown.
    ///
    /// - Parameters:
    ///   - display: the display `begin(_:)` was given.
    ///   - what: what the requests do, for the message.
    /// - Throws: `X11Error` naming `what` and the failed request, or `X11Error.connectionLost`.
    static func end(_ display: OpaquePointer, _ what: String) throws {
        XSync(display, 0)
        let (caught, lost) = records.withLock { all -> (String?, Bool) in
            guard var record = all[key(display)] else { return (nil, false) }
            record.bracketDepth = max(0, record.bracketDepth - 1)
            let caught = record.caught
            record.caught = nil
            all[key(display)] = record
            return (caught, record.connectionLost)
        }
        if lost { throw X11Error.connectionLost }
        if let caught { throw X11Error("\(what): \(caught)") }
    }
}
