# Builds and installs the iapkit command.
#
#   make                      the release binary, in .build/release/iapkit
#   make install              copies it to $(PREFIX)/bin (PREFIX=/usr/local; DESTDIR for staging),
#                             with its manual page and bash, zsh and fish completions
#   make uninstall            removes it again
#   make archive              dist/iapkit-VERSION-OS-ARCH.tar.gz, the source archive and a Homebrew formula
#
# The templates are compiled into the binary, so the one file is all that is installed. On
# Linux the Swift runtime and Foundation are linked in (see Scripts/release-flags.sh): the
# binary needs only the C and C++ runtime, libcmark and libyaml, which the system provides.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift

SWIFT_FLAGS := $(shell bash Scripts/release-flags.sh)

.PHONY: all build install uninstall archive clean

all: build

build:
	bash Scripts/install-dependencies.sh
	$(SWIFT) build $(SWIFT_FLAGS)

MANDIR ?= $(PREFIX)/share/man/man1
BASHDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR ?= $(PREFIX)/share/zsh/site-functions
FISHDIR ?= $(PREFIX)/share/fish/vendor_completions.d

install: build
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)" "$(DESTDIR)$(BASHDIR)" "$(DESTDIR)$(ZSHDIR)" "$(DESTDIR)$(FISHDIR)"
	install -m 755 "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/iapkit" "$(DESTDIR)$(BINDIR)/iapkit"
	"$(DESTDIR)$(BINDIR)/iapkit" man > "$(DESTDIR)$(MANDIR)/iapkit.1"
	"$(DESTDIR)$(BINDIR)/iapkit" completions bash > "$(DESTDIR)$(BASHDIR)/iapkit"
	"$(DESTDIR)$(BINDIR)/iapkit" completions zsh > "$(DESTDIR)$(ZSHDIR)/_iapkit"
	"$(DESTDIR)$(BINDIR)/iapkit" completions fish > "$(DESTDIR)$(FISHDIR)/iapkit.fish"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/iapkit" "$(DESTDIR)$(MANDIR)/iapkit.1" "$(DESTDIR)$(BASHDIR)/iapkit" \
		"$(DESTDIR)$(ZSHDIR)/_iapkit" "$(DESTDIR)$(FISHDIR)/iapkit.fish"

archive: build
	bash Scripts/release.sh

clean:
	rm -rf .build/release dist
