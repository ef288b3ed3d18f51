#!/usr/bin/env python3
"""Build the Markdown corpus that Benchmarks/run.sh feeds to cmark and iapkit.

The corpus is made from Markdown files that already exist on the machine, so
nothing has to be downloaded. Given the same files on disk and the same
parameters, the output is byte-for-byte identical:

* every ``*.md`` regular file under the given roots is considered (symbolic
  links are neither followed nor copied);
* empty files, files larger than ``--max-file-bytes``, unreadable files,
  files that are not UTF-8 text (invalid UTF-8, or containing NUL bytes) and
  files that leave a code fence or HTML block open at their end (which would
  swallow the next file in ``corpus.md``) are skipped;
* the remaining paths are sorted bytewise (the order ``LC_ALL=C sort`` gives);
* the files are copied in that order to ``corpus/0001.md``, ``0002.md``, ...,
  starting over at the top of the list if it runs out, until the total size
  reaches ``--bytes``. A file that does not end with a newline gets one, so
  every copy is a complete set of lines. The last copy is cut at the end of
  the line that crosses the limit, so the total overshoots by less than one
  line;
* ``corpus.md`` holds the same bytes as the numbered files, concatenated in
  order (the order in which the shell expands ``corpus/*.md``).

A stamp file records the parameters and the result (file count, byte count,
SHA-256 of the concatenation). When the stamp matches the requested parameters
and the files on disk still agree with it, the corpus is reused as is.
"""

import argparse
import hashlib
import os
import shutil
import stat
import subprocess
import sys

FORMAT_VERSION = "2"


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True,
                        help="work folder; receives corpus/, corpus.md and corpus.stamp")
    parser.add_argument("--bytes", type=int, required=True,
                        help="size the corpus must reach, in bytes")
    parser.add_argument("--max-file-bytes", type=int, required=True,
                        help="source files larger than this are skipped")
    parser.add_argument("--rebuild", action="store_true",
                        help="ignore an existing corpus and build it again")
    parser.add_argument("roots", nargs="+", help="folders to search for *.md files")
    args = parser.parse_args(argv)
    if args.bytes <= 0 or args.max_file_bytes <= 0:
        parser.error("--bytes and --max-file-bytes must be positive")
    return args


def log(message):
    print(f"corpus: {message}", flush=True)


def mib(count):
    return f"{count / (1024 * 1024):.2f} MiB"


# ---------------------------------------------------------------- discovery --

def find_markdown(roots, max_bytes, exclude):
    """Sorted list of candidate paths, plus the number skipped for their size."""
    paths = set()
    too_large = 0
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, dirnames, filenames in os.walk(root, onerror=lambda _err: None):
            if exclude and _is_within(dirpath, exclude):
                dirnames[:] = []
                continue
            for name in filenames:
                if not name.endswith(".md"):
                    continue
                path = os.path.normpath(os.path.join(dirpath, name))
                if path in paths:
                    continue  # roots may overlap (/usr/share and /usr/share/doc)
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
                    continue
                if info.st_size > max_bytes:
                    too_large += 1
                    continue
                paths.add(path)
    return sorted(paths, key=os.fsencode), too_large


def _is_within(path, folder):
    path = os.path.abspath(path)
    return path == folder or path.startswith(folder + os.sep)


def read_text(path):
    """The file's bytes if it is readable UTF-8 text, else None."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if not data or b"\0" in data:
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not data.endswith(b"\n"):
        data += b"\n"
    if not closes_cleanly(data):
        return None
    return data


PROBE = b"iapkit-corpus-probe"


def closes_cleanly(data):
    """True when nothing the file opens (a code fence, an HTML block) runs past its end.

    The numbered files are parsed one by one and corpus.md as a whole; a file whose last fence
    never closes would swallow every later file in corpus.md as code, and the two forms would
    no longer hold the same document structure.
    """
    try:
        html = subprocess.run(["cmark"], input=data + b"\n\n# " + PROBE + b"\n",
                              capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    return html.endswith(b"<h1>" + PROBE + b"</h1>\n")


# ----------------------------------------------------------------- building --

def select(paths, target):
    """Pieces of text, in order, whose total size first reaches `target`."""
    pieces = []
    usable = []  # contents of the sources read so far, for later passes
    skipped = 0
    total = 0

    def take(data):
        nonlocal total
        remaining = target - total
        if len(data) > remaining:
            end = data.find(b"\n", remaining - 1)  # data ends with "\n", so found
            data = data[: end + 1]
        pieces.append(data)
        total += len(data)
        return total >= target

    passes = 1
    for path in paths:
        data = read_text(path)
        if data is None:
            skipped += 1
            continue
        usable.append(data)
        if take(data):
            return pieces, len(usable), skipped, passes

    if not usable:
        return None, 0, skipped, passes

    while True:
        passes += 1
        for data in usable:
            if take(data):
                return pieces, len(usable), skipped, passes


def select_from(usable, target):
    """As `select`, for texts already read: cycled in order until their total reaches `target`."""
    pieces = []
    total = 0
    passes = 0
    while True:
        passes += 1
        for data in usable:
            remaining = target - total
            if len(data) > remaining:
                end = data.find(b"\n", remaining - 1)
                data = data[: end + 1]
            pieces.append(data)
            total += len(data)
            if total >= target:
                return pieces, len(usable), 0, passes


def write_corpus(out, pieces):
    corpus_dir = os.path.join(out, "corpus")
    single = os.path.join(out, "corpus.md")
    if os.path.isdir(corpus_dir):
        shutil.rmtree(corpus_dir)
    os.makedirs(corpus_dir)
    # All names have the same width, so every locale sorts them the same way
    # and `corpus/*.md` expands in the order of corpus.md.
    width = max(4, len(str(len(pieces))))
    digest = hashlib.sha256()
    with open(single, "wb") as whole:
        for number, data in enumerate(pieces, start=1):
            with open(os.path.join(corpus_dir, f"{number:0{width}d}.md"), "wb") as part:
                part.write(data)
            whole.write(data)
            digest.update(data)
    return digest.hexdigest()


# -------------------------------------------------------------------- stamp --

def read_stamp(path):
    values = {}
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                key, sep, value = line.rstrip("\n").partition("=")
                if sep:
                    values[key] = value
    except OSError:
        return None
    return values


def write_stamp(path, values):
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        for key, value in values.items():
            handle.write(f"{key}={value}\n")
    os.replace(temporary, path)


def still_valid(out, stamp):
    """True when corpus/ and corpus.md on disk agree with the stamp."""
    try:
        files = int(stamp["files"])
        size = int(stamp["bytes"])
        expected = stamp["sha256"]
    except (KeyError, ValueError):
        return False
    single = os.path.join(out, "corpus.md")
    corpus_dir = os.path.join(out, "corpus")
    try:
        if os.path.getsize(single) != size:
            return False
        names = [n for n in os.listdir(corpus_dir) if n.endswith(".md")]
        if len(names) != files:
            return False
        if sum(os.path.getsize(os.path.join(corpus_dir, n)) for n in names) != size:
            return False
        digest = hashlib.sha256()
        with open(single, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return False
    return digest.hexdigest() == expected


# --------------------------------------------------------------------- main --

def main(argv):
    args = parse_args(argv)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    stamp_path = os.path.join(out, "corpus.stamp")
    roots = [os.path.normpath(r) for r in args.roots]

    parameters = {
        "format": FORMAT_VERSION,
        "target_bytes": str(args.bytes),
        "max_file_bytes": str(args.max_file_bytes),
        "roots": ":".join(roots),
    }

    stamp = None if args.rebuild else read_stamp(stamp_path)
    if stamp and all(stamp.get(k) == v for k, v in parameters.items()) and still_valid(out, stamp):
        log(f"reusing the existing corpus (parameters match {stamp_path})")
        report(stamp)
        return 0

    if os.path.exists(stamp_path):
        os.remove(stamp_path)  # no stamp until the new corpus is complete

    log(f"searching {' '.join(roots)} for *.md files")
    paths, too_large = find_markdown(roots, args.max_file_bytes, exclude=out)
    log(f"{len(paths)} candidate files ({too_large} skipped as larger than "
        f"{args.max_file_bytes} bytes)")
    pieces, sources, unusable, passes = select(paths, args.bytes)
    if pieces is None:
        print("error: no usable Markdown files were found under: " + " ".join(roots)
              + "\n       set CORPUS_ROOTS to folders that contain *.md files", file=sys.stderr)
        return 1
    if unusable:
        log(f"{unusable} candidate files skipped as unreadable or not UTF-8 text")
    sha = write_corpus(out, pieces)

    result = dict(parameters)
    result.update({
        "files": str(len(pieces)),
        "bytes": str(sum(len(p) for p in pieces)),
        "sha256": sha,
        "sources": str(sources),
        "passes": str(passes),
    })
    write_stamp(stamp_path, result)
    report(result)
    return 0


def report(values):
    size = int(values["bytes"])
    log(f"{values['files']} files, {size} bytes ({mib(size)}), "
        f"from {values.get('sources', '?')} source files in {values.get('passes', '?')} pass(es)")
    log(f"sha256 {values['sha256']}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
