#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The C library functions the core uses, behind its one `canImport` chain: no other core file
// imports the C library, so the core builds on Glibc, Musl and Darwin alike. Each wrapper calls
// the C function it names (swift-system's one-wrapper-a-call seam), so its results are the C
// library's own, bit for bit. They are free functions, not members of a namespace, because in
// a member's body a bare `exp` would name the member itself rather than the C function.

/// C's `exp(x)`: e raised to `x`.
@inline(__always) func cExp(_ x: Double) -> Double { exp(x) }
/// C's `expm1(x)`: e^x − 1, exact near 0.
@inline(__always) func cExpm1(_ x: Double) -> Double { expm1(x) }
/// C's `log(x)`: the natural logarithm.
@inline(__always) func cLog(_ x: Double) -> Double { log(x) }
/// C's `log1p(x)`: ln(1 + x), exact near 0.
@inline(__always) func cLog1p(_ x: Double) -> Double { log1p(x) }
/// C's `sin(x)`.
@inline(__always) func cSin(_ x: Double) -> Double { sin(x) }
/// C's `cos(x)`.
@inline(__always) func cCos(_ x: Double) -> Double { cos(x) }
/// C's `atan2(y, x)`: the angle of the point (x, y), in (−π, π].
@inline(__always) func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// C's `clock_gettime(CLOCK_MONOTONIC)` (the vDSO: no system call): the monotonic clock's
/// whole seconds and nanoseconds.
func cMonotonicTime() -> (seconds: Int, nanoseconds: Int) {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return (Int(time.tv_sec), Int(time.tv_nsec))
}
