// SPDX-License-Identifier: Apache-2.0

/// Where an image element's `src` is found: an absolute path as it is, a relative one under the
/// folder of the pages document (SPEC section 2). The measurer and the painter both resolve
/// through one value, so they always read the same file.
public struct ImagePaths: Equatable, Sendable {
    /// The folder relative `src` paths are under.
    public let directory: String

    /// Resolves relative paths under `directory`.
    ///
    /// - Parameter directory: a folder, absolute or relative to the current one; "." by default.
    public init(directory: String = ".") {
        self.directory = directory
    }

    /// The file of `src`.
    ///
    /// - Parameter src: an image element's `src`.
    public func path(of src: String) -> String {
        src.hasPrefix("/") ? src : directory + "/" + src
    }
}

extension PagesDocument {
    /// Where this document's image `src` paths are found: under its `baseDirectory`, else the
    /// current folder.
    public var images: ImagePaths { ImagePaths(directory: baseDirectory ?? ".") }
}
