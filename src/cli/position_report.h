// A position's record and the record of every move, as query prints them.
// Records come from a lookup function (database, or search), so this knows
// nothing about where they are stored.
#pragma once

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "games/input_quote.h"
#include "src/cli/board_text.h"
#include "src/core/record.h"

namespace gsolve {

struct MoveReport {
  std::string move;
  Record record;  // from the mover's side: the child's record negated (its remoteness as is)
  bool best = false;
  // Where the record is unknown: proven bounds on the mover's score (a Go
  // proof journal's tests), printed with the value they decide.
  std::optional<std::pair<int, int>> score_bounds;
};

struct PositionReport {
  std::string position;
  Record record;
  bool primitive = false;
  std::vector<MoveReport> moves;    // best first (the order of the moves' preference for the mover)
  std::string source = "database";  // or "search": not stored, solved live; "rules": a final board not stored
  // Why a search stopped before the report was whole ("--time 5 s ran out",
  // "interrupted"); empty: complete. Records it did not reach are unknown.
  std::string incomplete;
  // The stopped search's proven bounds on the position's score where its record is unknown.
  std::optional<std::pair<int, int>> score_bounds;
  std::optional<std::uint64_t> nodes;  // searched: the nodes the report's searches took
  std::string board;                   // drawn for the text report (src/cli/board_text.h); empty: none
  std::string board_line;  // the board in one line for --json where the position's text is not the board (go)
  // Scores are margins of a half-point komi rounded away from zero (go:WxH,komi=7.5):
  // the text prints the margin (+0.5 where the score is +1), --json adds it as "margin".
  bool half_point_scores = false;
  // Both sides' best moves from the position to the end of the game, in the
  // game's move text (as many as the remoteness; empty at a final position).
  // None where it is not known (--weak, a draw, a search stopped first).
  std::optional<std::string> line;
};

// Moves played from p, as one text: separated where the game's text separates
// them (go: "b2 a3 pass"), else joined (connect4 "4455", reversi "f5d6").
template <Game G>
std::string line_text(const G& g, typename G::Position p, const std::vector<typename G::Move>& moves) {
  std::string out;
  for (const auto m : moves) {
    if constexpr (requires { G::kSpacedMoves; }) out += out.empty() ? "" : " ";
    out += g.format_move(p, m);
    p = g.play(p, m);
  }
  return out;
}

// The margin a score stands for: the score itself, or with half-point scores
// the half point it was rounded away from zero from (+1 -> +0.5, -3 -> -2.5).
double score_margin(int score, bool half_point_scores);

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
    MoveReport mr{g.format_move(p, m), child, false, std::nullopt};
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

// A position the rules end: its record by the rules (value, remoteness 0,
// score), whether or not a database stores it (an unreachable final board).
template <Game G>
Record rules_record(const G& g, const typename G::Position& p, bool scored) {
  const Terminal t = g.terminal(p);
  return primitive_record(t.value, scored ? t.score : 0);
}

// Whether g's scores are margins rounded from half points (a half-point komi).
template <Game G>
bool half_point_scores(const G& g) {
  if constexpr (requires { g.go().half_point_komi(); })
    return g.go().half_point_komi();
  else
    return false;
}

// The report query prints for the position `text`: records from
// lookup(canonical, searched&), a final board not stored by the rules, and
// the source it came from. Throws ParseError on bad text, and where a complete
// database holds no record of the position (it is not reachable from the start).
template <Game G, class Lookup>
PositionReport answer_position(const G& g, const std::string& text, bool scored, bool complete, Lookup&& lookup) {
  const auto p = g.parse(text);
  bool searched = false;
  auto record_of = [&](const auto& canonical) { return lookup(canonical, searched); };
  auto report = report_position(g, p, text, record_of);
  const bool by_rules = report.primitive && !report.record.known();
  if (by_rules) report.record = rules_record(g, p, scored);
  if (!report.record.known() && complete)
    throw ParseError("position '" + quote_input(text) +
                     "' is not reachable from the start (the complete database holds no record of it)");
  report.source = by_rules ? "rules" : searched ? "search" : "database";
  report.board_line = cli::board_line(g, p);
  report.half_point_scores = half_point_scores(g);
  return report;
}

// weak: records carry only the value (remoteness is not known).
nlohmann::json report_to_json(const PositionReport& r, bool scored, bool weak = false);
std::string report_to_text(const PositionReport& r, bool scored, bool weak = false);

}  // namespace gsolve
