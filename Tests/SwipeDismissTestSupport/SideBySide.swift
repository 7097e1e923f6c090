import Foundation

/// Runs one child process per job, at most `slots` at a time, and returns them in the order
/// of `jobs`, every one ended (or still running past `timeout`, which the caller's check of
/// its termination then reports).
///
/// A new child starts as soon as a running one ends, rather than a batch at a time after
/// the batch's slowest: for children that mostly wait (a demo replaying a trace in real
/// time), that keeps `slots` of them running at once until the last. Pass the longest jobs
/// first; `started` is called with each child right after it starts (to wait for its first
/// frame, say, before the next one starts).
package func runSideBySide<Job>(
    _ jobs: [Job], slots: Int, timeout: Double = 60,
    start: (Job) throws -> ChildProcess,
    started: (Job, ChildProcess) -> Void = { _, _ in }
) throws -> [ChildProcess] {
    precondition(slots > 0, "runSideBySide needs at least one slot")
    var children: [ChildProcess] = []
    children.reserveCapacity(jobs.count)
    var running: [(child: ChildProcess, deadline: Date)] = []
    func waitForAFreeSlot() {
        while running.count >= slots {
            eventually(timeout: timeout, every: 0.002) {
                running.contains { !$0.child.isRunning || Date() >= $0.deadline }
            }
            running.removeAll { !$0.child.isRunning || Date() >= $0.deadline }
        }
    }
    for job in jobs {
        waitForAFreeSlot()
        let child = try start(job)
        children.append(child)
        running.append((child, Date().addingTimeInterval(timeout)))
        started(job, child)
    }
    for (child, deadline) in running {
        child.waitForTermination(timeout: max(0, deadline.timeIntervalSinceNow))
    }
    return children
}

/// The time of the last event of the gesture trace at `path`, in seconds (0 when it cannot
/// be read): how long a real-time replay of it lasts, to start the longest first.
package func lastEventTime(ofTrace path: String) -> Double {
    guard let data = FileManager.default.contents(atPath: path),
        let trace = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let events = trace["events"] as? [[String: Any]]
    else { return 0 }
    return events.compactMap { ($0["t"] as? NSNumber)?.doubleValue }.max() ?? 0
}
