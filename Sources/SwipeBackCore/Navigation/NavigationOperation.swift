// SPDX-License-Identifier: Apache-2.0
/// One stack operation as the navigation queues and performs it: app code's, a button's, a
/// back or forward command's, the history menu's or the idle return's.
enum NavigationOperation {
    /// Push a new instance of the page `pageID`; clears the forward list.
    case push(pageID: String, animated: Bool)
    /// Push the forward list's first page again; nothing when the list is empty.
    case forward(animated: Bool)
    /// Pop the top page; it goes to the front of the forward list.
    case pop(animated: Bool)
    /// Pop to the root. The pages removed go to the forward list, nearest first, unless
    /// `clearsForward` (the kiosk's idle return: the next visitor cannot go forward).
    case popToRoot(animated: Bool, clearsForward: Bool)
    /// Pop to `target`, a page beneath the top (UIKit's `popToViewController`); nothing when it
    /// is no longer beneath the top.
    case popTo(PageInstance, animated: Bool)

    /// Whether it pops the top page (what the absorb rule looks at).
    var isPop: Bool {
        if case .pop = self { return true }
        return false
    }
}
