// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import CX11

/// An X11 failure with a message a user can act on.
public struct X11Error: Error, CustomStringConvertible {
    /// What failed.
    public let message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message, for printing.
    public var description: String { message }
}

/// The one funnel for X protocol errors: Xlib calls the handler, `X11ErrorTrap` keeps the first error
/// until it is checked.
enum X11ErrorTrap {
    nonisolated(unsafe) static var pending: String?

    /// Installs the handlers; a lost connection prints one line and exits with status 1.
    static func install() {
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var buffer = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &buffer, Int32(buffer.count))
            if X11ErrorTrap.pending == nil {
                let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                X11ErrorTrap.pending = "X error: \(text) (request \(event.pointee.request_code).\(event.pointee.minor_code))"
            }
            return 0
        }
        XSetIOErrorHandler { _ in
            let line = "swipeback: lost the connection to the X server\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            exit(1)
        }
    }

    /// Syncs with the server and throws the first error since the last check.
    ///
    /// - Throws: `X11Error` describing the request that failed.
    static func check(_ display: OpaquePointer, _ what: String) throws {
        XSync(display, 0)
        if let message = pending {
            pending = nil
            throw X11Error("\(what): \(message)")
        }
    }
}
