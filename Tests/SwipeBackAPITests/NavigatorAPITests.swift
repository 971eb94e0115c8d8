// SPDX-License-Identifier: Apache-2.0
import SwipeBack
import XCTest

/// The Swift API, through its public surface only.
final class NavigatorAPITests: XCTestCase {
    /// A Swift page that records what happens to it.
    final class RecordingPage: Page {
        var calls: [String] = []
        var tapped: [String] = []
        var token: ObservationToken?
        override func willAppear() { calls.append("willAppear") }
        override func didAppear() { calls.append("didAppear") }
        override func willDisappear() { calls.append("willDisappear") }
        override func didDisappear() { calls.append("didDisappear") }
        override func element(at point: Point) -> String? { point.y > 300 && point.y < 400 ? "panel" : nil }
        override func didTap(_ element: String) { tapped.append(element) }
    }

    private var t = 0.0

    private func navigator(_ stacks: [Navigator.Stack], document: PagesDocument = PagesDocument(pages: [:], stacks: []),
                           log: @escaping (TimedEvent) -> Void = { _ in }) throws -> Navigator {
        try Navigator(stacks: stacks, document: document, width: 800, height: 600, log: log)
    }

    /// Runs animations to their end on the 60 Hz grid.
    private func settle(_ navigator: Navigator) {
        while navigator.needsFrames { t += 1000.0 / 60; navigator.tick(atMilliseconds: t) }
    }

    /// A drag of pointer `id` from (x0, y) to (x1, y) in `steps` moves 16 ms apart, then a release.
    private func drag(_ navigator: Navigator, from x0: Double, to x1: Double, y: Double = 300, steps: Int = 10, id: Int = 1,
                      release: Bool = true) {
        navigator.handle(.pointer(PointerInput(phase: .down, id: id, device: .touch, position: Point(x: x0, y: y))), atMilliseconds: t)
        for i in 1...steps {
            t += 16
            let x = x0 + (x1 - x0) * Double(i) / Double(steps)
            navigator.handle(.pointer(PointerInput(phase: .move, id: id, device: .touch, position: Point(x: x, y: y))), atMilliseconds: t)
        }
        if release {
            t += 16
            navigator.handle(.pointer(PointerInput(phase: .up, id: id, device: .touch, position: Point(x: x1, y: y))), atMilliseconds: t)
        }
    }

    private func ids(_ navigator: Navigator, _ stack: String = "main") -> [String] {
        navigator.stack(id: stack)?.pages.map(\.pageID) ?? []
    }

    func testSwiftAndDocumentPagesShareAStackAndGetTheirLifecycleInUIKitOrder() throws {
        let document = PagesDocument(pages: ["about": PageDefinition(id: "about", title: "About")], stacks: [])
        let root = RecordingPage(id: "root", title: "Root")
        let nav = try navigator([Navigator.Stack(root: .page(root))], document: document)
        XCTAssertEqual(root.calls, ["willAppear", "didAppear"])
        nav.push(documentPage: "about")
        settle(nav)
        let top = RecordingPage(id: "detail", title: "Detail")
        nav.push(top)
        settle(nav)
        XCTAssertEqual(ids(nav), ["root", "about", "detail"])
        XCTAssertEqual(top.calls, ["willAppear", "didAppear"])
        XCTAssertEqual(nav.swiftPages(on: "main").map(\.id), ["root", "detail"])
        // A fast swipe pops the Swift page; the document page is revealed.
        drag(nav, from: 4, to: 400)
        settle(nav)
        XCTAssertEqual(ids(nav), ["root", "about"])
        XCTAssertEqual(top.calls, ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        XCTAssertTrue(top.navigator === nav, "popped, it waits in the forward list")
        XCTAssertTrue(nav.canGoForward())
        XCTAssertEqual(root.calls, ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        // Another push clears the forward list: the page is let go.
        nav.push(documentPage: "about", animated: false)
        XCTAssertNil(top.navigator)
        XCTAssertFalse(nav.canGoForward())
    }

    func testObserversSeeEachStepAndStopWhenTheirTokenIsCancelledOrReleased() throws {
        let nav = try navigator([Navigator.Stack(root: .page(Page(id: "a", title: "A")))])
        nav.push(Page(id: "b", title: "B"), animated: false)
        var kept: [InteractivePopEvent] = [], dropped: [InteractivePopEvent] = []
        let token = nav.observeInteractivePop { kept.append($0) }
        var droppedToken: ObservationToken? = nav.observeInteractivePop { dropped.append($0) }
        XCTAssertNotNil(droppedToken)
        droppedToken = nil
        drag(nav, from: 4, to: 100, steps: 6) // slow and short: a cancel
        settle(nav)
        XCTAssertTrue(dropped.isEmpty, "a released token's handler never runs")
        guard case .began(let p0)? = kept.first else { return XCTFail("first is began: \(kept)") }
        XCTAssertGreaterThan(p0, 0)
        let changed = kept.compactMap { event -> Double? in if case .changed(let p, _) = event { return p } else { return nil } }
        XCTAssertEqual(changed.count, 5)
        XCTAssertEqual(changed, changed.sorted(), "progress grows with the finger")
        guard case .ended(let progress, let velocity, let decision)? = kept.last else { return XCTFail("\(kept)") }
        XCTAssertEqual(progress, 96.0 / 800, accuracy: 1e-9)
        XCTAssertEqual(velocity ?? 0, 1000, accuracy: 1, "16 px every 16 ms")
        XCTAssertEqual(decision, .commit, "1000 px/s is past the 800 px/s fling velocity")
        token.cancel()
        let count = kept.count
        nav.push(Page(id: "c", title: "C"), animated: false)
        drag(nav, from: 4, to: 400)
        settle(nav)
        XCTAssertEqual(kept.count, count, "a cancelled token's handler never runs")
        XCTAssertEqual(nav.observerCount, 0)
    }

    func testAnObserverOwnedByAPageNeverRunsAfterThePageIsPopped() throws {
        let nav = try navigator([Navigator.Stack(root: .page(Page(id: "a", title: "A")))])
        let b = Page(id: "b", title: "B")
        nav.push(b, animated: false)
        var seen: [InteractivePopEvent] = []
        let token = nav.observeInteractivePop(owner: b) { seen.append($0) }
        drag(nav, from: 4, to: 400)
        XCTAssertEqual(seen.count, 11, "began (with the first move), 9 changed and ended, before the pop completes")
        settle(nav)
        XCTAssertEqual(ids(nav), ["a"])
        XCTAssertEqual(nav.observerCount, 1, "the owner waits in the forward list")
        // A push clears that list: the owner leaves for good and its subscription ends.
        nav.push(Page(id: "c", title: "C"), animated: false)
        XCTAssertEqual(nav.observerCount, 0, "the owner's removal ended the subscription")
        // The same stack swipes again: the popped page's observer stays silent.
        drag(nav, from: 4, to: 400)
        settle(nav)
        XCTAssertEqual(seen.count, 11)
        token.cancel()
    }

    func testAPageTurningItsSwipeOffLeavesThePageBeneathAndOtherStacksAlone() throws {
        let left = Page(id: "left-root", title: "L"), right = Page(id: "right-root", title: "R")
        let nav = try navigator([Navigator.Stack(id: "left", frame: Rect(x: 0, y: 0, width: 400, height: 600), root: .page(left)),
                                 Navigator.Stack(id: "right", frame: Rect(x: 400, y: 0, width: 400, height: 600), root: .page(right))])
        let middle = Page(id: "middle", title: "M"), top = Page(id: "top", title: "T")
        nav.push(middle, on: "left", animated: false)
        nav.push(top, on: "left", animated: false)
        nav.push(Page(id: "other", title: "O"), on: "right", animated: false)
        var rightEvents = 0
        let rightToken = nav.observeInteractivePop(of: "right") { _ in rightEvents += 1 }
        top.interactivePopEnabled = false
        XCTAssertFalse(top.interactivePopEnabled)
        XCTAssertTrue(middle.interactivePopEnabled, "the page beneath keeps its own switch")
        drag(nav, from: 4, to: 300)
        settle(nav)
        XCTAssertEqual(ids(nav, "left"), ["left-root", "middle", "top"], "the swipe is off on top")
        XCTAssertEqual(rightEvents, 0, "observing the right stack hears nothing of the left")
        // The right stack still swipes.
        drag(nav, from: 404, to: 700)
        settle(nav)
        XCTAssertEqual(ids(nav, "right"), ["right-root"])
        XCTAssertGreaterThan(rightEvents, 2)
        // Popped by a button instead, the page beneath swipes as before.
        nav.pop(stack: "left")
        settle(nav)
        drag(nav, from: 4, to: 300)
        settle(nav)
        XCTAssertEqual(ids(nav, "left"), ["left-root"])
        rightToken.cancel()
    }

    func testTurningTheSwipeOffDuringASwipeTakesEffectForTheNextOne() throws {
        let nav = try navigator([Navigator.Stack(root: .page(Page(id: "a", title: "A")))])
        let b = Page(id: "b", title: "B")
        nav.push(b, animated: false)
        drag(nav, from: 4, to: 200, release: false)
        b.interactivePopEnabled = false
        t += 16
        nav.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: 500, y: 300))), atMilliseconds: t)
        settle(nav)
        XCTAssertEqual(ids(nav), ["a"], "the swipe under way went on and committed")
    }

    func testTheVetoSeesTheStartPointAndIsAskedOncePerAttempt() throws {
        let nav = try navigator([Navigator.Stack(id: "main", frame: Rect(x: 100, y: 50, width: 600, height: 500),
                                                 root: .page(Page(id: "a", title: "A")))])
        let b = Page(id: "b", title: "B")
        var asked: [Point] = []
        var answer = false
        b.shouldBeginInteractivePop = { point in asked.append(point); return answer }
        nav.push(b, animated: false)
        drag(nav, from: 104, to: 400, y: 250)
        settle(nav)
        XCTAssertEqual(asked, [Point(x: 4, y: 200)], "once, with the down point in the stack's coordinates")
        XCTAssertEqual(ids(nav), ["a", "b"], "vetoed")
        answer = true
        drag(nav, from: 106, to: 500, y: 300)
        settle(nav)
        XCTAssertEqual(asked, [Point(x: 4, y: 200), Point(x: 6, y: 250)])
        XCTAssertEqual(ids(nav), ["a"])
    }

    func testWillSwipeBackRunsOnceAsTheSwipeBegins() throws {
        var order: [String] = []
        final class Watched: Page {
            var order: (String) -> Void = { _ in }
            override func willDisappear() { order("willDisappear") }
        }
        let nav = try navigator([Navigator.Stack(root: .page(Page(id: "a", title: "A")))], log: { record in
            if case .gesture(_, _, let step) = record.event {
                order.append("gesture " + step.phase.rawValue)
            }
        })
        let b = Watched(id: "b", title: "B")
        b.order = { order.append($0) }
        b.willSwipeBack = { order.append("willSwipeBack") }
        nav.push(b, animated: false)
        drag(nav, from: 4, to: 100, steps: 3)
        settle(nav)
        // With the began line, before the page's willDisappear.
        XCTAssertEqual(order.prefix(3), ["gesture began", "willSwipeBack", "willDisappear"])
        XCTAssertEqual(order.filter { $0 == "willSwipeBack" }.count, 1)
    }

    func testAPoppedPageAndItsObserversAreReleased() throws {
        var configuration = Configuration()
        configuration.forwardHistory = 0 // no forward list: a popped page is let go at once
        let nav = try Navigator(stacks: [Navigator.Stack(root: .page(Page(id: "a", title: "A")))], configuration: configuration,
                                width: 800, height: 600)
        weak var weakPage: Page?
        weak var weakToken: ObservationToken?
        do {
            let page = RecordingPage(id: "b", title: "B")
            // A page that keeps its own subscription, and closures referring to itself weakly.
            page.token = nav.observeInteractivePop(owner: page) { [weak page] _ in page?.setNeedsDisplay() }
            page.willSwipeBack = { [weak page] in page?.calls.append("willSwipeBack") }
            page.shouldBeginInteractivePop = { [weak page] _ in page != nil }
            weakPage = page
            weakToken = page.token
            nav.push(page, animated: true)
            settle(nav)
        }
        XCTAssertNotNil(weakPage, "on the stack, the navigator holds it")
        drag(nav, from: 4, to: 400)
        settle(nav)
        XCTAssertEqual(ids(nav), ["a"])
        XCTAssertNil(weakPage, "popped, the page is released")
        XCTAssertNil(weakToken, "and so is the subscription it held")
        XCTAssertEqual(nav.observerCount, 0)
    }

    func testAPagesOwnElementsAreTappedAndTheCustomBackButtonKeepsTheSwipe() throws {
        let nav = try navigator([Navigator.Stack(root: .page(Page(id: "a", title: "A")))])
        let page = RecordingPage(id: "b", title: "B", backButton: .custom,
                                 elements: [PageElement(id: "back", kind: .button(label: "Done", action: .pop))])
        nav.push(page, animated: false)
        // A tap on the page's own panel.
        nav.handle(.pointer(PointerInput(phase: .down, id: 1, device: .mouse, position: Point(x: 300, y: 350))), atMilliseconds: t)
        t += 50
        nav.handle(.pointer(PointerInput(phase: .up, id: 1, device: .mouse, position: Point(x: 302, y: 351))), atMilliseconds: t)
        XCTAssertEqual(page.tapped, ["panel"])
        // Where the system back button would be, nothing: the page shows its own.
        nav.handle(.pointer(PointerInput(phase: .down, id: 1, device: .mouse, position: Point(x: 30, y: 28))), atMilliseconds: t)
        t += 50
        nav.handle(.pointer(PointerInput(phase: .up, id: 1, device: .mouse, position: Point(x: 30, y: 28))), atMilliseconds: t)
        settle(nav)
        XCTAssertEqual(ids(nav), ["a", "b"])
        // The swipe still works with the system button hidden.
        drag(nav, from: 4, to: 400)
        settle(nav)
        XCTAssertEqual(ids(nav), ["a"])
    }

    func testANavigatorDroppedWithItsPagesAndObserversLeavesNothingBehind() throws {
        weak var weakNavigator: Navigator?
        weak var weakRoot: Page?
        weak var weakTop: Page?
        weak var weakToken: ObservationToken?
        do {
            let root = RecordingPage(id: "a", title: "A"), top = RecordingPage(id: "b", title: "B")
            let nav = try navigator([Navigator.Stack(root: .page(root))])
            nav.push(top, animated: false)
            top.token = nav.observeInteractivePop(owner: top) { [weak top] _ in top?.setNeedsDisplay() }
            drag(nav, from: 4, to: 200, release: false) // mid-swipe: a transition holds both pages
            (weakNavigator, weakRoot, weakTop, weakToken) = (nav, root, top, top.token)
        }
        XCTAssertNil(weakNavigator, "no cycle between the navigator, its model and the transition")
        XCTAssertNil(weakRoot)
        XCTAssertNil(weakTop)
        XCTAssertNil(weakToken)
    }

    func testAVetoThatChangesTheStackMakesTheSwipeFailInsteadOfCrashing() throws {
        let nav = try navigator([Navigator.Stack(root: .page(Page(id: "a", title: "A")))])
        let b = Page(id: "b", title: "B")
        b.shouldBeginInteractivePop = { [unowned nav] _ in nav.pop(animated: false); return true }
        nav.push(b, animated: false)
        drag(nav, from: 4, to: 400)
        settle(nav)
        XCTAssertEqual(ids(nav), ["a"], "the veto's own pop happened; the swipe did not begin on the root")
    }

    func testUnknownStacksAreReportedAndASwitchSetByAToggleOutlivesThePop() throws {
        let nav = try navigator([Navigator.Stack(root: .page(Page(id: "a", title: "A")))])
        XCTAssertFalse(nav.push(Page(id: "x", title: "X"), on: "nope"))
        XCTAssertFalse(nav.pop(stack: "nope"))
        XCTAssertTrue(nav.pop(stack: "main"), "at the root: a known stack, nothing popped")
        let b = Page(id: "b", title: "B", elements: [PageElement(id: "swipe", kind: .toggle(label: "Swipe", bind: "interactivePop"),
                                                                 frame: Rect(x: 0, y: 100, width: 800, height: 48))])
        nav.push(b, animated: false)
        nav.handle(.pointer(PointerInput(phase: .down, id: 1, device: .mouse, position: Point(x: 400, y: 124))), atMilliseconds: t)
        t += 30
        nav.handle(.pointer(PointerInput(phase: .up, id: 1, device: .mouse, position: Point(x: 400, y: 124))), atMilliseconds: t)
        XCTAssertFalse(b.interactivePopEnabled, "the toggle turned it off")
        nav.pop(animated: false)
        XCTAssertFalse(b.interactivePopEnabled, "still off once popped")
        XCTAssertTrue(nav.push(b, animated: false), "a popped page may be pushed again")
        drag(nav, from: 4, to: 400)
        settle(nav)
        XCTAssertEqual(ids(nav), ["a", "b"], "and it keeps its switch")
    }

    func testAnAppReadsAndSetsTheLayoutScaleAndTheEdgeAndTapsFollowIt() throws {
        let root = RecordingPage(id: "root", title: "Root"), top = RecordingPage(id: "top", title: "Top")
        let navigator = try navigator([Navigator.Stack(root: .page(root))])
        navigator.push(top, animated: false)
        XCTAssertEqual(navigator.layoutScale, 1, "1 until a window sets it")
        func tap(y: Double) {
            navigator.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 300, y: y))), atMilliseconds: t)
            t += 30
            navigator.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: 300, y: y))), atMilliseconds: t)
            t += 30
        }
        // The page's own element lies at layout y 300...400: px 500 misses it at scale 1.
        tap(y: 500)
        XCTAssertEqual(top.tapped, [])
        // A drag from x = 25 is outside the 20 px edge at scale 1.
        drag(navigator, from: 25, to: 625)
        settle(navigator)
        XCTAssertEqual(navigator.stack(id: "main")?.pages.count, 2)
        navigator.layoutScale = 1.5
        XCTAssertEqual(navigator.layoutScale, 1.5)
        // At 1.5 the element is at px 450...600 and the edge 30 px wide.
        tap(y: 500)
        XCTAssertEqual(top.tapped, ["panel"])
        drag(navigator, from: 25, to: 625)
        settle(navigator)
        XCTAssertEqual(navigator.stack(id: "main")?.pages.count, 1, "x = 25 is inside the 30 px edge: popped")
    }
}
