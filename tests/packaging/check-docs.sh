#!/usr/bin/env bash
# The manual page and the bash completion cover the program as it is: every command that
# 'refund-desk --help' lists, every option that it and each 'refund-desk COMMAND --help'
# list, and every exit code.
# Usage: check-docs.sh REFUND_DESK MAN_PAGE_SOURCE BASH_COMPLETION
set -euo pipefail
exe=$1 man_source=$2 completion=$3
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

nodisplay=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM -u XDG_RUNTIME_DIR)
# The long options a --help text lists ("  -h, --help", "  --db <PATH>").
long_options() { grep -oE '^ +(-[a-zA-Z], )?--[a-z][a-z-]*' | grep -oE -- '--[a-z][a-z-]*' | sort -u; }
# What the completion offers after the words given.
completions() {
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _refund_desk; printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$completion" "$@"
}
# The man page source with roff's escaped minus signs as plain ones.
man_text=$(sed 's/\\-/-/g' "$man_source")
# One command's entry in COMMANDS: from its .TP to the next.
man_entry() {
    awk -v command="$1" '
        /^\.SH / { in_commands = ($0 ~ /^\.SH COMMANDS/) ; entry = 0 }
        in_commands && /^\.TP/ { getline; entry = ($0 ~ "^\\.B[IR]? \"?" command "[ \"]") }
        in_commands && entry { print }
    ' <<<"$man_text"
}
console_section=$(awk '/^\.SH CONSOLE OPTIONS/ { on = 1; next } /^\.SH / { on = 0 } on' <<<"$man_text")

top_help=$("${nodisplay[@]}" "$exe" --help)
commands=$(sed -n 's/^Subcommands (headless): \(.*\)\.$/\1/p' <<<"$top_help" | tr -d ',')
[ -n "$commands" ] || { echo "FAIL: refund-desk --help lists no commands" >&2; exit 1; }

offered_commands=$(completions refund-desk "")
for option in $(long_options <<<"$top_help"); do
    grep -qF -- "$option" <<<"$console_section" || fail "man page, CONSOLE OPTIONS: $option is missing"
    grep -qxF -- "$option" <<<"$(completions refund-desk --)" || fail "completion: refund-desk $option is missing"
done
for command in $commands; do
    grep -qxF -- "$command" <<<"$offered_commands" || fail "completion: the command $command is missing"
    entry=$(man_entry "$command")
    [ -n "$entry" ] || { fail "man page, COMMANDS: no entry for $command"; continue; }
    help=$("${nodisplay[@]}" "$exe" "$command" --help)
    offered=$(completions refund-desk "$command" --)
    for option in $(long_options <<<"$help"); do
        grep -qxF -- "$option" <<<"$offered" || fail "completion: refund-desk $command $option is missing"
        case $option in --help|--help-all) continue ;; esac
        grep -qF -- "$option" <<<"$entry" || fail "man page, COMMANDS: $command $option is missing"
    done
done
exit_section=$(awk '/^\.SH EXIT STATUS/ { on = 1; next } /^\.SH / { on = 0 } on' <<<"$man_text")
for code in 0 1 2 3 4 5 6; do
    grep -qx "\.B $code" <<<"$exit_section" || fail "man page, EXIT STATUS: $code is missing"
done

if [ $failures -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "The man page and the completion cover: $(wc -w <<<"$commands") commands, their options, exit codes 0-6."
