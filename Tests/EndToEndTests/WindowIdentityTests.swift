// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import SwipeBackRender
import XCTest
import SwipeBackFormats

/// What a taskbar or dock reads off the demo's window: `WM_CLASS` as the desktop file names it,
/// and `_NET_WM_ICON` holding the project's icon at every size.
final class WindowIdentityTests: XCTestCase {
    func testTheWindowsClassMatchesTheDesktopFileAndItsIconIsTheProjectsIcon() throws {
        let server = try XvfbServer()
        let demo = try DemoProcess(display: server.displayName, arguments: ["--open", "home,message", "--window", "640x480"])
        try demo.waitFor("the first frame") { $0.contains { $0.string("type") == "frame" } }
        let window = try XCTUnwrap(server.windows(titled: "SwipeBack").first)

        // WM_CLASS: instance "swipeback", class = the desktop file's StartupWMClass.
        let hint = XAllocClassHint()!
        defer { XFree(hint) }
        XCTAssertNotEqual(XGetClassHint(server.display, window, hint), 0, "the window has WM_CLASS")
        let instance = hint.pointee.res_name.map { String(cString: $0) }
        let className = hint.pointee.res_class.map { String(cString: $0) }
        if let name = hint.pointee.res_name { XFree(name) }
        if let name = hint.pointee.res_class { XFree(name) }
        let desktop = try String(contentsOf: Paths.repository.appendingPathComponent("packaging/swipeback.desktop.in"), encoding: .utf8)
        let startupClass = desktop.components(separatedBy: "\n").first { $0.hasPrefix("StartupWMClass=") }.map { String($0.dropFirst(15)) }
        XCTAssertEqual(instance, "swipeback")
        XCTAssertEqual(className, "SwipeBack")
        XCTAssertEqual(className, startupClass)
        XCTAssertTrue(desktop.contains("\nIcon=swipeback\n"), "the desktop file names the installed icon")

        // _NET_WM_ICON: width, height, then the pixels (C longs), for 48, 128 and 256 px.
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(server.display, window, XInternAtom(server.display, "_NET_WM_ICON", 0), 0, 1 << 20, 0, XA_CARDINAL,
                           &type, &format, &count, &after, &data)
        let longs = data.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt.self), count: Int(count))) } ?? []
        if let data { XFree(data) }
        XCTAssertEqual(format, 32)
        var offset = 0
        var sizes: [Int] = []
        while offset + 2 <= longs.count {
            let width = Int(longs[offset]), height = Int(longs[offset + 1])
            offset += 2
            XCTAssertLessThanOrEqual(offset + width * height, longs.count)
            let png = try ImageSurface(png: Paths.repository.appendingPathComponent("Assets/icons/swipeback-\(width).png").path)
            XCTAssertEqual(png.width, width)
            XCTAssertEqual(png.height, height)
            // Premultiplied again, each pixel is cairo's reading of the PNG (to rounding).
            var worst: UInt32 = 0
            for y in 0..<height {
                for x in 0..<width {
                    let argb = UInt32(truncatingIfNeeded: longs[offset + y * width + x])
                    let expected = png.pixel(x: x, y: y)
                    let a = argb >> 24
                    XCTAssertEqual(a, expected >> 24)
                    for shift: UInt32 in [16, 8, 0] {
                        let premultiplied = (((argb >> shift) & 0xFF) * a + 127) / 255
                        let diff = abs(Int(premultiplied) - Int((expected >> shift) & 0xFF))
                        worst = max(worst, UInt32(diff))
                    }
                }
            }
            XCTAssertLessThanOrEqual(worst, 1, "icon \(width) px: pixels as the PNG")
            offset += width * height
            sizes.append(width)
        }
        XCTAssertEqual(sizes, [48, 128, 256])
        XCTAssertEqual(offset, longs.count)
    }
}
