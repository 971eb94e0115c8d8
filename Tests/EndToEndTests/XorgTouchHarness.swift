import CX11
import Foundation
import XCTest

/// A private Xorg with the dummy video driver and the inputtest input driver: real XI2 touch
/// events without hardware (see the project notes on X11). One per test: the driver serves one
/// client per device for the server's life, so each test gets a fresh server, killed at the end.
final class XorgTouchServer {
    let process = Process()
    let displayName: String
    let display: OpaquePointer
    let directory: URL
    let width = 1280, height = 800

    init() throws {
        guard let xorg = Paths.tool("Xorg") else {
            throw HarnessError("Xorg is not installed: run `make test` (it installs xserver-xorg-core and xserver-xorg-video-dummy)")
        }
        guard getuid() == 0 else { throw HarnessError("the touch tests start Xorg, which needs root") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-xorg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = """
            Section "ServerFlags"
                Option "AutoAddDevices" "false"
                Option "AutoEnableDevices" "false"
            EndSection
            Section "Device"
                Identifier "dummy"
                Driver "dummy"
                VideoRam 256000
            EndSection
            Section "Monitor"
                Identifier "monitor"
                HorizSync 5.0-1000.0
                VertRefresh 5.0-200.0
                Modeline "\(width)x\(height)" 83.50 \(width) 1352 1480 1680 \(height) 803 809 831
            EndSection
            Section "Screen"
                Identifier "screen"
                Device "dummy"
                Monitor "monitor"
                DefaultDepth 24
                SubSection "Display"
                    Depth 24
                    Modes "\(width)x\(height)"
                    Virtual \(width) \(height)
                EndSubSection
            EndSection
            Section "InputDevice"
                Identifier "touch"
                Driver "inputtest"
                Option "DeviceType" "Touch"
                Option "TouchCount" "5"
                Option "SocketPath" "\(directory.path)/touch.sock"
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
                InputDevice "keyboard" "CoreKeyboard"
            EndSection
            """
        try config.write(to: directory.appendingPathComponent("xorg.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: xorg)
        process.arguments = ["-displayfd", "1", "-config", directory.appendingPathComponent("xorg.conf").path,
                             "-logfile", directory.appendingPathComponent("xorg.log").path,
                             "-noreset", "-nolisten", "tcp", "-novtswitch", "-sharevts", "-keeptty"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while !text.contains("\n"), Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
              let display = XOpenDisplay(":\(number)") else {
            process.terminate()
            throw HarnessError("Xorg did not start (log: \(directory.path)/xorg.log)")
        }
        displayName = ":\(number)"
        self.display = display
    }

    deinit {
        XCloseDisplay(display)
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The inputtest touch device's socket.
    var touchSocket: String { directory.appendingPathComponent("touch.sock").path }
}

/// Writes the inputtest driver's binary protocol (xf86-input-inputtest-protocol.h, version 1.1):
/// touch events with absolute valuators 0...65535 across the screen.
final class TouchInjector {
    private let fd: Int32
    private let screenWidth: Double, screenHeight: Double

    // Event types and sizes from the protocol header (sizes checked against the C structs:
    // client version 12 bytes, wait-for-sync 8, touch 1056).
    private static let clientVersion: Int32 = 0, waitForSync: Int32 = 1, touch: Int32 = 6
    private static let touchBegin: UInt32 = 18, touchUpdate: UInt32 = 19, touchEnd: UInt32 = 20 // XI_TouchBegin...

    init(socketPath: String, screenWidth: Int, screenHeight: Int) throws {
        self.screenWidth = Double(screenWidth)
        self.screenHeight = Double(screenHeight)
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw HarnessError("cannot connect to \(socketPath)") }
        var hello = header(length: 12, type: Self.clientVersion)
        hello += le(UInt16(1)) + le(UInt16(1))
        try send(hello)
        _ = try receive(12)
    }

    deinit { close(fd) }

    private func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    private func header(length: UInt32, type: Int32) -> [UInt8] { le(length) + le(type) }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw HarnessError("writing to the inputtest socket failed") }
            offset += n
        }
    }

    private func receive(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let n = bytes[offset...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw HarnessError("reading from the inputtest socket failed") }
            offset += n
        }
        return bytes
    }

    /// Sends a touch event at screen position (x, y) px and waits until Xorg has processed it.
    private func touch(_ id: UInt32, _ type: UInt32, x: Double, y: Double) throws {
        var body = le(id) + le(type)
        // xf86ITValuatorData: has_unaccelerated, mask[8], 4 bytes of padding, 64 valuators, 64 unaccelerated.
        body += le(UInt32(0)) + [0b11, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0]
        var valuators = [Double](repeating: 0, count: 128)
        valuators[0] = x * 65535 / screenWidth
        valuators[1] = y * 65535 / screenHeight
        for v in valuators { body += le(v.bitPattern) }
        try send(header(length: UInt32(8 + body.count), type: Self.touch) + body)
        try send(header(length: 8, type: Self.waitForSync))
        _ = try receive(8)
    }

    func begin(_ id: UInt32, x: Double, y: Double) throws { try touch(id, Self.touchBegin, x: x, y: y) }
    func move(_ id: UInt32, x: Double, y: Double) throws { try touch(id, Self.touchUpdate, x: x, y: y) }
    func end(_ id: UInt32, x: Double, y: Double) throws { try touch(id, Self.touchEnd, x: x, y: y) }
}
