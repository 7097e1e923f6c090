import SwipeDismiss

extension DismissController {
    /// Steps `count` frames, `interval` seconds (1/60 s) apart, on `clock`: each frame
    /// advances the clock, then steps.
    package func stepFrames(_ count: Int, on clock: ManualClock, every interval: Double = 1.0 / 60)
        throws
    {
        for _ in 0..<count {
            clock.advance(by: interval)
            _ = try step()
        }
    }

    /// Steps frames `interval` seconds (1/60 s) apart on `clock` until it reads `time` or
    /// later: each frame advances the clock, then steps.
    package func stepFrames(
        on clock: ManualClock, until time: Double, every interval: Double = 1.0 / 60
    ) throws {
        while clock.now < time {
            clock.advance(by: interval)
            _ = try step()
        }
    }

    /// Steps on `clock` at `fps` until it reads `time` (inclusive): each frame sets the
    /// clock `1 / fps` on, clamped to `time`, then steps.
    package func run(to time: Double, on clock: ManualClock, fps: Double = 240) throws {
        while clock.now < time {
            clock.set(to: min(time, clock.now + 1 / fps))
            try step()
        }
    }

    /// Steps 60 Hz frames on `clock` until nothing animates and the input has nothing
    /// pending, or `limit` seconds more have passed.
    package func settle(on clock: ManualClock, limit: Double = 10) throws {
        let end = clock.now + limit
        repeat {
            try run(to: clock.now + 1 / 60.0, on: clock)
        } while (isAnimating || input.nextEventTime != nil) && clock.now < end
    }

    /// Steps every frame of `clock` while it reads `end` or earlier (rendering each, with
    /// `forceRender`, even if nothing changed) and returns the state after each.
    package func sampleFrames(
        on clock: FixedStepClock, through end: Double, forceRender: Bool = true
    ) throws -> [DismissState] {
        var states: [DismissState] = []
        while clock.now <= end {
            try step(forceRender: forceRender)
            states.append(state)
            clock.tick()
        }
        return states
    }
}
