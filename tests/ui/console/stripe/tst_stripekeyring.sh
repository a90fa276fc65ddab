#!/bin/sh
# Runs tst_stripekeyring in a D-Bus session of its own with a GNOME Keyring of a throwaway
# home, created and unlocked with a test password, so that it uses a real Secret Service
# and never the person's keyring.
set -eu
exec dbus-run-session -- sh -c '
    home=$(mktemp -d)
    export HOME="$home" XDG_DATA_HOME="$home/.local/share"
    printf "refund-desk-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    status=0
    "$0" || status=$?
    rm -rf "$home"
    exit $status
' "$1"
