#!/usr/bin/env bash
# Builds the .deb from the build tree with CPack, unpacks it into a clean root with
# dpkg-deb -x, and checks it as a person installing it would meet it: the installed
# refund-desk runs (--version, demo) with no display, the desktop entry and AppStream
# metadata validate, the manual page renders without warnings, every icon is a PNG of its
# size, the dependencies are declared, the licence (Apache-2.0) is declared in the Debian
# copyright file and the AppStream metadata, and lintian reports no error and no hardening
# tag (its other warnings and notes are printed, not fatal).
# Usage: check-package.sh BUILD_DIR CMAKE_COMMAND CPACK_COMMAND VERSION
set -euo pipefail
build=$1 cmake=$2 cpack=$3 version=$4
app_id=example.refunddesk.RefundDesk
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "PASS: $*"; }

arch=$(dpkg --print-architecture)
deb=$work/out/refund-desk_${version}_${arch}.deb
if ! "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    fail "cpack -G DEB"
    exit 1
fi
[ -f "$deb" ] || { ls "$work/out" >&2; fail "cpack did not write $(basename "$deb")"; exit 1; }
pass "cpack wrote $(basename "$deb")"

# ---- The control fields ----
depends=$(dpkg-deb -f "$deb" Depends)
recommends=$(dpkg-deb -f "$deb" Recommends)
echo "Depends: $depends"
echo "Recommends: $recommends"
for library in libqt6widgets6 libqt6core6 libqt6gui6 libqt6charts6 libsqlite3-0 libc6 libstdc++6 qt6-qpa-plugins; do
    [[ ", $depends," == *", $library "* || ", $depends," == *", $library,"* ]] || fail "Depends lacks $library"
done
[[ $recommends == *qt6-translations-l10n* ]] || fail "Recommends lacks qt6-translations-l10n"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not $version"

# ---- Installed into a clean root ----
root=$work/root
dpkg-deb -x "$deb" "$root"
exe=$root/usr/bin/refund-desk
[ -x "$exe" ] && pass "usr/bin/refund-desk" || fail "no executable usr/bin/refund-desk"
for file in \
    usr/share/applications/$app_id.desktop \
    usr/share/metainfo/$app_id.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/$app_id.svg \
    usr/share/man/man1/refund-desk.1.gz \
    usr/share/bash-completion/completions/refund-desk \
    usr/share/doc/refund-desk/copyright \
    usr/share/doc/refund-desk/changelog.gz \
    usr/share/refund-desk/roles-postgresql.sql \
    usr/share/refund-desk/schema-postgresql.sql \
    usr/lib/systemd/user/refund-desk-reconcile.service \
    usr/lib/systemd/user/refund-desk-reconcile.timer \
    usr/share/doc/refund-desk/examples/reconcile.env; do
    [ -f "$root/$file" ] || fail "the package lacks /$file"
done
unexpected=$(cd "$root" && find . -type f | grep -v -E '^\./usr/(bin|lib/systemd/user|share/(applications|metainfo|icons|man|bash-completion|doc|refund-desk))/' || true)
[ -z "$unexpected" ] || fail "files outside the expected folders: $unexpected"

# `cmake --install` puts the same files in the same places below its prefix.
"$cmake" --install "$build" --prefix "$work/installed" >/dev/null
installed=$(cd "$work/installed" && find . -type f | sort)
packaged=$(cd "$root/usr" && find . -type f | sort)
[ "$installed" = "$packaged" ] && pass "cmake --install and the package agree ($(wc -l <<<"$packaged") files)" \
    || fail "cmake --install and the package differ: $(diff <(echo "$installed") <(echo "$packaged") | tr '\n' ' ')"

# Stripped, and no run path of its own: it uses the system's Qt.
runpath=$(readelf -d "$exe" | grep -E 'RPATH|RUNPATH' || true)
[ -z "$runpath" ] || fail "the executable carries a run path: $runpath"
readelf -S "$exe" | grep -q '\.debug_info' && fail "the executable is not stripped"

# Every icon is a PNG of the size its folder names (width and height from the IHDR chunk).
for png in "$root"/usr/share/icons/hicolor/*x*/apps/$app_id.png; do
    size=$(basename "$(dirname "$(dirname "$png")")")
    magic=$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')
    read -r width height < <(od -An -tu4 --endian=big -j16 -N8 "$png")
    [ "$magic" = 89504e470d0a1a0a ] && [ "${width}x${height}" = "$size" ] \
        || fail "icon $size is ${width}x${height} (magic $magic)"
done
count=$(ls "$root"/usr/share/icons/hicolor/*x*/apps/$app_id.png | wc -l)
[ "$count" -ge 5 ] && pass "$count PNG icon sizes" || fail "only $count PNG icon sizes"

# The installed program, with no display: --version and a demo store.
nodisplay=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM -u XDG_RUNTIME_DIR)
if out=$("${nodisplay[@]}" "$exe" --version 2>&1); then
    first=$(head -n1 <<<"$out")
    [ "$first" = "refund-desk $version" ] && pass "installed --version: $(tr '\n' ';' <<<"$out")" \
        || fail "installed --version says: $out"
    grep -q '^commit ' <<<"$out" || fail "--version names no commit"
    grep -q '^Qt 6' <<<"$out" || fail "--version names no Qt version"
    grep -q '^SQLite 3' <<<"$out" || fail "--version names no SQLite version"
else
    fail "installed refund-desk --version failed: $out"
fi
if out=$("${nodisplay[@]}" "$exe" demo --db "$work/demo.sqlite" --operations 60 --seed 5 2>&1) \
    && "${nodisplay[@]}" "$exe" show op_5521 --db "$work/demo.sqlite" >/dev/null 2>&1; then
    pass "installed refund-desk demo and show op_5521"
else
    fail "installed refund-desk demo: $out"
fi
# The console itself, without a display, says so and exits 2.
set +e
out=$("${nodisplay[@]}" "$exe" --db "$work/demo.sqlite" --operator ann 2>&1)
code=$?
set -e
[ $code -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && pass "console without display: $out" \
    || fail "console without display exited $code: $out"

# ---- The reconciler: a systemd user timer every 5 minutes, off until a user enables it ----
unit_dir=$root/usr/lib/systemd/user
if [ -f "$unit_dir/refund-desk-reconcile.timer" ] && [ -f "$unit_dir/refund-desk-reconcile.service" ]; then
    grep -qx 'OnCalendar=\*:0/5' "$unit_dir/refund-desk-reconcile.timer" || fail "the timer does not run every 5 minutes"
    grep -qx 'WantedBy=timers.target' "$unit_dir/refund-desk-reconcile.timer" || fail "the timer cannot be enabled"
    grep -q '/usr/bin/refund-desk reconcile' "$unit_dir/refund-desk-reconcile.service" \
        || fail "the service does not run refund-desk reconcile"
    grep -q '^REFUND_DESK_DB=' "$root/usr/share/doc/refund-desk/examples/reconcile.env" \
        || fail "the example environment file names no store"
    [ ! -e "$unit_dir/refund-desk-sync-events.timer" ] || fail "the hourly sync-events timer is still installed beside the reconciler"
    dpkg-deb -e "$deb" "$work/control"
    if grep -qs systemctl "$work/control/postinst"; then
        fail "postinst enables a unit: the timer must stay off until a user enables it"
    else
        pass "systemd user timer and service for the reconciler, off by default"
    fi
fi

# ---- Validators ----
if out=$(desktop-file-validate "$root/usr/share/applications/$app_id.desktop" 2>&1) && [ -z "$out" ]; then
    pass "desktop-file-validate"
else
    fail "desktop-file-validate: $out"
fi
grep -q '^Exec=refund-desk$' "$root/usr/share/applications/$app_id.desktop" || fail "the desktop entry does not run refund-desk"
if out=$(appstreamcli validate --no-net "$root/usr/share/metainfo/$app_id.metainfo.xml" 2>&1); then
    pass "appstreamcli validate ($(tail -n1 <<<"$out"))"
else
    fail "appstreamcli validate: $out"
fi
grep -q "<release version=\"$version\"" "$root/usr/share/metainfo/$app_id.metainfo.xml" \
    || fail "the AppStream metadata has no <release> for $version"
zcat "$root/usr/share/doc/refund-desk/changelog.gz" | head -n1 | grep -q "^refund-desk ($version)" \
    || fail "the changelog's newest entry is not $version"

# ---- The licence: Apache-2.0, in the machine-readable copyright file and in AppStream ----
copyright=$root/usr/share/doc/refund-desk/copyright
if [ -f "$copyright" ]; then
    grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$copyright" \
        || fail "the copyright file is not in the machine-readable format"
    licences=$(sed -n 's/^License: *//p' "$copyright" | sort -u | tr '\n' ' ')
    [ "$licences" = "Apache-2.0 " ] && pass "copyright: License: Apache-2.0" \
        || fail "copyright names the licences '$licences', not only Apache-2.0"
    grep -q '^Files: \*$' "$copyright" || fail "the copyright file has no 'Files: *' paragraph"
    grep -q '/usr/share/common-licenses/Apache-2.0' "$copyright" \
        || fail "the copyright file does not point at /usr/share/common-licenses/Apache-2.0"
fi
project_license=$(sed -n 's:.*<project_license>\(.*\)</project_license>.*:\1:p' \
    "$root/usr/share/metainfo/$app_id.metainfo.xml")
[ "$project_license" = "Apache-2.0" ] && pass "AppStream project_license Apache-2.0" \
    || fail "the AppStream project_license is '$project_license', not Apache-2.0"

# The manual page renders without a warning (what lintian runs), and names the version.
man_warnings=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z \
    "$root/usr/share/man/man1/refund-desk.1.gz" 2>&1 >/dev/null)
[ -z "$man_warnings" ] && pass "man page renders cleanly" || fail "man page warnings: $man_warnings"
MANWIDTH=80 man -l "$root/usr/share/man/man1/refund-desk.1.gz" 2>/dev/null | grep -q "refund-desk $version" \
    || fail "the man page does not render the version $version"

# ---- lintian: errors and hardening tags fail, other warnings and notes are reported ----
# -I shows the informational tags too: hardening-no-fortify-functions is one of them.
lintian_out=$(lintian -I --fail-on none --no-tag-display-limit "$deb" 2>&1 || true)
echo "lintian -I:"
sed 's/^/  /' <<<"$lintian_out"
if grep -q '^E: ' <<<"$lintian_out"; then
    fail "lintian reports errors"
else
    pass "lintian: no errors ($(grep -c '^W: ' <<<"$lintian_out" || true) warnings)"
fi
# The built executable is hardened: no hardening-no-bindnow, -fortify-functions, -pie,
# -relro, -stackprotector... (the build takes dpkg-buildflags: packaging/buildflags.cmake).
hardening=$(grep -E '^[EWIPX]: [^ ]+: hardening-' <<<"$lintian_out" || true)
[ -z "$hardening" ] && pass "lintian -I: no hardening tag" || fail "lintian reports hardening tags: $hardening"

if [ $failures -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "All package checks passed."
