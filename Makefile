# `make run` serves the site; `make test` runs every test. Both install what is missing first.
SHELL := /bin/bash
.DEFAULT_GOAL := run

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app wsgi
PORT ?= 8000
SERVE_PORT := $(if $(filter command line environment,$(origin PORT)),$(PORT),8080)
# `make serve` derives the public address from DOMAIN (or PORT) unless SITE_URL is given.
SERVE_SITE_URL := $(if $(filter command line environment,$(origin SITE_URL)),$(SITE_URL))
# Every absolute link (e-mails, canonical, Open Graph, sitemap) is built from it: set it to the public address.
SITE_URL ?= http://127.0.0.1:$(PORT)
export SITE_URL
WEB_WORKERS ?= 3
# Seconds before gunicorn replaces a stuck worker: above the longest wait on TikTok within a request.
WEB_TIMEOUT ?= 60
export PORT WEB_WORKERS WEB_TIMEOUT
# gunicorn reads PORT, WEB_WORKERS and WEB_TIMEOUT in app/gunicorn_conf.py, the one place its settings live.
GUNICORN := $(VENV)/bin/gunicorn -c python:app.gunicorn_conf wsgi:app
REDIS_URL ?= redis://127.0.0.1:6379/0
PG_TEST_URL ?= postgresql://postgres@127.0.0.1:5432/test
export PIP_DISABLE_PIP_VERSION_CHECK := 1

ISLAND_SOURCES := $(shell find islands -name '*.ts' -o -name '*.tsx' -o -name '*.mjs' 2>/dev/null) package.json $(wildcard static/css/*.css) $(wildcard app/translations/*/LC_MESSAGES/messages.po)
PY_SOURCES := app tests wsgi.py migrations/env.py

.PHONY: bench loadtest lighthouse wrk caddy serve install-service upgrade update-ytdlp soak run test setup setup-dev build migrate demo redis worker web lint check-types test-islands \
        test-sqlite test-postgres chromium system-python system-node api-types translations

# ---- system packages (Debian) ------------------------------------------------------------------
# apt_install PACKAGES: install with apt as root, or say exactly what is missing.
define apt_install
	if [ "$$(id -u)" != 0 ]; then echo "Missing system packages: $(1). Install them (apt-get install $(1)) and retry."; exit 1; fi; \
	echo "Installing $(1) ..."; \
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(1) >/dev/null
endef

system-python:
	@$(PYTHON) -c "import venv, ensurepip" 2>/dev/null || { $(call apt_install,python3 python3-venv python3-pip); }

system-node:
	@command -v node >/dev/null && command -v npm >/dev/null || { $(call apt_install,nodejs npm); }
	@node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || \
	  { echo "Node.js 20 or newer is needed (found $$(node --version))."; exit 1; }

# With the fonts a phone has for this catalog's captions (emoji, Thai), so screenshots and Lighthouse see them drawn;
# installed as root only: elsewhere they are a nicety, not a need.
CHROMIUM_FONTS := fonts-liberation fonts-noto-color-emoji fonts-thai-tlwg
chromium:
	@command -v /usr/bin/chromium >/dev/null || { $(call apt_install,chromium $(CHROMIUM_FONTS)); }
	@fc-list | grep -q NotoColorEmoji || [ "$$(id -u)" != 0 ] || { $(call apt_install,$(CHROMIUM_FONTS)); }

# Caddy, the reverse proxy of `make serve`. Debian's package starts a default site on :80 at once: stop it, since
# the site's own Caddy is started by `make serve` (or, as a service, by `make install-service`).
caddy:
	@command -v caddy >/dev/null || { $(call apt_install,caddy); \
	  if [ -d /run/systemd/system ]; then systemctl disable --now caddy >/dev/null 2>&1 || true; fi; }

# ---- project dependencies ----------------------------------------------------------------------
$(VENV)/.run-stamp: requirements.txt | system-python
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	@touch $@

$(VENV)/.dev-stamp: requirements-dev.txt $(VENV)/.run-stamp
	$(PY) -m pip install -q -r requirements-dev.txt
	@touch $@

node_modules/.stamp: package.json package-lock.json | system-node
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

setup: $(VENV)/.run-stamp node_modules/.stamp
setup-dev: $(VENV)/.dev-stamp node_modules/.stamp

static/dist/manifest.json: node_modules/.stamp $(ISLAND_SOURCES)
	npm run -s build

# The Vietnamese catalogue compiled for Flask-Babel (the islands read the .po itself when bundled).
TRANSLATIONS := app/translations/vi/LC_MESSAGES/messages.mo
$(TRANSLATIONS): app/translations/vi/LC_MESSAGES/messages.po | $(VENV)/.run-stamp
	$(VENV)/bin/pybabel -q compile -d app/translations

build: static/dist/manifest.json $(TRANSLATIONS)

# After adding or changing interface texts: the catalogue gains every new English text (with an empty Vietnamese
# one to fill in) and loses the ones no longer used; tests/unit/test_translations.py fails until each is translated.
translations: setup
	PYTHONPATH=. $(VENV)/bin/pybabel -q extract -F babel.cfg -k N_ --no-location --sort-output --no-wrap \
	  --ignore-dirs='.* ._ node_modules static instance tests migrations __pycache__' -o app/translations/messages.pot .
	$(VENV)/bin/pybabel -q update --no-wrap --no-fuzzy-matching --ignore-obsolete -i app/translations/messages.pot -d app/translations
	@rm app/translations/messages.pot

# ---- running -----------------------------------------------------------------------------------
migrate: setup
	$(FLASK) db upgrade

demo: migrate
	$(FLASK) catalog load-demo

# Start a local Redis when none answers at REDIS_URL (installing it if needed).
redis: setup
	@$(PY) -c "import redis; redis.Redis.from_url('$(REDIS_URL)', socket_connect_timeout=2).ping()" 2>/dev/null || { \
	  command -v redis-server >/dev/null || { $(call apt_install,redis-server); }; \
	  mkdir -p instance; \
	  echo "Starting a local Redis on 127.0.0.1:6379"; \
	  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --dir "$(CURDIR)/instance" --logfile "$(CURDIR)/instance/redis.log"; \
	  for i in 1 2 3 4 5 6 7 8 9 10; do $(PY) -c "import redis; redis.Redis.from_url('$(REDIS_URL)').ping()" 2>/dev/null && break; sleep 0.5; done; }

worker: redis
	$(FLASK) jobs worker

web: build demo
	$(GUNICORN)

# The production shape in the foreground: Caddy in front of gunicorn (on a loopback port) and the worker.
# `make serve` serves plain HTTP on PORT (8080); `make serve DOMAIN=example.com [EMAIL=you@example.com]` gets a
# certificate and serves HTTPS on 443, with HTTP redirected.
serve: export SITE_URL := $(SERVE_SITE_URL)
serve: build migrate redis caddy
	@$(FLASK) site serve --port $(SERVE_PORT) $(if $(DOMAIN),--domain $(DOMAIN)) $(if $(EMAIL),--email $(EMAIL))

# As root on a systemd machine: the site as services started at boot (web, worker, daily backup) behind Debian's
# Caddy with HTTPS for DOMAIN. `make upgrade` after changing the code: install, build, migrate, reload.
install-service: setup build redis caddy
	@test -n "$(DOMAIN)" || { echo "Give the site's name: make install-service DOMAIN=example.com [EMAIL=you@example.com]"; exit 1; }
	@$(FLASK) site install-service --domain $(DOMAIN) $(if $(EMAIL),--email $(EMAIL))

upgrade: setup build
	@$(FLASK) site upgrade

# When TikTok changes and listings fail: the newest yt-dlp and the curl_cffi version it pins, recorded in
# requirements.txt so every later install keeps them, and the installed services reloaded to use them.
update-ytdlp: setup
	@$(PY) -m pip install -q -U "yt-dlp[default,curl-cffi]"
	@ytdlp=$$($(PY) -c "from importlib.metadata import version; print(version('yt-dlp'))"); \
	  curl=$$($(PY) -c "from app.services.tiktok_status import pinned_curl_cffi; print(pinned_curl_cffi() or '')"); \
	  sed -i "s/^yt-dlp\[default,curl-cffi\]==.*/yt-dlp[default,curl-cffi]==$$ytdlp/" requirements.txt; \
	  if [ -n "$$curl" ]; then $(PY) -m pip install -q "curl_cffi==$$curl"; \
	    sed -i "s/^curl_cffi==.*/curl_cffi==$$curl/" requirements.txt; fi; \
	  touch $(VENV)/.run-stamp; \
	  echo "yt-dlp $$ytdlp and curl_cffi $${curl:-(not pinned by it)} are installed and in requirements.txt (commit it)."; \
	  if [ -d /run/systemd/system ] && [ -f /etc/danza/danza.env ] && [ "$$(id -u)" = 0 ]; then \
	    systemctl reload danza-web && systemctl restart --no-block danza-worker && echo "The services use them now."; \
	  else echo "Restart the site (make serve, or make run) to use them."; fi

run: build demo redis
	@echo "Serving on http://127.0.0.1:$(PORT) (Ctrl-C stops the site and its worker)"
	@$(FLASK) jobs worker & worker=$$!; trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(GUNICORN)

# Speed targets on a 200,000-video catalog (built once into instance/bench/).
bench: setup-dev
	$(PY) -m tests.bench.run
	$(PY) -m tests.bench.confirm

# Every catalog call and page under wrk at 1 and 32 connections, through gunicorn as `make run` serves it, on a
# synthetic 1,000,000-video catalog (QUICK=1: 200,000), on SQLite and, when one answers, on PostgreSQL. Catalogs are
# built once into instance/loadtest/ (and databases danza_load_N); the report lands beside them.
loadtest: setup-dev build redis wrk
	$(PY) -m tests.bench.loadtest $(if $(QUICK),--quick)

# Lighthouse (mobile) on /, a video page, /categories, a creator page and /about-us; fails below its budgets.
lighthouse: setup-dev build redis chromium
	$(PY) -m tests.bench.lighthouse

wrk:
	@command -v wrk >/dev/null || { $(call apt_install,wrk); }

# Minutes of mixed traffic at 32 connections through gunicorn, on SQLite and then on PostgreSQL (when one answers):
# fails on any 5xx, a dropped connection or a gunicorn worker whose memory grows 10% after warm-up.
SOAK_SECONDS ?= 300
# Created on first use, on the server of PG_TEST_URL.
PG_SOAK_URL ?= postgresql://postgres@127.0.0.1:5432/danza_soak
soak: setup-dev build redis
	mkdir -p instance/soak
	$(PY) -m tests.ops.soak --database sqlite:///$(CURDIR)/instance/soak/soak.db --seconds $(SOAK_SECONDS)
	@if $(PY) -c "import psycopg; psycopg.connect('$(PG_TEST_URL)', connect_timeout=3).close()" 2>/dev/null; then \
	  $(PY) -m tests.ops.soak --database $(PG_SOAK_URL) --seconds $(SOAK_SECONDS); \
	else echo "PostgreSQL does not answer at $(PG_TEST_URL): soaked SQLite only."; fi

# ---- tests -------------------------------------------------------------------------------------
# The islands' API types, generated from the API's declarations (what /api/openapi.json serves); committed, so a
# change to the API shows in the islands' type check, and `make lint` fails while they lag behind it.
API_SCHEMA := islands/lib/api-schema.ts

api-types: setup
	npm run -s api-types

lint: setup-dev
	npm run -s lint
	$(VENV)/bin/ruff check $(PY_SOURCES)
	$(VENV)/bin/ruff format --check $(PY_SOURCES)
	$(VENV)/bin/mypy
	@fresh=$$(mktemp --suffix=.ts) && trap 'rm -f "$$fresh"' EXIT && \
	  FLASK=$(VENV)/bin/flask node islands/api-types.mjs "$$fresh" && \
	  { cmp -s "$$fresh" $(API_SCHEMA) || { echo "$(API_SCHEMA) is stale: run make api-types"; exit 1; }; }

check-types: setup-dev
	npm run -s typecheck

test-islands: setup-dev
	npm test --silent

# pytest spreads the tests over one process per core (pytest-xdist): each has its own database, app, live server,
# Chromium and Redis key prefix. PYTEST_WORKERS=0 runs them in this one process.
PYTEST_WORKERS ?= auto
PYTEST := $(VENV)/bin/pytest -n $(PYTEST_WORKERS)

test-sqlite: setup-dev build redis chromium wrk caddy
	$(PYTEST)

# The same tests again on PostgreSQL, when one answers at PG_TEST_URL, except the browser tests: they test the
# screens, which read the database only through the API that the other tests already run on PostgreSQL.
test-postgres: setup-dev build redis chromium wrk caddy
	@if $(PY) -c "import psycopg; psycopg.connect('$(PG_TEST_URL)', connect_timeout=3).close()" 2>/dev/null; then \
	  TEST_DATABASE_URL=$(PG_TEST_URL) $(PYTEST) --ignore=tests/browser; \
	else echo "PostgreSQL does not answer at $(PG_TEST_URL): skipping the PostgreSQL run."; fi

test: lint check-types test-islands test-sqlite test-postgres
