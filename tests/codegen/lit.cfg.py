# lit configuration of the FileCheck codegen tests: each .scm file carries its RUN lines and
# its `; CHECK:` expectations. %regal is the compiler under test; FileCheck is LLVM 14's.
import os
import lit.formats

config.name = "regal-codegen"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".scm"]
config.test_source_root = os.path.dirname(__file__)
build = os.environ.get("B", "build")
root = os.path.abspath(os.path.join(config.test_source_root, "..", ".."))
regal = os.path.join(root, build, "regal")
config.substitutions.append(("%regal", regal))
config.substitutions.append(("FileCheck", "/usr/lib/llvm-14/bin/FileCheck"))
config.environment["PATH"] = os.environ.get("PATH", "")
