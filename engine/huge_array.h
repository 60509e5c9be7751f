#pragma once
// A fixed-size array for a big table read at random (the bvh program's member grid): its memory is 2 MiB aligned
// and, on Linux, advised for huge pages (madvise(MADV_HUGEPAGE), a hint the kernel may ignore; elsewhere, e.g.
// under emscripten, it is plain aligned memory). With 4 KiB pages every random read of a table of a few MiB is
// also a TLB miss, and a software prefetch of such a line waits for the page walk; one 2 MiB page covers 512 of
// them. Allocation only: no I/O, no system call other than the advice.
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace engine {

/// Asks the system to back the 2 MiB-aligned pages inside [p, p + bytes) with huge pages; a hint, changes nothing
/// visible. Call before the memory is first touched. Does nothing where there is no such advice.
void adviseHugePages(void* p, std::size_t bytes);

/// size() values of T in one 2 MiB-aligned block advised for huge pages; move-only.
template <class T>
class HugeArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>, "a plain table");

public:
    /// Alignment and rounding of the block: one huge page.
    static constexpr std::size_t kHugePage = std::size_t(1) << 21;

    HugeArray() = default;
    /// n copies of fill.
    HugeArray(std::size_t n, const T& fill) : size_(n) {
        if (n == 0) return;
        const std::size_t bytes = (n * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage;
        data_ = static_cast<T*>(::operator new(bytes, std::align_val_t(kHugePage)));
        adviseHugePages(data_, bytes);
        std::uninitialized_fill_n(data_, n, fill);
    }
    ~HugeArray() { release(); }
    HugeArray(HugeArray&& o) noexcept : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
    HugeArray& operator=(HugeArray&& o) noexcept {
        if (this != &o) {
            release();
            data_ = std::exchange(o.data_, nullptr);
            size_ = std::exchange(o.size_, 0);
        }
        return *this;
    }
    HugeArray(const HugeArray&) = delete;
    HugeArray& operator=(const HugeArray&) = delete;

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T* data() { return data_; }
    const T* data() const { return data_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    T* begin() { return data_; }
    T* end() { return data_ + size_; }
    const T* begin() const { return data_; }
    const T* end() const { return data_ + size_; }
    /// Bytes of the block (whole huge pages).
    std::size_t bytes() const { return size_ == 0 ? 0 : (size_ * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage; }

private:
    void release() {
        if (data_ != nullptr) ::operator delete(data_, std::align_val_t(kHugePage));
        data_ = nullptr;
        size_ = 0;
    }
    T* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace engine
