// The outcome vocabulary shared by the rules and everything above them.
// Lives in games/ because the rules must say who won; src/core/record.h builds the
// full record (remoteness, score) on top of it.
#pragma once

#include <cstdint>
#include <string_view>

namespace gsolve {

// Numbered so that 0 means "not stored" in every on-disk stream.
enum class Value : std::uint8_t { Unknown = 0, Lose = 1, Draw = 2, Tie = 3, Win = 4 };

constexpr std::string_view value_name(Value v) {
  switch (v) {
    case Value::Win:
      return "win";
    case Value::Lose:
      return "lose";
    case Value::Tie:
      return "tie";
    case Value::Draw:
      return "draw";
    default:
      return "unknown";
  }
}

// The opponent's view of the same outcome.
constexpr Value negate(Value v) {
  switch (v) {
    case Value::Win:
      return Value::Lose;
    case Value::Lose:
      return Value::Win;
    default:
      return v;
  }
}

// A primitive (terminal) position's outcome for the side to move.
// score is the final margin for the side to move (scored games; 0 otherwise).
struct Terminal {
  Value value = Value::Unknown;  // Unknown: not a primitive
  int score = 0;
  bool primitive() const { return value != Value::Unknown; }
};

}  // namespace gsolve
