#include "src/search/go/root_split.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <thread>
#include <tuple>
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

// A prover's stop condition for one scope, added to the one it had (an
// enclosing split's): it captures the scope's locals, so it is removed however
// the scope ends (an exception included).
class StopWhile {
 public:
  StopWhile(GoProver& prover, std::function<bool()> stop) : prover_(prover), before_(prover.stop_condition()) {
    if (before_)
      prover_.set_stop([stop = std::move(stop), before = before_] { return stop() || before(); });
    else
      prover_.set_stop(std::move(stop));
  }
  ~StopWhile() { prover_.set_stop(before_); }
  StopWhile(const StopWhile&) = delete;
  StopWhile& operator=(const StopWhile&) = delete;

 private:
  GoProver& prover_;
  std::function<bool()> before_;
};

// The provers' test reports off for one scope: a split's child tests are
// reported by its SplitProgress, and the split's own test as one test.
class Quiet {
 public:
  explicit Quiet(std::span<GoProver* const> provers) : provers_(provers) {
    for (GoProver* p : provers_) {
      reports_.push_back(p->test_report());
      p->on_test({});
    }
  }
  ~Quiet() {
    for (std::size_t i = 0; i < provers_.size(); ++i) provers_[i]->on_test(std::move(reports_[i]));
  }
  Quiet(const Quiet&) = delete;
  Quiet& operator=(const Quiet&) = delete;

 private:
  std::span<GoProver* const> provers_;
  std::vector<GoProver::TestReport> reports_;
};

// The children most likely to fail their goal (to reach the root's) first:
// where the root's goal holds, the winning child's test comes first and the
// others are speculative only while it runs. The predicted move first where
// the prover prefers one (the mover needs the whole board), or, at a middle
// score threshold that favours the mover (t > 0), the move predicted for its
// whole board; then by the disproof numbers the search found for them. At a
// middle threshold by the numbers alone, "c2 b1" at 3 spent 4,200 s on
// Black's e4 (docs/go-proof-measurement.md, "The predicted move at a middle
// threshold"). By the numbers alone, the children the search had not yet
// looked at came first (their numbers are the smallest) and a wrong move's
// test ran to its end (docs/go-proof-measurement.md, "The split's first
// child"). In the prover's order (distinct_children) a provers' hand-off
// that split a 5x5 test again with Black to move tested the pass first: the
// test of that child took 43-68M expansions against 3-6M for one prover alone.
std::vector<GoGame> by_promise(GoProver& prover, const GoGame& game, std::vector<GoGame> children, GoProver::Goal goal,
                               int t, int child_t) {
  std::vector<std::uint32_t> delta;
  for (const GoGame& c : children) delta.push_back(prover.numbers_of(c, goal, child_t).delta);
  const Go& go = game.go();
  const int whole = go.score(go.points(), game.position().black_to_move);  // the mover takes every point
  const bool favoured = goal == GoProver::Goal::Score && t > 0;
  const int predicted = prover.predicted_child(game, goal, favoured ? std::max(t, whole) : t, children);
  std::vector<std::size_t> order(children.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  // A child already known to fail (delta 0), the predicted one, the rest.
  const auto rank = [&](std::size_t i) {
    return std::tuple(delta[i] != 0, static_cast<int>(i) != predicted, delta[i]);
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
  std::vector<GoGame> sorted;
  for (const std::size_t i : order) sorted.push_back(std::move(children[i]));
  return sorted;
}

// The provers' expansions together.
std::uint64_t expansions(std::span<GoProver* const> provers) {
  std::uint64_t n = 0;
  for (const GoProver* p : provers) n += p->nodes();
  return n;
}

bool split(std::span<GoProver* const> provers, const GoGame& game, GoProver::Goal goal, int t,
           const SplitProgress& progress, std::uint64_t alone, int cut_plies, ProofJournal* journal) {
  GoProver& first = *provers[0];
  const std::function<bool()> outer = first.stop_condition();  // an enclosing split's, if any
  const auto stopped_outside = [&] { return outer && outer(); };
  const int child_t = goal == GoProver::Goal::Score ? child_score_goal(t) : child_value_goal(t);
  std::vector<GoGame> children = distinct_children(game);
  // The journal answers before any test: a child recorded failing its goal
  // (the empty board's, once c3's is recorded, whatever the order would be),
  // or every child recorded holding (c3's, once White's six replies are).
  if (journal && !children.empty()) {
    std::size_t recorded_holding = 0;
    for (const GoGame& c : children) {
      const std::optional<bool> recorded = journal->find(c, goal, child_t);
      if (recorded == false) return true;
      if (recorded == true) ++recorded_holding;
    }
    if (recorded_holding == children.size()) return false;
  }
  try {
    const std::uint64_t start = first.nodes();
    const StopWhile first_alone(first, [&] { return first.nodes() - start >= alone; });
    return first.at_least(game, goal, t);
  } catch (const GoProver::Stopped&) {
    if (stopped_outside()) throw;
  }

  std::optional<Quiet> quiet(std::in_place, provers);
  children = by_promise(first, game, std::move(children), goal, t, child_t);
  std::atomic<bool> answered{false};
  std::mutex lock;         // guards what follows, and each group's joining, busy and since
  std::size_t next = 0;    // the next child to test
  std::size_t held = 0;    // children whose goal holds
  std::size_t closed = 0;  // children whose tests ended
  bool holds = false;
  std::exception_ptr failure;
  // A group of provers takes one child's test at a time: one prover where
  // there are as many children as provers, else the provers shared out
  // among the children, each group splitting its child's test again. A group
  // left without children hands its provers to the busy group whose test
  // started first (likely the largest): that group stops its test and splits
  // it again with them (the table keeps what it had found), so that no
  // prover waits while a test is open.
  struct Group {
    std::atomic<bool> reinforce{false};  // provers wait in `joining`
    std::vector<GoProver*> joining;
    bool busy = false;  // on a child's test since `since`
    std::chrono::steady_clock::time_point since;
  };
  const std::size_t count = std::min(provers.size(), children.size());
  std::vector<Group> groups(count);
  const auto work = [&](std::size_t g, std::vector<GoProver*> mine) {
    Group& self = groups[g];
    std::vector<std::unique_ptr<StopWhile>> stops;
    const auto watch = [&](GoProver* p) {
      stops.push_back(std::make_unique<StopWhile>(*p, [&] {
        return answered.load(std::memory_order_relaxed) || self.reinforce.load(std::memory_order_relaxed);
      }));
    };
    for (GoProver* p : mine) watch(p);
    const auto nodes = [&] { return expansions(mine); };
    std::size_t i = children.size();  // the child under test; none
    std::uint64_t before = 0;         // the group's expansions when its test started
    for (;;) {
      {
        const std::lock_guard<std::mutex> hold(lock);
        for (GoProver* p : self.joining) {
          before += p->nodes();
          mine.push_back(p);
          watch(p);
        }
        self.joining.clear();
        self.reinforce = false;
        if (i == children.size()) {
          if (next < children.size() && !answered) {
            i = next++;
            before = nodes();
            self.busy = true;
            self.since = std::chrono::steady_clock::now();
          } else {
            self.busy = false;
            Group* target = nullptr;
            for (Group& o : groups)
              if (o.busy && (!target || o.since < target->since)) target = &o;
            stops.clear();  // the provers' stop conditions back to the enclosing split's before another group watches
                            // them
            if (target && !answered) {
              target->joining.insert(target->joining.end(), mine.begin(), mine.end());
              target->reinforce = true;
            }
            return;
          }
        }
      }
      try {
        const std::optional<bool> recorded = journal ? journal->find(children[i], goal, child_t) : std::nullopt;
        const bool child_holds =
            recorded ? *recorded
            : mine.size() == 1 && cut_plies <= 1
                ? mine[0]->at_least(children[i], goal, child_t)
                : split(mine, children[i], goal, child_t, {}, alone, std::max(cut_plies - 1, 1), journal);
        const std::uint64_t spent = nodes() - before;
        if (journal && !recorded) journal->record(children[i], goal, child_t, child_holds, spent);
        const std::lock_guard<std::mutex> hold(lock);
        if (progress)
          progress({Go::move_between(game.position(), children[i].position()), child_holds, spent, ++closed,
                    children.size(), mine.size(), recorded.has_value()});
        if (!child_holds) {  // the move to this child reaches the root's goal
          holds = true;
          answered = true;
        } else if (++held == children.size()) {
          answered = true;
        }
        i = children.size();
      } catch (const GoProver::Stopped&) {
        // Provers joined (taken at the top of the loop, the test resumes
        // with them), else the split is answered or stopped from outside.
        if (answered.load() || stopped_outside() || !self.reinforce.load()) break;
      } catch (...) {
        const std::lock_guard<std::mutex> hold(lock);
        failure = std::current_exception();
        answered = true;
        break;
      }
    }
  };
  std::vector<std::thread> helpers;
  for (std::size_t g = count; g-- > 0;) {
    const std::size_t from = g * provers.size() / count, to = (g + 1) * provers.size() / count;
    std::vector<GoProver*> mine(provers.begin() + from, provers.begin() + to);
    if (g > 0)
      helpers.emplace_back(work, g, std::move(mine));
    else
      work(0, std::move(mine));
  }
  for (auto& h : helpers) h.join();
  if (failure) std::rethrow_exception(failure);
  if (!answered) {
    if (stopped_outside()) throw GoProver::Stopped{};
    throw std::logic_error("go: a split test ended unanswered");
  }
  quiet.reset();
  if (const GoProver::TestReport& report = first.test_report()) report(goal, t, holds, expansions(provers));
  return holds;
}

}  // namespace

bool split_at_least(std::span<GoProver* const> provers, const GoGame& game, GoProver::Goal goal, int t,
                    const SplitProgress& progress, std::uint64_t alone, int cut_plies, ProofJournal* journal) {
  if (journal)
    if (const std::optional<bool> recorded = journal->find(game, goal, t)) return *recorded;
  const std::uint64_t before = expansions(provers);
  const bool holds = split(provers, game, goal, t, progress, alone, cut_plies, journal);
  if (journal) journal->record(game, goal, t, holds, expansions(provers) - before);
  return holds;
}

bool split_at_least(const std::vector<std::unique_ptr<GoProver>>& provers, const GoGame& game, GoProver::Goal goal,
                    int t, const SplitProgress& progress, std::uint64_t alone, int cut_plies, ProofJournal* journal) {
  std::vector<GoProver*> all;
  for (const auto& p : provers) all.push_back(p.get());
  return split_at_least(std::span<GoProver* const>(all), game, goal, t, progress, alone, cut_plies, journal);
}

}  // namespace gsolve::search::go
