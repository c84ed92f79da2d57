// Reversi's record_from_search hook (src/search/searcher.h): the search score
// is the exact final margin, and the remoteness comes from the second phase
// over the best-score children (src/search/remoteness.h).
#include "games/reversi.h"
#include "src/search/remoteness.h"
#include "src/search/searcher.h"

namespace gsolve::search {

template <>
Record record_from_search(Searcher<Reversi>& searcher, const Reversi::Position& p, int score) {
  return scored_record_by_walk(searcher.game(), searcher, p, score);
}

}  // namespace gsolve::search
