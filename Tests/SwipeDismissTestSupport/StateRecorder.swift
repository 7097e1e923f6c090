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
