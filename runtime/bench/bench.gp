# bench.gp: the plot at the top of BENCHMARK_RESULTS_TYPED_CODEGEN.md, from report.py's data
# files (places.dat, lifecycle.dat in datdir).
# Usage: gnuplot -e "datdir='DIR'; out='bench.png'" bench.gp
set terminal pngcairo size 1500,600 font "DejaVu Sans,11"
set output out
set multiplot layout 1,2 title "Regal allocation (make bench-report)"

set title noenhanced "Allocation by place (median ns/object, log scale)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set yrange [0.1:*]
set ylabel "ns per object"
set grid ytics
set key top left noenhanced
set xtics nomirror rotate by -30 noenhanced
plot datdir."/places.dat" using 2:xtic(1) title "region chunks" lc rgb "#1b7837", \
     "" using 3 title "collected heap" lc rgb "#c51b7d", \
     "" using 4 title "malloc+free" lc rgb "#878787", \
     "" using 5 title "Chez Scheme (same loop)" lc rgb "#2166ac"

unset logscale y
unset style
set title "Region lifecycle: rt_region_enter + rt_region_leave (median ns)"
set logscale x
set logscale y
set xrange [70000:14000000]
set yrange [0.5:1000]
set format x "%.0s%c"
set xtics norotate
set xlabel "lifecycles per timed loop"
set ylabel "ns per lifecycle (log scale)"
set key top right
plot datdir."/lifecycle.dat" using 1:2 with linespoints lw 2 pt 7 lc rgb "#1b7837" title "empty", \
     "" using 1:3 with linespoints lw 2 pt 5 lc rgb "#2166ac" title "inline buffer used (3 objects)", \
     "" using 1:4 with linespoints lw 2 pt 9 lc rgb "#c51b7d" title "spilled to one pooled chunk (40 pairs)", \
     10 with lines dt 2 lc rgb "#b2182b" title "target: 10 ns"
unset multiplot
