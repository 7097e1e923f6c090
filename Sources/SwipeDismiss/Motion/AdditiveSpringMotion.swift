/// A value retargeted the way UIKit animates `transform` since iOS 8: additively.
///
/// Each retarget to a new value `y_i` at time `t_i` adds an animation of the step
/// `Δ_i = y_i − y_(i−1)` on the spring's step response `s`, and the animations already in
/// flight keep running, so the value is the targets' path filtered by the spring:
///
///     value(t) = Σ_i Δ_i · s(t − t_i) = target + Σ_i Δ_i · (s(t − t_i) − 1)
///
/// It is evaluated in closed form at any time, so the value at a time does not depend on how
/// often it was sampled. A term older than the response's duration contributes exactly 0 to
/// the second sum (`s = 1` from then on) and is dropped; the live terms sit in a ring buffer
/// allocated once, in `init`, so retargeting and evaluating never allocate.
///
/// Evaluating costs the same however many terms are live: the spring parts of all live terms
/// are kept summed in the spring's two modes (`StepResponseModes`), as of the newest term's
/// start, and a term is subtracted from that sum as it expires. Reading the value or the
/// velocity at a time from the newest term's start on is one exponential, plus one per term
/// that has expired since the last drop (which the sum still holds until then); earlier
/// times, and responses without a bounded closed form, sum the terms one by one.
///
/// Capacity: `capacity` live terms (512 by default). Terms made at the same time merge into
/// one, so only retargets at more than `capacity` distinct times within one duration fill it
/// (a 0.5 s response needs a pointer faster than 1000 Hz). Past that, the oldest live term is
/// finished early: the value jumps by its remaining `Δ · (1 − s(age))`, which is small once
/// the term is near its end (the spring's envelope is 0.001 of the step at `duration`).
package struct AdditiveSpringMotion: Sendable, Equatable {
    /// One animation in flight: the step it animates and when it started.
    private struct Term: Sendable, Equatable {
        var time: Double
        var step: Double
    }

    /// The default capacity: live terms held before the oldest is finished early.
    package static let defaultCapacity = 512

    /// The curve every term follows.
    package let response: SpringStepResponse
    /// The value every animation heads to: the newest target (UIKit's model value).
    package private(set) var target: Double
    private var terms: ContiguousArray<Term>
    private var head = 0
    /// How many terms are live (not yet dropped).
    package private(set) var liveTermCount = 0
    /// The response's modes; nil when it has no bounded closed form.
    private let modes: StepResponseModes?
    /// The live terms' spring parts in `modes`, as of the newest live term's time; exactly
    /// zero when no term is live.
    private var live = ModePair.zero

    /// A motion at rest at `value`, holding up to `capacity` live terms (at least 1).
    package init(
        response: SpringStepResponse, value: Double = 0,
        capacity: Int = AdditiveSpringMotion.defaultCapacity
    ) {
        self.response = response
        target = value
        terms = ContiguousArray(repeating: Term(time: 0, step: 0), count: max(1, capacity))
        modes = StepResponseModes(response: response)
    }

    /// How many live terms the buffer holds before the oldest is finished early.
    package var capacity: Int { terms.count }

    /// Stops every animation and rests at `value` (a non-finite value is ignored).
    package mutating func reset(to value: Double) {
        guard value.isFinite else { return }
        target = value
        head = 0
        liveTermCount = 0
        live = .zero
    }

    /// Heads for `newTarget` from `time` on, on top of the animations in flight.
    ///
    /// Times must not decrease: an earlier time is taken as the newest term's time. A
    /// non-finite target or time is ignored.
    package mutating func retarget(to newTarget: Double, at time: Double) {
        guard newTarget.isFinite, time.isFinite else { return }
        dropFinishedTerms(at: time)
        let step = newTarget - target
        target = newTarget
        guard step != 0 else { return }
        if liveTermCount > 0 {
            let newest = index(liveTermCount - 1)
            if time <= terms[newest].time {
                terms[newest].step += step
                if let modes { live = live + step * modes.unit }
                return
            }
        }
        if liveTermCount == terms.count {
            dropOldestTerm()
        }
        if let modes {
            // Rebase the sum to the new term's time: the terms in it are that much older.
            if liveTermCount > 0 {
                live = modes.propagate(live, by: time - terms[index(liveTermCount - 1)].time)
            }
            live = live + step * modes.unit
        }
        terms[index(liveTermCount)] = Term(time: time, step: step)
        liveTermCount += 1
    }

    /// Drops the terms that have finished by `time`; they contribute exactly 0, so this never
    /// changes a value, only frees room.
    ///
    /// Each is subtracted from the modal sum exactly as `value(at:)` leaves it out of a
    /// sum not yet dropped, so a value is the same to the bit whenever the drops happened.
    package mutating func dropFinishedTerms(at time: Double) {
        while liveTermCount > 0, time - terms[head].time >= response.duration {
            dropOldestTerm()
        }
    }

    /// The value at `time`.
    package func value(at time: Double) -> Double {
        switch evaluation(at: time) {
        case .settled: target
        case .modal(let modes, let sum, let elapsed):
            target + modes.displacement(sum, after: elapsed)
        case .termByTerm: target + summedDisplacement(at: time)
        }
    }

    /// The velocity at `time`, in units per second.
    package func velocity(at time: Double) -> Double {
        switch evaluation(at: time) {
        case .settled: 0
        case .modal(let modes, let sum, let elapsed): modes.velocity(sum, after: elapsed)
        case .termByTerm: summedVelocity(at: time)
        }
    }

    /// When the newest animation ends, or nil when none is live.
    package var endTime: Double? {
        liveTermCount > 0 ? terms[index(liveTermCount - 1)].time + response.duration : nil
    }

    /// Whether every animation has ended by `time`, so the value is exactly `target`.
    package func isSettled(at time: Double) -> Bool {
        guard liveTermCount > 0 else { return true }
        return time - terms[index(liveTermCount - 1)].time >= response.duration
    }

    /// Compares only what affects the value: the response, the target and live animations.
    ///
    /// Two equal motions reached by different histories may differ in the last bits of a
    /// value: the modal sum keeps the rounding of the terms it has added and subtracted.
    package static func == (lhs: AdditiveSpringMotion, rhs: AdditiveSpringMotion) -> Bool {
        guard lhs.response == rhs.response, lhs.target == rhs.target,
            lhs.liveTermCount == rhs.liveTermCount
        else { return false }
        for n in 0..<lhs.liveTermCount where lhs.terms[lhs.index(n)] != rhs.terms[rhs.index(n)] {
            return false
        }
        return true
    }

    // MARK: The modal sum

    /// Removes the oldest live term, and its part of the modal sum.
    private mutating func dropOldestTerm() {
        let oldest = terms[head]
        head = index(1)
        liveTermCount -= 1
        guard let modes else { return }
        if liveTermCount == 0 {
            live = .zero
        } else {
            live = live - modes.pair(step: oldest.step, age: newestTime - oldest.time)
        }
    }

    /// How a value at some time is read.
    private enum Evaluation {
        /// No term runs then: the value is the target, the velocity 0.
        case settled
        /// From the running terms' modal sum, `elapsed` seconds after the newest one started.
        case modal(StepResponseModes, ModePair, elapsed: Double)
        /// One term at a time: before the newest term's start (or at a NaN time), where the
        /// modes do not hold for every term, or for a response without modes.
        case termByTerm
    }

    /// How to read the value at `time`. Terms that have ended since the last drop are
    /// subtracted from the modal sum here the way `dropOldestTerm` does it, oldest first.
    private func evaluation(at time: Double) -> Evaluation {
        guard liveTermCount > 0 else { return .settled }
        let newest = newestTime
        guard let modes, time >= newest else { return .termByTerm }
        guard time - newest < response.duration else { return .settled }
        var sum = live
        var n = 0
        // Stops at the newest term at the latest: it has not ended.
        while time - terms[index(n)].time >= response.duration {
            let term = terms[index(n)]
            sum = sum - modes.pair(step: term.step, age: newest - term.time)
            n += 1
        }
        return .modal(modes, sum, elapsed: time - newest)
    }

    /// The newest live term's time (only while one is live).
    private var newestTime: Double { terms[index(liveTermCount - 1)].time }

    /// `Σ Δ (s − 1)` term by term: any time, any response.
    private func summedDisplacement(at time: Double) -> Double {
        var sum = 0.0
        for n in 0..<liveTermCount {
            let term = terms[index(n)]
            sum += term.step * (response.value(at: time - term.time) - 1)
        }
        return sum
    }

    /// `Σ Δ s'` term by term: any time, any response.
    private func summedVelocity(at time: Double) -> Double {
        var sum = 0.0
        for n in 0..<liveTermCount {
            let term = terms[index(n)]
            sum += term.step * response.velocity(at: time - term.time)
        }
        return sum
    }

    /// The buffer slot of the `n`th live term, oldest first.
    private func index(_ n: Int) -> Int {
        let slot = head + n
        return slot < terms.count ? slot : slot - terms.count
    }
}
