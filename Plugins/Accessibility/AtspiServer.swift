import SwipeDismiss

/// Answers AT-SPI method calls on the exported nodes: Accessible, Application, Action,
/// Component, Cache and the D-Bus Properties of each. Pure message-in, message-out: the
/// bridge owns the connection.
struct AtspiServer {
    let facts: AtspiFacts
    /// This process's unique name on the accessibility bus.
    let bus: String
    /// The registry's desktop, the application's parent (from the Embed reply).
    var desktop = AccessibleReference(
        bus: "org.a11y.atspi.Registry", path: AtspiNode.pathPrefix + "root")
    /// The id the registry gave the application (`Application.Id`).
    var applicationID: Int32 = 0

    /// What a call answers.
    enum Answer {
        case reply([DBusValue])
        case error(name: String, text: String)
    }

    func reference(_ node: AtspiNode) -> AccessibleReference {
        AccessibleReference(bus: bus, path: node.path)
    }

    /// The answer to `member` of `interface` on `path` with `arguments`; an action the call
    /// asks for is done first (through the model).
    mutating func answer(
        path: String, interface: String, member: String, arguments: [DBusValue]
    ) -> Answer {
        if path == AtspiNode.cachePath {
            guard interface == AtspiInterface.cache || interface.isEmpty, member == "GetItems"
            else { return unknown(interface, member) }
            return .reply([.array(element: cacheItemSignature, cacheItems())])
        }
        guard let node = AtspiNode(path: path), facts.exists(node) else {
            return .error(
                name: "org.freedesktop.DBus.Error.UnknownObject", text: "no accessible at \(path)")
        }
        switch interface {
        case AtspiInterface.properties:
            return properties(node, member: member, arguments: arguments)
        case AtspiInterface.accessible, "":
            if let answer = accessible(node, member: member, arguments: arguments) {
                return answer
            }
            if interface.isEmpty, let answer = action(node, member: member, arguments: arguments) {
                return answer
            }
            if interface.isEmpty, case .item(let index) = node,
                let answer = itemAction(index, member: member, arguments: arguments)
            {
                return answer
            }
        case AtspiInterface.action where node == .dialog:
            if let answer = action(node, member: member, arguments: arguments) { return answer }
        case AtspiInterface.action:
            if case .item(let index) = node,
                let answer = itemAction(index, member: member, arguments: arguments)
            {
                return answer
            }
        case AtspiInterface.component where node != .application:
            if let answer = component(node, member: member, arguments: arguments) { return answer }
        case AtspiInterface.application where node == .application:
            if member == "GetLocale" { return .reply([.string("C")]) }
        case AtspiInterface.introspectable:
            if member == "Introspect" { return .reply([.string(introspection(node))]) }
        default:
            break
        }
        return unknown(interface, member)
    }

    private func unknown(_ interface: String, _ member: String) -> Answer {
        .error(
            name: "org.freedesktop.DBus.Error.UnknownMethod",
            text: "no method \(interface).\(member)")
    }

    // MARK: Accessible

    private func accessible(_ node: AtspiNode, member: String, arguments: [DBusValue]) -> Answer? {
        let children = facts.children(of: node)
        switch member {
        case "GetChildAtIndex":
            let index = arguments.first?.intValue ?? -1
            let child = children.indices.contains(index) ? reference(children[index]) : .null
            return .reply([.reference(child)])
        case "GetChildren":
            return .reply([.array(element: "(so)", children.map { .reference(reference($0)) })])
        case "GetIndexInParent":
            return .reply([.int32(indexInParent(node))])
        case "GetRelationSet":
            return .reply([.array(element: "(ua(so))", [])])
        case "GetRole":
            return .reply([.uint32(facts.role(of: node))])
        case "GetRoleName", "GetLocalizedRoleName":
            return .reply([.string(facts.roleName(of: node))])
        case "GetState":
            return .reply([.array(element: "u", facts.states(of: node).words.map(DBusValue.uint32))]
            )
        case "GetAttributes":
            return .reply([attributes(node)])
        case "GetApplication":
            return .reply([.reference(reference(.application))])
        case "GetInterfaces":
            return .reply([.array(element: "s", facts.interfaces(of: node).map(DBusValue.string))])
        default:
            return nil
        }
    }

    private func indexInParent(_ node: AtspiNode) -> Int32 {
        guard let parent = facts.parent(of: node) else { return -1 }
        return Int32(facts.children(of: parent).firstIndex(of: node) ?? -1)
    }

    private func attributes(_ node: AtspiNode) -> DBusValue {
        var entries: [(DBusValue, DBusValue)] = [(.string("toolkit"), .string("SwipeDismiss"))]
        if node == .dialog, facts.model.isShown {
            entries.append((.string("detent"), .string(facts.model.restingDetent)))
        }
        return .dictionary(key: "s", value: "s", entries)
    }

    private func parentReference(_ node: AtspiNode) -> AccessibleReference {
        facts.parent(of: node).map(reference) ?? desktop
    }

    // MARK: Properties

    private mutating func properties(_ node: AtspiNode, member: String, arguments: [DBusValue])
        -> Answer
    {
        let interface = arguments.first?.stringValue ?? ""
        switch member {
        case "Get":
            let name = arguments.count > 1 ? arguments[1].stringValue ?? "" : ""
            guard let value = property(node, interface: interface, name: name) else {
                return .error(
                    name: "org.freedesktop.DBus.Error.UnknownProperty",
                    text: "no property \(interface).\(name)")
            }
            return .reply([.variant(value)])
        case "GetAll":
            let names = Self.propertyNames[interface] ?? []
            let entries = names.compactMap { name -> (DBusValue, DBusValue)? in
                property(node, interface: interface, name: name).map {
                    (.string(name), .variant($0))
                }
            }
            return .reply([.dictionary(key: "s", value: "v", entries)])
        case "Set":
            // Only the application's Id is writable (the registry may set it).
            if interface == AtspiInterface.application, node == .application,
                arguments.count > 2, arguments[1].stringValue == "Id",
                let id = arguments[2].intValue
            {
                applicationID = Int32(truncatingIfNeeded: id)
                return .reply([])
            }
            if interface == AtspiInterface.value, arguments.count > 2,
                arguments[1].stringValue == "CurrentValue",
                setSliderValue(node, to: arguments[2])
            {
                return .reply([])
            }
            return .error(
                name: "org.freedesktop.DBus.Error.PropertyReadOnly", text: "read-only property")
        default:
            return unknown(AtspiInterface.properties, member)
        }
    }

    private static let propertyNames: [String: [String]] = [
        AtspiInterface.accessible: [
            "Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText",
        ],
        AtspiInterface.application: ["ToolkitName", "Version", "AtspiVersion", "Id"],
        AtspiInterface.action: ["NActions"],
        AtspiInterface.value: ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue"],
    ]

    private func property(_ node: AtspiNode, interface: String, name: String) -> DBusValue? {
        switch (interface, name) {
        case (AtspiInterface.accessible, "Name"): .string(facts.name(of: node))
        case (AtspiInterface.accessible, "Description"):
            .string(node == .dialog ? "Modal sheet; dismiss with Escape" : "")
        case (AtspiInterface.accessible, "Parent"): .reference(parentReference(node))
        case (AtspiInterface.accessible, "ChildCount"):
            .int32(Int32(facts.children(of: node).count))
        case (AtspiInterface.accessible, "Locale"): .string("C")
        case (AtspiInterface.accessible, "AccessibleId"):
            .string(facts.item(node.itemIndex ?? -1)?.id ?? node.roleName)
        case (AtspiInterface.accessible, "HelpText"): .string("")
        case (AtspiInterface.application, "ToolkitName") where node == .application:
            .string("SwipeDismiss")
        case (AtspiInterface.application, "Version") where node == .application: .string("1.0")
        case (AtspiInterface.application, "AtspiVersion") where node == .application:
            .string("2.1")
        case (AtspiInterface.application, "Id") where node == .application: .int32(applicationID)
        case (AtspiInterface.action, "NActions") where node == .dialog:
            .int32(Int32(facts.model.actions.count))
        case (AtspiInterface.action, "NActions") where node.itemIndex != nil: .int32(1)
        case (AtspiInterface.value, _): sliderProperty(node, name: name)
        default: nil
        }
    }

    // MARK: Action

    private func action(_ node: AtspiNode, member: String, arguments: [DBusValue]) -> Answer? {
        guard node == .dialog else { return nil }
        let actions = facts.model.actions
        let index = arguments.first?.intValue ?? -1
        let chosen = actions.indices.contains(index) ? actions[index] : nil
        switch member {
        case "GetActions":
            let list = actions.map {
                DBusValue.structure([
                    .string($0.rawValue), .string($0.summary), .string($0.keyBinding),
                ])
            }
            return .reply([.array(element: "(sss)", list)])
        case "GetName", "GetLocalizedName": return .reply([.string(chosen?.rawValue ?? "")])
        case "GetDescription": return .reply([.string(chosen?.summary ?? "")])
        case "GetKeyBinding": return .reply([.string(chosen?.keyBinding ?? "")])
        case "DoAction":
            guard let chosen else { return .reply([.bool(false)]) }
            return .reply([.bool(facts.model.perform(chosen))])
        default: return nil
        }
    }

    // MARK: Component

    private func component(_ node: AtspiNode, member: String, arguments: [DBusValue]) -> Answer? {
        let last = arguments.last?.intValue ?? 0
        let coordinates = UInt32(clamping: max(0, last))
        // Relative to the parent: the dialog's parent is the window's frame.
        let own = facts.extents(of: node, coordinates: coordinates == 2 ? 1 : coordinates)
        switch member {
        case "GetExtents":
            return .reply([
                .structure([.int32(own.x), .int32(own.y), .int32(own.w), .int32(own.h)])
            ])
        case "GetPosition": return .reply([.int32(own.x), .int32(own.y)])
        case "GetSize": return .reply([.int32(own.w), .int32(own.h)])
        case "Contains", "GetAccessibleAtPoint":
            let x = arguments.first?.intValue ?? Int.min
            let y = arguments.count > 1 ? arguments[1].intValue ?? Int.min : Int.min
            func within(_ box: (x: Int32, y: Int32, w: Int32, h: Int32)) -> Bool {
                x >= Int(box.x) && x < Int(box.x) + Int(box.w) && y >= Int(box.y)
                    && y < Int(box.y) + Int(box.h)
            }
            let inside = within(own)
            if member == "Contains" { return .reply([.bool(inside)]) }
            var hit: AccessibleReference = .null
            if inside {
                let dialog = facts.extents(
                    of: .dialog, coordinates: coordinates == 2 ? 1 : coordinates)
                if node == .frame, facts.model.isShown, within(dialog) { hit = reference(.dialog) }
                if node == .dialog, facts.model.isShown,
                    let item = item(
                        atX: x, y: y, coordinates: coordinates == 2 ? 1 : coordinates)
                {
                    hit = reference(item)
                }
            }
            return .reply([.reference(hit)])
        case "GetLayer": return .reply([.uint32(node == .frame ? 7 : 5)])
        case "GetMDIZOrder": return .reply([.int16(0)])
        case "GetAlpha": return .reply([.double(1)])
        case "GrabFocus":
            return .reply([.bool(node != .frame && node != .application && facts.model.isShown)])
        case "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize":
            return .reply([.bool(false)])
        default: return nil
        }
    }

    // MARK: Cache

    /// `GetItems`' element: object, application, parent, index in parent, child count,
    /// interfaces, name, role, description, states.
    let cacheItemSignature = "((so)(so)(so)iiassusau)"

    func cacheItems() -> [DBusValue] {
        let nodes: [AtspiNode] =
            facts.model.isShown ? [.frame, .dialog] + facts.children(of: .dialog) : [.frame]
        return nodes.map(cacheItem)
    }

    func cacheItem(_ node: AtspiNode) -> DBusValue {
        .structure([
            .reference(reference(node)), .reference(reference(.application)),
            .reference(parentReference(node)), .int32(indexInParent(node)),
            .int32(Int32(facts.children(of: node).count)),
            .array(element: "s", facts.interfaces(of: node).map(DBusValue.string)),
            .string(facts.name(of: node)), .uint32(facts.role(of: node)),
            .string(
                property(node, interface: AtspiInterface.accessible, name: "Description")?
                    .stringValue ?? ""),
            .array(element: "u", facts.states(of: node).words.map(DBusValue.uint32)),
        ])
    }

    private func introspection(_ node: AtspiNode) -> String {
        let interfaces = facts.interfaces(of: node).map { "<interface name=\"\($0)\"/>" }
            .joined()
        let children = facts.children(of: node).map {
            "<node name=\"\($0.path.dropFirst(AtspiNode.pathPrefix.count))\"/>"
        }
        return "<node>" + interfaces + children.joined() + "</node>"
    }
}
