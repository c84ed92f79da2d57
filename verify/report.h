// What a verifier run found, and how it is printed (text summary, --json).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "src/core/record.h"
#include "verify/rule.h"

namespace gsolve::verify {

// One reported error: the position's database index (its rank), its text,
// what is stored and what the rule says should be.
struct ErrorEntry {
  std::uint64_t rank = 0;
  ErrorKind kind = ErrorKind::wrong_value;
  std::string position;
  bool has_stored = false, has_expected = false;
  Record stored, expected;
  std::string note;  // where a damaged frame lives, which child is missing
};

// Counts kept per thread and summed at the end (no shared counter on the hot path).
struct Counters {
  std::uint64_t visited = 0;             // positions reached (a walk's repeats included)
  std::uint64_t checked = 0;             // positions compared with the rule (passed or failed)
  std::uint64_t unreadable = 0;          // own record missing or damaged (reported as errors)
  std::uint64_t skip_repeat = 0;         // random: already checked
  std::uint64_t skip_chance = 0;         // random: left out with probability P(already checked)
  std::uint64_t skip_beyond = 0;         // outside a partial database's coverage
  std::uint64_t skip_damaged_child = 0;  // a child's record is unreadable: cannot be checked
  std::uint64_t deep = 0;                // checked with children re-solved by search (--deep)
  std::array<std::uint64_t, kErrorKinds> by_kind{};

  void merge(const Counters& o);
  std::uint64_t skipped() const { return skip_repeat + skip_chance + skip_beyond + skip_damaged_child; }
  std::uint64_t errors() const;
};

// Collects errors from all threads; keeps the `keep` lowest ranks (so the
// printed list does not depend on thread timing), damaged-frame errors after
// all others (a damaged frame makes thousands of them, named once in the
// summary), and the distinct damaged frames. Errors are rare: a mutex is fine.
class ErrorSink {
 public:
  explicit ErrorSink(std::size_t keep) : keep_(keep) {}
  static std::uint64_t key(ErrorKind kind, std::uint64_t rank) {
    return (kind == ErrorKind::damaged_frame ? std::uint64_t{1} << 63 : 0) | rank;
  }
  // Whether an error would be kept (saves formatting the position).
  bool wants(ErrorKind kind, std::uint64_t rank) const {
    return keep_ > 0 && key(kind, rank) < threshold_.load(std::memory_order_relaxed);
  }
  void add(ErrorEntry e);
  void damaged_frame(const std::string& where);
  std::vector<ErrorEntry> sorted() const;
  std::vector<std::string> damaged_frames() const;

 private:
  std::size_t keep_;
  std::atomic<std::uint64_t> threshold_{~std::uint64_t{0}};  // rank below which an error is kept
  mutable std::mutex mutex_;
  std::vector<ErrorEntry> heap_;  // max-heap by rank
  std::vector<std::string> frames_;
};

struct VerifyReport {
  std::string game, mode, db_path;
  bool scored = false;
  bool remoteness = true;  // the records keep it (all objectives but score)
  bool complete = false;   // coverage complete: missing records are errors
  int threads = 1;
  double seconds = 0;
  Counters counts;
  std::vector<ErrorEntry> first_errors;     // lowest ranks first
  std::vector<std::string> damaged_frames;  // distinct "chunk T:C frame F"
  std::uint64_t canonical_positions = 0;    // from the database's meta; 0 if unknown
  // --random only
  std::uint64_t walks = 0, steps = 0, seed = 0;
  std::uint64_t distinct_checked = 0;            // distinct positions checked
  bool distinct_estimated = false;               // sampled mode: distinct_checked is an estimate
  std::vector<double> already_checked_by_depth;  // measured P(already checked) on the last walks

  std::uint64_t errors() const { return counts.errors(); }
  double positions_per_second() const { return seconds > 0 ? static_cast<double>(counts.checked) / seconds : 0; }
  double coverage() const;  // distinct_checked / canonical_positions (backtrack: checked)
};

nlohmann::json report_to_json(const VerifyReport& r);
std::string report_to_text(const VerifyReport& r, std::size_t max_errors);
std::string error_line(const ErrorEntry& e, bool scored, bool remoteness = true);

}  // namespace gsolve::verify
