// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackCore
@testable import SwipeBackFormats

final class FormatsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    private let header = #"{"scenario": 1, "window": {"width": 800, "height": 600}, "stacks": [{"id": "main", "pages": ["A", "B"]}]}"#

    func testConfigUnknownKeyNamesItAndListsTheValidOnes() throws {
        let path = try write("config.json", #"{"edgeWidht": 30}"#)
        let text = message { _ = try ConfigurationReader.read(path: path) }
        XCTAssertTrue(text.hasPrefix(path + ": "), text)
        XCTAssertTrue(text.contains("unknown key \"edgeWidht\""), text)
        XCTAssertTrue(text.contains("edgeWidth, touchSlop, commitProgress"), text)
    }

    func testConfigOutOfRangeNamesKeyValueAndRange() throws {
        let path = try write("config.json", #"{"commitProgress": 1.5}"#)
        XCTAssertEqual(message { _ = try ConfigurationReader.read(path: path) },
                       "\(path): config: \"commitProgress\" is 1.5, outside 0...1")
        let wrongKind = try write("kind.json", #"{"contentSwipe": 1}"#)
        XCTAssertTrue(message { _ = try ConfigurationReader.read(path: wrongKind) }.contains("\"contentSwipe\" must be true or false"))
    }

    func testBrokenJSONIsReportedWithLineColumnAndWhatWasExpected() throws {
        func error(_ name: String, _ text: String) throws -> String {
            let path = try write(name, text)
            return message { _ = try ConfigurationReader.read(path: path) }.replacingOccurrences(of: path, with: name)
        }
        XCTAssertEqual(try error("comma.json", #"{"dimAlpha": 0.5,}"#),
                       "comma.json:1: not valid JSON at column 18: expected another key after the comma (JSON allows no trailing comma)")
        XCTAssertEqual(try error("truncated.json", "{\"edgeWidth\": 20,\n \"touchSlop\": 8"),
                       "truncated.json:2: not valid JSON at column 16: expected \",\" or \"}\" in the object, found the end of the text")
        XCTAssertEqual(try error("twice.json", "{\"edgeWidth\": 20,\n \"edgeWidth\": 30}"),
                       "twice.json:2: not valid JSON at column 2: expected each key once in an object: \"edgeWidth\" is there twice")
        XCTAssertEqual(try error("empty.json", ""),
                       "empty.json:1: not valid JSON at column 1: expected a value (an object, array, string, number, true, false or null), found the end of the text")
        XCTAssertEqual(try error("nan.json", #"{"dimAlpha": NaN}"#),
                       "nan.json:1: not valid JSON at column 14: expected a value (an object, array, string, number, true, false or null), found \"N\"")
        XCTAssertEqual(try error("huge.json", #"{"dimAlpha": 1e400}"#),
                       "huge.json:1: not valid JSON at column 14: expected a number within ±1.8e308, found 1e400")
        XCTAssertEqual(try error("after.json", "{}\n{}"),
                       "after.json:2: not valid JSON at column 1: expected the end of the text after the JSON value, found \"{\"")
        XCTAssertEqual(try error("string.json", "{\"a\": \"open\n}"),
                       "string.json:1: not valid JSON at column 12: expected no control characters or line breaks inside a string")
        // Commas, brackets and escapes inside strings are text.
        XCTAssertEqual(try JSONValue.parse(#"{"a": [1, 2], "b": ",]\"\u00e9"}"#, file: "f", line: nil),
                       .object(["a": .array([.number(1), .number(2)]), "b": .string(",]\"é")]))
    }

    func testAScenarioLinesJSONErrorNamesItsLineAndCharacter() {
        XCTAssertEqual(message { _ = try JSONValue.parse(#"{"t": 0, "type": "down",}"#, file: "s.jsonl", line: 3) },
                       "s.jsonl:3: not valid JSON at character 25: expected another key after the comma (JSON allows no trailing comma)")
    }

    func testReduceMotionTakesAutoAndBooleansAsJSONOrStrings() throws {
        for (text, expected) in [(#""auto""#, ReduceMotion.auto), ("true", .always), ("false", .never), (#""true""#, .always), (#""false""#, .never)] {
            let path = try write("reduce.json", #"{"reduceMotion": VALUE}"#.replacingOccurrences(of: "VALUE", with: text))
            XCTAssertEqual(try ConfigurationReader.read(path: path).reduceMotion, expected, text)
        }
        XCTAssertEqual(Configuration().reduceMotion, .auto)
        let wrong = try write("reduce.json", #"{"reduceMotion": "sometimes"}"#)
        XCTAssertEqual(message { _ = try ConfigurationReader.read(path: wrong) },
                       "\(wrong): config: \"reduceMotion\" is \"sometimes\"; expected one of: auto, true, false")
        // A boolean is still no answer for a choice without true and false.
        let notPolicy = try write("policy.json", #"{"policy": true}"#)
        XCTAssertNotEqual(message { _ = try ConfigurationReader.read(path: notPolicy) }, "no error")
    }

    func testConfigValuesApply() throws {
        let path = try write("config.json", #"{"edgeWidth": 44, "policy": "projection", "backButtons": [8, 9], "forwardButtons": [], "kioskExitChord": null}"#)
        let c = try ConfigurationReader.read(path: path)
        XCTAssertEqual(c.edgeWidth, 44)
        XCTAssertEqual(c.policy, .projection)
        XCTAssertEqual(c.backButtons, [8, 9])
        XCTAssertEqual(c.touchSlop, 8)
    }

    func testAMouseDownOrUpNamesItsButtonAndTheWriterKeepsIt() throws {
        let line = #"{"t": 5, "type": "down", "id": -2, "device": "mouse", "x": 40, "y": 28, "button": 3}"#
        let scenario = try ScenarioReader.read(path: try write("b.jsonl", header + "\n" + line + "\n"))
        let event = try XCTUnwrap(scenario.lines.first?.event)
        XCTAssertEqual(event, .pointer(PointerInput(phase: .down, id: -2, device: .mouse, position: Point(x: 40, y: 28), button: 3)))
        XCTAssertEqual(ScenarioWriter.line(event, atMilliseconds: 5), line, "record writes the button back")
        XCTAssertEqual(ScenarioWriter.line(.pointer(PointerInput(phase: .down, id: 1, device: .mouse, position: Point(x: 1, y: 2))),
                                           atMilliseconds: 0), #"{"t": 0, "type": "down", "id": 1, "device": "mouse", "x": 1, "y": 2}"#,
                       "button 1 is the default and is not written")
    }

    func testScaleAndDesktopReducedMotionAreInputLinesTheWriterWritesBack() throws {
        let scale = #"{"t": 40, "type": "scale", "value": 1.5}"#
        let motion = #"{"t": 50, "type": "desktopReducesMotion", "value": true}"#
        let scenario = try ScenarioReader.read(path: try write("m.jsonl", header + "\n" + scale + "\n" + motion + "\n"))
        XCTAssertEqual(scenario.lines.map(\.event), [.layoutScale(1.5), .desktopReducesMotion(true)])
        XCTAssertEqual(ScenarioWriter.line(.layoutScale(1.5), atMilliseconds: 40), scale)
        XCTAssertEqual(ScenarioWriter.line(.desktopReducesMotion(true), atMilliseconds: 50), motion)
        let bad = try write("n.jsonl", header + "\n" + #"{"t": 0, "type": "scale", "value": 9}"# + "\n")
        XCTAssertTrue(message { _ = try ScenarioReader.read(path: bad) }
            .hasSuffix(":2: \"value\" is 9; expected a layout scale of 0.5...4 (px per layout unit)"))
    }

    func testScenarioErrorsNameTheLine() throws {
        let cases: [(String, String)] = [
            (header + "\n{\"t\": 0, \"type\": \"down\", \"x\": 1, \"y\": 2}\n{\"t\": 5, \"type\": \"move\", \"x\": 1,", ":3: not valid JSON"),
            (header + "\n{\"t\": 10, \"type\": \"end\"}\n{\"t\": 5, \"type\": \"end\"}", ":3: \"t\" is 5.0, earlier than the line before (10.0)"),
            (header + "\n{\"t\": 1, \"type\": \"jump\"}", ":2: unknown type \"jump\""),
            (header + "\n{\"type\": \"end\"}", ":2: missing \"t\""),
            (header + "\n{\"t\": 0, \"type\": \"down\", \"device\": \"glove\", \"x\": 1, \"y\": 1}", ":2: device is \"glove\""),
            (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "config": {"bogus": 1}, "stacks": [{"pages": ["A"]}]}"#,
             ":1: config: unknown key \"bogus\""),
            (#"{"scenario": 1, "stacks": [{"pages": ["A"]}]}"#, ":1: header: missing \"window\""),
            (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "stacks": [{"id": "a", "pages": ["A"]}, {"id": "b", "pages": ["B"]}]}"#,
             "needs a \"frame\" when there are several stacks"),
            (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "stacks": [{"id": "a", "frame": [400, 0, 800, 600], "pages": ["A"]}, {"id": "b", "frame": [0, 0, 400, 600], "pages": ["B"]}]}"#,
             ":1: header: stack \"a\" frame [400.0, 0.0, 800.0, 600.0] must lie inside the 800.0x600.0 window"),
            (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "pagesFile": "nope.json"}"#, "nope.json: no such file (the pagesFile of "),
            (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "pages": {"root": "a"}, "pagesFile": "p.json"}"#,
             ":1: header: give \"pages\" or \"pagesFile\", not both"),
            (header + "\n{\"t\": 0, \"type\": \"push\", \"stack\": \"side\", \"page\": \"C\"}", ":2: no stack \"side\"; stacks: main"),
            (header + "\n{\"t\": 0, \"type\": \"set\", \"page\": \"Q\", \"interactivePop\": false}", ":2: set: no page \"Q\""),
            (header + "\n{\"t\": 0, \"type\": \"set\", \"page\": \"A\", \"colour\": \"red\"}", ":2: set: unknown page property \"colour\""),
            (header + "\n{\"t\": -5, \"type\": \"end\"}", ":2: \"t\" is -5.0; times are 0 ms or more"),
            (header + "\n{\"t\": 0, \"type\": \"swipe\", \"phase\": \"begin\", \"fingers\": 2}", ":2: \"fingers\" is 2.0"),
            (header + "\n{\"t\": 0, \"type\": \"resize\", \"width\": 100000, \"height\": 10}", ":2: width and height must be 1...32767 px"),
            (header + "\n{\"t\": 0, \"type\": \"down\", \"button\": 3, \"x\": 1, \"y\": 1}", ":2: \"button\" is only for a mouse down or up"),
            (header + "\n{\"t\": 0, \"type\": \"down\", \"device\": \"mouse\", \"button\": 0, \"x\": 1, \"y\": 1}", ":2: \"button\" must be a whole number 1...255"),
            (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "config": {"forwardHistory": 2.5}}"#,
             ":1: config: \"forwardHistory\" is 2.5; expected a whole number of pages"),
            (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "config": {"backButtons": [9]}}"#,
             ":1: config: button 9 is in both \"backButtons\" and \"forwardButtons\"; a button can only do one"),
            (#"{"scenario": 1, "window": {"width": 800, "height": 600}, "config": {"forwardKeys": ["Escape"]}}"#,
             ":1: config: \"Escape\" is in both \"backKeys\" and \"forwardKeys\"; a key can only do one"),
        ]
        for (text, expected) in cases {
            let path = try write("s.jsonl", text)
            let got = message { _ = try ScenarioReader.read(path: path) }
            // A pagesFile's own problem is blamed on the pages document.
            XCTAssertTrue(got.hasPrefix(expected.hasPrefix("nope.json") ? path.replacingOccurrences(of: "s.jsonl", with: "") : path), got)
            XCTAssertTrue(got.contains(expected), "\(got) should contain \(expected)")
        }
    }

    func testScenarioParsesLinesAndDefaults() throws {
        let path = try write("s.jsonl", header + """

            {"t": 0, "type": "down", "x": 4, "y": 300}
            {"t": 16.5, "type": "move", "id": 1, "device": "mouse", "x": 54, "y": 300}
            {"t": 20, "type": "push", "page": "C", "animated": false}
            {"t": 30, "type": "end"}
            """)
        let scenario = try ScenarioReader.read(path: path)
        XCTAssertEqual(scenario.lines.count, 4)
        XCTAssertEqual(scenario.lines[0].event, .pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 4, y: 300))))
        XCTAssertEqual(scenario.lines[1].timeMilliseconds, 16.5)
        XCTAssertEqual(scenario.lines[2].event, .push(stack: "main", page: "C", animated: false))
        XCTAssertNil(scenario.lines[3].event)
        XCTAssertEqual(scenario.lines[3].lineNumber, 5)
        XCTAssertEqual(scenario.document.stacks, [StackDescription(id: "main", frame: nil, pages: ["A", "B"])])
    }

    func testCRLFLineEndingsAndBareFileNames() throws {
        let path = try write("crlf.jsonl", header + "\r\n{\"t\": 0, \"type\": \"end\"}\r\n{\"t\": 1, \"type\": \"jump\"}\r\n")
        XCTAssertTrue(message { _ = try ScenarioReader.read(path: path) }.contains("crlf.jsonl:3: unknown type \"jump\""))
        XCTAssertEqual(TextFile.folder(of: "pages.json"), ".")
        XCTAssertEqual(TextFile.folder(of: "/a/b/pages.json"), "/a/b")
        XCTAssertTrue(message { _ = try ScenarioReader.read(path: self.directory.path) }.hasSuffix(": is a directory, expected a file"))
    }

    func testSetChangesPageProperties() throws {
        let path = try write("set.jsonl", header + "\n{\"t\": 0, \"type\": \"set\", \"page\": \"B\", \"title\": \"New\", \"interactivePop\": false, \"backButton\": \"none\"}")
        let scenario = try ScenarioReader.read(path: path)
        XCTAssertEqual(scenario.lines[0].event, .setPage(page: "B", change: PageChange(title: "New", backButton: BackButtonStyle.none, interactivePop: false)))
    }

    func testPagesErrorsNameThePageAndElement() throws {
        let cases: [(String, String)] = [
            (#"{"root": "a", "pages": {"a": {"elements": [{"type": "text", "text": "x"}, {"type": "video"}]}}}"#,
             "page \"a\" element 1: unknown element type \"video\""),
            (#"{"root": "a", "pages": {"a": {"elements": [{"type": "button", "label": "Go", "action": {"push": "nowhere"}}]}}}"#,
             "page \"a\" element 0: action pushes unknown page \"nowhere\""),
            // A page id with DEL in it (the pages fuzzer's finding) is quoted with it escaped.
            (#"{"root": "a\u007f", "pages": {"a\u007f": {"elements": [{"type": "button", "label": "Go", "action": {"push": "nowhere"}}]}}}"#,
             "page \"a\\u007f\" element 0: action pushes unknown page \"nowhere\""),
            (#"{"root": "a", "pages": {"a": {"elements": [{"type": "image", "src": "missing.png"}]}}}"#,
             "page \"a\" element 0: image \"missing.png\" not found"),
            (#"{"root": "b", "pages": {"a": {}}}"#, "\"root\" names unknown page \"b\""),
            (#"{"stacks": [{"id": "s", "pages": ["a", "z"]}], "pages": {"a": {}}}"#, "stack \"s\" names unknown page \"z\""),
            // A stack id with a carriage return in it (the pages fuzzer's finding) is quoted with it escaped.
            (#"{"stacks": [{"id": "side\r", "pages": ["a"]}, {"id": "main", "pages": ["a"]}], "pages": {"a": {}}}"#,
             "stack \"side\\r\" needs a \"frame\" when there are several stacks"),
            (#"{"root": "a", "pages": {"a": {"elements": [{"type": "image", "src": "notes.txt"}]}}}"#,
             "page \"a\" element 0: image \"notes.txt\" is not a PNG file"),
            (#"{"root": "a", "pages": {"a": {"elements": [{"type": "button", "id": "x", "label": "1", "action": "pop"}, {"type": "button", "id": "x", "label": "2", "action": "pop"}]}}}"#,
             "page \"a\" element 1: duplicate element id \"x\""),
            (#"{"root": "a", "pages": {"a": {"elements": [{"type": "button", "action": "pop"}]}}}"#,
             "page \"a\" element 0: missing \"label\""),
            (#"{"root": "a", "pages": {"a": {"backButton": "fancy"}}}"#, "page \"a\": \"backButton\" is \"fancy\""),
            (#"{"root": "a", "pages": {"a": {"elements": [{"type": "button", "label": "x", "frame": [1, 2, 3], "action": "pop"}]}}}"#,
             "page \"a\" element 0: \"frame\" must be [x, y, width, height]"),
            ("{\"root\": ", "not valid JSON"),
        ]
        _ = try write("notes.txt", "not an image")
        for (text, expected) in cases {
            let path = try write("pages.json", text)
            let got = message { _ = try PagesDocumentReader.read(path: path) }
            XCTAssertTrue(got.hasPrefix(path + ":"), got)
            XCTAssertTrue(got.contains(expected), "\(got) should contain \(expected)")
        }
    }

    func testAPageAndAnElementNameTheirFontAndLanguage() throws {
        let path = try write("fonts.json", #"""
            {"root": "a", "pages": {"a": {"font": "Noto Sans", "lang": "ja", "elements": [
              {"type": "text", "text": "東京"}, {"type": "text", "text": "上海", "lang": "zh-CN"},
              {"type": "button", "label": "x", "action": "pop", "font": "Noto Serif"}]}}}
            """#)
        let page = try PagesDocumentReader.read(path: path).page("a")
        XCTAssertEqual(page.font, TextFont(family: "Noto Sans", language: "ja"))
        XCTAssertEqual(page.font(ofElement: 0), TextFont(family: "Noto Sans", language: "ja"))
        XCTAssertEqual(page.font(ofElement: 1), TextFont(family: "Noto Sans", language: "zh-CN"))
        XCTAssertEqual(page.font(ofElement: 2), TextFont(family: "Noto Serif", language: "ja"))
        XCTAssertEqual(page.elements[1].font, TextFont(language: "zh-CN"))
        let bad: [(String, String)] = [
            (#"{"root": "a", "pages": {"a": {"lang": "japanese!"}}}"#, "page \"a\": \"lang\" is \"japanese!\"; expected a BCP 47 language tag"),
            (#"{"root": "a", "pages": {"a": {"lang": "j"}}}"#, "page \"a\": \"lang\" is \"j\""),
            (#"{"root": "a", "pages": {"a": {"elements": [{"type": "text", "text": "x", "font": " "}]}}}"#,
             "page \"a\" element 0: \"font\" is \" \"; expected a family name"),
            (#"{"root": "a", "pages": {"a": {"font": 3}}}"#, "page \"a\": \"font\""),
            (#"{"root": "a", "pages": {"a": {"font": "DejaVu Serif\u0000junk"}}}"#, "expected a family name without control characters"),
            (#"{"root": "a", "pages": {"a": {"lang": "en-x-aaaaaaaa-bbbbbbbb-cccccccc-dddd"}}}"#, "(at most 35 characters)"),
        ]
        for (text, expected) in bad {
            let got = message { _ = try PagesDocumentReader.read(path: try write("bad.json", text)) }
            XCTAssertTrue(got.contains(expected), "\(got) should contain \(expected)")
        }
        for tag in ["ja", "zh-CN", "zh-Hant-TW", "hi-IN", "und-Zsye", "sr-Latn", "x-kiosk", "i-klingon"] { XCTAssertTrue(TextFont.isLanguageTag(tag), tag) }
        for tag in ["", "j", "x", "japanese", "ja_JP", "ja-", "-ja", "ja--JP", "ja-toolongsubtag", "日本"] { XCTAssertFalse(TextFont.isLanguageTag(tag), tag) }
    }

    /// A bad page property no longer hides the problems after it: a full check names them all.
    func testAFullCheckGoesOnPastABadPageProperty() throws {
        let path = try write("pages.json", #"""
            {"root": "a", "pages": {"a": {"lang": "", "header": 3, "font": "", "elements": [{"type": "video"}]},
                                    "b": {"elements": [{"type": "text", "text": "x", "lang": "??"}]}}}
            """#)
        let problems = PagesDocumentReader.problems(path: path).map(\.description)
        XCTAssertEqual(problems.count, 5, problems.joined(separator: "\n"))
        for expected in ["page \"a\": \"header\"", "page \"a\": \"font\" is \"\"", "page \"a\": \"lang\" is \"\"",
                         "page \"a\" element 0: unknown element type \"video\"", "page \"b\" element 0: \"lang\" is \"??\""] {
            XCTAssertTrue(problems.contains { $0.contains(expected) }, "\(expected) in \(problems)")
        }
    }

    /// JSON Lines ends a line at "\n": U+2028, U+2029 and U+0085 inside a string are text.
    func testLineSeparatorsInsideAScenarioStringAreText() throws {
        let path = try write("s.jsonl", #"{"scenario": 1, "window": {"width": 800, "height": 600}, "stacks": [{"id": "main", "pages": ["A"]}],"#
            + " \"pages\": {\"root\": \"A\", \"pages\": {\"A\": {\"title\": \"one\u{2028}two\u{2029}three\u{85}four\"}}}}\n"
            + #"{"t": 0, "type": "down", "id": 1, "device": "touch", "x": 5, "y": 5}"# + "\n")
        let scenario = try ScenarioReader.read(path: path)
        XCTAssertEqual(scenario.document.page("A").title, "one\u{2028}two\u{2029}three\u{85}four")
        XCTAssertEqual(scenario.lines.count, 1)
    }

    /// Messages show invisible and reordering characters as escapes, so a line says what the file holds.
    func testMessagesEscapeInvisibleAndReorderingCharacters() {
        XCTAssertEqual(FormatError.escapingControlCharacters("a\u{202E}b\u{200B}c\u{A0}d\u{E0001} e", escapeQuotes: false),
                       "a\\u202eb\\u200bc\\u00a0d\\u{e0001} e")
        XCTAssertEqual(FormatError.escapingControlCharacters("東京 👋 שלום", escapeQuotes: false), "東京 👋 שלום")
    }

    func testTheFontFamilyKeyTakesANameOrNullButNotNothing() throws {
        XCTAssertEqual(try ConfigurationReader.read(path: try write("f.json", #"{"fontFamily": "Noto Sans"}"#)).fontFamily, "Noto Sans")
        XCTAssertNil(try ConfigurationReader.read(path: try write("f.json", #"{"fontFamily": null}"#)).fontFamily)
        XCTAssertEqual(Configuration().fontFamily, "DejaVu Sans")
        let path = try write("f.json", #"{"fontFamily": ""}"#)
        XCTAssertEqual(message { _ = try ConfigurationReader.read(path: path) },
                       path + ": config: \"fontFamily\" is empty; expected a family name like \"Noto Sans\", or null for DejaVu Sans")
    }

    func testTheBuiltInDemoDocumentIsValid() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/pages.json").path
        let document = try PagesDocumentReader.read(path: assets)
        XCTAssertEqual(document.stacks.map(\.id), ["sidebar", "main"], "a split view with two stacks")
        XCTAssertEqual(document.stacks.last?.pages, ["home"])
        let pushes = document.page("home").elements.compactMap { element -> String? in
            if case .button(_, .push(let id)) = element.kind { return id }
            return nil
        }
        XCTAssertGreaterThanOrEqual(pushes.count, 2, "the home page pushes at least two pages")
    }

    func testEventLogLinesAreJSONWithTAndTypeFirst() throws {
        let entry = EventLogEntry(timeMilliseconds: 16, type: "gesture", fields: [
            ("stack", .string("ma\"in")), ("progress", .number(0.0625)), ("velocity", .null),
            ("pages", .array([.string("A")])), ("ok", .bool(true)),
        ])
        let line = EventLogWriter.line(entry)
        XCTAssertEqual(line, #"{"t": 16, "type": "gesture", "stack": "ma\"in", "progress": 0.0625, "velocity": null, "pages": ["A"], "ok": true}"#)
        // Foundation's parser, not ours: a second reader agrees the line is JSON.
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        XCTAssertEqual(parsed["stack"] as? String, "ma\"in")
    }
}
