// Move text: each line of the input (after the first byte, which picks the
// game) is parsed as a move of the current position and played, from the
// start. parse_move throws ParseError or returns a legal move.
#include <algorithm>

#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gsolve;
  if (size == 0) return 0;
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  fuzz::with_fuzz_game(data[0], [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    auto p = g.start();
    while (!rest.empty() && g.terminal(p).value == Value::Unknown) {
      const auto eol = rest.find('\n');
      const std::string_view line = rest.substr(0, eol);
      rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
      typename G::Move m;
      try {
        m = g.parse_move(p, line);
      } catch (const ParseError&) {
        continue;
      }
      MoveList<G> moves;
      g.generate_moves(p, moves);
      FUZZ_CHECK(std::find(moves.begin(), moves.end(), m) != moves.end());
      p = g.play(p, m);
    }
  });
  return 0;
}
