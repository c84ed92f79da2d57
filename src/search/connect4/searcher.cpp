// The Connect 4 searcher: the engine over the Connect 4 plug-in, with the
// board geometry fixed at compile time for the usual sizes (every shift a
// constant) and at run time for the others.
#include "src/search/searcher.h"

#include "src/search/connect4/plugin.h"
#include "src/search/connect4/pons_score.h"
#include "src/search/engine.h"

namespace gsolve::search {

template <>
std::unique_ptr<SearchImpl<Connect4>> make_search_impl(const Connect4& game, const SearchOptions& o) {
  const int w = game.width(), h = game.height();
#define GSOLVE_C4_SIZE(W, H)                                                             \
  if (w == W && h == H) {                                                                \
    using Geo = connect4::Connect4FixedGeometry<W, H>;                                   \
    return std::make_unique<Engine<Connect4Plugin<Geo>>>(Connect4Plugin<Geo>(Geo{}), o); \
  }
  GSOLVE_C4_SIZE(7, 6)
#ifndef GSOLVE_C4_FAST_BUILD
  GSOLVE_C4_SIZE(4, 4)
  GSOLVE_C4_SIZE(5, 4)
  GSOLVE_C4_SIZE(4, 5)
  GSOLVE_C4_SIZE(5, 5)
  GSOLVE_C4_SIZE(6, 4)
  GSOLVE_C4_SIZE(4, 6)
  GSOLVE_C4_SIZE(6, 5)
  GSOLVE_C4_SIZE(5, 6)
  GSOLVE_C4_SIZE(7, 4)
  GSOLVE_C4_SIZE(7, 5)
  GSOLVE_C4_SIZE(6, 6)
#endif
#undef GSOLVE_C4_SIZE
  using Dyn = connect4::Connect4Geometry;
  return std::make_unique<Engine<Connect4Plugin<Dyn>>>(Connect4Plugin<Dyn>(Dyn(w, h)), o);
}

// The Pons score fixes the remoteness.
template <>
Record record_from_search(Searcher<Connect4>& searcher, const Connect4::Position& p, int score) {
  return record_from_score(searcher.game(), searcher.game().stones(p), score);
}

}  // namespace gsolve::search
