// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// What a pages document's text needs from this system's fonts: a family it names that the system
/// lacks, and characters no font on the system has (drawn as boxes). Warnings, not errors: the
/// document still runs, in DejaVu Sans and with boxes, so `--check` prints them and passes.
public enum FontCheck {
    /// Whether a Debian font package is installed, by a family only it ships.
    static func isInstalled(_ package: String) -> Bool {
        let family = ["fonts-noto-cjk": "Noto Sans CJK JP", "fonts-noto-core": "Noto Sans Devanagari",
                      "fonts-noto-color-emoji": "Noto Color Emoji"][package]
        return family.map(FontLibrary.hasFamily) ?? false
    }

    /// At most this many characters are named in one line; the rest are counted.
    static let charactersNamed = 12

    /// One line per family the system lacks and per page with characters it cannot show.
    ///
    /// - Parameters:
    ///   - document: the pages document; its pages are checked in order of their ids.
    ///   - file: the document's path, for the lines.
    ///   - fontFamily: the configuration's `fontFamily`, or nil for DejaVu Sans.
    ///   - configurationSource: the configuration file's path (or a description), for its line.
    /// - Returns: the lines, without a trailing newline; empty when every text shows as written.
    /// - Throws: `RenderError` when the fonts cannot be loaded.
    public static func warnings(document: PagesDocument, file: String, fontFamily: String?,
                                configurationSource: String) throws -> [String] {
        try FontLibrary.loadDefault()
        var lines: [String] = []
        if let problem = FontLibrary.systemConfigurationProblem { lines.append(problem) }
        if let fontFamily, !FontLibrary.hasFamily(fontFamily) {
            lines.append("\(configurationSource): \"fontFamily\" is \"\(fontFamily)\", which no font on this system has;"
                         + " pages use \(FontLibrary.family) (`fc-list : family` lists the families there are)")
        }
        let fallback = FontLibrary.drawnFamily(nil, fallback: fontFamily)
        // One line per family the system lacks, naming where the document uses it.
        var absent: [(family: String, places: [String])] = []
        func note(_ family: String?, _ place: String) {
            guard let family, !FontLibrary.hasFamily(family) else { return }
            if let index = absent.firstIndex(where: { $0.family == family }) {
                absent[index].places.append(place)
            } else {
                absent.append((family, [place]))
            }
        }
        var unshownLines: [String] = []
        for id in document.pages.keys.sorted() {
            let page = document.pages[id]!
            note(page.font.family, "page \"\(id)\"")
            for (index, element) in page.elements.enumerated() {
                note(element.font.family, "page \"\(id)\" element \(index)")
            }
            let missing = unshown(page, fontFamily: fontFamily)
            if !missing.isEmpty { unshownLines.append("\(file): page \"\(id)\": " + describe(missing)) }
        }
        for (family, places) in absent {
            let named = places.prefix(placesNamed).joined(separator: ", ")
                + (places.count > placesNamed ? " and \(places.count - placesNamed) more" : "")
            lines.append("\(file): font \"\(family)\" is not on this system (\(named)); that text uses the enclosing font"
                         + " instead (the page's, else \(fallback))")
        }
        return lines + unshownLines
    }

    /// At most this many places are named for a missing family; the rest are counted.
    static let placesNamed = 6

    /// The characters of `page`'s text (title, text, button and toggle labels) no font shows.
    static func unshown(_ page: PageDefinition, fontFamily: String?) -> [Unicode.Scalar] {
        func drawn(_ font: TextFont) -> TextFont { FontLibrary.drawnFont(font, fallback: fontFamily) }
        var texts: [(String, TextFont, Bool)] = [(page.title, drawn(page.font), true)]
        for (index, element) in page.elements.enumerated() {
            let font = drawn(page.font(ofElement: index))
            switch element.kind {
            case .text(let text): texts.append((text, font, false))
            case .button(let label, _): texts.append((label, font, true))
            case .toggle(let label, _): texts.append((label, font, false))
            case .image, .slider, .carousel, .gestureStatus: break
            }
        }
        var seen = Set<Unicode.Scalar>(), scalars: [Unicode.Scalar] = []
        for (text, font, bold) in texts {
            for scalar in FontLibrary.unshownCharacters(in: text, font: font, bold: bold) where seen.insert(scalar).inserted {
                scalars.append(scalar)
            }
        }
        return scalars
    }

    /// "no font on this system has 東 (U+6771), ... (N characters: they show as boxes; Debian's
    /// fonts-noto-cjk has them)".
    ///
    /// A package is named only when it is not installed (`installed` says, by a family it ships).
    static func describe(_ scalars: [Unicode.Scalar], installed: (String) -> Bool = FontCheck.isInstalled) -> String {
        let named = scalars.prefix(charactersNamed).map { scalar in
            let code = String(scalar.value, radix: 16, uppercase: true)
            return "\(String(scalar)) (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
        }
        let more = scalars.count > charactersNamed ? " and \(scalars.count - charactersNamed) more" : ""
        var packages: [String] = []
        for package in scalars.compactMap(FontLibrary.debianPackage(for:)) where !packages.contains(package) && !installed(package) {
            packages.append(package)
        }
        let listed = packages.count < 2 ? packages.joined() : packages.dropLast().joined(separator: ", ") + " and " + packages.last!
        let hint = packages.isEmpty ? "" : "; Debian's \(listed) \(packages.count == 1 ? "has" : "have") them"
        return "no font on this system has \(named.joined(separator: ", "))\(more)"
            + " (\(scalars.count) character\(scalars.count == 1 ? "" : "s"): they show as boxes\(hint))"
    }
}
