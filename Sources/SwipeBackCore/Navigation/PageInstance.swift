// SPDX-License-Identifier: Apache-2.0
/// One occurrence of a page in a stack: the same page id pushed twice gives two instances.
public struct PageInstance: Hashable, Sendable {
    /// The page's id in its document.
    public let pageID: String
    /// A number unique to this instance for the life of the app model.
    public let serial: Int

    /// Creates an instance; the app model hands out serials.
    public init(pageID: String, serial: Int) {
        self.pageID = pageID
        self.serial = serial
    }
}
