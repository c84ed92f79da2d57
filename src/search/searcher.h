// The public face of the search solver, one class for every game: exact
// scores, records and analyses of single positions, found by window searches
// of the game's engine (engine.h over the game's plug-in, src/search/<game>/).
//
// The one trait: kHasSearcher<G> says that game G has a search plug-in. Its
// plug-in's .cpp specialises the two per-game hooks declared here:
//   make_search_impl<G>   builds the engine for a game object and options;
//   record_from_search<G> turns an exact search score into a record (connect4:
//                         the Pons score fixes the remoteness; scored games
//                         find the remoteness in a second phase).
// solve, query, verify --deep and bench use Searcher<G> only.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "games/connect4.h"
#include "games/game.h"
#include "games/go_line.h"
#include "games/reversi.h"
#include "games/treblecross.h"
#include "src/core/record.h"
#include "src/search/options.h"
#include "src/search/remoteness.h"

namespace gsolve::search {

// Games with a search plug-in (specialised where the plug-in is declared).
template <class G>
inline constexpr bool kHasSearcher = false;
template <>
inline constexpr bool kHasSearcher<Connect4> = true;
template <>
inline constexpr bool kHasSearcher<Reversi> = true;
template <>
inline constexpr bool kHasSearcher<GoLine> =
    true;  // the Go solver over lines of play (src/search/go/line_searcher.cpp)
template <>
inline constexpr bool kHasSearcher<Treblecross> = true;  // docs/adding_a_game.md's example

// Games whose records get their remoteness from the walk after the score
// (remoteness.h, the game's record_from_search): their best lines follow the
// walk's probes and memo.
template <class G>
inline constexpr bool kWalkedRemoteness = false;
template <>
inline constexpr bool kWalkedRemoteness<Reversi> = true;

// Searchers that use one thread: parallel work gives each thread its own.
template <class G>
inline constexpr bool kSerialSearcher = false;
template <>
inline constexpr bool kSerialSearcher<GoLine> = true;

// The engine behind a Searcher: one virtual call per root search, none per node.
template <class G>
class SearchImpl {
 public:
  virtual ~SearchImpl() = default;
  // Window search of any position (primitive ones included), contract of Searcher::search.
  virtual int search(const typename G::Position& p, int alpha, int beta) = 0;
  // [min, max]: every exact score of p lies inside.
  virtual std::pair<int, int> score_range(const typename G::Position& p) const = 0;
  virtual void clear() = 0;
  virtual std::size_t table_bytes() const = 0;
  virtual Algorithm default_algorithm() const = 0;  // the root driver that measured best for the game
  // p as the engine keeps it in its table (a plug-in may turn positions, as
  // reversi does near the start): searches from it and its children find the
  // entries earlier searches stored.
  virtual typename G::Position search_form(const typename G::Position& p) const { return p; }
  // MTD(f)'s first probe: a guess of p's score (the plug-in's, else 0).
  virtual int first_guess(const typename G::Position&) const { return 0; }
  // Whether p's exact score is at least t: one null-window search unless the
  // game has a cheaper test.
  virtual bool at_least(const typename G::Position& p, int t) { return search(p, t - 1, t) >= t; }
  // What the last exact solve of a position proved of its score where the
  // engine keeps that itself (the Go prover's finished tests); none: the root
  // driver's bounds (Searcher::proven_range).
  virtual std::optional<std::pair<int, int>> proven_range() const { return std::nullopt; }
  // A deadline the engine checks itself, besides the stop flag (stop.h) a watcher sets.
  virtual void set_deadline(std::optional<std::chrono::steady_clock::time_point>) {}
  // From now on (or no longer) searches answer only from what the engine has
  // recorded (go: a proof journal's tests), throwing Stopped where it holds
  // nothing: what a query can still say after its time ran out. False where
  // the engine records nothing (searches are unchanged then).
  virtual bool set_recorded_only(bool) { return false; }
  // Bounds on p's exact score that the engine's records prove without a
  // search (go: a proof journal's score tests), inside score_range(p); none
  // where it records nothing of p.
  virtual std::optional<std::pair<int, int>> recorded_range(const typename G::Position&) const { return std::nullopt; }
  // Table sharing between the processes of a job (table_share.h); none by
  // default (the go line searcher: its results depend on the line).
  virtual void share_table(bool) {}
  virtual void take_shared(std::vector<std::uint64_t>&, std::size_t) {}
  virtual void import_shared(std::span<const std::uint64_t>) {}
  std::atomic<std::uint64_t> nodes{0};
};

template <class G>
std::unique_ptr<SearchImpl<G>> make_search_impl(const G& game, const SearchOptions& options);

template <class G>
class Searcher;

// The record of a position whose exact search score is `score`.
template <class G>
Record record_from_search(Searcher<G>& searcher, const typename G::Position& p, int score);

template <class G>
struct ChildResult {
  typename G::Move move;
  int score;      // the child's exact search score, seen from the child's side to move
  Record record;  // the child's record, seen from the child's side to move
};

template <class G>
struct Analysis {
  int score = 0;                         // the position's exact search score
  Record record;                         // and its record
  std::vector<ChildResult<G>> children;  // every legal move (none at a primitive)
  std::vector<typename G::Move> pv;      // one best line of play, to the end of the game
};

template <class G>
class Searcher {
 public:
  using Position = typename G::Position;

  Searcher(const G& game, SearchOptions options = {})
      : game_(game), options_(options), impl_(make_search_impl(game, options)) {}

  const G& game() const { return game_; }
  const SearchOptions& options() const { return options_; }
  Algorithm algorithm() const { return options_.algorithm.value_or(impl_->default_algorithm()); }

  // Window search, fail-soft. Contract, with v the exact score and r the result:
  //   alpha < r < beta  ->  r == v (exact);
  //   r <= alpha        ->  v <= r (r is an upper bound);
  //   r >= beta         ->  v >= r (r is a lower bound).
  // Requires alpha < beta. Any position, primitive ones included.
  int search(const Position& p, int alpha, int beta);

  // The exact score of p, by the root driver of the options.
  int solve(const Position& p);
  // Only the sign of the score: +1 win, 0 tie, -1 lose. Faster than solve.
  int solve_weak(const Position& p);
  // Whether p's exact score is at least t (one test).
  bool at_least(const Position& p, int t) { return impl_->at_least(p, t); }
  Record record(const Position& p) { return record_from_search(*this, p, solve(p)); }
  // The value, and the exact score where the game is scored, without the
  // remoteness (0): objective score, query --weak.
  Record weak_record(const Position& p) {
    const int s = G::kScored ? solve(p) : solve_weak(p);
    return Record{s > 0   ? Value::Win
                  : s < 0 ? Value::Lose
                          : Value::Tie,
                  0, static_cast<std::int16_t>(G::kScored ? s : 0)};
  }
  // The record of any position, primitive ones by the rules.
  Record record_or_rules(const Position& p);
  // What the last solve() (record() starts with one) proved of its position's
  // score: [lower, upper], exact when equal. After a solve a stop request cut
  // short (stop.h), the bounds its finished probes proved.
  std::pair<int, int> proven_range() const { return impl_->proven_range().value_or(proven_); }
  // Searches past the deadline throw Stopped (as on a stop request; none: no deadline).
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) { impl_->set_deadline(deadline); }
  // See SearchImpl::set_recorded_only.
  bool set_recorded_only(bool on) { return impl_->set_recorded_only(on); }
  // See SearchImpl::recorded_range.
  std::optional<std::pair<int, int>> recorded_range(const Position& p) const { return impl_->recorded_range(p); }
  // One best line of play from p to the end of the game, both sides keeping
  // their record (the winner the soonest win, the loser the latest loss, the
  // score first): as many moves as p's remoteness.
  std::vector<typename G::Move> best_line(const Position& p);
  // The same from p's exact record, known already (a query's report).
  std::vector<typename G::Move> best_line(const Position& p, Record record);
  // Exact score and record of p and of every child, and a principal variation.
  Analysis<G> analyze(const Position& p);
  // A best line from p, whose exact score is `score`: null-window tests of the
  // children only (no child's exact score), mostly table hits after a solve.
  std::vector<typename G::Move> principal_variation(const Position& p, int score);

  // p in the engine's own form (SearchImpl::search_form); same score and record.
  Position search_form(const Position& p) const { return impl_->search_form(p); }
  // What remoteness walks found so far (scored games, remoteness.h); emptied by clear().
  RemotenessMemo<Position>& remoteness_memo() { return remoteness_memo_; }

  void clear() {  // empty the transposition tables
    impl_->clear();
    remoteness_memo_.clear();
  }
  std::uint64_t nodes() const { return impl_->nodes.load(); }
  void reset_nodes() { impl_->nodes = 0; }
  std::size_t table_bytes() const { return impl_->table_bytes(); }
  // From now on (or no longer), heavy table entries are kept for take_shared (src/search/table_share.h).
  void share_table(bool on = true) { impl_->share_table(on); }
  // Appends the heaviest `most` entries stored since the last call (none unless share_table()).
  void take_shared(std::vector<std::uint64_t>& words, std::size_t most) { impl_->take_shared(words, most); }
  // Stores entries another process's take_shared wrote.
  void import_shared(std::span<const std::uint64_t> words) { impl_->import_shared(words); }
  SearchImpl<G>& impl() { return *impl_; }  // for a game's record_from_search hook

 private:
  G game_;
  SearchOptions options_;
  std::unique_ptr<SearchImpl<G>> impl_;
  std::pair<int, int> proven_{};  // see proven_range()
  RemotenessMemo<Position> remoteness_memo_;
};

}  // namespace gsolve::search

#include "src/search/searcher_impl.h"
