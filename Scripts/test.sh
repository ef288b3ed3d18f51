#!/usr/bin/env bash
# Runs the test suite. Installs libcmark and libyaml first when they are missing.
# Set RECORD=1 to re-record golden files instead of comparing with them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
# A toolchain unpacked in /opt/swift counts as installed even when it is not on PATH.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# Generated goldens are left as the generator writes them.
find Sources Tests Package.swift -name '*.swift' -not -path 'Tests/Generated*Tests/Generated/*' -print0 |
    xargs -0 swift format lint --strict
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build
