// SPDX-License-Identifier: Apache-2.0
import CX11

/// Reading a window's 32-bit properties (`XGetWindowProperty` once, its buffer freed): atoms,
/// windows and cardinals, as EWMH and ICCCM store them.
public enum WindowProperty {
    /// The 32-bit items of property `name` on `window`, or nil when it is unset, of another
    /// format, or the window is gone (a registered display's error handler drops the BadWindow).
    ///
    /// - Parameters:
    ///   - display: an open connection (one round trip; none when the atom does not exist yet).
    ///   - window: the window.
    ///   - name: the property's name, like `_NET_ACTIVE_WINDOW`.
    ///   - type: the type expected (`XA_ATOM`, `XA_WINDOW`, `XA_CARDINAL`), or `AnyPropertyType`.
    ///   - limit: the most items read, 1...4096.
    /// - Returns: the items, as Xlib returns 32-bit items (one `UInt` each on LP64).
    public static func items(_ display: OpaquePointer, _ window: Window, _ name: String, type: Atom = Atom(AnyPropertyType),
                             limit: Int = 4096) -> [UInt]? {
        let atom = XInternAtom(display, name, 1)
        guard atom != 0 else { return nil }
        var actualType: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, atom, 0, min(max(limit, 1), 4096), 0, type, &actualType, &format,
                                        &count, &after, &data)
        guard status == Success else { return nil }
        defer { if let data { XFree(data) } }
        guard actualType != 0, format == 32, let data else { return nil }
        let values = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        return (0..<Int(count)).map { values[$0] }
    }

    /// Whether `window` has property `name` set, of any type and format.
    ///
    /// - Parameters:
    ///   - display: an open connection (one round trip; none when the atom does not exist yet).
    ///   - window: the window.
    ///   - name: the property's name, like `WM_STATE`.
    public static func exists(_ display: OpaquePointer, _ window: Window, _ name: String) -> Bool {
        let atom = XInternAtom(display, name, 1)
        guard atom != 0 else { return false }
        var actualType: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, atom, 0, 1, 0, Atom(AnyPropertyType), &actualType, &format, &count,
                                        &after, &data)
        if let data { XFree(data) }
        return status == Success && actualType != 0
    }

    /// The atoms of property `name` on `window` by name (`_NET_WM_WINDOW_TYPE`, `_NET_SUPPORTED`),
    /// empty when unset.
    ///
    /// - Parameters:
    ///   - display: an open connection (one round trip, plus one per atom to name it).
    ///   - window: the window.
    ///   - name: the property's name.
    public static func atomNames(_ display: OpaquePointer, _ window: Window, _ name: String) -> [String] {
        (items(display, window, name, type: XA_ATOM) ?? []).compactMap { atom in
            guard let text = XGetAtomName(display, Atom(atom)) else { return nil }
            defer { XFree(text) }
            return String(cString: text)
        }
    }
}
