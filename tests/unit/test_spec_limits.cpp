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
  CHECK(message("quickcross:3x1000000004") == "quickcross board 3x1000000004 is not supported (at most 20 squares)");
  CHECK(message("quickcross:2147483647x2") == "quickcross board 2147483647x2 is not supported (at most 20 squares)");
  CHECK(message("connect4:2x2147483647") ==
        "connect4 board 2x2147483647 does not fit a 64-bit board (need width*(height+1) <= 64)");
  CHECK(message("connect4:2147483647x2") ==
        "connect4 board 2147483647x2 does not fit a 64-bit board (need width*(height+1) <= 64)");
}

TEST_CASE("tall narrow connect4 boards play without shifting by 64 or more") {
  // 2x30 and 1x63 fill all 64 bits with their strides (UBSan found the shifts).
  const Connect4 tall(2, 30);
  auto p = tall.start();
  for (int i = 0; i < 6; ++i) p = tall.play(p, static_cast<Connect4::Move>(i % 2));
  CHECK(tall.terminal(p).value == Value::Unknown);
  p = tall.play(p, 0);  // the first player's fourth stone in column 1
  CHECK(tall.terminal(p).value == Value::Lose);
  const Connect4 one(1, 63);
  CHECK(one.terminal(one.start()).value == Value::Unknown);
  CHECK(one.canonical(one.play(one.start(), 0)) == one.play(one.start(), 0));
}
