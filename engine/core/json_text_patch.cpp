#include "engine/core/json_text_patch.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

// The original text is read by RapidJSON (Debian: rapidjson-dev, header-only): its SAX reader
// calls the handler as the stream consumes each token, so the stream's Tell() gives every value's
// and key's byte span. nlohmann's SAX interface reports no positions, and yaml-cpp reads JSON as
// YAML and marks only where a node starts (not where it ends, and tab-indented or CRLF JSON reads
// as YAML's rules say, not JSON's). RapidJSON's grammar is strict JSON, as nlohmann's is (no
// comments, no trailing commas); every patched text is read back by nlohmann before it is used.
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include "engine/core/text.h"

namespace fx {
namespace {

constexpr size_t kNone = std::string::npos;

// One value of the original text: its span and, for an object member, its key's.
struct TextNode {
  enum class Kind : uint8_t { Scalar, Object, Array };
  Kind kind = Kind::Scalar;
  size_t begin = 0, end = 0;                // the value's text [begin, end)
  size_t keyBegin = kNone, keyEnd = kNone;  // a member's key, quotes included
  std::string key;
  std::vector<TextNode> children;  // members or elements, in text order
};

bool isSeparator(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ':';
}

// RapidJSON SAX handler: a scalar's or key's callback comes right after its token was consumed, so
// Tell() is the token's end; every token starts at the first character after the previous token
// that is not whitespace, ',' or ':'.
class SpanReader {
 public:
  SpanReader(const std::string& text, size_t base, const rapidjson::MemoryStream& is)
      : text_(text), base_(base), is_(is), prevEnd_(base) {}

  bool Null() { return scalar(); }
  bool Bool(bool) { return scalar(); }
  bool Int(int) { return scalar(); }
  bool Uint(unsigned) { return scalar(); }
  bool Int64(int64_t) { return scalar(); }
  bool Uint64(uint64_t) { return scalar(); }
  bool Double(double) { return scalar(); }
  bool RawNumber(const char*, rapidjson::SizeType, bool) { return scalar(); }
  bool String(const char*, rapidjson::SizeType, bool) { return scalar(); }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    keyBegin_ = start();
    keyEnd_ = prevEnd_ = here();
    key_.assign(s, n);
    return true;
  }
  bool StartObject() { return open(TextNode::Kind::Object); }
  bool EndObject(rapidjson::SizeType) { return close(); }
  bool StartArray() { return open(TextNode::Kind::Array); }
  bool EndArray(rapidjson::SizeType) { return close(); }

  std::optional<TextNode> root;

 private:
  size_t here() const { return base_ + is_.Tell(); }
  size_t start() const {
    size_t p = prevEnd_;
    while (p < text_.size() && isSeparator(text_[p])) ++p;
    return p;
  }
  TextNode make(TextNode::Kind kind, size_t begin) const {
    TextNode n{.kind = kind, .begin = begin};
    if (!stack_.empty() && stack_.back().kind == TextNode::Kind::Object) {
      n.keyBegin = keyBegin_;
      n.keyEnd = keyEnd_;
      n.key = key_;
    }
    return n;
  }
  bool scalar() {
    TextNode n = make(TextNode::Kind::Scalar, start());
    n.end = prevEnd_ = here();
    place(std::move(n));
    return true;
  }
  // Brackets by their place in the text: the iterative reader calls these before it consumes
  // the bracket, the recursive one after.
  bool open(TextNode::Kind kind) {
    const size_t at = start();
    if (at >= text_.size() || text_[at] != (kind == TextNode::Kind::Object ? '{' : '['))
      return false;
    stack_.push_back(make(kind, at));
    prevEnd_ = at + 1;
    return true;
  }
  bool close() {
    TextNode n = std::move(stack_.back());
    stack_.pop_back();
    const size_t at = start();
    if (at >= text_.size() || text_[at] != (n.kind == TextNode::Kind::Object ? '}' : ']'))
      return false;
    n.end = prevEnd_ = at + 1;
    place(std::move(n));
    return true;
  }
  void place(TextNode n) {
    if (stack_.empty())
      root = std::move(n);
    else
      stack_.back().children.push_back(std::move(n));
  }

  const std::string& text_;
  size_t base_;
  const rapidjson::MemoryStream& is_;
  size_t prevEnd_;
  std::vector<TextNode> stack_;
  size_t keyBegin_ = kNone, keyEnd_ = kNone;
  std::string key_;
};

std::optional<TextNode> readSpans(const std::string& text) {
  const size_t base = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  rapidjson::MemoryStream is(text.data() + base, text.size() - base);
  SpanReader spans(text, base, is);
  rapidjson::Reader reader;
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag |
                              rapidjson::kParseNumbersAsStringsFlag |
                              rapidjson::kParseValidateEncodingFlag;
  if (reader.Parse<kFlags>(is, spans).IsError()) return std::nullopt;
  return std::move(spans.root);
}

std::optional<Json> parseQuietly(const std::string& text) {
  try {
    return Json::parse(text);
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

// --- The file's style ---------------------------------------------------------------------------

struct TextStyle {
  std::string eol = "\n";
  std::string unit = "  ";  // one level of indentation
};

// CRLF when any line ends so; the indentation unit of the first indented line (a tab), else the
// narrowest run of leading spaces.
TextStyle styleOf(const std::string& text) {
  TextStyle s;
  if (text.find("\r\n") != kNone) s.eol = "\r\n";
  size_t narrowest = 0;
  for (size_t p = 0; p < text.size();) {
    size_t lineEnd = std::min(text.find('\n', p), text.size());
    size_t q = p;
    while (q < lineEnd && text[q] == ' ') ++q;
    const bool blank = text.find_first_not_of(" \t\r", p) >= lineEnd;
    if (!blank && q == p && text[p] == '\t' && narrowest == 0) {
      s.unit = "\t";
      return s;
    }
    if (!blank && q > p && (narrowest == 0 || q - p < narrowest)) narrowest = q - p;
    p = lineEnd + 1;
  }
  if (narrowest > 0) s.unit.assign(narrowest, ' ');
  return s;
}

size_t lineStart(const std::string& text, size_t pos) {
  size_t nl = pos == 0 ? kNone : text.rfind('\n', pos - 1);
  return nl == kNone ? 0 : nl + 1;
}

// Only spaces and tabs between the start of its line and `pos`.
bool firstOnLine(const std::string& text, size_t pos) {
  size_t ls = lineStart(text, pos);
  return text.find_first_not_of(" \t", ls) >= pos;
}

std::string lineIndent(const std::string& text, size_t pos) {
  size_t ls = lineStart(text, pos);
  size_t end = std::min(text.find_first_not_of(" \t", ls), pos);
  return text.substr(ls, end - ls);
}

// --- New values as text -------------------------------------------------------------------------

bool integerToken(std::string_view t) {
  return !t.empty() && (t[0] == '-' || (t[0] >= '0' && t[0] <= '9')) &&
         t.find_first_of(".eE") == std::string_view::npos;
}

// A number written as an integer before stays one when its new value is whole.
std::string numberText(const Json& v, std::string_view oldToken) {
  if (v.is_number_float() && integerToken(oldToken)) {
    double d = v.get<double>();
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15)
      return std::to_string(int64_t(d));
  }
  return dumpJson(v);
}

// Formats values in the file's style; a value replacing another takes its layout (one line or
// one item a line) and its numbers' integer form.
class Formatter {
 public:
  Formatter(const std::string& text, const TextStyle& style) : text_(text), style_(style) {}

  bool spansLines(const TextNode& n) const {
    size_t nl = text_.find('\n', n.begin);
    return nl != kNone && nl < n.end;
  }

  // One item a line: as the value it replaces was, else when it holds a non-empty container.
  bool multiLine(const Json& v, const TextNode* old) const {
    if (!v.is_structured() || v.empty()) return false;
    if (old && old->kind != TextNode::Kind::Scalar) return spansLines(*old);
    return std::any_of(v.begin(), v.end(),
                       [](const Json& c) { return c.is_structured() && !c.empty(); });
  }

  std::string value(const Json& v, const std::string& indent, const TextNode* old,
                    bool multi) const {
    if (!v.is_structured()) {
      std::string_view token;
      if (old && old->kind == TextNode::Kind::Scalar)
        token = std::string_view(text_).substr(old->begin, old->end - old->begin);
      return v.is_number() ? numberText(v, token) : dumpJson(v);
    }
    const bool object = v.is_object();
    if (v.empty()) return object ? "{}" : "[]";
    const std::string inner = indent + style_.unit;
    std::string out(1, object ? '{' : '[');
    size_t i = 0;
    for (auto it = v.begin(); it != v.end(); ++it, ++i) {
      const TextNode* oc = oldChild(old, object ? it.key() : std::string(), i);
      out += i ? "," : "";
      out += multi ? style_.eol + inner : (i ? " " : "");
      if (object) out += dumpJson(Json(it.key())) + ": ";
      out += value(*it, inner, oc, multi && multiLine(*it, oc));
    }
    if (multi) out += style_.eol + indent;
    out += object ? '}' : ']';
    return out;
  }

 private:
  static const TextNode* oldChild(const TextNode* old, const std::string& key, size_t i) {
    if (!old || old->kind == TextNode::Kind::Scalar) return nullptr;
    if (old->kind == TextNode::Kind::Array)
      return i < old->children.size() ? &old->children[i] : nullptr;
    for (const TextNode& c : old->children)
      if (c.key == key) return &c;
    return nullptr;
  }

  const std::string& text_;
  const TextStyle& style_;
};

// --- JSON Pointers ------------------------------------------------------------------------------

std::vector<std::string> pointerTokens(const std::string& pointer) {
  std::vector<std::string> out;
  for (size_t p = 0; p < pointer.size() && pointer[p] == '/';) {
    size_t next = std::min(pointer.find('/', p + 1), pointer.size());
    std::string t;
    for (size_t i = p + 1; i < next; ++i) {
      if (pointer[i] == '~' && i + 1 < next) {
        t += pointer[i + 1] == '1' ? '/' : '~';
        ++i;
      } else {
        t += pointer[i];
      }
    }
    out.push_back(std::move(t));
    p = next;
  }
  return out;
}

std::string parentPointer(const std::string& pointer) {
  size_t slash = pointer.rfind('/');
  return slash == kNone ? std::string() : pointer.substr(0, slash);
}

const TextNode* findNode(const TextNode& root, const std::string& pointer) {
  const TextNode* n = &root;
  for (const std::string& t : pointerTokens(pointer)) {
    if (n->kind == TextNode::Kind::Object) {
      auto it = std::find_if(n->children.begin(), n->children.end(),
                             [&](const TextNode& c) { return c.key == t; });
      n = it == n->children.end() ? nullptr : &*it;
    } else if (n->kind == TextNode::Kind::Array && !t.empty() &&
               t.find_first_not_of("0123456789") == kNone && t.size() < 10) {
      size_t i = std::stoul(t);
      n = i < n->children.size() ? &n->children[i] : nullptr;
    } else {
      n = nullptr;
    }
    if (!n) return nullptr;
  }
  return n;
}

const Json* jsonAt(const Json& j, const std::string& pointer) {
  try {
    return &j.at(Json::json_pointer(pointer));
  } catch (const nlohmann::json::exception&) {
    return nullptr;
  }
}

// --- What changed -------------------------------------------------------------------------------

struct Change {
  bool remove = false;
  std::string pointer;
  Json value;  // the new value (not for a removal)
};

bool within(const std::string& pointer, const std::string& container) {
  return pointer == container || pointer.starts_with(container + "/");
}

// Containers written again whole: an array whose length changed (its elements' positions
// moved), an object empty in the text that gains keys. Outermost first.
std::vector<std::string> wholeContainers(const Json& patch, const Json& before, const Json& after,
                                         const TextNode& root) {
  std::set<std::string> whole;
  for (const Json& op : patch) {
    const std::string kind = op.value("op", ""), path = op.value("path", "");
    if (kind != "add" && kind != "remove") continue;
    const std::string parent = parentPointer(path);
    const Json* p = jsonAt(kind == "add" ? after : before, parent);
    const TextNode* pn = findNode(root, parent);
    if ((p && p->is_array()) ||
        (kind == "add" && pn && pn->kind == TextNode::Kind::Object && pn->children.empty()))
      whole.insert(parent);
  }
  std::vector<std::string> out;
  for (const std::string& w : whole)  // sorted: an ancestor comes before what it holds
    if (std::none_of(out.begin(), out.end(), [&](const std::string& o) { return within(w, o); }))
      out.push_back(w);
  return out;
}

std::vector<Change> changesBetween(const Json& before, const Json& after, const TextNode& root) {
  const Json patch = Json::diff(before, after);
  std::vector<std::string> whole = wholeContainers(patch, before, after, root);
  std::vector<Change> out;
  for (const std::string& w : whole)
    if (const Json* v = jsonAt(after, w)) out.push_back({.pointer = w, .value = *v});
  for (const Json& op : patch) {
    const std::string path = op.value("path", "");
    if (std::any_of(whole.begin(), whole.end(),
                    [&](const std::string& w) { return within(path, w); }))
      continue;
    if (op.value("op", "") == "remove")
      out.push_back({.remove = true, .pointer = path});
    else
      out.push_back({.pointer = path, .value = op.value("value", Json())});
  }
  return out;
}

// --- Patching -----------------------------------------------------------------------------------

struct Edit {
  size_t begin = 0, end = 0;
  std::string text;
  size_t order = 0;
};

class Patcher {
 public:
  Patcher(const std::string& text, const TextNode& root)
      : text_(text), root_(root), style_(styleOf(text)), format_(text, style_) {}

  bool apply(const std::vector<Change>& changes) {
    for (const Change& c : changes)
      if (c.remove) removed_.insert(c.pointer);
    for (const Change& c : changes)
      if (!(c.remove ? remove(c.pointer) : set(c.pointer, c.value))) return false;
    return true;
  }

  // The edits applied in text order; nullopt when two overlap.
  std::optional<std::string> result() {
    std::sort(edits_.begin(), edits_.end(), [](const Edit& a, const Edit& b) {
      if (a.begin != b.begin) return a.begin < b.begin;
      if ((a.end == a.begin) != (b.end == b.begin)) return a.end == a.begin;  // inserts first
      return a.order < b.order;
    });
    std::string out;
    size_t pos = 0;
    for (const Edit& e : edits_) {
      if (e.begin < pos) return std::nullopt;
      out.append(text_, pos, e.begin - pos);
      out += e.text;
      pos = e.end;
    }
    out.append(text_, pos, kNone);
    return out;
  }

  std::string why;

 private:
  void edit(size_t begin, size_t end, std::string text) {
    edits_.push_back({begin, end, std::move(text), edits_.size()});
  }

  bool set(const std::string& pointer, const Json& v) {
    if (const TextNode* n = findNode(root_, pointer)) {
      bool multi = n->kind == TextNode::Kind::Scalar ? format_.multiLine(v, nullptr)
                                                     : format_.spansLines(*n);
      edit(n->begin, n->end, format_.value(v, lineIndent(text_, n->begin), n, multi));
      return true;
    }
    const TextNode* parent = findNode(root_, parentPointer(pointer));
    if (!parent || parent->kind != TextNode::Kind::Object || parent->children.empty()) {
      why = "the text has no place for " + pointer;
      return false;
    }
    insertMember(*parent, pointerTokens(pointer).back(), v);
    return true;
  }

  // After the object's last member, laid out as it is.
  void insertMember(const TextNode& object, const std::string& key, const Json& v) {
    const TextNode& last = object.children.back();
    const bool ownLine = firstOnLine(text_, last.keyBegin);
    const std::string indent = ownLine ? lineIndent(text_, last.keyBegin) : std::string();
    std::string colon = text_.substr(last.keyEnd, last.begin - last.keyEnd);
    if (colon.find('\n') != kNone) colon = ": ";
    edit(last.end, last.end,
         "," + (ownLine ? style_.eol + indent : std::string(" ")) + dumpJson(Json(key)) + colon +
             format_.value(v, indent, nullptr, ownLine && format_.multiLine(v, nullptr)));
  }

  // A member goes with its line (or, sharing a line, with its comma).
  bool remove(const std::string& pointer) {
    const std::string parentPtr = parentPointer(pointer);
    const TextNode* parent = findNode(root_, parentPtr);
    const TextNode* n = findNode(root_, pointer);
    if (!n) return true;  // not in the text either
    if (!parent || parent->kind != TextNode::Kind::Object) {
      why = "cannot remove " + pointer + " from the text";
      return false;
    }
    const auto& kids = parent->children;
    const size_t i = size_t(n - kids.data());
    auto gone = [&](size_t k) {
      return removed_.count(parentPtr + "/" + escapeToken(kids[k].key)) > 0;
    };
    size_t kept = i + 1;
    while (kept < kids.size() && gone(kept)) ++kept;
    size_t keptBefore = 0;
    while (keptBefore < i && gone(keptBefore)) ++keptBefore;
    if (kept == kids.size() && keptBefore == i) {
      // Every member goes: the first one empties the object.
      if (i == 0) edit(parent->begin + 1, parent->end - 1, "");
    } else if (kept < kids.size()) {
      const TextNode& next = kids[i + 1];
      if (firstOnLine(text_, n->keyBegin) && firstOnLine(text_, next.keyBegin))
        edit(lineStart(text_, n->keyBegin), lineStart(text_, next.keyBegin), "");
      else
        edit(n->keyBegin, next.keyBegin, "");
    } else {
      edit(kids[i - 1].end, n->end, "");
    }
    return true;
  }

  static std::string escapeToken(const std::string& key) {
    std::string out;
    for (char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    return out;
  }

  const std::string& text_;
  const TextNode& root_;
  TextStyle style_;
  Formatter format_;
  std::vector<Edit> edits_;
  std::set<std::string> removed_;
};

// `original` parsed, with the changes made as the patch makes them.
std::optional<Json> expectedAfter(const Json& parsed, const std::vector<Change>& changes) {
  Json out = parsed;
  try {
    for (const Change& c : changes) {
      if (!c.remove) {
        out[Json::json_pointer(c.pointer)] = c.value;
        continue;
      }
      Json::json_pointer p(c.pointer);
      Json* parent = &out[p.parent_pointer()];
      if (parent->is_object()) parent->erase(p.back());
    }
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
  return out;
}

std::optional<std::string> patchJsonText(const std::string& original, const Json& before,
                                         const Json& after, std::string& why) {
  std::optional<Json> parsed = parseQuietly(original);
  std::optional<TextNode> root = parsed ? readSpans(original) : std::nullopt;
  if (!root) {
    why = "its text does not read as JSON";
    return std::nullopt;
  }
  std::vector<Change> changes = changesBetween(before, after, *root);
  if (changes.empty()) return original;
  Patcher patcher(original, *root);
  if (!patcher.apply(changes)) {
    why = patcher.why;
    return std::nullopt;
  }
  std::optional<std::string> text = patcher.result();
  std::optional<Json> expected = expectedAfter(*parsed, changes);
  std::optional<Json> got = text ? parseQuietly(*text) : std::nullopt;
  if (!expected || !got || *got != *expected) {
    why = "the patched text would not read back as the edited document";
    return std::nullopt;
  }
  return text;
}

// Numbers `original` wrote as integers stay integers where their values are whole.
void keepIntegers(Json& out, const Json& original) {
  if (out.is_number_float() && original.is_number_integer()) {
    double d = out.get<double>();
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15) out = int64_t(d);
  } else if (out.is_object() && original.is_object()) {
    for (auto& [key, value] : out.items())
      if (auto it = original.find(key); it != original.end()) keepIntegers(value, *it);
  } else if (out.is_array() && original.is_array()) {
    for (size_t i = 0; i < out.size() && i < original.size(); ++i)
      keepIntegers(out[i], original[i]);
  }
}

}  // namespace

std::string rewriteJsonText(const std::string& original, const Json& after) {
  Json out = after;
  if (std::optional<Json> parsed = parseQuietly(original)) keepIntegers(out, *parsed);
  const TextStyle style = styleOf(original);
  const bool tabs = style.unit == "\t";
  std::string text = out.dump(tabs ? 1 : int(style.unit.size()), tabs ? '\t' : ' ', false,
                              Json::error_handler_t::replace);
  if (style.eol != "\n") {
    std::string crlf;
    for (char c : text) crlf += c == '\n' ? style.eol : std::string(1, c);
    text = std::move(crlf);
  }
  if (original.empty() || original.ends_with('\n')) text += style.eol;
  if (original.starts_with("\xEF\xBB\xBF")) text = "\xEF\xBB\xBF" + text;
  return text;
}

JsonTextSave saveJsonText(const std::string& original, const Json& before, const Json& after) {
  JsonTextSave r;
  if (original.empty()) {
    r.text = rewriteJsonText(original, after);
    r.why = "no text was read from it";
    return r;
  }
  if (std::optional<std::string> text = patchJsonText(original, before, after, r.why)) {
    r.text = std::move(*text);
    r.patched = true;
    r.why.clear();
    return r;
  }
  r.text = rewriteJsonText(original, after);
  return r;
}

}  // namespace fx
