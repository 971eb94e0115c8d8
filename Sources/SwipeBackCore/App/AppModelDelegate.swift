// SPDX-License-Identifier: Apache-2.0
/// What an `AppModel` tells its owner as it happens, and asks of pages written in Swift.
///
/// `Navigator` is the delegate apps use; every method has a default that does nothing (or answers
/// nil), so another owner implements only what it needs. Calls arrive synchronously, inside
/// `AppModel.handle(_:atMilliseconds:)` and `AppModel.tick(atMilliseconds:)`.
public protocol AppModelDelegate: AnyObject {
    /// The definition (title, header, back button, elements) of an instance of a page written in
    /// Swift, or nil for a document page. Asked often: answer from memory.
    func appModel(_ model: AppModel, definitionOf instance: PageInstance) -> PageDefinition?
    /// A page instance was made for a push onto `stack` (before its `willAppear`).
    func appModel(_ model: AppModel, didCreate instance: PageInstance, inStack stack: String)
    /// Instances left `stack` for good (popped), top first; nothing refers to them afterwards.
    func appModel(_ model: AppModel, didRemove instances: [PageInstance], fromStack stack: String)
    /// A lifecycle step of `instance` (the same moment as its `lifecycle` log line).
    func appModel(_ model: AppModel, lifecycle phase: LifecyclePhase, of instance: PageInstance, inStack stack: String)
    /// A step of the interactive pop of `instance` (the same moment as its `gesture` log line).
    func appModel(_ model: AppModel, interactivePop step: GestureReadout, of instance: PageInstance, inStack stack: String)
    /// The veto of a page without a static `shouldBegin`: asked once per attempt, when the edge pan
    /// would begin, with the point where the pointer went down (window px). Nil means no veto.
    func appModel(_ model: AppModel, shouldBeginInteractivePopOf instance: PageInstance, inStack stack: String,
                  at point: Point) -> Bool?
    /// The id of an element `instance` draws itself at `point` (page px: below the header, scrolled),
    /// or nil. Asked at each down on the top page, after the document's elements.
    func appModel(_ model: AppModel, elementAt point: Point, in instance: PageInstance, inStack stack: String) -> String?
    /// A tap (down and up within the touch slop, on the same element) on an element from `elementAt`.
    func appModel(_ model: AppModel, didTap element: String, in instance: PageInstance, inStack stack: String)
}

extension AppModelDelegate {
    /// Every page is a document page.
    public func appModel(_ model: AppModel, definitionOf instance: PageInstance) -> PageDefinition? { nil }
    /// Does nothing.
    public func appModel(_ model: AppModel, didCreate instance: PageInstance, inStack stack: String) {}
    /// Does nothing.
    public func appModel(_ model: AppModel, didRemove instances: [PageInstance], fromStack stack: String) {}
    /// Does nothing.
    public func appModel(_ model: AppModel, lifecycle phase: LifecyclePhase, of instance: PageInstance, inStack stack: String) {}
    /// Does nothing.
    public func appModel(_ model: AppModel, interactivePop step: GestureReadout, of instance: PageInstance, inStack stack: String) {}
    /// No veto.
    public func appModel(_ model: AppModel, shouldBeginInteractivePopOf instance: PageInstance, inStack stack: String,
                         at point: Point) -> Bool? { nil }
    /// No element.
    public func appModel(_ model: AppModel, elementAt point: Point, in instance: PageInstance, inStack stack: String) -> String? { nil }
    /// Does nothing.
    public func appModel(_ model: AppModel, didTap element: String, in instance: PageInstance, inStack stack: String) {}
}
