"""An AT-SPI client for the accessibility tests, as a screen reader sees x11-demo.

Run with Debian's /usr/bin/python3 (python3-pyatspi). Usage:
    atspi_probe.py APP_NAME COMMAND...
Commands, done in order, each printing one JSON object a line on stdout:
    tree             the application's tree: [{"depth", "role", "name", "states"}]
    actions          the dialog's actions: [[name, description, key binding]]
    extents          the dialog's and the frame's extents, window and screen relative
    states           the dialog's states (the dialog found first, kept after it hides)
    do:NAME          the dialog's action NAME; prints whether it was done
    wait:SECONDS     runs the event loop that long; prints the events seen so far
    spawn:PROGRAM ARG...
                     starts PROGRAM (split on spaces) and goes on at once; it is waited for
                     at the end and its status printed: {"spawned": [...], "status": N}.
                     The listeners are on the bus by then (the application was found
                     through the same connection), so nothing the program causes is missed.
    until=TYPE=DETAIL1=SECONDS
                     runs the event loop until an event TYPE with detail1 DETAIL1 has come
                     (or SECONDS passed); prints the events seen so far
Events listened to from the start: object:state-changed:showing,
object:state-changed:expanded, object:state-changed:focused, focus:.
Exit status 0, or 1 with {"error": ...} when the application never appears.
"""
import json
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

APP, COMMANDS = sys.argv[1], sys.argv[2:]
events = []


def on_event(event):
    source = event.source
    try:
        name = source.name if source is not None else None
    except Exception:
        name = None
    events.append({"type": str(event.type), "name": name, "detail1": event.detail1})


for kind in ("object:state-changed:showing", "object:state-changed:expanded",
             "object:state-changed:focused", "focus:"):
    pyatspi.Registry.registerEventListener(on_event, kind)


def find_app(timeout=15.0):
    end = time.time() + timeout
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            if child is not None and child.name == APP:
                return child
        time.sleep(0.1)
    return None


def states(accessible):
    return sorted(pyatspi.stateToString(s) for s in accessible.getState().getStates())


def out(**fields):
    print(json.dumps(fields), flush=True)


app = find_app()
if app is None:
    out(error="no application %r on the accessibility bus" % APP)
    sys.exit(1)
frame = app.getChildAtIndex(0)
dialog = frame.getChildAtIndex(0) if frame is not None and frame.childCount > 0 else None


def tree():
    nodes = []

    def walk(accessible, depth):
        nodes.append({"depth": depth, "role": accessible.getRoleName(),
                      "name": accessible.name, "states": states(accessible)})
        for index in range(accessible.childCount):
            walk(accessible.getChildAtIndex(index), depth + 1)

    walk(app, 0)
    return nodes


def run_loop(seconds):
    GLib.timeout_add(int(seconds * 1000), lambda: (pyatspi.Registry.stop(), False)[1])
    pyatspi.Registry.start()


def run_until(kind, detail, seconds):
    def seen():
        return any(e["type"] == kind and e["detail1"] == detail for e in events)

    def check():
        if seen() or time.time() > deadline:
            pyatspi.Registry.stop()
            return False
        return True

    deadline = time.time() + seconds
    if not seen():
        GLib.timeout_add(20, check)
        pyatspi.Registry.start()


spawned = []
for command in COMMANDS:
    if command.startswith("spawn:"):
        spawned.append((command[6:].split(" "), subprocess.Popen(command[6:].split(" "))))
    elif command == "tree":
        out(tree=tree())
    elif command == "actions":
        action = dialog.queryAction()
        out(actions=[[action.getName(i), action.getDescription(i), action.getKeyBinding(i)]
                     for i in range(action.nActions)])
    elif command == "extents":
        def box(accessible, kind):
            extents = accessible.queryComponent().getExtents(kind)
            return [extents.x, extents.y, extents.width, extents.height]
        out(dialog_window=box(dialog, pyatspi.WINDOW_COORDS),
            dialog_screen=box(dialog, pyatspi.DESKTOP_COORDS),
            frame_window=box(frame, pyatspi.WINDOW_COORDS))
    elif command == "states":
        out(states=states(dialog), children=frame.childCount)
    elif command.startswith("do:"):
        name = command[3:]
        action = dialog.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        done = action.doAction(names.index(name)) if name in names else None
        out(do=name, done=done)
    elif command.startswith("until="):
        _, kind, detail, seconds = command.split("=")
        run_until(kind, int(detail), float(seconds))
        out(events=events)
    elif command.startswith("wait:"):
        run_loop(float(command[5:]))
        out(events=events)
    else:
        out(error="unknown command %r" % command)
        sys.exit(2)
for argv, process in spawned:
    out(spawned=argv, status=process.wait(timeout=30))
