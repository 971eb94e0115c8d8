// SPDX-License-Identifier: Apache-2.0
import SwipeBack
import XCTest

/// Forward and history through the Swift API: `canGoForward`, `goForward`, `popTo`, the forward
/// list's hold on Swift pages, and observers of the forward swipe.
final class ForwardAPITests: XCTestCase {
    final class CountingPage: Page {
        var calls: [String] = []
        override func willAppear() { calls.append("willAppear") }
        override func didAppear() { calls.append("didAppear") }
        override func willDisappear() { calls.append("willDisappear") }
        override func didDisappear() { calls.append("didDisappear") }
    }

    private var t = 0.0

    private func navigator(_ configure: (inout Configuration) -> Void = { _ in }) -> Navigator {
        var configuration = Configuration()
        configure(&configuration)
        return Navigator(stacks: [Navigator.Stack(root: .page(Page(id: "root", title: "Root")))], configuration: configuration,
                         width: 800, height: 600, measurer: FixedContentMeasurer())
    }

    private func settle(_ navigator: Navigator) {
        while navigator.needsFrames { t += 1000.0 / 60; navigator.tick(atMilliseconds: t) }
    }

    private func drag(_ navigator: Navigator, from x0: Double, to x1: Double, steps: Int = 8) {
        navigator.handle(.pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: x0, y: 300))), atMilliseconds: t)
        for i in 1...steps {
            t += 16
            navigator.handle(.pointer(PointerInput(phase: .move, id: 1, device: .touch,
                                                   position: Point(x: x0 + (x1 - x0) * Double(i) / Double(steps), y: 300))), atMilliseconds: t)
        }
        navigator.handle(.pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: x1, y: 300))), atMilliseconds: t)
    }

    private func ids(_ navigator: Navigator) -> [String] { navigator.stack(id: "main")!.pages.map(\.pageID) }

    func testGoForwardBringsTheSameSwiftPageBackWithAPushsLifecycle() {
        let nav = navigator()
        let page = CountingPage(id: "detail", title: "Detail")
        XCTAssertFalse(nav.canGoForward())
        XCTAssertFalse(nav.goForward(), "nothing to go forward to")
        nav.push(page)
        settle(nav)
        nav.pop()
        settle(nav)
        XCTAssertTrue(nav.canGoForward())
        XCTAssertTrue(page.navigator === nav, "it waits in the forward list")
        page.calls = []
        XCTAssertTrue(nav.goForward())
        settle(nav)
        XCTAssertEqual(ids(nav), ["root", "detail"])
        XCTAssertTrue(nav.swiftPages(on: "main").last === page, "the same object is back on the stack")
        XCTAssertEqual(page.calls, ["willAppear", "didAppear"])
        XCTAssertFalse(nav.canGoForward())
        XCTAssertFalse(nav.canGoForward(on: "nowhere"))
        XCTAssertFalse(nav.goForward(on: "nowhere"))
    }

    func testPopToPopsOnceWithOnlyTheTopAndTheTargetsLifecycle() {
        let nav = navigator()
        let pages = (1...4).map { CountingPage(id: "p\($0)", title: "Page \($0)") }
        for page in pages { nav.push(page, animated: false) }
        for page in pages { page.calls = [] }
        var frames = 0
        XCTAssertFalse(nav.popTo(CountingPage(id: "stranger", title: "")), "a page on no stack")
        XCTAssertFalse(nav.popTo(pages[3]), "the top itself")
        XCTAssertTrue(nav.popTo(pages[0]))
        XCTAssertNotNil(nav.stack(id: "main")?.transition, "one animated pop")
        while nav.needsFrames {
            t += 1000.0 / 60
            nav.tick(atMilliseconds: t)
            frames += 1
        }
        XCTAssertGreaterThan(frames, 5, "animated over several frames")
        XCTAssertEqual(ids(nav), ["root", "p1"])
        XCTAssertEqual(pages[3].calls, ["willDisappear", "didDisappear"])
        XCTAssertEqual(pages[0].calls, ["willAppear", "didAppear"])
        XCTAssertEqual(pages[1].calls + pages[2].calls, [], "the pages between are removed without lifecycle calls")
        // They wait in the forward list, nearest first: forward brings p2, then p3, then p4.
        for expected in ["p2", "p3", "p4"] {
            XCTAssertTrue(nav.goForward(animated: false))
            XCTAssertEqual(ids(nav).last, expected)
        }
        XCTAssertTrue(nav.popTo(pageID: "root"))
        settle(nav)
        XCTAssertEqual(ids(nav), ["root"])
        XCTAssertFalse(nav.popTo(pageID: "p9"))
    }

    func testTheForwardListsBoundReleasesTheFarthestPages() {
        let nav = navigator { $0.forwardHistory = 2 }
        weak var farthest: Page?
        var kept: [Page] = []
        do {
            let pages = (1...4).map { Page(id: "p\($0)", title: "") }
            farthest = pages[3]
            kept = [pages[0], pages[1]]
            for page in pages { nav.push(page, animated: false) }
        }
        nav.popToRoot(animated: false)
        XCTAssertNil(farthest, "past the bound of 2, the pages farthest away are let go")
        XCTAssertTrue(kept.allSatisfy { $0.navigator === nav }, "the two nearest wait")
        // A page object in the forward list may be pushed again: it leaves the list.
        nav.push(kept[1], animated: false)
        XCTAssertEqual(ids(nav), ["root", "p2"])
        XCTAssertNil(kept[0].navigator, "the push cleared the rest of the list")
        XCTAssertFalse(nav.canGoForward())
    }

    func testObserversHearTheForwardSwipeByItsKind() {
        let nav = navigator { $0.forwardSwipe = true }
        nav.push(Page(id: "next", title: "Next"), animated: false)
        nav.pop(animated: false)
        var both: [(InteractivePopEvent, SwipeKind)] = [], backOnly: [InteractivePopEvent] = []
        let a = nav.observeSwipes { event, kind in both.append((event, kind)) }
        let b = nav.observeInteractivePop { backOnly.append($0) }
        drag(nav, from: 796, to: 300) // from the trailing edge, fast: forward
        settle(nav)
        XCTAssertEqual(ids(nav), ["root", "next"])
        XCTAssertTrue(backOnly.isEmpty, "the one-argument form hears back swipes only")
        XCTAssertFalse(both.isEmpty)
        XCTAssertTrue(both.allSatisfy { $0.1 == .forward })
        guard case .ended(let progress, _, let decision)? = both.last?.0 else { return XCTFail("\(both)") }
        XCTAssertEqual(decision, .commit)
        XCTAssertEqual(progress, 496.0 / 800, accuracy: 1e-9, "how far the page came in")
        both = []
        drag(nav, from: 4, to: 500) // and back again
        settle(nav)
        XCTAssertEqual(ids(nav), ["root"])
        XCTAssertTrue(both.allSatisfy { $0.1 == .back })
        XCTAssertEqual(backOnly.count, both.count)
        a.cancel()
        b.cancel()
    }
}

