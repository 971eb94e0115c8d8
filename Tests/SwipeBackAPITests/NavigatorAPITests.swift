import SwipeBack
import XCTest

/// The Swift API, through its public surface only.
final class NavigatorAPITests: XCTestCase {
    /// A Swift page that records what happens to it.
    final class RecordingPage: Page {
        var calls: [String] = []
        var tapped: [String] = []
        override func willAppear() { calls.append("willAppear") }
        override func didAppear() { calls.append("didAppear") }
        override func willDisappear() { calls.append("willDisappear") }
        override func didDisappear() { calls.append("didDisappear") }
        override func element(at point: Point) -> String? { point.y > 300 && point.y < 400 ? "panel" : nil }
        override func didTap(_ element: String) { tapped.append(element) }
    }

    private var t = 0.0

    private func navigator(_ stacks: [Navigator.Stack], document: PagesDocument = PagesDocument(pages: [:], stacks: []),
                           log: @escaping (EventLogEntry) -> Void = { _ in }) throws -> Navigator {
        try Navigator(stacks: stacks, document: document, width: 800, height: 600, log: log)
    }

    /// Runs animations to their end on the 60 Hz grid.
    private func settle(_ navigator: Navigator) {
        while navigator.model.needsFrames { t += 1000.0 / 60; navigator.tick(atMilliseconds: t) }
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
        navigator.model.stack(id: stack)?.pages.map(\.pageID) ?? []
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
        XCTAssertNil(top.navigator)
        XCTAssertEqual(root.calls, ["willAppear", "didAppear", "willDisappear", "didDisappear"])
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
}
