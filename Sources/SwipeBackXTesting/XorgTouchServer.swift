// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation

/// A private Xorg with the dummy video driver and the inputtest input driver: real XI2 touch
/// events without hardware (see the project notes on X11). One per test: the driver serves one
/// client per device for the server's life, so each test gets a fresh server, killed at the end.
public final class XorgTouchServer {
    /// The server or program process.
    public let process = Process()
    /// The display name, like `:12`.
    public let displayName: String
    /// This process's own connection to the server (for XTest, screenshots and window control).
    public let display: OpaquePointer
    /// The folder holding the config, the log and the sockets.
    public let directory: URL
    /// The screen's size in px.
    public let width: Int, height: Int

    /// The Device, Monitor and Screen sections of an Xorg configuration for a `width` x `height`
    /// dummy screen (xserver-xorg-video-dummy) refreshing at `refreshHertz`, with a second,
    /// smaller mode ("smaller", four fifths of the size) for tests that change the screen size.
    ///
    /// - Parameters:
    ///   - width, height: the screen, px.
    ///   - refreshHertz: its rate, Hz.
    ///   - virtualWidth: the widest it may grow, px (nil: `width`).
    public static func dummyScreen(width: Int, height: Int, refreshHertz: Double = 60, virtualWidth: Int? = nil) -> String {
        // Blanking like a CVT reduced-blanking mode; the pixel clock makes the rate.
        let hTotal = width + 160, vTotal = height + 31
        let clock = refreshHertz * Double(hTotal * vTotal) / 1e6
        let modeline = String(format: "%.3f %d %d %d %d %d %d %d %d", clock, width, width + 48, width + 80, hTotal,
                              height, height + 3, height + 9, vTotal)
        // A second, smaller mode (four fifths of the size), for tests that change the screen size.
        let smallWidth = width * 4 / 5 / 8 * 8, smallHeight = height * 4 / 5
        let smallHTotal = smallWidth + 160, smallVTotal = smallHeight + 31
        let smallerModeline = String(format: "%.3f %d %d %d %d %d %d %d %d", 60 * Double(smallHTotal * smallVTotal) / 1e6,
                                     smallWidth, smallWidth + 48, smallWidth + 80, smallHTotal,
                                     smallHeight, smallHeight + 3, smallHeight + 9, smallVTotal)
        return """
            Section "Device"
                Identifier "dummy"
                Driver "dummy"
                VideoRam 256000
            EndSection
            Section "Monitor"
                Identifier "monitor"
                HorizSync 5.0-1000.0
                VertRefresh 5.0-200.0
                Option "ReducedBlanking"
                Modeline "swipeback" \(modeline)
                Modeline "smaller" \(smallerModeline)
            EndSection
            Section "Screen"
                Identifier "screen"
                Device "dummy"
                Monitor "monitor"
                DefaultDepth 24
                SubSection "Display"
                    Depth 24
                    Modes "swipeback" "smaller"
                    Virtual \(virtualWidth ?? width) \(height)
                EndSubSection
            EndSection
            """
    }

    /// Starts Xorg (as root) with a `width` x `height` dummy screen refreshing at `refreshHertz`, a
    /// 5-touch inputtest touchscreen as the core pointer, an inputtest touchpad with gestures and an
    /// inputtest keyboard, on a free display.
    ///
    /// - Parameter virtualWidth: the widest the screen may grow in px (default `width`): twice
    ///   `width` leaves room for a second output (`enableSecondOutput()`).
    /// - Throws: `XTestingError` when Xorg is missing, not root, or the server does not come up.
    public init(width: Int = 1280, height: Int = 800, refreshHertz: Double = 60, virtualWidth: Int? = nil) throws {
        self.width = width
        self.height = height
        guard let xorg = findTool("Xorg") else {
            throw XTestingError("Xorg is not installed: run `make test` (it installs xserver-xorg-core and xserver-xorg-video-dummy)")
        }
        guard getuid() == 0 else { throw XTestingError("the touch tests start Xorg, which needs root") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-xorg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = """
            Section "ServerFlags"
                Option "AutoAddDevices" "false"
                Option "AutoEnableDevices" "false"
            EndSection
            \(Self.dummyScreen(width: width, height: height, refreshHertz: refreshHertz, virtualWidth: virtualWidth))
            Section "InputDevice"
                Identifier "touch"
                Driver "inputtest"
                Option "DeviceType" "Touch"
                Option "TouchCount" "5"
                Option "SocketPath" "\(directory.path)/touch.sock"
            EndSection
            Section "InputDevice"
                Identifier "touchpad"
                Driver "inputtest"
                Option "DeviceType" "PointerGesture"
                Option "SocketPath" "\(directory.path)/touchpad.sock"
            EndSection
            Section "InputDevice"
                Identifier "keyboard"
                Driver "inputtest"
                Option "DeviceType" "Keyboard"
                Option "SocketPath" "\(directory.path)/keyboard.sock"
            EndSection
            Section "ServerLayout"
                Identifier "layout"
                Screen "screen"
                InputDevice "touch" "CorePointer"
                InputDevice "touchpad" "SendCoreEvents"
                InputDevice "keyboard" "CoreKeyboard"
            EndSection
            """
        try config.write(to: directory.appendingPathComponent("xorg.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: xorg)
        process.arguments = ["-displayfd", "1", "-config", directory.appendingPathComponent("xorg.conf").path,
                             "-logfile", directory.appendingPathComponent("xorg.log").path,
                             "-noreset", "-nolisten", "tcp", "-novtswitch", "-sharevts", "-keeptty"]
        guard let number = try startReportingDisplay(process, timeout: 15), let display = XOpenDisplay(":\(number)") else {
            process.terminate()
            throw XTestingError("Xorg did not start (log: \(directory.path)/xorg.log)")
        }
        displayName = ":\(number)"
        self.display = display
    }

    deinit {
        if process.isRunning { XCloseDisplay(display) } // after a kill, Xlib would call the fatal IO handler
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Turns the dummy driver's second output (`DUMMY1`) on at the first one's size, right of it
    /// (`xrandr --addmode` and `--output`): two RandR outputs and monitors, DUMMY0 the primary.
    ///
    /// - Throws: `XTestingError` when xrandr is missing or fails.
    public func enableSecondOutput() throws {
        let first = try runTool("xrandr", ["--output", "DUMMY0", "--primary"], display: displayName, package: "x11-xserver-utils")
        let add = try runTool("xrandr", ["--addmode", "DUMMY1", "swipeback"], display: displayName, package: "x11-xserver-utils")
        let on = try runTool("xrandr", ["--output", "DUMMY1", "--mode", "swipeback", "--right-of", "DUMMY0"], display: displayName,
                             package: "x11-xserver-utils")
        guard first.status == 0, add.status == 0, on.status == 0 else { throw XTestingError("xrandr could not turn DUMMY1 on") }
    }

    /// The mode the first CRTC really shows, as RandR reports it: its size in px and refresh rate
    /// in Hz (pixel clock over the total pixels of a frame), or nil when there is none.
    public func currentMode() -> (width: Int, height: Int, hertz: Double)? {
        let root = XDefaultRootWindow(display)
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        guard resources.pointee.ncrtc > 0, let crtc = XRRGetCrtcInfo(display, resources, resources.pointee.crtcs[0]) else { return nil }
        defer { XRRFreeCrtcInfo(crtc) }
        for i in 0..<Int(resources.pointee.nmode) where resources.pointee.modes[i].id == crtc.pointee.mode {
            let mode = resources.pointee.modes[i]
            guard mode.hTotal > 0, mode.vTotal > 0 else { return nil }
            return (Int(mode.width), Int(mode.height), Double(mode.dotClock) / (Double(mode.hTotal) * Double(mode.vTotal)))
        }
        return nil
    }

    /// The screen's pixel at (x, y) as [red, green, blue] (a screenshot of one pixel).
    public func pixelsAt(x: Int, y: Int) -> [Int] {
        screenPixels(display, x: x, y: y, width: 1, height: 1).first ?? []
    }

    /// Switches the screen to its smaller mode (four fifths of the size) with RandR, as a display
    /// change would; returns the new size.
    ///
    /// - Throws: `XTestingError` when the server refuses.
    public func shrinkScreen() throws -> (width: Int, height: Int) {
        let root = XDefaultRootWindow(display)
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { throw XTestingError("no RandR resources") }
        defer { XRRFreeScreenResources(resources) }
        guard resources.pointee.ncrtc > 0, let crtc = XRRGetCrtcInfo(display, resources, resources.pointee.crtcs[0]) else {
            throw XTestingError("no CRTC")
        }
        defer { XRRFreeCrtcInfo(crtc) }
        var mode: (RRMode, Int, Int)?
        for i in 0..<Int(resources.pointee.nmode) where String(cString: resources.pointee.modes[i].name) == "smaller" {
            mode = (resources.pointee.modes[i].id, Int(resources.pointee.modes[i].width), Int(resources.pointee.modes[i].height))
        }
        guard let (id, w, h) = mode else { throw XTestingError("no smaller mode") }
        let status = XRRSetCrtcConfig(display, resources, resources.pointee.crtcs[0], Time(CurrentTime), 0, 0, id, crtc.pointee.rotation,
                                      crtc.pointee.outputs, crtc.pointee.noutput)
        guard status == 0 else { throw XTestingError("XRRSetCrtcConfig failed: \(status)") }
        let screen = XDefaultScreen(display)
        XRRSetScreenSize(display, root, Int32(w), Int32(h), XDisplayWidthMM(display, screen), XDisplayHeightMM(display, screen))
        XSync(display, 0)
        return (w, h)
    }

    /// The inputtest touchpad's socket: a relative pointer with scroll valuators 2 (horizontal) and
    /// 3 (vertical), 15 per wheel step, and XI 2.4 gestures.
    public var touchpadSocket: String { directory.appendingPathComponent("touchpad.sock").path }

    /// The inputtest touch device's socket.
    public var touchSocket: String { directory.appendingPathComponent("touch.sock").path }

    /// The XI2 id of the inputtest touchscreen and of the master pointer it is attached to.
    public func touchDevice() throws -> (id: Int32, master: Int32) {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { throw XTestingError("XIQueryDevice failed") }
        defer { XIFreeDeviceInfo(devices) }
        for i in 0..<Int(count) where String(cString: devices[i].name) == "touch" {
            return (devices[i].deviceid, devices[i].attachment)
        }
        throw XTestingError("no device named touch")
    }

    /// Floats the touchscreen off its master pointer, or attaches it to `master` again.
    public func setTouchAttached(to master: Int32?) throws {
        let device = try touchDevice()
        var change = XIAnyHierarchyChangeInfo()
        if let master {
            change.attach = XIAttachSlaveInfo(type: XIAttachSlave, deviceid: device.id, new_master: master)
        } else {
            change.detach = XIDetachSlaveInfo(type: XIDetachSlave, deviceid: device.id)
        }
        XIChangeHierarchy(display, &change, 1)
        XSync(display, 0)
    }

    /// Disables or enables the touchscreen (its "Device Enabled" property, as `xinput disable`).
    /// Disabling drops the inputtest client; after enabling, a new `TouchInjector` can connect.
    public func setTouchEnabled(_ enabled: Bool) throws {
        let device = try touchDevice()
        var value: [UInt8] = [enabled ? 1 : 0]
        XIChangeProperty(display, device.id, XInternAtom(display, "Device Enabled", 0), XA_INTEGER, 8, PropModeReplace, &value, 1)
        XSync(display, 0)
    }
}
