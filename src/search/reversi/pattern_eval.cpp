#include "src/search/reversi/pattern_eval.h"

#include <cstdlib>
#ifdef __BMI2__
#include <immintrin.h>
#endif
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "src/core/fnv1a.h"

namespace gsolve::reversi {
namespace {

constexpr char kMagic[8] = {'G', 'S', 'R', 'E', 'V', 'A', 'L', '1'};

// A pattern's squares as (row, column) on the board, in the order of its base-3 digits.
struct Base {
  int squares;
  std::array<std::array<int, 2>, 10> rc;
};

constexpr Base kBases8[PatternEval::kPatterns] = {
    {9, {{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}}},           // corner 3x3
    {10, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {1, 1}, {1, 6}}}},  // edge + X
    {10, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}}}},  // corner 2x5
    {8, {{{1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}}}},                   // row 2
    {8, {{{2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}, {2, 7}}}},                   // row 3
    {8, {{{3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}}}},                   // row 4
    {8, {{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}}}},                   // diagonal 8
    {7, {{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}}}},                           // diagonal 7
    {6, {{{0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 6}, {5, 7}}}},                                   // diagonal 6
    {5, {{{0, 3}, {1, 4}, {2, 5}, {3, 6}, {4, 7}}}},                                           // diagonal 5
    {4, {{{0, 4}, {1, 5}, {2, 6}, {3, 7}}}},                                                   // diagonal 4
};

constexpr Base kBases6[PatternEval6::kPatterns] = {
    {9, {{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}}},  // corner 3x3
    {8, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 1}, {1, 4}}}},          // edge + X
    {8, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}}}},          // corner 2x4
    {6, {{{1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}}}},                          // row 2
    {6, {{{2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}}}},                          // row 3
    {6, {{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}}},                          // diagonal 6
    {5, {{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}}}},                                  // diagonal 5
    {4, {{{0, 2}, {1, 3}, {2, 4}, {3, 5}}}},                                          // diagonal 4
};

template <int N>
constexpr const Base* bases() {
  if constexpr (N == 8)
    return kBases8;
  else
    return kBases6;
}

constexpr int power3(int k) {
  int p = 1;
  while (k-- > 0) p *= 3;
  return p;
}

template <int N>
std::array<PatternShape, BoardPatternEval<N>::kPatterns> make_shapes() {
  std::array<PatternShape, BoardPatternEval<N>::kPatterns> shapes{};
  int placements = 0;
  for (int i = 0; i < BoardPatternEval<N>::kPatterns; ++i) {
    const Base& base = bases<N>()[i];
    PatternShape& s = shapes[i];
    s.squares = base.squares;
    std::array<u64, 8> sets{};
    for (int sym = 0; sym < 8; ++sym) {
      std::array<std::int8_t, 10> at{};
      u64 set = 0;
      for (int k = 0; k < s.squares; ++k) {
        const u64 b = transform(u64{1} << (base.rc[k][0] * 8 + base.rc[k][1]), sym, N);
        at[k] = static_cast<std::int8_t>(__builtin_ctzll(b));
        set |= b;
      }
      bool seen = false;
      for (int j = 0; j < s.placements; ++j) seen |= sets[j] == set;
      if (seen) continue;  // the same squares (in another order): one placement per set
      sets[s.placements] = set;
      s.at[s.placements++] = at;
    }
    placements += s.placements;
  }
  if (placements != BoardPatternEval<N>::kFeatures - 3) throw std::logic_error("reversi evaluation: placements");
  return shapes;
}

template <int N>
constexpr std::array<int, BoardPatternEval<N>::kPatterns + 1> make_offsets() {
  std::array<int, BoardPatternEval<N>::kPatterns + 1> o{};
  for (int i = 0; i < BoardPatternEval<N>::kPatterns; ++i) o[i + 1] = o[i] + power3(bases<N>()[i].squares);
  return o;
}

template <int N>
constexpr std::array<int, BoardPatternEval<N>::kPatterns + 1> kOffsets = make_offsets<N>();

}  // namespace

template <int N>
const std::array<PatternShape, BoardPatternEval<N>::kPatterns>& BoardPatternEval<N>::shapes() {
  static const auto shapes = make_shapes<N>();
  return shapes;
}

template <int N>
int BoardPatternEval<N>::pattern_offset(int pattern) {
  return kOffsets<N>[static_cast<std::size_t>(pattern)];
}
template <int N>
int BoardPatternEval<N>::weights_per_stage() {
  return bias_offset() + 1;
}

#ifdef __BMI2__
namespace {

// Each placement as a mask and the base-3 index of every subset of its squares
// (as _pext_u64 packs them, lowest square first), offset by its table: a
// placement's index is ternary[pext(own)] + 2 * ternary[pext(opp)] - base.
struct PlacementIndex {
  u64 mask;
  int base;
  const std::uint16_t* ternary;
};

template <int N>
struct PlacementIndexes {
  std::array<PlacementIndex, BoardPatternEval<N>::kFeatures - 3> at{};
  std::vector<std::uint16_t> tables;
  PlacementIndexes() {
    const auto& sh = BoardPatternEval<N>::shapes();
    std::vector<std::size_t> starts;
    int n = 0;
    for (int i = 0; i < BoardPatternEval<N>::kPatterns; ++i) {
      const PatternShape& s = sh[static_cast<std::size_t>(i)];
      for (int p = 0; p < s.placements; ++p, ++n) {
        const auto& sq = s.at[static_cast<std::size_t>(p)];
        u64 mask = 0;
        for (int k = 0; k < s.squares; ++k) mask |= u64{1} << sq[static_cast<std::size_t>(k)];
        starts.push_back(tables.size());
        for (u64 bits = 0; bits < (u64{1} << s.squares); ++bits) {
          int index = 0;
          // Square k is digit k; its bit in pext order is its rank in the mask.
          for (int k = 0; k < s.squares; ++k)
            if ((bits >> count(mask & ((u64{1} << sq[static_cast<std::size_t>(k)]) - 1))) & 1) index += power3(k);
          tables.push_back(static_cast<std::uint16_t>(index));
        }
        at[static_cast<std::size_t>(n)] = {mask, kOffsets<N>[static_cast<std::size_t>(i)], nullptr};
      }
    }
    for (std::size_t j = 0; j < at.size(); ++j) at[j].ternary = tables.data() + starts[j];
  }
};

template <int N>
const PlacementIndexes<N> kPlacementIndexes;

}  // namespace
#endif

template <int N>
void BoardPatternEval<N>::features(u64 own, u64 opp, int* out) {
  int n = 0;
#ifdef __BMI2__
  for (const PlacementIndex& p : kPlacementIndexes<N>.at)
    out[n++] = p.base + p.ternary[_pext_u64(own, p.mask)] + 2 * p.ternary[_pext_u64(opp, p.mask)];
#else
  const auto& sh = shapes();
  for (int i = 0; i < kPatterns; ++i) {
    const PatternShape& s = sh[static_cast<std::size_t>(i)];
    const int base = kOffsets<N>[static_cast<std::size_t>(i)];
    for (int p = 0; p < s.placements; ++p) {
      int index = 0;
      for (int k = s.squares - 1; k >= 0; --k) {
        const int sq = s.at[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)];
        index = index * 3 + static_cast<int>((own >> sq) & 1) + 2 * static_cast<int>((opp >> sq) & 1);
      }
      out[n++] = base + index;
    }
  }
#endif
  const u64 empty = board_mask(N) & ~(own | opp);
  const int mine = count(legal_moves(own, opp) & empty), theirs = count(legal_moves(opp, own) & empty);
  out[n++] = mobility_offset() + (mine < kMobilityRange ? mine : kMobilityRange - 1);
  out[n++] = mobility_offset() + kMobilityRange + (theirs < kMobilityRange ? theirs : kMobilityRange - 1);
  out[n++] = bias_offset();
}

template <int N>
BoardPatternEval<N> BoardPatternEval<N>::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("reversi evaluation: cannot open " + path);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto bad = [&](const char* why) {
    return std::runtime_error("reversi evaluation: " + path + " is damaged (" + why + ")");
  };
  std::uint32_t stages = 0, per_stage = 0;
  if (bytes.size() < 8 + 8 + 8 || std::memcmp(bytes.data(), kMagic, 8) != 0) throw bad("not a weights file");
  std::memcpy(&stages, bytes.data() + 8, 4);
  std::memcpy(&per_stage, bytes.data() + 12, 4);
  if (per_stage != static_cast<std::uint32_t>(weights_per_stage()) || stages == 0 || stages > 64)
    throw bad("wrong layout");
  const std::size_t count = std::size_t{stages} * per_stage, body = 16 + 2 * count;
  if (bytes.size() != body + 8) throw bad("wrong size");
  Fnv1a64 h;
  h.bytes(bytes.data(), body);
  std::uint64_t sum = 0;
  std::memcpy(&sum, bytes.data() + body, 8);
  if (sum != h.h) throw bad("checksum mismatch");
  std::vector<std::int16_t> w(count);
  std::memcpy(w.data(), bytes.data() + 16, 2 * count);
  return BoardPatternEval(static_cast<int>(stages), std::move(w));
}

template <int N>
void BoardPatternEval<N>::save(const std::string& path) const {
  std::string bytes(kMagic, 8);
  const std::uint32_t head[2] = {static_cast<std::uint32_t>(stages_), static_cast<std::uint32_t>(weights_per_stage())};
  bytes.append(reinterpret_cast<const char*>(head), sizeof head);
  bytes.append(reinterpret_cast<const char*>(w_.data()), 2 * w_.size());
  Fnv1a64 h;
  h.bytes(bytes.data(), bytes.size());
  bytes.append(reinterpret_cast<const char*>(&h.h), 8);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out.flush()) throw std::runtime_error("reversi evaluation: cannot write " + path);
}

template class BoardPatternEval<8>;
template class BoardPatternEval<6>;

namespace {

// The shipped weights of reversi:NxN, or the file `variable` names; nullptr
// when it (or GSOLVE_REVERSI_EVAL) says "off".
template <int N>
const BoardPatternEval<N>* load_shipped(const char* variable, const char* file) {
  const char* all = std::getenv("GSOLVE_REVERSI_EVAL");
  const char* env = std::getenv(variable);
  if ((all && std::strcmp(all, "off") == 0) || (env && std::strcmp(env, "off") == 0)) return nullptr;
  const std::string path = env && *env ? env : std::string(GSOLVE_WEIGHTS_DIR) + "/reversi/" + file;
  return new BoardPatternEval<N>(BoardPatternEval<N>::load(path));
}

}  // namespace

const PatternEval* shipped_eval_8x8() {
  static const PatternEval* const eval = load_shipped<8>("GSOLVE_REVERSI_EVAL", "eval-8x8.bin");
  return eval;
}

const PatternEval6* shipped_eval_6x6() {
  static const PatternEval6* const eval = load_shipped<6>("GSOLVE_REVERSI_EVAL_6X6", "eval-6x6.bin");
  return eval;
}

}  // namespace gsolve::reversi
