#include "engine/effects/stride/stride_children.h"

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

namespace {

constexpr EnumOption kGroupOptions[] = {
    {"group_0", int32_t(ParentGroup::Group0), "The parent's control group 0."},
    {"group_1", int32_t(ParentGroup::Group1), "The parent's control group 1."},
    {"group_2", int32_t(ParentGroup::Group2), "The parent's control group 2."},
    {"group_3", int32_t(ParentGroup::Group3), "The parent's control group 3."},
    {"none", int32_t(ParentGroup::None), "No control group."},
};

// The fields a trigger needs on the parent (the distance trigger reads old positions).
uint32_t triggerFields(SpawnTrigger t) {
  return t == SpawnTrigger::Distance ? kFieldOldPosition : 0u;
}

}  // namespace

std::span<const EnumOption> parentGroupOptions() {
  return kGroupOptions;
}

int findEmitter(const SystemDef& sys, std::string_view name) {
  for (size_t i = 0; i < sys.emitters.size() && i < kMaxEmitters; ++i)
    if (sys.emitters[i].name == name) return int(i);
  return -1;
}

ParentLinks parentLinks(const SystemDef& sys, size_t index) {
  ParentLinks links;
  for (const EmitterDef& child : sys.emitters) {
    for (const SpawnerModule& s : child.spawners) {
      if (s.type != SpawnerKind::FromParent || !s.enabled) continue;
      if (findEmitter(sys, s.parent) != int(index)) continue;
      links.fields |= triggerFields(s.trigger);
      if (s.group == ParentGroup::None) continue;
      links.fields |= childrenField(int(s.group));
      links.delayDeath = true;
    }
    for (const InitializerModule& m : child.initializers)
      if (m.type == InitializerKind::OrderParent && findEmitter(sys, m.parent) == int(index))
        links.fields |= kFieldChildOrder;
  }
  return links;
}

bool hasChildren(const SystemDef& sys) {
  for (const EmitterDef& e : sys.emitters) {
    for (const SpawnerModule& s : e.spawners)
      if (s.type == SpawnerKind::FromParent) return true;
    for (const InitializerModule& m : e.initializers)
      if (isParentInitializer(m.type)) return true;
  }
  return false;
}

}  // namespace fx::stride
