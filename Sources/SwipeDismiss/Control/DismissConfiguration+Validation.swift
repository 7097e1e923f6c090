/// A configuration that cannot work as written: which field, and what is wrong with it.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's path, as Swift spells it (`presentedDetent`, `snapBackSpring.damping`,
    /// `alphaCurve.stops[0].detent`).
    public var field: String
    /// What is wrong with its value.
    public var problem: String

    /// An error about `field`.
    package init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    /// "`field`: `problem`", one line for a command-line tool to print.
    public var description: String { "\(field): \(problem)" }
}

extension DismissConfiguration {
    /// Checks that every detent named anywhere exists and every number can be animated.
    ///
    /// It throws a `ConfigurationError` naming the first field that fails: a detent id that
    /// `detents` lacks (in `presentedDetent`, `passThroughDetent` or a dim stop; stops may
    /// also name `.dismissed`), two detents with one id, a spring whose mass, stiffness or
    /// damping is not finite and positive, a detent position that is not a finite number, a
    /// `freeExitSpeed` that is not positive, or another number outside the range it is used
    /// in.
    /// A controller runs any configuration without trapping; one that fails here would not
    /// move as its author meant (an unknown detent dims nothing, a NaN spring never settles).
    public func validate() throws {
        let ids = (detents.isEmpty ? [Detent.open] : detents).map(\.id)
        for (index, id) in ids.enumerated() where ids[..<index].contains(id) {
            throw ConfigurationError(field: "detents[\(index)]", problem: "a second detent '\(id)'")
        }
        for (index, detent) in detents.enumerated() {
            switch detent.position {
            case .height(let value), .fraction(let value), .pointsFromTop(let value),
                .pointsFromBottom(let value):
                try Self.finite(value, "detents[\(index)].position")
            case .fitsContent, .custom:
                break
            }
        }
        if let index = ids.firstIndex(of: .dismissed) {
            throw ConfigurationError(
                field: "detents[\(index)]", problem: "'dismissed' is the off-screen position")
        }
        func known(_ id: Detent.ID?, _ field: String, orDismissed: Bool = false) throws {
            guard let id, !ids.contains(id), !(orDismissed && id == .dismissed) else { return }
            let names = ids.map { "'\($0)'" }.joined(separator: ", ")
            throw ConfigurationError(
                field: field, problem: "unknown detent '\(id)' (the detents are \(names))")
        }
        try known(presentedDetent, "presentedDetent")
        try known(passThroughDetent, "passThroughDetent")
        try alphaCurve.validate(known: { try known($0, $1, orDismissed: true) })
        try Self.check(presentSpring, "presentSpring")
        try Self.check(snapBackSpring, "snapBackSpring")
        try Self.check(dismissStyle.spring, "dismissStyle.spring")
        if case .additiveSpring(let response) = tracking {
            try Self.check(response.spring, "tracking.response.spring")
            try Self.positive(response.duration, "tracking.response.duration")
            try Self.finite(response.relativeVelocity, "tracking.response.relativeVelocity")
        }
        switch release {
        case .translation(let threshold):
            try Self.finite(threshold, "release.threshold")
        case .projected(let threshold, let rate):
            try Self.finite(threshold, "release.threshold")
            try Self.rate(rate, "release.decelerationRate")
        case .nearestDetent(let rate):
            try Self.rate(rate, "release.decelerationRate")
        }
        if case .rubberBand(let coefficient) = reverseDrag {
            try Self.positive(coefficient, "reverseDrag.coefficient")
        }
        try Self.finite(touchSlop, "touchSlop", atLeast: 0)
        try Self.positive(restDistance, "restDistance")
        try Self.positive(restSpeed, "restSpeed")
        try Self.finite(exitOvershoot, "exitOvershoot", atLeast: 1)
        // 0 would send a photo released at rest along a zero-length velocity (NaN).
        try Self.positive(freeExitSpeed, "freeExitSpeed")
        try Self.positive(vetoResistance, "vetoResistance")
        try Self.finite(crossFadeDuration, "crossFadeDuration", atLeast: 0)
    }

    private static func check(_ spring: Spring, _ field: String) throws {
        try positive(spring.mass, field + ".mass")
        try positive(spring.stiffness, field + ".stiffness")
        try positive(spring.damping, field + ".damping")
    }

    private static func finite(_ value: Double, _ field: String, atLeast minimum: Double? = nil)
        throws
    {
        guard value.isFinite else {
            throw ConfigurationError(field: field, problem: "\(value) is not a finite number")
        }
        if let minimum, value < minimum {
            throw ConfigurationError(field: field, problem: "\(value) is below \(minimum)")
        }
    }

    private static func positive(_ value: Double, _ field: String) throws {
        try finite(value, field)
        guard value > 0 else {
            throw ConfigurationError(field: field, problem: "\(value) is not positive")
        }
    }

    private static func rate(_ value: Double, _ field: String) throws {
        try finite(value, field)
        guard value > 0, value < 1 else {
            throw ConfigurationError(field: field, problem: "\(value) is not between 0 and 1")
        }
    }
}

extension AlphaCurve {
    /// Throws for a stop naming an unknown detent (through `known`) or an alpha outside 0...1.
    fileprivate func validate(known: (Detent.ID, String) throws -> Void) throws {
        func alpha(_ value: Double, _ field: String) throws {
            guard value.isFinite, value >= 0, value <= 1 else {
                throw ConfigurationError(field: field, problem: "\(value) is not between 0 and 1")
            }
        }
        switch self {
        case .linear(let rest, let perPoint, let floor):
            try alpha(rest, "alphaCurve.rest")
            try alpha(floor, "alphaCurve.floor")
            guard perPoint.isFinite else {
                throw ConfigurationError(
                    field: "alphaCurve.perPoint", problem: "\(perPoint) is not a finite number")
            }
        case .progress(let rest):
            try alpha(rest, "alphaCurve.rest")
        case .stops(let stops):
            for (index, stop) in stops.enumerated() {
                try known(stop.detent, "alphaCurve.stops[\(index)].detent")
                try alpha(stop.alpha, "alphaCurve.stops[\(index)].alpha")
            }
        }
    }
}
