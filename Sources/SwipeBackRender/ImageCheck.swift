import FoundationEssentials
import SwipeBackCore

/// Checks that every image a pages document names decodes as a PNG, before anything is drawn.
///
/// The document reader checks that each file exists and starts like a PNG; only cairo can tell
/// whether the rest of it decodes.
public enum ImageCheck {
    /// The first image of `document` that cairo cannot read, as "page "id" element N: ..." text, or nil.
    ///
    /// - Parameter document: a document whose `baseDirectory` (or the current folder) holds its images.
    public static func firstUnreadable(in document: PagesDocument) -> String? {
        allUnreadable(in: document).first
    }

    /// Every image of `document` that cairo cannot read, as "page "id" element N: ..." lines, in
    /// page id and element order.
    ///
    /// - Parameter document: a document whose `baseDirectory` (or the current folder) holds its images.
    public static func allUnreadable(in document: PagesDocument) -> [String] {
        var problems: [String] = []
        let base = document.baseDirectory ?? "."
        for id in document.pages.keys.sorted() {
            for (index, element) in document.pages[id]!.elements.enumerated() {
                let sources: [String]
                switch element.kind {
                case .image(let src): sources = [src]
                case .carousel(let items): sources = items
                default: continue
                }
                for src in sources {
                    let path = src.hasPrefix("/") ? src : base + "/" + src
                    guard FileManager.default.fileExists(atPath: path) else { continue } // the reader reports it
                    do {
                        _ = try ImageSurface(png: path)
                    } catch {
                        problems.append("page \"\(id)\" element \(index): image \"\(src)\" does not decode as a PNG (\(error))")
                    }
                }
            }
        }
        return problems
    }
}
