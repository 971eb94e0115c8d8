// SPDX-License-Identifier: Apache-2.0
/// The state of page instances as shown, by instance serial: what belongs to one occurrence of a
/// page in a stack, so another stack or a second push of the same page starts afresh (DESIGN.md:
/// a page's swipe switch never leaks to another page or stack).
struct PageStates {
    /// Bumped whenever a page's properties change (a `set` line), by page id.
    var pageRevisions: [String: Int] = [:]
    /// Bumped whenever one page instance changes (its toggle, controls, gesture status).
    var instanceRevisions: [Int: Int] = [:]
    /// Vertical scroll offsets in px of pages taller than their stack (0 = top; absent = 0).
    var scrollOffsets: [Int: Double] = [:]
    /// Current values of sliders (0...1) and carousels (the item index), by element index.
    var controlValues: [Int: [Int: Double]] = [:]
    /// An instance's own `interactivePop`, set by its toggle or the Swift API.
    var interactivePopOverrides: [Int: Bool] = [:]
    /// Content heights of pages in view, with what they were laid out for: the scene asks every
    /// frame, the layout runs only when something changed.
    var contentHeights: [Int: (revision: Int, width: Double, scale: Double, direction: LayoutDirection, height: Double)] = [:]

    /// A number that changes whenever anything drawn on `instance` changes.
    func revision(of instance: PageInstance) -> Int {
        (pageRevisions[instance.pageID] ?? 0) &+ (instanceRevisions[instance.serial] ?? 0) &* 1_000_003
    }

    /// Marks one instance as changed.
    mutating func invalidate(_ serial: Int) {
        instanceRevisions[serial, default: 0] += 1
    }

    /// Forgets an instance that left its stack for good.
    mutating func remove(_ serial: Int) {
        interactivePopOverrides[serial] = nil
        instanceRevisions[serial] = nil
        controlValues[serial] = nil
        scrollOffsets[serial] = nil
        contentHeights[serial] = nil
    }

    /// How many per-instance entries are held (soak tests).
    var retainedCount: Int {
        interactivePopOverrides.count + instanceRevisions.count + controlValues.count + scrollOffsets.count
    }
}
