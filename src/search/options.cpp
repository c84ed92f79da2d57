#include "src/search/options.h"

#include <stdexcept>

namespace gsolve::search {

const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::Narrowing:
      return "narrowing";
    case Algorithm::NegaScout:
      return "negascout";
    case Algorithm::MTDf:
      return "mtdf";
    case Algorithm::AlphaBeta:
      return "alphabeta";
  }
  return "?";
}

Algorithm parse_algorithm(const std::string& name) {
  for (Algorithm a : {Algorithm::Narrowing, Algorithm::NegaScout, Algorithm::MTDf, Algorithm::AlphaBeta})
    if (name == algorithm_name(a)) return a;
  throw std::invalid_argument("unknown search algorithm '" + name +
                              "' (expected narrowing, negascout, mtdf or alphabeta)");
}

}  // namespace gsolve::search
