import SwipeDismiss

/// The AT-SPI events the bridge sends when the described content changes.
extension AccessibilityBridge {
    /// Tells the accessibility bus of a change of the content, as AT-SPI events, then
    /// checks what waits to be written.
    func announce(_ change: AccessibleSheetChange) {
        guard let bus = accessibilityBus, let server else { return }
        let dialog = AtspiNode.dialog.path
        func event(
            _ path: String, _ interface: String, _ member: String, _ detail: String,
            _ one: Int32, _ data: DBusValue = .int32(0)
        ) {
            bus.send(
                .signal(
                    path: path, interface: interface, member: member,
                    arguments: [
                        .string(detail), .int32(one), .int32(0), .variant(data), .noProperties,
                    ]))
        }
        switch change {
        case .shown(let shown):
            let child = DBusValue.reference(server.reference(.dialog))
            if shown {
                event(
                    AtspiNode.frame.path, AtspiInterface.eventObject, "ChildrenChanged", "add", 0,
                    child)
                for node in [.dialog] + server.facts.children(of: .dialog) {
                    bus.send(
                        .signal(
                            path: AtspiNode.cachePath, interface: AtspiInterface.cache,
                            member: "AddAccessible", arguments: [server.cacheItem(node)]))
                }
            }
            event(dialog, AtspiInterface.eventObject, "StateChanged", "showing", shown ? 1 : 0)
            event(dialog, AtspiInterface.eventObject, "StateChanged", "visible", shown ? 1 : 0)
            if !shown {
                event(
                    AtspiNode.frame.path, AtspiInterface.eventObject, "ChildrenChanged", "remove",
                    0, child)
                bus.send(
                    .signal(
                        path: AtspiNode.cachePath, interface: AtspiInterface.cache,
                        member: "RemoveAccessible", arguments: [child]))
            }
        case .expanded(let expanded):
            event(dialog, AtspiInterface.eventObject, "StateChanged", "expanded", expanded ? 1 : 0)
            event(dialog, AtspiInterface.eventObject, "StateChanged", "collapsed", expanded ? 0 : 1)
        case .focused(let focused):
            event(dialog, AtspiInterface.eventObject, "StateChanged", "focused", focused ? 1 : 0)
            if focused { event(dialog, AtspiInterface.eventFocus, "Focus", "", 0) }
        case .itemsChanged:
            for node in server.facts.children(of: .dialog) {
                event(
                    dialog, AtspiInterface.eventObject, "ChildrenChanged", "add",
                    Int32(node.itemIndex ?? 0), .reference(server.reference(node)))
                bus.send(
                    .signal(
                        path: AtspiNode.cachePath, interface: AtspiInterface.cache,
                        member: "AddAccessible", arguments: [server.cacheItem(node)]))
            }
        case .itemRenamed(let index):
            let node = AtspiNode.item(index)
            event(
                node.path, AtspiInterface.eventObject, "PropertyChange", "accessible-name", 0,
                .string(server.facts.name(of: node)))
            bus.send(
                .signal(
                    path: AtspiNode.cachePath, interface: AtspiInterface.cache,
                    member: "AddAccessible", arguments: [server.cacheItem(node)]))
        case .itemValueChanged(let index):
            let node = AtspiNode.item(index)
            let value = server.sliderProperty(node, name: "CurrentValue") ?? .double(0)
            event(
                node.path, AtspiInterface.eventObject, "PropertyChange", "accessible-value", 0,
                value)
        case .itemFocused(let index, let focused):
            let node = AtspiNode.item(index).path
            event(node, AtspiInterface.eventObject, "StateChanged", "focused", focused ? 1 : 0)
            if focused { event(node, AtspiInterface.eventFocus, "Focus", "", 0) }
        }
        finishTurn()
    }
}
