internal import CWayland
import Glibc
import SwipeDismiss

/// The keyboard's keymap and state through xkbcommon: the compositor sends the keymap as a
/// file descriptor (`wl_keyboard.keymap`), and each key's evdev code becomes a keysym with
/// the current modifiers (`xkb_state_key_get_one_sym`, evdev code + 8).
///
/// Owns its xkb context, keymap and state (freed in `deinit`, the struct's storage class).
struct WaylandKeyboard {
    private final class Storage {
        let context: OpaquePointer? = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        var keymap: OpaquePointer?
        var state: OpaquePointer?

        deinit {
            if let state { xkb_state_unref(state) }
            if let keymap { xkb_keymap_unref(keymap) }
            if let context { xkb_context_unref(context) }
        }
    }

    private let storage = Storage()

    /// Reads the keymap from `descriptor` (closed here); a keymap that is not xkb text v1 or
    /// cannot be read leaves the previous one.
    func load(format: UInt32, descriptor: Int32, size: Int) {
        defer { close(descriptor) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, size > 0,
            let context = storage.context,
            let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            mapped != MAP_FAILED
        else { return }
        defer { munmap(mapped, size) }
        // The text may or may not end in a NUL within `size`: give xkbcommon its length.
        let text = mapped.assumingMemoryBound(to: CChar.self)
        guard
            let keymap = xkb_keymap_new_from_buffer(
                context, text, strnlen(text, size), XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            return
        }
        if let old = storage.state { xkb_state_unref(old) }
        if let old = storage.keymap { xkb_keymap_unref(old) }
        storage.keymap = keymap
        storage.state = state
    }

    /// `wl_keyboard.modifiers`.
    func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state = storage.state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The controller's key for the evdev `code`, or nil for a key it does not use: the
    /// keysym with the current modifiers, through the core's one table
    /// (`Key(keysym:modifiers:)`, shared with the X11 plugin).
    func key(forEvdevCode code: UInt32) -> Key? {
        guard let state = storage.state else { return Self.key(forEvdevCode: code) }
        return Key(
            keysym: xkb_state_key_get_one_sym(state, code + 8), modifiers: modifiers(of: state))
    }

    /// Shift, Control and Alt as the state has them now (effective: depressed, latched or
    /// locked).
    private func modifiers(of state: OpaquePointer) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        let effective = XKB_STATE_MODS_EFFECTIVE
        if xkb_state_mod_name_is_active(state, XKB_MOD_NAME_SHIFT, effective) > 0 {
            modifiers.insert(.shift)
        }
        if xkb_state_mod_name_is_active(state, XKB_MOD_NAME_CTRL, effective) > 0 {
            modifiers.insert(.control)
        }
        if xkb_state_mod_name_is_active(state, XKB_MOD_NAME_ALT, effective) > 0 {
            modifiers.insert(.alt)
        }
        return modifiers
    }

    /// Without a keymap (none sent yet), the keys by their evdev codes on a US layout.
    static func key(forEvdevCode code: UInt32) -> Key? {
        switch code {
        case 1: .escape  // KEY_ESC
        case 57: .space  // KEY_SPACE
        case 28, 96: .enter  // KEY_ENTER, KEY_KPENTER
        case 15: .tab  // KEY_TAB
        case 158: .back  // KEY_BACK
        case 21: .other("y")  // KEY_Y
        case 49: .other("n")  // KEY_N
        default: nil
        }
    }
}
