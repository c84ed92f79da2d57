#include "src/search/go/move_predictor.h"

#include <bit>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "src/core/fnv1a.h"

namespace gsolve::search::go {
namespace {

constexpr std::size_t kKeys = std::size_t{1} << 22;

std::uint64_t block_of(const Go& go, std::uint64_t stones, int point) {
  std::uint64_t b = std::uint64_t{1} << point;
  for (;;) {
    const std::uint64_t next = (b | go.neighbours(b)) & stones;
    if (next == b) return b;
    b = next;
  }
}

}  // namespace

// The features of a move (the 3x3 pattern around it, capture, atari, self-atari,
// a liberty of the opponent's weakest block, a point where it captures), packed as
// the offline tool packs them.
std::uint32_t MovePredictor::move_key(const Go& go, const Go::Position& p, const Go::Position& q, int m,
                                      std::uint64_t weakest_libs) {
  const int w = go.width(), h = go.height(), x = m % w, y = m / w;
  const std::uint64_t own = p.own(), opp = p.opp(), empty = go.board_mask() & ~(own | opp);
  std::uint32_t key = 0;
  int cell = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx == 0 && dy == 0) continue;
      const int xx = x + dx, yy = y + dy;
      std::uint32_t v = 3;
      if (xx >= 0 && xx < w && yy >= 0 && yy < h) {
        const std::uint64_t bit = std::uint64_t{1} << (yy * w + xx);
        v = (own & bit) ? 1 : (opp & bit) ? 2 : 0;
      }
      key |= v << (2 * cell++);
    }
  const std::uint64_t own2 = q.opp(), opp2 = q.own();  // the mover's stones, then the opponent's
  const std::uint64_t empty2 = go.board_mask() & ~(own2 | opp2);
  const int cap = std::popcount(opp & ~opp2);
  const std::uint64_t mbit = std::uint64_t{1} << m, around = go.neighbours(mbit);
  bool atari = false;
  for (std::uint64_t rest = around & opp2; rest;) {
    const std::uint64_t b = block_of(go, opp2, std::countr_zero(rest));
    rest &= ~b;
    if (std::popcount(go.neighbours(b) & empty2) == 1) atari = true;
  }
  const bool self_atari = cap == 0 && std::popcount(go.neighbours(block_of(go, own2, m)) & empty2) == 1;
  bool opp_captures = false;
  for (std::uint64_t rest = around & own; rest;) {
    const std::uint64_t b = block_of(go, own, std::countr_zero(rest));
    rest &= ~b;
    if ((go.neighbours(b) & empty) == mbit) opp_captures = true;
  }
  key |= static_cast<std::uint32_t>(std::min(cap, 3)) << 16;
  key |= static_cast<std::uint32_t>(atari) << 18 | static_cast<std::uint32_t>(self_atari) << 19;
  key |= static_cast<std::uint32_t>((weakest_libs & mbit) != 0) << 20 | static_cast<std::uint32_t>(opp_captures) << 21;
  return key;
}

MovePredictor::Choice MovePredictor::choose(const Go& go, const Go::Position& p, const Go::Move* moves,
                                            const Go::Position* next, int count) const {
  const std::uint64_t own = p.own(), opp = p.opp(), empty = go.board_mask() & ~(own | opp);
  std::uint64_t weakest_libs = 0;
  int fewest = 99;
  for (std::uint64_t rest = opp; rest;) {
    const std::uint64_t b = block_of(go, opp, std::countr_zero(rest));
    rest &= ~b;
    const std::uint64_t libs = go.neighbours(b) & empty;
    const int n = std::popcount(libs);
    if (n < fewest)
      fewest = n, weakest_libs = libs;
    else if (n == fewest)
      weakest_libs |= libs;
  }
  Choice choice;
  std::uint32_t best = 0, second = 0;
  for (int i = 0; i < count; ++i) {
    if (moves[i] == Go::kPass) continue;
    const std::uint32_t s = rate_[move_key(go, p, next[i], moves[i], weakest_libs)];
    if (choice.child < 0 || s > best) {
      if (choice.child >= 0) second = best;
      choice.child = i, best = s;
    } else if (s > second) {
      second = s;
    }
  }
  choice.confident = best > 0 && best >= 2 * std::uint64_t{second};
  return choice;
}

MovePredictor MovePredictor::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("go move predictor: cannot open " + path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto bad = [&](const char* why) {
    return std::runtime_error("go move predictor: " + path + " is damaged (" + why + ")");
  };
  const std::size_t last = text.rfind("fnv1a64 ");
  if (last == std::string::npos || (last != 0 && text[last - 1] != '\n')) throw bad("no checksum line");
  if (std::strtoull(text.c_str() + last + 8, nullptr, 16) != fnv1a64(std::string_view(text).substr(0, last)))
    throw bad("checksum mismatch");
  MovePredictor predictor;
  predictor.rate_.assign(kKeys, 0);
  std::istringstream lines(text.substr(0, last));
  unsigned long key = 0, rate = 0;
  int read = 0;
  while (lines >> key >> rate) {
    if (key >= kKeys || rate > 1000000) throw bad("a key or rate out of range");
    predictor.rate_[key] = static_cast<std::uint32_t>(rate);
    ++read;
  }
  if (!lines.eof() || read == 0) throw bad("not a table");
  return predictor;
}

const MovePredictor* shipped_move_predictor(const Go& go) {
  if (go.width() != 5 || go.height() != 5) return nullptr;
  static const MovePredictor* const predictor = []() -> const MovePredictor* {
    const char* env = std::getenv("GSOLVE_GO_PREDICTOR");
    if (env && std::strcmp(env, "off") == 0) return nullptr;
    const std::string path = env && *env ? env : std::string(GSOLVE_WEIGHTS_DIR) + "/go/move-predictor-5x5.txt";
    return new MovePredictor(MovePredictor::load(path));
  }();
  return predictor;
}

}  // namespace gsolve::search::go
