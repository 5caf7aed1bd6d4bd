# lit configuration of the dump golden tests: each .scm file carries its RUN lines and its
# `; CHECK:` expectations on `regal --dump=...`. %regal is the compiler under test;
# %dump-hooks the driver that prints the same dump with test annotations (dump_hooks.c).
import os
import shutil
import lit.formats

config.name = "regal-dump"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".scm"]
config.excludes = ["Inputs", "dump_hooks.c"]  # inputs of tests, not tests
config.test_source_root = os.path.dirname(__file__)
build = os.environ.get("B", "build")
root = os.path.abspath(os.path.join(config.test_source_root, "..", ".."))
config.substitutions.append(("%regal", os.path.join(root, build, "regal")))
config.substitutions.append(("%dump-hooks", os.path.join(root, build, "dump_hooks")))
filecheck = os.environ.get("FILECHECK") or shutil.which("FileCheck")
if not filecheck:
    lit_config.fatal("no FileCheck: run `make test-dump`, or set FILECHECK")
config.substitutions.append(("FileCheck", filecheck))
config.environment["PATH"] = os.environ.get("PATH", "")
