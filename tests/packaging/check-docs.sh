#!/usr/bin/env bash
# The manual page and the bash completion cover the program as it is: every command that
# 'refund-desk --help' lists, every option that it and each 'refund-desk COMMAND --help'
# list, and every exit code. The README stays a front door (at most 300 lines), every
# relative link in it and in docs/ reaches its file and heading, and every section of
# DESIGN.md that a comment in the code cites is there.
# Usage: check-docs.sh REFUND_DESK MAN_PAGE_SOURCE BASH_COMPLETION SOURCE_DIR
set -euo pipefail
exe=$1 man_source=$2 completion=$3 source_dir=$4
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

readme=$source_dir/README.md
readme_lines=$(wc -l <"$readme")
[ "$readme_lines" -le 300 ] || fail "README.md has $readme_lines lines; at most 300"

# Each relative Markdown link of a page, as "TARGET" (fenced blocks and code spans left
# out: they show links, they are not links).
markdown_links() {
    perl -0777 -ne 's/^```.*?^```//msg; s/`[^`]*`//g;
        while (/!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g) {
            my $t = $1; print "$t\n" unless $t =~ m{^[a-z][a-z0-9+.-]*:}i; }' "$1"
}
# The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces
# as hyphens, a repeated heading numbered from -1.
markdown_anchors() {
    perl -CSD -0777 -ne 's/^```.*?^```//msg; my %seen;
        for (/^#{1,6}[ \t]+(.*?)[ \t#]*$/mg) {
            my $a = lc $_; $a =~ s/[^\p{L}\p{N}\p{M} _-]//g; $a =~ s/ /-/g;
            my $n = $seen{$a}++; print $n ? "$a-$n\n" : "$a\n"; }' "$1"
}
link_count=0
for page in "$readme" "$source_dir"/docs/*.md; do
    name=${page#"$source_dir"/}
    while IFS= read -r target; do
        link_count=$((link_count + 1))
        path=${target%%#*} anchor=
        [ "$path" = "$target" ] || anchor=${target#*#}
        if [ -n "$path" ]; then file=$(dirname "$page")/$path; else file=$page; fi
        if [ ! -e "$file" ]; then
            fail "$name: the link $target reaches no file"
        elif [ -n "$anchor" ]; then
            case $file in
            *.md) grep -qxF -- "$anchor" <<<"$(markdown_anchors "$file")" \
                      || fail "$name: the link $target reaches no heading of $path" ;;
            *) fail "$name: the link $target has an anchor in a file that is not Markdown" ;;
            esac
        fi
    done < <(markdown_links "$page")
done

# The code cites a section of the design by its name in quotes after DESIGN.md: each name
# is in docs/DESIGN.md.
design=$source_dir/docs/DESIGN.md
citations=0
while IFS= read -r cited; do
    citations=$((citations + 1))
    grep -qF -- "$cited" "$design" || fail "docs/DESIGN.md has no \"$cited\", which the code cites"
done < <(grep -rhoE 'DESIGN\.md,? "[^"]+"' "$source_dir"/{app,cli,model,ui,tests,resources} \
             | sed -E 's/^DESIGN\.md,? "(.*)"$/\1/' | sort -u)

if [ $failures -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "The man page and the completion cover: $(wc -w <<<"$commands") commands, their options, exit codes 0-6."
echo "README.md: $readme_lines lines; $link_count relative links in it and docs/ resolve; DESIGN.md has the $citations sections the code cites."
