#include "src/search/connect4/pons_score.h"

#include <stdexcept>

namespace gsolve::search {

Record record_from_score(const Connect4& game, int stones, int score) {
  const int wh = game.width() * game.height();
  if (score == 0) return Record{Value::Tie, static_cast<std::uint16_t>(wh - stones), 0};
  const int s = score > 0 ? score : -score;
  int d = wh + 2 - 2 * s - stones;       // N = W*H+2-2|s|
  if ((d % 2 != 0) != (score > 0)) --d;  // else N = W*H+1-2|s|: win odd, loss even
  return Record{score > 0 ? Value::Win : Value::Lose, static_cast<std::uint16_t>(d), 0};
}

int score_from_record(const Connect4& game, int stones, const Record& record) {
  const int wh = game.width() * game.height();
  const int end = stones + record.remoteness;
  switch (record.value) {
    case Value::Win:
      return (wh + 2 - end) / 2;
    case Value::Lose:
      return -((wh + 2 - end) / 2);
    case Value::Tie:
      return 0;
    default:
      throw std::invalid_argument("connect4 record has no Pons score");
  }
}

}  // namespace gsolve::search
