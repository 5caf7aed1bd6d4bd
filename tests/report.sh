#!/bin/sh
# report.sh: the benchmark report is exactly what its run gives (issue 19), checked without
# measuring anything (make test-report, part of make test):
#   1. BENCHMARK_RESULTS_TYPED_CODEGEN.md is what runtime/bench/report.py writes from the run
#      committed in runtime/bench/results/: nobody edited it, and no section comes from
#      elsewhere;
#   2. every numbered section names the command, commit and machine of its figures;
#   3. a step that failed in the run leaves its section saying so, with none of its figures
#      (the section is not kept from an older run), and the header names the failure;
#   4. a run without some data file (an implementation not installed, say) still writes every
#      section, in the same order.
set -eu
B=${B:-build}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
report=runtime/bench/report.py
fail() { echo "report.sh: FAIL: $*"; exit 1; }

# 1
B=$B python3 $report write --out "$T/report.md" --no-plots >/dev/null
cmp -s "$T/report.md" BENCHMARK_RESULTS_TYPED_CODEGEN.md ||
    fail "BENCHMARK_RESULTS_TYPED_CODEGEN.md differs from what runtime/bench/results/ gives" \
         "(rerun make bench-report, or runtime/bench/report.py write after changing report.py)"

# 2
sections=$(grep -c '^## [0-9]' "$T/report.md")
[ "$sections" -ge 15 ] || fail "only $sections numbered sections"
awk '/^## [0-9]/ { want = 1; name = $0; next }
     want && NF { if ($0 !~ /^\*Command: `/) { print "no command under " name; bad = 1 }; want = 0 }
     END { exit bad }' "$T/report.md" || fail "a section does not say which command made it"

# 3
cp -r runtime/bench/results "$T/res"
python3 - "$T/res/run.json" <<'EOF'
import json, sys
run = json.load(open(sys.argv[1]))
run["steps"]["programs"]["status"] = "exit status 1"
json.dump(run, open(sys.argv[1], "w"))
EOF
B=$B python3 $report write --results "$T/res" --out "$T/failed.md" --no-plots >/dev/null
sed -n '/^## 13\./,/^## 14\./p' "$T/failed.md" > "$T/sec13"
grep -q '^\*\*Not measured in this run\*\* (step programs: exit status 1)' "$T/sec13" ||
    fail "a failed step's section does not say it was not measured"
! grep -q '^### Time' "$T/sec13" || fail "a failed step's section still shows figures"
grep -q 'programs [0-9]* s (\*\*exit status 1\*\*)' "$T/failed.md" ||
    fail "the header does not name the failed step"

# 4
rm "$T/res/anchor.csv" "$T/res/inference.csv"
B=$B python3 $report write --results "$T/res" --out "$T/partial.md" --no-plots >/dev/null
[ "$(grep '^## ' "$T/partial.md")" = "$(grep '^## ' "$T/report.md")" ] ||
    fail "missing data changed the report's structure"
echo "report.sh: the report is its run's; 4 checks passed"
