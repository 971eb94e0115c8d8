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
                    do {
                        _ = try ImageSurface(png: path)
                    } catch {
                        return "page \"\(id)\" element \(index): image \"\(src)\" does not decode as a PNG (\(error))"
                    }
                }
            }
        }
        return nil
    }
}
