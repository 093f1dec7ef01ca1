# The two commands of the README: `make serve` and `make test`; and `make check`, the fast checks.
# Both create the virtual environment on first use and refresh it when
# pyproject.toml changes.

VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
NODE_INSTALLED := node_modules/.installed
CHROMIUM := /usr/bin/chromium
export NO_MKDOCS_2_WARNING := 1

# Dates in the site (the sitemap's lastmod) and the checks' "today" come from the last commit, not the
# clock, so two builds of one commit are identical. Uncommitted changes are no commit: there the day is
# the clock's, so a `reviewed` date written today is not taken for a day still to come.
SOURCE_DATE_EPOCH ?= $(shell git diff --quiet HEAD -- 2>/dev/null && git log -1 --format=%ct 2>/dev/null)
ifneq ($(SOURCE_DATE_EPOCH),)
export SOURCE_DATE_EPOCH
endif

.PHONY: serve build test check lint properdocs chromium

serve: $(INSTALLED)
	$(BIN)/mkdocs serve

build: $(INSTALLED)
	$(BIN)/mkdocs build --strict

# One test file to a worker, on every core (module-scoped fixtures such as the accessibility walk run once).
test: lint $(NODE_INSTALLED) chromium
	$(BIN)/python -m pytest --numprocesses auto --maxprocesses 4 --dist loadfile

# Lint, formatting, types, the unit tests (the fuzzer apart) and the chapter's own checks: under a minute.
check: lint
	$(BIN)/python -m chapter schema --check
	$(BIN)/python -m chapter check --strict
	$(BIN)/python -m pytest -q tests/unit --ignore=tests/unit/test_loader_fuzz.py

lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The same site built by ProperDocs, the maintained continuation of MkDocs 1.x, in a virtual
# environment of its own: it must be byte for byte MkDocs' site, apart from the generator line.
PROPERDOCS := .venv-properdocs
PROPERDOCS_VERSION := 1.6.7
properdocs: $(INSTALLED)
	python3 -m venv $(PROPERDOCS)
	$(PROPERDOCS)/bin/python -m pip install --quiet --constraint constraints.txt --editable . properdocs==$(PROPERDOCS_VERSION)
	rm -rf build/engines
	$(BIN)/mkdocs build --strict --quiet --site-dir build/engines/mkdocs
	$(PROPERDOCS)/bin/properdocs build --strict --quiet --config-file mkdocs.yml --site-dir build/engines/properdocs
	$(BIN)/python tools/same_site.py build/engines/mkdocs build/engines/properdocs

$(INSTALLED): pyproject.toml constraints.txt
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --constraint constraints.txt --editable ".[test]"
	touch $@

# axe-core and Lighthouse for the accessibility and quality gates, at the versions
# package-lock.json pins; reinstalled whenever the lockfile changes.
$(NODE_INSTALLED): package.json package-lock.json
	@command -v node >/dev/null && command -v npm >/dev/null || { \
	  echo "The accessibility and Lighthouse tests need Node.js 18.16 or newer with npm: sudo apt-get install nodejs npm" >&2; exit 1; }
	npm ci --no-audit --no-fund
	touch $@

# Browser tests drive Debian's Chromium; Playwright's own browser download is not used.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core; \
	  else \
	    echo "Browser tests need Debian's Chromium: sudo apt-get install chromium" >&2; exit 1; \
	  fi; \
	fi
