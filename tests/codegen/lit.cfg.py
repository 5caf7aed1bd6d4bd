# lit configuration of the FileCheck codegen tests: each .scm file carries its RUN lines and
# its `; CHECK:` expectations. %regal is the compiler under test; FileCheck is $FILECHECK, which
# `make test-codegen` sets (the Makefile finds LLVM's tools), else the one on PATH.
#
# Inverse runs (issue 19): a test that claims an effect of type inference (a check removed, a
# fixnum or flonum operation done directly, a type printed only because it was inferred)
# says so with a line
#     ; RUN-INVERSE: --no-types
# Its RUN lines then run twice: as written, where they must pass, and again with the flags
# after RUN-INVERSE: added to every %regal, where they must FAIL, and fail in FileCheck (a
# CHECK line not matched, or a CHECK-NOT line matched), not because a command crashed. A test
# that still passes with inference turned off proves nothing about inference: it is reported
# as failed ("vacuous"). Tests without RUN-INVERSE (the allocation mode, checks that are
# kept, the printed types of --types) run once, as usual.
import os
import shutil
import sys

import lit

config.name = "regal-codegen"
config.suffixes = [".scm"]
config.test_source_root = os.path.dirname(__file__)
build = os.environ.get("B", "build")
root = os.path.abspath(os.path.join(config.test_source_root, "..", ".."))
regal = os.path.join(root, build, "regal")
config.substitutions.append(("%regal", regal))
filecheck = os.environ.get("FILECHECK") or shutil.which("FileCheck")
if not filecheck:
    lit_config.fatal("no FileCheck: run `make test-codegen`, or set FILECHECK")
config.substitutions.append(("FileCheck", filecheck))
config.environment["FILECHECK"] = filecheck  # for the lit runs inverse-harness.scm makes
config.environment["PATH"] = os.environ.get("PATH", "")
config.environment["B"] = build
# Inputs/ holds the inputs of inverse-harness.scm, which runs lit on them (%lit)
config.excludes = ["Inputs"]
config.substitutions.append(
    ("%lit", "%s %s" % (sys.executable,
                        os.path.join(os.path.dirname(os.path.dirname(lit.__file__)), "lit.py"))))

sys.path.insert(0, config.test_source_root)
from inverse_format import InverseShTest  # noqa: E402

config.test_format = InverseShTest(regal, execute_external=False)
