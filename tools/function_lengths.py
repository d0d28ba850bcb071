#!/usr/bin/env python3
"""Lists every C++ function in engine/ and app/ whose body is longer than N lines.

A function's length is the number of lines strictly between its opening and closing brace
(blank and comment lines count: they are lines a reader scrolls past). Free functions, member
functions defined in or outside their class and lambdas bound at namespace scope are measured;
a lambda inside a function is part of that function. Exit status 1 when any function is over
the limit, 0 otherwise.

Usage: tools/function_lengths.py [--max N] [--root DIR] [--allow FILE] [PATH...]
PATHs (files or folders, relative to the root) default to engine/ and app/. An allow-list file
holds one `path:function` a line (# comments) for functions kept long on purpose, each with its
reason in a comment; they are reported but
do not fail the run.
"""

import argparse
import os
import re
import sys

EXTENSIONS = (".cpp", ".cc", ".h", ".hpp", ".inl")
SCOPE_KEYWORDS = {"namespace", "class", "struct", "union", "enum", "extern"}
ACCESS_LABEL = re.compile(r"\b(public|private|protected)\s*:(?!:)")
IDENT_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"


def strip_code(text):
    """Blanks comments, string and character literals and preprocessor lines, keeping newlines."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            # Preprocessor directive, with backslash continuations.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append("\n")
                    i += 2
                    continue
                i += 1
            continue
        if c == "\n":
            out.append(c)
            line_start = True
            i += 1
            continue
        if c in " \t\r":
            out.append(c)
            i += 1
            continue
        line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
            continue
        raw = re.match(r'(?:u8|u|U|L)?R"([^()\\ ]{0,16})\(', text[i:i + 24])
        if raw and (i == 0 or text[i - 1] not in IDENT_CHARS):
            close = ")" + raw.group(1) + '"'
            end = text.find(close, i + raw.end())
            end = n if end < 0 else end + len(close)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
            continue
        if c == '"' or c == "'":
            if c == "'":
                # A digit separator (1'000'000) is not a character literal.
                j = i
                while j > 0 and text[j - 1] in IDENT_CHARS + "'":
                    j -= 1
                if j < i and text[j].isdigit():
                    out.append(c)
                    i += 1
                    continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = min(j + 1, n)
            continue
        out.append(c)
        i += 1
    return "".join(out)


def match_brace(code, i):
    """Index of the brace closing the one at i."""
    depth = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return n - 1


def drop_template_header(pre):
    """The preamble without leading `template <...>` clauses."""
    while True:
        m = re.match(r"\s*template\s*<", pre)
        if not m:
            return pre
        depth, i = 1, m.end()
        while i < len(pre) and depth:
            depth += {"<": 1, ">": -1}.get(pre[i], 0)
            i += 1
        pre = pre[i:]


def top_level(pre):
    """The preamble with everything inside parentheses and brackets removed."""
    out, depth = [], 0
    for c in pre:
        if c in "([":
            if depth == 0:
                out.append(c)
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth == 0:
                out.append(c)
        elif depth == 0:
            out.append(c)
    return "".join(out)


def function_name(pre):
    """The declared name of a function from its preamble, or None when the brace is no body."""
    pre = drop_template_header(pre).strip()
    flat = top_level(pre)
    first = re.match(r"\s*([A-Za-z_]\w*)", flat)
    if first and first.group(1) in SCOPE_KEYWORDS:
        return None
    no_ops = re.sub(r"\boperator\s*(\(\)|\[\]|[^\s(]+)", "operator", flat)
    if "=" in no_ops:
        # Data initialised with braces, unless a lambda: `auto f = [..](..) {`.
        lhs, rhs = no_ops.split("=", 1)
        if re.match(r"\s*\[\]", rhs):
            names = re.findall(r"[A-Za-z_][\w:]*", lhs)
            return names[-1] if names else "<lambda>"
        return None
    if "(" not in flat:
        return None
    m = re.search(r"((?:[A-Za-z_~][\w]*\s*::\s*)*(?:operator\s*(?:\(\)|\[\]|[^\s(]+)|~?[A-Za-z_]\w*))"
                  r"\s*(?:<[^()]*>)?\s*\(", pre)
    return re.sub(r"\s+", "", m.group(1)) if m else "<function>"


def scan(code, begin, end, results):
    """Finds function bodies between begin and end, a namespace or class scope."""
    pre_start = begin
    paren = 0
    i = begin
    while i < end:
        c = code[i]
        if c in "([":
            paren += 1
        elif c in ")]":
            paren -= 1
        elif c == ";" and paren == 0:
            pre_start = i + 1
        elif c == ":" and paren == 0:
            label = ACCESS_LABEL.search(code, pre_start, i + 1)
            if label and label.end() == i + 1:
                pre_start = i + 1
        elif c == "}" and paren == 0:
            pre_start = i + 1
        elif c == "{":
            close = match_brace(code, i)
            pre = code[pre_start:i]
            if paren > 0 or re.search(r"\)[^(){};]*:(?!:)[^{};]*[\w>]\s*$", top_level(pre)) \
                    and not re.search(r"\)\s*(const|noexcept|override|final|\s)*$", pre):
                # Braces inside parentheses or a constructor's member initialiser: part of
                # the declaration.
                i = close + 1
                continue
            flat_start = drop_template_header(pre)
            first = re.match(r"\s*([A-Za-z_]\w*)", top_level(flat_start))
            if first and first.group(1) in SCOPE_KEYWORDS and first.group(1) != "enum":
                scan(code, i + 1, close, results)
            else:
                name = function_name(pre)
                if name:
                    open_line = code.count("\n", 0, i) + 1
                    close_line = code.count("\n", 0, close) + 1
                    results.append((name, open_line, max(0, close_line - open_line - 1)))
            i = close + 1
            # A declaration may go on after the brace (`} kTable;`, `} = ...;`): keep the
            # preamble for data, end it for bodies and scopes.
            pre_start = i
            continue
        i += 1


def functions_in(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        code = strip_code(f.read())
    results = []
    scan(code, 0, len(code), results)
    return results


def source_files(root, paths):
    for p in paths:
        full = os.path.join(root, p)
        if os.path.isfile(full):
            yield p
            continue
        for dirpath, dirnames, filenames in os.walk(full):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(EXTENSIONS):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=80, help="longest body allowed, in lines")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--allow", help="file of `path:function` lines not to fail on")
    parser.add_argument("paths", nargs="*", default=["engine", "app"])
    args = parser.parse_args()

    allowed = set()
    if args.allow:
        with open(args.allow, encoding="utf-8") as f:
            allowed = {ln.split("#")[0].strip() for ln in f} - {""}

    over, waived = [], []
    for path in source_files(args.root, args.paths):
        for name, line, length in functions_in(os.path.join(args.root, path)):
            if length > args.max:
                key = f"{path}:{name}"
                (waived if key in allowed else over).append((path, line, name, length))

    for path, line, name, length in sorted(over, key=lambda r: -r[3]):
        print(f"{path}:{line}: {name} is {length} lines (max {args.max})")
    for path, line, name, length in sorted(waived, key=lambda r: -r[3]):
        print(f"{path}:{line}: {name} is {length} lines (allowed: see the allow-list)")
    if over:
        print(f"{len(over)} function(s) longer than {args.max} lines")
        return 1
    print(f"no function longer than {args.max} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
