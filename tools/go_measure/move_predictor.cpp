#include "tools/go_measure/move_predictor.h"

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace gsolve::go_measure {
namespace {

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? v : nullptr;
}

// Where proven nodes are dumped ($GO_PREDICT_DUMP), appended.
struct PredictDump {
  std::FILE* f = nullptr;
  PredictDump() {
    if (const char* path = env("GO_PREDICT_DUMP")) f = std::fopen(path, "ab");
  }
  ~PredictDump() {
    if (f) std::fclose(f);
  }
};
PredictDump dump_file;

struct PredictRecord {
  std::uint64_t black, white, prev_black, prev_white, legal;
  std::uint8_t move, black_to_move, passes, width, height, pass_legal, pad[2];
};
static_assert(sizeof(PredictRecord) == 48);

const int rule = env("GO_PREDICT") ? std::atoi(env("GO_PREDICT")) : 0;
const std::uint64_t k16 = static_cast<std::uint64_t>(16 * (env("GO_PREDICT_K") ? std::atof(env("GO_PREDICT_K")) : 2.0));

// A move's features to the share of Black's proven nodes it proved, learned
// offline ($GO_PREDICT_TABLE, "key rate" lines; tools/go_measure/predict/).
struct PredictTable {
  std::vector<std::uint32_t> score;  // by the 22-bit key of move_key(), 0 where unseen
  PredictTable() {
    const char* path = env("GO_PREDICT_TABLE");
    if (!path) return;
    score.assign(std::size_t{1} << 22, 0);
    std::FILE* f = std::fopen(path, "r");
    if (f == nullptr) {
      std::fprintf(stderr, "go predictor: cannot read %s\n", path);
      std::exit(2);
    }
    unsigned key = 0, value = 0;
    while (std::fscanf(f, "%u %u", &key, &value) == 2)
      if (key < score.size()) score[key] = value;
    std::fclose(f);
  }
};
const PredictTable table;

std::uint64_t block_of(const Go& go, std::uint64_t stones, int point) {
  std::uint64_t b = std::uint64_t{1} << point;
  for (;;) {
    const std::uint64_t next = (b | go.neighbours(b)) & stones;
    if (next == b) return b;
    b = next;
  }
}

// The features of a move (the 3x3 pattern around it, capture, atari, self-atari,
// a liberty of White's weakest block, a point where White captures), packed as
// the offline tool packs them.
std::uint32_t move_key(const Go& go, const Go::Position& p, const Go::Position& q, int m, std::uint64_t weakest_libs) {
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

// The child most likely to prove a Black-to-move node (the table's highest
// score, the first in move order among equals), or -1.
}  // namespace

bool predict_wanted(bool black_to_move, bool needs_whole_board) {
  return (rule == 1 && black_to_move && needs_whole_board) || (rule == 2 && needs_whole_board) ||
         (rule == 3 && black_to_move);
}

std::uint64_t predict_k16() { return k16; }

int predict_move(const Go& go, const Go::Position& p, const Go::Move* moves, const Go::Position* next, int count) {
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
  int best = -1;
  std::uint32_t best_score = 0;
  for (int i = 0; i < count; ++i) {
    if (moves[i] == Go::kPass) continue;
    const std::uint32_t s = table.score[move_key(go, p, next[i], moves[i], weakest_libs)];
    if (best < 0 || s > best_score) best = i, best_score = s;
  }
  return best;
}

bool predict_dumps() { return dump_file.f != nullptr; }

void predict_dump(const Go& go, const Go::Position& p, const Go::Position* before, const Go::Move* moves, int count,
                  Go::Move proving) {
  PredictRecord r{};
  r.black = p.black;
  r.white = p.white;
  if (before != nullptr) r.prev_black = before->black, r.prev_white = before->white;
  for (int i = 0; i < count; ++i) {
    if (moves[i] == Go::kPass)
      r.pass_legal = 1;
    else
      r.legal |= std::uint64_t{1} << moves[i];
  }
  r.move = static_cast<std::uint8_t>(proving);
  r.black_to_move = p.black_to_move;
  r.passes = p.passes;
  r.width = static_cast<std::uint8_t>(go.width());
  r.height = static_cast<std::uint8_t>(go.height());
  std::fwrite(&r, sizeof r, 1, dump_file.f);
}

}  // namespace gsolve::go_measure
