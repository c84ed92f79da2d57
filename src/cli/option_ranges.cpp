#include "src/cli/option_ranges.h"

#include <tbb/info.h>

#include <cctype>
#include <string_view>

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
    const auto unit =
        std::string_view("KMGT").find(static_cast<char>(std::toupper(static_cast<unsigned char>(text[digits]))));
    if (unit == std::string_view::npos) return false;
    shift = 10 * static_cast<int>(unit + 1);
  }
  if (n == 0 || n > (std::numeric_limits<std::uint64_t>::max() >> shift)) return false;
  bytes = n << shift;
  return true;
}

}  // namespace gsolve::cli
