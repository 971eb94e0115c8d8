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
    /// Its physical size in mm as RandR reports it (0 when unknown).
    public var widthMillimetres = 0, heightMillimetres = 0

    /// Whether `name` names this monitor or one of its outputs.
    public func answers(to name: String) -> Bool { self.name == name || outputs.contains(name) }
}

extension X11Window {
    /// The screen's active monitors, in RandR's order; empty when the server has no RandR 1.5.
    public func monitors() -> [Monitor] { Monitor.current(on: display) }
}

extension Monitor {
    /// The active monitors of `display`'s default screen, in RandR's order; empty when the server
    /// has no RandR 1.5.
    ///
    /// - Parameter display: an open connection.
    public static func current(on display: OpaquePointer) -> [Monitor] {
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
                           width: Int(info.width), height: Int(info.height), isPrimary: info.primary != 0,
                           widthMillimetres: Int(info.mwidth), heightMillimetres: Int(info.mheight))
        }
    }
}

extension X11Window {

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

    /// Whether no display shows this server's screen: Xvfb, or Xorg with the dummy video driver.
    /// Only there is the Present clock a fake one that frames may be sent ahead of
    /// (`FakePresentClock`); the window never decides that from timing alone.
    ///
    /// Read from RandR: the outputs that are connected, by name and physical size
    /// (`isDisplayless(outputs:)`). A server without RandR is not identified (false).
    public func hasNoDisplay() -> Bool {
        var event: Int32 = 0, error: Int32 = 0
        guard XRRQueryExtension(display, &event, &error) != 0,
              let resources = XRRGetScreenResourcesCurrent(display, XDefaultRootWindow(display)) else { return false }
        defer { XRRFreeScreenResources(resources) }
        var outputs: [(name: String, widthMillimetres: Int, heightMillimetres: Int)] = []
        for index in 0..<Int(resources.pointee.noutput) {
            guard let output = XRRGetOutputInfo(display, resources, resources.pointee.outputs[index]) else { continue }
            defer { XRRFreeOutputInfo(output) }
            guard output.pointee.connection == RR_Connected else { continue }
            outputs.append((String(cString: output.pointee.name), Int(output.pointee.mm_width), Int(output.pointee.mm_height)))
        }
        return Self.isDisplayless(outputs: outputs)
    }

    /// Whether connected outputs are those of a server no display shows: Xvfb's one output,
    /// `screen`, of 0 mm by 0 mm (xserver's `hw/vfb`), or the dummy video driver's `DUMMY0`,
    /// `DUMMY1`, ... (xf86-video-dummy names its outputs so). Xwayland's (`XWAYLAND0`) and a real
    /// driver's (`HDMI-1`, `eDP-1`) are displays.
    ///
    /// - Parameter outputs: the connected outputs: RandR name, physical width and height in mm.
    /// - Returns: false for no outputs, or when any one is not such an output.
    public static func isDisplayless(outputs: [(name: String, widthMillimetres: Int, heightMillimetres: Int)]) -> Bool {
        !outputs.isEmpty && outputs.allSatisfy { output in
            (output.name == "screen" && output.widthMillimetres == 0 && output.heightMillimetres == 0)
                || (output.name.hasPrefix("DUMMY") && output.name.dropFirst(5).allSatisfy(\.isNumber) && output.name.count > 5)
        }
    }
}
