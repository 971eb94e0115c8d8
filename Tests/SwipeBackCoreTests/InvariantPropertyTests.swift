// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore
import SwipeBackTestSupport
import SwipeBackFormats

/// Thousands of random input sequences, each checked against the engine's invariants.
final class InvariantPropertyTests: XCTestCase {
    /// A seeded generator, so a failure names a seed that reproduces it.
    typealias SeededGenerator = SplitMix64

    private enum Appearance { case hidden, appearing, visible, disappearing }

    private func randomLines(_ rng: inout SeededGenerator, stacks: [StackDescription]) -> [ScenarioLine] {
        var lines: [ScenarioLine] = []
        var t = 0.0
        var down: [Int: Point] = [:]
        var nextPage = 0
        var startedRight: [Int: Bool] = [:]
        for _ in 0..<Int.random(in: 20...60, using: &rng) {
            t += [0, 1, 8, 16, 30, 50, 200].randomElement(using: &rng)!
            let stack = stacks.randomElement(using: &rng)!
            let frame = stack.frame ?? Rect(x: 0, y: 0, width: 800, height: 600)
            let event: InputEvent
            switch Int.random(in: 0..<142, using: &rng) {
            case 0..<18, 113..<132:
                let id = Int.random(in: 1...3, using: &rng)
                let p: Point
                switch Int.random(in: 0..<20, using: &rng) / 4 {
                case 0: p = Point(x: frame.x + Double.random(in: 0..<25, using: &rng), y: Double.random(in: 0..<600, using: &rng))
                case 1: p = Point(x: frame.maxX - Double.random(in: 0..<25, using: &rng), y: Double.random(in: 0..<600, using: &rng))
                // On a back button (a long press, or a tap), or on a row of an open history menu.
                case 2: p = Point(x: Bool.random(using: &rng) ? frame.x + 30 : frame.maxX - 30, y: 28)
                case 3: p = Point(x: frame.x + Double.random(in: 0..<frame.width, using: &rng), y: 56 + 44 * Double(Int.random(in: 0...3, using: &rng)) + 22)
                default: p = Point(x: Double.random(in: 0..<800, using: &rng), y: Double.random(in: 0..<600, using: &rng))
                }
                down[id] = p
                startedRight[id] = p.x > frame.x + frame.width / 2
                event = .pointer(PointerInput(phase: .down, id: id, device: .touch, position: p))
            case 18..<60:
                // Sorted: a dictionary's order changes from run to run, and a seed must replay the same session.
                guard let id = down.keys.sorted().randomElement(using: &rng), let p = down[id] else { continue }
                // Mostly away from the edge the finger started at: toward popping, or toward going forward.
                let dx = startedRight[id] == true ? Double.random(in: -220...60, using: &rng) : Double.random(in: -60...220, using: &rng)
                let q = Point(x: p.x + dx, y: p.y + Double.random(in: -30...30, using: &rng))
                down[id] = q
                event = .pointer(PointerInput(phase: .move, id: id, device: .touch, position: q))
            case 60..<72:
                // Sorted: a dictionary's order changes from run to run, and a seed must replay the same session.
                guard let id = down.keys.sorted().randomElement(using: &rng), let p = down[id] else { continue }
                down[id] = nil
                event = .pointer(PointerInput(phase: .up, id: id, device: .touch, position: p))
            case 72..<76:
                let id = Int.random(in: 1...3, using: &rng)
                down[id] = nil
                event = .pointer(PointerInput(phase: .cancel, id: id, device: .touch, position: Point(x: 0, y: 0)))
            case 76..<84:
                nextPage += 1
                event = .push(stack: stack.id, page: "P\(nextPage)", animated: Bool.random(using: &rng))
            case 84..<90:
                event = .pop(stack: stack.id, animated: Bool.random(using: &rng))
            case 90..<92:
                event = .popToRoot(stack: stack.id, animated: Bool.random(using: &rng))
            case 92..<96:
                let page = (["A", "B"] + (0...nextPage).map { "P\($0)" }).randomElement(using: &rng)!
                event = .setPage(page: page, change: PageChange(interactivePop: Bool.random(using: &rng)))
            case 96..<98:
                event = .focus(false)
            case 98..<100:
                event = .resize(width: Double.random(in: 300...1600, using: &rng), height: 600)
            case 100..<104:
                event = .key(["Alt+Right", "XF86Forward", "Escape", "Alt+Left"].randomElement(using: &rng)!)
            case 104..<107:
                event = .button([8, 9].randomElement(using: &rng)!)
            case 107..<109:
                event = .goForward(stack: stack.id, animated: Bool.random(using: &rng))
            case 109..<110, 132..<142:
                // Whole gestures with their own finger (id 9), mixed in among the rest: a tap on a
                // menu row, or a drag from the trailing edge (a forward swipe, when the list allows).
                let tap = Bool.random(using: &rng)
                let y = tap ? 56 + 44 * Double(Int.random(in: 0...2, using: &rng)) + 22 : Double.random(in: 100..<500, using: &rng)
                let start = Point(x: tap ? frame.x + 100 : (Bool.random(using: &rng) ? frame.maxX - 5 : frame.x + 5), y: y)
                let sign = start.x > frame.x + frame.width / 2 ? -1.0 : 1.0
                let steps = tap ? 0 : Int.random(in: 2...6, using: &rng)
                lines.append(ScenarioLine(timeMilliseconds: t, event: .pointer(PointerInput(phase: .down, id: 9, device: .touch, position: start)),
                                          lineNumber: lines.count + 2))
                var x = start.x
                for _ in 0..<steps {
                    t += 16
                    x += sign * Double.random(in: 20...120, using: &rng)
                    lines.append(ScenarioLine(timeMilliseconds: t, event: .pointer(PointerInput(phase: .move, id: 9, device: .touch,
                                                                                                 position: Point(x: x, y: y))),
                                              lineNumber: lines.count + 2))
                }
                t += [16, 200].randomElement(using: &rng)!
                event = .pointer(PointerInput(phase: .up, id: 9, device: .touch, position: Point(x: x, y: y)))
            default:
                // A right-click on a back button (or anywhere): it opens or closes the history menu.
                let x = Bool.random(using: &rng) ? frame.x + 30 : Double.random(in: 0..<800, using: &rng)
                event = .pointer(PointerInput(phase: .down, id: 50, device: .mouse, position: Point(x: x, y: 28), button: 3))
                if Bool.random(using: &rng) {
                    // Then, often, a tap on one of its rows.
                    lines.append(ScenarioLine(timeMilliseconds: t, event: event, lineNumber: lines.count + 2))
                    let row = Point(x: frame.x + 100, y: 56 + 44 * Double(Int.random(in: 0...2, using: &rng)) + 22)
                    t += 100
                    lines.append(ScenarioLine(timeMilliseconds: t, event: .pointer(PointerInput(phase: .down, id: 9, device: .touch, position: row)),
                                              lineNumber: lines.count + 2))
                    t += 50
                    lines.append(ScenarioLine(timeMilliseconds: t, event: .pointer(PointerInput(phase: .up, id: 9, device: .touch, position: row)),
                                              lineNumber: lines.count + 2))
                    continue
                }
            }
            lines.append(ScenarioLine(timeMilliseconds: t, event: event, lineNumber: lines.count + 2))
        }
        // Every finger lifts at the end, so every swipe has its end.
        for id in down.keys.sorted() {
            t += 16
            lines.append(ScenarioLine(timeMilliseconds: t, event: .pointer(PointerInput(phase: .up, id: id, device: .touch, position: down[id]!)),
                                      lineNumber: lines.count + 2))
        }
        return lines
    }

    func testRandomSessionsKeepTheInvariants() {
        let home = PageDefinition(id: "A", elements: [
            PageElement(id: "next", kind: .button(label: "Next", action: .push("B")), frame: Rect(x: 40, y: 200, width: 200, height: 48)),
            PageElement(id: "slider", kind: .slider(value: 0.5), frame: Rect(x: 0, y: 400, width: 300, height: 40)),
        ])
        let layouts: [[StackDescription]] = [
            [StackDescription(id: "main", frame: nil, pages: ["A", "B"])],
            [StackDescription(id: "left", frame: Rect(x: 0, y: 0, width: 400, height: 600), pages: ["A", "B"]),
             StackDescription(id: "right", frame: Rect(x: 400, y: 0, width: 400, height: 600), pages: ["A", "Q"])],
        ]
        var checkedLines = 0
        var counts: [String: Int] = [:]
        for seed in 0..<3000 {
            var rng = SeededGenerator(seed: UInt64(seed))
            let stacks = layouts[seed % 2]
            var configuration = Configuration()
            configuration.forwardSwipe = seed % 3 != 0
            configuration.forwardHistory = [10, 3, 1, 0][seed % 4]
            let lines = randomLines(&rng, stacks: stacks)
            var log: [EventLogEntry] = []
            let scenario = Scenario(windowWidth: 800, windowHeight: 600, direction: seed % 5 == 0 ? .rightToLeft : .leftToRight,
                                    configuration: configuration, document: PagesDocument(pages: ["A": home], stacks: stacks),
                                    lines: lines)
            let model = ScenarioRunner.run(scenario, measurer: FixedContentMeasurer()) { log.append(EventLogEntry($0)) }
            checkedLines += log.count
            for entry in log {
                let key = entry.type == "gesture" ? "gesture " + (entry["kind"] != nil ? "forward " : "")
                    + (entry["decision"]?.stringValue ?? entry["phase"]!.stringValue!)
                    : entry.type == "stack" ? "stack " + entry["op"]!.stringValue! + (entry["forward"] != nil ? " forward" : "")
                    : entry.type == "forward" || entry.type == "menu" ? entry.type + " " + (entry["result"] ?? entry["phase"])!.stringValue!
                    : entry.type
                counts[key, default: 0] += 1
            }
            check(log, model: model, stacks: stacks, forwardHistory: configuration.forwardHistory, seed: seed)
            if testRun?.failureCount ?? 0 > 0 {
                // Print the failing session: its input and its log, for the record.
                for line in lines { print("in  \(line.timeMilliseconds) \(line.event.map { "\($0)" } ?? "end")") }
                for entry in log { print("log \(entry.timeMilliseconds) \(entry.type) \(entry.fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))") }
                return
            }
        }
        XCTAssertGreaterThan(checkedLines, 20_000)
        // The sessions reach every kind of outcome, many times.
        print("random sessions: \(counts.sorted { $0.key < $1.key })")
        for kind in ["gesture began", "gesture commit", "gesture cancel", "gesture cancelled", "stack push", "stack pop",
                     "stack popToRoot", "action", "control", "forward handled", "forward ignored", "stack push forward",
                     "gesture forward commit", "gesture forward cancel", "menu opened", "menu closed", "stack popTo"] {
            XCTAssertGreaterThan(counts[kind, default: 0], 50, kind)
        }
    }

    private func check(_ log: [EventLogEntry], model: AppModel, stacks: [StackDescription], forwardHistory: Int, seed: Int) {
        var openGestures: [String: Int] = [:]
        // The forward lists as the log tells them, nearest first; and the open menu's items.
        var forward: [String: [String]] = [:]
        var menu: [String]?
        var forwardPushDue: Set<String> = []
        var appearance: [String: [String: Appearance]] = [:]
        var pages: [String: [String]] = Dictionary(uniqueKeysWithValues: stacks.map { ($0.id, $0.pages) })
        for stack in stacks { for page in stack.pages { appearance[stack.id, default: [:]][page] = .hidden } }
        func fail(_ message: String) { XCTFail("seed \(seed): \(message)") }
        func checkFinite(_ value: LogValue) {
            switch value {
            case .number(let n): if !n.isFinite { fail("a number is not finite") }
            case .array(let items): items.forEach(checkFinite)
            case .object(let fields): fields.forEach { checkFinite($0.1) }
            default: break
            }
        }
        for entry in log {
            checkFinite(.object(entry.fields))
            if !entry.timeMilliseconds.isFinite { fail("t is not finite") }
            let stack = entry["stack"]?.stringValue ?? ""
            switch entry.type {
            case "gesture":
                let progress = entry["progress"]!.numberValue!
                if !(0...1).contains(progress) { fail("progress \(progress) outside 0...1") }
                switch entry["phase"]!.stringValue! {
                case "began":
                    if openGestures[stack, default: 0] != 0 { fail("began while a gesture runs on \(stack)") }
                    openGestures[stack, default: 0] += 1
                case "changed":
                    if openGestures[stack, default: 0] != 1 { fail("changed outside a gesture") }
                case "ended", "cancelled":
                    if openGestures[stack, default: 0] != 1 { fail("end without a began") }
                    openGestures[stack] = 0
                default: fail("unknown phase")
                }
            case "lifecycle":
                let page = entry["page"]!.stringValue!
                let state = appearance[stack]?[page] ?? .hidden
                let next: Appearance?
                switch (entry["phase"]!.stringValue!, state) {
                case ("willAppear", .hidden), ("willAppear", .disappearing): next = .appearing
                case ("didAppear", .appearing): next = .visible
                case ("willDisappear", .visible), ("willDisappear", .appearing): next = .disappearing
                case ("didDisappear", .disappearing): next = .hidden
                default: next = nil
                }
                guard let next else { fail("\(entry["phase"]!.stringValue!) of \(page) when \(state)"); continue }
                appearance[stack, default: [:]][page] = next
            case "stack":
                let before = pages[stack] ?? []
                guard case .array(let after)? = entry["pages"] else { fail("stack line without pages"); continue }
                let result = after.compactMap(\.stringValue)
                let page = entry["page"]!.stringValue!
                let isForward = entry["forward"]?.boolValue == true
                if forwardPushDue.remove(stack) != nil && !isForward { fail("a handled forward command's push is not a forward push") }
                switch entry["op"]!.stringValue! {
                case "push":
                    if result != before + [page] { fail("push gave \(result) from \(before)") }
                    if isForward {
                        // A forward push brings the list's first page back.
                        if forward[stack]?.first != page { fail("forward push of \(page) with the list \(forward[stack] ?? [])") }
                        forward[stack] = Array((forward[stack] ?? []).dropFirst())
                    } else {
                        forward[stack] = [] // any other push clears the list
                    }
                case "pop", "popToRoot", "popTo":
                    let op = entry["op"]!.stringValue!
                    let expected = op == "pop" ? Array(before.dropLast()) : op == "popToRoot" ? Array(before.prefix(1)) : result
                    if result != expected || before.count < 2 || result.count >= before.count || Array(before.prefix(result.count)) != result {
                        fail("\(op) gave \(result) from \(before)")
                    }
                    if op == "popTo" && result.last != page { fail("popTo \(page) gave \(result)") }
                    // The removed pages go to the front of the list, nearest first, up to forwardHistory.
                    forward[stack] = Array((Array(before.dropFirst(result.count)) + (forward[stack] ?? [])).prefix(forwardHistory))
                default: fail("unknown op")
                }
                if result.isEmpty { fail("popped below the root") }
                pages[stack] = result
            case "forward":
                let handled = entry["result"]!.stringValue! == "handled"
                if handled && (forward[stack] ?? []).isEmpty { fail("forward handled with an empty list on \(stack)") }
                if !handled && entry["source"]!.stringValue! == "swipe" { fail("a forward swipe is logged only when it begins") }
                if handled && entry["source"]!.stringValue! != "swipe" { forwardPushDue.insert(stack) }
            case "menu":
                if entry["phase"]!.stringValue! == "opened" {
                    if menu != nil { fail("a second menu opened") }
                    guard case .array(let items)? = entry["items"] else { fail("menu without items"); continue }
                    menu = items.compactMap(\.stringValue)
                    if menu != Array((pages[stack] ?? []).dropLast().reversed()) { fail("menu \(menu!) on \(pages[stack] ?? [])") }
                } else {
                    guard let open = menu else { fail("a menu closed that was not open"); continue }
                    if let chosen = entry["chosen"]?.stringValue, !open.contains(chosen) { fail("chose \(chosen) from \(open)") }
                    menu = nil
                }
            default:
                break
            }
        }
        // The replay drained: every gesture ended, every page settled, the stacks are what the stack lines say.
        for (stack, open) in openGestures where open != 0 { fail("gesture on \(stack) never ended") }
        for stack in model.stacks {
            if stack.transition != nil { continue } // a settle longer than the drain limit is allowed
            XCTAssertEqual(stack.pages.map(\.pageID), pages[stack.id], "seed \(seed): stack changed without a stack line")
            XCTAssertEqual(stack.forwardPages.map(\.pageID), forward[stack.id] ?? [], "seed \(seed): the forward list of \(stack.id)")
            for (page, state) in appearance[stack.id] ?? [:] {
                let expected: Appearance = page == stack.top.pageID ? .visible : .hidden
                if state != expected { fail("\(page) on \(stack.id) ends \(state), expected \(expected)") }
            }
        }
    }
}
