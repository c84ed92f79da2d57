// Zeroed, cache-line aligned memory for transposition tables. Tables of 16 MB
// and more are anonymous mappings (fresh pages are zero, so "clear" costs
// nothing at start) with transparent huge pages requested: a probe of a big
// table is a TLB miss otherwise.
#pragma once

#include <cstddef>

namespace gsolve::search {

class TableMemory {
 public:
  explicit TableMemory(std::size_t bytes);
  ~TableMemory();
  TableMemory(const TableMemory&) = delete;
  TableMemory& operator=(const TableMemory&) = delete;

  void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }
  void clear();  // every byte 0

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  bool mmapped_ = false;
};

}  // namespace gsolve::search
