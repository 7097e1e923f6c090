extension VelocityProjection {
    /// UIScrollView's normal rate, 0.998 per millisecond: what a finger or a mouse drag
    /// releases with (libadwaita's `DECELERATION_TOUCH`).
    package static let touchDecelerationRate = 0.998

    /// 0.997 per millisecond for a touchpad release (libadwaita's `DECELERATION_TOUCHPAD`).
    ///
    /// A touchpad's deltas are already accelerated by the driver, so its flicks report
    /// higher speeds than the same hand on a touchscreen; decelerating a little harder keeps
    /// the projected distance comparable. At 1000 pt/s, 0.998 coasts 499 pt and 0.997 coasts
    /// 332 pt.
    package static let touchpadDecelerationRate = 0.997

    /// The projection a touchpad release uses.
    package static let touchpad = VelocityProjection(decelerationRate: touchpadDecelerationRate)
}
