import SwipeDismiss

/// A renderer for tests that draws nothing: it counts frames and, if `keepsStates`, keeps
/// each frame's state. With `keepsStates` off a frame allocates nothing, so allocation tests
/// measure the controller and not the recorder.
package final class StateRecorder: Renderer {
    package let viewport: Size
    package let scale = 1.0
    /// Whether `render` appends each frame's state to `states`.
    package let keepsStates: Bool
    /// Every frame's state, in order (empty unless `keepsStates`).
    package private(set) var states: [DismissState] = []
    /// How many frames were rendered.
    package private(set) var frameCount = 0

    /// A recorder for a window of `viewport` points.
    package init(viewport: Size, keepsStates: Bool = true) {
        self.viewport = viewport
        self.keepsStates = keepsStates
    }

    package func render(_ scene: Scene, state: DismissState) throws {
        frameCount += 1
        if keepsStates { states.append(state) }
    }
}

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
}
