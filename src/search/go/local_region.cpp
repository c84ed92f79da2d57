#include "src/search/go/local_region.h"

#include <array>
#include <bit>
#include <memory>

#include "src/search/table_memory.h"

namespace gsolve::search::go {

namespace {

// The answers of the local game by (board, area, colour's stones, opponent's
// stones), kept across calls: a content's answer depends on nothing else, and
// the prover asks about the same areas again and again, a stone apart.
// Four-way buckets, entries replaced in turn; a search never holds a
// reference across its recursion, so a replaced entry is only recomputed.
class StateMemo {
 public:
  enum Known : std::uint8_t { kUnknown = 0, kFalse = 1, kTrue = 2 };
  struct Entry {
    std::uint64_t area = 0, own = 0, opp = 0;
    std::uint16_t board = 0;
    Known holds = kUnknown, can_move = kUnknown;  // the two questions asked about a content
  };

  // The answer known to `question` (a member pointer: holds or can_move).
  Known find(std::uint16_t board, std::uint64_t area, std::uint64_t own, std::uint64_t opp,
             Known Entry::*question) const {
    const Entry* bucket = &entries_[index(board, area, own, opp)];
    for (int i = 0; i < kWays; ++i)
      if (bucket[i].own == own && bucket[i].opp == opp && bucket[i].area == area && bucket[i].board == board)
        return bucket[i].*question;
    return kUnknown;
  }
  void store(std::uint16_t board, std::uint64_t area, std::uint64_t own, std::uint64_t opp, Known Entry::*question,
             bool value) {
    Entry* bucket = &entries_[index(board, area, own, opp)];
    Entry* e = nullptr;
    for (int i = 0; i < kWays && !e; ++i)
      if (bucket[i].own == own && bucket[i].opp == opp && bucket[i].area == area && bucket[i].board == board)
        e = &bucket[i];
    if (!e) {
      e = &bucket[next_];
      next_ = (next_ + 1) & (kWays - 1);
      *e = {area, own, opp, board, kUnknown, kUnknown};
    }
    e->*question = value ? kTrue : kFalse;
  }

 private:
  static constexpr int kWays = 4;
  static constexpr int kBits = 19;  // 16 MB a thread
  static std::size_t index(std::uint16_t board, std::uint64_t area, std::uint64_t own, std::uint64_t opp) {
    const std::uint64_t h = (own * 0x9E3779B97F4A7C15ull) ^ (opp * 0xC2B2AE3D27D4EB4Full) ^
                            (area * 0xD6E8FEB86659FD93ull) ^ (std::uint64_t{board} * 0xFF51AFD7ED558CCDull);
    return (h >> (64 - kBits)) & ~std::size_t{kWays - 1};
  }
  // Huge pages where the system gives them: the memo's probes are the local
  // game's hottest loads.
  TableMemory memory_{sizeof(Entry) << kBits};
  Entry* const entries_ = static_cast<Entry*>(memory_.data());
  int next_ = 0;
};

// The local game over one region (local_region.h). Stones are board bits.
class LocalGame {
 public:
  LocalGame(StateMemo& memo, const Go& go, std::uint64_t region)
      : memo_(memo),
        go_(go),
        region_(region),
        edge_(region & go.neighbours(go.board_mask() & ~region)),
        board_(static_cast<std::uint16_t>(go.width() << 8 | go.height())) {}

  // The opponent to move (or the colour, which may pass when no invader is left).
  bool holds(std::uint64_t own, std::uint64_t opp) { return ask(own, opp, &StateMemo::Entry::holds); }

 private:
  std::uint64_t group(std::uint64_t seed, std::uint64_t within) const {
    for (std::uint64_t g = seed;;) {
      const std::uint64_t grown = (g | go_.neighbours(g)) & within;
      if (grown == g) return g;
      g = grown;
    }
  }

  bool decide_holds(std::uint64_t own, std::uint64_t opp) {
    const std::uint64_t empty = region_ & ~own & ~opp;
    // A group of the colour not joined to the alive blocks with one liberty:
    // the opponent captures it there.
    const std::uint64_t loose = own & ~group(own & edge_, own);
    for (std::uint64_t rest = loose; rest;) {
      const std::uint64_t g = group(rest & (~rest + 1), loose);
      const std::uint64_t liberties = go_.neighbours(g) & empty;
      if (!(liberties & (liberties - 1))) return false;
      rest &= ~g;
    }
    if (opp && !can_move(own, opp)) return false;
    for (std::uint64_t moves = empty; moves; moves &= moves - 1) {
      const std::uint64_t q = moves & (~moves + 1);
      const std::uint64_t with_q = opp | q;
      if (!(go_.neighbours(group(q, with_q)) & empty & ~q)) continue;  // suicide
      if (!can_move(own, with_q)) return false;
    }
    return true;
  }

  // The colour to move with invaders in the region: whether a move keeps its win.
  bool can_move(std::uint64_t own, std::uint64_t opp) { return ask(own, opp, &StateMemo::Entry::can_move); }

  // The memo's answer, else decided and stored.
  bool ask(std::uint64_t own, std::uint64_t opp, StateMemo::Known StateMemo::Entry::*question) {
    const StateMemo::Known known = memo_.find(board_, region_, own, opp, question);
    if (known != StateMemo::kUnknown) return known == StateMemo::kTrue;
    const bool value = question == &StateMemo::Entry::holds ? decide_holds(own, opp) : decide_can_move(own, opp);
    memo_.store(board_, region_, own, opp, question, value);
    return value;
  }

  bool decide_can_move(std::uint64_t own, std::uint64_t opp) {
    const std::uint64_t empty = region_ & ~own & ~opp;
    for (std::uint64_t moves = empty; moves; moves &= moves - 1) {
      const std::uint64_t q = moves & (~moves + 1);
      const std::uint64_t left = empty & ~q;
      std::uint64_t captured = 0;
      for (std::uint64_t next = go_.neighbours(q) & opp; next;) {
        const std::uint64_t g = group(next & (~next + 1), opp);
        if (!(go_.neighbours(g) & left)) captured |= g;
        next &= ~g;
      }
      const std::uint64_t with_q = own | q;
      const std::uint64_t g = group(q, with_q);
      if (!(g & edge_) && !(go_.neighbours(g) & (left | captured))) continue;  // suicide
      if (holds(with_q, opp & ~captured)) return true;
    }
    return false;
  }

  StateMemo& memo_;
  const Go& go_;
  const std::uint64_t region_, edge_;  // edge_: the region's points next to the alive stones
  const std::uint16_t board_;
};

// A thread's memo, allocated at its first call.
StateMemo& memo() {
  thread_local const std::unique_ptr<StateMemo> m = std::make_unique<StateMemo>();
  return *m;
}

}  // namespace

bool colour_holds_region(const Go& go, std::uint64_t region, std::uint64_t opp) {
  if (std::popcount(region) > kLargestSearchedRegion) return false;
  return LocalGame(memo(), go, region).holds(0, opp & region);
}

bool colour_holds_system(const Go& go, std::uint64_t stones, std::uint64_t regions, std::uint64_t opp) {
  if (std::popcount(regions) > kLargestSystem) return false;
  return LocalGame(memo(), go, stones | regions).holds(stones, opp & regions);
}

}  // namespace gsolve::search::go
