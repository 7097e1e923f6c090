# Sourced by the scripts that need a private X server (with-xvfb.sh, perf.sh,
# order-demo-start.sh): one way to start it and to know it is up.
#
# start_xvfb FIRST NAME: starts Xvfb (1280x1024x24, no TCP) on the first free display number
# from FIRST, its output in /tmp/xvfb-N.log, and waits up to 10 s for its socket. Sets
# xvfb_number and xvfb (its pid). On failure says why on stderr, naming NAME, and returns 1.
start_xvfb() {
    local first=$1 name=$2
    xvfb_number=$first
    while [ -e "/tmp/.X11-unix/X$xvfb_number" ] || [ -e "/tmp/.X$xvfb_number-lock" ]; do
        xvfb_number=$((xvfb_number + 1))
    done
    Xvfb ":$xvfb_number" -screen 0 1280x1024x24 -nolisten tcp -noreset \
        >"/tmp/xvfb-$xvfb_number.log" 2>&1 &
    xvfb=$!
    for _ in $(seq 1 100); do
        [ -e "/tmp/.X11-unix/X$xvfb_number" ] && return 0
        if ! kill -0 "$xvfb" 2>/dev/null; then
            echo "$name: Xvfb :$xvfb_number failed to start:" >&2
            cat "/tmp/xvfb-$xvfb_number.log" >&2
            return 1
        fi
        sleep 0.1
    done
    echo "$name: Xvfb :$xvfb_number did not open its socket within 10 s:" >&2
    cat "/tmp/xvfb-$xvfb_number.log" >&2
    return 1
}
