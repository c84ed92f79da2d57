#include "src/search/go/prover.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "src/search/go/benson.h"
#include "src/search/go/move_predictor.h"
#include "src/search/go/thread_cache.h"
#include "src/search/stop.h"
#ifdef GSOLVE_GO_MEASURE_PROOF
#include "tools/go_measure/proof_profile.h"
#endif
#ifdef GSOLVE_GO_MEASURE_ORDER
#include <utility>

#include "tools/go_measure/order_oracle.h"
#endif
#ifdef GSOLVE_GO_MEASURE_PREDICT
#include "tools/go_measure/proven_dump.h"
#endif
#ifdef GSOLVE_GO_MEASURE_DAG
#include <utility>

#include "tools/go_measure/dag_profile.h"
#endif

namespace gsolve::search::go {
#ifdef GSOLVE_GO_MEASURE_DAG
namespace {
std::uint64_t dag_parent_key = 0, dag_parent_serial = 0;  // of the expansion that descends (one thread)
}  // namespace
#endif

GoProver::GoProver(const Go& go, std::size_t table_bytes)
    : GoProver(go, std::make_shared<ProofTable>(table_bytes, false)) {}

std::vector<Go::Move> points_from_centre(const Go& go) {
  std::vector<Go::Move> points;
  for (int m = 0; m < go.points(); ++m) points.push_back(static_cast<Go::Move>(m));
  const auto distance = [&](Go::Move m) {
    const int x = m % go.width(), y = m / go.width();
    return std::abs(2 * x - (go.width() - 1)) + std::abs(2 * y - (go.height() - 1));
  };
  std::stable_sort(points.begin(), points.end(), [&](Go::Move a, Go::Move b) { return distance(a) < distance(b); });
  return points;
}

// The pass last: the order only breaks ties between children with the same
// numbers (the first is searched), and a pass seldom decides a proof. On the
// 5x5 tests along GNU Go's line (plies 8-13, one thread, `--hash 1024`)
// 66.4M expansions in all against 71.6M with the pass first; 4x4 the same.
GoProver::GoProver(const Go& go, std::shared_ptr<ProofTable> table)
    : line_(go), order_(points_from_centre(go)), table_(std::move(table)), predictor_(shipped_move_predictor(go)) {
  order_.push_back(Go::kPass);
}

std::uint64_t GoProver::hash(const LineNode& n, int t) const {
  const std::uint64_t extra = n.state() | static_cast<std::uint64_t>(goal_) << 8 |
                              static_cast<std::uint64_t>(static_cast<std::uint32_t>(t)) << 16;
  return mix_board(n.canonical_black, n.canonical_white, extra);
}

bool GoProver::ended(const LineNode& n, int t, Numbers& out) const {
  const Go::Position p = n.position();
  if (p.passes < 2) return false;
  int score = line_.go().final_score(p);
  if (goal_ == Goal::Value) score *= kScale;
  out = score >= t ? Numbers{0, kInfinity} : Numbers{kInfinity, 0};
  return true;
}

bool GoProver::bounded(const LineNode& n, int t, Numbers& out, ExploredBoards& seen) const {
  const Go& go = line_.go();
  const Go::Position p = n.position();
  // Each side's area lies between what it keeps and what the other does not keep.
  const int points = go.points();
  const bool black = p.black_to_move;
  const auto lower = [&](std::uint64_t own_area) {
    const int score = go.score(2 * std::popcount(own_area) - points, black);
    return goal_ == Goal::Value ? lowest_value(score) : score;
  };
  const auto upper = [&](std::uint64_t opp_area) {
    const int score = go.score(points - 2 * std::popcount(opp_area), black);
    return goal_ == Goal::Value ? highest_value(score) : score;
  };
  // Whether the colour's kept area decides, with the conditions its territory
  // needs: the colour gets a move before the game ends (not so when it has
  // just passed: the other side ends the game by passing too), and the
  // history check.
  const auto decides = [&](bool black, std::uint64_t stones, std::uint64_t others, const auto& holds) {
    const KeptArea kept = kept_area(go, stones, others);
    if (!holds(kept.points)) return false;
    if (!kept.grows()) return true;
    const bool moves_before_end = black == static_cast<bool>(p.black_to_move) || p.passes == 0;
    if (moves_before_end && !line_.has_more_stones(black, stones)) {
      seen.grows(black, stones);
      return true;
    }
    return holds(kept.safe);
  };
  if (decides(p.black_to_move, p.own(), p.opp(), [&](std::uint64_t area) { return lower(area) >= t; })) {
    out = {0, kInfinity};
    return true;
  }
  if (decides(!p.black_to_move, p.opp(), p.own(), [&](std::uint64_t area) { return upper(area) < t; })) {
    out = {kInfinity, 0};
    return true;
  }
  return false;
}

// A new node's numbers from its board as it stands (df-pn+'s heuristic
// initialisation): its area score if the game ended now, against the goal.
// Each point short of the goal costs kPointWeight unit proofs, each point at
// or over it as many unit disproofs, so the search tries first the lines that
// look won (or lost) already. Estimates only: an answer never depends on them.
// Weight 32 measured best of 2-64 on 3x4, 4x3, 2x6, 3x5 and 4x4 (empty, after
// b2, a1, b2 c3): 17.9M expansions in all against 37.8M with (1, 1). On the
// 5x5 tests along GNU Go's line (plies 8-13, one thread) 64, 96 and 128 need
// 71.6M-71.8M expansions against 83.8M with 32, and ply 7 with 2 threads
// 140.6M (96) against 158.1M (32); 96 is also the best of them on 4x4.
GoProver::Numbers GoProver::initial_numbers(const LineNode& n, int t) const {
  constexpr int kPointWeight = 96;
  const int score_goal = goal_ == Goal::Score ? t : score_of(t);
  const int over = line_.go().final_score(n.position()) - score_goal;  // >= 0: the goal holds as the board stands
  return {static_cast<std::uint32_t>(1 + kPointWeight * std::max(0, -over)),
          static_cast<std::uint32_t>(1 + kPointWeight * std::max(0, over + 1))};
}

void GoProver::evaluate(Child& c, int t) {
  c.seen = ExploredBoards::none();
  c.hits = SuperkoHits{};
  c.pending = false;
  if (ended(c.node, t, c.numbers)) return add_if_lost(c);
  ProofTable::Entry e;
  if (table_->find_numbers(key(c.node, t), c.hash, e)) {
    c.numbers = {e.phi, e.delta};
    // An estimate: the node was searched, so the static bounds did not decide it there.
    if (e.phi != 0 && e.delta != 0) return;
    table_->prefetch_result(c.hash);
    c.pending = true;
    return;
  }
  evaluate_statically(c, t);
  // Undecided: its numbers kept, so that a return to the parent finds them
  // without the bounds' work again.
  if (c.numbers.phi != 0 && c.numbers.delta != 0) table_->store_guess(c.hash, c.numbers.phi, c.numbers.delta);
}

void GoProver::evaluate_result(Child& c, int t) {
  Certificate cert;
  if (table_->find_result(key(c.node, t), c.hash, c.numbers.phi, c.numbers.delta, cert)) {
    if (line_.usable_child(cert, c.node, c.hits)) {
      c.seen = line_.seen_of(cert, c.node);
      return;
    }
  }
  evaluate_statically(c, t);
}

void GoProver::evaluate_statically(Child& c, int t) {
  if (bounded(c.node, t, c.numbers, c.seen)) return add_if_lost(c);
  c.numbers = initial_numbers(c.node, t);
}

void GoProver::add_if_lost(Child& c) {
  if (c.numbers.delta == 0) c.seen.add(c.node.black, c.node.white, c.node.invariant_key);
}

GoProver::Child* GoProver::frame(int ply) {
  while (static_cast<int>(frames_.size()) <= ply) frames_.push_back(std::make_unique<Child[]>(Go::kMaxMoves + 1));
  return frames_[ply].get();
}

GoProver::Numbers GoProver::mid(int t, std::uint32_t th_phi, std::uint32_t th_delta, ExploredBoards& seen,
                                SuperkoHits& hits) {
  ++nodes_;
  if ((nodes_ & ((std::uint64_t{1} << 22) - 1)) == 0 && heartbeat_) heartbeat_(nodes_, line_.top() - root_);
  if ((nodes_ & 4095) == 0) {
    if ((deadline_ && std::chrono::steady_clock::now() >= *deadline_) || search::stop_requested()) throw TimedOut{};
    if (stop_ && stop_()) throw Stopped{};
  }
  const std::uint64_t nodes_before = nodes_;
  if (goal_ == Goal::Value && line_.top() >= kScale - 1)  // the combined value holds lines shorter than kScale
    throw std::runtime_error("go: a line of play longer than " + std::to_string(kScale - 1) + " plies");
  // The node is read in place: until a child is pushed below it (the line's
  // storage may move as it grows), then again from the line.
  const LineNode* n = &line_.back();
  const int child_t = goal_ == Goal::Score ? child_score_goal(t) : child_value_goal(t);
  const Go& go = line_.go();
  const Go::Position p = n->position();
  Child* kids = frame(line_.top() - root_);
#ifdef GSOLVE_GO_MEASURE_PROOF
  go_measure::profile_enter(p, line_.top(), t);
  int descents = 0, first_descent = -1;
  std::uint64_t child_work[Go::kMaxMoves + 1] = {};
#endif
#ifdef GSOLVE_GO_MEASURE_DAG
  const std::uint64_t dag_key = hash(*n, t), dag_serial = nodes_;
  {
    ProofTable::Entry e;
    Certificate cert;
    go_measure::Held held = go_measure::Held::Nothing;
    if (table_->find_numbers(key(*n, t), dag_key, e))
      held = e.phi != 0 && e.delta != 0                                       ? go_measure::Held::Estimate
             : table_->find_result(key(*n, t), dag_key, e.phi, e.delta, cert) ? go_measure::Held::Result
                                                                              : go_measure::Held::ResultNumbers;
    go_measure::dag_enter(n->black_to_move, dag_key, dag_parent_key, dag_parent_serial, held);
  }
#endif
  SuperkoHits forbidden;  // earlier boards that superko forbids a move to recreate
  int count = 0;
#ifdef GSOLVE_GO_MEASURE_DAG
  int cycles_in_search = 0, cycles_above = 0;
#endif
  for (const Go::Move m : order_) {
    Go::Position q;
    if (!go.try_play(p, m, q)) continue;  // occupied or suicide
    Child& c = kids[count];
    line_.make_child(*n, m, q, c.node);
    if (m != Go::kPass) {
      const int r = line_.repeat_index(c.node);
      if (r >= 0) {
#ifdef GSOLVE_GO_MEASURE_DAG
        ++(r > root_ ? cycles_in_search : cycles_above);
#endif
#ifndef GSOLVE_GO_MEASURE_NO_SUPERKO_CERT  // the unsound measurement build stores results whatever superko forbade
        forbidden.add(r);
#endif
        continue;
      }
    }
    c.hash = hash(c.node, child_t);
    ++count;
  }
#ifdef GSOLVE_GO_MEASURE_DAG
  go_measure::dag_cycles(p.black_to_move, cycles_in_search, cycles_above);
#endif
  // The child df-pn prefers while its delta is under prefer_k16 / 16 times
  // the least of its siblings' (below).
  int preferred = -1;
  std::uint64_t prefer_k16 = kPreferFactor16;
#ifdef GSOLVE_GO_MEASURE_ORDER
  std::uint64_t child_hashes[Go::kMaxMoves + 1];
  for (int i = 0; i < count; ++i) child_hashes[i] = kids[i].hash;
  preferred = go_measure::order_preferred(hash(*n, t), n->black_to_move, child_hashes, count);
  prefer_k16 = 16 * go_measure::order_factor();
  const bool pruned = preferred >= 0 && go_measure::order_prunes();
  if (pruned) {
    std::swap(kids[0], kids[preferred]);
    count = 1;
    preferred = 0;
  }
#endif
  // All the children's buckets at once, so that their misses overlap (a
  // prefetch that misses the TLB can hold up the instructions after it: one
  // between two children's moves overlapped with none), read by evaluate().
  for (int i = 0; i < count; ++i) table_->prefetch(kids[i].hash);
  // A child lost for its mover proves the node: the children after it are
  // not evaluated (their static bounds are most of a node's cost), and the
  // proof takes the first lost child in order, as it would with them all.
  // (The predictor's dumps list every child.)
  for (int i = 0; i < count; ++i) {
    evaluate(kids[i], child_t);
#ifndef GSOLVE_GO_MEASURE_PREDICT
    if (kids[i].numbers.delta == 0 && !kids[i].pending) {
      count = i + 1;
      break;
    }
#endif
  }
  for (int i = 0; i < count; ++i)
    if (kids[i].pending) evaluate_result(kids[i], child_t);
#ifndef GSOLVE_GO_MEASURE_ORDER  // the order oracle chose above
  // The mover's predicted proving move where it needs the whole board (a
  // wrong prediction costs a bounded detour), unless a child proves the node.
  if (count > 1 && predicts(p, goal_, t) &&
      std::none_of(kids, kids + count, [](const Child& k) { return k.numbers.delta == 0; })) {
    Go::Move moves[Go::kMaxMoves + 1];
    for (int i = 0; i < count; ++i) moves[i] = Go::move_between(p, kids[i].node.position());
    const MovePredictor::Choice choice = prediction(p, moves, count);
    preferred = choice.child;
    if (choice.confident) prefer_k16 = kConfidentPreferFactor16;
  }
#endif
#ifdef GSOLVE_GO_MEASURE_DAG
  if ((nodes_ & 15) == 0 && count >= 2 &&
      std::none_of(kids, kids + count, [](const Child& k) { return k.numbers.delta == 0; })) {
    // What the disproof sum counts twice: twin children, and the
    // great-grandchildren below two children's best replies.
    const auto next_t = [&](int u) { return goal_ == Goal::Score ? child_score_goal(u) : child_value_goal(u); };
    const auto numbers_at = [&](const LineNode& g, int u) {
      Numbers out;
      if (ended(g, u, out)) return out;
      ProofTable::Entry e;
      if (table_->find_numbers(key(g, u), hash(g, u), e)) return Numbers{e.phi, e.delta};
      return initial_numbers(g, u);
    };
    const int gc_t = next_t(child_t), ggc_t = next_t(gc_t);
    std::vector<std::pair<std::uint64_t, int>> below;  // great-grandchildren: key, child
    std::vector<std::uint32_t> below_phi;
    std::uint64_t sum = 0, twins = 0, max_phi = 0;
    for (int i = 0; i < count; ++i) {
      const std::uint32_t phi = kids[i].numbers.phi;
      if (phi == 0) continue;
      sum += phi;
      max_phi = std::max<std::uint64_t>(max_phi, phi);
      if (std::any_of(kids, kids + i, [&](const Child& k) { return k.hash == kids[i].hash; })) {
        twins += phi;
        continue;
      }
      LineNode best, g;
      std::uint32_t best_delta = kInfinity + 1u;
      const Go::Position cp = kids[i].node.position();
      for (const Go::Move m : order_) {
        Go::Position q;
        if (!go.try_play(cp, m, q)) continue;
        line_.make_child(kids[i].node, m, q, g);
        const Numbers gn = numbers_at(g, gc_t);
        if (gn.delta < best_delta) best_delta = gn.delta, best = g;
      }
      if (best_delta == 0 || best_delta > kInfinity) continue;
      const Go::Position bp = best.position();
      for (const Go::Move m : order_) {
        Go::Position q;
        if (!go.try_play(bp, m, q)) continue;
        line_.make_child(best, m, q, g);
        const std::uint64_t h = hash(g, ggc_t);
        if (std::any_of(below.begin(), below.end(), [&](const auto& b) { return b.first == h && b.second == i; }))
          continue;
        below.emplace_back(h, i);
        below_phi.push_back(numbers_at(g, ggc_t).phi);
      }
    }
    std::uint64_t shared = 0, shared_keys = 0;
    for (std::size_t a = 0; a < below.size(); ++a) {
      int earlier = 0;
      for (std::size_t b = 0; b < a; ++b) earlier += below[b].first == below[a].first;
      if (earlier == 0 || below_phi[a] >= kInfinity) continue;
      shared += below_phi[a];  // counted once for each child after the first
      shared_keys += earlier == 1;
    }
    go_measure::dag_sum(p.black_to_move, sum, twins, std::min(shared, sum - max_phi), shared_keys);
  }
#endif

  // The goal holds when a child's fails: phi = min of the children's delta,
  // delta = sum of their phi.
  Numbers own{};
  for (;;) {
    int best = 0;
    std::uint32_t delta2 = kInfinity;
    std::uint64_t sum = 0;
    own.phi = kInfinity;
    for (int i = 0; i < count; ++i) {
      const Numbers c = kids[i].numbers;
      sum += c.phi;
      if (c.delta < own.phi) {
        delta2 = own.phi;
        own.phi = c.delta;
        best = i;
      } else if (c.delta < delta2) {
        delta2 = c.delta;
      }
    }
    own.delta = sum >= kInfinity
                    ? (std::any_of(kids, kids + count, [](const Child& c) { return c.numbers.phi == kInfinity; })
                           ? kInfinity
                           : kInfinity - 1)
                    : static_cast<std::uint32_t>(sum);
    if (own.phi >= th_phi || own.delta >= th_delta) break;
    if (preferred >= 0 && kids[preferred].numbers.phi != 0 && kids[preferred].numbers.delta != 0) {
      std::uint64_t others = kInfinity;
      for (int i = 0; i < count; ++i)
        if (i != preferred) others = std::min<std::uint64_t>(others, kids[i].numbers.delta);
      const std::uint64_t limit = std::min<std::uint64_t>(others * prefer_k16 / 16, th_phi);
      if (kids[preferred].numbers.delta < limit) {
        best = preferred;
        delta2 = static_cast<std::uint32_t>(limit);
      }
    }
    Child& c = kids[best];
#ifdef GSOLVE_GO_MEASURE_PROOF
    if (descents++ == 0) first_descent = best;
#endif
    const std::uint64_t child_th_phi = std::uint64_t{th_delta} - own.delta + c.numbers.phi;
    const std::uint64_t widened = std::max<std::uint64_t>(delta2 + std::uint64_t{1}, delta2 + delta2 / 4);
    const std::uint32_t child_th_delta = static_cast<std::uint32_t>(std::min<std::uint64_t>(th_phi, widened));
    line_.push(c.node);
#ifdef GSOLVE_GO_MEASURE_PROOF
    const std::uint64_t before_child = nodes_;
#endif
#ifdef GSOLVE_GO_MEASURE_DAG
    dag_parent_key = dag_key;
    dag_parent_serial = dag_serial;
#endif
    c.numbers = mid(child_t, static_cast<std::uint32_t>(std::min<std::uint64_t>(child_th_phi, kInfinity)),
                    child_th_delta, c.seen, c.hits);
#ifdef GSOLVE_GO_MEASURE_PROOF
    child_work[best] += nodes_ - before_child;
#endif
    line_.pop();
  }

  n = &line_.back();
  hits = SuperkoHits{};
  const std::uint64_t work = nodes_ - nodes_before + 1;
  if (own.phi == 0 || own.delta == 0) {
#ifdef GSOLVE_GO_MEASURE_PROOF
    go_measure::profile_resolved(line_.top(), own.phi == 0);
#endif
    if (own.phi == 0) {  // one child's failure proves it
      const Child& c = *std::find_if(kids, kids + count, [](const Child& k) { return k.numbers.delta == 0; });
#ifdef GSOLVE_GO_MEASURE_PROOF
      go_measure::profile_proven(go, p, line_.top(), descents, first_descent, static_cast<int>(&c - kids),
                                 Go::move_between(p, c.node.position()), nodes_ - nodes_before,
                                 nodes_ - nodes_before - child_work[&c - kids]);
#endif
      seen = c.seen;
      hits = c.hits;
#ifdef GSOLVE_GO_MEASURE_ORDER
      go_measure::order_proven(hash(*n, t), c.hash);
#endif
#ifdef GSOLVE_GO_MEASURE_PREDICT
      if (go_measure::proven_dumps()) {
        Go::Move moves[Go::kMaxMoves + 1];
        for (int i = 0; i < count; ++i) moves[i] = Go::move_between(p, kids[i].node.position());
        const Go::Position before = line_.at(line_.top() > 0 ? line_.top() - 1 : 0).position();
        go_measure::proven_dump(go, p, line_.top() > 0 ? &before : nullptr, moves, count,
                                Go::move_between(p, c.node.position()));
      }
#endif
    } else {  // every child's success disproves it, and the moves superko forbade here might not be forbidden elsewhere
#ifdef GSOLVE_GO_MEASURE_ORDER
      if (pruned) go_measure::order_pruned_disproven();
#endif
#ifdef GSOLVE_GO_MEASURE_PROOF
      if (descents > 0)
        go_measure::profile_refuted(
            line_.top(),
            static_cast<int>(std::count_if(child_work, child_work + count, [](std::uint64_t w) { return w > 0; })),
            nodes_ - nodes_before, *std::max_element(child_work, child_work + count), child_work[first_descent]);
#endif
      seen = ExploredBoards::of(n->black, n->white, n->invariant_key);  // the winner's board
      hits = forbidden;
      for (int i = 0; i < count; ++i) {
        seen.merge(kids[i].seen);
        hits.merge(kids[i].hits);
      }
    }
    line_.forget_own(*n, hits);
    if (hits.dropped == INT_MAX) {
      const Certificate cert = line_.certificate(*n, seen, hits);
      store(*n, t, own, &cert, work);
    }
  } else {
    store(*n, t, own, nullptr, work);
  }
  return own;
}

bool GoProver::predicts(const Go::Position& p, Goal goal, int t) const {
  const Go& go = line_.go();
  return predictor_ != nullptr && (goal == Goal::Score ? t : score_of(t)) > go.score(go.points() - 2, p.black_to_move);
}

int GoProver::predicted_child(const GoGame& game, Goal goal, int t, std::span<const GoGame> children) const {
  const Go::Position p = game.position();
  const int count = static_cast<int>(children.size());
  if (count < 2 || count > static_cast<int>(Go::kMaxMoves) + 1 || !predicts(p, goal, t)) return -1;
  Go::Move moves[Go::kMaxMoves + 1];
  for (int i = 0; i < count; ++i) moves[i] = Go::move_between(p, children[i].position());
  return prediction(p, moves, count).child;
}

namespace {

// The predictor's choices by board, side to move and the moves offered (a
// node's children, which superko may thin), kept across calls: df-pn
// returns to a node again and again.
struct ChoiceEntry {
  std::uint64_t black = 0, white = 0, moves = 0;
  std::uint16_t board = 0;  // 0: empty (a board's is width << 8 | height)
  MovePredictor::Choice choice;
};
using ChoiceCache = DirectMapped<ChoiceEntry, 12>;

}  // namespace

MovePredictor::Choice GoProver::prediction(const Go::Position& p, const Go::Move* moves, int count) const {
  if (std::popcount(p.black | p.white) <= 1)
    for (const Go::Move m : order_)
      for (int i = 0; i < count; ++i)
        if (moves[i] == m) return {i, true};
  // The moves offered as a set (the pass as bit 63, the side to move as bit
  // 62: no board has that many points); they come in the prover's fixed
  // order, so the set fixes the chosen child's index.
  std::uint64_t offered = std::uint64_t{p.black_to_move} << 62;
  for (int i = 0; i < count; ++i) offered |= std::uint64_t{1} << (moves[i] == Go::kPass ? 63 : moves[i]);
  const Go& go = line_.go();
  const auto board = board_code(go);
  ChoiceEntry& e = thread_cache<ChoiceCache>().slot(hash_words(p.black, p.white, offered, board));
  if (e.board == board && e.moves == offered && e.black == p.black && e.white == p.white) return e.choice;
  const MovePredictor::Choice choice = predictor_->choose(go, p, moves, count);
  e = {p.black, p.white, offered, board, choice};
  return choice;
}

GoProver::Numbers GoProver::numbers_of(const GoGame& game, Goal goal, int t) {
  goal_ = goal;
  line_.load(game);
  Child c;
  c.node = line_.back();
  c.hash = hash(c.node, t);
  evaluate(c, t);  // a result's numbers as they are: its certificate is not read
  return c.numbers;
}

bool GoProver::at_least(const GoGame& game, Goal goal, int t) {
  goal_ = goal;
  line_.load(game);
  root_ = line_.top();
  const LineNode n = line_.back();
  Numbers numbers;
  ExploredBoards seen;  // what the answer depends on in the line (unused: the root's answer is not stored)
  bool holds;
  if (ended(n, t, numbers) || bounded(n, t, numbers, seen)) {
    holds = numbers.phi == 0;
  } else {
    SuperkoHits hits;
#ifdef GSOLVE_GO_MEASURE_PROOF
    go_measure::profile_begin(line_.go(), game.line(), goal == Goal::Score, t);
#endif
    numbers = mid(t, kInfinity, kInfinity, seen, hits);
    if (numbers.phi != 0 && numbers.delta != 0)
      throw std::logic_error("go: the proof-number search stopped unresolved");
    holds = numbers.phi == 0;
  }
  if (report_) report_(goal, t, holds, nodes_);
  return holds;
}

}  // namespace gsolve::search::go
