// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// A cairo, pango or fontconfig failure, with a message a user can act on.
public struct RenderError: SwipeBackError {
    /// What failed and why.
    public let message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message, for printing.
    public var description: String { message }

    /// The one funnel for cairo statuses: throws unless `status` is success.
    ///
    /// - Parameters:
    ///   - status: a cairo status.
    ///   - what: what was being done, for the message ("creating a 800x600 surface").
    /// - Throws: `RenderError` with cairo's own description of the status.
    public static func check(_ status: cairo_status_t, _ what: @autoclosure () -> String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw RenderError("\(what()): \(String(cString: cairo_status_to_string(status)))")
    }
}
