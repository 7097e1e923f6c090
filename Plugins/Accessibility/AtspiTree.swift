import SwipeDismiss

/// The accessibles the bridge exports: the application root, the window's frame and,
/// while content shows, the dialog that is the sheet (or card; in a stack, the top sheet)
/// and its items, by index.
enum AtspiNode: Hashable {
    case application
    case frame
    case dialog
    case item(Int)

    static let fixed: [AtspiNode] = [.application, .frame, .dialog]
    static let itemPrefix = pathPrefix + "item/"

    static let pathPrefix = "/org/a11y/atspi/accessible/"
    static let cachePath = "/org/a11y/atspi/cache"

    /// The object path (the root's is fixed by AT-SPI).
    var path: String {
        switch self {
        case .application: Self.pathPrefix + "root"
        case .frame: Self.pathPrefix + "frame"
        case .dialog: Self.pathPrefix + "sheet"
        case .item(let index): Self.itemPrefix + String(index)
        }
    }

    /// The node at `path`, if the bridge exports one there (an item whatever its index:
    /// the facts say whether it exists).
    init?(path: String) {
        if path.hasPrefix(Self.itemPrefix) {
            guard let index = Int(path.dropFirst(Self.itemPrefix.count)), index >= 0 else {
                return nil
            }
            self = .item(index)
            return
        }
        guard let node = Self.fixed.first(where: { $0.path == path }) else { return nil }
        self = node
    }

    /// `AtspiRole` values (atspi-constants.h).
    var role: UInt32 {
        switch self {
        case .application: AtspiRole.application
        case .frame: AtspiRole.frame
        case .dialog: AtspiRole.dialog
        case .item: AtspiRole.pushButton
        }
    }

    /// The role's name as `GetRoleName` spells it.
    var roleName: String {
        switch self {
        case .application: "application"
        case .frame: "frame"
        case .dialog: "dialog"
        case .item: "push button"
        }
    }

    /// The D-Bus interfaces the node implements.
    var interfaces: [String] {
        switch self {
        case .application: [AtspiInterface.accessible, AtspiInterface.application]
        case .frame: [AtspiInterface.accessible, AtspiInterface.component]
        case .dialog, .item:
            [AtspiInterface.accessible, AtspiInterface.action, AtspiInterface.component]
        }
    }
}

/// AT-SPI interface names.
enum AtspiInterface {
    static let accessible = "org.a11y.atspi.Accessible"
    static let application = "org.a11y.atspi.Application"
    static let action = "org.a11y.atspi.Action"
    static let component = "org.a11y.atspi.Component"
    static let value = "org.a11y.atspi.Value"
    static let cache = "org.a11y.atspi.Cache"
    static let socket = "org.a11y.atspi.Socket"
    static let properties = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let eventObject = "org.a11y.atspi.Event.Object"
    static let eventFocus = "org.a11y.atspi.Event.Focus"
}

/// `AtspiRole` numbers used here.
enum AtspiRole {
    static let dialog: UInt32 = 16
    static let pushButton: UInt32 = 43
    static let slider: UInt32 = 51
    static let frame: UInt32 = 23
    static let application: UInt32 = 75
}

/// `AtspiStateType` numbers used here, and the two-word bit set `GetState` returns.
struct AtspiStates: OptionSet, Hashable {
    let rawValue: UInt64

    static let active = Self(state: 1)
    static let collapsed = Self(state: 5)
    static let enabled = Self(state: 8)
    static let expandable = Self(state: 9)
    static let expanded = Self(state: 10)
    static let focusable = Self(state: 11)
    static let focused = Self(state: 12)
    static let modal = Self(state: 16)
    static let resizable = Self(state: 21)
    static let sensitive = Self(state: 24)
    static let showing = Self(state: 25)
    static let visible = Self(state: 30)

    init(rawValue: UInt64) { self.rawValue = rawValue }
    init(state: Int) { rawValue = 1 << UInt64(state) }

    /// The `au` words: bit `n % 32` of word `n / 32` for state `n`.
    var words: [UInt32] { [UInt32(truncatingIfNeeded: rawValue), UInt32(rawValue >> 32)] }
}

/// The facts a node's answers come from: the model, the names and the window geometry.
struct AtspiFacts {
    let model: SheetAccessibilityModel
    /// The application's name (the program's).
    let applicationName: String
    /// The frame's name (the window title).
    let windowTitle: String
    /// Pixels per point.
    let scale: Double
    /// The window's top-left corner on the screen, in pixels (nil: unknown, taken as 0, 0).
    let windowOrigin: (() -> (x: Int, y: Int)?)?

    func name(of node: AtspiNode) -> String {
        switch node {
        case .application: applicationName
        case .frame: windowTitle
        case .dialog: model.name
        case .item(let index): item(index)?.title ?? ""
        }
    }

    /// The item behind `.item(index)`, if the model holds one there.
    func item(_ index: Int) -> AccessibleItem? {
        model.items.indices.contains(index) ? model.items[index] : nil
    }

    /// Whether the bridge exports `node` now (an item only while the dialog shows).
    func exists(_ node: AtspiNode) -> Bool {
        guard case .item(let index) = node else { return true }
        return model.isShown && item(index) != nil
    }

    func children(of node: AtspiNode) -> [AtspiNode] {
        switch node {
        case .application: [.frame]
        case .frame: model.isShown ? [.dialog] : []
        case .dialog: model.isShown ? model.items.indices.map { AtspiNode.item($0) } : []
        case .item: []
        }
    }

    func parent(of node: AtspiNode) -> AtspiNode? {
        switch node {
        case .application: nil
        case .frame: .application
        case .dialog: .frame
        case .item: .dialog
        }
    }

    /// The node's role: an item's by its kind (push button or slider).
    func role(of node: AtspiNode) -> UInt32 {
        guard case .item(let index) = node, case .slider = item(index)?.role else {
            return node.role
        }
        return AtspiRole.slider
    }

    /// The role's name as `GetRoleName` spells it.
    func roleName(of node: AtspiNode) -> String {
        role(of: node) == AtspiRole.slider ? "slider" : node.roleName
    }

    /// The node's interfaces: a slider adds Value.
    func interfaces(of node: AtspiNode) -> [String] {
        role(of: node) == AtspiRole.slider
            ? node.interfaces + [AtspiInterface.value] : node.interfaces
    }

    func states(of node: AtspiNode) -> AtspiStates {
        switch node {
        case .application:
            return []
        case .frame:
            var states: AtspiStates = [.enabled, .sensitive, .showing, .visible, .resizable]
            if model.windowIsActive { states.insert(.active) }
            return states
        case .dialog:
            guard model.isShown else { return [.enabled, .sensitive, .focusable] }
            var states: AtspiStates = [
                .enabled, .sensitive, .focusable, .modal, .showing, .visible,
            ]
            if model.isFocused { states.insert(.focused) }
            if model.isExpandable {
                states.insert(.expandable)
                states.insert(model.isExpanded ? .expanded : .collapsed)
            }
            return states
        case .item(let index):
            var states: AtspiStates = [.enabled, .sensitive, .focusable]
            guard model.isShown, let item = item(index) else { return states }
            let frame = model.frame(ofItem: index)
            states.insert(.visible)
            if frame.width > 0, frame.height > 0 { states.insert(.showing) }
            if item.isFocused, model.windowIsActive { states.insert(.focused) }
            return states
        }
    }

    /// The node's extents in pixels: relative to the window (`coordinates` 1), to the screen
    /// (0) or to its parent (2).
    func extents(of node: AtspiNode, coordinates: UInt32) -> (
        x: Int32, y: Int32, w: Int32, h: Int32
    ) {
        let viewport = model.viewport
        let rect: Rect
        switch node {
        case .application: return (0, 0, 0, 0)
        case .frame: rect = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        case .dialog: rect = model.frame
        case .item(let index): rect = model.frame(ofItem: index)
        }
        func pixels(_ value: Double) -> Int {
            let scaled = (value * scale).rounded()
            return scaled.isFinite ? Int(max(-1e9, min(1e9, scaled))) : 0
        }
        var x = pixels(rect.minX)
        var y = pixels(rect.minY)
        let width = pixels(rect.maxX) - x
        let height = pixels(rect.maxY) - y
        if coordinates == 0, let origin = windowOrigin?() {
            x += origin.x
            y += origin.y
        }
        return (
            Int32(clamping: x), Int32(clamping: y), Int32(clamping: width), Int32(clamping: height)
        )
    }
}
