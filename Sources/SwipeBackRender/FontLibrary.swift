// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore
import Glibc
import Synchronization

/// The fonts pages are drawn with: the shipped DejaVu Sans first, then the system's fonts.
///
/// SwipeBack's own Pango font map (never the process's default one, which an app that embeds
/// SwipeBack keeps for its own text) reads a fontconfig configuration of its own: the system's
/// (`/etc/fonts/fonts.conf` with its `conf.d`, or `FONTCONFIG_FILE`: its font folders, its caches,
/// the per-language preferences the font packages install) with three changes. The shipped
/// `Assets/fonts` files are the only DejaVu Sans (a system copy of that family is left out), so
/// Latin, Greek, Cyrillic, Hebrew and Arabic text draws the same on every machine; the system's
/// rendering settings (hinting, antialiasing, subpixel order) are dropped for the pinned ones;
/// and nothing else changes, so every character the system can show comes from the font the
/// system would pick for it (Noto Sans CJK JP for Japanese, Noto Color Emoji for emoji), as in
/// libadwaita, Flutter and browsers. Layouts get fixed antialiasing and no hinting.
public enum FontLibrary {
    /// The shipped family: the default of `fontFamily`, and what a family the system lacks falls back to.
    public static let family = "DejaVu Sans"
    /// The shipped font files, in `Assets/fonts`.
    static let shippedFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]

    nonisolated(unsafe) private static var loadedFrom: String?
    nonisolated(unsafe) private static var fontOptions: OpaquePointer?
    nonisolated(unsafe) private static var config: OpaquePointer?
    /// Whether the configuration has a family, by the name asked for: `hasFamily` runs on the
    /// drawing paths, and a fontconfig listing is not cheap.
    private static let families = Mutex<[String: Bool]>([:])
    /// The family fontconfig's rules prefer for a language's sans-serif text, by language tag.
    private static let languageFamilies = Mutex<[String: String?]>([:])
    /// Why the system's fontconfig configuration could not be read (then its font folders are
    /// read without its rules), or nil when it was: `FontCheck` reports it.
    nonisolated(unsafe) public private(set) static var systemConfigurationProblem: String?
    /// Family names fontconfig resolves by its rules rather than lists: always present.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "emoji", "system-ui",
                                               "cursive", "fantasy", "math"]
    /// Font folders and caches read when the system's configuration cannot be: fontconfig's own
    /// defaults on Debian.
    private static let fallbackConfiguration = "<?xml version=\"1.0\"?><fontconfig><dir>/usr/share/fonts</dir>"
        + "<dir>/usr/local/share/fonts</dir><dir prefix=\"xdg\">fonts</dir><cachedir>/var/cache/fontconfig</cachedir>"
        + "<cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>"
    /// SwipeBack's private font map (a `PangoCairoFontMap`), made by `load(assetsDirectory:)`.
    nonisolated(unsafe) private(set) static var fontMap: UnsafeMutablePointer<PangoFontMap>?

    /// Loads the fonts once; later calls do nothing.
    ///
    /// - Parameter assetsDirectory: the Assets folder (with `fonts/*.ttf`).
    /// - Throws: `RenderError` when fontconfig cannot start or cannot load a shipped font file.
    ///   A system without a readable fontconfig configuration is not an error: pages then have
    ///   the shipped fonts alone.
    public static func load(assetsDirectory: String) throws {
        if loadedFrom != nil { return }
        guard FcInit() != 0, let config = FcConfigCreate() else {
            throw RenderError("fontconfig failed to start")
        }
        let shipped = shippedFiles.map { assetsDirectory + "/fonts/" + $0 }
        // The system's configuration, when it is a regular file that fontconfig parses and that
        // names at least one font folder; else the system's font folders alone. (A FIFO there
        // still blocks: Pango's font map loads fontconfig's default configuration from it too.)
        var loaded = false
        if let system = FcConfigGetFilename(config, nil) {
            var status = stat()
            if stat(system, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                loaded = FcConfigParseAndLoad(config, system, 0) != 0 && namesFontFolders(config)
            }
            free(system)
        }
        if !loaded {
            let named = getenv("FONTCONFIG_FILE").map { "FONTCONFIG_FILE \"\(String(cString: $0))\"" } ?? "/etc/fonts/fonts.conf"
            systemConfigurationProblem = "\(named) cannot be read as a fontconfig configuration with font folders;"
                + " pages use the fonts in /usr/share/fonts without the system's rules"
            _ = FcConfigParseAndLoadFromMemory(config, fallbackConfiguration, 0)
        }
        guard FcConfigParseAndLoadFromMemory(config, privateRules(shipped: shipped), 1) != 0 else {
            throw RenderError("fontconfig refused SwipeBack's font rules (shipped fonts in \(assetsDirectory)/fonts)")
        }
        _ = FcConfigBuildFonts(config)
        for path in shipped {
            guard FcConfigAppFontAddFile(config, path) != 0 else {
                throw RenderError("cannot load font \(path)")
            }
        }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw RenderError("pango has no FreeType font map")
        }
        swipeback_font_map_set_config(map, config)
        Self.config = config
        fontMap = map
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        fontOptions = options
        loadedFrom = assetsDirectory
    }

    /// Whether `config` names a font folder (`<dir>`): a configuration without one shows no font.
    private static func namesFontFolders(_ config: OpaquePointer) -> Bool {
        guard let folders = FcConfigGetFontDirs(config) else { return false }
        defer { FcStrListDone(folders) }
        return FcStrListNext(folders) != nil
    }

    /// What SwipeBack adds to the system's configuration: the shipped files are the only DejaVu
    /// Sans, and the system's rendering settings leave the pattern, so the pinned cairo font
    /// options decide (fontconfig applies pattern edits before pangocairo adds those options,
    /// and keeps the ones already there).
    private static func privateRules(shipped: [String]) -> String {
        let accept = shipped.map { "<pattern><patelt name=\"file\"><string>\(xmlEscaped($0))</string></patelt></pattern>" }
        let dropped = ["antialias", "hinting", "hintstyle", "autohint", "rgba", "lcdfilter"]
            .map { "<edit name=\"\($0)\" mode=\"delete_all\"/>" }
        return "<?xml version=\"1.0\"?><fontconfig><selectfont>"
            + "<acceptfont>" + accept.joined() + "</acceptfont>"
            + "<rejectfont><pattern><patelt name=\"family\"><string>\(family)</string></patelt></pattern></rejectfont>"
            + "</selectfont><match target=\"pattern\">" + dropped.joined() + "</match></fontconfig>"
    }

    private static func xmlEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Loads the fonts from the located Assets folder.
    public static func loadDefault() throws {
        try load(assetsDirectory: AssetLocator.assetsDirectory())
    }

    /// Whether a font of family `name` is on this system (the shipped DejaVu Sans always is);
    /// call after `load(assetsDirectory:)`.
    ///
    /// - Parameter name: a fontconfig family name, compared as fontconfig does (any case).
    public static func hasFamily(_ name: String) -> Bool {
        if genericFamilies.contains(name.lowercased()) { return true }
        if let known = families.withLock({ $0[name] }) { return known }
        var found = false
        if let config, let pattern = FcPatternCreate() {
            _ = FcPatternAddString(pattern, FC_FAMILY, name)
            if let objects = FcObjectSetCreate() {
                _ = FcObjectSetAdd(objects, FC_FAMILY)
                if let list = FcFontList(config, pattern, objects) {
                    found = list.pointee.nfont > 0
                    FcFontSetDestroy(list)
                }
                FcObjectSetDestroy(objects)
            }
            FcPatternDestroy(pattern)
        }
        families.withLock { $0[name] = found }
        return found
    }

    /// The family fontconfig's rules prefer for sans-serif text in `language` when it is not the
    /// shipped one (Noto Sans CJK KR for `ko` where fonts-noto-cjk is installed), or nil.
    ///
    /// Pango derives a run's language from its script, and keeps the page's only where its tables
    /// say the language writes that script; they do not say it for Han in Korean, so without this
    /// family Han under `ko` would take the locale's forms.
    static func languageFamily(_ language: String) -> String? {
        if let known = languageFamilies.withLock({ $0[language] }) { return known }
        var found: String?
        if let config, let pattern = FcPatternCreate() {
            _ = FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
            if let languages = FcLangSetCreate() {
                _ = FcLangSetAdd(languages, language)
                _ = FcPatternAddLangSet(pattern, FC_LANG, languages)
                FcLangSetDestroy(languages)
            }
            _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            if let match = FcFontMatch(config, pattern, &result) {
                var name: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch, let name {
                    let matched = String(cString: name)
                    found = matched == family ? nil : matched
                }
                FcPatternDestroy(match)
            }
            FcPatternDestroy(pattern)
        }
        languageFamilies.withLock { $0[language] = .some(found) }
        return found
    }

    /// The family text chosen as `chosen` is drawn in: the first of `chosen`, `fallback` and the
    /// shipped DejaVu Sans that this system has.
    ///
    /// - Parameters:
    ///   - chosen: a page's or element's family, or nil.
    ///   - fallback: the configuration's `fontFamily`, or nil.
    public static func drawnFamily(_ chosen: String?, fallback: String?) -> String {
        for name in [chosen, fallback].compactMap({ $0 }) where hasFamily(name) { return name }
        return family
    }

    /// `font` with the family it is drawn in (`drawnFamily` of its own and `fallback`), its
    /// language kept: how the painter, the measurer and the check all resolve a page's font.
    ///
    /// - Parameters:
    ///   - font: a page's or element's font (nil parts allowed).
    ///   - fallback: the configuration's `fontFamily`, or nil.
    public static func drawnFont(_ font: TextFont, fallback: String?) -> TextFont {
        TextFont(family: drawnFamily(font.family, fallback: fallback), language: font.language)
    }

    /// Lays out `text` in `font` at the body size on a scratch surface and hands the layout to
    /// `body`; nil when cairo cannot make the surface.
    private static func withScratchLayout<T>(_ text: String, font: TextFont, bold: Bool, _ body: (OpaquePointer) -> T) -> T? {
        guard let surface = try? ImageSurface(width: 1, height: 1) else { return nil }
        return try? surface.draw { cr in
            let layout = layout(cr, text: text, sizePixels: Theme.bodySize, bold: bold, wrapWidth: nil, font: font)
            defer { swipeback_g_object_unref(UnsafeMutableRawPointer(layout)) }
            return body(layout)
        }
    }

    /// The characters of `text` that no font on this system has, so that Pango draws them as boxes:
    /// each once, in order of first appearance.
    ///
    /// - Parameters:
    ///   - text: the text, any length.
    ///   - font: its family (already resolved by `drawnFamily`) and language.
    ///   - bold: whether it is set bold (titles and button labels are).
    /// - Returns: the first scalar of each cluster drawn as a box; empty when every character shows.
    public static func unshownCharacters(in text: String, font: TextFont, bold: Bool = false) -> [Unicode.Scalar] {
        guard !text.isEmpty else { return [] }
        let offsets = withScratchLayout(text, font: font, bold: bold) { layout -> [Int32] in
            let count = Int(swipeback_unknown_glyph_offsets(layout, nil, 0))
            var offsets = [Int32](repeating: 0, count: count)
            _ = swipeback_unknown_glyph_offsets(layout, &offsets, Int32(count))
            return offsets
        } ?? []
        var seen = Set<Unicode.Scalar>(), scalars: [Unicode.Scalar] = []
        let utf8 = text.utf8
        for offset in offsets {
            guard offset >= 0, Int(offset) < utf8.count else { continue }
            let index = utf8.index(utf8.startIndex, offsetBy: Int(offset))
            guard let scalar = text.unicodeScalars[index...].first, seen.insert(scalar).inserted else { continue }
            scalars.append(scalar)
        }
        return scalars
    }

    /// The runs of `text` as Pango sets it in `font`, each with the family and file of the font
    /// that draws it, in visual order: which font the fallback chose, for tests and diagnostics.
    static func runs(in text: String, font: TextFont, bold: Bool = false) -> [(text: String, family: String, file: String)] {
        withScratchLayout(text, font: font, bold: bold) { layout in
            var runs: [(text: String, family: String, file: String)] = []
            var offset: Int32 = 0, length: Int32 = 0
            while let pattern = swipeback_run_pattern(layout, Int32(runs.count), &offset, &length) {
                var family: UnsafeMutablePointer<FcChar8>?, file: UnsafeMutablePointer<FcChar8>?
                _ = FcPatternGetString(pattern, FC_FAMILY, 0, &family)
                _ = FcPatternGetString(pattern, FC_FILE, 0, &file)
                let bytes = Array(text.utf8.dropFirst(Int(offset)).prefix(Int(length)))
                runs.append((String(decoding: bytes, as: UTF8.self), family.map { String(cString: $0) } ?? "",
                             file.map { String(cString: $0) } ?? ""))
            }
            return runs
        } ?? []
    }

    /// How many glyphs of `text` set in `font` Pango draws as unknown (boxes), as
    /// `pango_layout_get_unknown_glyphs_count` counts them.
    static func unknownGlyphCount(in text: String, font: TextFont, bold: Bool = false) -> Int {
        withScratchLayout(text, font: font, bold: bold) { Int(pango_layout_get_unknown_glyphs_count($0)) } ?? -1
    }

    /// The Debian package whose fonts show `scalar`, for messages: `fonts-noto-cjk` for Chinese,
    /// Japanese and Korean, `fonts-noto-color-emoji` for emoji, `fonts-noto-core` for the other
    /// scripts Noto covers (Devanagari, Thai, Bengali, Tamil, Ethiopic and more), nil when unsure.
    public static func debianPackage(for scalar: Unicode.Scalar) -> String? {
        let properties = scalar.properties
        if properties.isEmojiPresentation || (properties.isEmoji && scalar.value > 0x2000) {
            return "fonts-noto-color-emoji"
        }
        switch g_unichar_get_script(gunichar(scalar.value)) {
        case G_UNICODE_SCRIPT_HAN, G_UNICODE_SCRIPT_HIRAGANA, G_UNICODE_SCRIPT_KATAKANA, G_UNICODE_SCRIPT_HANGUL,
             G_UNICODE_SCRIPT_BOPOMOFO:
            return "fonts-noto-cjk"
        case G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_INHERITED, G_UNICODE_SCRIPT_UNKNOWN, G_UNICODE_SCRIPT_INVALID_CODE:
            return nil
        default:
            return "fonts-noto-core"
        }
    }

    /// A pango layout for `cr` with the pinned font options; release it with `g_object_unref`.
    ///
    /// `font.family` is used as given (resolve it with `drawnFamily` first); nil is the shipped family.
    static func layout(_ cr: OpaquePointer, text: String, sizePixels: Double, bold: Bool,
                       wrapWidth: Double?, rightToLeft: Bool = false, font: TextFont = TextFont()) -> OpaquePointer {
        // As pango_cairo_create_layout, but on SwipeBack's font map, not the default one.
        let context = pango_font_map_create_context(fontMap)!
        pango_cairo_update_context(cr, context)
        let layout = pango_layout_new(context)!
        g_object_unref(UnsafeMutableRawPointer(context))
        let layoutContext = pango_layout_get_context(layout)
        if let fontOptions {
            pango_cairo_context_set_font_options(layoutContext, fontOptions)
        }
        if let language = font.language {
            // The language picks the system font for characters DejaVu Sans lacks, and the forms of
            // shared ones (Han in Japanese or Chinese), as fontconfig's per-language rules say.
            pango_context_set_language(layoutContext, pango_language_from_string(language))
        }
        if rightToLeft {
            // Text without a strong direction of its own ("42 %") runs right to left; text with one
            // keeps it (Hebrew right to left, a Latin sentence left to right, its full stop at its
            // end), as UIKit lays out natural text. Alignment is set by the caller, literally.
            pango_context_set_base_dir(layoutContext, PANGO_DIRECTION_RTL)
        }
        pango_layout_context_changed(layout)
        let description = pango_font_description_new()!
        // The chosen family, DejaVu Sans behind it, then the language's own family; past them the
        // system's fontconfig fallback. A generic family stands alone: its expansion is bound
        // weakly, and a named family after it would win over every font it names.
        var names = [font.family ?? family]
        if !genericFamilies.contains(names[0].lowercased()) {
            if names[0] != family { names.append(family) }
            if let language = font.language, let preferred = languageFamily(language), !names.contains(preferred) {
                names.append(preferred)
            }
        }
        pango_font_description_set_family(description, names.joined(separator: ","))
        pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(description, sizePixels * Double(swipeback_pango_scale()))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        if let wrapWidth {
            pango_layout_set_width(layout, Int32(wrapWidth * Double(swipeback_pango_scale())))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        pango_layout_set_text(layout, text, -1)
        if rightToLeft, pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_LTR {
            // A left-to-right paragraph on a right-to-left page: its own base direction, so Pango
            // does not swap left and right alignment for it.
            pango_context_set_base_dir(pango_layout_get_context(layout), PANGO_DIRECTION_LTR)
            pango_layout_context_changed(layout)
        }
        return layout
    }

    /// Size in px of a laid-out layout.
    static func pixelSize(_ layout: OpaquePointer) -> (width: Double, height: Double) {
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        return (Double(w), Double(h))
    }
}
