#include "src/search/go/move_predictor.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "src/core/fnv1a.h"
#include "src/search/go/benson.h"

namespace gsolve::search::go {
namespace {

struct Block {
  std::uint64_t stones, libs;
};

// A node's blocks and their liberties, found once for all its moves.
struct Node {
  std::uint64_t own, opp, empty, weakest_libs = 0;
  int fewest = 9, n_opp = 0, n_own = 0;
  Block opp_blocks[Go::kMaxMoves], own_blocks[Go::kMaxMoves];

  Node(const Go& go, const Go::Position& p) : own(p.own()), opp(p.opp()), empty(go.board_mask() & ~(own | opp)) {
    for (std::uint64_t rest = opp; rest;) {
      const std::uint64_t b = component(go, rest & (~rest + 1), opp);
      rest &= ~b;
      const std::uint64_t libs = go.neighbours(b) & empty;
      opp_blocks[n_opp++] = {b, libs};
      const int n = std::popcount(libs);
      if (n < fewest)
        fewest = n, weakest_libs = libs;
      else if (n == fewest)
        weakest_libs |= libs;
    }
    for (std::uint64_t rest = own; rest;) {
      const std::uint64_t b = component(go, rest & (~rest + 1), own);
      rest &= ~b;
      own_blocks[n_own++] = {b, go.neighbours(b) & empty};
    }
  }
};

// The twelve points of each point's pattern (its eight neighbours row by row,
// then two points up, left, right and down), kOffBoard off the board: built
// once per board size a thread uses.
constexpr std::uint8_t kOffBoard = 63;  // no board's point: own and opp both hold it below
static_assert(Go::kMaxMoves - 1 <= kOffBoard);
struct PatternPoints {
  int w = 0, h = 0;
  std::uint8_t at[64][12];
};

const PatternPoints& pattern_points(const Go& go) {
  thread_local PatternPoints t;
  const int w = go.width(), h = go.height();
  if (t.w == w && t.h == h) return t;
  t.w = w, t.h = h;
  constexpr int kOffsets[12][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1},
                                   {0, 1},   {1, 1},  {0, -2}, {-2, 0}, {2, 0}, {0, 2}};
  for (int m = 0; m < w * h; ++m)
    for (int k = 0; k < 12; ++k) {
      const int x = m % w + kOffsets[k][0], y = m / w + kOffsets[k][1];
      t.at[m][k] = x < 0 || x >= w || y < 0 || y >= h ? kOffBoard : static_cast<std::uint8_t>(y * w + x);
    }
  return t;
}

// The groups' values of move m (tools/go_measure/predict/feat2.py's node_features).
std::array<std::uint32_t, MovePredictor::kGroups> move_features(const Go& go, const Node& n, int m) {
  using P = MovePredictor;
  const int w = go.width(), h = go.height(), x = m % w, y = m / w;
  // Each point's code: 0 empty, 1 own, 2 opp, 3 off the board.
  const std::uint8_t* at = pattern_points(go).at[m];
  constexpr std::uint64_t kOff = std::uint64_t{1} << kOffBoard;
  const std::uint64_t own = n.own | kOff, opp = n.opp | kOff;
  const auto cell = [&](int k) -> std::uint32_t {
    return static_cast<std::uint32_t>((own >> at[k] & 1) | (opp >> at[k] & 1) << 1);
  };
  std::uint32_t pat12 = 0;
  for (int k = 0; k < 12; ++k) pat12 |= cell(k) << (2 * k);
  const std::uint32_t pat3 = pat12 & 0xFFFF;
  const std::uint64_t mbit = std::uint64_t{1} << m, around = go.neighbours(mbit);
  int cap = 0, opp_blocks = 0, ataris = 0, atari_size = 0, min_libs = 9;
  std::uint64_t captured = 0;
  for (int b = 0; b < n.n_opp; ++b)
    if (n.opp_blocks[b].stones & around) {
      ++opp_blocks;
      if (n.opp_blocks[b].libs == mbit)
        cap += std::popcount(n.opp_blocks[b].stones), captured |= n.opp_blocks[b].stones;
    }
  for (int b = 0; b < n.n_opp; ++b) {
    const Block& blk = n.opp_blocks[b];
    if (blk.stones & captured) continue;
    const int libs = std::popcount(blk.libs & ~mbit);
    if ((blk.stones & around) && libs == 1) ++ataris, atari_size = std::max(atari_size, std::popcount(blk.stones));
    min_libs = std::min(min_libs, libs);
  }
  std::uint64_t mine = mbit;
  int own_blocks = 0, opp_captures = 0;
  for (int b = 0; b < n.n_own; ++b)
    if (n.own_blocks[b].stones & around) {
      ++own_blocks, mine |= n.own_blocks[b].stones;
      if (n.own_blocks[b].libs == mbit) opp_captures += std::popcount(n.own_blocks[b].stones);
    }
  const int my_libs = std::popcount(go.neighbours(mine) & ((n.empty & ~mbit) | captured));
  const std::uint32_t self_atari = my_libs == 1 && cap == 0, weakest = (n.weakest_libs & mbit) != 0;
  const auto c3 = [](int v) { return static_cast<std::uint32_t>(std::min(v, 3)); };
  std::array<std::uint32_t, P::kGroups> f{};
  f[P::kKey22] = pat3 | c3(cap) << 16 | static_cast<std::uint32_t>(ataris > 0) << 18 | self_atari << 19 |
                 weakest << 20 | static_cast<std::uint32_t>(opp_captures > 0) << 21;
  f[P::kPat12] = pat12;
  f[P::kPat3] = pat3;
  f[P::kCapture] = c3(cap);
  f[P::kAtari] = static_cast<std::uint32_t>(std::min(ataris, 2)) * 4 + c3(atari_size);
  f[P::kSelfAtari] = self_atari;
  f[P::kLiberties] = static_cast<std::uint32_t>(std::min(my_libs, 4));
  f[P::kWeakest] = weakest * 4 + c3(n.fewest);
  f[P::kOppCaptures] = c3(opp_captures);
  f[P::kOppBlocks] = c3(opp_blocks);
  f[P::kOwnBlocks] = c3(own_blocks);
  f[P::kEdge] = static_cast<std::uint32_t>(std::min({x, y, w - 1 - x, h - 1 - y}));
  f[P::kOppEye] = (around & n.opp) == around;
  f[P::kOwnEye] = (around & n.own) == around;
  f[P::kOppMinLibs] = c3(min_libs);
  f[P::kPoint] = static_cast<std::uint32_t>(m);
  return f;
}

std::uint32_t slot_key(int group, std::uint32_t value) { return static_cast<std::uint32_t>(group + 1) << 26 | value; }

}  // namespace

std::array<std::uint32_t, MovePredictor::kGroups> MovePredictor::features(const Go& go, const Go::Position& p, int m) {
  return move_features(go, Node(go, p), m);
}

std::int32_t MovePredictor::weight(int group, std::uint32_t value) const {
  if (value < kSmall) return small_[group][value];
  const std::uint32_t key = slot_key(group, value);
  for (std::uint32_t i = (key * 0x9E3779B1u) >> 7 & mask_;; i = (i + 1) & mask_) {
    if (keys_[i] == key) return weights_[i];
    if (keys_[i] == 0) return 0;
  }
}

MovePredictor::Choice MovePredictor::choose(const Go& go, const Go::Position& p, const Go::Move* moves,
                                            int count) const {
  // ln 2 in thousandths: a score that much above another is twice its probability.
  constexpr std::int64_t kTwice = 693;
  const Node node(go, p);
  Choice choice;
  std::int64_t best = 0, second = 0;
  bool has_second = false;
  for (int i = 0; i < count; ++i) {
    if (moves[i] == Go::kPass) continue;
    const auto f = move_features(go, node, moves[i]);
    std::int64_t s = 0;
    for (int g = 0; g < kGroups; ++g) s += weight(g, f[g]);
    if (choice.child < 0 || s > best) {
      if (choice.child >= 0) second = best, has_second = true;
      choice.child = i, best = s;
    } else if (!has_second || s > second) {
      second = s, has_second = true;
    }
  }
  choice.confident = choice.child >= 0 && (!has_second || best - second >= kTwice);
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
  struct Entry {
    int group;
    std::uint32_t value;
    std::int32_t weight;
  };
  std::vector<Entry> large;
  MovePredictor predictor;
  std::istringstream lines(text.substr(0, last));
  std::string name;
  unsigned long value = 0;
  long weight = 0;
  int read = 0;
  while (lines >> name >> value >> weight) {
    const auto g = std::find(kGroupNames.begin(), kGroupNames.end(), name) - kGroupNames.begin();
    if (g == kGroups) throw bad("an unknown feature group");
    if (value >= (1ul << 26) || weight < -1000000 || weight > 1000000) throw bad("a value or weight out of range");
    if (value < kSmall)
      predictor.small_[g][value] = static_cast<std::int32_t>(weight);
    else
      large.push_back({static_cast<int>(g), static_cast<std::uint32_t>(value), static_cast<std::int32_t>(weight)});
    ++read;
  }
  if (!lines.eof() || read == 0) throw bad("not a table");
  std::size_t slots = 16;
  while (slots < 2 * large.size()) slots *= 2;
  predictor.keys_.assign(slots, 0);
  predictor.weights_.assign(slots, 0);
  predictor.mask_ = static_cast<std::uint32_t>(slots - 1);
  for (const Entry& e : large) {
    const std::uint32_t key = slot_key(e.group, e.value);
    std::uint32_t i = (key * 0x9E3779B1u) >> 7 & predictor.mask_;
    while (predictor.keys_[i] != 0 && predictor.keys_[i] != key) i = (i + 1) & predictor.mask_;
    predictor.keys_[i] = key;
    predictor.weights_[i] = e.weight;
  }
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
