#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and then under ThreadSanitizer:
#
#   Scripts/sanitize.sh [address|thread|all] [-- SWIFT-TEST-ARGUMENTS...]
#
# Each sanitizer builds into a folder of its own (.build/sanitize-address, .build/sanitize-thread),
# so the ordinary build is left alone. The suites that compile generated code and run it against
# the StoreKit stand-in take most of the time; pass `-- --skip Generated` to leave them out. On
# two cores a full run takes about eight minutes per sanitizer, so the CI run (Scripts/test.sh)
# leaves this script out; run it before a release, and after changes to concurrent code.
#
# On Linux, ThreadSanitizer does not see the lock of the standard library's
# `Synchronization.Mutex` (a futex) and reports every access it guards as a race, even in a
# program whose count comes out exact; such reports from the StoreKit stand-in, which uses it,
# are not races. Under ThreadSanitizer's slowdown some scenario tests also reach their time limit.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

which="${1:-all}"
[ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift
case "$which" in
    address) sanitizers=(address) ;;
    thread) sanitizers=(thread) ;;
    all) sanitizers=(address thread) ;;
    *) echo "usage: Scripts/sanitize.sh [address|thread|all] [-- SWIFT-TEST-ARGUMENTS...]" >&2; exit 2 ;;
esac

# A finding stops the run with a report; Swift's own backtracer would only add noise to it.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1}"
failed=0
for sanitizer in "${sanitizers[@]}"; do
    echo "==> swift test --sanitize=$sanitizer"
    start=$(date +%s)
    status=0
    swift test --sanitize="$sanitizer" --build-path ".build/sanitize-$sanitizer" "$@" || status=$?
    echo "==> --sanitize=$sanitizer: exit $status after $(($(date +%s) - start)) s"
    [ "$status" -eq 0 ] || failed=1
done
exit "$failed"
