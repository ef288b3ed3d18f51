#!/usr/bin/env bash
# Kills `iapkit generate` and `iapkit render` at random moments and runs them two at a time into
# one folder, then checks what they leave:
#
# - after each SIGKILL, every output file is byte for byte its old version or its new one;
# - the next complete run leaves no temporary file and no lock file, and the folder is exactly
#   what a run from scratch writes;
# - two runs into one folder at once end with one complete, consistent set: one book's site,
#   or outputs that `generate --check` finds up to date.
#
#   Scripts/crash-test.sh [KILLS] [PAIRS]     (defaults: 200 kills, half each, and 20 pairs)
#
# Uses the release build of iapkit (built first), or the debug one with
# IAPKIT_CRASH_CONFIGURATION=debug. Prints one line per part and fails on the first
# inconsistency, naming the file.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
kills=${1:-200}
pairs=${2:-20}

configuration=${IAPKIT_CRASH_CONFIGURATION:-release}
swift build -c "$configuration" --product iapkit >/dev/null
iapkit="$(swift build -c "$configuration" --show-bin-path)/iapkit"
work=$(mktemp -d "${TMPDIR:-/tmp}/iapkit-crash-XXXXXX")
trap 'rm -rf "$work"' EXIT

# Two versions of a book: B changes every chapter, drops the last one and a price. Its
# translations change the same way, so B is as consistent a book as A.
cp -R Workbook "$work/A"
cp -R Workbook "$work/B"
last=$(grep -o '([^)]*\.md)' "$work/B/SUMMARY.md" | tail -1 | tr -d '()')
find "$work/B" -name SUMMARY.md | while IFS= read -r summary; do
    grep -v "($last)" "$summary" >"$summary.tmp" && mv "$summary.tmp" "$summary"
done
find "$work/B" -name '*.md' ! -name SUMMARY.md | while IFS= read -r chapter; do
    printf '\nThis chapter changed between the two versions.\n' >>"$chapter"
    sed -i 's/price: 3.99/price: 4.99/' "$chapter"
done

# Every file below a folder with its SHA-256, sorted, leaving out temporary and lock files.
snapshot() {
    (cd "$1" && find . -type f ! -name '.iapkit-tmp-*' ! -name '.iapkit-lock' -print0 | sort -z |
        xargs -0 -r sha256sum)
}

# Files a run must never leave behind once a later run has finished.
leftovers() {
    find "$1" \( -name '.iapkit-tmp-*' -o -name '.iapkit-lock' \) -print
}

# What a complete run writes, for each command and book.
reference() { # command book folder
    rm -rf "$3"
    if [ "$1" = render ]; then
        "$iapkit" render "$work/$2" -o "$3" --quiet 2>"$work/reference.err" ||
            { echo "FAIL: render of book $2 did not succeed:" >&2; cat "$work/reference.err" >&2; exit 1; }
    else
        "$iapkit" generate "$work/$2" -o "$3" >/dev/null 2>"$work/reference.err" ||
            { echo "FAIL: generate of book $2 did not succeed:" >&2; cat "$work/reference.err" >&2; exit 1; }
    fi
}

# Milliseconds one complete run takes, so kills land anywhere from its start to its end.
duration() { # command book folder
    local start end
    start=$(date +%s%N)
    reference "$@"
    end=$(date +%s%N)
    echo $(((end - start) / 1000000 + 1))
}

run() { # command book folder
    if [ "$1" = render ]; then
        exec "$iapkit" render "$work/$2" -o "$3" --quiet 2>/dev/null
    else
        exec "$iapkit" generate "$work/$2" -o "$3" >/dev/null 2>&1
    fi
}

for command in generate render; do
    reference "$command" A "$work/ref-$command-A"
    reference "$command" B "$work/ref-$command-B"
    snapshot "$work/ref-$command-A" >"$work/$command-A.sums"
    snapshot "$work/ref-$command-B" >"$work/$command-B.sums"
    # The stamp records modification times, so it is a file of its own each time: leave it out
    # of the comparison and let `--check` judge it instead.
    span=$(duration "$command" B "$work/timing")
    out="$work/out-$command"
    killed=0
    for ((round = 0; round < kills / 2; round++)); do
        # Alternate the direction, so each run replaces the other book's files.
        if ((round % 2 == 0)); then book=B; else book=A; fi
        if ((round == 0)); then reference "$command" A "$out"; fi
        (run "$command" "$book" "$out") &
        pid=$!
        delay=$((RANDOM % (span + span / 5 + 1)))
        sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
        if kill -9 "$pid" 2>/dev/null; then killed=$((killed + 1)); fi
        wait "$pid" 2>/dev/null || true
        grep -v ' ./.iapkit-generate$' "$work/$command-A.sums" >"$work/old.sums"
        grep -v ' ./.iapkit-generate$' "$work/$command-B.sums" >"$work/new.sums"
        snapshot "$out" | grep -v ' ./.iapkit-generate$' >"$work/now.sums" || true
        while IFS= read -r line; do
            path=${line#*  }
            if ! grep -qxF "$line" "$work/old.sums" && ! grep -qxF "$line" "$work/new.sums"; then
                echo "FAIL: after a kill, $path in $command's folder is neither version" >&2
                exit 1
            fi
        done <"$work/now.sums"
    done
    # The next complete run: nothing left over, and the folder as a run from scratch writes it.
    if [ "$command" = render ]; then
        "$iapkit" render "$work/B" -o "$out" --quiet 2>/dev/null
        if [ -n "$(leftovers "$out")" ]; then
            echo "FAIL: the run after the kills left $(leftovers "$out" | head -1)" >&2
            exit 1
        fi
        if ! diff -q <(snapshot "$out") "$work/$command-B.sums" >/dev/null; then
            echo "FAIL: after the kills and one more run, the site is not the one a fresh run writes" >&2
            diff <(snapshot "$out") "$work/$command-B.sums" | head -5 >&2
            exit 1
        fi
    else
        "$iapkit" generate "$work/B" -o "$out" >/dev/null
        if [ -n "$(leftovers "$out")" ]; then
            echo "FAIL: the run after the kills left $(leftovers "$out" | head -1)" >&2
            exit 1
        fi
        "$iapkit" generate "$work/B" -o "$out" --check >/dev/null ||
            { echo "FAIL: after the kills and one more run, generate --check finds stale files" >&2; exit 1; }
    fi
    echo "PASS  $command: $((kills / 2)) runs killed at random (${killed} while running, runs take ~${span} ms);" \
        "every file old or new, none left over after the next run"
done

# Two runs at once, of different books, into one folder.
for ((pair = 0; pair < pairs; pair++)); do
    out="$work/pair-render"
    (run render A "$out") &
    first=$!
    (run render B "$out") &
    second=$!
    wait "$first" "$second"
    now=$(snapshot "$out")
    if [ "$now" != "$(cat "$work/render-A.sums")" ] && [ "$now" != "$(cat "$work/render-B.sums")" ]; then
        echo "FAIL: two renders at once left a site that is neither book" >&2
        exit 1
    fi
    [ -z "$(leftovers "$out")" ] || { echo "FAIL: two renders left $(leftovers "$out" | head -1)" >&2; exit 1; }

    out="$work/pair-generate"
    (run generate A "$out") &
    first=$!
    (run generate B "$out") &
    second=$!
    wait "$first" "$second"
    [ -z "$(leftovers "$out")" ] || { echo "FAIL: two generates left $(leftovers "$out" | head -1)" >&2; exit 1; }
    for book in A B; do
        # Whichever ran last, a later run either trusts its stamp rightly or rewrites: --check agrees.
        "$iapkit" generate "$work/$book" -o "$out" >/dev/null
        "$iapkit" generate "$work/$book" -o "$out" --check >/dev/null ||
            { echo "FAIL: after two generates at once, book $book's outputs are stale" >&2; exit 1; }
    done
done
echo "PASS  concurrent runs: $pairs pairs of renders left one book's site each time;" \
    "$pairs pairs of generates left outputs a later run can trust"
