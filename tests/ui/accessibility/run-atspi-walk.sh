#!/usr/bin/env bash
# The console's accessible tree read from outside, as Orca reads it: refund-desk on a
# virtual X server (xvfb-run), in a D-Bus session of its own (dbus-run-session) with the
# AT-SPI bus and registry (at-spi2-core, started by D-Bus when asked for), walked with
# pyatspi. Fails on any focusable control without a name (in the window, its pop-ups not yet
# open, and the decision dialog that Record outcome… opens), on a changed text whose change
# is not heard over AT-SPI (a search that finds nothing), or when the console never
# shows up on the registry (a bounded wait, RD_ATSPI_WAIT seconds, 180 unless set: a
# watchdog, not a speed limit). Everything it starts is stopped at the end.
# Usage: run-atspi-walk.sh REFUND-DESK
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

fail() {
    echo "run-atspi-walk: $*" >&2
    exit 1
}

if [ "${1:-}" = --inside ]; then
    # In the D-Bus session, on the virtual display.
    app=$2
    store=$3
    # Qt 6.4 asks the session bus for the AT-SPI bus itself; given AT_SPI_BUS_ADDRESS it
    # never registers with the registry.
    unset AT_SPI_BUS_ADDRESS
    QT_QPA_PLATFORM=xcb QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 "$app" --db "$store" --operator tester &
    app_pid=$!
    # Then a search that matches nothing: the queue's place says so, and that is heard.
    /usr/bin/python3 "$here/atspi_walk.py" refund-desk --wait "${RD_ATSPI_WAIT:-180}" --expect Queue \
        --expect "Find an operation" --press "Record outcome…" \
        --type "Find an operation" "no-such-operation" \
        --hear "No operation matches the filter."
    status=$?
    # Stop what was started: the console, then the accessibility bus D-Bus started for it.
    kill "$app_pid" 2>/dev/null
    for _ in $(seq 50); do
        kill -0 "$app_pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -9 "$app_pid" 2>/dev/null
    wait "$app_pid" 2>/dev/null
    launcher=$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus.GetConnectionUnixProcessID string:org.a11y.Bus 2>/dev/null | awk '{print $2}')
    [ -n "$launcher" ] && kill "$launcher" 2>/dev/null
    exit "$status"
fi

app=${1:?usage: run-atspi-walk.sh REFUND-DESK}
for tool in xvfb-run dbus-run-session dbus-send /usr/bin/python3 /usr/libexec/at-spi-bus-launcher; do
    command -v "$tool" >/dev/null || fail "$tool is missing (scripts/ensure-deps installs xvfb, dbus, at-spi2-core)"
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || fail "python3-pyatspi is missing (scripts/ensure-deps installs it)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$app" demo --db "$work/desk.sqlite" >"$work/demo.log" 2>&1 || fail "cannot build a demo store with $app: $(tail -3 "$work/demo.log")"
# Settings and the like of its own, not the machine's.
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache"
export XDG_RUNTIME_DIR="$work/runtime"
mkdir -p "$HOME" && mkdir -m 700 "$XDG_RUNTIME_DIR"
xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- "$0" --inside "$app" "$work/desk.sqlite"
