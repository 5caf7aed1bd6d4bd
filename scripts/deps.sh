#!/bin/sh
# deps.sh: install the Debian packages Regal needs, only when one is missing.
# Called by `make example`, `make test` and `make bench`; does nothing when all are present.
# Usage: scripts/deps.sh [extra-package ...]
set -e
PKGS="clang re2c chezscheme libcriterion-dev llvm-14-tools libgmp-dev libgc-dev libutf8proc-dev libmimalloc-dev libclang-rt-14-dev python3 gnuplot-nox time $*"
# make bench-programs: the peers (CHICKEN 5, Gambit 4.9; Chez Scheme is above).
[ -n "$REGAL_BENCH_PEERS" ] && PKGS="$PKGS chicken-bin gambc"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing:$missing"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
