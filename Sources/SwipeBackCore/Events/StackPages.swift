// SPDX-License-Identifier: Apache-2.0
/// A stack's id and its pages, bottom to top (the `final` line's `stacks`).
public struct StackPages: Equatable, Sendable {
    /// The stack's id.
    public var id: String
    /// Its page ids, bottom to top.
    public var pages: [String]

    /// Creates the pair.
    public init(id: String, pages: [String]) {
        self.id = id
        self.pages = pages
    }
}
