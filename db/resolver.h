// The one lookup layer between a database's stored records and every reader
// (query, position reports, both verifiers, the fault injector's choice of
// what is stored), so that all of them see the same record for a position.
//
// What a database leaves out (db/chunk.h, ChunkLayout), answered here:
//   * a derived tier (meta "derived_tiers"): one ply of lookahead, a primitive
//     by the rules, else its children's stored records combined by the value
//     rule. The writer derives no two adjacent tiers, so those children are
//     stored (or Win in 1, below);
//   * Win in 1 (meta "derived_win_in_1"): a non-primitive position whose side
//     to move wins at once is Win in 1 by the rules, exactly, in any tier.
// The rule is a parameter: query uses src/core/record.h's combine_children, the
// verifiers their own copy (verify/rule.h).
//
// Store: get(tier, rank) -> Lookup with .status (Status::ok / missing /
// damaged) and .record; db::RecordReader and verify::RecordStore both fit.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "db/chunk.h"
#include "games/game.h"
#include "src/core/bitmap.h"
#include "src/core/record.h"

namespace gsolve {

// The side to move of non-primitive p has a move that ends the game with its
// win (the child is a primitive Lose): the game's fast test where it has one.
template <Game G>
bool wins_at_once(const G& g, const typename G::Position& p) {
  if constexpr (requires { g.wins_now(p); }) {
    return g.wins_now(p);
  } else {
    MoveList<G> moves;
    g.generate_moves(p, moves);
    for (const auto m : moves) {
      const Terminal t = g.terminal(g.play(p, m));
      if (t.primitive() && t.value == Value::Lose) return true;
    }
    return false;
  }
}

// The record the rules give a position that is not stored for that reason,
// if it is one: Win in 1 where the layout leaves those out. (Primitives of
// stored tiers are stored; of derived tiers, see Resolver.)
template <Game G>
std::optional<Record> by_rules(const G& g, const db::ChunkLayout& layout, const typename G::Position& p,
                               const Terminal& term) {
  if (layout.win_in_1 && !term.primitive() && wins_at_once(g, p)) return Record{Value::Win, 1, 0};
  return std::nullopt;
}

// Whether a database with this layout stores the record of position p (tier t).
template <Game G>
bool is_stored(const G& g, const db::ChunkLayout& layout, const typename G::Position& p, int tier) {
  return !layout.derived(tier) && !by_rules(g, layout, p, g.terminal(p));
}

// Puts back the records that a tier read whole from the database (db::read_tier)
// leaves to the rules, at the reachable local ranks: a resumed solve goes on
// from its checkpoint tier's records.
template <Game G>
void restore_by_rules(const G& g, int tier, std::span<PackedRecord> records, const db::ChunkLayout& layout,
                      const Bitmap& reached) {
  if (!layout.win_in_1) return;
  const std::uint64_t begin = g.tier_begin(tier);
  for (std::uint64_t i = 0; i < records.size(); ++i) {
    if (!reached.test(i)) continue;
    const auto p = g.unrank(begin + i);
    if (const auto r = by_rules(g, layout, p, g.terminal(p))) records[i] = pack(*r);
  }
}

template <Game G, class Store, class Combine>
class Resolver {
 public:
  using Position = typename G::Position;
  using Lookup = typename Store::Lookup;
  using Status = typename Store::Status;

  Resolver(const G& g, Store& store, const db::ChunkLayout& layout, bool scored, Combine combine)
      : g_(g), store_(store), layout_(layout), scored_(scored), combine_(combine) {}

  bool derived(int tier) const { return layout_.derived(tier); }
  // p's record comes from the rules (Win in 1), not from the store.
  std::optional<Record> by_rules(const Position& p, const Terminal& term) const {
    return gsolve::by_rules(g_, layout_, p, term);
  }

  // The record of canonical position p (its tier and rank given by the caller,
  // who has them already). Derived: damaged if some child's frame is damaged,
  // missing if some child has no record. read_rank, if given, gets the rank of
  // the stored record read last: where a damaged lookup's frame is (a derived
  // position's child). Threads may share one Resolver.
  Lookup get(const Position& p, int tier, std::uint64_t rank, std::uint64_t* read_rank = nullptr) {
    if (read_rank) *read_rank = rank;
    if (!layout_.win_in_1 && !derived(tier)) return store_.get(tier, rank);  // the common case, no rules
    const Terminal term = g_.terminal(p);
    if (const auto r = by_rules(p, term)) return {Status::ok, *r};
    if (!derived(tier)) return store_.get(tier, rank);
    if (term.primitive()) return {Status::ok, primitive_record(term.value, scored_ ? term.score : 0)};
    PositionList<G> children;
    canonical_children(g_, p, children);
    FixedList<Record, G::kMaxMoves> records;
    for (const auto& c : children) {
      const int child_tier = g_.tier(c);
      if (derived(child_tier)) return {};  // never written so; read as missing rather than guessed
      const Terminal child_term = g_.terminal(c);
      if (const auto r = by_rules(c, child_term)) {
        records.push_back(*r);
        continue;
      }
      const auto child_rank = static_cast<std::uint64_t>(g_.rank(c));
      if (read_rank) *read_rank = child_rank;
      const auto got = store_.get(child_tier, child_rank);
      if (got.status != Status::ok) return got;
      records.push_back(got.record);
    }
    return {Status::ok, combine_(std::span<const Record>(records.begin(), records.size()), scored_)};
  }
  Lookup get(const Position& p) { return get(p, g_.tier(p), static_cast<std::uint64_t>(g_.rank(p))); }

 private:
  const G& g_;
  Store& store_;
  db::ChunkLayout layout_;
  bool scored_;
  Combine combine_;
};

}  // namespace gsolve
