import SwipeDismiss

/// Enablement, on the session bus: `org.a11y.Status` asked and followed, and the accessibility
/// bus's address asked for while it is on.
extension AccessibilityBridge {
    func askStatus() {
        statusSerial =
            sessionBus?.send(
                .methodCall(
                    destination: Self.busName, path: Self.busPath,
                    interface: AtspiInterface.properties, member: "GetAll",
                    arguments: [.string(Self.statusInterface)])) ?? 0
    }

    func handleSession(_ message: DBusMessage) {
        if message.isSignal {
            if message.member == "PropertiesChanged" {
                askStatus()
            } else if message.member == "NameOwnerChanged" {
                let arguments = message.arguments
                if arguments.count == 3, arguments[2].stringValue?.isEmpty == false {
                    askStatus()
                }
            }
            return
        }
        let serial = message.replySerial
        if serial != 0, serial == statusSerial {
            statusSerial = 0
            var enabled = false
            if !message.isError, case .dictionary(_, _, let entries)? = message.arguments.first {
                for (key, value) in entries
                where ["IsEnabled", "ScreenReaderEnabled"].contains(key.stringValue ?? "") {
                    enabled = enabled || value.boolValue == true
                }
            }
            setEnabled(enabled)
        } else if serial != 0, serial == addressSerial {
            addressSerial = 0
            guard isEnabled, !message.isError, let address = message.arguments.first?.stringValue
            else {
                if message.isError {
                    log?("accessibility: GetAddress failed: \(message.errorName)")
                }
                return
            }
            connect(to: address)
        }
    }

    func setEnabled(_ enabled: Bool) {
        // The first answer is said even when it leaves things as they were (off): a host's
        // --verbose, and a test, can tell "asked, and off" from "not asked yet".
        let first = !statusAnswered
        statusAnswered = true
        if first, !enabled { log?("accessibility: off (org.a11y.Status)") }
        guard enabled != isEnabled else { return }
        isEnabled = enabled
        if enabled {
            log?("accessibility: on (org.a11y.Status)")
            addressSerial =
                sessionBus?.send(
                    .methodCall(
                        destination: Self.busName, path: Self.busPath, interface: Self.busName,
                        member: "GetAddress")) ?? 0
        } else {
            log?("accessibility: off (org.a11y.Status)")
            disconnect()
        }
    }
}
