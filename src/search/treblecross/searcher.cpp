// The treblecross searcher: the engine over the treblecross plug-in.
#include "src/search/searcher.h"

#include <cstdlib>

#include "src/search/engine.h"
#include "src/search/treblecross/plugin.h"

namespace gsolve::search {

template <>
std::unique_ptr<SearchImpl<Treblecross>> make_search_impl(const Treblecross& game, const SearchOptions& o) {
  return std::make_unique<Engine<TreblecrossPlugin>>(TreblecrossPlugin(game), o);
}

// The score fixes the remoteness: a game decided with m marks on the board
// scores +-(N + 1 - m); a tie fills the board.
template <>
Record record_from_search(Searcher<Treblecross>& searcher, const Treblecross::Position& p, int score) {
  const int n = searcher.game().cells(), marks = __builtin_popcountll(p.cells);
  if (score == 0) return Record{Value::Tie, static_cast<std::uint16_t>(n - marks), 0};
  const int end = n + 1 - std::abs(score);
  return Record{score > 0 ? Value::Win : Value::Lose, static_cast<std::uint16_t>(end - marks), 0};
}

}  // namespace gsolve::search
