/* repl_main.c: the main of build/regal-repl, the program `regal repl` runs: the REPL
 * (repl.c) on the runtime's program stack. Files named on the command line are loaded first. */
#include "eval.h"

int main(int argc, char **argv) { return rt_start(argc, argv, ev_repl_program); }
