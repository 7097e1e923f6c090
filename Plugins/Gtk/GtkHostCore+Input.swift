import CGtk
import SwipeDismiss
import SwipeDismissHost

/// The host's event controllers: GTK events become `InputEvent`s on the controller's clock.
extension GtkHostCore {
    /// Connects the pointer/touch and scroll controllers (capture phase, on the overlay),
    /// the key controller (bubble phase, on the window once the overlay is realized) and the
    /// viewport watcher.
    func connectInput() {
        let legacy = sd_controller(UnsafeMutableRawPointer(sd_legacy_controller_new()))
        gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE)
        sd_connect_event(
            legacy,
            { _, event, data in
                guard let host = GtkHostCore.from(data), let event else { return 0 }
                return host.handlePointer(event) ? 1 : 0
            }, userData)
        remember(UnsafeMutableRawPointer(legacy!))
        gtk_widget_add_controller(widget, legacy)

        let scroll = sd_controller(
            UnsafeMutableRawPointer(
                gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)))
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        sd_connect_scroll(
            scroll,
            { controller, dx, dy, data in
                guard let host = GtkHostCore.from(data) else { return 0 }
                return host.handleScroll(controller, dx: dx, dy: dy) ? 1 : 0
            }, userData)
        sd_connect_void(
            UnsafeMutableRawPointer(scroll!), "scroll-end",
            { controller, data in
                GtkHostCore.from(data)?.handleScrollEnd(controller)
            }, userData)
        remember(UnsafeMutableRawPointer(scroll!))
        gtk_widget_add_controller(widget, scroll)

        sd_connect_resize(
            backdrop,
            { _, width, height, data in
                GtkHostCore.from(data)?.resize(width: width, height: height)
            }, userData)
        remember(UnsafeMutableRawPointer(backdrop))

        sd_connect_void(
            UnsafeMutableRawPointer(widget), "realize",
            { _, data in GtkHostCore.from(data)?.attachKeys() }, userData)
        remember(UnsafeMutableRawPointer(widget))

        for level in contents.indices { connectClose(level) }
    }

    /// Makes level `level`'s close button (if its content has one) dismiss that level.
    func connectClose(_ level: Int) {
        guard let button = contents[level].closeButton else { return }
        // The level rides on the button itself: one handler for every level.
        g_object_set_data(
            UnsafeMutablePointer(OpaquePointer(button)), "swipedismiss-level",
            UnsafeMutableRawPointer(bitPattern: level + 1))
        sd_connect_void(
            UnsafeMutableRawPointer(button), "clicked",
            { button, data in
                guard let core = GtkHostCore.from(data), let button else { return }
                let tag = g_object_get_data(
                    UnsafeMutablePointer(OpaquePointer(button)), "swipedismiss-level")
                core.driver.close(Int(bitPattern: tag) - 1)
                core.wake()
            }, userData)
        remember(UnsafeMutableRawPointer(button))
    }

    /// Keys go to the focused widget, which may be outside the overlay: listen on the window.
    func attachKeys() {
        guard let root = gtk_widget_get_root(widget) else { return }
        if shmPool == nil { shmPool = GtkX11ShmPool(widget: widget, viewport: renderer.viewport) }
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        guard attachedWindow != window else { return }
        attachedWindow = window
        let keys = sd_controller(UnsafeMutableRawPointer(gtk_event_controller_key_new()))
        // Bubble: the focused widget has the key first (`handleKey`).
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_BUBBLE)
        sd_connect_key(
            keys,
            { controller, keyval, _, state, data in
                guard let host = GtkHostCore.from(data) else { return 0 }
                return host.handleKey(controller, keyval: keyval, state: state) ? 1 : 0
            }, userData)
        remember(UnsafeMutableRawPointer(keys!))
        gtk_widget_add_controller(window, keys)
        keyController = keys
        // Shown from the start: focus goes into the sheet before the window picks a widget.
        if let top = topShownLevel { moveFocusIn(top) }
    }

    private var isShown: Bool { driver.isShown() }

    /// Press, motion, release and touch; returns whether GTK should stop the event.
    func handlePointer(_ event: OpaquePointer) -> Bool {
        let type = gdk_event_get_event_type(event)
        let time = gdk_event_get_time(event)
        switch type {
        case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN:
            guard isShown, !input.isPressed else { return false }
            if type == GDK_BUTTON_PRESS, gdk_button_event_get_button(event) != 1 { return false }
            guard let point = position(of: event) else { return false }
            let region = driver.frames.hitTest(point)
            if region == .passThrough { return false }
            // A press on a widget of the sheet's that takes presses (a button, an entry, a
            // scale, a switch…) is that widget's: it never moves the sheet.
            if region == .content {
                let picked = gtk_widget_pick(widget, point.x, point.y, GTK_PICK_DEFAULT)
                if GtkPressTakers.takesPress(picked, below: widget) { return false }
            }
            touchSequence = type == GDK_TOUCH_BEGIN ? gdk_event_get_event_sequence(event) : nil
            feed(.down(point), time: time)
            return true
        case GDK_MOTION_NOTIFY, GDK_TOUCH_UPDATE:
            guard input.isPressed, matchesSequence(event, type: type),
                let point = position(of: event)
            else { return false }
            feed(.move(point), time: time)
            return true
        case GDK_BUTTON_RELEASE, GDK_TOUCH_END:
            guard input.isPressed, matchesSequence(event, type: type) else { return false }
            if type == GDK_BUTTON_RELEASE, gdk_button_event_get_button(event) != 1 { return false }
            let point = position(of: event) ?? lastPoint
            feed(.up(point), time: time)
            return true
        case GDK_TOUCH_CANCEL, GDK_GRAB_BROKEN:
            guard input.isPressed else { return false }
            feed(.cancel, time: time)
            return type == GDK_TOUCH_CANCEL
        default:
            return false
        }
    }

    private func matchesSequence(_ event: OpaquePointer, type: GdkEventType) -> Bool {
        let isTouch = type == GDK_TOUCH_UPDATE || type == GDK_TOUCH_END
        guard isTouch || touchSequence == nil else { return false }
        return !isTouch || gdk_event_get_event_sequence(event) == touchSequence
    }

    private func position(of event: OpaquePointer) -> Point? {
        var x = 0.0
        var y = 0.0
        guard sd_event_position(event, widget, &x, &y) != 0, x.isFinite, y.isFinite else {
            return nil
        }
        lastPoint = Point(x: x, y: y)
        return lastPoint
    }

    /// Smooth (touchpad) and wheel scrolls: GDK's deltas move the content the other way,
    /// so they are negated into the core's drag-like sign.
    func handleScroll(_ controller: OpaquePointer?, dx: Double, dy: Double) -> Bool {
        guard isShown, dx.isFinite, dy.isFinite else { return false }
        let event = gtk_event_controller_get_current_event(controller)
        let time = gtk_event_controller_get_current_event_time(controller)
        let source = scrollSource(event)
        // The list under the pointer scrolls: the core learns where the pointer is from the
        // scroll event's own position (a move with no press moves nothing).
        if let event, !input.isPressed, let point = position(of: event), point != hoverPoint {
            hoverPoint = point
            feed(.move(point), time: time)
        }
        let step = source == .wheel ? HostInput.wheelPointsPerNotch : 1
        feed(.scroll(dx: -dx * step, dy: -dy * step, source: source), time: time)
        return true
    }

    /// The touchpad's fingers lifted (`gdk_scroll_event_is_stop`).
    func handleScrollEnd(_ controller: gpointer?) {
        guard isShown, let controller else { return }
        let time = gtk_event_controller_get_current_event_time(OpaquePointer(controller))
        feed(.scrollStop, time: time)
    }

    private func scrollSource(_ event: OpaquePointer?) -> ScrollSource {
        guard let event else { return .wheel }
        if gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_SURFACE { return .touchpad }
        let device = sd_event_input_source(event)
        return device == GDK_SOURCE_TOUCHPAD || device == GDK_SOURCE_TRACKPOINT
            ? .touchpad : .wheel
    }

    /// The host takes no key but Escape (dismiss the top sheet through the veto, or decline
    /// a pending attempt) while a sheet shows, and y and n while a vetoed attempt is
    /// pending. It listens in the bubble phase, after the focused widget: a key the focused
    /// widget uses (Space and Enter on a button, anything typed into an entry, Home and End
    /// in an entry or a scale, Escape in a search entry or an input method's preedit) is the
    /// widget's and never reaches the sheet.
    func handleKey(_ controller: OpaquePointer?, keyval: guint, state: GdkModifierType) -> Bool {
        let time = gtk_event_controller_get_current_event_time(controller)
        // GDK keyvals are X11's keysyms: the hosts' one table names the key (the keys taken
        // here mean the same with any modifier).
        switch Key(keysym: UInt32(keyval)) {
        case .escape?:
            guard isShown else { return false }
            feed(.key(.escape), time: time)
        case .other(let answer)? where answer == "y" || answer == "n":
            guard driver.isDismissAttemptPending() else { return false }
            feed(.key(.other(answer)), time: time)
        default:
            return false
        }
        return true
    }

    /// Queues `kind` and makes sure a frame will apply it.
    private func feed(_ kind: InputEvent.Kind, time: guint32) {
        input.enqueue(kind, milliseconds: time)
        wake()
    }
}
