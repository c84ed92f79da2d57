// A position's record and the record of every move, as query prints them.
// Records come from a lookup function (database, or search), so this knows
// nothing about where they are stored.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
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
  std::vector<MoveReport> moves;  // best first (the order of the moves' preference for the mover)
  std::string source = "database";  // or "search": not stored, solved live; "rules": a final board not stored
  // Why a search stopped before the report was whole ("--time 5 s ran out",
  // "interrupted"); empty: complete. Records it did not reach are unknown.
  std::string incomplete;
  // The stopped search's proven bounds on the position's score where its record is unknown.
  std::optional<std::pair<int, int>> score_bounds;
  std::optional<std::uint64_t> nodes;  // searched: the nodes the report's searches took
  std::string board;  // drawn for the text report (src/cli/board_text.h); empty: none
  std::string board_line;  // the board in one line for --json where the position's text is not the board (go)
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
      mr.best = negate(child.value) == out.record.value && -child.score == out.record.score;
    out.moves.push_back(std::move(mr));
  }
  std::stable_sort(out.moves.begin(), out.moves.end(), [](const MoveReport& a, const MoveReport& b) {
    return preference(a.record, true) > preference(b.record, true);
  });
  return out;
}

// weak: records carry only the value (remoteness is not known).
nlohmann::json report_to_json(const PositionReport& r, bool scored, bool weak = false);
std::string report_to_text(const PositionReport& r, bool scored, bool weak = false);

}  // namespace gsolve
