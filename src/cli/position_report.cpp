#include "src/cli/position_report.h"

#include <fmt/format.h>

namespace gsolve {
namespace {

nlohmann::json record_json(nlohmann::json j, const Record& r, bool scored, bool weak, bool half_points) {
  j["value"] = value_name(r.value);
  if (weak || r.value == Value::Draw || r.value == Value::Unknown)
    j["remoteness"] = nullptr;
  else
    j["remoteness"] = r.remoteness;
  if (scored) j["score"] = r.known() ? nlohmann::json(r.score) : nlohmann::json(nullptr);  // no score: not 0
  if (scored && half_points) j["margin"] = r.known() ? nlohmann::json(score_margin(r.score, true)) : nullptr;
  return j;
}

std::string record_text(const Record& r, bool scored, bool weak, bool half_points) {
  std::string s(value_name(r.value));
  if (!weak && r.value != Value::Draw && r.value != Value::Unknown) s += fmt::format(" in {}", r.remoteness);
  if (scored && r.known()) s += fmt::format(", score {:+}", score_margin(r.score, half_points));
  return s;
}

// Bounds on a score as bounds on its margin. With half points no score is 0:
// a lower bound 0 means at least +1 (+0.5), an upper bound 0 at most -1 (-0.5).
std::pair<double, double> margin_bounds(std::pair<int, int> b, bool half_points) {
  if (!half_points) return b;
  return {b.first > 0 ? b.first - 0.5 : b.first + 0.5, b.second < 0 ? b.second + 0.5 : b.second - 0.5};
}

// The value a stopped search's score bounds decide (unknown where they straddle the tie).
Value value_of_bounds(std::pair<int, int> b) {
  if (b.first > 0) return Value::Win;
  if (b.second < 0) return Value::Lose;
  return b.first == 0 && b.second == 0 ? Value::Tie : Value::Unknown;
}

// The value and the bounds of a score known only within bounds.
void bounds_json(nlohmann::json& j, std::pair<int, int> bounds, bool scored, bool half_points) {
  j["value"] = value_name(value_of_bounds(bounds));
  if (!scored) return;
  j["score_lower"] = bounds.first;
  j["score_upper"] = bounds.second;
  if (half_points) {
    const auto [lower, upper] = margin_bounds(bounds, true);
    j["margin_lower"] = lower;
    j["margin_upper"] = upper;
  }
}

std::string bounds_text(std::pair<int, int> bounds, bool scored, bool half_points) {
  const auto [lower, upper] = margin_bounds(bounds, half_points);
  std::string s(value_name(value_of_bounds(bounds)));
  if (scored)
    s += lower == upper ? fmt::format(", score {:+}", lower)
                        : fmt::format(", score between {:+} and {:+}", lower, upper);
  return s;
}

}  // namespace

double score_margin(int score, bool half_point_scores) {
  if (!half_point_scores || score == 0) return score;
  return score > 0 ? score - 0.5 : score + 0.5;
}

nlohmann::json report_to_json(const PositionReport& r, bool scored, bool weak) {
  nlohmann::json j = record_json({{"position", r.position}}, r.record, scored, weak, r.half_point_scores);
  if (r.score_bounds) bounds_json(j, *r.score_bounds, scored, r.half_point_scores);
  if (!r.board_line.empty()) j["board"] = r.board_line;
  j["primitive"] = r.primitive;
  j["source"] = r.source;
  if (r.source == "search") j["complete"] = r.incomplete.empty();
  if (r.nodes) j["nodes"] = *r.nodes;
  if (r.line) j["line"] = *r.line;
  j["moves"] = nlohmann::json::array();
  for (const auto& m : r.moves) {
    auto mj = record_json({{"move", m.move}}, m.record, scored, weak, r.half_point_scores);
    if (m.score_bounds) bounds_json(mj, *m.score_bounds, scored, r.half_point_scores);
    mj["best"] = m.best;
    j["moves"].push_back(std::move(mj));
  }
  return j;
}

std::string report_to_text(const PositionReport& r, bool scored, bool weak) {
  const std::string head = r.score_bounds ? bounds_text(*r.score_bounds, scored, r.half_point_scores)
                                          : record_text(r.record, scored, weak, r.half_point_scores);
  std::string how = r.source == "search" ? "searched" : "";
  if (!r.incomplete.empty()) how += (how.empty() ? "" : "; ") + ("incomplete: " + r.incomplete);
  std::string out = fmt::format("{}: {}{}{}\n", r.position.empty() ? "(start)" : r.position, head,
                                r.primitive ? " (primitive)" : "", how.empty() ? "" : " (" + how + ")");
  out += r.board;
  for (const auto& m : r.moves)
    out += fmt::format("  {} {:<6} {}\n", m.best ? '*' : ' ', m.move,
                       m.score_bounds ? bounds_text(*m.score_bounds, scored, r.half_point_scores)
                                      : record_text(m.record, scored, weak, r.half_point_scores));
  if (r.line && !r.line->empty()) out += "  line: " + *r.line + "\n";
  return out;
}

}  // namespace gsolve
