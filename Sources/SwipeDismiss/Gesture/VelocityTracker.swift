/// Estimates pointer velocity by a least-squares line through recent samples.
///
/// As Flutter's and Android's trackers: only samples from the last `horizon` seconds
/// (at most `capacity` of them) count, and a pause longer than `maximumGap` between two
/// samples drops everything before it, so a finger that stopped has no velocity.
/// Storage is a fixed ring: adding a sample never allocates.
package struct VelocityTracker: Sendable {
    /// The most samples kept; older ones are overwritten.
    package static let capacity = 20
    /// How far back samples count, in seconds.
    package var horizon: Double
    /// The longest pause between samples, in seconds, before older samples are dropped.
    package var maximumGap: Double
    /// The fastest speed reported, in points per second; faster estimates are scaled down
    /// to it. Samples stamped microseconds apart (a burst read at once) would otherwise
    /// yield absurd flicks. Android caps flings at 8000 dp/s.
    package var maximumSpeed: Double

    private var times: [Double]
    private var xs: [Double]
    private var ys: [Double]
    private var newest = -1
    private var count = 0

    /// An empty tracker; the defaults are Flutter's and Android's.
    package init(horizon: Double = 0.100, maximumGap: Double = 0.040, maximumSpeed: Double = 8000) {
        self.horizon = horizon
        self.maximumGap = maximumGap
        self.maximumSpeed = maximumSpeed
        times = Array(repeating: 0, count: Self.capacity)
        xs = times
        ys = times
    }

    /// Forgets every sample.
    package mutating func reset() {
        count = 0
        newest = -1
    }

    /// Adds a pointer sample; samples must come in time order (older ones are ignored).
    package mutating func add(time: Double, position: Point) {
        guard time.isFinite, position.isFinite else { return }
        if count > 0 {
            let last = times[newest]
            if time < last { return }
            if time - last > maximumGap { reset() }
        }
        newest = (newest + 1) % Self.capacity
        times[newest] = time
        xs[newest] = position.x
        ys[newest] = position.y
        count = min(count + 1, Self.capacity)
    }

    /// The newest sample's position, if any.
    package var lastPosition: Point? {
        count > 0 ? Point(x: xs[newest], y: ys[newest]) : nil
    }

    /// The number of samples currently held.
    package var sampleCount: Int { count }

    /// The velocity in points per second, or zero with fewer than two usable samples.
    package var velocity: Point {
        guard count >= 2 else { return .zero }
        let t0 = times[newest]
        // Means over the usable window, newest first, stopping at the horizon.
        var n = 0.0
        var sumT = 0.0
        var sumX = 0.0
        var sumY = 0.0
        var index = newest
        var used = 0
        for _ in 0..<count {
            let age = t0 - times[index]
            if age > horizon { break }
            sumT += times[index] - t0
            sumX += xs[index]
            sumY += ys[index]
            n += 1
            used += 1
            index = (index - 1 + Self.capacity) % Self.capacity
        }
        guard used >= 2 else { return .zero }
        let meanT = sumT / n
        let meanX = sumX / n
        let meanY = sumY / n
        var stt = 0.0
        var stx = 0.0
        var sty = 0.0
        index = newest
        for _ in 0..<used {
            let dt = times[index] - t0 - meanT
            stt += dt * dt
            stx += dt * (xs[index] - meanX)
            sty += dt * (ys[index] - meanY)
            index = (index - 1 + Self.capacity) % Self.capacity
        }
        guard stt > 0 else { return .zero }
        let fitted = Point(x: stx / stt, y: sty / stt)
        let speed = fitted.length
        return speed > maximumSpeed ? fitted * (maximumSpeed / speed) : fitted
    }
}
