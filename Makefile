# Scorekeeper: every target creates .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench fuzz lint format clean dist dist-check

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/scorekeeper

# The suite over every core (pytest-xdist); the slowest 20 tests are named at the end.
# Compiled modules are kept (an environment may say otherwise), so the hundreds of commands
# the suite starts, and each worker's rewrite of the tests, do not compile them again.
TEST_WORKERS ?= auto
test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n $(TEST_WORKERS) --durations=20

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/run_all.py

# The long fuzz run: FUZZ_SEQUENCES random action sequences per game, over 2 processes.
FUZZ_SEQUENCES ?= 100000
fuzz: $(STAMP)
	$(BIN)/python benchmarks/fuzz.py --sequences $(FUZZ_SEQUENCES) --workers 2

# Every check runs; the target fails if any failed.
lint: $(STAMP)
	status=0; \
	$(BIN)/ruff check . || status=1; \
	$(BIN)/ruff format --check . || status=1; \
	$(BIN)/lint-imports --no-cache || status=1; \
	$(BIN)/mypy || status=1; \
	exit $$status

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The one-folder app bundle in dist/scorekeeper (PyInstaller), then its size.
dist: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,dist]'
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller packaging/scorekeeper.spec
	find dist/scorekeeper -xtype l -delete  # links PyInstaller left to libraries pruned away
	$(BIN)/python benchmarks/dist.py

# The bundle's own self-test, in an empty environment.
dist-check: dist
	env -i HOME="$(HOME)" PATH=/usr/bin:/bin dist/scorekeeper/scorekeeper --self-test

clean:
	rm -rf $(VENV) build dist *.egg-info
