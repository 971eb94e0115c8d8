// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore
import SwipeBackInput
import SwipeBackTestSupport
import XCTest

/// The gate between a touchscreen and its twin, fed device frames and judged by what a consumer of
/// the twin sees (`TwinObserver`). The device is 0...4095 on both axes at 12 and 21 units/mm (341 x
/// 195 mm): the 6 mm strip is 72 units, a slop (8 px at 96 dpi, 2.1 mm) 25 units across and 44 up.
final class TouchscreenGateTests: XCTestCase {
    private let axisX = TouchscreenGeometry.Axis(minimum: 0, maximum: 4095, resolution: 12)
    private let axisY = TouchscreenGeometry.Axis(minimum: 0, maximum: 4095, resolution: 21)

    private func gate(_ configuration: Configuration = Configuration()) -> TouchscreenGate {
        TouchscreenGate(geometry: TouchscreenGeometry(x: axisX, y: axisY), slots: 10,
                        settings: SystemSwipeSettings(configuration: configuration),
                        emulationKeys: [Evdev.BTN_TOUCH, Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP], emulationX: axisX, emulationY: axisY)
    }

    private func twinFrames(_ outputs: [TouchscreenGateOutput]) -> [[EvdevEvent]] {
        outputs.compactMap { if case .twin(let frame) = $0 { frame } else { nil } }
    }

    private func decisions(_ outputs: [TouchscreenGateOutput]) -> [String] {
        outputs.compactMap {
            switch $0 {
            case .twin: nil
            case .held(let slot, _): "held \(slot)"
            case .rejected(let slot, let point, let reason): "rejected \(slot) \(reason.rawValue)\(point == nil ? "" : " at")"
            case .accepted(let slot, _): "accepted \(slot)"
            case .moved(let slot, _, let wouldCommit): "moved \(slot) \(wouldCommit)"
            case .released(let slot, _, let release): "released \(slot) \(release.decision)"
            }
        }
    }

    private func abs(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(Evdev.EV_ABS, code, value) }
    private func key(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(Evdev.EV_KEY, code, value) }

    func testATouchOutsideTheStripsGoesToTheTwinInTheFrameThatBroughtIt() {
        var gate = gate()
        var out = gate.frame(DeviceFrame.down(0, id: 7, x: 2000, y: 1000), at: 0)
        XCTAssertEqual(decisions(out), ["rejected 0 outside"], "no position of a touch outside the strips")
        XCTAssertEqual(twinFrames(out), [[abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_TRACKING_ID, 7), abs(Evdev.ABS_MT_POSITION_X, 2000),
                                          abs(Evdev.ABS_MT_POSITION_Y, 1000), key(Evdev.BTN_TOUCH, 1), key(Evdev.BTN_TOOL_FINGER, 1),
                                          abs(Evdev.ABS_X, 2000), abs(Evdev.ABS_Y, 1000), .report]])
        out = gate.frame(DeviceFrame.move(0, x: 2010) + [EvdevEvent(Evdev.EV_MSC, Evdev.MSC_TIMESTAMP, 8000)], at: 8)
        XCTAssertEqual(twinFrames(out), [[abs(Evdev.ABS_MT_POSITION_X, 2010), abs(Evdev.ABS_X, 2010),
                                          EvdevEvent(Evdev.EV_MSC, Evdev.MSC_TIMESTAMP, 8000), .report]])
        out = gate.frame(DeviceFrame.up(0), at: 16)
        XCTAssertEqual(twinFrames(out), [[abs(Evdev.ABS_MT_TRACKING_ID, -1), key(Evdev.BTN_TOUCH, 0), key(Evdev.BTN_TOOL_FINGER, 0), .report]])
        XCTAssertFalse(gate.hasContacts)
    }

    func testAFastEdgeSwipeIsKeptFromTheTwinAndCommits() {
        var gate = gate()
        var out = gate.frame(DeviceFrame.down(0, id: 1, x: 10, y: 2000), at: 0)
        for step in 1...10 { out += gate.frame(DeviceFrame.move(0, x: Int32(10 + step * 60)), at: Double(step * 8)) }
        out += gate.frame(DeviceFrame.up(0), at: 88)
        XCTAssertEqual(decisions(out).first, "accepted 0")
        XCTAssertEqual(decisions(out).last, "released 0 commit")
        XCTAssertEqual(decisions(out).filter { $0.hasPrefix("moved") }.count, 9)
        XCTAssertTrue(twinFrames(out).isEmpty, "the twin sees nothing of a swipe: \(twinFrames(out))")
    }

    func testAVerticalDragInTheStripGoesToTheTwinFromItsFirstPoint() {
        var gate = gate(), twin = TwinObserver()
        var device: [[Int32]] = [[20, 2000]]
        var out = gate.frame(DeviceFrame.down(0, id: 3, x: 20, y: 2000), at: 0)
        XCTAssertTrue(twinFrames(out).isEmpty, "held")
        for step in 1...10 {
            let y = Int32(2000 + step * 10)
            device.append([20, y])
            let frame = gate.frame(DeviceFrame.move(0, y: y), at: Double(step * 8))
            if step < 7 { XCTAssertTrue(twinFrames(frame).isEmpty, "held at step \(step)") }
            out += frame
        }
        out += gate.frame(DeviceFrame.up(0), at: 100)
        XCTAssertEqual(decisions(out), ["rejected 0 vertical at"])
        twin.apply(out)
        XCTAssertEqual(twin.touches, [TwinObserver.Touch(trackingID: 3, points: device, ended: true)], "every point, in order")
        XCTAssertEqual(twin.touching, 0)
    }

    func testATapInTheStripReachesTheTwinWhole() {
        var gate = gate(), twin = TwinObserver()
        var out = gate.frame(DeviceFrame.down(0, id: 4, x: 4080, y: 300), at: 0)
        out += gate.frame(DeviceFrame.up(0), at: 60)
        // The right edge is forward, off by default: that touch is never held.
        XCTAssertEqual(decisions(out), ["rejected 0 forwardOff at"])
        out = gate.frame(DeviceFrame.down(1, id: 5, x: 30, y: 300), at: 100)
        XCTAssertTrue(twinFrames(out).isEmpty)
        out += gate.frame(DeviceFrame.up(1), at: 150)
        XCTAssertEqual(decisions(out), ["rejected 1 tap at"])
        twin.apply(out)
        XCTAssertEqual(twin.touches, [TwinObserver.Touch(trackingID: 5, points: [[30, 300]], ended: true)])
        XCTAssertEqual(twin.frames, 2, "its down, then its lift")
    }

    func testASecondFingerPassesAndGivesTheHeldTouchFirst() {
        var gate = gate(), twin = TwinObserver()
        _ = gate.frame(DeviceFrame.down(0, id: 1, x: 20, y: 2000), at: 0)
        let out = gate.frame(DeviceFrame.down(1, id: 2, x: 2000, y: 2000), at: 30)
        XCTAssertEqual(decisions(out), ["rejected 0 secondFinger at", "rejected 1 outside"])
        twin.apply(out)
        XCTAssertEqual(twin.touches.map(\.trackingID), [1, 2], "the held touch first, then the new finger, in the same read")
        XCTAssertEqual(twin.touches.map(\.points), [[[20, 2000]], [[2000, 2000]]])
    }

    func testAnUndecidedTouchGoesToTheTwinAtTheTimeout() {
        var gate = gate(), twin = TwinObserver()
        _ = gate.frame(DeviceFrame.down(0, id: 1, x: 20, y: 2000), at: 1000)
        XCTAssertEqual(gate.nextDeadline, 1200)
        XCTAssertTrue(gate.expire(at: 1199).isEmpty)
        let out = gate.expire(at: 1200)
        XCTAssertEqual(decisions(out), ["rejected 0 timeout at"])
        twin.apply(out)
        XCTAssertEqual(twin.touches.map(\.trackingID), [1])
        XCTAssertNil(gate.nextDeadline)
    }

    /// The kernel leaves out an axis whose value has not changed in its slot: after a swipe the
    /// twin never saw, the device's next contact in that slot may come without its y. The twin is
    /// given it anyway (its slot's y is not the device's).
    func testANewContactAfterASwipeGetsEveryAxisOnTheTwin() {
        var gate = gate(), twin = TwinObserver()
        _ = gate.frame(DeviceFrame.down(0, id: 1, x: 10, y: 2000), at: 0)
        for step in 1...5 { _ = gate.frame(DeviceFrame.move(0, x: Int32(10 + step * 60)), at: Double(step * 8)) }
        _ = gate.frame(DeviceFrame.up(0), at: 50)
        let out = gate.frame([abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_TRACKING_ID, 2), abs(Evdev.ABS_MT_POSITION_X, 2000)], at: 300)
        twin.apply(out)
        XCTAssertEqual(twin.touches, [TwinObserver.Touch(trackingID: 2, points: [[2000, 2000]], ended: false)])
    }

    /// The device's axes as they were when the gate started (a tap there before): a contact that
    /// comes down at the same place brings only its tracking id, and still passes at once, with
    /// its position on the twin. (Unseeded, it was taken for a touch at 0, 0 and held.)
    func testAContactAtTheLastPlaceBeforeTheStartPassesAtOnce() {
        var gate = gate(), twin = TwinObserver()
        // As the device layer reads them from libevdev: the tracking id comes too, and must not end the contact.
        gate.seed(slot: 0, axes: [Evdev.ABS_MT_POSITION_X: 2000, Evdev.ABS_MT_POSITION_Y: 1000, Evdev.ABS_MT_TRACKING_ID: -1])
        let out = gate.frame([abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_TRACKING_ID, 5)], at: 0)
        XCTAssertEqual(decisions(out), ["rejected 0 outside"])
        twin.apply(out)
        XCTAssertEqual(twin.touches, [TwinObserver.Touch(trackingID: 5, points: [[2000, 1000]], ended: false)])
        XCTAssertNil(gate.nextDeadline, "nothing held")
    }

    /// A fast swipe against a session side: held (asked), then kept only on the answer.
    private func fastSwipe(_ gate: inout TouchscreenGate, until step: Int, from time: Double = 0) -> [TouchscreenGateOutput] {
        var out = gate.frame(DeviceFrame.down(0, id: 1, x: 10, y: 2000), at: time)
        for index in stride(from: 1, through: step, by: 1) { out += gate.frame(DeviceFrame.move(0, x: Int32(10 + index * 60)), at: time + Double(index * 8)) }
        return out
    }

    func testAnExcludedAppGetsTheHeldTouchWholeFromItsFirstPoint() {
        var gate = gate(), twin = TwinObserver()
        gate.asksSession = true
        var out = gate.frame(DeviceFrame.down(0, id: 1, x: 10, y: 2000), at: 0)
        out += gate.frame(DeviceFrame.move(0, x: 30), at: 8)
        XCTAssertEqual(decisions(out), ["held 0"])
        XCTAssertEqual(gate.nextDeadline, 200)
        out += gate.answer(slot: 0, exclude: true, at: 10)
        XCTAssertEqual(decisions(out), ["held 0", "rejected 0 excluded at"])
        out += gate.frame(DeviceFrame.move(0, x: 400), at: 16)
        out += gate.frame(DeviceFrame.up(0), at: 24)
        twin.apply(out)
        XCTAssertEqual(twin.touches, [TwinObserver.Touch(trackingID: 1, points: [[10, 2000], [30, 2000], [400, 2000]], ended: true)])
        XCTAssertNil(gate.nextDeadline)
    }

    func testASwipeBeforeTheAnswerWaitsForItAndIsKeptOnIt() {
        var gate = gate()
        gate.asksSession = true
        var out = fastSwipe(&gate, until: 4)
        XCTAssertEqual(decisions(out), ["held 0"], "a swipe by the rules, but not kept before the answer")
        XCTAssertTrue(twinFrames(out).isEmpty)
        out = gate.answer(slot: 0, exclude: false, at: 40)
        XCTAssertEqual(decisions(out), ["accepted 0", "moved 0 true"], "kept at once, a fling already")
        XCTAssertEqual(gate.answer(slot: 0, exclude: true, at: 41).count, 0, "a second answer changes nothing")
        out = gate.frame(DeviceFrame.move(0, x: 1500), at: 48) + gate.frame(DeviceFrame.up(0), at: 56)
        XCTAssertEqual(decisions(out), ["moved 0 true", "released 0 commit"])
        XCTAssertTrue(twinFrames(out).isEmpty)
    }

    func testASwipeThatLiftsBeforeTheAnswerWaitsWithItsLift() {
        var gate = gate(), twin = TwinObserver()
        gate.asksSession = true
        var out = fastSwipe(&gate, until: 10) + gate.frame(DeviceFrame.up(0), at: 88)
        XCTAssertEqual(decisions(out), ["held 0"])
        XCTAssertEqual(gate.nextDeadline, 200, "it waits no longer than the timeout")
        out = gate.answer(slot: 0, exclude: true, at: 100)
        XCTAssertEqual(decisions(out), ["rejected 0 excluded at"])
        twin.apply(out)
        XCTAssertEqual(twin.touches.count, 1)
        XCTAssertEqual(twin.touches.first?.points.count, 11, "every point, then its lift")
        XCTAssertEqual(twin.touches.first?.ended, true)
        XCTAssertEqual(twin.touching, 0)
        XCTAssertNil(gate.nextDeadline)
    }

    func testWithNoAnswerInTimeTheGateDecidesAlone() {
        var gate = gate()
        gate.asksSession = true
        var out = fastSwipe(&gate, until: 10) + gate.frame(DeviceFrame.up(0), at: 88)
        XCTAssertTrue(gate.expire(at: 199).isEmpty)
        XCTAssertTrue(gate.waitsForAnswer(slot: 0, at: 200))
        XCTAssertFalse(gate.waitsForAnswer(slot: 0, at: 201))
        XCTAssertTrue(gate.answer(slot: 0, exclude: true, at: 201).isEmpty, "an answer past the deadline counts for nothing, even before the expiry")
        out = gate.expire(at: 200)
        XCTAssertEqual(decisions(out), ["accepted 0", "released 0 commit"])
        XCTAssertTrue(twinFrames(out).isEmpty)
        XCTAssertTrue(gate.answer(slot: 0, exclude: true, at: 210).isEmpty, "a late answer is ignored")
        // A held touch the session never answers goes to the twin at the timeout, as without one.
        _ = gate.frame(DeviceFrame.down(1, id: 2, x: 20, y: 900), at: 1000)
        XCTAssertEqual(decisions(gate.expire(at: 1200)), ["rejected 1 timeout at"])
        _ = gate.frame(DeviceFrame.up(1), at: 1300)
        // A new contact in the slot of a lifted swipe that waits decides that swipe first.
        out = fastSwipe(&gate, until: 10, from: 2000) + gate.frame(DeviceFrame.up(0), at: 2088)
        out = gate.frame(DeviceFrame.down(0, id: 3, x: 2000, y: 900), at: 2100)
        XCTAssertEqual(decisions(out), ["accepted 0", "released 0 commit", "rejected 0 outside"])
    }

    /// `finish` (the service ending) gives held touches to the twin.
    func testFinishingGivesHeldTouchesToTheTwin() {
        var gate = gate(), twin = TwinObserver()
        _ = gate.frame(DeviceFrame.down(2, id: 8, x: 20, y: 500), at: 0)
        twin.apply(gate.finish())
        XCTAssertEqual(twin.touches.map(\.trackingID), [8])
    }

    /// Random hands of up to three fingers, some in the strips, moving at random: a touch that
    /// came down outside the strips reaches the twin in the same frame; every touch the twin shows
    /// has exactly the device's points, from its first; no accepted swipe shows at all; and once
    /// every finger has lifted the twin has no contact.
    func testRandomHandsReachTheTwinWholeOrNotAtAll() {
        randomHands(askingSession: false)
    }

    /// The same hands with a session side that answers each held touch after 0 to 300 ms (past the
    /// 200 ms timeout sometimes), excluding some: still each touch is shown whole or kept whole.
    func testRandomHandsWithASessionsAnswersReachTheTwinWholeOrNotAtAll() {
        randomHands(askingSession: true)
    }

    private func randomHands(askingSession: Bool) {
        var excludedCount = 0, keptCount = 0
        defer {
            XCTAssertGreaterThanOrEqual(keptCount, 5, "swipes kept")
            if askingSession { XCTAssertGreaterThanOrEqual(excludedCount, 5, "touches excluded by the answers") }
        }
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            var gate = gate(), twin = TwinObserver()
            gate.asksSession = askingSession
            var devicePoints: [Int32: [[Int32]]] = [:], accepted: Set<Int32> = [], slots: [Int32: (id: Int32, x: Int32, y: Int32)] = [:]
            var nextID: Int32 = 1, time = 0.0
            var answers: [(slot: Int, due: Double, exclude: Bool)] = [], ids: [Int: Int32] = [:]
            func apply(_ out: [TouchscreenGateOutput]) {
                twin.apply(out)
                for output in out {
                    switch output {
                    case .accepted(let slot, _): if let id = ids[slot] { accepted.insert(id); keptCount += 1 }
                    case .rejected(_, _, .excluded): excludedCount += 1
                    case .held(let slot, _): answers.append((slot, time + Double(Int.random(in: 0...300, using: &random)), Bool.random(using: &random)))
                    default: break
                    }
                }
            }
            for _ in 0..<60 {
                time += Double(Int.random(in: 4...40, using: &random))
                for answer in answers where answer.due <= time { apply(gate.answer(slot: answer.slot, exclude: answer.exclude, at: time)) }
                answers.removeAll { $0.due <= time }
                apply(gate.expire(at: time))
                let slot = Int32.random(in: 0...2, using: &random)
                if let contact = slots[slot] {
                    if Int.random(in: 0..<5, using: &random) == 0 {
                        apply(gate.frame(DeviceFrame.up(slot), at: time))
                        slots[slot] = nil
                    } else {
                        let x = min(max(contact.x + Int32.random(in: 1...120, using: &random) * (Bool.random(using: &random) ? 1 : -1), 0), 4095)
                        let y = min(max(contact.y + Int32.random(in: -40...40, using: &random), 0), 4095)
                        guard x != contact.x else { continue }
                        slots[slot] = (contact.id, x, y)
                        devicePoints[contact.id, default: []].append([x, y])
                        apply(gate.frame(DeviceFrame.move(slot, x: x, y: y == contact.y ? nil : y), at: time))
                    }
                } else {
                    let x = Bool.random(using: &random) ? Int32.random(in: 0...60, using: &random) : Int32.random(in: 100...3900, using: &random)
                    let y = Int32.random(in: 0...4095, using: &random)
                    slots[slot] = (nextID, x, y)
                    devicePoints[nextID] = [[x, y]]
                    let out = gate.frame(DeviceFrame.down(slot, id: nextID, x: x, y: y), at: time)
                    apply(out) // a swipe that waited in this slot is decided before the new contact
                    ids[Int(slot)] = nextID
                    if x >= 100 { XCTAssertEqual(twin.touches.last?.trackingID, nextID, "seed \(seed): a middle touch at once") }
                    nextID += 1
                }
            }
            for slot in slots.keys.sorted() {
                time += 8
                apply(gate.frame(DeviceFrame.up(slot), at: time))
            }
            apply(gate.expire(at: time + 10_000))
            XCTAssertEqual(twin.touching, 0, "seed \(seed)")
            XCTAssertTrue(twin.touches.allSatisfy(\.ended), "seed \(seed): every contact shown has ended")
            for touch in twin.touches {
                XCTAssertFalse(accepted.contains(touch.trackingID), "seed \(seed): swipe \(touch.trackingID) shown")
                XCTAssertEqual(touch.points, devicePoints[touch.trackingID], "seed \(seed): contact \(touch.trackingID)")
            }
            XCTAssertEqual(Set(twin.touches.map(\.trackingID)).union(accepted), Set(devicePoints.keys), "seed \(seed): each shown or kept")
        }
    }
}

final class TouchscreenGeometryTests: XCTestCase {
    func testSizeAndPointsUprightAndTurned() {
        let x = TouchscreenGeometry.Axis(minimum: 0, maximum: 3000, resolution: 10), y = TouchscreenGeometry.Axis(minimum: 0, maximum: 2000, resolution: 10)
        let upright = TouchscreenGeometry(x: x, y: y)
        XCTAssertEqual(upright.millimetres.width, 300)
        XCTAssertEqual(upright.area.width, 300 * 96 / 25.4, accuracy: 1e-9)
        XCTAssertEqual(upright.point(x: 3000, y: 0).x, upright.area.width, accuracy: 1e-9)
        // Turned 90° clockwise: the device's 200 mm are the display's width, and its top edge is the display's right.
        let turned = TouchscreenGeometry(x: x, y: y, calibration: TouchscreenGeometry.rotation(degrees: 90)!)
        XCTAssertEqual(turned.millimetres.width, 200)
        XCTAssertEqual(turned.millimetres.height, 300)
        XCTAssertEqual(turned.point(x: 0, y: 0).x, turned.area.width, accuracy: 1e-9)
        XCTAssertEqual(turned.point(x: 0, y: 2000).x, 0, accuracy: 1e-9)
        XCTAssertNil(TouchscreenGeometry.rotation(degrees: 45))
        // No resolution: a 15.6-inch panel is assumed.
        let unknown = TouchscreenGeometry(x: .init(minimum: 0, maximum: 32767, resolution: 0), y: .init(minimum: 0, maximum: 32767, resolution: 0))
        XCTAssertEqual(unknown.millimetres.width, TouchscreenGeometry.fallbackMillimetres.width)
        // A matrix that is not six finite numbers is the identity.
        XCTAssertEqual(TouchscreenGeometry(x: x, y: y, calibration: [1, 2]).calibration, TouchscreenGeometry.identity)
    }
}
