// The value contract every part of gsolve agrees on (docs/DESIGN.md, "Values").
//
// A record is always seen from the side to move. A primitive has remoteness 0;
// a Draw has no remoteness. Scored games keep the final margin for the side to
// move; value = sign(score) there.
#pragma once

#include <compare>
#include <cstdint>
#include <span>
#include <string_view>

#include "games/value.h"

namespace gsolve {

struct Record {
  Value value = Value::Unknown;
  std::uint16_t remoteness = 0;  // plies to the end with best play; 0 for Draw
  std::int16_t score = 0;        // scored games only; 0 otherwise

  friend bool operator==(const Record&, const Record&) = default;
  bool known() const { return value != Value::Unknown; }
};

constexpr Record primitive_record(Value v, int score = 0) { return Record{v, 0, static_cast<std::int16_t>(score)}; }

// Preference among outcomes, worst to best:
//   Lose soon < Lose late < Draw < Tie late < Tie soon < Win late < Win soon.
// Scored games compare score first; remoteness then breaks ties by the same rule
// (score > 0: sooner is better; score < 0: later is better; score = 0: sooner).
// Returns a key whose larger value is better for the side to move.
constexpr std::int64_t preference(const Record& r, bool scored) {
  const std::int64_t rem = r.remoteness;
  std::int64_t rank = 0;
  switch (r.value) {
    case Value::Lose:
      rank = 0 * 100000 + rem;
      break;  // later is better
    case Value::Draw:
      rank = 1 * 100000;
      break;
    case Value::Tie:
      rank = 2 * 100000 + (65535 - rem);
      break;
    case Value::Win:
      rank = 3 * 100000 + (65535 - rem);
      break;
    default:
      rank = -1;
      break;
  }
  if (!scored) return rank;
  // Score dominates; inside one score, the value rank above encodes the rule.
  return (static_cast<std::int64_t>(r.score) << 20) + rank;
}

// The record of a position from the records of its children (each seen from the
// child's side to move). This is DESIGN.md's rule:
//   1. Win if some child is Lose; remoteness 1 + min over those children.
//   2. else Tie if some child is Tie; remoteness 1 + min over those children.
//   3. else Draw if some child is Draw.
//   4. else Lose; remoteness 1 + max over the children.
// Scored: maximise -score(child), then the remoteness rule for the chosen score.
// Every child must be known; an empty span is not a position with children.
Record combine_children(std::span<const Record> children, bool scored);

// Best move's record after negation, as the mover sees it: the child record
// seen from the parent's side, one ply further.
constexpr Record as_parent(const Record& child) {
  Record r;
  r.value = negate(child.value);
  r.remoteness = child.value == Value::Draw ? 0 : static_cast<std::uint16_t>(child.remoteness + 1);
  r.score = static_cast<std::int16_t>(-child.score);
  return r;
}

// In memory a record packs into 32 bits: value 3 bits, remoteness 13 bits,
// score 16 bits (two's complement).
//   bit 31..16  score (int16)
//   bit 15..3   remoteness (0..8191)
//   bit  2..0   value
using PackedRecord = std::uint32_t;
constexpr int kMaxRemoteness = 8191;

constexpr PackedRecord pack(const Record& r) {
  return static_cast<PackedRecord>(static_cast<std::uint16_t>(r.score)) << 16 |
         static_cast<PackedRecord>(r.remoteness & 0x1FFF) << 3 | static_cast<PackedRecord>(r.value);
}

constexpr Record unpack(PackedRecord p) {
  return Record{static_cast<Value>(p & 7), static_cast<std::uint16_t>((p >> 3) & 0x1FFF),
                static_cast<std::int16_t>(static_cast<std::uint16_t>(p >> 16))};
}

}  // namespace gsolve
