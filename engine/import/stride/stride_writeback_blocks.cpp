// Collections in the write-back: which of the preset's emitters and modules are which of the
// asset's, and the collection's lines rewritten when some were added, removed or moved. Items
// the asset keeps without fxview simulating them stay after the item they followed.
#include <algorithm>

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

}  // namespace

// For each user item, the base item it is (-1: new): the same item first, then the first of
// the same kind, in order.
std::vector<int> Writer::matchItems(const SourceCollection& c, const Json& user, const Json& base) {
  std::vector<int> match(user.size(), -1);
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
  if (c.yamlKey == "Emitters") {
    cannot(userPointer,
           "a new emitter: fxview writes new modules into an asset's emitters, not new emitters");
    return std::nullopt;
  }
  return strideModuleBlock(c.yamlKey, user, indent, presetFile_, userPointer, diags_);
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
