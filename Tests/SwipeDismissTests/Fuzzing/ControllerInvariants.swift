import SwipeDismiss

/// The invariants, checked on every frame and every event.
struct InvariantChecker {
    /// The phase changes a presentation may make.
    /// The phase changes input and calls can make: `move(to:)` springs to a detent
    /// (`settling`) or, not animated, lands there (`presented`); `dismiss(animated: false)`
    /// and `present(animated: false)` jump to the end.
    static let legal: [DismissPhase: Set<DismissPhase>] = [
        .presenting: [.presented, .dragging, .settling, .dismissing, .dismissed],
        .presented: [.dragging, .settling, .dismissing, .dismissed],
        .dragging: [.settling, .presented, .dismissing, .dismissed],
        .settling: [.presented, .dragging, .dismissing, .dismissed],
        .dismissing: [.dismissed, .presenting, .presented],
        .dismissed: [.presenting, .presented],
    ]

    let startsPresented: Bool
    /// Whether the content has a list (the sheet), so `scroll` may leave 0.
    let hasList: Bool
    /// The highest alpha allowed: the rest alpha, plus (for additive tracking) the spring's
    /// overshoot on a colour animation from the curve's lowest value back up to rest.
    let ceiling: Double
    var phase: DismissPhase
    /// The presentation on screen (or last on screen), numbered as `presentationCount`.
    var presentation = 1
    /// Terminal events (`didDismiss` or `superseded`) by presentation.
    var endings: [Int: Int] = [:]
    var problem: String?
    var coverage = ControllerFuzzCase.Coverage()
    /// The list's offset at the last check.
    var lastScroll: Double?

    init(configuration: DismissConfiguration, startsPresented: Bool) {
        hasList = configuration.detents.count > 1
        self.startsPresented = startsPresented
        phase = startsPresented ? .presented : .dismissed
        // A controller built dismissed counts a first presentation that never began.
        if !startsPresented { endings[1] = 1 }
        let rest = configuration.alphaCurve.rest
        guard case .additiveSpring(let response) = configuration.tracking else {
            ceiling = rest
            return
        }
        let lowest: Double
        switch configuration.alphaCurve {
        case .linear(_, _, let floor): lowest = floor
        case .progress: lowest = 0
        case .stops(let stops): lowest = min(0, stops.map(\.alpha).min() ?? 0)
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
        coverage.events.insert(event.name)
        guard problem == nil else { return }
        switch event {
        case .phaseChanged(let from, let to, let state):
            if from != phase {
                problem = "\(from) → \(to) announced while the phase was \(phase)"
            } else if Self.legal[from]?.contains(to) != true {
                problem = "illegal phase change \(from) → \(to)"
            } else if !Self.isValid(state) {
                problem = "phase change carries \(state)"
            }
            // A presentation starts presenting, or (not animated) lands at once.
            if to == .presenting
                || (to == .presented && (from == .dismissed || from == .dismissing))
            {
                presentation += 1
            }
            phase = to
            coverage.transitions.insert("\(from)→\(to)")
        case .didDismiss(let state):
            end(presentation, "didDismiss", state)
        case .superseded(let number, let state):
            // Reported before the new presentation's change to `presenting`.
            if number != presentation {
                problem = "superseded \(number) while presentation \(presentation) was on"
            }
            end(number, "superseded", state)
        case .didPresent(let state):
            if !Self.isValid(state) { problem = "didPresent carries \(state)" }
        case .focusChanged(let item):
            // Focus is in the sheet only while it shows (DESIGN §4c "Keyboard in a sheet").
            if item != nil, phase == .dismissing || phase == .dismissed {
                problem = "focus on \(item ?? "") while the sheet is \(phase)"
            }
        case .dismissAttempted, .passedThrough, .detentChanged, .contentTapped:
            break
        }
    }

    private mutating func end(_ number: Int, _ name: String, _ state: DismissState) {
        endings[number, default: 0] += 1
        if endings[number, default: 0] > 1 {
            problem = "presentation \(number) ended twice (the second by \(name))"
        } else if !Self.isValid(state) {
            problem = "\(name) carries \(state)"
        }
    }

    mutating func check(_ target: FuzzTarget) -> String? {
        if let problem { return problem }
        let state = target.state
        if let lastScroll, state.scroll != lastScroll {
            // The list moved: under a finger or wheel, or on its own after a fling.
            let moving = state.phase == .presented && target.isAnimating
            coverage.events.insert(moving ? "listGlided" : "listScrolled")
        }
        lastScroll = state.scroll
        guard Self.isValid(state) else { return "out of range: \(state)" }
        // The offset is the 2-D translation's length (along an edge, its signed length).
        let length = state.translation.length
        guard abs(abs(state.offset) - length) <= 1e-9 * max(1, length) else {
            return "offset \(state.offset) but translation \(state.translation)"
        }
        // The list's offset: 0 without a list; within its 2640 pt and a band shorter than
        // the viewport either side with one.
        let list = SheetPresenter().listContentHeight
        guard hasList ? (-list...2 * list).contains(state.scroll) : state.scroll == 0 else {
            return "scroll \(state.scroll) out of range"
        }
        guard state.alpha <= ceiling else { return "alpha \(state.alpha) above \(ceiling)" }
        guard state.phase == phase else {
            return "phase \(state.phase) but the observers last heard \(phase)"
        }
        guard target.presentationCount == presentation else {
            return "presentationCount \(target.presentationCount), observers saw \(presentation)"
        }
        // Each presentation that began has ended exactly once, except the one on screen.
        for number in 1..<presentation where endings[number] != 1 {
            return "presentation \(number) ended \(endings[number] ?? 0) times"
        }
        let ended = endings[presentation] ?? 0
        guard ended == (state.phase == .dismissed ? 1 : 0) else {
            return "presentation \(presentation) ended \(ended) times, phase \(state.phase)"
        }
        return nil
    }

    /// Finite, with alpha, progress and opacity within 0...1.
    static func isValid(_ state: DismissState) -> Bool {
        state.time.isFinite && state.offset.isFinite && state.translation.isFinite
            && state.alpha.isFinite
            && state.progress.isFinite && state.alpha >= 0 && (0...1).contains(state.progress)
            && (0...1).contains(state.contentOpacity)
    }
}
