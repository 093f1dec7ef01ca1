# The two commands of the README: `make serve` and `make test`.
# Both create the virtual environment on first use and refresh it when
# pyproject.toml changes.

VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve build test chromium

serve: $(INSTALLED)
	$(BIN)/mkdocs serve

build: $(INSTALLED)
	$(BIN)/mkdocs build --strict

test: $(INSTALLED) chromium
	$(BIN)/python -m pytest

$(INSTALLED): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --editable ".[test]"
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
