/* eval.h: the evaluator's interface, between eval.c (eval, environments, load: the interpreter
 * of the core AST) and repl.c (the read-eval-print loop). Both are in libregal-eval.a with the
 * compiler's front end (reader, expander, libraries); compiled programs that use eval reach
 * eval.c through the runtime's hooks (rt_eval_install, runtime/rtlib.h). */
#ifndef EVAL_H
#define EVAL_H

#include "regalc.h"
#include "rtlib.h"

/* The interaction environment's top level (the session is made on first use). */
TopEnv *ev_interaction(void);
/* Expand datum d at top level env and run it: its value (RtValues for several, RT_UNSPEC for
 * none). An error of the front end (syntax, library) raises a condition whose message is what
 * it reported, named `who` (NULL: the message alone), at loc. */
RtValue ev_eval_datum(const char *loc, const char *who, Datum *d, TopEnv *env);
/* (load path [env]): read the file and evaluate its forms in order. */
RtValue ev_load_file(const char *loc, const char *path, TopEnv *env);

/* The REPL (repl.c): reads from standard input until EOF or ,q; on a terminal with a prompt,
 * a banner and line editing (readline, when built with it); the program of build/regal-repl. */
void ev_repl_program(void);

#endif
