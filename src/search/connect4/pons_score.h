// Connect 4 search scores (Pons; tests/data/connect4/README.md), always
// from the side to move: 0 = tie; s > 0: the side to move wins, and the game
// ends with N stones where s = floor((W*H + 2 - N) / 2); s < 0: it loses,
// likewise. The score fixes the remoteness (N is fixed by |s| and parity), so
// one ordered integer carries (value, remoteness): a winner hurries, a loser
// delays, exactly the order of docs/DESIGN.md "Values".
#pragma once

#include "games/connect4.h"
#include "src/core/record.h"

namespace gsolve::search {

// Pons score <-> record. `stones` = stones on the board.
// record_from_score: Win/Lose remoteness d with N = stones + d, d odd for a win
// and even for a loss; Tie: d = W*H - stones.
Record record_from_score(const Connect4& game, int stones, int score);
int score_from_record(const Connect4& game, int stones, const Record& record);  // throws on Draw/Unknown

}  // namespace gsolve::search
