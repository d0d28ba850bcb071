#include "engine/session/console_commands.h"

#include <algorithm>

namespace fx {

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && isSpace(s[a])) ++a;
  while (b > a && isSpace(s[b - 1])) --b;
  return std::string(s.substr(a, b - a));
}

void tokenize(ConsoleStatement& st) {
  const std::string& s = st.text;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && isSpace(s[i])) ++i;
    if (i >= s.size()) break;
    st.offsets.push_back(i);
    std::string tok;
    if (s[i] == '"') {
      ++i;
      while (i < s.size() && s[i] != '"') {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\')) ++i;
        tok += s[i++];
      }
      if (i < s.size()) ++i;  // closing quote
    } else {
      while (i < s.size() && !isSpace(s[i])) tok += s[i++];
    }
    st.tokens.push_back(std::move(tok));
  }
}

}  // namespace

const std::string& ConsoleStatement::command() const {
  static const std::string kEmpty;
  return tokens.empty() ? kEmpty : tokens[0];
}

std::string ConsoleStatement::rest(size_t n) const {
  if (n >= offsets.size()) return {};
  std::string r = trim(std::string_view(text).substr(offsets[n]));
  return r;
}

std::vector<ConsoleStatement> parseConsoleLine(std::string_view line) {
  std::vector<ConsoleStatement> out;
  if (line.size() > kMaxConsoleLine) line = line.substr(0, kMaxConsoleLine);
  bool quoted = false;
  int depth = 0;  // JSON brackets: `set x {"a": 1}` may hold anything
  size_t start = 0;
  auto flush = [&](size_t end) {
    if (out.size() >= kMaxConsoleStatements) return;
    ConsoleStatement st;
    st.text = trim(line.substr(start, end - start));
    if (st.text.empty()) return;
    tokenize(st);
    out.push_back(std::move(st));
  };
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '\\' && i + 1 < line.size())
        ++i;
      else if (c == '"')
        quoted = false;
      continue;
    }
    if (c == '"')
      quoted = true;
    else if (c == '{' || c == '[')
      ++depth;
    else if ((c == '}' || c == ']') && depth > 0)
      --depth;
    else if (c == ';' && depth == 0) {
      flush(i);
      start = i + 1;
    }
  }
  flush(line.size());
  return out;
}

std::optional<bool> parseConsoleBool(std::string_view t) {
  if (t == "1" || t == "on" || t == "true") return true;
  if (t == "0" || t == "off" || t == "false") return false;
  return std::nullopt;
}

std::vector<std::string> consoleCompletions(std::string_view line,
                                            std::span<const std::string> fieldPaths) {
  // Only the statement after the last ';' is being typed.
  size_t semi = line.rfind(';');
  std::string_view cur = semi == std::string_view::npos ? line : line.substr(semi + 1);
  ConsoleStatement st;
  st.text = std::string(cur);
  tokenize(st);
  bool newToken = cur.empty() || isSpace(cur.back());
  size_t index = newToken ? st.tokens.size() : st.tokens.size() - 1;
  std::string partial = newToken ? std::string() : st.tokens.back();
  std::vector<std::string> pool;
  if (index == 0) {
    for (const auto& c : consoleCommands()) pool.emplace_back(c.name);
  } else if (index == 1) {
    const ConsoleCommandSpec* spec = findConsoleCommand(st.tokens[0]);
    if (!spec) return {};
    switch (spec->arg) {
      case ConsoleArg::Bool:
        pool = {"0", "1"};
        break;
      case ConsoleArg::Mode:
        pool = {"frame", "tick"};
        break;
      case ConsoleArg::Split:
        pool = {"mode", "off", "rate", "set"};
        break;
      case ConsoleArg::Field:
        pool.assign(fieldPaths.begin(), fieldPaths.end());
        break;
      case ConsoleArg::Text:
        if (spec->name == "help")
          for (const auto& c : consoleCommands()) pool.emplace_back(c.name);
        else  // effect ids: the first segment of each field path
          for (const auto& f : fieldPaths) {
            std::string id = f.substr(0, f.find('/'));
            if (!id.empty() && std::find(pool.begin(), pool.end(), id) == pool.end())
              pool.push_back(id);
          }
        break;
      default:
        break;
    }
  } else if (index == 2 && st.tokens[0] == "split") {
    if (st.tokens[1] == "set") pool.assign(fieldPaths.begin(), fieldPaths.end());
    if (st.tokens[1] == "mode") pool = {"frame", "tick"};
  }
  std::vector<std::string> out;
  for (auto& p : pool)
    if (p.compare(0, partial.size(), partial) == 0) out.push_back(p);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string applyCompletion(std::string_view line, std::span<const std::string> candidates) {
  std::string out(line);
  if (candidates.empty()) return out;
  std::string common = candidates[0];
  for (const auto& c : candidates) {
    size_t n = 0;
    while (n < common.size() && n < c.size() && common[n] == c[n]) ++n;
    common.resize(n);
  }
  size_t start = out.size();
  while (start > 0 && !isSpace(out[start - 1]) && out[start - 1] != ';') --start;
  if (common.size() < out.size() - start) return out;
  out = out.substr(0, start) + common;
  if (candidates.size() == 1) out += ' ';
  return out;
}

void CommandHistory::push(std::string line) {
  if (line.empty()) return;
  if (lines_.empty() || lines_.back() != line) lines_.push_back(std::move(line));
  if (lines_.size() > cap_) lines_.erase(lines_.begin());
  cursor_ = lines_.size();
}

std::optional<std::string> CommandHistory::older() {
  if (cursor_ == 0 || lines_.empty()) return std::nullopt;
  return lines_[--cursor_];
}

std::optional<std::string> CommandHistory::newer() {
  if (cursor_ >= lines_.size()) return std::nullopt;
  ++cursor_;
  if (cursor_ == lines_.size()) return std::string();
  return lines_[cursor_];
}

}  // namespace fx
