import SwipeDismiss

/// The invariants, checked on every frame and every event.
struct InvariantChecker {
    /// The phase changes a presentation may make.
    static let legal: [DismissPhase: Set<DismissPhase>] = [
        .presenting: [.presented, .dragging, .dismissing],
        .presented: [.dragging, .dismissing],
        .dragging: [.settling, .presented, .dismissing],
        .settling: [.presented, .dragging, .dismissing],
        .dismissing: [.dismissed, .presenting],
        .dismissed: [.presenting],
    ]

    let startsPresented: Bool
    /// The highest alpha allowed: the rest alpha, plus (for additive tracking) the spring's
    /// overshoot on a colour animation from the curve's lowest value back up to rest.
    let ceiling: Double
    var phase: DismissPhase
    var dismissals = 0
    var problem: String?
    var transitions: Set<String> = []

    init(configuration: DismissConfiguration, startsPresented: Bool) {
        self.startsPresented = startsPresented
        phase = startsPresented ? .presented : .dismissed
        let rest = configuration.alphaCurve.rest
        guard case .additiveSpring(let response) = configuration.tracking else {
            ceiling = rest
            return
        }
        let lowest: Double
        switch configuration.alphaCurve {
        case .linear(_, _, let floor): lowest = floor
        case .progress: lowest = 0
        }
        ceiling = rest + (rest - lowest) * (Self.peak(of: response) - 1) + 1e-12
    }

    /// The step response's highest value: the best of a 1 ms grid, refined by ternary search
    /// around it (cached for the seed's response).
    static func peak(of response: SpringStepResponse) -> Double {
        if response == .uikit { return uikitPeak }
        return findPeak(response)
    }

    private static let uikitPeak = findPeak(.uikit)

    private static func findPeak(_ response: SpringStepResponse) -> Double {
        let grid = stride(from: 0, to: response.duration, by: 1e-3)
        guard let best = grid.max(by: { response.value(at: $0) < response.value(at: $1) }) else {
            return 1
        }
        var low = max(0, best - 1e-3)
        var high = min(response.duration - 1e-12, best + 1e-3)
        for _ in 0..<100 {
            let a = low + (high - low) / 3
            let b = high - (high - low) / 3
            if response.value(at: a) < response.value(at: b) { low = a } else { high = b }
        }
        return max(1, response.value(at: (low + high) / 2))
    }

    mutating func observe(_ event: DismissEvent) {
        guard problem == nil else { return }
        switch event {
        case .phaseChanged(let from, let to, let state):
            if from != phase {
                problem = "\(from) → \(to) announced while the phase was \(phase)"
            } else if Self.legal[from]?.contains(to) != true {
                problem = "illegal phase change \(from) → \(to)"
            } else if !Self.isFinite(state) {
                problem = "phase change carries \(state)"
            }
            phase = to
            transitions.insert("\(from)→\(to)")
        case .didDismiss(let state):
            dismissals += 1
            if !Self.isFinite(state) { problem = "didDismiss carries \(state)" }
        case .didPresent(let state):
            if !Self.isFinite(state) { problem = "didPresent carries \(state)" }
        }
    }

    func check(_ controller: DismissController) -> String? {
        if let problem { return problem }
        let state = controller.state
        guard Self.isFinite(state) else { return "not finite: \(state)" }
        guard state.alpha >= 0, state.alpha <= ceiling else {
            return "alpha \(state.alpha) outside 0...\(ceiling)"
        }
        guard state.phase == phase else {
            return "phase \(state.phase) but the observers last heard \(phase)"
        }
        // Each presentation that began has ended once, except the one still on screen.
        let begun = controller.presentationCount - (startsPresented ? 0 : 1)
        let ends = dismissals + (state.phase == .dismissed ? 0 : 1)
        guard ends == begun else {
            return "\(begun) presentations, \(dismissals) didDismiss, phase \(state.phase)"
        }
        return nil
    }

    static func isFinite(_ state: DismissState) -> Bool {
        state.time.isFinite && state.offset.isFinite && state.alpha.isFinite
            && state.progress.isFinite
    }
}
