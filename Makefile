# Regal: Scheme to C compiler with a region runtime.
#   make            the compiler (build/regal) and the runtime libraries
#   make example    install what is missing, build, compile an example and run it
#   make test       install what is missing, build, and run every test suite
#   make bench-report  one run of every benchmark at this commit: the whole of
#                   BENCHMARK_RESULTS_TYPED_CODEGEN.md regenerated (make bench is the same)
# Settings: CC (clang), OPT (-O2), and REGION_UPSTREAM, where the region allocator's chunks come
# from: gc (the default) is the collector's uncollectable memory, which it scans; malloc and
# mimalloc hide region memory from the collector, so the collected heap is never collected
# (for measuring the allocator only). LIT and FILECHECK: LLVM's tools, found below.
CC       ?= clang
ifeq ($(origin CC),default)
CC       := clang
endif
OPT      ?= -O2
WARN     := -Wall -Wextra -Werror -Wno-unused-parameter
CSTD     := -std=gnu11
B        := build
REGION_UPSTREAM ?= gc

ifeq ($(origin ALLOCATOR),command line)
$(error ALLOCATOR is now REGION_UPSTREAM=gc|malloc|mimalloc (the regions' upstream))
endif
UPSTREAM_DEFS_gc       :=
UPSTREAM_DEFS_malloc   := -DRT_USE_MALLOC
UPSTREAM_DEFS_mimalloc := -DRT_USE_MIMALLOC
ifeq ($(filter gc malloc mimalloc,$(REGION_UPSTREAM)),)
$(error REGION_UPSTREAM=$(REGION_UPSTREAM): use gc, malloc or mimalloc)
endif
RT_DEFS  := $(UPSTREAM_DEFS_$(REGION_UPSTREAM))
RT_LIBS  := $(strip -lgc -lgmp -lutf8proc -lm -lpthread $(if $(filter mimalloc,$(REGION_UPSTREAM)),-lmimalloc))
SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

RT_SRCS  := $(wildcard runtime/*.c)
RT_OBJS  := $(RT_SRCS:runtime/%.c=$(B)/rt/%.o)
RT_SOBJS := $(RT_SRCS:runtime/%.c=$(B)/rt-san/%.o)
RT_TOBJS := $(RT_SRCS:runtime/%.c=$(B)/rt-tsan/%.o)
CC_SRCS  := $(filter-out compiler/lexer.c,$(wildcard compiler/*.c))
# runtime/numsyntax.c, the number syntax, is compiled into the compiler too (the lexer's numbers)
CC_OBJS  := $(CC_SRCS:compiler/%.c=$(B)/cc/%.o) $(B)/cc/lexer.o $(B)/cc/prelude_text.o $(B)/cc/numsyntax.o
# compiler/prelude.scm as a C string (prelude_text), compiled into the compiler
EMBED_PRELUDE = { echo '/* generated from compiler/prelude.scm: do not edit */'; \
                  echo 'const char prelude_text[] ='; \
                  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$$/\\n"/' $<; \
                  echo ';'; } > $@
UNIT_SRCS := $(wildcard tests/unit/*.c)

ABS      := $(abspath .)
CC_DEFS  := -DREGAL_INCLUDE_DIR='"$(ABS)/runtime"' -DREGAL_LIB_DIR='"$(ABS)/$(B)"' \
            -DREGAL_LIBRARY_DIR='"$(ABS)/lib"' \
            -DREGAL_RT_LIBS='"$(RT_LIBS)"' -DREGAL_VERSION='"0.1.0"'

# make install: PREFIX (default /usr/local), DESTDIR (a staging root). The installed compiler
# finds its runtime beside itself (PREFIX/bin/regal -> PREFIX/include/regal, PREFIX/lib/regal,
# PREFIX/share/regal/lib: compiler/driver.c, "where the runtime is"); its built-in fallback is
# PREFIX, never this build tree (only driver.c differs from build/regal).
PREFIX   ?= /usr/local
INSTALL_DEFS := -DREGAL_INCLUDE_DIR='"$(PREFIX)/include/regal"' -DREGAL_LIB_DIR='"$(PREFIX)/lib/regal"' \
            -DREGAL_LIBRARY_DIR='"$(PREFIX)/share/regal/lib"' \
            -DREGAL_RT_LIBS='"$(RT_LIBS)"' -DREGAL_VERSION='"0.1.0"'

# LLVM's lit and FileCheck (test-codegen): on PATH (lit or llvm-lit; FileCheck), else in the
# newest /usr/lib/llvm-N that has them (Debian's llvm-N-tools); LIT=... FILECHECK=... override.
llvm_tool = $(firstword $(foreach n,$(1),$(shell command -v $(n) 2>/dev/null)) \
                        $(lastword $(shell ls -d /usr/lib/llvm-*/$(2) 2>/dev/null | sort -V)))
ifndef LIT
LIT := $(call llvm_tool,lit llvm-lit,build/utils/lit/lit.py)
endif
ifndef FILECHECK
FILECHECK := $(call llvm_tool,FileCheck,bin/FileCheck)
endif

.PHONY: test-tsan
# The thread tests (tests/run/srfi-18-*, tasks-*) under ThreadSanitizer, the runtime built with
# it too; collections off (GC_DONT_GC: under TSan the collector's stop-the-world signals wait
# for an intercepted call, which a computing thread may never make). tests/tsan.sh.
test-tsan: all $(B)/libregal-tsan.a
	B=$(B) tests/tsan.sh

.PHONY: all deps example test test-layers test-unit test-repl test-run test-run-ctor test-run-san test-run-no-nursery test-robust test-errors test-io test-sepcomp test-tsan test-debug test-ffi test-install test-codegen test-dump test-memory test-stats test-report region-stats bench bench-report clean FORCE
all: $(B)/regal $(B)/libregal.a $(B)/libregal-san.a $(B)/libregal-eval.a $(B)/libregal-eval-san.a \
     $(B)/regal-repl

# The settings compiled into the runtime and the driver (RT_DEFS, RT_LIBS): a change to them
# rebuilds what they are compiled into.
$(B)/rt-config: FORCE | $(B)
	@echo '$(RT_DEFS) $(RT_LIBS)' | cmp -s - $@ || echo '$(RT_DEFS) $(RT_LIBS)' > $@

deps:
	@scripts/deps.sh

# ---- runtime -------------------------------------------------------------------------------
$(B)/rt/%.o: runtime/%.c runtime/*.h runtime/prims.def runtime/features.def $(B)/rt-config | $(B)/rt
	$(CC) $(CSTD) $(OPT) -g $(WARN) $(RT_DEFS) -c $< -o $@
$(B)/rt-san/%.o: runtime/%.c runtime/*.h runtime/prims.def runtime/features.def $(B)/rt-config | $(B)/rt-san
	$(CC) $(CSTD) -O1 -g $(WARN) $(SAN) -DRT_ASAN $(RT_DEFS) -c $< -o $@
$(B)/rt-tsan/%.o: runtime/%.c runtime/*.h runtime/prims.def $(B)/rt-config | $(B)/rt-tsan
	$(CC) $(CSTD) -O1 -g $(WARN) -fsanitize=thread $(RT_DEFS) -c $< -o $@
$(B)/libregal-tsan.a: $(RT_TOBJS)
	rm -f $@ && ar rcs $@ $^
$(B)/libregal.a: $(RT_OBJS)
	rm -f $@ && ar rcs $@ $^
$(B)/libregal-san.a: $(RT_SOBJS)
	rm -f $@ && ar rcs $@ $^

# ---- compiler ------------------------------------------------------------------------------
$(B)/cc/lexer.c: compiler/lexer.re | $(B)/cc
	re2c -W --utf8 --input-encoding utf8 -o $@ $<
$(B)/cc/lexer.o: $(B)/cc/lexer.c compiler/*.h runtime/regal.h runtime/numsyntax.h
	$(CC) $(CSTD) $(OPT) -g $(WARN) -Wno-unused-label -Icompiler -Iruntime -c $< -o $@
$(B)/cc/numsyntax.o: runtime/numsyntax.c runtime/numsyntax.h | $(B)/cc
	$(CC) $(CSTD) $(OPT) -g $(WARN) -c $< -o $@
$(B)/cc/prelude_text.c: compiler/prelude.scm | $(B)/cc
	$(EMBED_PRELUDE)
$(B)/cc/prelude_text.o: $(B)/cc/prelude_text.c
	$(CC) $(CSTD) $(OPT) $(WARN) -c $< -o $@
$(B)/cc/%.o: compiler/%.c compiler/*.h runtime/regal.h runtime/prims.def runtime/features.def | $(B)/cc
	$(CC) $(CSTD) $(OPT) -g $(WARN) $(CC_DEFS) -Iruntime -c $< -o $@
# driver.c links programs with $(RT_LIBS) (REGAL_RT_LIBS): rebuild it when they change.
$(B)/cc/driver.o $(B)/cc-san/driver.o: Makefile $(B)/rt-config
$(B)/regal: $(CC_OBJS)
	$(CC) $(OPT) -g $^ -lgmp -lutf8proc -lm -o $@

# ---- install ---------------------------------------------------------------------------------
#   make install PREFIX=/usr/local DESTDIR=/tmp/stage   bin/regal (stripped), lib/regal/libregal*.a
#   and regal-repl (what `regal repl` runs),
#   include/regal/{regal.h,prims.def}, share/regal/lib/ (the installed libraries, lib/ here),
#   share/man/man1/regal.1;  make uninstall  removes them
.PHONY: install uninstall
$(B)/install/defs: FORCE | $(B)/install
	@echo '$(INSTALL_DEFS)' | cmp -s - $@ || echo '$(INSTALL_DEFS)' > $@
$(B)/install/driver.o: compiler/driver.c compiler/*.h runtime/regal.h $(B)/install/defs
	$(CC) $(CSTD) $(OPT) $(WARN) $(INSTALL_DEFS) -Iruntime -c $< -o $@
$(B)/install/regal: $(filter-out $(B)/cc/driver.o,$(CC_OBJS)) $(B)/install/driver.o
	$(CC) $(OPT) $^ -lgmp -lutf8proc -lm -o $@
$(B)/install:
	mkdir -p $@
install: all $(B)/install/regal
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/regal $(DESTDIR)$(PREFIX)/include/regal \
	    $(DESTDIR)$(PREFIX)/share/regal/lib $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 -s $(B)/install/regal $(DESTDIR)$(PREFIX)/bin/regal
	install -m 644 $(B)/libregal.a $(B)/libregal-san.a $(B)/libregal-eval.a $(B)/libregal-eval-san.a \
	    $(DESTDIR)$(PREFIX)/lib/regal/
	install -m 755 -s $(B)/regal-repl $(DESTDIR)$(PREFIX)/lib/regal/regal-repl
	install -m 644 runtime/regal.h runtime/prims.def $(DESTDIR)$(PREFIX)/include/regal/
	cp -R lib/. $(DESTDIR)$(PREFIX)/share/regal/lib/
	install -m 644 doc/regal.1 $(DESTDIR)$(PREFIX)/share/man/man1/regal.1
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/regal $(DESTDIR)$(PREFIX)/share/man/man1/regal.1
	rm -rf $(DESTDIR)$(PREFIX)/lib/regal $(DESTDIR)$(PREFIX)/include/regal $(DESTDIR)$(PREFIX)/share/regal

# ---- the evaluator (eval/): eval, environments, load and the REPL ----------------------------
# libregal-eval.a: the interpreter and the compiler's front end (reader, expander, libraries),
# linked (before libregal.a) only into programs that refer to eval, load or an environment;
# build/regal-repl is the program `regal repl` runs. GNU readline gives the REPL line editing
# when its header is installed (Debian: libreadline-dev); without it the REPL reads plain lines.
EV_FRONT := reader lexer datum sym util expand derive macro scope library interface prims ffi prelude_text
EV_OBJS  := $(B)/ev/eval.o $(B)/ev/repl.o
EV_SOBJS := $(B)/ev-san/eval.o $(B)/ev-san/repl.o
READLINE := $(if $(wildcard /usr/include/readline/readline.h),-DEV_READLINE)
READLINE_LIBS := $(if $(READLINE),-lreadline)
$(B)/ev/%.o: eval/%.c eval/*.h compiler/*.h runtime/*.h runtime/prims.def $(B)/rt-config | $(B)/ev
	$(CC) $(CSTD) $(OPT) -g $(WARN) $(RT_DEFS) $(CC_DEFS) $(READLINE) -Icompiler -Iruntime -c $< -o $@
$(B)/ev-san/%.o: eval/%.c eval/*.h compiler/*.h runtime/*.h runtime/prims.def $(B)/rt-config | $(B)/ev-san
	$(CC) $(CSTD) -O1 -g $(WARN) $(SAN) -DRT_ASAN $(RT_DEFS) $(CC_DEFS) $(READLINE) -Icompiler -Iruntime -c $< -o $@
$(B)/libregal-eval.a: $(EV_OBJS) $(EV_FRONT:%=$(B)/cc/%.o)
	rm -f $@ && ar rcs $@ $^
$(B)/libregal-eval-san.a: $(EV_SOBJS) $(EV_FRONT:%=$(B)/cc-san/%.o)
	rm -f $@ && ar rcs $@ $^
$(B)/regal-repl: $(B)/ev/repl_main.o $(B)/libregal-eval.a $(B)/libregal.a
	$(CC) $(OPT) -g $^ $(RT_LIBS) $(READLINE_LIBS) -o $@

# the compiler built with ASan and UBSan, for tests/robust.sh
CC_SOBJS := $(CC_OBJS:$(B)/cc/%=$(B)/cc-san/%)
$(B)/cc-san/lexer.o: $(B)/cc/lexer.c compiler/*.h runtime/regal.h | $(B)/cc-san
	$(CC) $(CSTD) -O1 -g $(WARN) $(SAN) -Wno-unused-label -Icompiler -Iruntime -c $< -o $@
$(B)/cc-san/numsyntax.o: runtime/numsyntax.c runtime/numsyntax.h | $(B)/cc-san
	$(CC) $(CSTD) -O1 -g $(WARN) $(SAN) -c $< -o $@
$(B)/cc-san/prelude_text.o: $(B)/cc/prelude_text.c | $(B)/cc-san
	$(CC) $(CSTD) -O1 $(WARN) $(SAN) -c $< -o $@
$(B)/cc-san/%.o: compiler/%.c compiler/*.h runtime/regal.h runtime/prims.def runtime/features.def | $(B)/cc-san
	$(CC) $(CSTD) -O1 -g $(WARN) $(SAN) $(CC_DEFS) -Iruntime -c $< -o $@
$(B)/regal-san: $(CC_SOBJS)
	$(CC) $(SAN) -g $^ -lgmp -lutf8proc -lm -o $@

$(B) $(B)/rt $(B)/rt-san $(B)/rt-tsan $(B)/cc $(B)/cc-san $(B)/ev $(B)/ev-san:
	mkdir -p $@

# ---- example, tests, benchmarks --------------------------------------------------------------
example: deps all
	$(B)/regal examples/nqueens.scm -o $(B)/nqueens && $(B)/nqueens

$(B)/unit_tests: $(UNIT_SRCS) $(B)/libregal-san.a
	$(CC) $(CSTD) -O1 -g $(WARN) $(SAN) -DRT_ASAN -Iruntime $(UNIT_SRCS) $(B)/libregal-san.a \
	    -lcriterion $(RT_LIBS) -o $@

# make test: every suite; the generated C must compile with -Wall -Wextra -Werror, and the
# end-to-end programs also run with AddressSanitizer and UBSan on the runtime and generated code.
test: deps all
	$(MAKE) -j1 test-layers test-unit test-codegen test-dump test-errors test-io test-sepcomp test-repl test-debug test-ffi \
	    test-install test-stats test-robust test-memory test-run test-run-ctor test-run-san test-run-no-nursery test-tsan conformance \
	    test-r7rs-suite test-diff test-report
	@echo "all test suites passed"

# the runtime's layers (runtime/rtlib.h, "Architecture") against its object files: no call up,
# no circle but error.c with call.c (scripts/layers.py prints the graph)
test-layers: $(RT_OBJS)
	scripts/layers.py --objs $(B)/rt

test-unit: $(B)/unit_tests
	ASAN_OPTIONS=detect_leaks=1 $(B)/unit_tests --jobs 2

test-run: all
	B=$(B) REGAL_TEST_FLAGS="-Wall -Wextra -Werror" tests/run.sh

test-robust: all $(B)/regal-san
	B=$(B) tests/robust.sh

# the constructor codegen (--alloc=constructors) must give the same output as typed allocation
test-run-ctor: all
	B=$(B) REGAL_TEST_FLAGS="--alloc=constructors -Wall -Wextra -Werror" REGAL_TEST_LEVELS=-O2 \
	    tests/run.sh

# AddressSanitizer with region poisoning (runtime/regal.h R5) and --check-regions: every store
# and every return checked against R4 (no object points into a younger region)
# TIMEOUT: a sanitized compile of a program importing a large library (lib/srfi/13.sld, 1)
# takes 7 s of CPU, past the default 30 s of wall clock on a loaded machine
# Without the nursery (-fno-nursery; runtime/nursery.c is on by default): every program of
# tests/run allocating its collected-heap objects in libgc directly, as programs linking
# separately compiled libraries do (the nursery's own tests, -fnursery in their COMPILE-FLAGS,
# are left out: tests/harness.py).
test-run-no-nursery: all
	B=$(B) REGAL_TEST_FLAGS="-fno-nursery -Wall -Wextra -Werror" REGAL_TEST_LEVELS=-O2 tests/run.sh

test-run-san: all
	B=$(B) REGAL_TEST_FLAGS="-fsanitize=address,undefined -g --check-regions -Wall -Wextra -Werror" \
	    REGAL_TEST_LEVELS=-O1 TIMEOUT=120 tests/run.sh

test-errors: all
	B=$(B) tests/errors.sh

# write errors (/dev/full, closed stdout, EPIPE), signals and temporary files, -o naming an
# input: the cases that need shell set-up (issue 21)
test-io: all
	B=$(B) tests/io.sh

# separate compilation: a program and its libraries whole and compiled separately (regal -c,
# then linked) with the same output, make -j2 on a project of libraries, stale interfaces
test-sepcomp: all
	B=$(B) tests/sepcomp.sh
# gdb at the Scheme lines of a -g program; the backtrace's REGAL_BACKTRACE and a stripped
# executable (issue 17 item 5)
test-debug: all
	B=$(B) tests/debug.sh

# make install into a staging directory, then the staged compiler, moved, compiles and runs a
# program with the build tree out of reach (hidden by a mount namespace when unshare allows);
# --help and regal.1 document every option and environment variable (tests/install.sh)
test-install: all
	B=$(B) tests/install.sh

# foreign procedures with a user's C file: as .c, .o, -L/-l library, --run (tests/ffi.sh)
test-ffi: all
	B=$(B) tests/ffi.sh

# the REPL through a pipe (against Chez's scheme -q too) and through a pseudo-terminal
test-repl: all
	B=$(B) tests/repl.sh

# REGAL_STATS=json and =1 against the keys and labels documented in runtime/regal.h
test-stats: all
	B=$(B) tests/stats_test.py

# memory and time checked, not only output (issue 7): flat loops, linear list building,
# binary-trees against the C arena (tests/memory.sh prints the figures)
test-memory: all
	B=$(B) tests/memory.sh

# where the bytes go: REGAL_STATS=json of every benchmark and example, as a markdown table
# (printed, and in $(B)/region-stats/; the report takes it from `make bench-report`)
region-stats: all
	B=$(B) benchmarks/stats.py --csv $(B)/region-stats/region-stats.csv \
	    --md $(B)/region-stats/region-stats.md

# FileCheck tests of the generated C; a test marked RUN-INVERSE must also FAIL with --no-types
# (tests/codegen/lit.cfg.py), so no test of an inference effect passes vacuously
test-codegen: all
	$(if $(LIT),,$(error no lit (LLVM's test runner) on PATH or in /usr/lib/llvm-*/build/utils/lit: install llvm-N-tools (scripts/deps.sh) or set LIT))
	$(if $(FILECHECK),,$(error no FileCheck on PATH or in /usr/lib/llvm-*/bin: install llvm-N-tools (scripts/deps.sh) or set FILECHECK))
	B=$(B) FILECHECK=$(FILECHECK) $(LIT) -sv tests/codegen

# golden tests of --dump (tests/dump), with a driver of dump.c's annotation hooks
$(B)/dump_hooks: tests/dump/dump_hooks.c $(filter-out $(B)/cc/main.o,$(CC_OBJS))
	$(CC) $(CSTD) $(OPT) -g $(WARN) -Icompiler -Iruntime $^ -lgmp -lutf8proc -lm -o $@
test-dump: all $(B)/dump_hooks
	$(if $(LIT),,$(error no lit (LLVM's test runner): install llvm-N-tools (scripts/deps.sh) or set LIT))
	B=$(B) FILECHECK=$(FILECHECK) $(LIT) -sv tests/dump

# the benchmark report is exactly what its committed run gives, and a failed step leaves its
# section saying so (tests/report.sh; measures nothing)
test-report:
	B=$(B) tests/report.sh

# ---- the benchmark report (issue 19) ---------------------------------------------------------
#   make bench-report   every benchmark once, at this commit, and the whole report written from
#                       that run: BENCHMARK_RESULTS_TYPED_CODEGEN.md, runtime/bench/results/
#                       (raw CSV, run.json with each step's command and time, plots).
#                       REGAL_BENCH_RUNS=N runs of each program (default 5), REGAL_BENCH_REPS=N
#                       repetitions of each micro-benchmark timing (default: each section's),
#                       REGAL_BENCH_NOTE="..." a remark at the top; fewer runs or repetitions
#                       mark the report as a trial (runtime/bench/report.py)
bench-report: deps all
	REGAL_BENCH_PEERS=1 scripts/deps.sh
	$(MAKE) -C runtime/bench B=$(abspath $(B)) binaries
	B=$(abspath $(B)) REGAL_BENCH_COMMAND="make bench-report" python3 runtime/bench/report.py run

bench: bench-report

clean:
	rm -rf $(B)

# ---- robustness: differential testing against Chez, fuzzing (issue 8) ---------------------
#   make difftest N=300          N generated programs against Chez at -O0 and -O2, shrinking
#                                mismatches into tests/diff/regressions/
#   make test-diff               200 fixed seeds (no shrinking), the saved regressions and
#                                the fuzzers' saved crash inputs
#   make fuzz FUZZ_SECONDS=60    each libFuzzer target for that long (fuzz/Makefile)
#   make fuzz-build              build them only ($(B)/fuzz/fuzz_reader, fuzz_frontend)
.PHONY: difftest test-diff fuzz fuzz-build
difftest: all
	B=$(B) tests/diff/difftest.py -n $(or $(N),300) --with-regressions

test-diff: all
	B=$(B) tests/diff/difftest.py -n 200 --size 8 --no-shrink --with-regressions
	B=$(B) fuzz/regressions/run.sh

# The fuzzers compile the compiler's sources with its own settings (CC_DEFS, through the
# environment: no second copy of them in fuzz/Makefile to drift, as REGAL_LIBRARY_DIR once did).
fuzz fuzz-build: export FZ_DEFS := $(CC_DEFS)
fuzz:
	$(MAKE) -f fuzz/Makefile B=$(B) FUZZ_SECONDS=$(or $(FUZZ_SECONDS),60) fuzz
fuzz-build:
	$(MAKE) -f fuzz/Makefile B=$(B) fuzz-build

# ---- compiled programs against CHICKEN, Gambit and Chez Scheme (issue 9) ----------------------
#   make bench-programs   installs the peers (scripts/deps.sh), compiles benchmarks/*.scm with
#                         each, checks and times them (REGAL_BENCH_RUNS runs each, default 5);
#                         writes $(B)/bench-programs/programs.{csv,md,png}, not the report
#                         (benchmarks/run.py; `make bench-report` includes the same table)
.PHONY: bench-programs
bench-programs:
	REGAL_BENCH_PEERS=1 scripts/deps.sh
	$(MAKE) B=$(B) all
	benchmarks/run.py --regal $(B)/regal --build $(B)/bench-programs

# ---- compile time against program size (issue 21) --------------------------------------------
#   make bench-compile-time   generated programs of growing size (10^5 defines, a 10^4-element
#                             list call, 2,000 nested quasiquotes, ...) compiled by regal -O2 and
#                             by Chez's compile-program, median of 3; writes
#                             $(B)/compile-time/compile-time.{csv,md}, not the report
#                             (benchmarks/compile-time.py; `make bench-report` includes the table)
.PHONY: bench-compile-time
bench-compile-time: deps all
	B=$(B) benchmarks/compile-time.py --regal $(B)/regal --build $(B)/compile-time

# ---- conformance suite (issue 5): (test expected expr) forms by R7RS section ----------------
#   make conformance             per-section pass/fail table (tests/conformance/run.py)
#   make conformance CHEZ=1      the same files also run under Chez Scheme, counts side by side
.PHONY: conformance
conformance: all
	B=$(B) tests/conformance/run.py $(if $(CHEZ),--chez)

# ---- external suites ---------------------------------------------------------------------------
#   make test-r7rs-suite   chibi-scheme's R7RS test suite (tests/external/r7rs-tests.scm, vendored
#                          unchanged) at -O0 and -O2: pass/fail counts; fails on a failure not in
#                          tests/external/r7rs-expected-failures.txt (about 15 s)
.PHONY: test-r7rs-suite bench-external
test-r7rs-suite: all
	B=$(B) tests/external/run-r7rs-suite.py

#   make bench-external    ecraven's r7rs-benchmarks (benchmarks/external/, 57 programs) compiled by
#                          Regal and by Chez Scheme, each run once with its iteration count set to 1
#                          and its result checked (about 5 min). BENCH_TIME=N: then N alternating
#                          runs of each on the real inputs, median CPU times and Chez/Regal ratios
#                          in $(B)/bench-external/table.md (benchmarks/external/RESULTS.md). Not in
#                          make test.
bench-external: all
	B=$(B) benchmarks/external/run.py $(if $(BENCH_TIME),--time $(BENCH_TIME))
