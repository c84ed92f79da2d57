#include "src/cli/option_ranges.h"

#include <tbb/info.h>

namespace gsolve::cli {

int thread_count(int option_value) { return option_value > 0 ? option_value : tbb::info::default_concurrency(); }

bool parse_size(const std::string& text, std::uint64_t& bytes) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || text.size() > digits + 1) return false;
  std::uint64_t n = 0;
  if (std::from_chars(text.data(), text.data() + digits, n).ec != std::errc{}) return false;
  int shift = 0;
  if (digits < text.size()) {
    switch (text[digits]) {
      case 'K': case 'k': shift = 10; break;
      case 'M': case 'm': shift = 20; break;
      case 'G': case 'g': shift = 30; break;
      case 'T': case 't': shift = 40; break;
      default: return false;
    }
  }
  if (n == 0 || n > (std::numeric_limits<std::uint64_t>::max() >> shift)) return false;
  bytes = n << shift;
  return true;
}

}  // namespace gsolve::cli
