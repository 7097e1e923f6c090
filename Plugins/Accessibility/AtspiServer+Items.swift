import SwipeDismiss

extension DBusValue {
    /// The value as a number: a double or an integer, inside a variant or not.
    var numberValue: Double? {
        if case .double(let value) = self { return value }
        if case .variant(let inner) = self { return inner.numberValue }
        return intValue.map(Double.init)
    }
}

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

extension AtspiServer {
    /// Sets a slider item's `CurrentValue` (Properties.Set on the Value interface) through
    /// the model; false when the node is no slider, the value is not a finite number or the
    /// app keeps its value.
    func setSliderValue(_ node: AtspiNode, to value: DBusValue) -> Bool {
        guard let index = node.itemIndex, let number = value.numberValue else { return false }
        return facts.model.setValue(ofItem: index, to: number)
    }

    /// The item of the dialog at (`x`, `y`) in pixels, in `coordinates`; nil for none.
    func item(atX x: Int, y: Int, coordinates: UInt32) -> AtspiNode? {
        facts.children(of: .dialog).first { node in
            let box = facts.extents(of: node, coordinates: coordinates)
            return x >= Int(box.x) && x < Int(box.x) + Int(box.w) && y >= Int(box.y)
                && y < Int(box.y) + Int(box.h)
        }
    }
}
