import SwipeDismiss
import SwipeDismissAccessibility
import SwipeDismissWayland
import ToolSupport
import X11DemoCore

/// Makes the demo's sheet (or card; in the stack scene, the top sheet) an AT-SPI modal
/// dialog when the desktop turns accessibility on (`org.a11y.Status`), as `x11-demo` does:
/// the application `wayland-demo`, its frame the window title. The bridge attaches to
/// `loop` in one assignment (its `auxiliaryInput`) and follows the seat's keyboard focus
/// through `input`; with no session bus, or accessibility off, the loop is left as it was and
/// the accessibility bus is never connected to (libdbus is loaded only when there is a
/// session bus to ask). Returns the bridge, which must live as long as the loop runs.
func startAccessibility(
    loop: WaylandEventLoop, input: WaylandInputSource, verbose: Bool,
    model: () -> SheetAccessibilityModel?
) -> AccessibilityBridge? {
    guard let address = AccessibilityBridge.sessionBusAddressFromEnvironment(),
        let model = model()
    else {
        return nil
    }
    let bridge = AccessibilityBridge(
        model: model, applicationName: "wayland-demo", windowTitle: "SwipeDismiss Wayland demo",
        scale: loop.renderer.scale)
    if verbose { bridge.log = { console.error($0) } }
    // A bus that stops answering turns accessibility off; the user is told once.
    bridge.warn = { console.error($0) }
    // Until the compositor gives the window the keyboard, it has no focus.
    bridge.model.windowIsActive = input.hasKeyboardFocus
    guard bridge.start(sessionBusAddress: address) else { return nil }
    input.onKeyboardFocusChange = { [weak bridge] focused in
        bridge?.model.windowIsActive = focused
    }
    loop.auxiliaryInput = bridge.loopInput
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
        return SheetAccessibilityModel(source: stack) { level in
            AccessibleSheet(
                presenter: SheetPresenter(title: StackScene.title(ofLevel: level)),
                direction: direction)
        }
    }
    return nil
}
