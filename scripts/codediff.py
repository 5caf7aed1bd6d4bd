#!/usr/bin/env python3
"""codediff.py: which functions' machine code two regal compilers make differently.

Each program is compiled to C by both compilers (regal -S), each C file by clang at -O2 to an
object file with the compiler's own runtime headers, and the disassemblies (objdump -dr) are
compared function by function: absolute addresses, padding, and offsets into data sections
(string constants moved by a new table) are ignored; jumps and calls are compared by their
relocation's symbol. Prints one line per program, `same` or the functions that differ
(`main` is left out with --ignore-main), and exits 1 when some differ.

    scripts/codediff.py --base OLD/build/regal [--new build/regal] [--ignore-main] FILE.scm...

Used for issue 17 item 5: the backtraces' frame table leaves the code of every function of
the 18 benchmarks as it was (only main, which registers the table, changes).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def disassemble(regal, src, work, tag):
    root = os.path.dirname(os.path.dirname(os.path.abspath(regal)))
    c, o = os.path.join(work, tag + ".c"), os.path.join(work, tag + ".o")
    subprocess.run([regal, "-S", src, "-o", c], check=True)
    subprocess.run(["clang", "-std=gnu11", "-O2", "-I" + os.path.join(root, "runtime"), "-c", c,
                    "-o", o], check=True)
    return subprocess.run(["objdump", "-dr", "--no-show-raw-insn", o], capture_output=True,
                          text=True, check=True).stdout


def clean(ins):
    ins = re.sub(r"\b[0-9a-f]+ <", "<", ins)
    ins = re.sub(r"\.L\.str[.0-9]*", ".L.str", ins)
    return re.sub(r"(\.(rodata|data|bss)[.a-z0-9]*)[-+]0x[0-9a-f]+", r"\1", ins)


def functions(listing):
    fs, cur = {}, None
    for line in listing.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if m:
            cur = fs.setdefault(m.group(1), [])
            continue
        r = re.match(r"^\s*[0-9a-f]+:\s*(R_X86_64_\S+)\s+(\S+)", line)
        if r and cur:   # a relocation: the target is its symbol, not the unrelocated bytes
            ins = re.sub(r"\s*#.*$", "", re.sub(r"<[^>]*>", "", cur[-1]))
            ins = re.sub(r"^(j\w+|call)\s+[0-9a-f]+\s*$", r"\1", ins)
            cur[-1] = ins + " " + r.group(1) + " " + r.group(2)
            continue
        m = re.match(r"^\s*[0-9a-f]+:\s*(.*)$", line)
        if m and cur is not None and not re.match(r"(nop|cs nop|xchg\s+%ax,%ax|data16|int3)",
                                                  m.group(1)):
            cur.append(m.group(1))
    return {n: [clean(i) for i in v] for n, v in fs.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True)
    ap.add_argument("--new", default="build/regal")
    ap.add_argument("--ignore-main", action="store_true")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    differ = False
    with tempfile.TemporaryDirectory(prefix="regal-codediff.") as work:
        for src in args.files:
            a = functions(disassemble(args.base, src, work, "base"))
            b = functions(disassemble(args.new, src, work, "new"))
            bad = [n for n in sorted(set(a) | set(b))
                   if a.get(n) != b.get(n) and not (args.ignore_main and n == "main")]
            differ |= bool(bad)
            name = os.path.basename(src)
            print("%s: %s" % (name, "differ: " + " ".join(bad) if bad else "same"))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
