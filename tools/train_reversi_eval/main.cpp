// gsolve-train-reversi: makes the training data of the 8x8 or 6x6 (--size 6)
// pattern evaluation (src/search/reversi/pattern_eval.h) and fits its weights,
// from nothing but gsolve's own endgame search (tools/train_reversi_eval.sh runs it).
//
//   data: games from the start, each move random or (half the time) the one
//         that leaves the opponent fewest moves, stopped at 12..19 empties;
//         each position solved exactly, then its principal variation walked
//         down to 10 empties (every position on it has the same exact score,
//         seen from its side to move). Records: own, opp (u64), score (i8).
//         With --label-weights (bootstrapping the stages too deep to solve):
//         each stop position alone, labelled by a depth-limited search on
//         those weights (eval_search.h) instead of the exact search.
//   fit:  stochastic gradient descent on the squared error, every record in its
//         8 symmetric images (and, with --share, in the neighbouring stages
//         too), a tenth held out to report the error (per stage);
//         weights quantised to 1/64 disc.
// Deterministic with --seed (one search thread; the table cleared per game).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "games/reversi.h"
#include "games/reversi_kernel.h"
#include "src/search/reversi/eval_search.h"
#include "src/search/reversi/pattern_eval.h"
#include "src/search/searcher.h"

namespace {

using gsolve::Reversi;
using gsolve::reversi::BoardPatternEval;
using gsolve::reversi::PatternEval;
using u64 = std::uint64_t;

struct Sample {
  u64 own, opp;
  std::int8_t score;
};

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

struct DataRange {
  int min_empties = 12, max_empties = 19;  // each game stops at a random number of empties in this range
  int down_to = 10;                        // the principal variation is kept down to this many empties
  std::string label_weights;               // when set: label by a search on these weights, not exactly
  int label_depth = 4;                     // the depth of that search
};

// The score of own to move by a depth-limited search on the 8x8 evaluation,
// in whole discs (a bootstrapped label).
int bootstrap_label(const PatternEval& eval, u64 own, u64 opp, int depth) {
  std::uint64_t nodes = 0;
  const int v = gsolve::reversi::eval_search(eval, own, opp, ~(own | opp), depth, -(1 << 20), 1 << 20, nodes);
  const int discs = (v + (v >= 0 ? PatternEval::kScale / 2 : -PatternEval::kScale / 2)) / PatternEval::kScale;
  return std::clamp(discs, -64, 64);
}

// Empty squares of a position of reversi:NxN.
int empties_on(int n, u64 own, u64 opp) {
  return gsolve::reversi::count(gsolve::reversi::board_mask(n) & ~(own | opp));
}

void make_data(int size, int games, std::uint64_t seed, const DataRange& range, const std::string& out_path) {
  const auto t0 = std::chrono::steady_clock::now();
  const Reversi game(size);
  gsolve::search::SearchOptions so;
  so.threads = 1;
  so.hash_mb = 16;
  gsolve::search::Searcher<Reversi> searcher(game, so);
  std::mt19937_64 rng(seed);
  std::vector<Sample> data;
  gsolve::MoveList<Reversi> moves;
  if (!range.label_weights.empty() && size != 8)
    throw std::runtime_error("--label-weights: bootstrapped labels are made on 8x8 only");
  const PatternEval label_eval = range.label_weights.empty() ? PatternEval() : PatternEval::load(range.label_weights);
  for (int g = 0; g < games; ++g) {
    const int target =
        range.min_empties + static_cast<int>(rng() % static_cast<unsigned>(range.max_empties - range.min_empties + 1));
    Reversi::Position p = game.start();
    while (empties_on(size, p.own, p.opp) > target && !game.terminal(p).primitive()) {
      game.generate_moves(p, moves);
      Reversi::Move m = moves[rng() % moves.size()];
      if (rng() & 1) {  // fastest first: the opponent's fewest moves
        int least = 99;
        for (const auto c : moves) {
          const auto q = game.play(p, c);
          const int k =
              gsolve::reversi::count(gsolve::reversi::legal_moves(q.own, q.opp) & gsolve::reversi::board_mask(size));
          if (k < least) least = k, m = c;
        }
      }
      p = game.play(p, m);
    }
    if (game.terminal(p).primitive()) continue;
    if (label_eval.stages() > 0) {
      data.push_back(
          {p.own, p.opp, static_cast<std::int8_t>(bootstrap_label(label_eval, p.own, p.opp, range.label_depth))});
      continue;
    }
    searcher.clear();
    int score = searcher.solve(p);
    const auto pv = searcher.principal_variation(p, score);
    for (const auto m : pv) {
      if (empties_on(size, p.own, p.opp) < range.down_to) break;
      if (m != Reversi::kPass) data.push_back({p.own, p.opp, static_cast<std::int8_t>(score)});
      p = game.play(p, m);
      score = -score;
    }
    if ((g + 1) % (label_eval.stages() > 0 ? 20000 : 1000) == 0)
      std::fprintf(stderr, "data: %d games, %zu positions, %.0f s\n", g + 1, data.size(), seconds_since(t0));
  }
  std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
  for (const Sample& s : data) {
    out.write(reinterpret_cast<const char*>(&s.own), 8);
    out.write(reinterpret_cast<const char*>(&s.opp), 8);
    out.write(reinterpret_cast<const char*>(&s.score), 1);
  }
  if (!out.flush()) throw std::runtime_error("cannot write " + out_path);
  std::printf("data: %d games, %zu positions, %zu bytes, %.1f s\n", games, data.size(), data.size() * 17,
              seconds_since(t0));
}

std::vector<Sample> read_data(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<Sample> data;
  Sample s;
  while (in.read(reinterpret_cast<char*>(&s.own), 8) && in.read(reinterpret_cast<char*>(&s.opp), 8) &&
         in.read(reinterpret_cast<char*>(&s.score), 1))
    data.push_back(s);
  return data;
}

template <int N>
void fit(const std::vector<std::string>& in_paths, const std::string& out_path, int epochs, int share,
         std::uint64_t seed) {
  using PatternEval = BoardPatternEval<N>;
  const auto empties_of = [](const Sample& s) { return empties_on(N, s.own, s.opp); };
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<Sample> data;
  for (const std::string& path : in_paths) {
    const std::vector<Sample> part = read_data(path);
    data.insert(data.end(), part.begin(), part.end());
  }
  std::mt19937_64 rng(seed);
  std::shuffle(data.begin(), data.end(), rng);
  const std::size_t held = data.size() / 10;
  int stages = 1;
  for (const Sample& s : data) stages = std::max(stages, PatternEval::stage_of(empties_of(s)) + 1);
  const int per = PatternEval::weights_per_stage();
  std::vector<float> w(static_cast<std::size_t>(stages) * per, 0.0f);
  int f[PatternEval::kFeatures];
  const auto predict = [&](u64 own, u64 opp, int stage) {
    PatternEval::features(own, opp, f);
    float sum = 0;
    for (const int i : f) sum += w[static_cast<std::size_t>(stage) * per + i];
    return sum;
  };
  // Mean |error| of the held-out records, in all and per stage.
  std::vector<double> stage_abs(static_cast<std::size_t>(stages));
  std::vector<std::size_t> stage_held(static_cast<std::size_t>(stages));
  const auto held_error = [&] {
    double abs = 0;
    std::fill(stage_abs.begin(), stage_abs.end(), 0.0);
    std::fill(stage_held.begin(), stage_held.end(), 0);
    for (std::size_t k = 0; k < held; ++k) {
      const int stage = PatternEval::stage_of(empties_of(data[k]));
      const double e = std::fabs(predict(data[k].own, data[k].opp, stage) - data[k].score);
      abs += e;
      stage_abs[static_cast<std::size_t>(stage)] += e;
      ++stage_held[static_cast<std::size_t>(stage)];
    }
    return held ? abs / static_cast<double>(held) : 0.0;
  };
  for (int epoch = 0; epoch < epochs; ++epoch) {
    std::shuffle(data.begin() + static_cast<std::ptrdiff_t>(held), data.end(), rng);
    const float rate = 0.004f / (1.0f + static_cast<float>(epoch) * 0.3f);
    double sq = 0;
    for (std::size_t k = held; k < data.size(); ++k) {
      const int stage = PatternEval::stage_of(empties_of(data[k]));
      for (int s = 0; s < 8; ++s) {
        const u64 own = gsolve::reversi::transform(data[k].own, s, N),
                  opp = gsolve::reversi::transform(data[k].opp, s, N);
        // The record trains its own stage and, with --share K, the K stages on each side.
        for (int t = std::max(0, stage - share); t <= std::min(stages - 1, stage + share); ++t) {
          const float err = static_cast<float>(data[k].score) - predict(own, opp, t);
          if (t == stage) sq += static_cast<double>(err) * err;
          for (const int i : f) w[static_cast<std::size_t>(t) * per + i] += rate * err;
        }
      }
    }
    std::fprintf(stderr, "fit: epoch %d, training rms %.2f, held-out mean |error| %.2f discs\n", epoch + 1,
                 std::sqrt(sq / (8.0 * static_cast<double>(data.size() - held))), held_error());
  }
  std::vector<std::int16_t> q(w.size());
  for (std::size_t j = 0; j < w.size(); ++j)
    q[j] = static_cast<std::int16_t>(std::clamp<long>(std::lround(w[j] * PatternEval::kScale), -32767, 32767));
  const PatternEval eval(stages, std::move(q));
  eval.save(out_path);
  std::printf("fit: %zu positions (%zu held out), %d stages, held-out mean |error| %.2f discs, %.1f s\n", data.size(),
              held, stages, held_error(), seconds_since(t0));
  for (int st = 0; st < stages; ++st) {
    const std::size_t n = stage_held[static_cast<std::size_t>(st)];
    std::printf("fit: stage %d-%d empties: %zu held out, mean |error| %.2f discs\n",
                PatternEval::kFirstEmpties + st * PatternEval::kStageWidth,
                PatternEval::kFirstEmpties + st * PatternEval::kStageWidth + PatternEval::kStageWidth - 1, n,
                n ? stage_abs[static_cast<std::size_t>(st)] / static_cast<double>(n) : 0.0);
  }
}

}  // namespace

int main(int argc, char** argv) {
  // Labels come from the search alone: the shipped weights play no part (a
  // later round may order its exact searches with an earlier round's weights).
  CLI::App app{"gsolve-train-reversi: training data and weights of the 8x8 or 6x6 pattern evaluation"};
  app.require_subcommand(1);
  std::uint64_t seed = 1;
  int games = 1000, epochs = 8, share = 0, size = 8;
  app.add_option("--size", size, "Board: reversi:NxN")->check(CLI::IsMember({6, 8}))->capture_default_str();
  std::string data_path, out_path, order_with;
  std::vector<std::string> data_paths;
  auto* data = app.add_subcommand("data", "Play and solve positions: records of exact scores");
  data->add_option("--games", games, "Games (positions solved)")->capture_default_str();
  data->add_option("--seed", seed, "Random seed")->capture_default_str();
  data->add_option("--out", data_path, "Data file")->required();
  data->add_option("--order-with", order_with,
                   "Weights that order the (still exact) searches, from an earlier round; default: none");
  DataRange range;
  data->add_option("--min-empties", range.min_empties, "Fewest empties a game stops at")->capture_default_str();
  data->add_option("--max-empties", range.max_empties, "Most empties a game stops at")->capture_default_str();
  data->add_option("--down-to", range.down_to, "Principal variation kept down to this many empties")
      ->capture_default_str();
  data->add_option("--label-weights", range.label_weights,
                   "Label each stop position by a search on these weights instead of exactly (bootstrapping)");
  data->add_option("--label-depth", range.label_depth, "Depth of that search")->capture_default_str();
  auto* fitting = app.add_subcommand("fit", "Fit the weights to a data file");
  fitting->add_option("--data", data_paths, "Data files (their records together)")->required();
  fitting->add_option("--out", out_path, "Weights file")->required();
  fitting->add_option("--epochs", epochs, "Passes over the data")->capture_default_str();
  fitting->add_option("--seed", seed, "Random seed (shuffling)")->capture_default_str();
  fitting->add_option("--share", share, "Each record also trains this many neighbouring stages on each side")
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  const std::string eval_variable = size == 6 ? "GSOLVE_REVERSI_EVAL_6X6" : "GSOLVE_REVERSI_EVAL";
  setenv(eval_variable.c_str(), order_with.empty() ? "off" : order_with.c_str(), 1);
  try {
    if (*data)
      make_data(size, games, seed, range, data_path);
    else if (size == 6)
      fit<6>(data_paths, out_path, epochs, share, seed);
    else
      fit<8>(data_paths, out_path, epochs, share, seed);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gsolve-train-reversi: error: %s\n", e.what());
    return 2;
  }
  return 0;
}
