// SPDX-License-Identifier: Apache-2.0
@testable import SwipeBackCore

/// A host for arena members with no app model: one stack kept by a real `StackNavigation`, pages
/// by id, hit tests from fixed tables. It writes down every intent, and carries out the swipe's
/// and the pops on its navigation so a member sees its own effects.
final class FakeArenaContext: ArenaContext {
    let arena = GestureArena()
    let navigation = StackNavigation()
    var settings = ArenaSettings(configuration: Configuration(), direction: .leftToRight, layoutScale: 1)
    /// Definitions by page id; a page not here is a plain one with a header and the system back button.
    var pages: [String: PageDefinition] = [:]
    /// Element frames of the top page, in page px, by page id.
    var elementFrames: [String: [Rect]] = [:]
    /// The answer of every veto asked; nil: no veto.
    var veto: Bool?
    /// The vetoes asked, as (stack index, down point).
    private(set) var vetoesAsked: [(Int, Point)] = []
    /// Every intent, in order.
    private(set) var intents: [ArenaIntent] = []

    /// One stack `frame` of `pageIDs`, bottom to top.
    init(stack pageIDs: [String], frame: Rect = Rect(x: 0, y: 0, width: 800, height: 600)) {
        navigation.stacks = [NavigationStack(id: "main", frame: frame, pages: pageIDs.map { navigation.makeInstance($0) })]
    }

    var stacks: [NavigationStack] { navigation.stacks }

    func page(_ instance: PageInstance) -> PageDefinition { pages[instance.pageID] ?? PageDefinition(id: instance.pageID) }

    func elementFrames(stackIndex: Int) -> [Rect] { elementFrames[stacks[stackIndex].top.pageID] ?? [] }

    func elementHit(stackIndex: Int, at point: Point) -> Int? {
        let local = stacks[stackIndex].frame.localPoint(point)
        return elementFrames(stackIndex: stackIndex).lastIndex { $0.contains(local) }
    }

    func customElementHit(stackIndex: Int, at point: Point) -> String? { nil }

    func systemBackButtonFrame(stackIndex: Int) -> Rect? {
        stacks[stackIndex].isAtRoot ? nil : Rect(x: 0, y: 0, width: 100, height: settings.headerHeight)
    }

    func scrollOffset(stackIndex: Int) -> Double { 0 }

    func maxScrollOffset(stackIndex: Int) -> Double { 0 }

    func controlValue(stackIndex: Int, element: Int) -> Double { 0 }

    func shouldBeginInteractivePop(stackIndex: Int, at downPoint: Point, atMilliseconds t: Double) -> Bool? {
        vetoesAsked.append((stackIndex, downPoint))
        return veto
    }

    func perform(_ intent: ArenaIntent, atMilliseconds t: Double) {
        intents.append(intent)
        switch intent {
        case .beginInteractivePop(let index, let direction, let progress):
            navigation.beginInteractivePop(stackIndex: index, direction: direction, progress: progress, t)
        case .followFinger(let index, let progress, let drawn, let verticalTravel, let velocity):
            navigation.followFinger(stackIndex: index, progress: progress, drawn: drawn, verticalTravel: verticalTravel,
                                    velocity: velocity, t)
        case .releaseInteractivePop(let index, let progress, let velocity):
            navigation.releaseInteractivePop(stackIndex: index, progress: progress, velocity: velocity, t)
        case .cancelInteractivePop(let index):
            navigation.cancelInteractivePop(stackIndex: index, t)
        case .pop(let index), .activate(let index, _, _, .pop):
            navigation.request(.pop(animated: false), stackIndex: index, t)
        default:
            break
        }
    }

    /// A sequence of a finger down at `point` on the stack, as the app model opens one.
    func down(_ id: Int, at point: Point, atMilliseconds t: Double) -> ArenaSequence {
        let sequence = ArenaSequence(id: id, device: .touch, downPoint: point, isTouchpad: false)
        sequence.tracker.addSample(timeMilliseconds: t, position: point)
        sequence.directionAtDown = settings.direction
        sequence.stackIndex = 0
        sequence.pageAtDown = stacks[0].top
        sequence.elementAtDown = elementHit(stackIndex: 0, at: point)
        arena.open(sequence, in: self, atMilliseconds: t)
        return sequence
    }
}
