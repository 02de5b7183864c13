#!/usr/bin/env bash
# What the tests need besides node_modules, set up before `npm test` (its `pretest`) and by `.ci/run`:
# Chromium and CJK fonts (browser tests), PostgreSQL (storage tests), Redis and nginx (scale-out test),
# headless LibreOffice writer + impress (every .docx / .pptx the product writes is opened by it), fcitx5's Chinese
# word language model and its tools (issue 29's measurement of surprisal features, packages/aigc/bench/lm/).
# Installs what is missing with apt as root; elsewhere stops at once naming the one command to run.
# Starts PostgreSQL and Redis when they are installed but down. Does nothing, in about a second, when all is there.
#
# PAPERDESK_SETUP_PRETEND_MISSING="chromium soffice …" pretends those are absent (to test this script);
# PAPERDESK_SKIP_TEST_SETUP=1 skips it (a machine set up some other way).
set -euo pipefail

[ "${PAPERDESK_SKIP_TEST_SETUP:-}" = 1 ] && exit 0

pretend=" ${PAPERDESK_SETUP_PRETEND_MISSING:-} "
present() { # name, check command…
  local name=$1
  shift
  [[ $pretend == *" $name "* ]] && return 1
  "$@" >/dev/null 2>&1
}
lo=/usr/lib/libreoffice/program

need=()
present chromium test -x "${CHROMIUM_PATH:-/usr/bin/chromium}" || need+=(chromium)
present fonts sh -c 'fc-list :lang=zh family | grep -q .' || need+=(fonts-noto-cjk)
present postgresql sh -c 'command -v psql && ls /usr/lib/postgresql/*/bin/initdb' || need+=(postgresql)
present redis command -v redis-server || need+=(redis-server)
present nginx sh -c 'command -v nginx || test -x /usr/sbin/nginx' || need+=(nginx-light)
present soffice sh -c "command -v soffice && test -e $lo/libswlo.so" || need+=(libreoffice-writer-nogui)
present impress test -e "$lo/libsdlo.so" || need+=(libreoffice-impress-nogui)
present libime-lm sh -c 'ls /usr/lib/*/libime/zh_CN.lm' || need+=(libime-data-language-model)
# libime_slm_build_binary builds the small KenLM file the LM reader's test checks against its ARPA source
present libime-bin command -v libime_slm_build_binary || need+=(libime-bin)

if [ ${#need[@]} -gt 0 ]; then
  install="apt-get install -y --no-install-recommends ${need[*]}"
  if [ "$(id -u)" != 0 ] || ! present apt command -v apt-get; then
    {
      echo "npm test: missing ${need[*]}. Install them with this one command, then run npm test again:"
      if present apt command -v apt-get; then
        echo "  sudo sh -c 'apt-get update && $install'"
      else
        echo "  (no apt-get here: install the equivalents of: ${need[*]}; or set PAPERDESK_SKIP_TEST_SETUP=1)"
      fi
    } >&2
    exit 1
  fi
  echo "npm test: installing ${need[*]} (apt, a few minutes the first time)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # --no-install-recommends: headless LibreOffice without the desktop it would otherwise pull in
  $install -qq >/dev/null
fi

# PostgreSQL and Redis run as services on the test machines; start them when they are installed but down.
# (Without a server on 5432 the storage tests start a throw-away cluster themselves.) A TCP connect says "up":
# pg_isready and redis-cli take seconds each to start on a loaded machine.
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if ! listening 5432 && [ -d /etc/postgresql ] && [ "$(id -u)" = 0 ]; then
  version=$(ls /etc/postgresql | sort -V | tail -n1)
  [ -n "$version" ] && pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
fi
if command -v redis-server >/dev/null 2>&1 && ! listening 6379; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null || true
fi
exit 0
