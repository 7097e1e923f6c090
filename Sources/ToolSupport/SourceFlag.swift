import SwipeDismiss

/// `--source X,Y,W,H[,R]` (DESIGN §4c "Zoom into the source"; the `photo` scene, every tool
/// and demo): the rectangle, in viewport points, that a dismissed photo zooms into, with an
/// optional corner radius (`R` or `rR`, default 0).
public enum SourceFlag {
    /// The flag as written.
    public static let name = "--source"
    /// What the flag accepts, for its refusals.
    public static let expected =
        "X,Y,W,H or X,Y,W,H,R in points (W and H above 0, R from 0 to half the shorter side)"
    /// The largest coordinate or side accepted, in points.
    public static let limit = 1_000_000.0

    /// `20,300,120,120,12` (or `…,r12`) as a source; nil unless it has four or five plain
    /// decimal numbers within `limit`, a positive width and height, and a radius from 0 to
    /// half the shorter side.
    public static func parse(_ text: String) -> ZoomSource? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 || parts.count == 5 else { return nil }
        var numbers: [Double] = []
        for (index, part) in parts.enumerated() {
            var piece = Substring(part)
            if index == 4, piece.first == "r" || piece.first == "R" { piece = piece.dropFirst() }
            guard let number = DecimalText.decimal(String(piece)), abs(number) <= limit else {
                return nil
            }
            numbers.append(number)
        }
        let source = ZoomSource(
            frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
            cornerRadius: numbers.count == 5 ? numbers[4] : 0)
        return source.isValid ? source : nil
    }

    /// Reads `--source`: nil when not given; a malformed value is refused naming the flag.
    /// Only the `photo` scene zooms; the other scenes ignore the source.
    public static func parse(_ flags: ParsedFlags) throws(FlagError) -> ZoomSource? {
        try flags.value(name, expected: expected, parse)
    }
}
