import SwipeDismiss
import SwipeDismissNull
import XCTest

/// DESIGN §4c's jump bound for the zoom into the source, swept (issue 39): flicks of 300 to
/// 4000 pt/s in eight directions, released 200 pt from rest, each stepped at 30, 60 and
/// 240 fps. Every landing frame moves the photo's centre at most 4 pt plus 1.5 × the
/// frame before's move, lands exactly on the source, and 30 and 240 fps agree within 0.5 pt
/// at every frame the two share.
///
/// The photo rests centred on (195, 422); the source (20, 300, 120, 120) with radius 12 has
/// its centre at (80, 360), so the landed translation is (−115, −62).
final class ZoomFlightSweepTests: XCTestCase {
    static let source = ZoomSource(
        frame: Rect(x: 20, y: 300, width: 120, height: 120), cornerRadius: 12)
    static let landed = Point(x: -115, y: -62)
    static let speeds = [300.0, 1200, 2400, 4000]
    static let directions = (0..<8).map { Double($0) * .pi / 4 }

    /// A flick of 200 pt along `angle` at `speed`, stepped at `fps` from the release until it
    /// is dismissed: the translation at every frame from the release on, and the phase before
    /// each.
    private func landing(speed: Double, angle: Double, fps: Double) -> [(Point, DismissPhase)] {
        let h = PhotoHarness(.photo())
        h.presenter.sourceProvider = { Self.source }
        let delta = Point(x: cos(angle), y: sin(angle)) * 200
        let end = h.drag(by: delta, duration: 200 / speed, samples: 12)
        h.run(to: end, fps: fps)
        var frames = [(h.state.translation, h.state.phase)]
        var frame = 0
        while h.state.phase != .dismissed, frame < Int(5 * fps) {
            frame += 1
            h.run(to: end + Double(frame) / fps, fps: fps)
            frames.append((h.state.translation, h.state.phase))
        }
        return frames
    }

    func testNoLandingFrameJumpsAtThirtySixtyOrTwoHundredFortyFramesASecond() {
        for fps in [30.0, 60, 240] {
            for speed in Self.speeds {
                for angle in Self.directions {
                    let label = "\(speed) pt/s at \(angle * 180 / .pi)° at \(fps) fps"
                    let frames = landing(speed: speed, angle: angle, fps: fps)
                    XCTAssertEqual(frames[0].1, .dismissing, label)
                    guard let last = frames.last, last.1 == .dismissed else {
                        XCTFail("\(label): not dismissed within 5 s")
                        continue
                    }
                    XCTAssertEqual(last.0.x, Self.landed.x, accuracy: 1e-9, label)
                    XCTAssertEqual(last.0.y, Self.landed.y, accuracy: 1e-9, label)
                    // From the second frame after the release (the first one also holds
                    // the pointer's last move) to the landing.
                    var worst = -Double.infinity
                    for index in frames.indices.dropFirst(2)
                    where frames[index - 1].1 == .dismissing {
                        let move = (frames[index].0 - frames[index - 1].0).length
                        let before = (frames[index - 1].0 - frames[index - 2].0).length
                        worst = max(worst, move - (4 + 1.5 * before))
                    }
                    XCTAssertLessThanOrEqual(worst, 0, label)
                }
            }
        }
    }

    func testThirtyAndTwoHundredFortyFramesASecondAgreeForEveryFlick() {
        for speed in Self.speeds {
            for angle in Self.directions {
                let label = "\(speed) pt/s at \(angle * 180 / .pi)°"
                let slow = landing(speed: speed, angle: angle, fps: 30)
                let fast = landing(speed: speed, angle: angle, fps: 240)
                var compared = 0
                // Frame k at 30 fps is frame 8k at 240 fps (both counted from the release).
                for (k, pose) in slow.enumerated() where 8 * k < fast.count {
                    let other = fast[8 * k].0
                    XCTAssertEqual(pose.0.x, other.x, accuracy: 0.5, "\(label): x at frame \(k)")
                    XCTAssertEqual(pose.0.y, other.y, accuracy: 0.5, "\(label): y at frame \(k)")
                    compared += 1
                }
                XCTAssertGreaterThan(compared, 5, label)
            }
        }
    }
}
