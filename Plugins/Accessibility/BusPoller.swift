internal import CEpoll
import Glibc

/// The bridge's one descriptor for the host's `poll()`: an epoll set holding its buses'
/// sockets (for reading, and for writing while something waits to be written), its connect
/// attempts' pipes, and a timerfd that fires at the bridge's next deadline, so a bus that
/// stops answering is given up on time whatever else the host waits for.
final class BusPoller {
    /// The epoll descriptor: readable when any watched descriptor is ready or the deadline
    /// has passed.
    let descriptor: Int32
    private let timer: Int32

    /// A poller with nothing watched; nil when the kernel gives no descriptor.
    init?() {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { return nil }
        let timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timer >= 0 else {
            close(epoll)
            return nil
        }
        descriptor = epoll
        self.timer = timer
        watch(timer)
    }

    deinit {
        close(timer)
        close(descriptor)
    }

    /// Seconds on the monotonic clock (the deadlines' clock).
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Watches `fd` for reading (and writing when `writable`); watching it again changes
    /// what is watched.
    func watch(_ fd: Int32, writable: Bool = false) {
        guard fd >= 0 else { return }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | (writable ? EPOLLOUT.rawValue : 0)
        event.data.fd = fd
        if epoll_ctl(descriptor, EPOLL_CTL_MOD, fd, &event) != 0 {
            epoll_ctl(descriptor, EPOLL_CTL_ADD, fd, &event)
        }
    }

    /// Stops watching `fd`.
    func unwatch(_ fd: Int32) {
        guard fd >= 0 else { return }
        epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, nil)
    }

    /// Makes the descriptor readable at `deadline` (monotonic seconds; at once if it has
    /// passed); nil disarms.
    func arm(at deadline: Double?) {
        var spec = itimerspec()
        if let deadline {
            // timerfd takes 0 as "disarm": the soonest is one nanosecond.
            let wait = min(max(deadline - Self.now, 1e-9), 86_400)
            spec.it_value.tv_sec = Int(wait)
            spec.it_value.tv_nsec = max(1, Int((wait - Double(Int(wait))) * 1e9))
        }
        timerfd_settime(timer, 0, &spec, nil)
    }

    /// Reads the timer's expiry count, so that it stops making the descriptor readable.
    func drainTimer() {
        var expirations: UInt64 = 0
        _ = read(timer, &expirations, 8)
    }
}
