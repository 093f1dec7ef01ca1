# The two commands of the README: `make serve` and `make test`; and `make check`, the fast checks.
# Both create the virtual environment on first use and refresh it when
# pyproject.toml changes.

VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
NODE_INSTALLED := node_modules/.installed
EXAMPLES := .venv-examples
EXAMPLES_INSTALLED := $(EXAMPLES)/.installed
CHROMIUM := /usr/bin/chromium
export NO_MKDOCS_2_WARNING := 1

# Dates in the site (the sitemap's lastmod) and the checks' "today" come from the last commit, not the
# clock, so two builds of one commit are identical. Uncommitted changes are no commit: there the day is
# the clock's, so a `reviewed` date written today is not taken for a day still to come.
SOURCE_DATE_EPOCH ?= $(shell git diff --quiet HEAD -- 2>/dev/null && git log -1 --format=%ct 2>/dev/null)
ifneq ($(SOURCE_DATE_EPOCH),)
export SOURCE_DATE_EPOCH
endif

.PHONY: serve build publish pdf test check lint properdocs lock chromium

serve: $(INSTALLED)
	$(BIN)/mkdocs serve

# A preview: without SITE_URL the pages name no absolute address and there is no sitemap.
build: $(INSTALLED)
	$(BIN)/mkdocs build --strict

# The site to publish, at the address SITE_URL gives: every page names it as its canonical and hreflang
# address, and the sitemap lists it. A loopback address is refused (CI609).
publish: $(INSTALLED)
	@test -n "$(SITE_URL)" || { echo "make publish needs SITE_URL, the address the site is published at: SITE_URL=https://example.org/chapter/ make publish" >&2; exit 1; }
	SITE_URL="$(SITE_URL)" $(BIN)/mkdocs build --strict

# The print edition as a PDF in each language, after `make build` or `make publish`: Chromium prints each language's
# print page into build/print/ (tools/print_pdf.py), then the site is built again with them, which publishes each PDF
# beside its print page and links it from the chapter index. SITE_URL, where set, holds for the second build too.
pdf: $(INSTALLED) chromium
	$(BIN)/python -m tools.print_pdf site build/print
	CHAPTER_PDF=build/print $(BIN)/mkdocs build --strict

# One test file to a worker, on every core (module-scoped fixtures such as the accessibility walk run once).
test: lint $(NODE_INSTALLED) $(EXAMPLES_INSTALLED) chromium
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
# Its packages (requirements-properdocs.in) are installed from their own lock, each file checked against its hash.
PROPERDOCS := .venv-properdocs
properdocs: $(INSTALLED)
	python3 -m venv $(PROPERDOCS)
	$(PROPERDOCS)/bin/python -m pip install --quiet --require-hashes --requirement requirements-properdocs.lock
	$(PROPERDOCS)/bin/python -m pip install --quiet --no-deps --no-build-isolation --editable .
	rm -rf build/engines
	$(BIN)/mkdocs build --strict --quiet --site-dir build/engines/mkdocs
	$(PROPERDOCS)/bin/properdocs build --strict --quiet --config-file mkdocs.yml --site-dir build/engines/properdocs
	$(BIN)/python tools/same_site.py build/engines/mkdocs build/engines/properdocs

# Every package from requirements.lock, each file checked against its hash (pip and setuptools among them), then the
# chapter itself: editable, with nothing more installed, built by the locked setuptools rather than one fetched for the build.
$(INSTALLED): pyproject.toml constraints.txt requirements.lock
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes --requirement requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation --editable .
	touch $@

# The locks, after a change to constraints.txt, pyproject.toml, requirements-properdocs.in or requirements-examples.in: pip-compile pins what
# they name and records the hash of every file of each release (wheels for every platform, the source archive), as the
# package index publishes them; a local pip configuration (a mirror, a folder of wheels) is left out.
PIP_TOOLS_VERSION := 7.6.2
LOCKER := build/venv-lock
PIP_COMPILE := PIP_CONFIG_FILE=/dev/null CUSTOM_COMPILE_COMMAND="make lock" $(LOCKER)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-find-links
lock:
	python3 -m venv $(LOCKER)
	$(LOCKER)/bin/python -m pip install --quiet pip-tools==$(PIP_TOOLS_VERSION)
	$(PIP_COMPILE) --output-file requirements.lock constraints.txt
	$(PIP_COMPILE) --output-file requirements-properdocs.lock pyproject.toml requirements-properdocs.in
	$(PIP_COMPILE) --output-file requirements-examples.lock requirements-examples.in

# The libraries the articles' examples import (PyTorch, Optuna, Ray), for tests/content/test_library_examples.py, which
# checks every name and keyword argument of those examples against them: an environment of its own, from
# requirements-examples.lock, each file checked against its hash; rebuilt from scratch whenever the lock changes.
$(EXAMPLES_INSTALLED): requirements-examples.lock
	rm -rf $(EXAMPLES)
	python3 -m venv $(EXAMPLES)
	$(EXAMPLES)/bin/python -m pip install --quiet --require-hashes --requirement requirements-examples.lock
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
