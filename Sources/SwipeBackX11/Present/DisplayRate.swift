// SPDX-License-Identifier: Apache-2.0
import CX11

/// The display's refresh rate, which paces the frame clock.
public enum DisplayRate {
    /// The rate used when the server does not tell one (SPEC section 1's frame clock), in Hz.
    public static let fallbackHertz = 60.0
    /// Rates outside this range are taken as a misreport and replaced by `fallbackHertz`, in Hz.
    public static let plausibleHertz = 20.0...500.0

    /// The refresh rate of a display mode, as `xrandr` computes it.
    ///
    /// - Parameters:
    ///   - dotClock: the pixel clock in Hz (`XRRModeInfo.dotClock`).
    ///   - hTotal: pixels per line including blanking.
    ///   - vTotal: lines per frame including blanking.
    ///   - doubleScan: each line is scanned twice (`RR_DoubleScan`).
    ///   - interlace: each frame is two fields (`RR_Interlace`).
    /// - Returns: the rate in Hz, or nil when the mode's numbers are zero or the rate is implausible.
    public static func hertz(dotClock: UInt64, hTotal: UInt32, vTotal: UInt32, doubleScan: Bool, interlace: Bool) -> Double? {
        var lines = Double(vTotal)
        if doubleScan { lines *= 2 }
        if interlace { lines /= 2 }
        guard dotClock > 0, hTotal > 0, lines > 0 else { return nil }
        let rate = Double(dotClock) / (Double(hTotal) * lines)
        return plausibleHertz.contains(rate) ? rate : nil
    }

    /// The refresh rate of the monitor showing most of `window`'s centre, read with RandR 1.3.
    ///
    /// - Parameters:
    ///   - display: an open display.
    ///   - window: a mapped or unmapped window on it.
    /// - Returns: Hz, or nil when the server has no RandR 1.3, no active monitor, or a mode
    ///   without timings (Xvfb's): the caller then uses `fallbackHertz`.
    public static func read(display: OpaquePointer, window: Window) -> Double? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0, XRRQueryVersion(display, &major, &minor) != 0,
              major > 1 || (major == 1 && minor >= 3) else { return nil }
        let root = XDefaultRootWindow(display)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        XTranslateCoordinates(display, window, root, attributes.width / 2, attributes.height / 2, &x, &y, &child)
        guard let resources = XRRGetScreenResourcesCurrent(display, window) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        var chosen: RRMode = 0
        for i in 0..<Int(resources.pointee.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(display, resources, resources.pointee.crtcs[i]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            let info = crtc.pointee
            guard info.mode != 0 else { continue }
            let contains = x >= info.x && y >= info.y && x < info.x + Int32(info.width) && y < info.y + Int32(info.height)
            if chosen == 0 || contains { chosen = info.mode }
            if contains { break }
        }
        for i in 0..<Int(resources.pointee.nmode) where resources.pointee.modes[i].id == chosen {
            let mode = resources.pointee.modes[i]
            return hertz(dotClock: UInt64(mode.dotClock), hTotal: mode.hTotal, vTotal: mode.vTotal,
                         doubleScan: mode.modeFlags & UInt(RR_DoubleScan) != 0, interlace: mode.modeFlags & UInt(RR_Interlace) != 0)
        }
        return nil
    }
}
