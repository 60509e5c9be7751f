// The registry's table, built from registry.def: one pointer to each structure's constant entry.
#include "engine/sets/registry.h"

#include <cassert>
#include <string>

namespace engine {
namespace {

const SetEntry* const kEntries[kSetKindCount] = {
#define ENGINE_COLLISION_SET(Kind, file) &k##Kind##Entry,
#include "engine/sets/registry.def"
#undef ENGINE_COLLISION_SET
};

}  // namespace

const SetEntry& setEntry(SetKind kind) {
    assert(int(kind) >= 0 && int(kind) < kSetKindCount);
    return *kEntries[int(kind)];
}

std::unique_ptr<CollisionSet> makeCollisionSet(SetKind kind, const SetOptions& options) {
    return setEntry(kind).make(options);
}

const char* setKindName(SetKind kind) { return setEntry(kind).name; }

bool parseSetKind(std::string_view name, SetKind& kind) {
    for (int k = 0; k < kSetKindCount; ++k) {
        if (name == kEntries[k]->name) {
            kind = SetKind(k);
            return true;
        }
    }
    return false;
}

std::string setKindNames() {
    std::string names;
    for (int k = 0; k < kSetKindCount; ++k) names += (k > 0 ? ", " : "") + std::string(kEntries[k]->name);
    return names;
}

}  // namespace engine
