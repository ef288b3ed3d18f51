#!/usr/bin/env bash
# Fuzzes one reader of untrusted input with libFuzzer, or all of them in turn:
#
#   Scripts/fuzz.sh TARGET SECONDS     e.g. Scripts/fuzz.sh FuzzGuide 600
#   Scripts/fuzz.sh all SECONDS        every target, SECONDS each
#   Scripts/fuzz.sh list               the targets
#
# The targets (Fuzz/Targets) are built with -sanitize=fuzzer,address into .build/fuzz. Each run
# starts from the committed seeds (Fuzz/Corpus/TARGET) and the corpus earlier runs grew
# (.build/fuzz/corpus/TARGET), with the target's dictionary (Fuzz/Dictionaries). An input that
# crashes, hangs (10 s) or takes more than 2 GB (8 GB for schemes, see below) is kept in
# .build/fuzz/artifacts/TARGET and the script fails; rerun it with
# `.build/fuzz/release/TARGET FILE`. Each run ends with one line:
# TARGET: N executions in S s, C crashes. Extra arguments after SECONDS go to libFuzzer.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

targets=(FuzzGuide FuzzYAML FuzzJSON FuzzMustache FuzzStoreKit FuzzPBXProj FuzzScheme FuzzPlist FuzzSwiftSource
    FuzzSVG FuzzXCConfig)

usage() {
    echo "usage: Scripts/fuzz.sh TARGET|all SECONDS [LIBFUZZER-ARGUMENTS...] | list" >&2
    exit 2
}

[ $# -ge 1 ] || usage
if [ "$1" = "list" ]; then
    printf '%s\n' "${targets[@]}"
    exit 0
fi
[ $# -ge 2 ] || usage
which="$1"
seconds="$2"
shift 2
[[ "$seconds" =~ ^[0-9]+$ ]] || usage
if [ "$which" = "all" ]; then
    selected=("${targets[@]}")
elif printf '%s\n' "${targets[@]}" | grep -qx "$which"; then
    selected=("$which")
else
    echo "error: no fuzz target '$which'; Scripts/fuzz.sh list names them" >&2
    exit 2
fi

if [ "$(uname -s)" != "Linux" ]; then
    echo "error: fuzzing needs libFuzzer, which the Swift toolchain ships on Linux only" >&2
    exit 2
fi
build=.build/fuzz
# libFuzzer, not Swift's backtracer, must see a crash, to keep the input that caused it.
export SWIFT_BACKTRACE=enable=no
# AddressSanitizer keeps freed memory in quarantine (256 MB by default) to catch use after free;
# over a million runs of a target that allocates a lot that, with the allocator's caches, grew
# towards libFuzzer's 2 GB limit, so the quarantine is kept smaller.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:handle_abort=1:allocator_may_return_null=1:quarantine_size_mb=64}"
for target in "${selected[@]}"; do
    # A binary of an earlier build must not stand in for one that no longer builds.
    rm -f "$build/release/$target"
    IAPKIT_FUZZ=1 swift build -c release --build-path "$build" --product "$target" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld 2>&1 |
        grep -v "Cannot export local symbol" | grep -v "^\[" || true
    [ -x "$build/release/$target" ] || { echo "error: $target did not build" >&2; exit 1; }
done

failed=0
for target in "${selected[@]}"; do
    corpus="$build/corpus/$target"
    artifacts="$build/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    log="$build/logs/$target.log"
    mkdir -p "$(dirname "$log")"
    status=0
    rss=2048
    "$build/release/$target" "$corpus" "Fuzz/Corpus/$target" \
        -dict="Fuzz/Dictionaries/$target.dict" -max_total_time="$seconds" -timeout=10 -rss_limit_mb="$rss" \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" >"$log" 2>&1 || status=$?
    executions=$( (grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" || true) | grep -o '[0-9]*$' | tail -1 || true)
    elapsed=$( (grep -o 'Done [0-9]* runs in [0-9]* second' "$log" || true) | grep -o '[0-9]*' | tail -1 || true)
    crashes=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
        -o -name 'leak-*' \) | wc -l | tr -d ' ')
    echo "$target: ${executions:-0} executions in ${elapsed:-$seconds} s, $crashes crashes"
    if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        failed=1
        echo "  the log is $log; kept inputs:" >&2
        find "$artifacts" -type f | sed 's/^/    /' >&2
        grep -m 5 -E "ERROR|Fatal error|SUMMARY" "$log" | sed 's/^/    /' >&2 || true
    fi
done
exit "$failed"
