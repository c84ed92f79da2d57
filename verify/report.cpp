#include "verify/report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "src/core/progress.h"

namespace gsolve::verify {

std::string record_text(const Record& r, bool scored, bool remoteness) {
  std::string s(value_name(r.value));
  if (r.value != Value::Draw && r.value != Value::Unknown && remoteness)
    s += fmt::format(" in {}", r.remoteness);
  else if (r.value == Value::Draw && r.remoteness != 0)
    s += fmt::format(" (remoteness {})", r.remoteness);
  if (scored && r.known()) s += fmt::format(", score {:+}", r.score);
  return s;
}

void Counters::merge(const Counters& o) {
  visited += o.visited;
  checked += o.checked;
  unreadable += o.unreadable;
  skip_repeat += o.skip_repeat;
  skip_chance += o.skip_chance;
  skip_beyond += o.skip_beyond;
  skip_damaged_child += o.skip_damaged_child;
  deep += o.deep;
  for (int k = 0; k < kErrorKinds; ++k) by_kind[k] += o.by_kind[k];
}

std::uint64_t Counters::errors() const {
  std::uint64_t n = 0;
  for (auto k : by_kind) n += k;
  return n;
}

namespace {
bool by_key(const ErrorEntry& a, const ErrorEntry& b) {
  return ErrorSink::key(a.kind, a.rank) < ErrorSink::key(b.kind, b.rank);
}
}  // namespace

void ErrorSink::add(ErrorEntry e) {
  std::lock_guard lock(mutex_);
  if (heap_.size() == keep_) {
    if (!by_key(e, heap_.front())) return;
    std::pop_heap(heap_.begin(), heap_.end(), by_key);
    heap_.pop_back();
  }
  heap_.push_back(std::move(e));
  std::push_heap(heap_.begin(), heap_.end(), by_key);
  if (heap_.size() == keep_) threshold_.store(key(heap_.front().kind, heap_.front().rank), std::memory_order_relaxed);
}

void ErrorSink::damaged_frame(const std::string& where) {
  std::lock_guard lock(mutex_);
  if (frames_.size() < 1000 && std::find(frames_.begin(), frames_.end(), where) == frames_.end())
    frames_.push_back(where);
}

std::vector<ErrorEntry> ErrorSink::sorted() const {
  std::lock_guard lock(mutex_);
  auto out = heap_;
  std::sort(out.begin(), out.end(), by_key);
  return out;
}

std::vector<std::string> ErrorSink::damaged_frames() const {
  std::lock_guard lock(mutex_);
  auto out = frames_;
  std::sort(out.begin(), out.end());
  return out;
}

double VerifyReport::coverage() const {
  if (canonical_positions == 0) return 0;
  const std::uint64_t covered = mode == "backtrack" ? counts.checked : distinct_checked;
  return static_cast<double>(covered) / static_cast<double>(canonical_positions);
}

namespace {

nlohmann::json record_json(const Record& r, bool scored, bool remoteness) {
  nlohmann::json j;
  j["value"] = value_name(r.value);
  if (r.value == Value::Unknown || (r.value == Value::Draw && r.remoteness == 0) || !remoteness)
    j["remoteness"] = nullptr;
  else
    j["remoteness"] = r.remoteness;
  if (scored) j["score"] = r.score;
  return j;
}

}  // namespace

nlohmann::json report_to_json(const VerifyReport& r) {
  nlohmann::json kinds = nlohmann::json::object();
  for (int k = 0; k < kErrorKinds; ++k) kinds[kErrorKindKeys[k]] = r.counts.by_kind[k];
  nlohmann::json errors = nlohmann::json::array();
  for (const auto& e : r.first_errors) {
    nlohmann::json j = {{"index", e.rank}, {"position", e.position}, {"kind", error_kind_key(e.kind)}};
    j["stored"] = e.has_stored ? record_json(e.stored, r.scored, r.remoteness) : nlohmann::json(nullptr);
    j["expected"] = e.has_expected ? record_json(e.expected, r.scored, r.remoteness) : nlohmann::json(nullptr);
    if (!e.note.empty()) j["note"] = e.note;
    errors.push_back(std::move(j));
  }
  nlohmann::json j = {{"db", r.db_path},
                      {"game", r.game},
                      {"mode", r.mode},
                      {"complete", r.complete},
                      {"threads", r.threads},
                      {"seconds", r.seconds},
                      {"visited", r.counts.visited},
                      {"checked", r.counts.checked},
                      {"unreadable", r.counts.unreadable},
                      {"skipped", r.counts.skipped()},
                      {"skipped_by_reason",
                       {{"already_checked", r.counts.skip_repeat},
                        {"chance", r.counts.skip_chance},
                        {"beyond_coverage", r.counts.skip_beyond},
                        {"damaged_child", r.counts.skip_damaged_child}}},
                      {"checked_by_search", r.counts.deep},
                      {"errors", r.errors()},
                      {"errors_by_kind", kinds},
                      {"positions_per_second", r.positions_per_second()},
                      {"canonical_positions", r.canonical_positions},
                      {"coverage", r.coverage()},
                      {"damaged_frames", r.damaged_frames},
                      {"first_errors", errors}};
  if (r.mode == "random") {
    j["walks"] = r.walks;
    j["steps"] = r.steps;
    j["seed"] = r.seed;
    j["distinct_checked"] = r.distinct_checked;
    j["distinct_estimated"] = r.distinct_estimated;
    j["already_checked_by_depth"] = r.already_checked_by_depth;
  }
  return j;
}

std::string error_line(const ErrorEntry& e, bool scored, bool remoteness) {
  std::string line = fmt::format("index {}  {}  \"{}\"", e.rank, error_kind_name(e.kind), e.position);
  if (e.has_stored) line += "  stored " + record_text(e.stored, scored, remoteness);
  if (e.has_expected) line += "  expected " + record_text(e.expected, scored, remoteness);
  if (!e.note.empty()) line += "  (" + e.note + ")";
  return line;
}

std::string report_to_text(const VerifyReport& r, std::size_t max_errors) {
  const auto& c = r.counts;
  std::string out = fmt::format("verify {} --{}: {} with {} thread{}\n", r.game, r.mode, r.db_path, r.threads,
                                r.threads == 1 ? "" : "s");
  if (r.mode == "random") {
    out += fmt::format("walks      {} (seed {}), {} positions on the walks\n", r.walks, r.seed, r.steps);
    out += fmt::format("checked    {} positions, {}{} distinct", c.checked, r.distinct_estimated ? "about " : "",
                       r.distinct_checked);
    if (r.canonical_positions)
      out += fmt::format(": {:.2f}% of the {} canonical positions", 100 * r.coverage(), r.canonical_positions);
    out += "\n";
  } else {
    out += fmt::format("checked    {} positions ({} visited", c.checked, c.visited);
    if (r.canonical_positions) out += fmt::format(", {} canonical positions stored", r.canonical_positions);
    out += ")\n";
  }
  out += fmt::format("skipped    {}", c.skipped());
  if (c.skipped()) {
    std::vector<std::string> why;
    if (c.skip_repeat) why.push_back(fmt::format("{} already checked", c.skip_repeat));
    if (c.skip_chance) why.push_back(fmt::format("{} by chance P(already checked)", c.skip_chance));
    if (c.skip_beyond)
      why.push_back(fmt::format("{} at the edge of the database's coverage (--deep checks them)", c.skip_beyond));
    if (c.skip_damaged_child) why.push_back(fmt::format("{} with a child in a damaged frame", c.skip_damaged_child));
    out += fmt::format(" ({})", fmt::join(why, ", "));
  }
  out += "\n";
  out += fmt::format("errors     {}", r.errors());
  if (r.errors()) {
    std::vector<std::string> kinds;
    for (int k = 0; k < kErrorKinds; ++k)
      if (c.by_kind[k]) kinds.push_back(fmt::format("{} {}", kErrorKindNames[k], c.by_kind[k]));
    out += fmt::format(" ({})", fmt::join(kinds, ", "));
  }
  out += "\n";
  out += fmt::format("rate       {} positions/s ({:.2f} s)\n", human_count(r.positions_per_second()), r.seconds);
  if (!r.damaged_frames.empty()) out += fmt::format("damaged    {}\n", fmt::join(r.damaged_frames, ", "));
  const std::size_t shown = std::min(max_errors, r.first_errors.size());
  if (shown) {
    out += fmt::format("first {} error{} (lowest database index first, damaged frames last):\n", shown,
                       shown == 1 ? "" : "s");
    for (std::size_t i = 0; i < shown; ++i) out += error_line(r.first_errors[i], r.scored, r.remoteness) + "\n";
  }
  return out;
}

}  // namespace gsolve::verify
