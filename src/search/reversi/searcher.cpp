// The reversi searcher: the engine over the reversi plug-in (one plug-in for
// every board size: the size is the plug-in's board mask).
#include "src/search/engine.h"
#include "src/search/reversi/plugin.h"
#include "src/search/searcher.h"

namespace gsolve::search {

template <>
std::unique_ptr<SearchImpl<Reversi>> make_search_impl(const Reversi& game, const SearchOptions& o) {
  return std::make_unique<Engine<ReversiPlugin>>(ReversiPlugin(game), o);
}

}  // namespace gsolve::search
