// Game specs with huge sizes are refused with one line, without integer
// overflow (found by tests/fuzz/fuzz_spec under UBSan: "quickcross:3x1000000004").
#include <doctest/doctest.h>

#include "games/registry.h"

using namespace gsolve;

TEST_CASE("specs with huge sides are refused, not overflowed") {
  const auto message = [](const char* spec) {
    try {
      with_game(spec, [](const auto& g) { return g.spec(); });
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(message("quickcross:3x1000000004") ==
        "quickcross board 3x1000000004 is not supported (at most 20 squares)");
  CHECK(message("quickcross:2147483647x2") ==
        "quickcross board 2147483647x2 is not supported (at most 20 squares)");
  CHECK(message("connect4:2x2147483647") ==
        "connect4 board 2x2147483647 does not fit a 64-bit board (need width*(height+1) <= 64)");
  CHECK(message("connect4:2147483647x2") ==
        "connect4 board 2147483647x2 does not fit a 64-bit board (need width*(height+1) <= 64)");
}
