#include "src/search/go/local_region.h"

#include <array>
#include <bit>
#include <memory>

namespace gsolve::search::go {

namespace {

// The memo of one search: open addressing over (colour's stones, opponent's
// stones), entries of earlier calls told apart by a stamp (nothing to clear).
class StateMemo {
 public:
  enum Known : std::uint8_t { kUnknown = 0, kFalse = 1, kTrue = 2 };
  struct Entry {
    std::uint64_t own = 0, opp = 0;
    std::uint32_t stamp = 0;
    Known holds = kUnknown, can_move = kUnknown;  // the two questions asked about a content
  };

  void start() {
    if (++stamp_ == 0) entries_.fill({}), stamp_ = 1;
  }
  // The entry of a content, made if new.
  Entry& find(std::uint64_t own, std::uint64_t opp) {
    const std::uint64_t h = (own * 0x9E3779B97F4A7C15ull) ^ (opp * 0xC2B2AE3D27D4EB4Full);
    for (std::size_t i = h >> (64 - kBits);; i = (i + 1) & (kSize - 1)) {
      Entry& e = entries_[i];
      if (e.stamp != stamp_) return e = {own, opp, stamp_, kUnknown, kUnknown};
      if (e.own == own && e.opp == opp) return e;
    }
  }

 private:
  // Every content of the largest region fits, the table at most half full.
  static constexpr int kBits = 17;
  static constexpr std::size_t kSize = std::size_t{1} << kBits;
  static_assert([] {
    std::size_t contents = 1;
    for (int i = 0; i < kLargestSearchedRegion; ++i) contents *= 3;
    return 2 * contents <= kSize;
  }());
  std::array<Entry, kSize> entries_{};
  std::uint32_t stamp_ = 0;
};

// The local game over one region (local_region.h). Stones are board bits.
class LocalGame {
 public:
  LocalGame(StateMemo& memo, const Go& go, std::uint64_t region)
      : memo_(memo), go_(go), region_(region), edge_(region & go.neighbours(go.board_mask() & ~region)) {}

  // The opponent to move (or the colour, which may pass when no invader is left).
  bool holds(std::uint64_t own, std::uint64_t opp) {
    StateMemo::Entry& e = memo_.find(own, opp);
    if (e.holds == StateMemo::kUnknown) e.holds = decide_holds(own, opp) ? StateMemo::kTrue : StateMemo::kFalse;
    return e.holds == StateMemo::kTrue;
  }

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
  bool can_move(std::uint64_t own, std::uint64_t opp) {
    StateMemo::Entry& e = memo_.find(own, opp);
    if (e.can_move == StateMemo::kUnknown)
      e.can_move = decide_can_move(own, opp) ? StateMemo::kTrue : StateMemo::kFalse;
    return e.can_move == StateMemo::kTrue;
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
};

// The answers of earlier calls, direct-mapped by (board, region, invaders).
struct CachedAnswer {
  std::uint64_t region = 0, opp = 0;
  std::uint32_t board = 0;
  bool holds = false;
};
constexpr int kCacheBits = 16;

// A thread's memo and answers, allocated at its first call (4.5 MB).
struct Scratch {
  StateMemo memo;
  std::array<CachedAnswer, std::size_t{1} << kCacheBits> answers{};
};
Scratch& scratch() {
  thread_local const std::unique_ptr<Scratch> s = std::make_unique<Scratch>();
  return *s;
}

}  // namespace

bool colour_holds_region(const Go& go, std::uint64_t region, std::uint64_t opp) {
  if (std::popcount(region) > kLargestSearchedRegion) return false;
  opp &= region;
  Scratch& s = scratch();
  const std::uint32_t board = static_cast<std::uint32_t>(go.width() << 8 | go.height());
  const std::uint64_t h = (region * 0x9E3779B97F4A7C15ull) ^ (opp * 0xC2B2AE3D27D4EB4Full) ^ board;
  CachedAnswer& a = s.answers[h >> (64 - kCacheBits)];
  if (a.region != region || a.opp != opp || a.board != board) {
    s.memo.start();
    a = {region, opp, board, LocalGame(s.memo, go, region).holds(0, opp)};
  }
  return a.holds;
}

}  // namespace gsolve::search::go
