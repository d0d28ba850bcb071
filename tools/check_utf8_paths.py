#!/usr/bin/env python3
"""Lists every narrow conversion between a file name and std::filesystem::path in engine/ and app/.

File names in fxview are UTF-8 std::strings. On Windows the standard library reads a std::string
or char* path in the ANSI code page and path::string() converts back to it, so every conversion
goes through engine/core/paths.h (toPath, toUtf8, toGenericUtf8, openFile). This check fails on
what is certainly a narrow conversion, and on what may be one unless the allow-list names it:

  X.string(), X.generic_string()        use toUtf8(X), toGenericUtf8(X)
  fopen(...), std::fopen(...)           use fx::openFile(path, "rb")
  std::ifstream / std::ofstream / std::fstream constructed or open()ed with a first argument that
  is not a toPath(...) call, an ASCII string literal or an allow-listed name (a variable that is
  already a path)
  fs::path(...) / std::filesystem::path(...) with such an argument

It is a text scan, not a compiler: a std::string passed where a path is expected (`dir / name`,
fs::exists(name), a function taking `const fs::path&`) converts narrowly too and is not seen here.
engine/core/paths.cpp, which holds the conversions, is exempt. Exit status 1 when anything is
listed, 0 otherwise.

Usage: tools/check_utf8_paths.py [--root DIR] [--allow FILE] [PATH...]
PATHs (files or folders, relative to the root) default to engine/ and app/. An allow-list file
holds one `path:argument` a line (# comments): an argument, exactly as written, that is verified to
be a std::filesystem::path in that file, each with its reason in a comment.
"""

import argparse
import os
import re
import sys

EXTENSIONS = (".cpp", ".h")
EXEMPT = {"engine/core/paths.cpp"}
IDENT_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

STRING_CALL = re.compile(r"(?:\.|->)\s*(generic_)?string\s*\(\s*\)")
FOPEN = re.compile(r"(?<![\w])(?:std\s*::\s*)?fopen\s*\(")
STREAM = re.compile(r"\bstd\s*::\s*(?:i|o)?fstream\b\s*(\w+\s*)?([({;])")
PATH_CAST = re.compile(r"\b(?:fs|std\s*::\s*filesystem)\s*::\s*path\s*\(")


def blank_code(text):
    """Comments blanked and literal contents masked ('a' for ASCII text, 'u' for any other), with
    every character kept in place so offsets still name the same line and column."""
    out = list(text)
    i, n = 0, len(text)

    def mask(begin, end):
        chunk = text[begin:end]
        fill = "a" if chunk.isascii() else "u"
        for k in range(begin, end):
            if out[k] != "\n":
                out[k] = fill

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            mask(i, end)
            for k in range(i, end):
                out[k] = " "
            i = end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            for k in range(i, end):
                if out[k] != "\n":
                    out[k] = " "
            i = end
            continue
        raw = re.match(r'(?:u8|u|U|L)?R"([^()\\ ]{0,16})\(', text[i:i + 24])
        if raw and (i == 0 or text[i - 1] not in IDENT_CHARS):
            close = ")" + raw.group(1) + '"'
            end = text.find(close, i + raw.end())
            end = n if end < 0 else end + len(close)
            mask(i + raw.end(), end - len(close))
            i = end
            continue
        if c == "'" and i > 0 and text[i - 1] in IDENT_CHARS:
            # A digit separator (1'000'000) or the end of an identifier, not a character literal.
            j = i
            while j > 0 and text[j - 1] in IDENT_CHARS + "'":
                j -= 1
            if text[j].isdigit():
                i += 1
                continue
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            mask(i + 1, min(j, n))
            i = min(j + 1, n)
            continue
        i += 1
    return "".join(out)


def first_argument(code, open_paren):
    """(begin, end) of the first argument of the call whose '(' or '{' is at open_paren."""
    depth = 0
    for k in range(open_paren, len(code)):
        ch = code[k]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return open_paren + 1, k
        elif ch == "," and depth == 1:
            return open_paren + 1, k
    return open_paren + 1, len(code)


def argument_ok(arg, allowed):
    """Whether `arg` is a toPath(...) call, an ASCII literal or an allow-listed path."""
    if arg.startswith("toPath(") or arg.startswith("fx::toPath("):
        return True
    if re.fullmatch(r'(?:"a*"\s*)+', arg):
        return True
    return arg in allowed


def problems_in(text, code, allowed):
    """(offset, message) for every narrow conversion in `text`, blanked as `code`."""
    found = []

    def argument(open_paren):
        """The first argument as blanked (to judge) and as written (to show)."""
        begin, end = first_argument(code, open_paren)
        return code[begin:end].strip(), " ".join(text[begin:end].split())

    for m in STRING_CALL.finditer(code):
        fn = "toGenericUtf8" if m.group(1) else "toUtf8"
        found.append((m.start(), f"{m.group(0).lstrip('.->').strip()} on a path: use {fn}(...)"))
    for m in FOPEN.finditer(code):
        found.append((m.start(), "fopen: use fx::openFile(path, \"rb\")"))
    streams = set()
    for m in STREAM.finditer(code):
        name = (m.group(1) or "").strip()
        if m.group(2) == ";":
            streams.add(name)
            continue
        arg, shown = argument(m.end() - 1)
        if arg and not argument_ok(arg, allowed):
            found.append((m.start(), f"stream opened with `{shown}`: not toPath(...) or a path"))
    for name in streams:
        for m in re.finditer(r"\b" + re.escape(name) + r"\s*\.\s*open\s*\(", code):
            arg, shown = argument(m.end() - 1)
            if not argument_ok(arg, allowed):
                found.append((m.start(), f"{name}.open(`{shown}`): not toPath(...) or a path"))
    for m in PATH_CAST.finditer(code):
        arg, shown = argument(m.end() - 1)
        if arg and not argument_ok(arg, allowed):
            found.append((m.start(), f"path(`{shown}`) from text: use toPath(...)"))
    return found


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
                    yield os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")


def read_allow_list(path):
    """{file: {argument, ...}} from `file:argument` lines."""
    allowed = {}
    if not path:
        return allowed
    with open(path, encoding="utf-8") as f:
        for line in f:
            entry = line.split("#")[0].strip()
            if entry:
                file, arg = entry.split(":", 1)
                allowed.setdefault(file.strip(), set()).add(arg.strip())
    return allowed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--allow", help="file of `path:argument` lines that name a path")
    parser.add_argument("paths", nargs="*", default=["engine", "app"])
    args = parser.parse_args()
    allowed = read_allow_list(args.allow)

    count = 0
    for path in source_files(args.root, args.paths):
        if path in EXEMPT:
            continue
        with open(os.path.join(args.root, path), encoding="utf-8", errors="replace") as f:
            text = f.read()
        code = blank_code(text)
        for offset, message in sorted(problems_in(text, code, allowed.get(path, set()))):
            line = code.count("\n", 0, offset) + 1
            print(f"{path}:{line}: {message}")
            count += 1
    if count:
        print(f"{count} narrow path conversion(s): go through engine/core/paths.h")
        return 1
    print("every file name goes through engine/core/paths.h")
    return 0


if __name__ == "__main__":
    sys.exit(main())
