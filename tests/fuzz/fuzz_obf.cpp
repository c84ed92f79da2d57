// OBF lines (the FFO test positions, tests/data/reversi/*.obf: 64 squares, the
// side to move, then "; move:score" pairs) read by Reversi::parse on 8x8, with
// the position text contract of fuzz_check.h.
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const gsolve::Reversi game = gsolve::Reversi::from_options("8x8");
  gsolve::fuzz::check_position_text(game, std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
