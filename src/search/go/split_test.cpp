#include "src/search/go/split_test.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <utility>

#include "src/search/go/board_symmetry.h"
#include "src/search/go/combined_value.h"

namespace gsolve::search::go {

std::vector<GoGame> distinct_children(const GoGame& game) {
  const Go& go = game.go();
  const BoardSymmetry symmetry(go);
  std::vector<int> fixing;  // the symmetries that map every board of the line onto itself
  for (int s = 0; s < symmetry.count(); ++s)
    if (std::all_of(game.line().begin(), game.line().end(), [&](const Go::Position& p) {
          return symmetry.apply(s, p.black) == p.black && symmetry.apply(s, p.white) == p.white;
        }))
      fixing.push_back(s);

  std::vector<Go::Move> order{Go::kPass};
  for (const Go::Move m : points_from_centre(go)) order.push_back(m);

  std::vector<GoGame> children;
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  for (const Go::Move m : order) {
    if (!game.legal(m)) continue;
    GoGame child = game;
    child.play_unchecked(m);
    const Go::Position& p = child.position();
    std::pair<std::uint64_t, std::uint64_t> least{p.black, p.white};
    for (const int s : fixing) least = std::min(least, {symmetry.apply(s, p.black), symmetry.apply(s, p.white)});
    if (seen.insert(least).second) children.push_back(std::move(child));
  }
  return children;
}

namespace {

// A prover's stop condition for one scope: it captures the scope's locals, so
// it is removed however the scope ends (an exception included).
class StopWhile {
 public:
  StopWhile(GoProver& prover, std::function<bool()> stop) : prover_(prover) { prover_.set_stop(std::move(stop)); }
  ~StopWhile() { prover_.set_stop({}); }
  StopWhile(const StopWhile&) = delete;
  StopWhile& operator=(const StopWhile&) = delete;

 private:
  GoProver& prover_;
};

}  // namespace

bool split_at_least(const std::vector<std::unique_ptr<GoProver>>& provers, const GoGame& game, GoProver::Goal goal,
                    int t, const SplitProgress& progress) {
  GoProver& first = *provers[0];
  try {
    const std::uint64_t start = first.nodes();
    const StopWhile alone(first, [&] { return first.nodes() - start >= kAloneExpansions; });
    return first.at_least(game, goal, t);
  } catch (const GoProver::Stopped&) {
  }

  const std::vector<GoGame> children = distinct_children(game);
  const int child_t = goal == GoProver::Goal::Score ? child_score_goal(t) : child_value_goal(t);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> answered{false};
  std::mutex lock;
  std::size_t held = 0;    // children whose goal holds
  std::size_t closed = 0;  // children whose tests ended
  bool holds = false;
  std::exception_ptr failure;
  const auto work = [&](GoProver& prover) {
    const StopWhile once_answered(prover, [&] { return answered.load(std::memory_order_relaxed); });
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      if (i >= children.size() || answered.load()) break;
      try {
        const std::uint64_t before = prover.nodes();
        const bool child_holds = prover.at_least(children[i], goal, child_t);
        const std::lock_guard<std::mutex> hold(lock);
        if (progress)
          progress({Go::move_between(game.position(), children[i].position()), child_holds, prover.nodes() - before,
                    ++closed, children.size()});
        if (!child_holds) {  // the move to this child reaches the root's goal
          holds = true;
          answered = true;
        } else if (++held == children.size()) {
          answered = true;
        }
      } catch (const GoProver::Stopped&) {
        break;
      } catch (...) {
        const std::lock_guard<std::mutex> hold(lock);
        failure = std::current_exception();
        answered = true;
      }
    }
  };
  std::vector<std::thread> helpers;
  for (std::size_t k = 1; k < provers.size(); ++k) helpers.emplace_back(work, std::ref(*provers[k]));
  work(first);
  for (auto& h : helpers) h.join();
  if (failure) std::rethrow_exception(failure);
  if (!answered) throw std::logic_error("go: a split test ended unanswered");
  return holds;
}

}  // namespace gsolve::search::go
