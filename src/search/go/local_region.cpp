#include "src/search/go/local_region.h"

#include <algorithm>
#include <bit>

#include "games/bits.h"
#include "src/search/go/thread_cache.h"
#include "src/search/table_memory.h"

namespace gsolve::search::go {

namespace {

// The answers of the local game by (board, area, colour's stones, opponent's
// stones), kept across calls: a content's answer depends on nothing else, and
// the prover asks about the same areas again and again, a stone apart (and
// closed systems of different stones over the same area share contents). An
// entry is two words, four to a cache line (the probes are the local game's
// hottest loads): the area and the board, with the two answers; the colour's
// stones gathered over the area, then the opponent's gathered over the rest of
// it (at most kContentBits points: the area's points that are not the colour's
// stones lie in its regions). Four-way buckets: two keep the entries whose
// searches decided the most contents, two take the rest in turn (a new entry
// of at least the lesser kept one's work replaces it); a search never holds a
// reference across its recursion, so a replaced entry is only recomputed.
class StateMemo {
 public:
  enum Known : std::uint8_t { kUnknown = 0, kFalse = 1, kTrue = 2 };
  // The two questions asked about a content: the offset of their answers in an entry's first word.
  enum Question : int { kHolds = 60, kCanMove = 62 };
  static constexpr int kContentBits = 12;
  struct Key {
    std::uint64_t game, content;
  };
  // `board`: a code of at most 6 bits; the area's points at most 49.
  static Key key(std::uint64_t board, std::uint64_t area, std::uint64_t own, std::uint64_t opp) {
    return {area | board << 49, bits::extract(own, area) | bits::extract(opp, area & ~own) << std::popcount(area)};
  }

  // Starts loading the bucket of `key` (a search asks about a content's children one after another).
  void prefetch(const Key& key) const { __builtin_prefetch(&entries_[index(key)]); }
  Known find(const Key& key, Question question) const {
    const Entry* bucket = &entries_[index(key)];
    for (int i = 0; i < kWays; ++i)
      if (bucket[i].content == key.content && (bucket[i].game & kGame) == key.game)
        return static_cast<Known>(bucket[i].game >> question & 3);
    return kUnknown;
  }
  // `work`: the contents its search decided, itself included.
  void store(const Key& key, Question question, bool value, std::uint64_t work) {
    Entry* bucket = &entries_[index(key)];
    Entry* e = nullptr;
    for (int i = 0; i < kWays && !e; ++i)
      if (bucket[i].content == key.content && (bucket[i].game & kGame) == key.game) e = &bucket[i];
    const std::uint64_t level = std::min<std::uint64_t>(std::bit_width(work), kLevel >> kLevelShift);
    if (!e) {
      Entry* kept = level_of(bucket[1]) < level_of(bucket[0]) ? &bucket[1] : &bucket[0];
      if (level >= level_of(*kept)) {
        e = kept;
      } else {
        e = &bucket[2 + next_];
        next_ ^= 1;
      }
      *e = {key.game, key.content};
    }
    e->game = (e->game & ~kLevel) | std::max(level_of(*e), level) << kLevelShift;
    e->game |= std::uint64_t{value ? kTrue : kFalse} << question;
  }

 private:
  struct Entry {
    std::uint64_t game = 0, content = 0;  // game 0: empty (no area is)
  };
  static constexpr std::uint64_t kGame = (std::uint64_t{1} << 55) - 1;
  // Bits 55-59 of the first word: the bit width of the stored search's work (at most 31).
  static constexpr int kLevelShift = 55;
  static constexpr std::uint64_t kLevel = std::uint64_t{31} << kLevelShift;
  static std::uint64_t level_of(const Entry& e) { return (e.game & kLevel) >> kLevelShift; }
  static constexpr int kWays = 4;
  static constexpr int kBits = 20;  // 16 MB a thread
  static std::size_t index(const Key& key) {
    const std::uint64_t h = (key.game * 0xD6E8FEB86659FD93ull) ^ (key.content * 0x9E3779B97F4A7C15ull);
    return (h >> (64 - kBits)) & ~std::size_t{kWays - 1};
  }
  // Huge pages where the system gives them.
  TableMemory memory_{sizeof(Entry) << kBits};
  Entry* const entries_ = static_cast<Entry*>(memory_.data());
  int next_ = 0;
};

static_assert(kLargestSearchedRegion <= StateMemo::kContentBits && kLargestSystem <= StateMemo::kContentBits);

// The local game over one region (local_region.h). Stones are board bits.
class LocalGame {
 public:
  // `stones`: the colour's stones in `region` at the root (none for a region).
  LocalGame(StateMemo& memo, const Go& go, std::uint64_t region, std::uint64_t stones)
      : memo_(memo),
        go_(go),
        region_(region),
        free_(region & ~stones),
        edge_(region & go.neighbours(go.board_mask() & ~region)),
        board_(static_cast<std::uint64_t>((go.width() - 1) << 3 | (go.height() - 1))) {}

  // The opponent to move (or the colour, which may pass when no invader is left).
  bool holds(std::uint64_t own, std::uint64_t opp) { return ask(own, opp, StateMemo::kHolds); }

  // The same, deciding at most `budget` contents (memo misses): Unknown past it.
  SystemAnswer holds_within(std::uint64_t own, std::uint64_t opp, std::int64_t budget) {
    budget_ = budget;
    const bool value = holds(own, opp);
    return aborted_ ? SystemAnswer::Unknown : value ? SystemAnswer::Held : SystemAnswer::NotHeld;
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
    // The children's buckets, and each one's child by the colour's last
    // answer, loaded together (the search waits on the memo's memory).
    const std::uint64_t reply = answer_[std::popcount((own | opp) & free_) + 1];
    for (std::uint64_t rest = empty; rest; rest &= rest - 1) {
      const std::uint64_t q = rest & (~rest + 1);
      memo_.prefetch(StateMemo::key(board_, region_, own, opp | q));
      if (reply & empty & ~q) memo_.prefetch(StateMemo::key(board_, region_, own | reply, opp | q));
    }
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
    std::uint64_t& refutation = refutation_[std::popcount((own | opp) & free_)];
    return !first_of(empty, refutation, [&](std::uint64_t q) {
      const std::uint64_t with_q = opp | q;
      if (!(go_.neighbours(group(q, with_q)) & empty & ~q)) return false;  // suicide
      return !can_move(own, with_q);
    });
  }

  // Whether `found` holds for one of `moves` (single bits), `first` tried
  // first; the move found becomes `first` (the move that decided a sibling
  // content of as many stones decides this one too, most of the time).
  template <class Found>
  static bool first_of(std::uint64_t moves, std::uint64_t& first, const Found& found) {
    const std::uint64_t tried = first & moves;  // `first` may change below, in the search of a found() call
    if (tried && found(tried)) return true;
    for (std::uint64_t rest = moves & ~tried; rest; rest &= rest - 1) {
      const std::uint64_t q = rest & (~rest + 1);
      if (found(q)) {
        first = q;
        return true;
      }
    }
    return false;
  }

  // The colour to move with invaders in the region: whether a move keeps its win.
  bool can_move(std::uint64_t own, std::uint64_t opp) { return ask(own, opp, StateMemo::kCanMove); }

  // The memo's answer, else decided and stored.
  // Once the budget is spent the search unwinds storing nothing: only the
  // answers of completed searches enter the memo.
  bool ask(std::uint64_t own, std::uint64_t opp, StateMemo::Question question) {
    if (aborted_) return false;
    const StateMemo::Key key = StateMemo::key(board_, region_, own, opp);
    const StateMemo::Known known = memo_.find(key, question);
    if (known != StateMemo::kUnknown) return known == StateMemo::kTrue;
    if (budget_ == 0) {
      aborted_ = true;
      return false;
    }
    const std::int64_t before = budget_--;
    const bool value = question == StateMemo::kHolds ? decide_holds(own, opp) : decide_can_move(own, opp);
    if (!aborted_) memo_.store(key, question, value, static_cast<std::uint64_t>(before - budget_));
    return value;
  }

  bool decide_can_move(std::uint64_t own, std::uint64_t opp) {
    const std::uint64_t empty = region_ & ~own & ~opp;
    for (std::uint64_t rest = empty & ~go_.neighbours(opp); rest; rest &= rest - 1)  // the moves that capture nothing
      memo_.prefetch(StateMemo::key(board_, region_, own | (rest & (~rest + 1)), opp));
    return first_of(empty, answer_[std::popcount((own | opp) & free_)], [&](std::uint64_t q) {
      const std::uint64_t left = empty & ~q;
      std::uint64_t captured = 0;
      for (std::uint64_t next = go_.neighbours(q) & opp; next;) {
        const std::uint64_t g = group(next & (~next + 1), opp);
        if (!(go_.neighbours(g) & left)) captured |= g;
        next &= ~g;
      }
      const std::uint64_t with_q = own | q;
      const std::uint64_t g = group(q, with_q);
      if (!(g & edge_) && !(go_.neighbours(g) & (left | captured))) return false;  // suicide
      return holds(with_q, opp & ~captured);
    });
  }

  StateMemo& memo_;
  const Go& go_;
  const std::uint64_t region_;
  const std::uint64_t free_;   // the points that were not the colour's at the root: the killers' index counts them
  const std::uint64_t edge_;   // the region's points next to the alive stones
  const std::uint64_t board_;  // the memo's code of the board
  // By the stones on free_: the opponent's move that last refuted a
  // content, the colour's move that last kept one (tried first: exact
  // answers whatever the order, fewer contents searched).
  std::uint64_t refutation_[StateMemo::kContentBits + 2] = {}, answer_[StateMemo::kContentBits + 2] = {};
  std::int64_t budget_ = INT64_MAX;  // contents the search may still decide
  bool aborted_ = false;             // the budget ran out: answers are no longer stored
};

// A thread's memo, allocated at its first call.
StateMemo& memo() { return thread_cache<StateMemo>(); }

// The answers of the budgeted systems by (board, stones, regions, invaders),
// Unknown included: a system that ran out of budget pays it once, not at each
// visit. Direct-mapped, an entry replaced by the next one that maps there.
struct SystemEntry {
  std::uint64_t stones = 0, regions = 0, opp = 0;
  std::uint16_t board = 0;  // 0: empty
  SystemAnswer answer = SystemAnswer::Unknown;
};
// 256 KB a thread; larger ones search Unknown systems again less (more expansions).
using SystemCache = DirectMapped<SystemEntry, 13>;

}  // namespace

SystemAnswer search_system(const Go& go, std::uint64_t stones, std::uint64_t regions, std::uint64_t opp,
                           std::int64_t budget) {
  if (std::popcount(regions) > StateMemo::kContentBits) return SystemAnswer::Unknown;
  return LocalGame(memo(), go, stones | regions, stones).holds_within(stones, opp & regions, budget);
}

bool colour_holds_region(const Go& go, std::uint64_t region, std::uint64_t opp) {
  if (std::popcount(region) > kLargestSearchedRegion) return false;
  return LocalGame(memo(), go, region, 0).holds(0, opp & region);
}

bool colour_holds_system(const Go& go, std::uint64_t stones, std::uint64_t regions, std::uint64_t opp) {
  const int points = std::popcount(regions);
  if (points > kLargestSystem) return false;
  if (points <= kLargestUnbudgetedSystem)
    return LocalGame(memo(), go, stones | regions, stones).holds(stones, opp & regions);
  const auto board = board_code(go);
  SystemEntry& e = thread_cache<SystemCache>().slot(hash_words(stones, regions, opp & regions, board));
  if (e.board != board || e.stones != stones || e.regions != regions || e.opp != (opp & regions))
    e = {stones, regions, opp & regions, board, search_system(go, stones, regions, opp, kSystemBudget)};
  return e.answer == SystemAnswer::Held;
}

}  // namespace gsolve::search::go
