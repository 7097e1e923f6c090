/// A scrollable list's content offset as a value of time: a finger's drag with a rubber band
/// past either end, a fling's exponential glide, and a spring back to the edge.
///
/// Sign convention: offset 0 is the list at its top; a positive offset is scrolled down into
/// the list, at most `maxOffset = max(0, contentLength − viewportLength)`. A finger moving down
/// (a positive `dy`) pulls the content down and so *decreases* the offset; `drag(by:)` and
/// `release(fingerVelocity:at:)` take the finger's delta and velocity, while `value(at:)` and
/// `velocity(at:)` answer in offset units (velocity = −finger velocity inside the list).
///
/// A release plans the whole motion at once, piecewise in closed form with exactly computed
/// switch times: a glide (`DecayMotion`) that, if it would carry the offset past an end, hands
/// over at the exact crossing time to `configuration.bounceSpring` started at the edge with
/// the glide's velocity there; or, released while over-scrolled, the spring back, handing over
/// to a glide at the instant it crosses the edge if it was flicked back into the list. So the
/// value at a time never depends on how often it was sampled. The state is a fixed-size value:
/// dragging, releasing and reading allocate nothing.
package struct ScrollMotion: Hashable, Sendable {
    /// What the offset is doing.
    package enum Phase: Hashable, Sendable {
        /// Held still at `offset`, by a finger or at rest.
        case held
        /// Gliding after a fling; `bounce`, if any, takes over at its start time, when the glide
        /// crosses an end.
        case gliding(DecayMotion, bounce: SpringMotion?)
        /// Springing back to an end after a release while over-scrolled. If the spring carries
        /// the list back over the edge into the list, `glide` takes over at that instant (at its
        /// start time) with the spring's velocity there, and `bounce` after it as in `gliding`.
        case bouncing(SpringMotion, glide: DecayMotion?, bounce: SpringMotion?)
    }

    /// The length of everything in the list, in points.
    package private(set) var contentLength: Double
    /// The length of the visible part of the list, in points; also the rubber band's dimension.
    package private(set) var viewportLength: Double
    /// The deceleration, bounce and rubber-band settings this model runs on.
    package let configuration: ScrollConfiguration
    /// What the list is doing: held, gliding or bouncing back.
    package private(set) var phase: Phase
    /// The held offset in band coordinates: equal to the offset inside `0...maxOffset`, the raw
    /// (unbanded) overshoot added to the end past it, so drags add up without round trips.
    private var raw: Double

    /// A list at rest at `offset`, which must lie in `0...max(0, contentLength − viewportLength)`.
    package init(
        contentLength: Double, viewportLength: Double, offset: Double = 0,
        configuration: ScrollConfiguration = ScrollConfiguration()
    ) throws(ScrollMotionError) {
        try configuration.validate()
        try Self.checkLength("contentLength", contentLength)
        try Self.checkLength("viewportLength", viewportLength)
        let maxOffset = max(0, contentLength - viewportLength)
        guard offset.isFinite, offset >= 0, offset <= maxOffset else {
            throw ScrollMotionError(
                field: "offset", value: offset, rule: "must lie in 0...\(maxOffset)")
        }
        self.contentLength = contentLength
        self.viewportLength = viewportLength
        self.configuration = configuration
        self.phase = .held
        self.raw = offset
    }

    private static func checkLength(_ field: String, _ value: Double) throws(ScrollMotionError) {
        guard value.isFinite, value >= 0 else {
            throw ScrollMotionError(field: field, value: value, rule: "must be finite and ≥ 0")
        }
    }

    /// The largest in-range offset, `max(0, contentLength − viewportLength)`: the list at its end.
    package var maxOffset: Double { max(0, contentLength - viewportLength) }

    /// The band past either end: the configured coefficient over the viewport length.
    package var rubberBand: RubberBand {
        RubberBand(coefficient: configuration.rubberBandCoefficient, dimension: viewportLength)
    }

    /// The held offset; during a motion, where that motion started (see `value(at:)`).
    package var offset: Double {
        let end = maxOffset
        if raw < 0 { return rubberBand.banded(raw) }
        if raw > end { return end + rubberBand.banded(raw - end) }
        return raw
    }

    /// Whether the held offset is at (or past) the top, so a finger moving down cannot scroll.
    package var isAtTop: Bool { raw <= 0 }

    /// Whether the held offset is at (or past) the end, so a finger moving up cannot scroll.
    package var isAtEnd: Bool { raw >= maxOffset }

    /// Applies a finger's vertical movement `fingerDelta` (positive down) to the held offset and
    /// returns the part of it the list did not take, in the same units and sign.
    ///
    /// Inside the list the offset moves by `−fingerDelta`. Past an end listed in
    /// `rubberBanding` the list takes everything and the offset follows the rubber band; past
    /// an end that is not, the offset stops at the end (or where it already is, if already
    /// past it) and the rest is returned: a list at 200 pt under a finger moving down 500 pt
    /// without a top band takes 200 and returns 300, for the sheet to take. A running motion
    /// is dropped where it started: call `stop(at:)` first to catch it where it is. A
    /// non-finite delta is ignored and 0 returned.
    package mutating func drag(by fingerDelta: Double, rubberBanding: ScrollEdges = .both)
        -> Double
    {
        phase = .held
        guard fingerDelta.isFinite else { return 0 }
        let delta = -fingerDelta
        var target = raw + delta
        if delta < 0, !rubberBanding.contains(.top) { target = max(target, min(raw, 0)) }
        if delta > 0, !rubberBanding.contains(.bottom) {
            target = min(target, max(raw, maxOffset))
        }
        let taken = target - raw
        raw = target
        return fingerDelta + taken
    }

    /// Lets go with the finger moving at `fingerVelocity` (points per second, positive down) at
    /// `time`, and plans the motion from there to rest.
    ///
    /// Over-scrolled: a spring back to the end, starting with the banded velocity (the finger's
    /// velocity times the band's slope); a flick back into the list carries on as a glide from
    /// the instant the spring crosses the edge. Inside the list: a glide from `−fingerVelocity`,
    /// handing over to a spring back at the instant it crosses an end; no slower than
    /// `configuration.restSpeed`, it stays held. A non-finite velocity counts as 0.
    package mutating func release(fingerVelocity: Double, at time: Double) {
        let start = offset
        let velocity = fingerVelocity.isFinite ? -fingerVelocity : 0
        let end = maxOffset
        if raw < 0 || raw > end {
            let edge = raw < 0 ? 0 : end
            let banded = velocity * rubberBand.slope(at: raw - edge)
            let back = bounce(from: start, to: edge, velocity: banded, at: time)
            if let delay = back.spring.timeOfFirstZero(
                displacement: start - edge, velocity: banded),
                !back.isSettled(at: time + delay)
            {
                let crossing = time + delay
                let inward = back.velocity(at: crossing)
                if abs(inward) > configuration.restSpeed {
                    let (glide, handOver) = plan(from: edge, velocity: inward, at: crossing)
                    phase = .bouncing(back, glide: glide, bounce: handOver)
                    return
                }
            }
            phase = .bouncing(back, glide: nil, bounce: nil)
            return
        }
        // At or below the rest speed there is no glide (it would be over before it began).
        guard abs(velocity) > configuration.restSpeed else {
            phase = .held
            return
        }
        let (glide, handOver) = plan(from: start, velocity: velocity, at: time)
        phase = .gliding(glide, bounce: handOver)
    }

    /// A glide from `start` inside the list and, if it crosses an end before it stops, the
    /// spring back that takes over at that exact instant with the glide's velocity there.
    private func plan(from start: Double, velocity: Double, at time: Double) -> (
        DecayMotion, SpringMotion?
    ) {
        let glide = DecayMotion(
            from: start, initialVelocity: velocity, startTime: time,
            decelerationRate: configuration.decelerationRate, restSpeed: configuration.restSpeed)
        let edge = velocity < 0 ? 0 : maxOffset
        guard let crossing = glide.time(reaching: edge), !glide.isSettled(at: crossing) else {
            return (glide, nil)
        }
        return (
            glide,
            bounce(from: edge, to: edge, velocity: glide.velocity(at: crossing), at: crossing)
        )
    }

    private func bounce(from: Double, to edge: Double, velocity: Double, at time: Double)
        -> SpringMotion
    {
        SpringMotion(
            spring: configuration.bounceSpring, from: from, to: edge, initialVelocity: velocity,
            startTime: time, restDistance: configuration.restDistance,
            restSpeed: configuration.restSpeed)
    }

    /// Stops the motion where it is at `time` (a finger landing on a coasting list) and holds it.
    package mutating func stop(at time: Double) {
        hold(value(at: time))
    }

    private mutating func hold(_ here: Double) {
        let end = maxOffset
        if here < 0 {
            raw = rubberBand.raw(forBanded: here)
        } else if here > end {
            raw = end + rubberBand.raw(forBanded: here - end)
        } else {
            raw = here
        }
        phase = .held
    }

    /// Changes the content and viewport lengths, first stopping any motion at `time`; the
    /// offset stays where it was, over-scrolled if it is now past the end (a release springs it
    /// back).
    package mutating func resize(contentLength: Double, viewportLength: Double, at time: Double)
        throws(ScrollMotionError)
    {
        try Self.checkLength("contentLength", contentLength)
        try Self.checkLength("viewportLength", viewportLength)
        let here = value(at: time)
        self.contentLength = contentLength
        self.viewportLength = viewportLength
        hold(here)
    }

    /// The offset at `time`; exactly the rest point once settled.
    package func value(at time: Double) -> Double { sample(at: time).value }

    /// The offset's velocity at `time`, in points per second (positive: scrolling down into
    /// the list); 0 once settled.
    package func velocity(at time: Double) -> Double { sample(at: time).velocity }

    /// The offset and its velocity at `time`, from whichever motion moves it then: held, a
    /// bounce (exactly at its end, still, once settled) or a glide (kept inside the list).
    private func sample(at time: Double) -> (value: Double, velocity: Double) {
        let glide: DecayMotion
        let handOver: SpringMotion?
        switch phase {
        case .held:
            return (offset, 0)
        case .gliding(let gliding, let bounce):
            (glide, handOver) = (gliding, bounce)
        case .bouncing(_, let gliding?, let bounce) where time >= gliding.startTime:
            (glide, handOver) = (gliding, bounce)
        case .bouncing(let spring, _, _):
            return Self.sample(spring, at: time)
        }
        if let handOver, time >= handOver.startTime {
            return Self.sample(handOver, at: time)
        }
        // Inside the list the glide is in range; the clamp only catches a rest point in the
        // last `restSpeed/k` of a glide that would have crossed the end after stopping.
        return (min(max(glide.value(at: time), 0), maxOffset), glide.velocity(at: time))
    }

    private static func sample(_ spring: SpringMotion, at time: Double) -> (
        value: Double, velocity: Double
    ) {
        spring.isSettled(at: time)
            ? (spring.to, 0) : (spring.value(at: time), spring.velocity(at: time))
    }

    /// Whether the motion has come to rest by `time`; once true it stays true.
    package func isSettled(at time: Double) -> Bool {
        switch phase {
        case .held:
            return true
        case .gliding(let glide, let handOver):
            return isSettled(glide, handOver, at: time)
        case .bouncing(_, let glide?, let handOver):
            return time >= glide.startTime && isSettled(glide, handOver, at: time)
        case .bouncing(let spring, nil, _):
            return spring.isSettled(at: time)
        }
    }

    private func isSettled(_ glide: DecayMotion, _ handOver: SpringMotion?, at time: Double)
        -> Bool
    {
        guard let handOver else { return glide.isSettled(at: time) }
        return time >= handOver.startTime && handOver.isSettled(at: time)
    }

    /// Where the motion will come to rest: the held offset, an end, or the glide's projection.
    package var restingOffset: Double {
        switch phase {
        case .held:
            return offset
        case .gliding(let glide, let handOver), .bouncing(_, let glide?, let handOver):
            return handOver?.to ?? min(max(glide.restingValue, 0), maxOffset)
        case .bouncing(let spring, nil, _):
            return spring.to
        }
    }
}
