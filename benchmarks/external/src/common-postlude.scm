(run-benchmark)
