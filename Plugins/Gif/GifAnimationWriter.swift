import SwipeDismiss

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes an animated GIF frame by frame through giflib, whole or not at all.
///
/// Frames arrive as cairo image-surface pixels, with durations or start times. Each GIF
/// frame holds only the rectangle that changed since the one before (disposal "do not
/// dispose"); unchanged pixels inside it are made transparent when that leaves fewer runs
/// for LZW. Colours: the first frame's palette is the global table, and a later frame uses
/// it when it has all that frame's colours; otherwise the frame carries its own local table
/// (see `GifQuantiser`: exact up to 256 colours; beyond, large flat areas stay exact).
/// Local tables win here because exported frames each have a few hundred colours but the
/// whole animation over a thousand (every backdrop alpha tints everything again), so one
/// 256-colour table would blur the flat greys that carry the alpha. Identical consecutive
/// frames become one longer frame.
///
/// The file is written to a hidden temporary name in the same folder and renamed over
/// `path` by `finish()`; if anything fails, or the writer goes away unfinished, the
/// temporary file is removed and `path` is left as it was.
public final class GifAnimationWriter {
    /// How the animation is written.
    public struct Options: Sendable {
        /// Repeat forever (a NETSCAPE2.0 loop extension); false plays once.
        public var loops = true
        /// The shortest delay, in 1/100 s, of any frame but the last (see `GifFrameSchedule`).
        public var minimumDelay = 2
        /// Whether a frame identical to the one before only lengthens it.
        public var mergesIdenticalFrames = true
        /// Shrink frames wider than this (box filter, aspect ratio kept); nil keeps the size.
        public var maximumWidth: Int?
        /// What translucent ARGB32 pixels are composited over.
        public var matte = Color.white
        /// Whether unchanged pixels inside a changed rectangle are written as transparent.
        public var usesTransparency = true

        /// The defaults: loop forever, 2 cs minimum delay, merge repeats, full size.
        public init() {}
    }

    /// The GIF file written by `finish()`.
    public let path: String
    /// Width of the frames passed to `append`, in pixels.
    public let sourceWidth: Int
    /// Height of the frames passed to `append`, in pixels.
    public let sourceHeight: Int
    /// Width of the GIF in pixels (smaller than the source with `maximumWidth`).
    public let width: Int
    /// Height of the GIF in pixels.
    public let height: Int
    /// How the animation is written.
    public let options: Options
    /// The delay of each GIF frame written so far, in 1/100 s.
    public internal(set) var delays: [Int] = []
    /// Frames passed to `append` so far (merged and replaced ones included).
    public private(set) var frameCount = 0

    let temporaryPath: String
    var encoder: GifEncoder?
    private var schedule: GifFrameSchedule
    private let downscaler: GifDownscaler?
    private let matte: UInt32
    let quantiser = GifQuantiser()
    /// The frame being read, the one waiting for its delay, and the one last written.
    private var incoming: [UInt32]
    private var pending: [UInt32]
    private var shown: [UInt32]
    private var hasShown = false
    /// The time of the first frame added with `append(frame:at:)`.
    private var origin: Double?
    private var source: [UInt32] = []
    private var scratch: [Double] = []
    var indices: [UInt8]
    /// The first frame's palette, written as the global colour table, and its lookup.
    var global: GifPalette?
    /// Exact colour → index in `global`; empty when the first frame needed a median cut.
    var globalLookup: [UInt32: UInt8] = [:]

    /// Starts a GIF at `path` for `width` × `height` frames that loops forever unless
    /// `loop` is false; throws naming `path` if its folder cannot take a new file.
    public convenience init(path: String, width: Int, height: Int, loop: Bool = true)
        throws(GifError)
    {
        var options = Options()
        options.loops = loop
        try self.init(path: path, width: width, height: height, options: options)
    }

    /// Starts a GIF at `path` for `width` × `height` frames, written as `options` say.
    public init(path: String, width: Int, height: Int, options: Options) throws(GifError) {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw GifError(
                operation: "size",
                reason: "a GIF is 1...65535 pixels a side, not \(width)x\(height)",
                path: path)
        }
        if let maximum = options.maximumWidth, maximum < 1 {
            throw GifError(
                operation: "size", reason: "maximum width must be at least 1, not \(maximum)",
                path: path)
        }
        self.path = path
        self.options = options
        sourceWidth = width
        sourceHeight = height
        (self.width, self.height) = GifDownscaler.size(
            width: width, height: height, maximumWidth: options.maximumWidth ?? width)
        downscaler =
            self.width == width
            ? nil
            : GifDownscaler(
                sourceWidth: width, sourceHeight: height, width: self.width, height: self.height)
        schedule = GifFrameSchedule(minimumDelay: options.minimumDelay)
        matte = Self.packed(options.matte)
        let pixels = self.width * self.height
        incoming = [UInt32](repeating: 0, count: pixels)
        pending = incoming
        shown = incoming
        indices = [UInt8](repeating: 0, count: pixels)
        temporaryPath = Self.temporaryPath(for: path)
        encoder = try Self.openTemporary(temporaryPath, path: path)
    }

    deinit {
        if encoder != nil {
            encoder = nil
            unlink(temporaryPath)
        }
    }

    /// Adds a frame shown for `duration` seconds; throws (and removes the temporary file)
    /// naming `path` if the frame does not match the animation's size or cannot be written.
    public func append(frame: GifPixels, duration: Double) throws(GifError) {
        try check(frame)
        guard duration.isFinite, duration >= 0, schedule.elapsed + duration <= 1e7 else {
            throw abandon(
                GifError(
                    operation: "append",
                    reason: "frame \(frameCount) duration \(duration) s is not a time from 0 "
                        + "to 1e7 s in total",
                    path: path))
        }
        try add(frame) { $0.add(duration: duration, sameAsPending: $1) }
    }

    /// Adds a frame shown from `time` seconds (on any clock; times never decrease) until
    /// the next frame's time, or the time given to `finish(at:)`. Repeated frames that were
    /// never rendered thus keep their real duration.
    public func append(frame: GifPixels, at time: Double) throws(GifError) {
        try check(frame)
        let offset = try offset(of: time, "append")
        try add(frame) { $0.add(startingAt: offset, sameAsPending: $1) }
    }

    /// Writes the last frame and renames the finished GIF to `path`; throws naming `path`
    /// (and leaves nothing behind) if there were no frames or the file cannot be completed.
    public func finish() throws(GifError) {
        try finish(endingAt: schedule.elapsed)
    }

    /// Like `finish()`, for frames added with `append(frame:at:)`: the animation ends at
    /// `time` on the same clock.
    public func finish(at time: Double) throws(GifError) {
        let offset = try offset(of: time, "finish")
        try finish(endingAt: offset)
    }

    /// Throws (removing the temporary file) unless the writer is open and `frame` fits.
    private func check(_ frame: GifPixels) throws(GifError) {
        guard encoder != nil else {
            throw GifError(operation: "append", reason: "the GIF is already finished", path: path)
        }
        if let problem = frame.problem(expectedWidth: sourceWidth, expectedHeight: sourceHeight) {
            throw abandon(GifError(operation: "append", reason: problem, path: path))
        }
    }

    /// `time` less the first frame's time (which becomes the origin on the first call);
    /// throws unless it is finite, not earlier than the last time, and within 1e7 s.
    private func offset(of time: Double, _ operation: String) throws(GifError) -> Double {
        guard encoder != nil else {
            throw GifError(
                operation: operation, reason: "the GIF is already finished", path: path)
        }
        let origin = self.origin ?? time
        let offset = time - origin
        guard time.isFinite, offset >= schedule.elapsed, offset <= 1e7 else {
            throw abandon(
                GifError(
                    operation: operation,
                    reason: "time \(time) s is not finite, or before the last frame's "
                        + "(\(origin + schedule.elapsed) s), or over 1e7 s after the first",
                    path: path))
        }
        self.origin = origin
        return offset
    }

    /// Reads `frame`, then lets `step` place it in the schedule (given whether it equals
    /// the pending frame) and writes the frame that finishes, if any.
    private func add(
        _ frame: GifPixels, step: (inout GifFrameSchedule, Bool) -> GifFrameSchedule.Step
    ) throws(GifError) {
        if let downscaler {
            if source.count != sourceWidth * sourceHeight {
                source = [UInt32](repeating: 0, count: sourceWidth * sourceHeight)
            }
            frame.pack(into: &source, matte: matte)
            downscaler.scale(source, into: &incoming, scratch: &scratch)
        } else {
            frame.pack(into: &incoming, matte: matte)
        }
        let same =
            options.mergesIdenticalFrames && schedule.pendingStart != nil && incoming == pending
        frameCount += 1
        switch step(&schedule, same) {
        case .extend:
            break
        case .replace:
            swap(&incoming, &pending)
        case .begin(let delay):
            if let delay {
                do {
                    try write(pending, delay: delay)
                } catch {
                    throw abandon(error)
                }
                swap(&shown, &pending)
                hasShown = true
            }
            swap(&incoming, &pending)
        }
    }

    /// Writes the pending frame until `end` s and renames the finished file into place.
    private func finish(endingAt end: Double) throws(GifError) {
        guard let encoder else {
            throw GifError(operation: "finish", reason: "the GIF is already finished", path: path)
        }
        guard let delay = schedule.finish(endingAt: end) else {
            throw abandon(GifError(operation: "finish", reason: "no frames were added", path: path))
        }
        do {
            try write(pending, delay: delay)
            try encoder.finish()
        } catch {
            throw abandon(error)
        }
        self.encoder = nil
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw GifError(operation: "rename", reason: reason, path: path)
        }
    }

    /// Writes `frame` shown for `delay` cs (after `shown`), split into holds of at most
    /// 655.35 s each, GIF's longest delay.
    private func write(_ frame: [UInt32], delay: Int) throws(GifError) {
        var rest = delay
        try encode(frame, against: hasShown ? shown : nil, delay: min(rest, 65535))
        rest -= 65535
        while rest > 0 {
            try encode(frame, against: frame, delay: min(rest, 65535))
            rest -= 65535
        }
    }
}
