"""inverse_format.py: the lit test format of tests/codegen (lit.cfg.py explains RUN-INVERSE).

InverseShTest runs a test's RUN lines as lit's ShTest does; for a test that carries
`; RUN-INVERSE: FLAGS` it runs them again with FLAGS added to every %regal and requires that
second run to fail in FileCheck. It lives in a module of its own (not in lit.cfg.py) because
lit hands the format to its worker processes by pickling, which needs an importable class.
"""
import re

import lit.formats
import lit.Test
import lit.TestRunner

INVERSE = re.compile(r"^\s*;+\s*RUN-INVERSE:(.*)$", re.M)
# what FileCheck prints when a check fails: "<file>:L:C: error: PREFIX[-KIND]: <why>"
FILECHECK_MISS = re.compile(r"error: [A-Z][A-Z0-9_]*(-[A-Z]+(-[0-9]+)?)?: "
                            r"(expected string not found|excluded string found)")


class InverseShTest(lit.formats.ShTest):
    """ShTest plus the inverse run of the tests that carry `; RUN-INVERSE: FLAGS`."""

    def __init__(self, regal, **kw):
        super().__init__(**kw)
        self.regal = regal

    def execute(self, test, litConfig):
        result = super().execute(test, litConfig)
        with open(test.getSourcePath(), encoding="utf-8") as f:
            flags = [m.group(1).strip() for m in INVERSE.finditer(f.read())]
        if not flags or result.code != lit.Test.PASS:
            return result
        if len(flags) > 1 or not flags[0]:
            return lit.Test.Result(lit.Test.UNRESOLVED,
                                   "RUN-INVERSE: give it once, with the flags of the inverse "
                                   "run (e.g. --no-types)")
        inverse = lit.TestRunner.executeShTest(
            test, litConfig, self.execute_external,
            [("%regal", "%s %s" % (self.regal, flags[0]))] + list(self.extra_substitutions),
            self.preamble_commands)
        banner = "\n==== inverse run: every %%regal with %s; it must fail in FileCheck ====\n" \
            % flags[0]
        if inverse.code == lit.Test.PASS:
            return lit.Test.Result(
                lit.Test.FAIL, "VACUOUS: the test also passes with %s, so its checks do not "
                "show the effect of inference it claims.\n" % flags[0] + banner + inverse.output)
        if inverse.code != lit.Test.FAIL or not FILECHECK_MISS.search(inverse.output):
            return lit.Test.Result(
                lit.Test.FAIL, "the inverse run failed, but not in FileCheck (a command "
                "crashed or timed out), so it shows nothing about the checks.\n" + banner
                + inverse.output)
        return lit.Test.Result(lit.Test.PASS, result.output + banner + inverse.output)
