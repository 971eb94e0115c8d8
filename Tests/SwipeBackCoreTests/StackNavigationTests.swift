// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore
import SwipeBackTestSupport

/// The navigation of the stacks on its own (no input, no arena): operations now or after the
/// running transition, the forward list, and the absorbed pop of a committing swipe.
final class StackNavigationTests: XCTestCase {
    private var log: [AppEvent] = []
    /// The model the navigation belongs to, kept alive for the test: the navigation holds it
    /// unowned (issue 28 asks for that back-pointer to go).
    private var owner: AppModel?

    private func navigation(_ pages: [String] = ["A"]) -> StackNavigation {
        let model = makeModel(pages)
        owner = model
        return model.navigation
    }

    private func makeModel(_ pages: [String]) -> AppModel {
        let definitions = Dictionary(uniqueKeysWithValues: ["A", "B", "C", "D"].map { ($0, PageDefinition(id: $0)) })
        return TestModels.model(pages: definitions, stack: pages) { [unowned self] in self.log.append($0.event) }
    }

    private func pages(_ navigation: StackNavigation) -> [String] { navigation.stacks[0].pages.map(\.pageID) }

    /// Ticks the settles in 16 ms steps until no transition runs; returns the time reached.
    private func settle(_ navigation: StackNavigation, from t: Double) -> Double {
        var now = t
        while navigation.stacks[0].transition != nil, now < t + 5000 {
            now += 16
            navigation.advanceSettles(to: now)
        }
        return now
    }

    func testAnOperationDuringATransitionWaitsForItAndThenRunsInOrder() {
        let navigation = navigation()
        navigation.request(.push(pageID: "B", animated: true), stackIndex: 0, 0)
        XCTAssertEqual(navigation.stacks[0].transition?.kind, .push)
        navigation.request(.push(pageID: "C", animated: false), stackIndex: 0, 5)
        navigation.request(.pop(animated: false), stackIndex: 0, 6)
        XCTAssertEqual(pages(navigation), ["A"], "B comes in; the stack changes when its transition ends, the rest waits")
        XCTAssertEqual(navigation.stacks[0].queued.count, 2)
        _ = settle(navigation, from: 6)
        XCTAssertEqual(pages(navigation), ["A", "B"], "C was pushed, then popped, in order")
        XCTAssertTrue(navigation.stacks[0].queued.isEmpty)
        let stackLines = log.compactMap { event -> String? in
            guard case .stack(_, let operation, let page, let pages, _) = event else { return nil }
            return "\(operation) \(page) \(pages.joined(separator: ","))"
        }
        XCTAssertEqual(stackLines, ["push B A,B", "push C A,B,C", "pop C A,B"])
    }

    func testAPoppedPageWaitsInTheForwardListUntilAnotherPush() {
        let navigation = navigation(["A", "B", "C"])
        navigation.perform(.pop(animated: false), stackIndex: 0, 0)
        navigation.perform(.pop(animated: false), stackIndex: 0, 1)
        XCTAssertEqual(navigation.stacks[0].forwardPages.map(\.pageID), ["B", "C"], "nearest first")
        navigation.perform(.forward(animated: false), stackIndex: 0, 2)
        XCTAssertEqual(pages(navigation), ["A", "B"])
        XCTAssertEqual(navigation.stacks[0].forwardPages.map(\.pageID), ["C"])
        navigation.perform(.push(pageID: "D", animated: false), stackIndex: 0, 3)
        XCTAssertTrue(navigation.stacks[0].forwardPages.isEmpty, "a new page clears the forward list")
    }

    func testAPopRequestedWhileACommittingSwipeSettlesIsAbsorbedByIt() {
        let navigation = navigation(["A", "B", "C"])
        navigation.beginInteractivePop(stackIndex: 0, direction: .leftToRight, progress: 0.1, 0)
        navigation.releaseInteractivePop(stackIndex: 0, progress: 0.7, velocity: 2000, 100)
        // App code pops while the swipe settles toward the pop: that pop is the swipe's own.
        navigation.request(.pop(animated: false), stackIndex: 0, 110)
        _ = settle(navigation, from: 110)
        XCTAssertEqual(pages(navigation), ["A", "B"], "one pop, not two: B, which the swipe revealed, stays")
    }
}
