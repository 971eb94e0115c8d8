// SPDX-License-Identifier: Apache-2.0
import CX11

/// The one owner of an extension event's data (an XI2 or Present `GenericEvent`): it fetches the
/// cookie's data, lends it to a body and frees it, so no caller pairs `XGetEventData` with
/// `XFreeEventData` itself.
public enum EventCookie {
    /// Runs `body` with the data of `event` when it is a `GenericEvent` of extension `opcode`.
    ///
    /// - Parameters:
    ///   - display: the connection the event came from.
    ///   - event: the event, whose cookie is filled in and freed again.
    ///   - opcode: the extension's major opcode (`XQueryExtension`); nil matches nothing.
    ///   - body: gets the event type (`evtype`) and its data; the data is valid only inside.
    /// - Returns: what `body` returns; nil when the event is not that extension's, or its data
    ///   could not be read (`matched` then tells which).
    @discardableResult
    public static func withData<T>(_ display: OpaquePointer, _ event: inout XEvent, extension opcode: Int32?,
                            _ body: (_ evtype: Int32, _ data: UnsafeMutableRawPointer) throws -> T) rethrows -> (matched: Bool, result: T?) {
        guard event.type == GenericEvent, let opcode, event.xcookie.extension == opcode else { return (false, nil) }
        guard XGetEventData(display, &event.xcookie) != 0, let data = event.xcookie.data else { return (true, nil) }
        defer { XFreeEventData(display, &event.xcookie) }
        return (true, try body(event.xcookie.evtype, data))
    }
}
