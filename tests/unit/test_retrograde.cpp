// The strong solver against an independent brute force: a plain array board,
// its own four-in-a-row test and its own copy of the value rule, memoised on
// the board text. Every reachable position of connect4:4x4 must agree, read
// through db/resolver.h (half the tiers are derived, not stored).
#include <doctest/doctest.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "db/contents.h"
#include "db/resolver.h"
#include "games/connect4.h"
#include "src/solve/solve.h"

using namespace gsolve;

namespace {

constexpr int W = 4, H = 4;

struct Board {
  std::array<std::array<char, H>, W> cell{};  // [column][row], 0 empty, 1/2 players
  int stones = 0;
  bool full(int c) const { return cell[c][H - 1] != 0; }
};

bool four(const Board& b, char who) {
  const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (int c = 0; c < W; ++c)
    for (int r = 0; r < H; ++r)
      for (const auto& d : dirs) {
        int k = 0;
        while (k < 4) {
          const int cc = c + d[0] * k, rr = r + d[1] * k;
          if (cc < 0 || cc >= W || rr < 0 || rr >= H || b.cell[cc][rr] != who) break;
          ++k;
        }
        if (k == 4) return true;
      }
  return false;
}

struct Outcome {
  Value value;
  int remoteness;
};

std::string key(const Board& b) { return std::string(&b.cell[0][0], W * H); }

Outcome brute(const Board& b, std::unordered_map<std::string, Outcome>& memo) {
  const std::string k = key(b);
  if (auto it = memo.find(k); it != memo.end()) return it->second;
  const char mover = b.stones % 2 == 0 ? 1 : 2, other = 3 - mover;
  Outcome out;
  if (four(b, other))
    out = {Value::Lose, 0};
  else if (b.stones == W * H)
    out = {Value::Tie, 0};
  else {
    int best_win = 1000, best_tie = 1000, worst_lose = -1;
    for (int c = 0; c < W; ++c) {
      if (b.full(c)) continue;
      Board n = b;
      int r = 0;
      while (n.cell[c][r]) ++r;
      n.cell[c][r] = mover;
      ++n.stones;
      const Outcome child = brute(n, memo);
      if (child.value == Value::Lose)
        best_win = std::min(best_win, child.remoteness + 1);
      else if (child.value == Value::Tie)
        best_tie = std::min(best_tie, child.remoteness + 1);
      else
        worst_lose = std::max(worst_lose, child.remoteness + 1);
    }
    if (best_win < 1000)
      out = {Value::Win, best_win};
    else if (best_tie < 1000)
      out = {Value::Tie, best_tie};
    else
      out = {Value::Lose, worst_lose};
  }
  memo.emplace(k, out);
  return out;
}

}  // namespace

TEST_CASE("retrograde connect4:4x4 agrees with a brute-force solver on every reachable position") {
  const auto dir = std::filesystem::temp_directory_path() / ("gsolve-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  SolveOptions o;
  o.db_path = (dir / "c4.gsdb").string();
  Progress quiet(false);
  const SolveResult result = solve_spec("connect4:4x4", o, quiet);
  CHECK(result.start == Record{Value::Tie, 16, 0});
  CHECK(result.stats.total_reachable() == 161029);

  auto database = db::Database::open(o.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  db::RecordReader reader(*database, contents.tiers, contents.layout);
  const Connect4 g(W, H);
  CHECK(contents.layout.derived_tiers != 0);
  Resolver resolver(g, reader, contents.layout, false, &combine_children);
  std::unordered_map<std::string, Outcome> memo;
  std::unordered_map<std::string, bool> seen;
  std::size_t checked = 0, mismatches = 0;
  // DFS over boards, carrying the game's position alongside.
  auto visit = [&](auto&& self, const Board& b, Connect4::Position p) -> void {
    if (!seen.emplace(key(b), true).second) return;
    const Outcome want = brute(b, memo);
    const auto got = resolver.get(g.canonical(p));
    ++checked;
    if (got.status != db::RecordReader::Status::ok || got.record.value != want.value ||
        got.record.remoteness != want.remoteness) {
      if (++mismatches < 5) MESSAGE("mismatch at " << g.format(p));
    }
    if (want.remoteness == 0) return;
    for (int c = 0; c < W; ++c) {
      if (b.full(c)) continue;
      Board n = b;
      int r = 0;
      while (n.cell[c][r]) ++r;
      n.cell[c][r] = b.stones % 2 == 0 ? 1 : 2;
      ++n.stones;
      self(self, n, g.play(p, static_cast<Connect4::Move>(c)));
    }
  };
  visit(visit, Board{}, g.start());
  CHECK(checked == 161029);
  CHECK(mismatches == 0);

  // Many readers at once, each with its own RecordReader, see the same records.
  auto digest = [&] {
    db::RecordReader own(*database, contents.tiers, contents.layout);
    std::uint64_t h = 0;
    for (std::uint64_t r = 0; r < g.rank_space(); r += 7) {
      const auto found = own.get(r);
      h = h * 1000003 + (found.status == db::RecordReader::Status::ok ? pack(found.record) + 1 : 0);
    }
    return h;
  };
  const std::uint64_t alone = digest();
  std::vector<std::uint64_t> seen_by(4);
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t) readers.emplace_back([&, t] { seen_by[t] = digest(); });
  for (auto& t : readers) t.join();
  for (const auto h : seen_by) CHECK(h == alone);
  std::filesystem::remove_all(dir);
}
