#pragma once
// A vector with its capacity fixed at compile time and its items inside the object: the fight state's lists
// (a fighter's member leaves, its attack boxes of the frame) use it so the whole state stays trivially copyable and
// a rollback save is one plain copy. Only what the rules need: push_back, clear, indexing, iteration in order.
#include <cassert>
#include <cstddef>

namespace sim {

/// Up to N items of T stored inline; T must be trivially copyable for the vector to be.
template <class T, int N>
class FixedVector {
public:
    /// Most items it holds.
    static constexpr int kCapacity = N;

    /// Number of items.
    std::size_t size() const { return std::size_t(size_); }
    /// True when it holds no item.
    bool empty() const { return size_ == 0; }
    /// True when another push_back would not fit.
    bool full() const { return size_ == N; }
    /// Drops every item.
    void clear() { size_ = 0; }
    /// Appends an item (the caller keeps within the capacity: its loader refuses data that would not fit).
    void push_back(const T& item) {
        assert(size_ < N);
        if (size_ < N) items_[size_++] = item;
    }
    /// Item i (0-based, i < size()).
    T& operator[](std::size_t i) { return items_[i]; }
    /// Item i (0-based, i < size()).
    const T& operator[](std::size_t i) const { return items_[i]; }
    /// First item, for range-for.
    T* begin() { return items_; }
    /// Past the last item.
    T* end() { return items_ + size_; }
    /// First item, for range-for.
    const T* begin() const { return items_; }
    /// Past the last item.
    const T* end() const { return items_ + size_; }

private:
    T items_[N] = {};
    int size_ = 0;
};

}  // namespace sim
