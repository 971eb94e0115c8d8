// SPDX-License-Identifier: Apache-2.0
import CX11
import Glibc

/// One monitor of the screen as RandR 1.5 reports it (`XRRGetMonitors`): a connected output, or a
/// monitor made of several (`xrandr --setmonitor`).
public struct Monitor: Equatable, Sendable {
    /// The monitor's name (an output's name for an automatic monitor, like `HDMI-1`).
    public var name: String
    /// The names of its outputs.
    public var outputs: [String]
    /// Its place on the screen in px.
    public var x: Int, y: Int, width: Int, height: Int
    /// Whether it is the primary monitor (`xrandr --primary`).
    public var isPrimary: Bool

    /// Whether `name` names this monitor or one of its outputs.
    public func answers(to name: String) -> Bool { self.name == name || outputs.contains(name) }
}

extension X11Window {
    /// The screen's active monitors, in RandR's order; empty when the server has no RandR 1.5.
    public func monitors() -> [Monitor] {
        var major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryVersion(display, &major, &minor) != 0, major > 1 || minor >= 5 else { return [] }
        let root = XDefaultRootWindow(display)
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, root, 1, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        let resources = XRRGetScreenResourcesCurrent(display, root)
        defer { if let resources { XRRFreeScreenResources(resources) } }
        func atomName(_ atom: Atom) -> String {
            guard atom != 0, let text = XGetAtomName(display, atom) else { return "" }
            defer { XFree(text) }
            return String(cString: text)
        }
        return (0..<Int(count)).map { index in
            let info = list[index]
            let outputs: [String] = (0..<Int(info.noutput)).compactMap { n in
                guard let resources, let output = XRRGetOutputInfo(display, resources, info.outputs[n]) else { return nil }
                defer { XRRFreeOutputInfo(output) }
                return String(cString: output.pointee.name)
            }
            return Monitor(name: atomName(info.name), outputs: outputs, x: Int(info.x), y: Int(info.y),
                           width: Int(info.width), height: Int(info.height), isPrimary: info.primary != 0)
        }
    }

    /// The rectangle a kiosk covers, in px: the monitor `output` names (`kioskOutput`), else the
    /// primary monitor, else the whole screen; `found` is false when `output` names none that is
    /// connected now.
    public func coverRectangle(output: String?) -> (x: Int, y: Int, width: Int, height: Int, found: Bool) {
        let monitors = monitors()
        if let output, let monitor = monitors.first(where: { $0.answers(to: output) }) {
            return (monitor.x, monitor.y, monitor.width, monitor.height, true)
        }
        let (w, h) = screenSize
        if let primary = monitors.first(where: \.isPrimary), monitors.count > 1 {
            return (primary.x, primary.y, primary.width, primary.height, output == nil)
        }
        return (0, 0, w, h, output == nil)
    }
}
