#!/usr/bin/env python3
"""Checks that every ```cpp block of a Markdown file appears verbatim in a test source.

usage: check_doc_examples.py DOC.md TEST.cpp [TEST.cpp...]

The test sources hold the examples between "// doc:begin NAME" and "// doc:end" markers and
is compiled and run by ctest, so a documentation example that is not in it would be untested.
"""
import re
import sys


def main() -> int:
    doc_path, test_paths = sys.argv[1], sys.argv[2:]
    test_path = " ".join(test_paths)
    doc = open(doc_path, encoding="utf-8").read()
    test = "".join(open(p, encoding="utf-8").read() for p in test_paths)
    blocks = re.findall(r"```cpp\n(.*?)```", doc, flags=re.S)
    examples = re.findall(r"// doc:begin (\S+)\n(.*?)// doc:end", test, flags=re.S)
    if not blocks:
        print(f"{doc_path}: no cpp blocks found")
        return 1
    bodies = [body for _, body in examples]
    missing = [b for b in blocks if not any(b.strip() in body for body in bodies)]
    for b in missing:
        first = b.strip().splitlines()[0] if b.strip() else "(empty)"
        print(f"{doc_path}: cpp block starting with {first!r} is not in {test_path}")
    unused = [name for name, body in examples if not any(b.strip() in body for b in blocks)]
    for name in unused:
        print(f"{test_path}: example {name!r} is not shown in {doc_path}")
    print(f"{len(blocks)} blocks, {len(missing)} missing, {len(unused)} examples not shown")
    return 1 if missing or unused else 0


if __name__ == "__main__":
    sys.exit(main())
