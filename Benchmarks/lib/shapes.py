#!/usr/bin/env python3
"""Build corpora of several shapes for the render benchmark, from the same real Markdown files
the main corpus is made of (see corpus.py): one shape can hide a slow path another would show.

* ``code-heavy``: files with at least 40 % of their bytes inside fenced code blocks;
* ``table-heavy``: files with at least 20 % of their lines in pipe tables;
* ``many-small``: 1,000 files of at most 2 KiB, a book of a thousand short chapters (past 100
  chapters a site lists them once, in ``search-index.js``, and each page carries only the first
  and its own, so the site no longer grows with the square of its chapters);

(the fourth shape, one large file, is the main corpus's ``corpus.md``.)

Each shape is written as ``shapes/<name>/0001.md``, ... and is cycled, like the main corpus,
until it reaches the requested size (many-small: its number of files). A shape with no matching file on this machine is skipped
and said so. ``shapes/<name>.stats`` records the files, bytes, and the share of code and table
bytes, which the benchmark prints beside its ratios.
"""

import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

SHAPES = ("code-heavy", "table-heavy", "many-small")


def measure(data):
    """(bytes in fenced code, bytes in table lines) of one document."""
    code = table = 0
    fence = None
    for line in data.splitlines(keepends=True):
        stripped = line.lstrip(b" ")
        indent = len(line) - len(stripped)
        if fence is None:
            if indent < 4 and (stripped.startswith(b"```") or stripped.startswith(b"~~~")):
                marker = stripped[:3]
                run = len(stripped) - len(stripped.lstrip(marker[:1]))
                fence = (marker[:1], run)
                code += len(line)
            elif stripped.startswith(b"|") and stripped.rstrip().endswith(b"|"):
                table += len(line)
        else:
            code += len(line)
            character, run = fence
            body = stripped.rstrip()
            if indent < 4 and len(body) >= run and body == character * len(body):
                fence = None
    return code, table


def belongs(shape, data):
    code, table = measure(data)
    if shape == "code-heavy":
        return code >= 0.4 * len(data)
    if shape == "table-heavy":
        return table >= 0.2 * len(data)
    return len(data) <= 2048


MANY_SMALL_FILES = 1000


def build(out, shape, sources, target):
    chosen = [data for data in sources if belongs(shape, data)]
    folder = os.path.join(out, "shapes", shape)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    if not chosen:
        corpus.log(f"{shape}: no file on this machine has this shape; skipped")
        return
    pieces, _, _, _ = corpus.select_from(chosen, target)
    if shape == "many-small":
        pieces = [chosen[index % len(chosen)] for index in range(MANY_SMALL_FILES)]
    os.makedirs(folder)
    width = max(4, len(str(len(pieces))))
    code = table = total = 0
    for number, data in enumerate(pieces, start=1):
        with open(os.path.join(folder, f"{number:0{width}d}.md"), "wb") as part:
            part.write(data)
        piece_code, piece_table = measure(data)
        code += piece_code
        table += piece_table
        total += len(data)
    stats = (f"{len(pieces)} files from {len(chosen)} sources, {corpus.mib(total)}, "
             f"{100 * code / total:.0f} % in code blocks, {100 * table / total:.0f} % in tables")
    with open(os.path.join(out, "shapes", f"{shape}.stats"), "w", encoding="utf-8") as handle:
        handle.write(stats + "\n")
    corpus.log(f"{shape}: {stats}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--bytes", type=int, required=True)
    parser.add_argument("--max-file-bytes", type=int, required=True)
    parser.add_argument("roots", nargs="+")
    args = parser.parse_args(argv)
    exclude = os.path.abspath(args.out)
    paths, _ = corpus.find_markdown(args.roots, args.max_file_bytes, exclude)
    sources = [data for data in (corpus.read_text(path) for path in paths) if data is not None]
    for shape in SHAPES:
        build(args.out, shape, sources, args.bytes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
