# vgdl -- the only build file.
#   make            bin/vgdl, build/libvgdl.a, and the library shared (build/BUILD/libvgdl.so) with
#                   the Python package's native module (build/BUILD/python/)   (BUILD=release|debug|asan)
#   make test       every test (cmocka, and the Python package's), also the GVGAI trace replays; the programs run side by side
#                   (JOBS=N at once, default the number of cores), each one's time printed, the slowest
#                   listed at the end, then the totals line (tests/run.sh)
#   make test-quick the inner loop: every test but the whole-collection and end-to-end programs
#                   (GVGAI's corpus, the level solver against BFS on generated maps, batch runs with
#                   Slurm and GNU parallel, the documents' examples), about 40% of make test's CPU time
#   make test-asan  the same tests under -fsanitize=address,undefined (gcc)
#   make test BUILD=clang   ... under clang's ASan and UBSan (float-to-int casts checked too)
#   make test-slow  every test, also the slow ones (Bait level 3 solved and proven shortest)
#   make bench      speed figures (forward model, agents)
#   make bench-gvgai GVGAI's forward model and vgdl's side by side on every one-player game
#                   (GVGAI_HARNESS=DIR a built harness, GAMES="a b" a few, RUNS=3: docs/speed.md)
#   make bench-gvgai2p the same on every two-player game (gvgai/2player/)
#   make bench-solve 'vgdl solve' on Bait and GVGAI's puzzle levels: time, states, memory, next to GVGAI's BFS
#   make bench-generate 'vgdl generate': Sokoban's and Bait's levels in time, yield, variety, action games' agent gap
#   make corpus     GVGAI's collection against GVGAI's recorded traces: per game and level, exact or why not
#   make fuzz       the libFuzzer harnesses (clang); make fuzz-run FUZZ_SECONDS=N runs each N seconds
#   make check      warnings as errors; lua.h only under engine/lua/, engine-internal headers only in engine/,
#                   no vg_play/vg_advance/vg_state_copy in agents/ but through agent.h's fm, no vg_type_find in agents/,
#                   no effect kind (EFF_*) in bound*.c (the proofs read flags),
#                   no file over 800 lines nor function over 100 in engine/ agents/ tools/ (tests/limits.sh);
#                   tools/: one prefix a header, no 'why' buffers, no include or call cycle (tests/modules.py)
#                   every C file laid out as .clang-format says (make format-check)
#   make check-rules the same rules without the debug build
#   make format     lays the C sources out as .clang-format says; make format-check names those that differ
#   make deps       install the Debian packages the project needs (root)

BUILD   ?= release
CC      ?= cc
ifneq ($(filter clang fuzz,$(BUILD)),)
CC      := clang
endif
PKGS    := lua5.4 inih libpng
CWARNS  := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wpointer-arith \
           -Wformat=2 -Wno-format-truncation -Wundef -Wvla -Wcast-align -Wwrite-strings -Werror
CWARNS  += $(if $(findstring clang,$(CC)),-Wno-unknown-warning-option)
CFLAGS_release := -O2 -g
CFLAGS_debug   := -O0 -g3
CFLAGS_asan    := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
CFLAGS_clang   := -O1 -g -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer -fno-sanitize-recover=all
CFLAGS_fuzz    := -O1 -g -fsanitize=fuzzer-no-link,address,undefined,float-cast-overflow -fno-omit-frame-pointer \
                  -fno-sanitize-recover=all -DVG_FUZZING
CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L -fPIC -fno-semantic-interposition $(CFLAGS_$(BUILD)) $(CWARNS) -Iengine -Iagents \
           $(shell pkg-config --cflags $(PKGS) 2>/dev/null) $(shell pkg-config --cflags cmocka json-c zlib 2>/dev/null)
LDFLAGS_asan := -fsanitize=address,undefined
LDFLAGS_clang := -fsanitize=address,undefined,float-cast-overflow
LDLIBS  := $(shell pkg-config --libs lua5.4 inih libpng 2>/dev/null) -lgif -lm
TESTLIBS := $(shell pkg-config --libs cmocka json-c zlib 2>/dev/null)

OUT     := build/$(BUILD)
ENGINE  := $(wildcard engine/*.c engine/lua/*.c engine/gvgai/*.c)
AGENTS  := $(wildcard agents/*.c)
TOOLS   := $(wildcard tools/*/*.c)
LIBOBJ  := $(patsubst %.c,$(OUT)/%.o,$(ENGINE) $(AGENTS))
TOOLOBJ := $(patsubst %.c,$(OUT)/%.o,$(filter-out tools/cli/vgdl.c,$(TOOLS)))
TESTSRC := $(filter-out tests/fuzz/%,$(wildcard tests/*.c tests/*/*.c tests/*/*/*.c))
FUZZERS := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
TESTS   := $(patsubst tests/%.c,$(OUT)/tests/%,$(filter-out tests/support.c,$(TESTSRC))) \
           $(patsubst %,$(OUT)/tests/fuzz/replay_%,$(FUZZERS))

BIN := bin/vgdl
ifneq ($(BUILD),release)
BIN := $(OUT)/vgdl
endif

# Python: Debian's python3 (not whatever comes first on PATH), the package in python/vgdl/ and its
# native module, made by cffi (python/build_native.py) and linked to libvgdl.so.
PYTHON  ?= /usr/bin/python3
PYEXT   := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
PYINC   := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
NATIVE  := $(OUT)/python/_native$(PYEXT)
TESTS   += $(if $(filter fuzz,$(BUILD)),,tests/python/run.sh)
export VGDL_BUILD := $(BUILD)
export PYTHON

.PHONY: all test test-quick run-tests test-deps test-asan test-slow bench bench-solve bench-generate corpus check check-rules format format-check deps clean fuzz fuzz-run
all: $(BIN) build/libvgdl.a $(OUT)/libvgdl.so $(NATIVE)

# The tools' rooms (cli/, batch/, picture/, generate/) see each other's headers.
$(OUT)/tools/%.o: CFLAGS += -Itools/cli -Itools/batch -Itools/picture -Itools/generate

$(OUT)/%.o: %.c $(wildcard engine/*.h engine/*/*.h agents/*.h tools/*/*.h tests/*.h)
	@mkdir -p $(dir $@)
	@echo "CC $<"
	@$(CC) $(CFLAGS) -c $< -o $@

$(OUT)/libvgdl.a: $(LIBOBJ)
	@rm -f $@
	@ar rcs $@ $^

build/libvgdl.a: $(OUT)/libvgdl.a
	@cp $< $@

# The tools but their main(), for the fuzz harnesses of pictures and reports and the batch library's tests.
$(OUT)/libtools.a: $(TOOLOBJ)
	@rm -f $@
	@ar rcs $@ $^

# Calls inside the library bind inside it (-Bsymbolic): as fast as the static library.
$(OUT)/libvgdl.so: $(LIBOBJ)
	@echo "LD $@"
	@$(CC) -shared -Wl,-Bsymbolic $(LDFLAGS_$(BUILD)) -o $@ $^ $(LDLIBS)

$(OUT)/python/_native.c: python/build_native.py engine/vgdl.h agents/agent.h
	@mkdir -p $(dir $@)
	@echo "CFFI $@"
	@$(PYTHON) python/build_native.py $@

# cffi's generated C is compiled without the project's warnings (it is not ours to fix).
$(NATIVE): $(OUT)/python/_native.c $(OUT)/libvgdl.so
	@echo "CC $@"
	@$(CC) -shared -fPIC $(CFLAGS_$(BUILD)) -Iengine -Iagents -I$(PYINC) $(LDFLAGS_$(BUILD)) -o $@ $< \
	  -L$(OUT) -lvgdl -Wl,-rpath,'$$ORIGIN/..'

$(BIN): $(patsubst %.c,$(OUT)/%.o,$(TOOLS)) $(OUT)/libvgdl.a
	@mkdir -p $(dir $@)
	@echo "LD $@"
	@$(CC) $(LDFLAGS_$(BUILD)) -o $@ $^ $(LDLIBS)

$(OUT)/tests/%: tests/%.c tests/support.c $(OUT)/libvgdl.a tests/support.h $(wildcard tests/*/*.h)
	@mkdir -p $(dir $@)
	@echo "CC $<"
	@$(CC) $(CFLAGS) -Itests $(LDFLAGS_$(BUILD)) -o $@ $< tests/support.c $(OUT)/libvgdl.a $(LDLIBS) $(TESTLIBS)

# The batch library's own tests (tests/batch/) link the tools' modules they need (libtools.a).
$(OUT)/tests/batch/test_%: tests/batch/test_%.c tests/support.c $(OUT)/libtools.a $(OUT)/libvgdl.a tests/support.h \
                           $(wildcard tools/*/*.h)
	@mkdir -p $(dir $@)
	@echo "CC $<"
	@$(CC) $(CFLAGS) -Itests -Itools/cli -Itools/batch -Itools/picture $(LDFLAGS_$(BUILD)) -o $@ $< tests/support.c \
	  $(OUT)/libtools.a $(OUT)/libvgdl.a $(LDLIBS) $(TESTLIBS)

# A fuzz harness replayed on its regression inputs (tests/fuzz/regress/NAME/), as a test.
$(OUT)/tests/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.c tests/fuzz/fuzz.h tests/support.c $(OUT)/libtools.a $(OUT)/libvgdl.a
	@mkdir -p $(dir $@)
	@echo "CC $<"
	@$(CC) $(CFLAGS) -Itests -Itools/cli -Itools/batch -Itools/picture -DFUZZ_NAME=$* $(LDFLAGS_$(BUILD)) -o $@ $< \
	  tests/fuzz/replay.c tests/fuzz/fuzz.c tests/support.c $(OUT)/libtools.a $(OUT)/libvgdl.a $(LDLIBS) $(TESTLIBS)

# The fuzzers themselves: clang's libFuzzer with ASan and UBSan (BUILD=fuzz).
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.c tests/fuzz/fuzz.h $(OUT)/libtools.a $(OUT)/libvgdl.a
	@mkdir -p $(dir $@)
	@echo "LD $@"
	@$(CC) $(CFLAGS) -Itools/cli -Itools/batch -Itools/picture -fsanitize=fuzzer,address,undefined -o $@ $< tests/fuzz/fuzz.c \
	  $(OUT)/libtools.a $(OUT)/libvgdl.a $(LDLIBS)

test: test-deps
	@$(MAKE) --no-print-directory run-tests

# The slow programs made of many cases run as N shards side by side (tests/run.sh's PROGRAM:N).
SHARDS_test_corpus := 4
SHARDS_test_solve_differential := 2
JOBS    ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
run-tests: $(TESTS) $(BIN) $(NATIVE)
	@tests/run.sh -j $(JOBS) -t $(OUT)/test-times $(foreach t,$(TESTS),$t$(if $(SHARDS_$(notdir $t)),:$(SHARDS_$(notdir $t))))

QUICK_SKIP := engine/gvgai/test_corpus agents/test_solve_differential batch/test_batch docs/test_docs
test-quick: test-deps
	@$(MAKE) --no-print-directory run-tests TESTS="$(filter-out $(QUICK_SKIP:%=$(OUT)/tests/%),$(TESTS))"

# The packages only the tests need: installed by ./setup --test-deps (root),
# checked here so that a missing one is named, not a compile error.
test-deps:
	@./setup --test-deps

test-asan:
	$(MAKE) BUILD=asan test

test-slow:
	VGDL_SLOW=1 $(MAKE) test

corpus: $(OUT)/tests/engine/gvgai/test_corpus
	@$< --report

bench: all
	@tests/bench.sh

bench-gvgai: all
	@tests/bench_gvgai.sh $(GAMES)

bench-gvgai2p: all
	@PLAYERS=2 tests/bench_gvgai.sh $(GAMES)

bench-solve: all
	@tests/bench_solve.sh

bench-generate: all
	@tests/bench_generate.sh

ENGINE_HEADERS := $(filter-out vgdl.h,$(notdir $(wildcard engine/*.h engine/gvgai/*.h)))
check: check-rules
	$(MAKE) clean all test BUILD=debug

# The layering and size rules alone, without the debug build.
check-rules:
	@! grep -rn --include='*.[ch]' '#include *[<"]l\(ua\|auxlib\|ualib\)' engine agents tools | grep -v '^engine/lua/' \
	  || { echo "check: Lua's headers included outside engine/lua/ (above); only the Lua layer names the guest language"; exit 1; }
	@! grep -rnE --include='*.[ch]' '#include *"(.*/)?($(subst .,\.,$(subst $(eval) ,|,$(ENGINE_HEADERS))))"' agents tools tests \
	  | grep -v '^tests/engine/' || { echo "check: engine-internal headers included outside engine/ and tests/engine/ (above); include vgdl.h"; exit 1; }
	@! grep -nE '\<(vg_play|vg_advance|vg_state_copy) *\(' agents/*.[ch] | grep -v '^agents/agent\.h:' \
	  || { echo "check: agents reach the forward model only through agent.h's fm (fm_play, fm_advance, fm_copy), not as above"; exit 1; }
	@! grep -nE '\<(vg_legal|vg_outcomes|vg_heuristic|vg_evaluate|vg_bound)\(' agents/*.[ch] | grep -v '^agents/fm\.c:' \
	  || { echo "check: agents run the game's script only through the fm (fm_legal, fm_moves, fm_heuristic, ...: it opens the decision's script window), not as above"; exit 1; }
	@! grep -n 'vg_type_find' agents/*.[ch] \
	  || { echo "check: agents look no sprite type up by name (above): game knowledge is the game's (bound(state), vg_bound)"; exit 1; }
	@! grep -n 'EFF_[A-Za-z]' engine/bound*.c \
	  || { echo "check: the level solver's proofs read effect flags (effect.h's FX_*), never an effect's kind (above)"; exit 1; }
	@tests/limits.sh --check
	@python3 tests/modules.py tools
	@$(MAKE) --no-print-directory format-check

fuzz:
	@$(MAKE) --no-print-directory BUILD=fuzz $(patsubst %,build/fuzz/fuzz_%,$(FUZZERS))

# Each fuzzer for FUZZ_SECONDS (default 60); what it finds lands in build/fuzz/crashes/.
fuzz-run: fuzz
	@tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZERS)

# The C sources' layout (.clang-format): format rewrites them, format-check names those that differ.
C_SOURCES = $(wildcard engine/*.[ch] engine/*/*.[ch] agents/*.[ch] tools/*/*.[ch] tests/*.[ch] tests/*/*.[ch] tests/*/*/*.[ch])
format: test-deps
	@clang-format -i $(C_SOURCES)

format-check: test-deps
	@clang-format --dry-run $(C_SOURCES) 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u \
	  | sed 's/$$/: not laid out as .clang-format says (make format)/' | { ! grep . ; }

deps:
	@./setup --deps-only

clean:
	rm -rf build bin
