// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore
import SwipeBackTestSupport

/// The navigation of the stacks on its own (no input, no arena): operations now or after the
/// running transition, the forward list, and the absorbed pop of a committing swipe.
final class StackNavigationTests: XCTestCase {
    /// The events navigation reported, in order.
    private var log: [AppEvent] = []
    /// Everything it reported, in order.
    private var reports: [NavigationReport] = []

    /// Navigation on its own, no engine: one 800x600 stack of `pages`, its reports collected.
    private func navigation(_ pages: [String] = ["A"]) -> StackNavigation {
        let navigation = StackNavigation()
        navigation.stacks = [NavigationStack(id: "main", frame: Rect(x: 0, y: 0, width: 800, height: 600),
                                             pages: pages.map { navigation.makeInstance($0) })]
        navigation.report = { [unowned self] report in
            reports.append(report)
            if case .event(_, let event) = report { log.append(event) }
        }
        return navigation
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

    /// Navigation reports, in order, what the engine acts on: the delegate's calls after their
    /// lines, and released pages with their instances (no back-pointer to the engine).
    func testAPushAndAPopReportLinesThenTheDelegatesCallsAndReleaseThePoppedPage() {
        let navigation = navigation(["A"])
        navigation.request(.push(pageID: "B", animated: false), stackIndex: 0, 0)
        var described: [String] = reports.map { report in
            switch report {
            case .event(_, .lifecycle(_, let page, let phase)): return "line \(page) \(phase)"
            case .event(_, .stack(_, let operation, let page, _, _)): return "line \(operation) \(page)"
            case .event: return "line"
            case .closeHistoryMenu(_, let stackID): return "close menu on \(stackID ?? "any")"
            case .created(let instance, _): return "created \(instance.pageID)"
            case .lifecycle(let phase, let instance, _): return "delegate \(instance.pageID) \(phase)"
            case .interactivePop: return "interactive pop"
            case .leftStack(let instances): return "left \(instances.map(\.pageID))"
            case .released(let instances, _): return "released \(instances.map(\.pageID))"
            case .gestureShown: return "gesture shown"
            }
        }
        XCTAssertEqual(described, ["close menu on main", "created B",
                                   "line A willDisappear", "delegate A willDisappear", "line B willAppear", "delegate B willAppear",
                                   "line A didDisappear", "delegate A didDisappear", "line B didAppear", "delegate B didAppear",
                                   "line push B"])
        reports = []
        var configuration = Configuration()
        configuration.forwardHistory = 0
        navigation.context.configuration = configuration
        navigation.request(.pop(animated: false), stackIndex: 0, 1)
        described = reports.compactMap { report in
            switch report {
            case .leftStack(let instances): return "left \(instances.map(\.pageID))"
            case .released(let instances, _): return "released \(instances.map(\.pageID))"
            default: return nil
            }
        }
        XCTAssertEqual(described, ["left [\"B\"]", "released [\"B\"]"], "with no forward history the popped page goes for good")
        XCTAssertEqual(pages(navigation), ["A"])
    }
}
