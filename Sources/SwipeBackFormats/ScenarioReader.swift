// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import SwipeBackCore

/// Reads scenario files (SPEC section 1).
public enum ScenarioReader {
    /// Reads a scenario file.
    ///
    /// - Parameters:
    ///   - path: the `.jsonl` file.
    ///   - configuration: the configuration before the header's `config` (defaults, then `--config`).
    /// - Throws: `FormatError` naming the file and line for broken JSON, a missing or unknown `type`,
    ///   a missing `t`, time going backward, bad fields, or a bad `config` or pages document.
    public static func read(path: String, configuration: Configuration = Configuration()) throws -> Scenario {
        let text = try TextFile.read(path, limit: InputLimits.scenarioBytes)
        return try parse(text, file: path, baseDirectory: TextFile.folder(of: path), configuration: configuration)
    }

    /// The page id of the plain root page of a header with only a `window` (SPEC section 6).
    public static let plainRootPageID = "root"

    /// Parses scenario text; see `read(path:configuration:)`.
    public static func parse(_ text: String, file: String, baseDirectory: String,
                             configuration: Configuration = Configuration()) throws -> Scenario {
        // JSON Lines ends a line at "\n" only ("\r\n" is one Character in Swift): U+2028, U+2029
        // and U+0085 may stand raw inside a JSON string.
        let rawLines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        var numbered: [(Int, String)] = []
        for (index, line) in rawLines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            let limit = numbered.isEmpty ? InputLimits.scenarioHeaderBytes : InputLimits.scenarioLineBytes
            guard line.utf8.count <= limit else {
                throw FormatError(file: file, line: index + 1, message: "the line is \(line.utf8.count) bytes; "
                                  + (numbered.isEmpty ? "a header line" : "a line after the header") + " is at most \(limit) bytes")
            }
            numbered.append((index + 1, String(line)))
        }
        guard let (headerLine, headerText) = numbered.first else {
            throw FormatError(file: file, line: nil, message: "empty scenario; expected a header line")
        }
        let header = try FieldReader(JSONValue.parse(headerText, file: file, line: headerLine),
                                     file: file, line: headerLine, place: "header")
        guard let version = try header.number("scenario"), version == 1 else {
            throw header.error("expected \"scenario\": 1")
        }
        guard let windowValue = header.object["window"] else { throw header.error("missing \"window\"") }
        let window = try FieldReader(windowValue, file: file, line: headerLine, place: "window")
        let width = try window.requiredNumber("width"), height = try window.requiredNumber("height")
        guard width >= 1, height >= 1, width <= 32767, height <= 32767 else {
            throw window.error("width and height must be 1...32767 px")
        }
        let direction = try parseDirection(header.string("direction") ?? "ltr", header)
        // The session's layout scale (SPEC section 6), as `ResourceScale.range` accepts it.
        let layoutScale = try header.number("scale") ?? 1
        guard LayoutScale.isValid(layoutScale) else {
            throw header.error("\"scale\" is \(EventLogWriter.number(layoutScale)); expected a layout scale of \(LayoutScale.rangeText) (px per layout unit)")
        }
        var config = configuration
        if let value = header.object["config"] {
            config = try ConfigurationReader.apply(value, over: config, file: file, line: headerLine)
        }
        var document = PagesDocument(pages: [:], stacks: [], baseDirectory: baseDirectory)
        if header.has("pages") && header.has("pagesFile") {
            throw header.error("give \"pages\" or \"pagesFile\", not both")
        }
        if let inline = header.object["pages"] {
            document = try PagesDocumentReader.parse(inline, file: file, line: headerLine, baseDirectory: baseDirectory,
                                                     requireStacks: false)
        } else if let pagesFile = try header.string("pagesFile") {
            let path = pagesFile.hasPrefix("/") ? pagesFile : baseDirectory + "/" + pagesFile
            do {
                document = try PagesDocumentReader.read(path: path)
            } catch let error as FormatError {
                // The pages document's own error, blamed on it: the header only led there.
                throw FormatError(file: error.file, line: error.line, message: error.message + " (the pagesFile of \(file) line \(headerLine))")
            }
        }
        if let stacksValue = try header.array("stacks") {
            document.stacks = try PagesDocumentReader.parseStacks(stacksValue, file: file, line: headerLine, place: "stacks")
        }
        // SPEC section 6: `window` is the one required key. With no pages and no stacks the scene is
        // one stack `main` whose root is a plain page, so a raw recorded stroke replays as it is.
        if document.stacks.isEmpty, !header.has("pages"), !header.has("pagesFile"), !header.has("stacks") {
            document.stacks = [StackDescription(id: "main", frame: nil, pages: [Self.plainRootPageID])]
        }
        guard !document.stacks.isEmpty else {
            throw header.error("no stacks: give \"stacks\", or pages with a \"root\" or \"stacks\"")
        }
        let windowRect = Rect(x: 0, y: 0, width: width, height: height)
        for stack in document.stacks {
            if let f = stack.frame, f.x < 0 || f.y < 0 || f.maxX > windowRect.maxX || f.maxY > windowRect.maxY || f.width < 1 || f.height < 1 {
                throw header.error("stack \(FormatError.quoted(stack.id)) frame [\(f.x), \(f.y), \(f.width), \(f.height)] must lie inside the \(width)x\(height) window")
            }
        }
        let stackIDs = Set(document.stacks.map(\.id))
        var knownPages = Set(document.pages.keys).union(document.stacks.flatMap(\.pages))
        var lines: [ScenarioLine] = []
        var previous = -Double.infinity
        for (number, text) in numbered.dropFirst() {
            let fields = try FieldReader(JSONValue.parse(text, file: file, line: number), file: file, line: number, place: "")
            let t = try fields.requiredNumber("t")
            guard t >= 0 else { throw fields.error("\"t\" is \(t); times are 0 ms or more") }
            guard t <= InputLimits.timeMilliseconds else {
                throw fields.error("\"t\" is \(t); times are at most 10^12 ms (about 31.7 years), where the 60 Hz replay clock still counts exactly")
            }
            guard t >= previous else {
                throw fields.error("\"t\" is \(t), earlier than the line before (\(previous)); times must not decrease")
            }
            previous = t
            let event = try parseEvent(fields)
            switch event {
            case .push(let stack, _, _), .pop(let stack, _), .popToRoot(let stack, _):
                guard stackIDs.contains(stack) else {
                    throw fields.error("no stack \(FormatError.quoted(stack)); stacks: " + stackIDs.sorted().map { FormatError.shortened($0) }.joined(separator: ", "))
                }
                if case .push(_, let page, _) = event { knownPages.insert(page) }
            case .setPage(let page, _):
                guard knownPages.contains(page) else {
                    throw fields.error("set: no page \(FormatError.quoted(page)) is defined, in a stack, or pushed before this line")
                }
            default:
                break
            }
            lines.append(ScenarioLine(timeMilliseconds: t, event: event, lineNumber: number))
        }
        return Scenario(windowWidth: width, windowHeight: height, direction: direction, configuration: config,
                        document: document, lines: lines, layoutScale: layoutScale)
    }

    private static func parseDirection(_ value: String, _ fields: FieldReader) throws -> LayoutDirection {
        guard let direction = LayoutDirection(rawValue: value) else {
            throw fields.error("direction is \(FormatError.quoted(value)); expected ltr or rtl")
        }
        return direction
    }

    private static let types = ["down", "move", "up", "cancel", "scroll", "swipe", "key", "button", "push", "pop",
                                "popToRoot", "set", "direction", "focus", "resize", "close", "screenSaver", "scale",
                                "desktopReducesMotion", "end"]

    private static func parseEvent(_ fields: FieldReader) throws -> InputEvent? {
        let type = try fields.requiredString("type")
        switch type {
        case "down", "move", "up":
            let phase = PointerPhase(rawValue: type)!
            let deviceName = try fields.string("device") ?? "touch"
            guard let device = PointerDevice(rawValue: deviceName) else {
                throw fields.error("device is \(FormatError.quoted(deviceName)); expected touch, mouse or pen")
            }
            let position = Point(x: try fields.requiredNumber("x"), y: try fields.requiredNumber("y"))
            // A mouse `down` or `up` may name its button (1 by default; 3 is a right-click).
            var button = 1
            if let number = try fields.number("button") {
                guard phase != .move, device == .mouse else {
                    throw fields.error("\"button\" is only for a mouse down or up")
                }
                guard number == number.rounded(), (1...255).contains(number) else {
                    throw fields.error("\"button\" must be a whole number 1...255")
                }
                button = Int(number)
            }
            return .pointer(PointerInput(phase: phase, id: try pointerID(fields), device: device, position: position, button: button))
        case "cancel":
            return .pointer(PointerInput(phase: .cancel, id: try pointerID(fields), device: .touch, position: Point(x: 0, y: 0)))
        case "scroll":
            let device = try fields.string("device") ?? "touchpad"
            guard device == "touchpad" || device == "wheel" else {
                throw fields.error("device is \(FormatError.quoted(device)); expected touchpad or wheel")
            }
            var position: Point?
            if let x = try fields.number("x"), let y = try fields.number("y") { position = Point(x: x, y: y) }
            return .scroll(dx: try fields.number("dx") ?? 0, dy: try fields.number("dy") ?? 0,
                           touchpad: device == "touchpad", position: position)
        case "swipe":
            let phaseName = try fields.requiredString("phase")
            guard let phase = SwipePhase(rawValue: phaseName) else {
                throw fields.error("phase is \(FormatError.quoted(phaseName)); expected begin, update, end or cancel")
            }
            let fingers = try fields.number("fingers") ?? 3
            guard fingers == fingers.rounded(), (3...10).contains(fingers) else {
                throw fields.error("\"fingers\" is \(fingers); touchpad swipes have 3 to 10 fingers (two arrive as scroll)")
            }
            return .swipe(phase: phase, dx: try fields.number("dx") ?? 0, dy: try fields.number("dy") ?? 0,
                          fingers: Int(fingers))
        case "key":
            return .key(try fields.requiredString("key"))
        case "button":
            let button = try fields.requiredNumber("button")
            guard button == button.rounded(), (1...255).contains(button) else { throw fields.error("\"button\" must be 1...255") }
            return .button(Int(button))
        case "push":
            return .push(stack: try fields.string("stack") ?? "main", page: try fields.requiredString("page"),
                         animated: try fields.bool("animated") ?? true)
        case "pop":
            return .pop(stack: try fields.string("stack") ?? "main", animated: try fields.bool("animated") ?? true)
        case "popToRoot":
            return .popToRoot(stack: try fields.string("stack") ?? "main", animated: try fields.bool("animated") ?? true)
        case "set":
            for key in fields.object.keys.sorted() where !["t", "type", "page"].contains(key) {
                guard PageChange.propertyNames.contains(key) else {
                    throw fields.error("set: unknown page property \(FormatError.quoted(key)); expected one of: "
                                       + PageChange.propertyNames.joined(separator: ", "))
                }
            }
            var backButton: BackButtonStyle?
            if let style = try fields.string("backButton") {
                guard let parsed = BackButtonStyle(rawValue: style) else {
                    throw fields.error("\"backButton\" is \(FormatError.quoted(style)); expected system, custom or none")
                }
                backButton = parsed
            }
            return .setPage(page: try fields.requiredString("page"), change: PageChange(
                title: try fields.string("title"), header: try fields.bool("header"), backButton: backButton,
                interactivePop: try fields.bool("interactivePop"), shouldBegin: try fields.bool("shouldBegin")))
        case "direction":
            return .direction(try parseDirection(try fields.requiredString("value"), fields))
        case "focus":
            guard let focused = try fields.bool("value") else { throw fields.error("missing \"value\" (true or false)") }
            return .focus(focused)
        case "resize":
            let width = try fields.requiredNumber("width"), height = try fields.requiredNumber("height")
            guard width >= 1, height >= 1, width <= 32767, height <= 32767 else {
                throw fields.error("width and height must be 1...32767 px")
            }
            return .resize(width: width, height: height)
        case "close":
            return .close
        case "screenSaver":
            guard let active = try fields.bool("value") else { throw fields.error("missing \"value\" (true or false)") }
            return .screenSaver(active: active)
        case "scale":
            let scale = try fields.requiredNumber("value")
            guard LayoutScale.isValid(scale) else {
                throw fields.error("\"value\" is \(EventLogWriter.number(scale)); expected a layout scale of \(LayoutScale.rangeText) (px per layout unit)")
            }
            return .layoutScale(scale)
        case "desktopReducesMotion":
            guard let reduces = try fields.bool("value") else { throw fields.error("missing \"value\" (true or false)") }
            return .desktopReducesMotion(reduces)
        case "end":
            return nil
        default:
            throw fields.error("unknown type \(FormatError.quoted(type)); expected one of: " + types.joined(separator: ", "))
        }
    }

    private static func pointerID(_ fields: FieldReader) throws -> Int {
        let id = try fields.number("id") ?? 1
        guard id == id.rounded(), abs(id) < 1e12 else { throw fields.error("\"id\" must be an integer") }
        return Int(id)
    }
}
