#!/usr/bin/env bash
# Builds Examples/StoreConsumer, an app package that gets its store from the IAPKitGenerate
# build plugin, runs its demo, and checks that a second build runs no generation and that
# `swift package iapkit lint` works from the package. On Linux the store compiles against the
# stand-in StoreKit.
set -euo pipefail
cd "$(dirname "$0")/../Examples/StoreConsumer"
swift build 2>&1 | tee .build-log.txt | grep -v '^\[' || true
grep -q "Build complete" .build-log.txt || { echo "error: the plugin consumer did not build" >&2; exit 1; }
if grep -q "error:" .build-log.txt; then
    echo "error: building the plugin consumer reported errors" >&2
    exit 1
fi
swift run --skip-build pebble-demo | tee .demo-output.txt
grep -q "^com.example.pebble.pro.monthly  autoRenewable$" .demo-output.txt
# Nothing changed: the plugin's command does not run again.
swift build 2>&1 > .build-log.txt
if grep -q "swift-file" .build-log.txt || grep -q "created:\|updated:" .build-log.txt; then
    echo "error: an unchanged build regenerated the store" >&2
    exit 1
fi
swift package --allow-writing-to-package-directory iapkit lint Sources/PebbleStore/Guides | tee .lint-output.txt
grep -q "no problems" .lint-output.txt
rm -f .build-log.txt .demo-output.txt .lint-output.txt
echo "plugin consumer: built, ran, and an unchanged build generated nothing"
