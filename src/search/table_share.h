// Heavy transposition-table entries passed between the processes of a job
// (src/solve/work_units.h), each of which searches its own units with its own
// table: a position two processes' units both reach is otherwise searched by
// both (unshared tables cost about 13% more nodes than one process's shared
// one: docs/benchmarks.md, "MPI"). Only entries whose search took at least
// kMinWork nodes travel, the heaviest first, at most shared_entries_per_unit
// per unit: they are the ones worth their bytes, and every process receives
// what all the others send.
//
// Sound because an entry is a proven bound on the exact score of the position
// its key names, in any line and any search of the same game and objective
// (the search's tables hold nothing else); the receiving table merges it like
// any store. Not for searches whose results depend on the line (go).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <span>
#include <type_traits>
#include <vector>

namespace gsolve::search {

// What a process receives per unit it works, at most: the heaviest
// kShareBudget / (processes - 1) entries of each unit travel.
inline constexpr std::size_t kShareBudget = 1024;
inline std::size_t shared_entries_per_unit(int processes) {
  return std::max<std::size_t>(16, kShareBudget / static_cast<std::size_t>(std::max(1, processes - 1)));
}

template <class Key>
class TableShare {
  static_assert(std::is_trivially_copyable_v<Key> && sizeof(Key) % 8 == 0);

 public:
  static constexpr int kKeyWords = sizeof(Key) / 8;
  // The key, then one word: lb, ub, move (16 bits each), log2 of the work + 1.
  static constexpr int kEntryWords = kKeyWords + 1;
  // The fewest nodes of 64..4096 on connect4:6x5 at --store-depth 5 with 2
  // processes (docs/benchmarks.md, "MPI").
  static constexpr std::uint64_t kMinWork = 256;

  // A store of the searching process's table (any thread). The log is
  // merged and cut to its heaviest kKeep entries whenever it reaches kLimit,
  // so a unit of any size holds at most kLimit of them.
  void add(const Key& key, int lb, int ub, int move, std::uint64_t work) {
    std::lock_guard lock(mutex_);
    log_.push_back({key, lb, ub, move, std::max<std::uint64_t>(work, 1)});
    if (log_.size() >= kLimit) heaviest(log_, kKeep);
  }

  // The entries added since the last call, one per position (bounds merged),
  // the heaviest `most` of them, appended to `words`.
  void take(std::vector<std::uint64_t>& words, std::size_t most) {
    std::vector<Logged> log;
    {
      std::lock_guard lock(mutex_);
      log.swap(log_);
    }
    heaviest(log, most);
    for (const Logged& e : log) {
      std::uint64_t key_words[kKeyWords];
      std::memcpy(key_words, &e.key, sizeof(Key));
      words.insert(words.end(), key_words, key_words + kKeyWords);
      words.push_back(static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.lb)) |
                      static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.ub)) << 16 |
                      static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.move)) << 32 |
                      static_cast<std::uint64_t>(64 - __builtin_clzll(e.work)) << 48);  // log2 + 1: work >= 1
    }
  }

  // Stores every entry of `words` (what take() wrote, in any process) into `table`.
  template <class Table>
  static void import(std::span<const std::uint64_t> words, Table& table) {
    for (std::size_t i = 0; i + kEntryWords <= words.size(); i += kEntryWords) {
      Key key;
      std::memcpy(&key, &words[i], sizeof(Key));
      const std::uint64_t d = words[i + kKeyWords];
      table.store(key, static_cast<std::int16_t>(d & 0xFFFF), static_cast<std::int16_t>(d >> 16 & 0xFFFF),
                  static_cast<std::int16_t>(d >> 32 & 0xFFFF), std::uint64_t{1} << ((d >> 48) - 1));
    }
  }

 private:
  static constexpr std::size_t kLimit = std::size_t{1} << 16, kKeep = std::size_t{1} << 12;
  struct Logged {
    Key key;
    int lb, ub, move;
    std::uint64_t work;
  };
  // One entry per position (bounds merged, the later move), then the heaviest `most`.
  static void heaviest(std::vector<Logged>& log, std::size_t most) {
    std::stable_sort(log.begin(), log.end(),
                     [](const Logged& a, const Logged& b) { return std::memcmp(&a.key, &b.key, sizeof(Key)) < 0; });
    std::size_t n = 0;
    for (const Logged& e : log) {
      if (n > 0 && std::memcmp(&log[n - 1].key, &e.key, sizeof(Key)) == 0) {
        Logged& m = log[n - 1];
        m.lb = std::max(m.lb, e.lb);
        m.ub = std::min(m.ub, e.ub);
        if (e.move >= 0) m.move = e.move;
        m.work = std::max(m.work, e.work);
      } else {
        log[n++] = e;
      }
    }
    log.resize(n);
    std::stable_sort(log.begin(), log.end(), [](const Logged& a, const Logged& b) { return a.work > b.work; });
    if (log.size() > most) log.resize(most);
  }
  std::mutex mutex_;
  std::vector<Logged> log_;
};

}  // namespace gsolve::search
