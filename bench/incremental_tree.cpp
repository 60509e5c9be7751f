#include "bench/incremental_tree.h"

namespace bench {

IncrementalTree::IncrementalTree(const engine::SetOptions& options) : tree_(options, 0.0) {}

engine::SetStats IncrementalTree::findHits(const engine::AABB& box,
                                           engine::FunctionRef<bool(engine::ItemId)> onHit) const {
    return tree_.query(box, onHit);
}

void IncrementalTree::forEach(engine::FunctionRef<engine::Visit(engine::ItemId, const engine::AABB&)> fn) {
    tree_.forEach(fn);
}

}  // namespace bench
