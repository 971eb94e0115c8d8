// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import SwipeBackCore
import SwipeBackTestSupport
import SwipeBackX11
import SwipeBackXTesting
import XCTest

/// X errors are kept per display and only for the requests a check brackets: an error left by an
/// earlier request nobody checked (an `XPresentPixmap` of a pixmap the server freed) is not read
/// as "the device is gone" when a release asks whether its device is cut off.
final class ErrorTrapTests: XCTestCase {
    /// The id of the XTest pointer's slave device on `display`.
    private func xtestPointer(_ display: OpaquePointer) throws -> Int32 {
        var count: Int32 = 0
        let devices = try XCTUnwrap(XIQueryDevice(display, XIAllDevices, &count))
        defer { XIFreeDeviceInfo(devices) }
        for index in 0..<Int(count) where devices[index].use == XISlavePointer
            && String(cString: devices[index].name).contains("XTEST") {
            return devices[index].deviceid
        }
        throw HarnessError("no XTest pointer")
    }

    private func event(_ type: Int32, x: Double, time: UInt, source: Int32) -> XIDeviceEvent {
        var event = XIDeviceEvent()
        event.type = GenericEvent
        event.evtype = type
        event.detail = 1
        event.event_x = x
        event.event_y = 300
        event.time = time
        event.deviceid = 2
        event.sourceid = source
        return event
    }

    func testAPendingErrorBeforeAReleaseLeavesTheSwipeToCommit() throws {
        let server = try XvfbServer()
        let window = try X11Window(title: "trap", width: 800, height: 600, displayName: server.displayName)
        let device = try xtestPointer(window.display)
        XCTAssertFalse(window.devices.isCutOff(device: device), "the XTest pointer delivers to the master pointer")

        // A flick from the left edge, as the window would read it, device by device.
        var translator = XI2Translator()
        var inputs: [(Double, InputEvent)] = []
        func translate(_ xi: XIDeviceEvent) {
            for input in translator.translate(xi, isCutOff: { window.devices.isCutOff(device: $0) }) {
                inputs.append((Double(xi.time) - 1000, input.event))
            }
        }
        translate(event(XI_ButtonPress, x: 4, time: 1000, source: device))
        for step in 1...8 { translate(event(XI_Motion, x: 4 + 50 * Double(step), time: 1000 + UInt(step) * 16, source: device)) }
        // An unchecked request that fails: its BadPixmap is on its way back when the release comes.
        XFreePixmap(window.display, 0x1F_FFFF)
        XFlush(window.display)
        translate(event(XI_ButtonRelease, x: 404, time: 1144, source: device))

        let phases = inputs.compactMap { if case .pointer(let p) = $0.1 { return p.phase } else { return nil } }
        XCTAssertEqual(phases.last, .up, "the release is a release, not a system cancel")
        XCTAssertEqual(phases.count, 10)

        var script = GestureScript()
        for (t, event) in inputs { script.add(event, at: t) }
        let run = TestModels.run(TestModels.scenario(TestModels.document(pages: ["A", "B"], stack: ["A", "B"]), script))
        XCTAssertEqual(TestModels.pages(of: run.model), ["A"], "the swipe committed: \(run.log.suffix(3))")
    }

    func testXvfbIsIdentifiedAsAServerWithNoDisplay() throws {
        let server = try XvfbServer()
        let window = try X11Window(title: "identity", width: 320, height: 240, displayName: server.displayName)
        XCTAssertTrue(window.hasNoDisplay(), "Xvfb's one output, screen, 0 mm by 0 mm")
    }
}
