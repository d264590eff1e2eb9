#!/usr/bin/python3
"""Marks the library's out-of-line definitions with TOON_FUNC / TOON_VAR for header-only use.

    scripts/mark-header-only.py [--check] [SOURCE...]     (default: every library source)

In header-only mode (TOON_HEADER_ONLY, docs/packaging.md) every translation unit that includes
<toon/toon.hpp> also includes the library's sources (src/header_only/*.inl, per component), so each definition
with external linkage must be `inline`: TOON_FUNC / TOON_VAR (include/toon/detail/linkage.hpp)
expand to `inline` there and to nothing in the compiled library. This script asks libclang 14
(python3-clang-14) for each source's AST and inserts the marker before every namespace-scope definition that needs it
(functions, out-of-line member functions, variables and static data members; not templates,
not `inline`/`constexpr`/`static` ones, not those in unnamed namespaces). `--check` changes
nothing and exits 1 if a marker is missing. The consumer test consumer.header_only fails with
"multiple definition" when one is missing, which is when to run this.
"""
import os
import sys

try:
    import clang.cindex as ci
except ImportError:
    sys.exit("mark-header-only: needs libclang's Python bindings (Debian: apt-get install python3-clang-14; "
             "run with /usr/bin/python3)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB_DIRS = ["src/" + d for d in ("common", "json", "value", "schema", "tools", "typed", "document", "parse", "encode",
                              "extract", "dsl", "mcp")]
K = ci.CursorKind
FUNCTION_KINDS = {K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR, K.CONVERSION_FUNCTION}
MARKERS = ("TOON_FUNC", "TOON_VAR")


def library_sources():
    out = []
    for d in LIB_DIRS:
        p = os.path.join(ROOT, d)
        if os.path.isdir(p):
            out += sorted(os.path.join(d, f) for f in os.listdir(p) if f.endswith(".cpp"))
    return out


def insertion_offset(cursor):
    """Where the marker goes: the declaration's first token, after `template <>` and `[[...]]`;
    None when the definition needs no marker (already inline, constexpr, static or extern)."""
    tokens = list(cursor.get_tokens())
    if not tokens:
        return None
    head = []
    for t in tokens:
        if t.spelling in ("(", "=", "{", ";"):
            break
        head.append(t.spelling)
    if "inline" in head or "constexpr" in head or "static" in head or "extern" in head:
        return None
    i = 0
    while i < len(tokens):
        if tokens[i].spelling == "template" and i + 2 < len(tokens) and tokens[i + 1].spelling == "<" and \
                tokens[i + 2].spelling == ">":
            i += 3
        elif tokens[i].spelling == "[" and i + 1 < len(tokens) and tokens[i + 1].spelling == "[":
            depth = 0
            while i < len(tokens):
                depth += {"[": 1, "]": -1}.get(tokens[i].spelling, 0)
                i += 1
                if depth == 0:
                    break
        else:
            break
    return tokens[i].extent.start.offset if i < len(tokens) else None


def candidates(cursor, main, out):
    for child in cursor.get_children():
        loc = child.location
        if loc.file is None or os.path.abspath(loc.file.name) != main:
            continue
        kind = child.kind
        if kind == K.NAMESPACE:
            if child.spelling:  # unnamed namespaces: internal linkage already
                candidates(child, main, out)
            continue
        if kind == K.LINKAGE_SPEC or kind == K.UNEXPOSED_DECL:
            candidates(child, main, out)
            continue
        if kind not in FUNCTION_KINDS and kind != K.VAR_DECL:
            continue
        if not child.is_definition() or child.linkage != ci.LinkageKind.EXTERNAL:
            continue
        offset = insertion_offset(child)
        if offset is not None:
            out.append((offset, child.spelling, "VarDecl" if kind == K.VAR_DECL else "Function"))


def ast_of(source):
    index = ci.Index.create()
    tu = index.parse(os.path.join(ROOT, source), args=["-x", "c++", "-std=c++20", "-I" + os.path.join(ROOT, "include"),
                                                        "-I" + os.path.join(ROOT, "src")])
    errors = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        sys.exit(f"mark-header-only: clang failed on {source}: " + "; ".join(str(d) for d in errors[:5]))
    return tu


def process(source, check):
    tu = ast_of(source)
    path = os.path.join(ROOT, source)
    found = []
    candidates(tu.cursor, os.path.abspath(path), found)
    with open(path, "rb") as f:
        text = f.read()
    missing = []
    for offset, name, kind in sorted(set(found)):
        line_start = text.rfind(b"\n", 0, offset) + 1
        before = text[line_start:offset].decode()
        if any(m in before for m in MARKERS):
            continue
        missing.append((offset, name, kind))
    if check or not missing:
        for offset, name, kind in missing:
            line = text.count(b"\n", 0, offset) + 1
            print(f"{source}:{line}: {kind} {name} needs TOON_{'VAR' if kind == 'VarDecl' else 'FUNC'}")
        return len(missing)
    for offset, name, kind in sorted(missing, reverse=True):
        marker = b"TOON_VAR " if kind == "VarDecl" else b"TOON_FUNC "
        text = text[:offset] + marker + text[offset:]
    if b'"toon/detail/linkage.hpp"' not in text:
        # After the first #include block line, so the marker is defined before any use.
        first = text.find(b"#include ")
        if first < 0:
            sys.exit(f"mark-header-only: {source} has no #include to put linkage.hpp after")
        eol = text.find(b"\n", first) + 1
        text = text[:eol] + b'#include "toon/detail/linkage.hpp"\n' + text[eol:]
    with open(path, "wb") as f:
        f.write(text)
    print(f"{source}: {len(missing)} markers added")
    return 0


def main(argv):
    check = "--check" in argv
    sources = [a for a in argv if not a.startswith("--")] or library_sources()
    missing = sum(process(s, check) for s in sources)
    if check and missing:
        print(f"mark-header-only: {missing} definitions need a marker; run scripts/mark-header-only.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
