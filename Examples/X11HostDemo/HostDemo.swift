// What x11-host-demo does with SwipeDismiss: a stack of sheets in the app's own loop ("Share",
// and "Mail" over it), the app's own Volume slider in the first, and its keys and clicks.
import CX11
import Glibc
import SwipeDismiss
import SwipeDismissAccessibility
import SwipeDismissX11
import ToolSupport
import X11DemoCore

/// The app's state around the sheets: its "Share" button, its slider, and who gets input.
final class HostDemo {
    let app: HostWindow
    let sheet: X11HostedSheet
    let stack: SheetStackController
    let share: VolumeSheet
    let mail: SheetPresenter
    let configuration: DismissConfiguration
    let printsEvents: Bool
    /// Whether the sheets float on wide windows (`--adaptive`): phase lines then name the mode.
    let adaptive: Bool
    /// The screen reader's view, while the desktop asks for one.
    var accessibility: AccessibilityBridge?
    /// Whether "Share" is held down by the pointer.
    private var sharePressed = false
    /// Whether a press on the slider is being dragged: the app's, never the sheet's.
    private var sliderHeld = false

    init(
        app: HostWindow, sheet: X11HostedSheet, clock: TimeSource, printsEvents: Bool,
        adaptive: Bool = false
    ) {
        self.app = app
        self.sheet = sheet
        self.printsEvents = printsEvents
        self.adaptive = adaptive
        let rule: AdaptivePresentation? = adaptive ? .standard : nil
        share = VolumeSheet(adaptive: rule)
        mail = SheetPresenter(
            title: "Mail",
            rows: [.init(id: "send", title: "Send"), .init(id: "cancel", title: "Cancel")],
            presentAgainHint: "", drawsScreenBehind: false, adaptive: rule)
        configuration = SceneChoice.sheet.configuration(preset: .fluid, reduceMotion: false)
        stack = SheetStackController(
            input: sheet.input, renderer: sheet.renderer, clock: clock,
            root: StackLevel(configuration: configuration, presenter: share), presented: false)
        // A host's keys: Escape (and the page keys) only; "Share" takes Space and Enter.
        stack.keyBindings = .standard
        sheet.painter.setDrawing(for: .presenting) { [unowned self] context, size in
            HostWindow.drawScreen(
                context.cairoPointer, width: size.width, height: size.height,
                pressed: sharePressed, focused: stack.depth == 0)
        }
        if printsEvents {
            printEvents(of: stack, namingMode: adaptive) { StandardStream.output.writeLine($0) }
        }
        stack.addObserver { [unowned self] event in
            if case .contentTapped(let item, _) = event.event { tapped(item, level: event.level) }
            if printsEvents, case .focusChanged(let item) = event.event {
                // Out of the sheets, the focus is back on the app's "Share".
                let title =
                    item.map { id in
                        stack.presenter(ofLevel: event.level).map { focusTitle(id, in: $0) } ?? id
                    } ?? "Share"
                StandardStream.output.writeLine(focusLine(title, state: stack.state.top))
            }
            if case .phaseChanged = event.event, stack.depth <= 1 {
                // "Share" is ringed with no sheet shown, and not under one.
                sheet.painter.setNeedsDisplay(of: .presenting)
            }
        }
    }

    /// What a tap on a row does.
    private func tapped(_ item: String, level: Int) {
        switch (level, item) {
        case (0, "copy-link"):
            // Live content: the row says so, the sheet stays.
            share.sheet.rows[0].title = "Link copied"
            stack.setNeedsDisplay()
            accessibility?.model.contentDidChange()
        case (0, "mail"):
            stack.present(StackLevel(configuration: configuration, presenter: mail))
        case (_, "cancel"):
            stack.dismiss(level: level)
        default:
            break
        }
    }

    /// "Share", by click, Space or Enter: a fresh share sheet.
    func activateShare() {
        guard stack.depth == 0 else { return }
        share.sheet.rows[0].title = "Copy link"
        stack.presentRoot()
    }

    /// Takes one event the app read: the app's own (its button, its keys, its slider) or,
    /// while a sheet shows, the sheet's.
    func handle(_ event: inout XEvent) {
        let shown = stack.depth > 0
        switch event.type {
        case ButtonPress, ButtonRelease, MotionNotify:
            let x = Double(event.xbutton.x)
            let y = Double(event.xbutton.y)
            if !shown {
                return handleShare(event.type, button: event.xbutton.button, x: x, y: y)
            }
            if handleSlider(event.type, button: event.xbutton.button, x: x, y: y) { return }
        case KeyPress where !shown:
            // Focus is on "Share": Space and Enter activate it; other keys are the app's.
            let keysym = XLookupKeysym(&event.xkey, 0)
            if keysym == KeySym(XK_space) || keysym == KeySym(XK_Return)
                || keysym == KeySym(XK_KP_Enter)
            {
                activateShare()
            }
            return
        default:
            break
        }
        withUnsafeMutablePointer(to: &event) { _ = sheet.handle(event: $0) }
    }

    /// No sheet: the pointer is the app's. "Share" presents on release.
    private func handleShare(_ type: Int32, button: UInt32, x: Double, y: Double) {
        guard type == MotionNotify || button == UInt32(Button1) else { return }
        let pressed = type == ButtonPress && HostWindow.isOnShare(x: x, y: y)
        if type == ButtonRelease, sharePressed, HostWindow.isOnShare(x: x, y: y) {
            activateShare()
        }
        if type != MotionNotify, pressed != sharePressed {
            sharePressed = pressed
            sheet.painter.setNeedsDisplay(of: .presenting)
            stack.setNeedsDisplay()
        }
    }

    /// The slider keeps its presses: a press on the Volume row of the share sheet (while it
    /// is the top one) and the drag and release that follow are the app's. Returns whether
    /// the event was the slider's.
    private func handleSlider(_ type: Int32, button: UInt32, x: Double, y: Double) -> Bool {
        switch type {
        case ButtonPress:
            guard button == UInt32(Button1), isOnSlider(x: x, y: y) else { return false }
            sliderHeld = true
        case MotionNotify:
            guard sliderHeld else { return false }
        default:
            guard sliderHeld else { return false }
            if button == UInt32(Button1) { sliderHeld = false }
            return true
        }
        setVolume(
            VolumeSheet.value(
                atX: x / sheet.renderer.scale, row: share.volumeRowFrame(viewport: viewport)))
        return true
    }

    private var viewport: Size { sheet.renderer.viewport }

    /// Whether (`x`, `y`) (pixels) is on the Volume row of the share sheet where it is now,
    /// the share sheet being the one that takes input and not moving by a drag.
    private func isOnSlider(x: Double, y: Double) -> Bool {
        guard stack.depth == 1, stack.inputLevel == 0, let state = stack.state(ofLevel: 0),
            state.phase != .dismissing, state.phase != .dismissed, state.phase != .dragging
        else { return false }
        let scale = sheet.renderer.scale
        let row = share.volumeRowFrame(viewport: viewport)
            .offsetBy(state.translation(along: configuration.direction))
        return row.contains(Point(x: x / scale, y: y / scale))
    }

    /// Sets the slider (from the pointer or a screen reader): drawn, told, printed.
    func setVolume(_ value: Double) {
        guard value != share.value else { return }
        share.value = value
        stack.setNeedsDisplay()
        accessibility?.model.contentDidChange()
        if printsEvents {
            StandardStream.output.writeLine(
                "{\"t\":\(jsonNumber(sheet.clock.now)),\"item\":\"volume\","
                    + "\"value\":\(jsonNumber(value))}")
        }
    }
}
