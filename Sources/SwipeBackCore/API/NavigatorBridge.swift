// SPDX-License-Identifier: Apache-2.0
/// The engine's delegate on the navigator's behalf (held by the navigator; the model holds it weakly).
final class NavigatorBridge: AppModelDelegate {
    weak var navigator: Navigator?

    func appModel(_ model: AppModel, definitionOf instance: PageInstance) -> PageDefinition? {
        navigator?.appModel(model, definitionOf: instance)
    }
    func appModel(_ model: AppModel, didCreate instance: PageInstance, inStack stack: String) {
        navigator?.appModel(model, didCreate: instance, inStack: stack)
    }
    func appModel(_ model: AppModel, didRemove instances: [PageInstance], fromStack stack: String) {
        navigator?.appModel(model, didRemove: instances, fromStack: stack)
    }
    func appModel(_ model: AppModel, lifecycle phase: LifecyclePhase, of instance: PageInstance, inStack stack: String) {
        navigator?.appModel(model, lifecycle: phase, of: instance, inStack: stack)
    }
    func appModel(_ model: AppModel, interactivePop step: GestureReadout, of instance: PageInstance, inStack stack: String) {
        navigator?.appModel(model, interactivePop: step, of: instance, inStack: stack)
    }
    func appModel(_ model: AppModel, shouldBeginInteractivePopOf instance: PageInstance, inStack stack: String,
                  at point: Point) -> Bool? {
        navigator?.appModel(model, shouldBeginInteractivePopOf: instance, inStack: stack, at: point)
    }
    func appModel(_ model: AppModel, elementAt point: Point, in instance: PageInstance, inStack stack: String) -> String? {
        navigator?.appModel(model, elementAt: point, in: instance, inStack: stack)
    }
    func appModel(_ model: AppModel, didTap element: String, in instance: PageInstance, inStack stack: String) {
        navigator?.appModel(model, didTap: element, in: instance, inStack: stack)
    }
}
