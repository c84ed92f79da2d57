#include "src/search/table_memory.h"

#include <sys/mman.h>

#include <cstring>
#include <new>

namespace gsolve::search {

TableMemory::TableMemory(std::size_t bytes) : bytes_(bytes) {
  if (bytes >= (std::size_t{16} << 20)) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    data_ = p;
    mmapped_ = true;  // fresh anonymous pages are zero: already clear
  } else {
    data_ = ::operator new (bytes, std::align_val_t{64});
    clear();
  }
}

TableMemory::~TableMemory() {
  if (mmapped_)
    munmap(data_, bytes_);
  else
    ::operator delete (data_, std::align_val_t{64});
}

void TableMemory::clear() { std::memset(data_, 0, bytes_); }

}  // namespace gsolve::search
