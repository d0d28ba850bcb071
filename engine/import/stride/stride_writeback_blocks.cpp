// Collections in the write-back: which of the preset's emitters and modules are which of the
// asset's, and the collection's lines rewritten when some were added, removed or moved. Items
// the asset keeps without fxview simulating them stay after the item they followed.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string_view>

#include "engine/import/stride/stride_writeback.h"
#include "engine/import/stride/stride_writeback_internal.h"

namespace fx::stride_import::wb {

namespace {

// Emitters are told apart by name, modules by type.
std::string kindOf(const SourceCollection& c, const Json& item) {
  const char* key = c.yamlKey == "Emitters" ? "name" : "type";
  return item.is_object() && item.contains(key) && item[key].is_string()
             ? item[key].get<std::string>()
             : std::string();
}

// How alike two emitters are: the same name first, then the most fields and modules in common.
int likeness(const Json& a, const Json& b) {
  auto name = [](const Json& e) {
    return e.contains("name") && e["name"].is_string() ? e["name"].get<std::string>() : "";
  };
  int score = name(a) == name(b) ? 1000 : 0;
  for (auto it = a.begin(); it != a.end(); ++it) {
    if (!b.contains(it.key())) continue;
    const Json& other = b[it.key()];
    if (it.value() == other) {
      score += 10;
    } else if (it.value().is_array() && other.is_array()) {
      for (size_t k = 0; k < it.value().size() && k < other.size(); ++k)
        score += it.value()[k] == other[k] ? 2 : 0;
    }
  }
  return score;
}

}  // namespace

// For each user item, the base item it is (-1: new): the same item first, then the first of
// the same kind, in order.
std::vector<int> Writer::matchItems(const SourceCollection& c, const Json& user, const Json& base) {
  std::vector<int> match(user.size(), -1);
  if (aligned_ && c.yamlKey == "Emitters" && user.size() == base.size()) {
    for (size_t i = 0; i < user.size(); ++i) match[i] = int(i);
    return match;
  }
  std::vector<bool> used(base.size(), false);
  auto pass = [&](auto&& same) {
    for (size_t i = 0; i < user.size(); ++i) {
      if (match[i] >= 0) continue;
      for (size_t k = 0; k < base.size(); ++k)
        if (!used[k] && same(user[i], base[k])) {
          match[i] = int(k);
          used[k] = true;
          break;
        }
    }
  };
  // Unchanged items in place first, so an edit of one of two alike modules stays on it.
  for (size_t i = 0; i < user.size() && i < base.size(); ++i)
    if (user[i] == base[i]) {
      match[i] = int(i);
      used[i] = true;
    }
  pass([](const Json& a, const Json& b) { return a == b; });
  for (size_t i = 0; i < user.size() && i < base.size(); ++i)
    if (match[i] < 0 && !used[i] && kindOf(c, user[i]) == kindOf(c, base[i])) {
      match[i] = int(i);
      used[i] = true;
    }
  pass([&](const Json& a, const Json& b) { return kindOf(c, a) == kindOf(c, b); });
  // An emitter renamed (or an unnamed one whose made-up name moved with it), else unchanged.
  if (c.yamlKey == "Emitters")
    pass([](const Json& a, const Json& b) {
      if (!a.is_object() || !b.is_object()) return false;
      Json x = a, y = b;
      x.erase("name");
      y.erase("name");
      return x == y;
    });
  return match;
}

void Writer::diffCollection(const SourceCollection& c, const Json& user, const Json& base,
                            const std::string& userPointer) {
  std::vector<int> match = matchItems(c, user, base);
  bool same = user.size() == base.size();
  for (size_t i = 0; i < user.size(); ++i) {
    same = same && match[i] == int(i);
    if (match[i] >= 0)
      diff(user[i], base[size_t(match[i])], c.pointer + "/" + std::to_string(match[i]),
           userPointer + "/" + std::to_string(i));
  }
  if (!same) rewrite(c, user, match, userPointer);
}

void Writer::rewrite(const SourceCollection& c, const Json& user, const std::vector<int>& match,
                     const std::string& userPointer) {
  if (!c.key.valid() || size_t(c.key.line) >= doc_.lines.size()) return;
  Rewrite r;
  r.keyLine = size_t(c.key.line);
  r.end = blockEnd(doc_, r.keyLine, size_t(c.key.column));
  r.itemsBegin = c.items.empty() ? r.keyLine + 1 : size_t(c.items[0].key.line);
  size_t indent = c.items.empty() ? size_t(c.key.column) + 4 : size_t(c.items[0].key.column);
  auto blockOf = [&](const SourceCollection::Item& item) {
    size_t begin = size_t(item.key.line);
    return Rewrite::Block{begin, blockEnd(doc_, begin, size_t(item.key.column))};
  };
  // Kept items follow the nearest earlier item that is still there (-1: the front).
  std::vector<bool> stays(c.items.size(), false);
  for (int m : match)
    for (size_t k = 0; k < c.items.size(); ++k)
      if (m >= 0 && c.items[k].listIndex == m) stays[k] = true;
  auto keptAfter = [&](int anchor) {
    int last = -1;
    for (size_t k = 0; k < c.items.size(); ++k) {
      if (c.items[k].listIndex >= 0) {
        if (stays[k]) last = c.items[k].listIndex;
        continue;
      }
      if (last == anchor) r.items.push_back(blockOf(c.items[k]));
    }
  };
  keptAfter(-1);
  for (size_t i = 0; i < user.size(); ++i) {
    int m = match[i];
    if (m < 0) {
      auto lines = newModule(c, user[i], indent, userPointer + "/" + std::to_string(i));
      if (lines) r.items.push_back(std::move(*lines));
      continue;
    }
    for (const auto& item : c.items)
      if (item.listIndex == m) r.items.push_back(blockOf(item));
    keptAfter(m);
  }
  rewrites_[r.keyLine] = std::move(r);
}

std::optional<std::vector<std::string>> Writer::newModule(const SourceCollection& c,
                                                          const Json& user, size_t indent,
                                                          const std::string& userPointer) {
  if (c.yamlKey == "Emitters") return newEmitter(c, user, indent);
  if (c.yamlKey == "KeyFrames") return newKeyFrame(user, indent, userPointer);
  return strideModuleBlock(c.yamlKey, user, indent, presetFile_, userPointer, diags_);
}

// Emitters added, removed or moved: the Emitters mappings rewritten in the preset's order (kept
// emitters keep their bytes, a new one is written as below). True when any was rewritten.
bool Writer::arrangeEmitters(const std::vector<Json>& users, const std::vector<Json>& mines) {
  bool any = false;
  for (size_t i = 0; i < users.size() && i < mines.size(); ++i) {
    std::string p = "/effects/" + std::to_string(i) + "/definition/emitters";
    auto c = collections_.find(p);
    const Json &user = users[i]["emitters"], &base = mines[i]["emitters"];
    if (c == collections_.end() || !user.is_array() || !base.is_array()) continue;
    std::vector<int> match = matchItems(*c->second, user, base);
    bool same = user.size() == base.size();
    for (size_t k = 0; k < match.size(); ++k) same = same && match[k] == int(k);
    if (same) continue;
    baseEmitters_ = &base;
    rewrite(*c->second, user, match, p);
    baseEmitters_ = nullptr;
    any = true;
  }
  return any;
}

namespace {

// The block's item id keys (`<32 hex>:` or `<32 hex>~Name:`) given fresh ids.
void freshIds(std::vector<std::string>& lines) {
  for (auto& l : lines) {
    size_t i = indentOf(l);
    if (l.size() < i + 33 || (l[i + 32] != ':' && l[i + 32] != '~')) continue;
    bool hex = true;
    for (size_t k = i; k < i + 32; ++k)
      hex = hex && std::isxdigit(static_cast<unsigned char>(l[k]));
    if (hex) l.replace(i, 32, newItemId());
  }
}

// A new emitter when the particle system has none to copy: Stride's fresh emitter (billboards,
// the particle colour, no modules); its values are written into it afterwards.
constexpr const char* kNewEmitter =
    "ParticleLifetime: {X: 1.0, Y: 1.0}\n"
    "ShapeBuilder: !ShapeBuilderBillboard\n"
    "    SamplerPosition: null\n"
    "    SamplerSize: null\n"
    "    SamplerRotation: null\n"
    "Material: !ParticleMaterialComputeColor\n"
    "    ComputeColor: !ComputeVertexStreamColor\n"
    "        Stream: !ColorVertexStreamDefinition {}\n"
    "    UVBuilder: null\n"
    "    ForceTexCoords: false\n"
    "Spawners: {}\n"
    "Initializers: {}\n"
    "Updaters: {}\n";

}  // namespace

// A new emitter: a copy of the asset's emitter it is most like (its shape builder, material and
// kept modules with it), every item id in it fresh, as Stride's editor writes a copied emitter;
// the preset's values are written into it afterwards like every edit.
std::optional<std::vector<std::string>> Writer::newEmitter(const SourceCollection& c,
                                                           const Json& user, size_t indent) {
  int best = -1, bestScore = -1;
  for (size_t k = 0; baseEmitters_ && k < baseEmitters_->size(); ++k)
    if (int s = likeness(user, (*baseEmitters_)[k]); s > bestScore) {
      best = int(k);
      bestScore = s;
    }
  std::vector<std::string> out;
  for (const auto& item : c.items) {
    if (best < 0 || item.listIndex != best) continue;
    size_t begin = size_t(item.key.line), end = blockEnd(doc_, begin, size_t(item.key.column));
    size_t from = size_t(item.key.column);
    for (size_t l = begin; l < end; ++l) {
      const std::string& t = doc_.lines[l].text;
      out.push_back(std::string(indent, ' ') + (t.size() > from ? t.substr(from) : std::string()));
    }
  }
  if (out.empty()) {
    out.push_back(std::string(indent, ' ') + "00000000000000000000000000000000:");
    std::string name = user.value("name", "");
    if (!name.empty())
      out.push_back(std::string(indent + 4, ' ') + "EmitterName: " + yamlText(name));
    for (size_t p = 0, nl; (nl = std::string_view(kNewEmitter).find('\n', p)) != std::string::npos;
         p = nl + 1)
      out.push_back(std::string(indent + 4, ' ') + std::string(kNewEmitter + p, nl - p));
  }
  freshIds(out);
  return out;
}

// A new curve key as Stride writes one: `<id>: {Key, Value, TangentType: Linear}` as a block.
std::optional<std::vector<std::string>> Writer::newKeyFrame(const Json& user, size_t indent,
                                                            const std::string& userPointer) {
  auto number = [&](const Json& v, std::string& out) {
    if (!v.is_number() || !std::isfinite(v.get<double>()) || std::fabs(v.get<double>()) > 3.4e38)
      return false;
    out = strideFloat(v.get<float>());
    return true;
  };
  std::string key, value;
  const Json v = user.is_object() && user.contains("value") ? user["value"] : Json();
  bool ok = user.is_object() && number(user.value("key", Json()), key);
  auto flow = [&](std::initializer_list<const char*> names, auto&& part) {
    value = "{";
    size_t i = 0;
    for (const char* n : names) {
      std::string t;
      ok = ok && number(part(i, n), t);
      value += std::string(i++ ? ", " : "") + n + ": " + t;
    }
    value += "}";
  };
  if (v.is_number()) {
    ok = ok && number(v, value);
  } else if (v.is_object()) {
    const char* lower[] = {"r", "g", "b", "a"};
    flow({"R", "G", "B", "A"}, [&](size_t i, const char*) { return v.value(lower[i], Json()); });
  } else if (v.is_array() && (v.size() == 3 || v.size() == 4)) {
    auto at = [&](size_t i, const char*) { return v[i]; };
    if (v.size() == 3)
      flow({"X", "Y", "Z"}, at);
    else
      flow({"X", "Y", "Z", "W"}, at);
  } else {
    ok = false;
  }
  if (!ok) {
    cannot(userPointer, "a new curve key needs a finite key and value");
    return std::nullopt;
  }
  std::string pad(indent + 4, ' ');
  return std::vector<std::string>{std::string(indent, ' ') + newItemId() + ":", pad + "Key: " + key,
                                  pad + "Value: " + value, pad + "TangentType: Linear"};
}

void Writer::renderRange(size_t begin, size_t end, std::string& out) const {
  for (size_t i = begin; i < end && i < doc_.lines.size();) {
    auto r = rewrites_.find(i);
    if (r != rewrites_.end()) {
      renderRewrite(r->second, out);
      i = std::max(r->second.end, i + 1);
      continue;
    }
    renderLine(i, out);
    ++i;
  }
}

void Writer::renderRewrite(const Rewrite& r, std::string& out) const {
  const Line& key = doc_.lines[r.keyLine];
  std::string text = key.text;
  bool emptyFlow = text.size() >= 3 && text.compare(text.size() - 3, 3, " {}") == 0;
  if (r.items.empty() && !emptyFlow) text += " {}";
  if (!r.items.empty() && emptyFlow) text.resize(text.size() - 3);
  out += text + (key.eol.empty() ? doc_.newline : key.eol);
  for (const auto& extra : key.after) out += extra + doc_.newline;
  renderRange(r.keyLine + 1, r.itemsBegin, out);
  for (const auto& item : r.items) {
    if (!out.empty() && out.back() != '\n') out += doc_.newline;
    if (const auto* b = std::get_if<Rewrite::Block>(&item)) {
      renderRange(b->begin, b->end, out);
    } else {
      for (const auto& l : std::get<std::vector<std::string>>(item)) out += l + doc_.newline;
    }
  }
}

}  // namespace fx::stride_import::wb
