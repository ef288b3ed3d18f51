#!/usr/bin/env bash
# Installs the C libraries IAPKit builds against (libcmark, libyaml) and pkg-config, but only
# when they are missing. Debian and Ubuntu use apt-get (through sudo when not root); macOS uses
# Homebrew.
set -euo pipefail

have_libraries() {
    command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark yaml-0.1
}

if have_libraries; then
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
