// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore
import SwipeBackFormats

/// The app model through the replay clock: lifecycle order, refusals, taps, queues.
final class AppModelTests: XCTestCase {
    private func document(_ pages: [PageDefinition], stack: [String]) -> PagesDocument {
        PagesDocument(pages: Dictionary(uniqueKeysWithValues: pages.map { ($0.id, $0) }),
                      stacks: [StackDescription(id: "main", frame: nil, pages: stack)])
    }

    private func run(_ lines: [(Double, InputEvent?)], pages: [PageDefinition] = [], stack: [String] = ["A", "B"],
                     configuration: Configuration = Configuration()) -> (log: [EventLogEntry], model: AppModel) {
        var log: [EventLogEntry] = []
        let scenario = Scenario(windowWidth: 800, windowHeight: 600, direction: .leftToRight, configuration: configuration,
                                document: document(pages, stack: stack),
                                lines: lines.enumerated().map { ScenarioLine(timeMilliseconds: $1.0, event: $1.1, lineNumber: $0 + 2) })
        let model = ScenarioRunner.run(scenario, measurer: FixedContentMeasurer()) { log.append(EventLogEntry($0)) }
        return (log, model)
    }

    /// A compact form of the lines that matter for order: "lifecycle B willDisappear", "gesture began", ...
    private func shape(_ log: [EventLogEntry]) -> [String] {
        log.compactMap { e in
            switch e.type {
            case "lifecycle": return "lifecycle \(e["page"]!.stringValue!) \(e["phase"]!.stringValue!)"
            case "gesture":
                let decision = e["decision"]?.stringValue.map { " " + $0 } ?? ""
                return "gesture \(e["phase"]!.stringValue!)\(decision)"
            case "stack":
                guard case .array(let pages)? = e["pages"] else { return nil }
                return "stack \(e["op"]!.stringValue!) \(e["page"]!.stringValue!) -> \(pages.compactMap(\.stringValue).joined(separator: ","))"
            case "transition": return "transition \(e["kind"]!.stringValue!) \(e["phase"]!.stringValue!)"
                + (e["completed"].map { $0 == .bool(true) ? " completed" : " not completed" } ?? "")
            case "veto": return "veto \(e["result"]! == .bool(true))"
            case "action": return "action \(e["element"]?.stringValue ?? "back")"
            case "back": return "back \(e["source"]!.stringValue!) \(e["result"]!.stringValue!)"
            case "final":
                guard case .object(let stacks)? = e["stacks"] else { return nil }
                return "final " + stacks.map { id, v in
                    guard case .array(let p) = v else { return id }
                    return id + "=" + p.compactMap(\.stringValue).joined(separator: ",")
                }.joined(separator: " ")
            default: return nil
            }
        }
    }

    private func touch(_ phase: PointerPhase, _ x: Double, _ y: Double = 300, id: Int = 1) -> InputEvent {
        .pointer(PointerInput(phase: phase, id: id, device: .touch, position: Point(x: x, y: y)))
    }

    /// A drag from `from` to `to` in `steps` moves 16 ms apart, released `releaseDelay` ms after the last move.
    private func drag(from: Double, to: Double, steps: Int, start: Double = 0, releaseDelay: Double = 16,
                      id: Int = 1) -> [(Double, InputEvent?)] {
        var lines: [(Double, InputEvent?)] = [(start, touch(.down, from, id: id))]
        for i in 1...steps {
            lines.append((start + Double(i) * 16, touch(.move, from + (to - from) * Double(i) / Double(steps), id: id)))
        }
        lines.append((start + Double(steps) * 16 + releaseDelay, touch(.up, to, id: id)))
        return lines
    }

    func testCommitOrderMatchesUIKit() {
        let (log, _) = run(drag(from: 4, to: 404, steps: 8))
        XCTAssertEqual(shape(log), [
            "lifecycle B willAppear", "lifecycle B didAppear",
            "gesture began", "lifecycle B willDisappear", "lifecycle A willAppear", "transition interactivePop started",
            "gesture changed", "gesture changed", "gesture changed", "gesture changed", "gesture changed",
            "gesture changed", "gesture changed",
            "gesture ended commit",
            "lifecycle B didDisappear", "lifecycle A didAppear", "stack pop B -> A",
            "transition interactivePop finished completed", "final main=A",
        ])
        let ended = log.first { $0["phase"] == .string("ended") }!
        XCTAssertEqual(ended["progress"], .number(0.5))
        XCTAssertEqual(ended["velocity"]!.numberValue!, 3125, accuracy: 1e-6)
        // The settle ends on a 60 Hz tick after the release.
        let finished = log.last { $0.type == "transition" }!
        XCTAssertGreaterThan(finished.timeMilliseconds, 144)
        XCTAssertLessThan(finished.timeMilliseconds, 144 + 1000)
        let k = finished.timeMilliseconds / (1000.0 / 60)
        XCTAssertEqual(k, k.rounded(), accuracy: 1e-9)
    }

    func testSlowShortDragCancelsWithUIKitOrderAndNoStackEvent() {
        // 100 px over 20 moves of 16 ms, then a 60 ms pause: no velocity estimate, progress 0.125.
        let (log, model) = run(drag(from: 5, to: 105, steps: 20, releaseDelay: 60))
        let tail = Array(shape(log).drop { !$0.hasPrefix("gesture ended") })
        XCTAssertEqual(tail, [
            "gesture ended cancel",
            "lifecycle A willDisappear", "lifecycle A didDisappear", "lifecycle B willAppear", "lifecycle B didAppear",
            "transition interactivePop finished not completed", "final main=A,B",
        ])
        XCTAssertEqual(log.first { $0["phase"] == .string("ended") }?["velocity"], .null)
        XCTAssertFalse(log.contains { $0.type == "stack" })
        XCTAssertEqual(model.stack(id: "main")!.pages.map(\.pageID), ["A", "B"])
    }

    func testFlickBackCancelsEvenPastHalfway() {
        var lines = drag(from: 4, to: 600, steps: 10)
        lines.removeLast()
        lines.append((176, touch(.move, 560)))
        lines.append((192, touch(.move, 500)))
        lines.append((200, touch(.up, 500)))
        let (log, _) = run(lines)
        XCTAssertTrue(shape(log).contains("gesture ended cancel"))
    }

    func testRefusedSwipesEmitNothing() {
        // Root page, disabled page, off the edge, wrong direction: no gesture, no lifecycle after the start.
        let cases: [([PageDefinition], [String], [(Double, InputEvent?)])] = [
            ([], ["A"], drag(from: 4, to: 404, steps: 8)),
            ([PageDefinition(id: "B", interactivePop: false)], ["A", "B"], drag(from: 4, to: 404, steps: 8)),
            ([], ["A", "B"], drag(from: 30, to: 430, steps: 8)),
            ([], ["A", "B"], drag(from: 15, to: 0, steps: 4)),
        ]
        for (pages, stack, lines) in cases {
            let (log, _) = run(lines, pages: pages, stack: stack)
            XCTAssertFalse(log.contains { $0.type == "gesture" || $0.type == "transition" }, "\(stack) \(pages)")
            XCTAssertEqual(log.filter { $0.type == "lifecycle" }.count, 2)
        }
    }

    func testVetoIsAskedOnceWithTheDownPointAndNoMeansNothing() {
        let (log, _) = run(drag(from: 6, to: 406, steps: 8), pages: [PageDefinition(id: "B", shouldBegin: false)])
        let vetoes = log.filter { $0.type == "veto" }
        XCTAssertEqual(vetoes.count, 1)
        XCTAssertEqual(vetoes[0]["x"], .number(6))
        XCTAssertEqual(vetoes[0]["y"], .number(300))
        XCTAssertEqual(vetoes[0]["result"], .bool(false))
        XCTAssertFalse(log.contains { $0.type == "gesture" })
        let (allowed, _) = run(drag(from: 6, to: 406, steps: 8), pages: [PageDefinition(id: "B", shouldBegin: true)])
        XCTAssertEqual(Array(shape(allowed)[2...3]), ["veto true", "gesture began"])
    }

    func testSecondFingerDuringASwipeIsIgnoredForItsWholeLife() {
        var lines = drag(from: 4, to: 404, steps: 8)
        // A second touch on the edge of the same stack, moving like a swipe, then a tap-like up.
        lines.insert((40, touch(.down, 5, id: 2)), at: 3)
        lines.insert((60, touch(.move, 300, id: 2)), at: 5)
        lines.insert((70, touch(.up, 300, id: 2)), at: 6)
        let (log, _) = run(lines)
        XCTAssertEqual(log.filter { $0["phase"] == .string("began") }.count, 1)
        XCTAssertEqual(log.filter { $0["phase"] == .string("ended") }.count, 1)
        XCTAssertEqual(log.filter { $0["phase"] == .string("changed") }.count, 7)
    }

    func testTapOnAButtonPushesAnimatedAndTheBackButtonPops() {
        let home = PageDefinition(id: "A", elements: [
            PageElement(id: "next", kind: .button(label: "Next", action: .push("B")), frame: Rect(x: 40, y: 200, width: 200, height: 48)),
        ])
        let lines: [(Double, InputEvent?)] = [
            (0, touch(.down, 100, 220)), (50, touch(.up, 103, 222)),
            (1000, touch(.down, 30, 28)), (1040, touch(.up, 30, 28)),
        ]
        let (log, _) = run(lines, pages: [home], stack: ["A"])
        XCTAssertEqual(shape(log), [
            "lifecycle A willAppear", "lifecycle A didAppear",
            "action next", "lifecycle A willDisappear", "lifecycle B willAppear", "transition push started",
            "lifecycle A didDisappear", "lifecycle B didAppear", "stack push B -> A,B", "transition push finished completed",
            "action back", "lifecycle B willDisappear", "lifecycle A willAppear", "transition pop started",
            "lifecycle B didDisappear", "lifecycle A didAppear", "stack pop B -> A", "transition pop finished completed",
            "final main=A",
        ])
    }

    func testATogglesSettingBelongsToThePageAsShownNotToItsOtherCopies() {
        // The same page S in two stacks; its toggle turned off in the left one.
        let s = PageDefinition(id: "S", elements: [
            PageElement(id: "swipe", kind: .toggle(label: "Swipe back", bind: "interactivePop"), frame: Rect(x: 16, y: 80, width: 300, height: 48)),
        ])
        var log: [EventLogEntry] = []
        let document = PagesDocument(pages: ["S": s], stacks: [
            StackDescription(id: "left", frame: Rect(x: 0, y: 0, width: 400, height: 600), pages: ["home", "S"]),
            StackDescription(id: "right", frame: Rect(x: 400, y: 0, width: 400, height: 600), pages: ["home", "S"]),
        ])
        let model = AppModel(configuration: Configuration(), windowWidth: 800, windowHeight: 600, direction: .leftToRight,
                             document: document, measurer: FixedContentMeasurer()) { log.append(EventLogEntry($0)) }
        let touch = { (phase: PointerPhase, x: Double, y: Double, t: Double) in
            model.handle(.pointer(PointerInput(phase: phase, id: 1, device: .touch, position: Point(x: x, y: y))), atMilliseconds: t)
        }
        touch(.down, 100, 100, 0); touch(.up, 100, 100, 30)
        XCTAssertEqual(log.last { $0.type == "action" }?["value"], .bool(false))
        // The right stack's copy still swipes; the left one does not.
        touch(.down, 403, 300, 100); touch(.move, 450, 300, 116)
        XCTAssertEqual(log.last { $0.type == "gesture" }?["stack"], .string("right"))
        touch(.move, 420, 300, 130); touch(.up, 405, 300, 200)
        XCTAssertFalse(model.page(model.stack(id: "left")!.top).interactivePop)
        XCTAssertTrue(model.page(model.stack(id: "right")!.top).interactivePop)
        XCTAssertTrue(model.document.page("S").interactivePop, "the document's page is untouched")
    }

    func testMovedTapDoesNotFire() {
        let home = PageDefinition(id: "A", elements: [
            PageElement(id: "next", kind: .button(label: "Next", action: .push("B")), frame: Rect(x: 40, y: 200, width: 200, height: 48)),
        ])
        let (log, _) = run([(0, touch(.down, 100, 220)), (30, touch(.move, 110, 220)), (50, touch(.up, 110, 220))],
                           pages: [home], stack: ["A"])
        XCTAssertFalse(log.contains { $0.type == "action" })
    }

    func testPushesDuringATransitionAreQueuedInOrder() {
        let lines: [(Double, InputEvent?)] = [
            (0, .push(stack: "main", page: "C", animated: true)),
            (10, .push(stack: "main", page: "D", animated: false)),
            (20, .pop(stack: "main", animated: true)),
        ]
        let (log, model) = run(lines)
        let stacks = shape(log).filter { $0.hasPrefix("stack") }
        XCTAssertEqual(stacks, ["stack push C -> A,B,C", "stack push D -> A,B,C,D", "stack pop D -> A,B,C"])
        XCTAssertEqual(model.stack(id: "main")!.pages.map(\.pageID), ["A", "B", "C"])
    }

    func testPopDuringACommittingSettleIsAbsorbed() {
        var lines = drag(from: 4, to: 404, steps: 8)
        lines.append((150, .pop(stack: "main", animated: true)))
        let (log, model) = run(lines, stack: ["A", "B", "C"])
        XCTAssertEqual(log.filter { $0.type == "stack" }.count, 1)
        XCTAssertEqual(model.stack(id: "main")!.pages.map(\.pageID), ["A", "B"])
    }

    func testTheFirstPopDuringASwipeIsAbsorbedByACommitAndAppliedAfterACancel() {
        // Requested while the finger still drags, then the swipe commits: one pop in all.
        var committing = drag(from: 4, to: 404, steps: 8)
        committing.insert((100, .pop(stack: "main", animated: false)), at: 7)
        XCTAssertEqual(run(committing, stack: ["A", "B", "C"]).model.stack(id: "main")!.pages.map(\.pageID), ["A", "B"])
        // During a committing settle: push X, pop, pop. The first pop is the swipe's; the rest apply in order.
        var settle = drag(from: 4, to: 404, steps: 8)
        settle += [(150, .push(stack: "main", page: "X", animated: false)), (151, .pop(stack: "main", animated: false)),
                   (152, .pop(stack: "main", animated: false))]
        let (log, model) = run(settle, stack: ["A", "B", "C"])
        XCTAssertEqual(shape(log).filter { $0.hasPrefix("stack") },
                       ["stack pop C -> A,B", "stack push X -> A,B,X", "stack pop X -> A,B"])
        XCTAssertEqual(model.stack(id: "main")!.pages.map(\.pageID), ["A", "B"])
        // A slow drag that cancels: the pop requested during it applies afterwards.
        var cancelling = drag(from: 5, to: 105, steps: 20, releaseDelay: 60)
        cancelling.insert((100, .pop(stack: "main", animated: false)), at: 7)
        XCTAssertEqual(run(cancelling, stack: ["A", "B", "C"]).model.stack(id: "main")!.pages.map(\.pageID), ["A", "B"])
    }

    func testDownDuringASettleDoesNothing() {
        var lines = drag(from: 4, to: 404, steps: 8)
        lines.append((150, touch(.down, 5, id: 2)))
        lines.append((166, touch(.move, 200, id: 2)))
        lines.append((170, touch(.up, 200, id: 2)))
        let (log, model) = run(lines, stack: ["A", "B", "C"])
        XCTAssertEqual(log.filter { $0["phase"] == .string("began") }.count, 1)
        XCTAssertEqual(model.stack(id: "main")!.pages.map(\.pageID), ["A", "B"])
    }

    func testASequenceDownBeforeAPushCannotSwipeThePushedPage() {
        // Down on the edge at 0, a push lands at ~300, then the finger moves: no swipe of C.
        var lines: [(Double, InputEvent?)] = [(0, touch(.down, 4)), (10, .push(stack: "main", page: "C", animated: false))]
        lines += (1...8).map { (Double(20 + $0 * 16), touch(.move, 4 + Double($0) * 50)) }
        lines.append((200, touch(.up, 404)))
        let (log, model) = run(lines)
        XCTAssertFalse(log.contains { $0.type == "gesture" })
        XCTAssertEqual(model.stack(id: "main")!.pages.map(\.pageID), ["A", "B", "C"])
    }

    func testARepeatedDownForAHeldIdCancelsTheOldSequence() {
        var lines = drag(from: 4, to: 304, steps: 6)
        lines[lines.count - 1] = (120, touch(.down, 500))
        lines.append((140, touch(.up, 500)))
        let (log, model) = run(lines)
        XCTAssertTrue(shape(log).contains("gesture cancelled"))
        XCTAssertTrue(shape(log).contains("transition interactivePop finished not completed"))
        XCTAssertEqual(model.stack(id: "main")!.pages.map(\.pageID), ["A", "B"])
    }

    /// A page of 20 stacked buttons "b0"..."b19", 48 px high, 12 px apart from y = 68: 1268 px of content.
    private let tallPage = PageDefinition(id: "B", elements: (0..<20).map {
        PageElement(id: "b\($0)", kind: .button(label: "Button \($0)", action: .push("C")))
    })

    private func tappedElement(_ log: [EventLogEntry]) -> String? {
        log.last { $0.type == "action" }?["element"]?.stringValue
    }

    func testVerticalDragScrollsATallPageAndTapsHitTheScrolledContent() {
        // Button k spans y = 68 + 60k ... 116 + 60k of the content. The drag moves 120 px up; the first
        // 20 px cross the touch slop, so the content moves 100 px. A tap at y = 340 then lands at
        // content y = 440: b6 (428...476); unscrolled it would have hit b4 (308...356).
        var lines: [(Double, InputEvent?)] = [(0, touch(.down, 400, 500))]
        lines += (1...6).map { (Double($0 * 100), touch(.move, 400, 500 - Double($0) * 20)) } // slow: no fling
        lines += [(700, touch(.up, 400, 380)), (1000, touch(.down, 400, 340)), (1050, touch(.up, 400, 340))]
        let (log, model) = run(lines, pages: [tallPage], stack: ["A", "B"])
        XCTAssertEqual(tappedElement(log), "b6")
        XCTAssertEqual(model.scrollOffset(of: model.stack(id: "main")!.pages[1]), 100, "B keeps its offset under the pushed page")
        XCTAssertFalse(log.contains { $0.type == "gesture" })
    }

    func testAVerticalFirstDragFromTheEdgeScrollsInsteadOfSwiping() {
        var lines: [(Double, InputEvent?)] = [(0, touch(.down, 4, 500))]
        lines += (1...6).map { (Double($0 * 16), touch(.move, 4 + Double($0) * 10, 500 - Double($0) * 30)) }
        lines.append((200, touch(.up, 64, 320)))
        let (log, model) = run(lines, pages: [tallPage], stack: ["A", "B"])
        XCTAssertFalse(log.contains { $0.type == "gesture" })
        // 180 px of drag; the first move (30 px) crosses the slop and the content follows from there.
        XCTAssertEqual(model.scrollOffset(of: model.stack(id: "main")!.top), 150, "scrolled by the drag")
    }

    func testAFlickCoastsAndATouchStopsItWithoutTapping() {
        // A fast upward flick of 100 px in 50 ms (2000 px/s) coasts on well past 100 px.
        var lines: [(Double, InputEvent?)] = [(0, touch(.down, 400, 500))]
        lines += (1...5).map { (Double($0 * 10), touch(.move, 400, 500 - Double($0) * 20)) }
        lines.append((55, touch(.up, 400, 400)))
        let (_, coasted) = run(lines, pages: [tallPage], stack: ["A", "B"])
        let far = coasted.scrollOffset(of: coasted.stack(id: "main")!.top)
        XCTAssertGreaterThan(far, 500)
        XCTAssertLessThanOrEqual(far, 1268 - 600, "never past the end")
        // The same flick, then a touch 100 ms later: the content stops there and the touch taps nothing.
        lines += [(155, touch(.down, 400, 320)), (170, touch(.up, 400, 320))]
        let (log, stopped) = run(lines, pages: [tallPage], stack: ["A", "B"])
        let offset = stopped.scrollOffset(of: stopped.stack(id: "main")!.top)
        XCTAssertGreaterThan(offset, 100)
        XCTAssertLessThan(offset, far)
        XCTAssertNil(tappedElement(log))
    }

    func testWheelScrollsThePageUnderThePointerWithinItsBounds() {
        let lines: [(Double, InputEvent?)] = [
            (0, .scroll(dx: 0, dy: 96, touchpad: false, position: Point(x: 400, y: 300))),
            (10, .scroll(dx: 0, dy: -48, touchpad: false, position: Point(x: 400, y: 300))),
        ]
        let (_, model) = run(lines, pages: [tallPage], stack: ["A", "B"])
        XCTAssertEqual(model.scrollOffset(of: model.stack(id: "main")!.top), 48)
        let (_, clamped) = run([(0, .scroll(dx: 0, dy: 5000, touchpad: false, position: nil))], pages: [tallPage], stack: ["A", "B"])
        XCTAssertEqual(clamped.scrollOffset(of: clamped.stack(id: "main")!.top), 1268 - 600)
        let (_, short) = run([(0, .scroll(dx: 0, dy: 100, touchpad: false, position: nil))])
        XCTAssertEqual(short.scrollOffset(of: short.stack(id: "main")!.top), 0, "a page that fits does not scroll")
    }

    func testGrowingTheWindowBringsAScrolledPageBackWithinItsBounds() {
        let lines: [(Double, InputEvent?)] = [
            (0, .scroll(dx: 0, dy: 600, touchpad: false, position: nil)),   // max offset 1268 - 600 = 668
            (10, .resize(width: 800, height: 1000)),                        // now 268 at most
        ]
        let (_, model) = run(lines, pages: [tallPage], stack: ["A", "B"])
        XCTAssertEqual(model.scrollOffset(of: model.stack(id: "main")!.top), 268)
        let (_, fits) = run(lines + [(20, .resize(width: 800, height: 1400))], pages: [tallPage], stack: ["A", "B"])
        XCTAssertEqual(fits.scrollOffset(of: fits.stack(id: "main")!.top), 0, "a page that now fits is at its top")
    }

    func testSystemCancelRestoresThePage() {
        var lines = drag(from: 4, to: 404, steps: 8)
        lines[lines.count - 1] = (140, .pointer(PointerInput(phase: .cancel, id: 1, device: .touch, position: Point(x: 0, y: 0))))
        let (log, model) = run(lines)
        XCTAssertTrue(shape(log).contains("gesture cancelled"))
        XCTAssertTrue(shape(log).contains("transition interactivePop finished not completed"))
        XCTAssertEqual(model.stack(id: "main")!.pages.map(\.pageID), ["A", "B"])
        // Losing focus cancels the same way.
        var focus = drag(from: 4, to: 404, steps: 8)
        focus[focus.count - 1] = (140, .focus(false))
        XCTAssertTrue(shape(run(focus).log).contains("gesture cancelled"))
        // Closing the window under a finger ends the swipe too: every began has its end.
        var close = drag(from: 4, to: 404, steps: 8)
        close[close.count - 1] = (140, .close)
        let closed = shape(run(close).log)
        XCTAssertEqual(closed.filter { $0.hasPrefix("gesture ") }.last, "gesture cancelled")
    }

    func testAResizeMidSwipeKeepsThePageEdgeItsDistanceFromTheFingerAtOnce() {
        // A stack on the right of a split view: its edge moves when the window shrinks.
        let document = PagesDocument(pages: [:], stacks: [StackDescription(id: "main", frame: Rect(x: 260, y: 0, width: 764, height: 640),
                                                                           pages: ["A", "B"])])
        let model = AppModel(configuration: Configuration(), windowWidth: 1024, windowHeight: 640, direction: .leftToRight,
                             document: document, measurer: FixedContentMeasurer(), log: { _ in })
        model.start(atMilliseconds: 0)
        var t = 0.0
        for x in [263.0, 300, 340, 380] {
            model.handle(touch(x == 263 ? .down : .move, x), atMilliseconds: t)
            t += 16
        }
        XCTAssertEqual(model.stack(id: "main")!.transition!.progress, (380 - 263) / 764, accuracy: 1e-9)
        model.handle(.resize(width: 600, height: 400), atMilliseconds: t)
        // The stack now starts at 152.3 px and is 447.7 px wide; the finger (x = 380) went down 3 px
        // inside its edge, and the page's edge stays that far from the finger.
        let frame = model.stack(id: "main")!.frame
        XCTAssertEqual(frame.x, 260 * 600 / 1024, accuracy: 1e-9)
        XCTAssertEqual(model.stack(id: "main")!.transition!.progress, (380 - (frame.x + 3)) / frame.width, accuracy: 1e-9)
    }

    func testToggleTurnsTheSwipeOffForThatPageOnly() {
        let b = PageDefinition(id: "B", elements: [
            PageElement(id: "swipe", kind: .toggle(label: "Swipe back", bind: "interactivePop"), frame: Rect(x: 16, y: 100, width: 300, height: 48)),
        ])
        var lines: [(Double, InputEvent?)] = [(0, touch(.down, 100, 120)), (20, touch(.up, 100, 120))]
        lines += drag(from: 4, to: 404, steps: 8, start: 100)
        let (log, model) = run(lines, pages: [b], stack: ["A", "B"])
        let action = log.first { $0.type == "action" }!
        XCTAssertEqual(action["value"], .bool(false))
        XCTAssertFalse(log.contains { $0.type == "gesture" })
        XCTAssertTrue(model.document.page("A").interactivePop)
    }
}
