import SwipeDismiss
import SwipeDismissAccessibility
import SwipeDismissHost
import ToolSupport

/// Makes a demo's sheet (or card; in the stack scene, the top sheet) an AT-SPI modal dialog
/// when the desktop turns accessibility on (`org.a11y.Status`), the same way on X11 and
/// Wayland: the application `applicationName`, its frame `windowTitle`, attached to `host`
/// in one call (`AccessibilityBridge.attach(to:)`). With no session bus, or accessibility
/// off, the loop is left as it was and the accessibility bus is never connected to; `model`
/// is built only when there is a session bus to ask. A bus that stops answering is given up,
/// said once on stderr. Returns the bridge, which must live as long as the loop runs.
package func startAccessibility(
    host: some HostEventLoop, applicationName: String, windowTitle: String, verbose: Bool,
    console: DemoConsole, model: () -> SheetAccessibilityModel?
) -> AccessibilityBridge? {
    // No session bus (a bare X server, a test): nothing more is built or touched.
    guard let address = AccessibilityBridge.sessionBusAddressFromEnvironment(),
        let model = model()
    else {
        return nil
    }
    let bridge = AccessibilityBridge(
        model: model, applicationName: applicationName, windowTitle: windowTitle,
        scale: host.windowState.scale)
    if verbose { bridge.log = { console.error($0) } }
    // A bus that stops answering turns accessibility off; the user is told once.
    bridge.warn = { console.error($0) }
    return bridge.attach(to: host, sessionBusAddress: address) ? bridge : nil
}

/// The accessible view of a demo scene's controller: a lone sheet, card or photo by its
/// presenter; a stack's top sheet by the stack scene's titles ("Sheet", "Sheet 2", "Sheet 3"),
/// its sheets leaving towards `direction`.
package func accessibilityModel(of controller: FrameDriver, direction: DismissDirection)
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
