#pragma once
// The registry of collision structures: which ones exist (engine/sets/registry.def, one line each), what they are
// called, how to make one. Everything that counts or names structures (the Blaster's number keys and scripts, the
// HUD, the benchmark's columns, the typed test suite) asks here, so adding a structure is one file plus one line and
// the interface (collision_set.h) never includes an implementation.
//
// Each structure's own .cpp defines its entry (kKindEntry) as a constant: a name and a factory function, so the
// table below is constant-initialised and there is no registration order to get wrong.
#include "engine/collision_set.h"

#include <memory>
#include <string>
#include <string_view>

namespace engine {

/// Every registered structure, in registry.def's order (the order the Blaster's number keys select them).
enum class SetKind {
#define ENGINE_COLLISION_SET(Kind, file) Kind,
#include "engine/sets/registry.def"
#undef ENGINE_COLLISION_SET
};

/// Number of registered structures.
inline constexpr int kSetKindCount = 0
#define ENGINE_COLLISION_SET(Kind, file) +1
#include "engine/sets/registry.def"
#undef ENGINE_COLLISION_SET
    ;

/// What the registry knows of one structure; its .cpp defines it.
struct SetEntry {
    const char* name;                                            ///< as scripts, the HUD and the bench spell it
    std::unique_ptr<CollisionSet> (*make)(const SetOptions&);    ///< a new, empty structure
};

#define ENGINE_COLLISION_SET(Kind, file) extern const SetEntry k##Kind##Entry;
#include "engine/sets/registry.def"
#undef ENGINE_COLLISION_SET

/// The entry of a kind.
const SetEntry& setEntry(SetKind kind);
/// Makes a structure of the given kind.
std::unique_ptr<CollisionSet> makeCollisionSet(SetKind kind, const SetOptions& options = {});
/// Short name of a kind.
const char* setKindName(SetKind kind);
/// Sets kind from its setKindName() spelling; false (kind untouched) when the name is unknown.
bool parseSetKind(std::string_view name, SetKind& kind);
/// Every registered name, separated by ", " (for messages that list the choices).
std::string setKindNames();

}  // namespace engine
