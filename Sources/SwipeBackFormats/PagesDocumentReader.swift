// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import SwipeBackCore

/// Reads pages documents (SPEC section 2), from a file or inline in a scenario header.
public enum PagesDocumentReader {
    /// Problems a full check keeps going past (missing images, unknown pages in actions and stacks),
    /// collected instead of thrown while `problems(path:)` runs.
    nonisolated(unsafe) private static var collected: [FormatError]?

    /// Reports a problem: collected during a full check, thrown otherwise.
    private static func report(_ error: FormatError) throws {
        if collected != nil { collected!.append(error) } else { throw error }
    }

    /// Every problem of a pages document, for an operator's check before a kiosk starts: each
    /// missing image, each unknown page in an action or a stack, in the order the document has
    /// them; or the one error that stops reading (broken JSON, a wrong field).
    ///
    /// - Parameter path: the document's file.
    /// - Returns: the problems; empty when the document is good.
    public static func problems(path: String) -> [FormatError] {
        collected = []
        defer { collected = nil }
        do {
            _ = try read(path: path)
        } catch let error as FormatError {
            collected!.append(error)
        } catch {
            collected!.append(FormatError(file: path, line: nil, message: "\(error)"))
        }
        return collected!
    }

    /// Reads and validates a pages document file.
    ///
    /// - Parameter path: the document's path; image `src` paths are relative to its folder.
    /// - Throws: `FormatError` naming the file, the page id and the element index.
    public static func read(path: String) throws -> PagesDocument {
        let text = try TextFile.read(path, limit: InputLimits.pagesDocumentBytes)
        let value = try JSONValue.parse(text, file: path, line: nil)
        var document = try parse(value, file: path, line: nil, baseDirectory: TextFile.folder(of: path))
        document.file = path
        return document
    }

    /// Parses and validates a pages document value.
    ///
    /// - Parameters:
    ///   - value: the document object.
    ///   - file: the file to name in messages.
    ///   - line: its line, from 1, when inline in a scenario.
    ///   - baseDirectory: the folder image paths are relative to.
    ///   - requireStacks: whether the document must name its `root` or `stacks`.
    /// - Throws: `FormatError` for unknown element types, unknown page ids in actions, missing images,
    ///   and fields of the wrong kind.
    public static func parse(_ value: JSONValue, file: String, line: Int?, baseDirectory: String,
                             requireStacks: Bool = true) throws -> PagesDocument {
        let document = try FieldReader(value, file: file, line: line, place: "")
        var pages: [String: PageDefinition] = [:]
        if let pagesValue = document.object["pages"] {
            let pagesObject = try FieldReader(pagesValue, file: file, line: line, place: "pages")
            guard pagesObject.object.count <= InputLimits.pages else {
                throw pagesObject.error("\(pagesObject.object.count) pages; a document has at most \(InputLimits.pages)")
            }
            for id in pagesObject.object.keys.sorted() {
                pages[id] = try parsePage(id: id, pagesObject.object[id]!, file: file, line: line, baseDirectory: baseDirectory)
            }
        }
        // Actions may only name pages the document defines.
        for page in pages.values.sorted(by: { $0.id < $1.id }) {
            for (index, element) in page.elements.enumerated() {
                if case .button(_, .push(let target)) = element.kind, pages[target] == nil {
                    try report(FormatError(file: file, line: line,
                                           message: "page \(FormatError.quoted(page.id)) element \(index): action pushes unknown page \(FormatError.quoted(target))"))
                }
            }
        }
        var stacks: [StackDescription] = []
        if let stacksValue = try document.array("stacks") {
            stacks = try parseStacks(stacksValue, file: file, line: line, place: "stacks")
        } else if let root = try document.string("root") {
            if requireStacks, pages[root] == nil { try report(document.error("\"root\" names unknown page \(FormatError.quoted(root))")) }
            stacks = [StackDescription(id: "main", frame: nil, pages: [root])]
        } else if requireStacks {
            throw document.error("missing \"root\" (a page id) or \"stacks\"")
        }
        if requireStacks {
            for stack in stacks {
                for id in stack.pages where pages[id] == nil {
                    try report(document.error("stack \(FormatError.quoted(stack.id)) names unknown page \(FormatError.quoted(id))"))
                }
            }
        }
        return PagesDocument(pages: pages, stacks: stacks, baseDirectory: baseDirectory)
    }

    /// Parses a `stacks` array (a document's or a scenario header's).
    static func parseStacks(_ items: [JSONValue], file: String, line: Int?, place: String) throws -> [StackDescription] {
        guard items.count <= InputLimits.stacks else {
            throw FormatError(file: file, line: line, message: "\(place): \(items.count) stacks; at most \(InputLimits.stacks)")
        }
        var seen = Set<String>()
        let stacks: [StackDescription] = try items.enumerated().map { index, item in
            let fields = try FieldReader(item, file: file, line: line, place: "\(place) \(index)")
            let id = try fields.string("id") ?? "main"
            guard seen.insert(id).inserted else { throw fields.error("duplicate stack id \(FormatError.quoted(id))") }
            guard let pages = try fields.strings("pages"), !pages.isEmpty else {
                throw fields.error("\"pages\" must be a non-empty array of page ids")
            }
            guard pages.count <= InputLimits.pagesPerStack else {
                throw fields.error("\(pages.count) pages; a stack starts with at most \(InputLimits.pagesPerStack)")
            }
            return StackDescription(id: id, frame: try fields.frame("frame"), pages: pages)
        }
        if stacks.isEmpty {
            throw FormatError(file: file, line: line, message: "\(place): expected at least one stack")
        }
        if stacks.count > 1, let missing = stacks.first(where: { $0.frame == nil }) {
            throw FormatError(file: file, line: line, message: "\(place): stack \(FormatError.quoted(missing.id)) needs a \"frame\" when there are several stacks")
        }
        return stacks
    }

    private static func parsePage(id: String, _ value: JSONValue, file: String, line: Int?,
                                  baseDirectory: String) throws -> PageDefinition {
        let fields = try FieldReader(value, file: file, line: line, place: "page \(FormatError.quoted(id))")
        var page = PageDefinition(id: id)
        // A full check goes on past a bad page property, to the next one and the elements.
        func collecting(_ body: () throws -> Void) throws {
            do { try body() } catch let error as FormatError where collected != nil { try report(error) }
        }
        try collecting { page.title = try fields.string("title") ?? id }
        try collecting { page.header = try fields.bool("header") ?? true }
        try collecting {
            if let style = try fields.string("backButton") {
                guard let parsed = BackButtonStyle(rawValue: style) else {
                    throw fields.error("\"backButton\" is \(FormatError.quoted(style)); expected system, custom or none")
                }
                page.backButton = parsed
            }
        }
        try collecting { page.interactivePop = try fields.bool("interactivePop") ?? true }
        try collecting { page.shouldBegin = try fields.bool("shouldBegin") }
        try collecting { page.font.family = try parseFamily(fields) }
        try collecting { page.font.language = try parseLanguage(fields) }
        var elements: [JSONValue] = []
        try collecting { elements = try fields.array("elements") ?? [] }
        guard elements.count <= InputLimits.elementsPerPage else {
            throw fields.error("\(elements.count) elements; a page has at most \(InputLimits.elementsPerPage)")
        }
        var ids = Set<String>()
        page.elements = try elements.enumerated().map { index, element in
            let parsed: PageElement
            do {
                parsed = try parseElement(element, file: file, line: line, place: "page \(FormatError.quoted(id)) element \(index)",
                                          baseDirectory: baseDirectory)
            } catch let error as FormatError where collected != nil {
                // A full check goes on past a bad element; an empty stand-in keeps the indexes.
                try report(error)
                return PageElement(kind: .text(""))
            }
            if let elementID = parsed.id, !ids.insert(elementID).inserted {
                throw FormatError(file: file, line: line,
                                  message: "page \(FormatError.quoted(id)) element \(index): duplicate element id \(FormatError.quoted(elementID))")
            }
            return parsed
        }
        return page
    }

    private static func parseElement(_ value: JSONValue, file: String, line: Int?, place: String,
                                     baseDirectory: String) throws -> PageElement {
        let fields = try FieldReader(value, file: file, line: line, place: place)
        let type = try fields.requiredString("type")
        let kind: PageElement.Kind
        switch type {
        case "text":
            kind = .text(try fields.requiredString("text"))
        case "image":
            let src = try fields.requiredString("src")
            try checkImage(src, fields: fields, baseDirectory: baseDirectory)
            kind = .image(src: src)
        case "button":
            guard let action = fields.object["action"] else { throw fields.error("missing \"action\"") }
            kind = .button(label: try fields.requiredString("label"), action: try parseAction(action, fields: fields))
        case "toggle":
            let bind = try fields.string("bind") ?? "interactivePop"
            guard bind == "interactivePop" else { throw fields.error("\"bind\" is \(FormatError.quoted(bind)); expected interactivePop") }
            kind = .toggle(label: try fields.requiredString("label"), bind: bind)
        case "slider":
            let v = try fields.number("value") ?? 0
            guard (0...1).contains(v) else { throw fields.error("\"value\" is \(v), outside 0...1") }
            kind = .slider(value: v)
        case "carousel":
            let items = try fields.strings("items") ?? []
            guard items.count <= InputLimits.carouselItems else {
                throw fields.error("\(items.count) items; a carousel has at most \(InputLimits.carouselItems)")
            }
            for item in items { try checkImage(item, fields: fields, baseDirectory: baseDirectory) }
            kind = .carousel(items: items)
        case "gestureStatus":
            kind = .gestureStatus
        default:
            throw fields.error("unknown element type \(FormatError.quoted(type)); expected text, image, button, toggle, slider, carousel or gestureStatus")
        }
        let height = try fields.number("height")
        if let height, height < 0 { throw fields.error("\"height\" must be 0 or more") }
        var element = PageElement(id: try fields.string("id"), kind: kind, frame: try fields.frame("frame"), height: height)
        element.font = TextFont(family: try parseFamily(fields), language: try parseLanguage(fields))
        return element
    }

    /// A page's or an element's `font`: a family name.
    private static func parseFamily(_ fields: FieldReader) throws -> String? {
        let family = try fields.string("font")
        if let family, let problem = TextFont.familyProblem(family) {
            throw fields.error("\"font\" is \(FormatError.quoted(family)); expected \(problem)")
        }
        return family
    }

    /// A page's or an element's `lang`: a BCP 47 tag.
    private static func parseLanguage(_ fields: FieldReader) throws -> String? {
        let language = try fields.string("lang")
        if let language, !TextFont.isLanguageTag(language) {
            throw fields.error("\"lang\" is \(FormatError.quoted(language)); expected a BCP 47 language tag like \"ja\", \"zh-CN\" or \"hi\" (at most 35 characters)")
        }
        return language
    }

    private static func parseAction(_ value: JSONValue, fields: FieldReader) throws -> ElementAction {
        switch value {
        case .string("pop"): return .pop
        case .string("popToRoot"): return .popToRoot
        case .object(let object) where object.count == 1:
            if case .string(let id)? = object["push"] { return .push(id) }
            if case .string(let key)? = object["toggle"] {
                guard key == "interactivePop" else { throw fields.error("action toggles \(FormatError.quoted(key)); expected interactivePop") }
                return .toggle(key)
            }
        default: break
        }
        throw fields.error("\"action\" must be {\"push\": id}, \"pop\", \"popToRoot\" or {\"toggle\": \"interactivePop\"}")
    }

    /// Checks that `src` names a regular file that is a whole PNG within the size limits.
    private static func checkImage(_ src: String, fields: FieldReader, baseDirectory: String) throws {
        let path = ImagePaths(directory: baseDirectory).path(of: src)
        let bytes: [UInt8]
        do {
            bytes = try TextFile.bytes(path, limit: InputLimits.imageBytes, what: "image file")
        } catch let error as FormatError {
            let why = error.message == "no such image file" ? "not found" : error.message
            try report(fields.error("image \(FormatError.quoted(src)) \(why) (looked at \(FormatError.shortened(path, limit: 300)))"))
            return
        }
        if let problem = PNGCheck.problem(bytes) {
            try report(fields.error("image \(FormatError.quoted(src)) \(problem) (\(FormatError.shortened(path, limit: 300)))"))
        }
    }
}
