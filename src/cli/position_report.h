// A position's record and the record of every move, as query prints them.
// Records come from a lookup function (database, or search), so this knows
// nothing about where they are stored.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/game.h"
#include "src/core/record.h"

namespace gsolve {

struct MoveReport {
  std::string move;
  Record record;  // from the mover's side: the child's record negated (its remoteness as is)
  bool best = false;
};

struct PositionReport {
  std::string position;
  Record record;
  bool primitive = false;
  std::vector<MoveReport> moves;
  std::string source = "database";  // or "search": not stored, solved live; "rules": a final board not stored
};

// lookup(canonical position) -> Record (Unknown if not stored).
template <Game G, class Lookup>
PositionReport report_position(const G& g, const typename G::Position& p, std::string text, Lookup&& lookup) {
  PositionReport out;
  out.position = std::move(text);
  out.record = lookup(g.canonical(p));
  out.primitive = g.terminal(p).primitive();
  if (out.primitive) return out;
  MoveList<G> moves;
  g.generate_moves(p, moves);
  for (const auto m : moves) {
    const Record child = lookup(g.canonical(g.play(p, m)));
    MoveReport mr{g.format_move(p, m), child, false};
    mr.record.value = negate(child.value);
    mr.record.score = static_cast<std::int16_t>(-child.score);
    mr.best = child.known() && out.record.known() && as_parent(child) == out.record;
    if (!mr.best && child.known() && child.remoteness == 0 && out.record.remoteness == 0)  // weak records
      mr.best = negate(child.value) == out.record.value;
    out.moves.push_back(std::move(mr));
  }
  return out;
}

// weak: records carry only the value (remoteness is not known).
nlohmann::json report_to_json(const PositionReport& r, bool scored, bool weak = false);
std::string report_to_text(const PositionReport& r, bool scored, bool weak = false);

}  // namespace gsolve
