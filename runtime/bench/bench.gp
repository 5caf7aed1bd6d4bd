# bench.gp: the plot of BENCHMARK_RESULTS_TYPED_CODEGEN.md, from report.py's data files.
# Usage: gnuplot -e "datdir='DIR'; out='bench.png'" bench.gp
set terminal pngcairo size 1400,560 font "DejaVu Sans,11"
set output out
set multiplot layout 1,2 title "Regal allocation (make bench)"

set title noenhanced "Typed allocation vs mk_* constructors (median ns/object, log scale)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set yrange [0.1:*]
set ylabel "ns per object"
set grid ytics
set key top left
set xtics nomirror
plot datdir."/bars.dat" using 2:xtic(1) title "typed (alloc_obj_typed)" noenhanced lc rgb "#1b7837", \
     "" using 3 title "constructor (mk_*)" noenhanced lc rgb "#c51b7d"

unset logscale y
unset style
set title "Region lifecycle: init + allocate + release (median ns)"
set logscale x
set xrange [70000:14000000]
set yrange [0:*]
set format x "%.0s%c"
set xlabel "lifecycles per timed loop"
set ylabel "ns per lifecycle"
set key center right
plot datdir."/lifecycle.dat" using 1:2 with linespoints lw 2 pt 7 lc rgb "#1b7837" title "inline buffer only (3 objects)", \
     "" using 1:3 with linespoints lw 2 pt 5 lc rgb "#2166ac" title "spills into one pooled chunk (40 pairs)", \
     10 with lines dt 2 lc rgb "#b2182b" title "target: 10 ns"
unset multiplot
