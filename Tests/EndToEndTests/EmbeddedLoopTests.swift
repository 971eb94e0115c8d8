// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation
import Glibc
import SwipeBackCore
import SwipeBackPosix
import SwipeBackRender
import SwipeBackX11
import SwipeBackXTesting
import XCTest

/// An app with a loop of its own drives the window: it polls the window's descriptor beside its
/// own and calls `step()` as each step asks (issue 40: "an app embedding Navigator can run it from
/// its own loop").
final class EmbeddedLoopTests: XCTestCase {
    func testAnAppsOwnPollLoopDrivesTheWindowThroughItsDescriptorAndStep() throws {
        let server = try XvfbServer(width: 800, height: 600)
        let window = try X11Window(title: "embedded", width: 800, height: 600, displayName: server.displayName)
        var log: [TimedEvent] = []
        let model = AppModel(configuration: Configuration(), windowWidth: 800, windowHeight: 600, direction: .leftToRight,
                             document: PagesDocument(pages: [:], stacks: [StackDescription(id: "main", frame: nil, pages: ["A", "B"])]),
                             measurer: try TextMeasurer()) { log.append($0) }
        let app = WindowApp(window: window, model: model, renderer: SceneRenderer(compositor: TransitionCompositor(measurer: try TextMeasurer())))
        var frames = 0
        app.hooks.onFrame = { _ in frames += 1 }
        // The app's own descriptor: another thread plays a fast drag from the left edge through
        // XTest, then writes to it.
        let own = try WakePipe()
        let descriptor = try app.eventDescriptor()
        XCTAssertEqual(try app.eventDescriptor(), descriptor, "one loop, made once")
        let played = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let player = server // its own connection, used by that thread alone
        DispatchQueue.global().async {
            player.play(PointerStep.drag(from: (3, 300), to: (600, 300), steps: 12, every: 8))
            own.wake()
            played.signal()
        }
        var ownWakes = 0
        var seen: [WindowApp.Step] = []
        let deadline = MonotonicClock.milliseconds() + 10_000
        while MonotonicClock.milliseconds() < deadline {
            let step = try app.step()
            if seen.last != step, seen.count < 64 { seen.append(step) }
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: own.readEnd, events: Int16(POLLIN), revents: 0)]
            switch step {
            case .closed: return XCTFail("closed without a close request")
            case .again: fds[0].fd = -1; _ = poll(&fds, 2, 0)
            case .waitForInput(let timeout): _ = poll(&fds, 2, timeout.map { Int32(min($0, 100)) } ?? 100)
            case .pause(let milliseconds):
                // A frame in flight: the window's input waits for its batch; the app's own does not.
                fds[0].fd = -1
                _ = poll(&fds, 2, Int32(milliseconds.rounded(.up)))
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                own.drain()
                ownWakes += 1
            }
            if ownWakes > 0, model.stack(id: "main")?.pages.map(\.pageID) == ["A"], !model.needsFrames { break }
        }
        played.wait()
        XCTAssertEqual(ownWakes, 1, "the app's own descriptor was served in the same loop")
        XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A"], "the drag popped B: \(seen)")
        let ended = log.compactMap { record -> GestureReadout? in
            if case .gesture(_, _, let step) = record.event, step.phase == .ended { step } else { nil }
        }
        XCTAssertEqual(ended.map(\.decision), [.commit])
        XCTAssertGreaterThan(frames, 5, "the swipe and its settle were drawn")
        XCTAssertTrue(seen.contains { if case .waitForInput = $0 { true } else { false } }, "it waited for input between frames: \(seen)")
        // The window now shows A alone: its right half is A's page, not B's shadow or a dim.
        let step = try app.step()
        XCTAssertNotEqual(step, .closed)
        XCTAssertTrue(log.contains { if case .lifecycle(_, "B", .didDisappear) = $0.event { true } else { false } })
    }
}
