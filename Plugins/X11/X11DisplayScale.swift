internal import CX11

/// The device-pixels-per-point scale a desktop asks for through `Xft.dpi`.
public enum X11DisplayScale {
    /// The DPI that is scale 1 (X's and Xft's reference).
    public static let referenceDPI = 96.0
    /// The scales this accepts, as GNOME's and Xfce's "window scaling" do (at most 4×).
    public static let range = 1.0...4.0

    /// The scale for an X resource database text (`XResourceManagerString`): `Xft.dpi`
    /// divided by 96, rounded to the nearest quarter and clamped to 1…4; 1 when the text is
    /// nil, has no `Xft.dpi`, or its value is not a positive number. Xft reads the same
    /// resource; with several lines the last one counts, as `xrdb -merge` leaves it.
    ///
    /// `Xft.dpi: 192` gives 2, `144` gives 1.5, `120` gives 1.25.
    public static func scale(resourceManager text: String?) -> Double {
        guard let dpi = dpi(resourceManager: text) else { return 1 }
        let quarters = (dpi / referenceDPI * 4).rounded() / 4
        return min(range.upperBound, max(range.lowerBound, quarters))
    }

    /// The `Xft.dpi` value in a resource database text, if it holds a positive number.
    public static func dpi(resourceManager text: String?) -> Double? {
        guard let text else { return nil }
        var found: Double?
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces
            guard name == "Xft.dpi" else { continue }
            let value = line[line.index(after: colon)...].trimmingSpaces
            if let dpi = Double(value), dpi.isFinite, dpi > 0 {
                found = dpi
            } else {
                found = nil
            }
        }
        return found
    }
}

extension X11Display {
    /// The resource database text the server held when this connection opened
    /// (`XResourceManagerString`: the root window's RESOURCE_MANAGER property, as `xrdb`
    /// sets it); nil when there is none.
    public var resourceManagerString: String? {
        Xlib.resourceManagerString(pointer)
    }

    /// The scale `Xft.dpi` asks for (see `X11DisplayScale.scale(resourceManager:)`).
    public var preferredScale: Double {
        X11DisplayScale.scale(resourceManager: resourceManagerString)
    }
}

extension Xlib {
    /// `XResourceManagerString`; nil when the server has no resource database.
    static func resourceManagerString(_ display: DisplayPointer) -> String? {
        XResourceManagerString(display).map { String(cString: $0) }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
