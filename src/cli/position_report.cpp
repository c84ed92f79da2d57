#include "src/cli/position_report.h"

#include <fmt/format.h>

namespace gsolve {
namespace {

nlohmann::json record_json(nlohmann::json j, const Record& r, bool scored, bool weak) {
  j["value"] = value_name(r.value);
  if (weak || r.value == Value::Draw || r.value == Value::Unknown) j["remoteness"] = nullptr;
  else j["remoteness"] = r.remoteness;
  if (scored) j["score"] = r.known() ? nlohmann::json(r.score) : nlohmann::json(nullptr);  // no score: not 0
  return j;
}

std::string record_text(const Record& r, bool scored, bool weak) {
  std::string s(value_name(r.value));
  if (!weak && r.value != Value::Draw && r.value != Value::Unknown) s += fmt::format(" in {}", r.remoteness);
  if (scored && r.known()) s += fmt::format(", score {:+}", r.score);
  return s;
}

}  // namespace

nlohmann::json report_to_json(const PositionReport& r, bool scored, bool weak) {
  nlohmann::json j = record_json({{"position", r.position}}, r.record, scored, weak);
  j["primitive"] = r.primitive;
  j["source"] = r.source;
  j["moves"] = nlohmann::json::array();
  for (const auto& m : r.moves) {
    auto mj = record_json({{"move", m.move}}, m.record, scored, weak);
    mj["best"] = m.best;
    j["moves"].push_back(std::move(mj));
  }
  return j;
}

std::string report_to_text(const PositionReport& r, bool scored, bool weak) {
  std::string out = fmt::format("{}: {}{}{}\n", r.position.empty() ? "(start)" : r.position,
                                record_text(r.record, scored, weak), r.primitive ? " (primitive)" : "",
                                r.source == "search" ? " (searched)" : "");
  for (const auto& m : r.moves)
    out += fmt::format("  {} {:<6} {}\n", m.best ? '*' : ' ', m.move, record_text(m.record, scored, weak));
  return out;
}

}  // namespace gsolve
