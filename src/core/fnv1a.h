// FNV-1a, 64 bits: the damage checks of the database's meta table and of the
// Go proof journal's records (not a defence against forgery).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gsolve {

struct Fnv1a64 {
  std::uint64_t h = 14695981039346656037ull;
  void bytes(const void* data, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) h = (h ^ static_cast<const unsigned char*>(data)[i]) * 1099511628211ull;
  }
};

inline std::uint64_t fnv1a64(std::string_view text) {
  Fnv1a64 f;
  f.bytes(text.data(), text.size());
  return f.h;
}

}  // namespace gsolve
