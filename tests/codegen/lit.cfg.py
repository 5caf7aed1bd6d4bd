# lit configuration of the FileCheck codegen tests: each .scm file carries its RUN lines and
# its `; CHECK:` expectations. %regal is the compiler under test; FileCheck is $FILECHECK, which
# `make test-codegen` sets (the Makefile finds LLVM's tools), else the one on PATH.
import os
import shutil
import lit.formats

config.name = "regal-codegen"
config.test_format = lit.formats.ShTest(execute_external=False)
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
config.environment["PATH"] = os.environ.get("PATH", "")
