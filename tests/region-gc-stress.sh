#!/bin/sh
# region-gc-stress.sh: the run tests whose programs share regions between the rounds of tail
# cycles (tests/run/tail-cycle-*.scm) and a few other allocation-heavy ones, with the collector
# of tail-cycle regions (runtime/regiongc.c) collecting at every new chunk of such a region
# (REGAL_REGION_GC_STRESS=1), compiled with AddressSanitizer and UBSan at -O1: a root the
# collector misses shows as a use of a freed (poisoned) chunk or as a wrong output.
# Usage: tests/region-gc-stress.sh [PATTERN...]  (patterns as tests/run.sh's; none: the default
# set below). B, REGAL, JOBS and TIMEOUT (default 120 here) as in tests/harness.py;
# REGAL_TEST_LEVELS (default -O1) and REGAL_TEST_FLAGS (default the sanitizers) may be set.
if [ $# -eq 0 ]; then
    set -- tail-cycle closure-captured-results closure-flow 6.10-callcc-reentry-loop \
        6.10-callcc-regions 4.1.3-many-arguments 6.10-higher-order record-walk-regions \
        container-regions carry-regions srfi-1-lists examples/interp.scm
fi
REGAL_REGION_GC_STRESS=1
REGAL_TEST_FLAGS=${REGAL_TEST_FLAGS:-"-fsanitize=address,undefined -g"}
REGAL_TEST_LEVELS=${REGAL_TEST_LEVELS:--O1}
TIMEOUT=${TIMEOUT:-120}
export REGAL_REGION_GC_STRESS REGAL_TEST_FLAGS REGAL_TEST_LEVELS TIMEOUT
exec "$(dirname "$0")/run.sh" "$@"
