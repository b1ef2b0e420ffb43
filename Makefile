# lowdiam: every figure from one command.
#   make figures   build .venv if needed, run every notebook headlessly (papermill), render the scorecard
#   make notebook NB=03 [PROFILE=paper] [PARAMS="-p seed 1"]   rerun one notebook (any papermill parameter)
#   make evaluate GRAPH=path [ENDPOINTS=radix/3] [PROFILE=quick] [OUT=evaluations/<graph>]   your network vs the papers'
#   make test      build .venv if needed, unit tests + nbval over the committed notebooks
#   make bench     benchmarks (distances, simulator, BookSim model vs BookSim2, scaling, ...); docs/benchmarks.md
#   make booksim   clone and build BookSim2 into .cache/booksim2 (make bench does this when $$BOOKSIM is unset)
#   make clean     remove generated caches (keeps .venv and committed figures); make distclean also .venv

SHELL      := /bin/bash
PYTHON     ?= $(shell command -v python3.11 || command -v python3)
VENV       := .venv
BIN        := $(VENV)/bin
STAMP      := $(VENV)/.lowdiam-installed
PROFILE    ?= quick
NOTEBOOKS  := $(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb))
export MPLBACKEND := Agg
export PYDEVD_DISABLE_FILE_VALIDATION := 1
# Imports write their .pyc files (once) even where the environment says not to (PYTHONDONTWRITEBYTECODE, set on
# the CI machine): .venv is installed without byte-compiling (below), so without .pyc files every process of a
# run (each test worker, notebook kernel and simulation process) compiled every module it imports from source
# again; importing the suite's usual modules took 16.9 CPU s that way and 10.4-11.2 with the .pyc files
unexport PYTHONDONTWRITEBYTECODE

.PHONY: all venv figures notebook evaluate scorecard test lint bench booksim clean distclean

all: figures

venv: $(STAMP)

# Re-install only when the dependency list changes; a second `make` is a no-op.
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	@# --no-compile: no byte-compiling of every installed file (about 20 s); imports compile what they use, once
	$(BIN)/python -m pip install --quiet --no-compile -e .
	@# rfc3987-syntax (jsonschema's optional IRI format checker, pulled in through jupyterlab's jupyter-events)
	@# builds a parser when imported: every process importing nbformat (pytest with nbval, papermill) spent
	@# about 5 CPU s on it (python-jsonschema/jsonschema#1392). jsonschema works without it, leaving "iri"
	@# formats unchecked; nothing here validates one. Measured: import nbval.plugin 6.2 -> 1.2 CPU s.
	$(BIN)/python -m pip uninstall --quiet --yes rfc3987-syntax
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (lowdiam)" > /dev/null
	@touch $@

# Each notebook is executed in place, then stripped of papermill's timestamps (tools/strip_notebook.py), so a
# rerun changes git only where outputs change. papermill's progress bar goes to stderr. The default profile
# (quick) is the notebooks' own parameter cell, so it is not injected: a committed quick run has no
# "injected-parameters" cell, while a paper run (or PARAMS) records what it injected.
PROFILE_ARG = $(if $(filter quick,$(PROFILE)),,-p profile $(PROFILE))
PAPERMILL = ../$(BIN)/papermill --log-level WARNING --progress-bar -k python3 $(PROFILE_ARG)

figures: $(STAMP)
	@mkdir -p figures/claims
	@set -e; for nb in $(NOTEBOOKS); do \
	  echo "== papermill $$nb (profile=$(PROFILE))" >&2; \
	  (cd notebooks && $(PAPERMILL) $(PARAMS) $$(basename $$nb) $$(basename $$nb)); \
	  $(BIN)/python tools/strip_notebook.py $$nb; \
	done
	$(MAKE) --no-print-directory scorecard

notebook: $(STAMP)
	@test -n "$(NB)" || { echo "usage: make notebook NB=03 [PROFILE=paper] [PARAMS='-p seed 1']" >&2; exit 2; }
	@nb=$$(ls notebooks/$(NB)*.ipynb 2>/dev/null | head -1); \
	test -n "$$nb" || { echo "no notebook matches notebooks/$(NB)*.ipynb" >&2; exit 2; }; \
	echo "== papermill $$nb (profile=$(PROFILE)) $(PARAMS)" >&2; \
	(cd notebooks && $(PAPERMILL) $(PARAMS) $$(basename $$nb) $$(basename $$nb)) && \
	$(BIN)/python tools/strip_notebook.py $$nb
	$(MAKE) --no-print-directory scorecard

# Notebook 08 on a graph of your own: the executed notebook and the summary (PNG, PDF, CSV) go to OUT, never to
# figures/ (lowdiam.studies.your_network.output_folder refuses it). ENDPOINTS: an integer or a rule (radix/3, balanced).
ENDPOINTS ?= radix/3
OUT       ?= evaluations/$(basename $(notdir $(GRAPH)))
evaluate: $(STAMP)
	@test -n "$(GRAPH)" || { echo "usage: make evaluate GRAPH=path/to/graph.edges [ENDPOINTS=2|radix/3] [PROFILE=quick|full] [OUT=dir] [PARAMS='-p seed 1']" >&2; exit 2; }
	@test -f "$(GRAPH)" || { echo "make evaluate: no file $(GRAPH) (GRAPH= an edge list, .anynet, .caminos or .graphml file)" >&2; exit 2; }
	@mkdir -p "$(OUT)"
	@echo "== papermill notebooks/08_your_network.ipynb on $(GRAPH) (endpoints=$(ENDPOINTS), profile=$(PROFILE)) -> $(OUT)/" >&2
	cd notebooks && ../$(BIN)/papermill --log-level WARNING --progress-bar -k python3 -p graph "$(abspath $(GRAPH))" \
	  -p endpoints "$(ENDPOINTS)" -p profile "$(PROFILE)" -p out "$(abspath $(OUT))" $(PARAMS) \
	  08_your_network.ipynb "$(abspath $(OUT))/08_your_network.ipynb"
	$(BIN)/python tools/strip_notebook.py "$(OUT)/08_your_network.ipynb"
	@echo "summary: $(OUT)/summary.png, summary.pdf, summary.csv" >&2

scorecard: $(STAMP)
	$(BIN)/python -m lowdiam.claims
	$(BIN)/python -m lowdiam.results index
	$(BIN)/python tools/gallery.py

# Notebook 00 is not run by nbval: tests/test_clean_rerun.py reruns it (papermill, strip, scorecard) in a fresh
# clone and checks that `git status` stays clean, which also fails if a cell fails.
NBVAL_NOTEBOOKS := $(filter-out notebooks/00_%,$(NOTEBOOKS))

# pytest-xdist runs the suite on every core (TEST_WORKERS=0: one process); --dist loadscope keeps each notebook's
# cells (and each test module) on one worker, and the notebooks come first so the longest (05) starts first.
TEST_WORKERS ?= auto
XDIST = $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadscope)
# The simulator kernels compile first, all four at once on every core (`python -m lowdiam.sim compile`, about
# 100 s on a cold cache, nothing when cached): in the suite a worker whose first simulation needed a model the
# other was compiling waited on its lock, a core idle for up to a minute and a half.
test: $(STAMP)
	$(BIN)/python -m lowdiam.sim compile
	$(BIN)/python -m pytest $(NBVAL_NOTEBOOKS) tests lib/lowdiam --doctest-modules --nbval-lax --nbval-current-env -p no:cacheprovider $(XDIST) --durations=25

lint: $(STAMP)
	$(BIN)/python -m ruff check lib tests benchmarks

# benchmarks/bench_booksim.py runs BookSim2 itself: $(BOOKSIM) (environment or `make bench BOOKSIM=path`), else the
# copy `make booksim` clones and builds under .cache/ at the commit benchmarks/crossval_booksim.py was validated
# against (BOOKSIM_REPO may name a local mirror).  `make clean` removes that copy with the rest of .cache/.
BOOKSIM_REPO   ?= https://github.com/booksim/booksim2
BOOKSIM_COMMIT := 28f43299f1706a3160ffac721ca461d74eb6e618
BOOKSIM_DIR    := .cache/booksim2
BOOKSIM_BIN    := $(BOOKSIM_DIR)/src/booksim

bench: $(STAMP) $(if $(BOOKSIM),,$(BOOKSIM_BIN))
	@export BOOKSIM="$(or $(BOOKSIM),$(abspath $(BOOKSIM_BIN)))"; failed=""; \
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || failed="$$failed $$b"; done; \
	test -z "$$failed" || { echo "make bench: these benchmarks failed (each printed why):$$failed" >&2; exit 1; }

booksim: $(BOOKSIM_BIN)

$(BOOKSIM_BIN):
	@missing=""; for t in git make flex bison g++; do command -v $$t > /dev/null || missing="$$missing $$t"; done; \
	test -z "$$missing" || { echo "make booksim: missing$$missing. Building BookSim2 needs git, make, flex, bison and" \
	  "g++ (Debian/Ubuntu: apt-get install git make flex bison g++), or set BOOKSIM=path/to/a/built/booksim" >&2; exit 2; }
	@test -d $(BOOKSIM_DIR)/.git || { mkdir -p $(dir $(BOOKSIM_DIR)) && git clone --quiet $(BOOKSIM_REPO) $(BOOKSIM_DIR); }
	git -C $(BOOKSIM_DIR) -c advice.detachedHead=false checkout --quiet $(BOOKSIM_COMMIT)
	$(MAKE) -C $(BOOKSIM_DIR)/src
	@test -x $@ && echo "BookSim2 built: $@" >&2

clean:
	rm -rf .cache benchmarks/results .pytest_cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -print0 | xargs -0 rm -rf
	find . -path ./$(VENV) -prune -o -name .ipynb_checkpoints -type d -print0 | xargs -0 rm -rf

distclean: clean
	rm -rf $(VENV)
