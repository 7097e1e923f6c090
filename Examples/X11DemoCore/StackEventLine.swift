import SwipeDismiss

/// The `--events` line of a stack's phase change: the sheet line of `state` (the level's
/// own, its alpha the one backdrop's) with its detent, then `"level":…,"depth":…`:
/// `{"t":…,"phase":"presenting","offset":…,"alpha":0.3,"detent":"medium","level":1,"depth":2}`.
package func stackEventLine(
    _ state: DismissState, level: Int, depth: Int, backdropAlpha: Double
) -> String {
    var shown = state
    shown.alpha = backdropAlpha
    let line = eventLine(shown, namingDetent: true)
    return line.dropLast() + ",\"level\":\(level),\"depth\":\(depth)}"
}
