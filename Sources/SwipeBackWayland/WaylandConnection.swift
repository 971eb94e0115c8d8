// SPDX-License-Identifier: Apache-2.0
import CWaylandProtocols
import Glibc

/// A Wayland error, one line.
public struct WaylandError: Error, CustomStringConvertible {
    /// One line: what failed and why.
    public let description: String

    /// Creates the error.
    public init(_ description: String) { self.description = description }
}

/// The session side's connection to the compositor: the globals it uses (`wl_compositor`,
/// `wl_shm`, `zwlr_layer_shell_v1` for the arrow, `zwlr_foreign_toplevel_manager_v1` for the app)
/// and the toplevels that manager reports, to name the activated one. Driven from the caller's
/// loop: poll `descriptor`, call `dispatch()` when it is readable and `flush()` before waiting.
public final class WaylandConnection {
    /// The `wl_display`.
    let display: OpaquePointer
    private var registry: OpaquePointer?
    /// The globals bound (nil when the compositor does not offer them).
    private(set) var compositor: OpaquePointer?, shm: OpaquePointer?, layerShell: OpaquePointer?
    private var toplevelManager: OpaquePointer?
    /// Each toplevel's app_id and whether it is activated, as of its last `done`; and what came since.
    private var toplevels: [OpaquePointer: (applied: Toplevel, pending: Toplevel)] = [:]

    private struct Toplevel {
        var appID: String?
        var activated = false
    }

    /// Connects and reads the globals and the toplevels' first state (two round trips).
    ///
    /// - Parameter name: the display's name (nil: `WAYLAND_DISPLAY`, else `wayland-0`).
    /// - Throws: `WaylandError` when no compositor answers there.
    public init(name: String? = nil) throws {
        guard let display = wl_display_connect(name) else {
            let shown = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            throw WaylandError("cannot connect to the Wayland display \(shown): \(String(cString: strerror(errno)))")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            throw WaylandError("the Wayland display closed the connection while it was read")
        }
    }

    deinit {
        for handle in toplevels.keys { zwlr_foreign_toplevel_handle_v1_destroy(handle) }
        if let toplevelManager { zwlr_foreign_toplevel_manager_v1_stop(toplevelManager) }
        wl_display_flush(display)
        wl_display_disconnect(display)
    }

    /// The descriptor to poll for reading.
    public var descriptor: Int32 { wl_display_get_fd(display) }

    /// Whether the compositor offers a layer-shell overlay (wlroots compositors, KDE Plasma; not GNOME).
    public var hasLayerShell: Bool { layerShell != nil && compositor != nil && shm != nil }

    /// Whether the compositor tells which toplevel is activated (wlroots compositors).
    public var hasToplevels: Bool { toplevelManager != nil }

    /// The app_id of the activated toplevel (the app with the keyboard focus), nil when none or unknown.
    public var activatedAppID: String? {
        toplevels.values.first { $0.applied.activated }?.applied.appID
    }

    /// Reads what the compositor sent and handles it; call when `descriptor` is readable.
    ///
    /// - Throws: `WaylandError` when the connection is lost.
    public func dispatch() throws {
        guard wl_display_dispatch(display) >= 0 else { throw lost() }
    }

    /// Handles what was already read and sends what is queued; call before waiting on `descriptor`.
    ///
    /// - Throws: `WaylandError` when the connection is lost.
    public func flush() throws {
        guard wl_display_dispatch_pending(display) >= 0 else { throw lost() }
        // EAGAIN: the socket is full; the rest goes on the next flush.
        if wl_display_flush(display) < 0, errno != EAGAIN { throw lost() }
    }

    private func lost() -> WaylandError {
        let code = wl_display_get_error(display)
        return WaylandError("the Wayland display closed the connection: \(String(cString: strerror(code != 0 ? code : errno)))")
    }

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        func bind(_ wanted: UnsafePointer<wl_interface>, _ most: UInt32) -> OpaquePointer? {
            wl_registry_bind(registry, name, wanted, min(version, most)).map(OpaquePointer.init)
        }
        switch interface {
        case "wl_compositor" where compositor == nil: compositor = bind(swipeback_wl_compositor_interface(), 4)
        case "wl_shm" where shm == nil: shm = bind(swipeback_wl_shm_interface(), 1)
        case "zwlr_layer_shell_v1" where layerShell == nil: layerShell = bind(swipeback_layer_shell_interface(), 2)
        case "zwlr_foreign_toplevel_manager_v1" where toplevelManager == nil:
            toplevelManager = bind(swipeback_toplevel_manager_interface(), 3)
            if let toplevelManager {
                zwlr_foreign_toplevel_manager_v1_add_listener(toplevelManager, managerListener, Unmanaged.passUnretained(self).toOpaque())
            }
        default: break
        }
    }

    fileprivate func toplevelAdded(_ handle: OpaquePointer) {
        toplevels[handle] = (Toplevel(), Toplevel())
        zwlr_foreign_toplevel_handle_v1_add_listener(handle, handleListener, Unmanaged.passUnretained(self).toOpaque())
    }

    fileprivate func toplevel(_ handle: OpaquePointer, appID: String) { toplevels[handle]?.pending.appID = appID }

    fileprivate func toplevel(_ handle: OpaquePointer, states: [UInt32]) {
        toplevels[handle]?.pending.activated = states.contains(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED.rawValue)
    }

    fileprivate func toplevelDone(_ handle: OpaquePointer) {
        if let entry = toplevels[handle] { toplevels[handle] = (entry.pending, entry.pending) }
    }

    fileprivate func toplevelClosed(_ handle: OpaquePointer) {
        toplevels[handle] = nil
        zwlr_foreign_toplevel_handle_v1_destroy(handle)
    }

    fileprivate func managerFinished() {
        if let toplevelManager { zwlr_foreign_toplevel_manager_v1_destroy(toplevelManager) }
        toplevelManager = nil
    }
}

private func connection(_ data: UnsafeMutableRawPointer?) -> WaylandConnection {
    Unmanaged<WaylandConnection>.fromOpaque(data!).takeUnretainedValue()
}

/// A listener lives as long as the proxies it serves: these are made once and never freed.
private nonisolated(unsafe) let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_registry_listener(
        global: { data, _, name, interface, version in
            connection(data).global(name: name, interface: interface.map { String(cString: $0) } ?? "", version: version)
        },
        global_remove: { _, _, _ in }))
    return listener
}()

private nonisolated(unsafe) let managerListener: UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener> = {
    let listener = UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwlr_foreign_toplevel_manager_v1_listener(
        toplevel: { data, _, handle in if let handle { connection(data).toplevelAdded(handle) } },
        finished: { data, _ in connection(data).managerFinished() }))
    return listener
}()

private nonisolated(unsafe) let handleListener: UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener> = {
    let listener = UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwlr_foreign_toplevel_handle_v1_listener(
        title: { _, _, _ in },
        app_id: { data, handle, appID in
            if let handle, let appID { connection(data).toplevel(handle, appID: String(cString: appID)) }
        },
        output_enter: { _, _, _ in },
        output_leave: { _, _, _ in },
        state: { data, handle, array in
            guard let handle, let array else { return }
            let count = array.pointee.size / MemoryLayout<UInt32>.size
            let states = array.pointee.data.map { Array(UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt32.self), count: count)) } ?? []
            connection(data).toplevel(handle, states: states)
        },
        done: { data, handle in if let handle { connection(data).toplevelDone(handle) } },
        closed: { data, handle in if let handle { connection(data).toplevelClosed(handle) } },
        parent: { _, _, _ in }))
    return listener
}()
