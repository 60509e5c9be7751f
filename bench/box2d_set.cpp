#include "bench/box2d_set.h"

#include <box2d/b2_dynamic_tree.h>

#include <algorithm>
#include <cstdint>

namespace bench {

namespace {

b2AABB toB2(const engine::AABB& b) {
    b2AABB a;
    a.lowerBound.Set(float(b.minX), float(b.minY));
    a.upperBound.Set(float(b.maxX), float(b.maxY));
    return a;
}

void* idToUserData(engine::ItemId id) { return reinterpret_cast<void*>(static_cast<std::intptr_t>(id)); }

engine::ItemId userDataToId(void* p) { return engine::ItemId(reinterpret_cast<std::intptr_t>(p)); }

/// Box2D's Query calls QueryCallback(proxyId) and stops when it returns false.
struct Filter {
    const b2DynamicTree* tree;
    const engine::ItemTable* table;
    const engine::AABB* box;
    engine::FunctionRef<bool(engine::ItemId)>* onHit;
    std::uint64_t tests = 0;
    bool QueryCallback(int32 proxyId) {
        const engine::ItemId id = userDataToId(tree->GetUserData(proxyId));
        ++tests;
        if (!engine::collide(table->box(id), *box)) return true;  // a fat-box-only candidate
        return (*onHit)(id);
    }
};

}  // namespace

Box2dSet::Box2dSet() : tree_(std::make_unique<b2DynamicTree>()) {}

Box2dSet::~Box2dSet() = default;

void Box2dSet::add(engine::ItemId id, const engine::AABB& box) {
    table_.add(id, box);
    if (id >= int(proxyOf_.size()))
        proxyOf_.resize(std::max(std::size_t(id) + 1, 2 * proxyOf_.size()), -1);  // doubling, as the engine's sets do
    proxyOf_[id] = tree_->CreateProxy(toB2(box), idToUserData(id));
}

bool Box2dSet::remove(engine::ItemId id) {
    if (!table_.contains(id)) return false;
    tree_->DestroyProxy(proxyOf_[id]);
    proxyOf_[id] = -1;
    table_.remove(id);
    return true;
}

void Box2dSet::update(engine::ItemId id, const engine::AABB& box) {
    engine::AABB& was = table_.box(id);
    const b2Vec2 d(float(box.minX - was.minX), float(box.minY - was.minY));
    was = box;
    tree_->MoveProxy(proxyOf_[id], toB2(box), d);
}

void Box2dSet::clear() {
    tree_ = std::make_unique<b2DynamicTree>();
    for (engine::ItemId id : table_.ids()) proxyOf_[id] = -1;
    table_.clear();
}

engine::SetStats Box2dSet::findHits(const engine::AABB& box, engine::FunctionRef<bool(engine::ItemId)> onHit) const {
    Filter f{tree_.get(), &table_, &box, &onHit};
    tree_->Query(&f, toB2(box));
    return {f.tests, f.tests};  // Box2D does not report its node visits; candidates are a lower bound
}

void Box2dSet::forEach(engine::FunctionRef<engine::Visit(engine::ItemId, const engine::AABB&)> fn) {
    table_.forEach(fn, [this](engine::ItemId id) { remove(id); });
}

int Box2dSet::height() const { return tree_->GetHeight(); }

double Box2dSet::perimeterRatio() const { return double(tree_->GetAreaRatio()); }

}  // namespace bench
