// Options of a search (src/search/engine.h) and the root drivers that turn
// window searches into an exact score.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace gsolve::search {

// How Searcher::solve finds the exact score at the root (all give the same score).
enum class Algorithm {
  Narrowing,  // default: null-window probes narrow [min, max], nearer 0 first (Pons); NegaScout nodes
  NegaScout,  // one full-window search; each node scouts its younger children with a null window
  MTDf,       // MTD(f): null-window probes stepping from the first guess 0 to the score
  AlphaBeta,  // one full-window search, plain fail-soft alpha-beta (no scout windows)
};
// "narrowing", "negascout", "mtdf", "alphabeta"; parse throws std::invalid_argument.
const char* algorithm_name(Algorithm a);
Algorithm parse_algorithm(const std::string& name);

struct SearchOptions {
  int threads = 1;             // task_arena concurrency (1 = sequential, no tasks)
  std::size_t hash_mb = 64;    // transposition table budget, MiB (power-of-two buckets)
  int split_depth = -1;        // plies below the root where brothers may run in parallel; -1 = the game's default
  int min_split_empties = -1;  // no split where fewer empty squares remain; -1 = the game's default
  std::optional<Algorithm> algorithm{};  // none: the game's default (its plug-in's kDefaultAlgorithm)
  bool killers = false;                  // killer moves break ties in move ordering (costs nodes on Connect 4)
  bool history = false;                  // the history heuristic does (costs nodes on Connect 4)
  // Lines of progress on long searches (the Go prover's finished tests); none when empty.
  std::function<void(const std::string&)> progress{};
  // Go: its proof tests' children are cut again down to this many plies below
  // them (root_split.h; -1: its default), and the tests closed are kept in
  // this journal file and taken from it (proof_journal.h; "": none).
  int cut_plies = -1;
  std::string journal{};
};

}  // namespace gsolve::search
