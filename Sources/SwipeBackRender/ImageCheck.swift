// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
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
        let images = document.images
        for id in document.pages.keys.sorted() {
            for (index, element) in document.pages[id]!.elements.enumerated() {
                let sources: [String]
                switch element.kind {
                case .image(let src): sources = [src]
                case .carousel(let items): sources = items
                default: continue
                }
                for src in sources {
                    let path = images.path(of: src)
                    // Missing files, FIFOs and devices are the reader's to report: cairo would wait on a FIFO.
                    var info = stat()
                    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                    if (try? ImageSurface(png: path)) == nil {
                        // The reader checked the chunks and their CRCs; what is left is the compressed data
                        // (cairo says "out of memory" for any PNG libpng refuses).
                        problems.append("page \"\(id)\" element \(index): image \"\(src)\" "
                                        + "does not decode: its chunks are whole, but its compressed image data is damaged")
                    }
                }
            }
        }
        return problems
    }
}
