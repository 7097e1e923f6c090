import SwipeDismiss

extension AtspiNode {
    /// The item's index; nil for the other nodes.
    var itemIndex: Int? {
        if case .item(let index) = self { return index }
        return nil
    }
}

/// The answers of the dialog's items: Action (`click`) and, for a slider, Value.
extension AtspiServer {
    /// An item's one action, `click`: a tap on it (`contentTapped` with its id).
    func itemAction(_ index: Int, member: String, arguments: [DBusValue]) -> Answer? {
        let chosen = arguments.first?.intValue == 0
        let summary = "Activate the item (as a click on it)"
        switch member {
        case "GetActions":
            return .reply([
                .array(
                    element: "(sss)",
                    [.structure([.string("click"), .string(summary), .string("")])])
            ])
        case "GetName", "GetLocalizedName": return .reply([.string(chosen ? "click" : "")])
        case "GetDescription": return .reply([.string(chosen ? summary : "")])
        case "GetKeyBinding": return .reply([.string("")])
        case "DoAction":
            return .reply([.bool(chosen && facts.model.activate(item: index))])
        default: return nil
        }
    }

    /// A slider item's Value property `name`; nil for anything else.
    func sliderProperty(_ node: AtspiNode, name: String) -> DBusValue? {
        guard let index = node.itemIndex,
            case .slider(let value, let minimum, let maximum) = facts.item(index)?.role
        else { return nil }
        switch name {
        case "MinimumValue": return .double(minimum)
        case "MaximumValue": return .double(maximum)
        case "MinimumIncrement": return .double(1)
        case "CurrentValue": return .double(value)
        case "Text": return .string(value.isFinite ? String(Int(value.rounded())) : "")
        default: return nil
        }
    }
}
