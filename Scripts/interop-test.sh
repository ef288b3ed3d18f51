#!/usr/bin/env bash
# Reads iapkit's machine-readable check reports with the tools other programs use: every SARIF
# report must validate against the SARIF 2.1.0 JSON schema (with `jsonschema`), and every JUnit
# report must be read by `junitparser` with the same counts as the JSON report. Runs after the
# package is built; downloads its Python packages and the schema into .build/interop once.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

work=.build/interop
python_packages="$work/python"
schema="$work/sarif-schema-2.1.0.json"
# The SARIF 2.1.0 schema travels in cfn-lint's source distribution (its test fixtures); the
# archive is pinned by hash.
schema_source="cfn-lint 1.58.0"
schema_archive_sha256="ba02cd7f7e06c8bc160936051a03ec931af52943fcc9cc72ad2748caa0f2a103"
schema_member="cfn_lint-1.58.0/test/fixtures/schemas/sarif/schema-2.1.0.json"

mkdir -p "$work"
if ! python3 -m pip --version >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "==> Installing python3 and python3-pip with apt-get"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3 python3-pip >/dev/null
fi
if ! PYTHONPATH="$python_packages" python3 -c "import jsonschema, junitparser" 2>/dev/null; then
    echo "==> Installing jsonschema and junitparser into $python_packages"
    python3 -m pip install --quiet --disable-pip-version-check --target "$python_packages" \
        "jsonschema>=4,<5" "junitparser>=3,<6"
fi
if [ ! -s "$schema" ]; then
    echo "==> Fetching the SARIF 2.1.0 schema ($schema_source)"
    download="$work/download"
    rm -rf "$download" && mkdir -p "$download"
    python3 - "$download" <<'PYTHON'
import re, sys, urllib.request
name = "cfn_lint-1.58.0.tar.gz"
with urllib.request.urlopen("https://pypi.org/simple/cfn-lint/", timeout=60) as response:
    index = response.read().decode("utf-8")
url = next(link for link in re.findall(r'href="([^"]+)"', index) if f"/{name}#" in link)
urllib.request.urlretrieve(url.split("#")[0], f"{sys.argv[1]}/{name}")
PYTHON
    archive="$download/cfn_lint-1.58.0.tar.gz"
    echo "$schema_archive_sha256  $archive" | sha256sum --check --quiet
    tar -xzf "$archive" -C "$download" "$schema_member"
    mv "$download/$schema_member" "$schema"
fi

swift build --product iapkit >/dev/null
iapkit="$(swift build --show-bin-path)/iapkit"
reports="$work/reports"
rm -rf "$reports" && mkdir -p "$reports"
fixtures=Tests/IAPCheckTests/Fixtures
for variant_dir in "$fixtures"/*/; do
    variant=$(basename "$variant_dir")
    [ "$variant" = Golden ] && continue
    project="$work/projects/$variant"
    rm -rf "$project" && mkdir -p "$project"
    cp -R "$fixtures/Clean/." "$project/"
    cp -R "$variant_dir." "$project/"
    for format in json sarif junit; do
        (cd "$project" && "$iapkit" check --project . --format "$format" guide.md) \
            >"$reports/$variant.$format" || [ $? -eq 1 ]
    done
done
for format in json sarif junit; do
    "$iapkit" check --format "$format" >"$reports/Workbook.$format" || [ $? -eq 1 ]
done
PYTHONPATH="$python_packages" python3 Tests/Interop/validate_reports.py "$schema" "$reports"
