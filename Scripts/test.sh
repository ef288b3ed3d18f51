#!/usr/bin/env bash
# Runs the test suite, then the browser test of the rendered site, the report checks and a short
# fuzzing run of every reader of untrusted input. Installs libcmark and libyaml first when they
# are missing. Set RECORD=1 to re-record golden files instead of comparing with
# them. Without chromium, chromedriver and python3-selenium the run fails, unless
# IAPKIT_SKIP_BROWSER=1 says to skip the browser test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
# A toolchain unpacked in /opt/swift counts as installed even when it is not on PATH.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# Generated goldens are left as the generator writes them.
find Sources Tests Fuzz Plugins Templates Examples Package.swift -name '*.swift' -not -path 'Tests/Generated*Tests/Generated/*' -not -path 'Fuzz/Corpus/*' -not -path '*/.build/*' -not -path Templates/EmbeddedTemplates.swift -print0 |
    xargs -0 swift format lint --strict
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build

if bash Scripts/browser-test-available.sh; then
    bash Scripts/browser-test.sh
elif [ "${IAPKIT_SKIP_BROWSER:-}" = "1" ]; then
    echo "################################################################################" >&2
    echo "## SKIPPED: the browser test of 'iapkit render' did not run" >&2
    echo "## (chromium, chromedriver or python3-selenium is missing; IAPKIT_SKIP_BROWSER=1)" >&2
    echo "################################################################################" >&2
else
    echo "error: the browser test needs chromium, chromedriver, python3-selenium and axe-selenium-python" >&2
    echo "       (Debian: apt-get install chromium chromium-driver python3-selenium);" >&2
    echo "       set IAPKIT_SKIP_BROWSER=1 to skip it on a machine without them" >&2
    exit 1
fi

# An app package that builds its store with the SwiftPM build plugin.
bash Scripts/plugin-test.sh

# SARIF and JUnit reports, read by the tools code-scanning and CI services use.
bash Scripts/interop-test.sh

# Runs killed at random moments and runs at the same time leave every output old or new, and
# nothing behind once the next run is done.
IAPKIT_CRASH_CONFIGURATION=debug bash Scripts/crash-test.sh

# Every reader of untrusted input under libFuzzer for a while (IAPKIT_FUZZ_SECONDS each, 30 by
# default). libFuzzer comes with the Linux toolchain; IAPKIT_SKIP_FUZZ=1 skips this.
if [ "${IAPKIT_SKIP_FUZZ:-}" = "1" ] || [ "$(uname -s)" != "Linux" ]; then
    echo "## SKIPPED: fuzzing (IAPKIT_SKIP_FUZZ=1, or not Linux)" >&2
else
    bash Scripts/fuzz.sh all "${IAPKIT_FUZZ_SECONDS:-30}"
fi
