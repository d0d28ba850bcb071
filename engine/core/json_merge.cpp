#include "engine/core/json_merge.h"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace fx {

uint64_t fnv1a64(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : bytes) {
    h ^= uint8_t(c);
    h *= 0x100000001b3ull;
  }
  return h;
}

std::optional<uint64_t> fnv1a64File(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return fnv1a64(bytes);
}

std::string hashHex(uint64_t hash) {
  static const char* const kDigits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) out[size_t(i)] = kDigits[hash & 15];
  return out;
}

Json makeImportRecord(uint64_t hash, const Json& base, const std::string& path) {
  Json r = Json::object();
  if (!path.empty()) r["path"] = path;
  r["fnv1a64"] = hashHex(hash);
  r["base"] = base.dump(-1, ' ', false, Json::error_handler_t::replace);
  return r;
}

std::optional<ImportRecord> readImportRecord(const Json& doc, const std::string& file,
                                             Diagnostics& diags) {
  if (!doc.is_object()) return std::nullopt;
  auto it = doc.find(kImportedFromKey);
  if (it == doc.end()) return std::nullopt;
  const std::string at = std::string("/") + kImportedFromKey;
  auto bad = [&](const std::string& where, const std::string& why) {
    diags.error(file, at + where,
                why + " (import the asset again for a fresh record, or remove \"" +
                    kImportedFromKey + "\" to write every value over the asset)");
    return std::nullopt;
  };
  if (!it->is_object()) return bad("", "expected the import record, got " + describeJson(*it));
  ImportRecord r;
  auto path = it->find("path");
  if (path != it->end()) {
    if (!path->is_string()) return bad("/path", "expected a path, got " + describeJson(*path));
    r.path = path->get<std::string>();
  }
  auto hash = it->find("fnv1a64");
  std::string hex = hash != it->end() && hash->is_string() ? hash->get<std::string>() : "";
  if (hex.size() != 16 || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
    return bad("/fnv1a64", "expected 16 hex digits");
  r.hash = std::stoull(hex, nullptr, 16);
  auto base = it->find("base");
  if (base == it->end() || !base->is_string())
    return bad("/base", "expected the imported values as JSON text");
  Diagnostics parse;
  auto parsed = parseJsonText(base->get<std::string>(), file + at + "/base", parse);
  if (!parsed)
    return bad("/base",
               "not JSON: " + (parse.items.empty() ? std::string() : parse.items[0].message));
  r.base = std::move(*parsed);
  return r;
}

namespace {

bool present(const Json& v) {
  return !v.is_discarded();
}

bool same(const Json& a, const Json& b) {
  return present(a) == present(b) && (!present(a) || a == b);
}

Json orNull(const Json& v) {
  return present(v) ? v : Json();
}

// Arrays merged item by item: same length, and not a vector or bound (all numbers).
bool itemwise(const Json& a, const Json& b, const Json& c) {
  if (!a.is_array() || !b.is_array() || !c.is_array()) return false;
  if (a.size() != b.size() || a.size() != c.size() || a.empty()) return false;
  return !std::all_of(a.begin(), a.end(), [](const Json& v) { return v.is_number(); });
}

// The values `theirs` changed from `base`, one by one (the way merge splits values).
void theirChanges(const Json& base, const Json& theirs, MergeResult& r,
                  const std::string& pointer) {
  if (same(base, theirs)) return;
  if (base.is_object() && theirs.is_object()) {
    const Json absent(Json::value_t::discarded);
    for (auto it = base.begin(); it != base.end(); ++it) {
      auto t = theirs.find(it.key());
      theirChanges(it.value(), t == theirs.end() ? absent : *t, r, pointerJoin(pointer, it.key()));
    }
    for (auto it = theirs.begin(); it != theirs.end(); ++it)
      if (!base.contains(it.key()))
        theirChanges(absent, it.value(), r, pointerJoin(pointer, it.key()));
    return;
  }
  if (itemwise(base, theirs, theirs)) {
    for (size_t i = 0; i < base.size(); ++i)
      theirChanges(base[i], theirs[i], r, pointerJoin(pointer, i));
    return;
  }
  r.theirs.push_back({pointer, orNull(base), orNull(base), orNull(theirs)});
}

Json merge(const Json& base, const Json& mine, const Json& theirs, MergeResult& r,
           const std::string& pointer);

Json mergeObjects(const Json& base, const Json& mine, const Json& theirs, MergeResult& r,
                  const std::string& pointer) {
  const Json absent(Json::value_t::discarded);
  auto at = [&](const Json& o, const std::string& k) -> const Json& {
    auto it = o.find(k);
    return it == o.end() ? absent : *it;
  };
  std::vector<std::string> keys;
  for (const Json* o : {&theirs, &mine, &base})
    for (auto it = o->begin(); it != o->end(); ++it)
      if (std::find(keys.begin(), keys.end(), it.key()) == keys.end()) keys.push_back(it.key());
  Json out = Json::object();
  for (const std::string& k : keys) {
    Json v = merge(at(base, k), at(mine, k), at(theirs, k), r, pointerJoin(pointer, k));
    if (present(v)) out[k] = std::move(v);
  }
  return out;
}

Json merge(const Json& base, const Json& mine, const Json& theirs, MergeResult& r,
           const std::string& pointer) {
  if (same(mine, theirs)) return theirs;
  if (same(mine, base)) {
    theirChanges(base, theirs, r, pointer);
    return theirs;
  }
  if (same(theirs, base)) return mine;
  if (base.is_object() && mine.is_object() && theirs.is_object())
    return mergeObjects(base, mine, theirs, r, pointer);
  if (itemwise(base, mine, theirs)) {
    Json out = Json::array();
    for (size_t i = 0; i < base.size(); ++i)
      out.push_back(merge(base[i], mine[i], theirs[i], r, pointerJoin(pointer, i)));
    return out;
  }
  r.conflicts.push_back({pointer, orNull(base), orNull(mine), orNull(theirs)});
  return theirs;
}

}  // namespace

MergeResult mergeThreeWay(const Json& base, const Json& mine, const Json& theirs,
                          const std::string& pointer) {
  MergeResult r;
  r.merged = merge(base, mine, theirs, r, pointer);
  return r;
}

std::string conflictValueText(const Json& v) {
  if (v.is_null() || v.is_discarded()) return "(none)";
  std::string s = v.dump();
  if (s.size() > 80) s = s.substr(0, 77) + "...";
  return s;
}

void reportMerge(const MergeResult& r, const std::string& mineFile, const std::string& asset,
                 const std::function<std::string(const std::string& pointer)>& where,
                 Diagnostics& diags) {
  for (const MergeConflict& c : r.conflicts)
    diags.error(mineFile, c.pointer,
                "changed here to " + conflictValueText(c.mine) + " and in " + asset +
                    " since the import to " + conflictValueText(c.theirs) + where(c.pointer) +
                    "; imported as " + conflictValueText(c.base) +
                    ". Nothing written: make both the same, or remove \"" + kImportedFromKey +
                    "\" to write every value of yours over " + asset);
  const size_t kNamed = 20;
  for (size_t i = 0; i < r.theirs.size() && i < kNamed; ++i) {
    const MergeConflict& c = r.theirs[i];
    diags.warning(mineFile, c.pointer,
                  "changed in " + asset + " since the import, " + conflictValueText(c.base) +
                      " -> " + conflictValueText(c.theirs) + where(c.pointer) + ": kept");
  }
  if (r.theirs.size() > kNamed)
    diags.warning(mineFile, "",
                  std::to_string(r.theirs.size() - kNamed) + " more values changed in " + asset +
                      " since the import: kept");
}

}  // namespace fx
