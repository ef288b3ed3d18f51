#!/usr/bin/env bash
# Installs the C libraries IAPKit builds against (libcmark, libyaml) and pkg-config, but only
# when they are missing. Debian and Ubuntu use apt-get (through sudo when not root); macOS uses
# Homebrew. On Debian and Ubuntu it also installs what the browser test of the rendered site
# needs (chromium, chromium-driver, python3-selenium, and axe-selenium-python from PyPI) when
# missing, unless IAPKIT_SKIP_BROWSER=1.
set -euo pipefail
scripts="$(cd "$(dirname "$0")" && pwd)"

install_browser() {
    if [ "${IAPKIT_SKIP_BROWSER:-}" = "1" ] || [ "$(uname -s)" != Linux ] || ! command -v apt-get >/dev/null 2>&1; then
        return 0
    fi
    if bash "$scripts/browser-test-available.sh"; then
        return 0
    fi
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "==> Installing chromium, chromium-driver and python3-selenium with apt-get"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver python3-selenium python3-pip >/dev/null
    # axe-core, the accessibility rules the browser test applies, comes from PyPI; Debian's
    # Python refuses pip installs outside a virtual environment unless told otherwise.
    if ! /usr/bin/python3 -c 'import axe_selenium_python' >/dev/null 2>&1; then
        echo "==> Installing axe-selenium-python (axe-core) with pip"
        $sudo /usr/bin/python3 -m pip install -q --break-system-packages axe-selenium-python >/dev/null 2>&1 \
            || $sudo /usr/bin/python3 -m pip install -q axe-selenium-python >/dev/null
    fi
}

have_libraries() {
    command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark yaml-0.1
}

if have_libraries; then
    install_browser
    exit 0
fi

case "$(uname -s)" in
Linux)
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "iapkit: install libcmark, libyaml and pkg-config with your package manager" >&2
        exit 1
    fi
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "==> Installing libcmark-dev, libyaml-dev and pkg-config with apt-get"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libcmark-dev libyaml-dev pkg-config >/dev/null
    ;;
Darwin)
    if ! command -v brew >/dev/null 2>&1; then
        echo "iapkit: install Homebrew, then run: brew install cmark libyaml pkg-config" >&2
        exit 1
    fi
    echo "==> Installing cmark, libyaml and pkg-config with Homebrew"
    brew install cmark libyaml pkg-config
    ;;
*)
    echo "iapkit: install libcmark, libyaml and pkg-config for $(uname -s)" >&2
    exit 1
    ;;
esac

have_libraries || {
    echo "iapkit: libcmark or libyaml is still not visible to pkg-config" >&2
    exit 1
}
install_browser
