// x11-host-demo for screen readers: an AT-SPI application named x11-host-demo when the
// desktop turns accessibility on, under the same rules as x11-demo.
import SwipeDismiss
import SwipeDismissAccessibility
import ToolSupport

extension HostDemo {
    /// What a screen reader is shown of the stack: the top sheet as a dialog, "Share" with its
    /// rows as push buttons and Volume as a slider with its value, "Mail" with its rows.
    func accessibilityModel() -> SheetAccessibilityModel {
        SheetAccessibilityModel(source: stack) { [unowned self] level in
            guard level == 0 else {
                return AccessibleSheet(presenter: mail, direction: configuration.direction)
            }
            return AccessibleSheet(
                name: share.sheet.title, direction: configuration.direction,
                items: { [unowned self] viewport in
                    var items = AccessibleItem.rows(of: share.sheet, viewport: viewport)
                    if items.indices.contains(VolumeSheet.volumeRow) {
                        items[VolumeSheet.volumeRow].role = .slider(
                            value: share.value, minimum: 0, maximum: 100)
                    }
                    return items
                },
                restingFrame: share.sheet.sheetFrame)
        }
    }

    /// Starts the bridge when there is a session bus to ask (`org.a11y.Status` decides, as
    /// for x11-demo); with none, nothing is built and the accessibility bus is never touched.
    func startAccessibility() {
        guard let address = AccessibilityBridge.sessionBusAddressFromEnvironment() else { return }
        let bridge = AccessibilityBridge(
            model: accessibilityModel(), applicationName: "x11-host-demo",
            windowTitle: HostWindow.title, scale: sheet.renderer.scale)
        // A bus that stops answering turns accessibility off; the user is told once.
        bridge.warn = { StandardStream.error.writeLine("x11-host-demo: \($0)") }
        bridge.model.windowIsActive = false
        // A screen reader sets Volume as a drag does.
        bridge.model.setItemValue = { [unowned self] item, value in
            guard item.id == "volume" else { return false }
            setVolume(value)
            return true
        }
        guard bridge.start(sessionBusAddress: address) else { return }
        accessibility = bridge
    }

    /// Tells the screen reader whether the window has the keyboard focus (once a turn).
    func followFocus() {
        guard let bridge = accessibility else { return }
        let focused = sheet.window.hasFocus
        if bridge.model.windowIsActive != focused { bridge.model.windowIsActive = focused }
    }
}
