// Position text of every game: the first byte picks the game (fuzz_check.h),
// the rest is the text; fuzz::check_position_text states the contract.
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  gsolve::fuzz::with_fuzz_game(data[0], [&](const auto& g) { gsolve::fuzz::check_position_text(g, text); });
  return 0;
}
