/// The modifier keys held with a key press, as a window system reports them.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The bits, one a modifier.
    public let rawValue: UInt8

    /// Modifiers from their bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Control.
    public static let control = KeyModifiers(rawValue: 2)
    /// Alt (X11's Mod1).
    public static let alt = KeyModifiers(rawValue: 4)

    /// The modifiers in an X11 key event's `state` (`ShiftMask` 1, `ControlMask` 4,
    /// `Mod1Mask` 8).
    package init(x11State state: UInt32) {
        var modifiers: KeyModifiers = []
        if state & 1 != 0 { modifiers.insert(.shift) }
        if state & 4 != 0 { modifiers.insert(.control) }
        if state & 8 != 0 { modifiers.insert(.alt) }
        self = modifiers
    }
}

/// The one keysym table the hosts share (X11, XKB and GDK keysyms are the same numbers).
extension Key {
    /// The key for keysym `keysym` pressed with `modifiers`, or nil for a key the controller
    /// does not use.
    ///
    /// Escape, Space, Return and the page keys (the keypad's too); Tab, and Shift+Tab (Tab
    /// with Shift, or `ISO_Left_Tab`, which X sends for it); Ctrl+Up and Ctrl+Down; the back
    /// keys (`XF86Back`, Alt+Left); `y` and `n` in either case, a prompt's answers, as
    /// `.other("y")` and `.other("n")`.
    public init?(keysym: UInt32, modifiers: KeyModifiers = []) {
        switch keysym {
        case KeySymbol.escape: self = .escape
        case KeySymbol.space, KeySymbol.keypadSpace: self = .space
        case KeySymbol.returnKey, KeySymbol.keypadEnter: self = .enter
        case KeySymbol.pageUp, KeySymbol.keypadPageUp: self = .pageUp
        case KeySymbol.pageDown, KeySymbol.keypadPageDown: self = .pageDown
        case KeySymbol.home, KeySymbol.keypadHome: self = .home
        case KeySymbol.end, KeySymbol.keypadEnd: self = .end
        case KeySymbol.tab, KeySymbol.keypadTab:
            self = modifiers.contains(.shift) ? .shiftTab : .tab
        case KeySymbol.isoLeftTab: self = .shiftTab
        case KeySymbol.xf86Back: self = .back
        case KeySymbol.left, KeySymbol.keypadLeft:
            guard modifiers.contains(.alt), !modifiers.contains(.control) else { return nil }
            self = .back
        case KeySymbol.up, KeySymbol.keypadUp:
            guard modifiers.contains(.control), !modifiers.contains(.alt) else { return nil }
            self = .controlUp
        case KeySymbol.down, KeySymbol.keypadDown:
            guard modifiers.contains(.control), !modifiers.contains(.alt) else { return nil }
            self = .controlDown
        case 0x79, 0x59: self = .other("y")
        case 0x6E, 0x4E: self = .other("n")
        default: return nil
        }
    }

    /// The key a mouse button stands for (X11 button numbers: 8 is back), or nil.
    public init?(mouseButton button: UInt32) {
        guard button == 8 else { return nil }
        self = .back
    }
}

/// The keysyms the table reads (`X11/keysymdef.h`, `XF86keysym.h`, `xkbcommon-keysyms.h`).
enum KeySymbol {
    static let escape: UInt32 = 0xFF1B
    static let space: UInt32 = 0x20
    static let keypadSpace: UInt32 = 0xFF80
    static let returnKey: UInt32 = 0xFF0D
    static let keypadEnter: UInt32 = 0xFF8D
    static let tab: UInt32 = 0xFF09
    static let keypadTab: UInt32 = 0xFF89
    static let isoLeftTab: UInt32 = 0xFE20
    static let home: UInt32 = 0xFF50
    static let left: UInt32 = 0xFF51
    static let up: UInt32 = 0xFF52
    static let down: UInt32 = 0xFF54
    static let pageUp: UInt32 = 0xFF55
    static let pageDown: UInt32 = 0xFF56
    static let end: UInt32 = 0xFF57
    static let keypadHome: UInt32 = 0xFF95
    static let keypadLeft: UInt32 = 0xFF96
    static let keypadUp: UInt32 = 0xFF97
    static let keypadDown: UInt32 = 0xFF99
    static let keypadPageUp: UInt32 = 0xFF9A
    static let keypadPageDown: UInt32 = 0xFF9B
    static let keypadEnd: UInt32 = 0xFF9C
    static let xf86Back: UInt32 = 0x1008_FF26
}
