// Game specs ("connect4:5x4", "quickcross:3x4,connect=3"): with_game either
// throws ParseError or builds a game whose canonical spec names the same game.
#include <string>

#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gsolve;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string spec;
  try {
    spec = with_game(text, [](const auto& g) {
      const auto start = g.start();
      (void)g.terminal(start);
      (void)g.format(start);
      return std::string(g.spec());
    });
  } catch (const ParseError&) {
    return 0;
  }
  // The canonical spec parses again, to itself.
  const std::string again = with_game(spec, [](const auto& g) { return std::string(g.spec()); });
  FUZZ_CHECK(again == spec);
  return 0;
}
