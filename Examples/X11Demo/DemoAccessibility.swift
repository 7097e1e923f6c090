import SwipeDismiss
import SwipeDismissAccessibility
import SwipeDismissX11

/// Makes the demo's sheet (or card; in the stack scene, the top sheet) an AT-SPI modal
/// dialog when the desktop turns accessibility on (`org.a11y.Status`), and lets `loop` wait on
/// the bridge's buses (never waiting on them: a bus that stops answering is given up, said
/// once on stderr); with no session bus, or accessibility off, the loop is left as it was
/// and the accessibility bus is never connected to. `model` is built only when there is a
/// session bus to ask. Returns the bridge, which must live as long as the loop runs.
func startAccessibility(
    loop: X11EventLoop, scale: Double, verbose: Bool,
    model: () -> SheetAccessibilityModel?
) -> AccessibilityBridge? {
    // No session bus (a bare X server, a test): nothing more is built or touched.
    guard let address = AccessibilityBridge.sessionBusAddressFromEnvironment(),
        let model = model()
    else {
        return nil
    }
    let bridge = AccessibilityBridge(
        model: model, applicationName: "x11-demo", windowTitle: "SwipeDismiss demo",
        scale: scale)
    if verbose { bridge.log = { console.error($0) } }
    // A bus that stops answering turns accessibility off; the user is told once.
    bridge.warn = { console.error($0) }
    // Until the window's first FocusIn it has no keyboard focus.
    bridge.model.windowIsActive = false
    guard bridge.start(sessionBusAddress: address) else { return nil }
    loop.auxiliaryInput = (
        descriptor: { [unowned bridge] in bridge.pollDescriptor },
        onReadable: { [unowned bridge] in bridge.handleReadable() }
    )
    return bridge
}

/// The accessible view of the scene's controller: a lone sheet, card or photo by its
/// presenter; a stack's top sheet by the stack scene's titles ("Sheet", "Sheet 2", "Sheet 3"),
/// its sheets leaving towards `direction`.
func accessibilityModel(of controller: FrameDriver, direction: DismissDirection)
    -> SheetAccessibilityModel?
{
    if let controller = controller as? DismissController {
        return SheetAccessibilityModel(controller: controller)
    }
    if let stack = controller as? SheetStackController {
        return StackDemo.accessibilityModel(of: stack, direction: direction)
    }
    return nil
}

/// `until` for the event loop: `until` itself, after telling `bridge`'s model whether the
/// window has keyboard focus (a Bool compared once a turn); just `until` when there is no
/// bridge.
func followingFocus(
    of window: X11Window, for bridge: AccessibilityBridge?, then until: @escaping () -> Bool
) -> () -> Bool {
    guard let bridge else { return until }
    return { [unowned bridge] in
        if bridge.model.windowIsActive != window.hasFocus {
            bridge.model.windowIsActive = window.hasFocus
        }
        return until()
    }
}
