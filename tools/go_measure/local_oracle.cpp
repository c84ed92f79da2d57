#include "tools/go_measure/local_oracle.h"

#include <algorithm>
#include <bit>

#include "src/search/go/benson.h"

namespace gsolve::go_measure {

namespace {

std::uint64_t component(const Go& go, std::uint64_t seed, std::uint64_t within) {
  for (std::uint64_t g = seed;;) {
    const std::uint64_t grown = (g | go.neighbours(g)) & within;
    if (grown == g) return g;
    g = grown;
  }
}

// One region's game over local points 0..n-1 (bit i of a mask is point i).
struct RegionGame {
  int n;
  std::uint32_t adj[LocalOracle::kMaxRegion];
  std::uint32_t edge;        // points next to the enclosing safe stones
  int blocks;                // the enclosing safe blocks with at most one liberty outside the region
  std::uint32_t next_to[6];  // each one's neighbours in the region
  int outside[6];            // and its liberties outside it (0 or 1)
  std::uint32_t strong;      // the points next to the other enclosing blocks
  int pow3[LocalOracle::kMaxRegion + 1];

  std::uint32_t chain(std::uint32_t stones, int from) const { return chains(stones, 1u << from); }
  std::uint32_t chains(std::uint32_t stones, std::uint32_t g) const {
    for (;;) {
      std::uint32_t grown = g;
      for (std::uint32_t r = g; r; r &= r - 1) grown |= adj[std::countr_zero(r)] & stones;
      if (grown == g) return g;
      g = grown;
    }
  }
  std::uint32_t around(std::uint32_t set) const {
    std::uint32_t a = 0;
    for (std::uint32_t r = set; r; r &= r - 1) a |= adj[std::countr_zero(r)];
    return a & ~set;
  }
  int encode(std::uint32_t c, std::uint32_t o) const {
    int index = 0;
    for (int i = 0; i < n; ++i) index += pow3[i] * ((c >> i & 1) ? 1 : (o >> i & 1) ? 2 : 0);
    return index;
  }
  // The area count inside: C's stones and the empty points reaching only C
  // (or the outside), minus the other's.
  int score(std::uint32_t c, std::uint32_t o) const {
    int s = std::popcount(c) - std::popcount(o);
    const std::uint32_t all = (1u << n) - 1;
    for (std::uint32_t empty = all & ~(c | o); empty;) {
      const std::uint32_t e = chain(all & ~(c | o), std::countr_zero(empty));
      empty &= ~e;
      const std::uint32_t border = around(e);
      const bool reaches_c = (border & c) || (e & edge), reaches_o = border & o;
      if (reaches_c != reaches_o) s += reaches_c ? std::popcount(e) : -std::popcount(e);
    }
    return s;
  }
  // Whether an enclosing block, with the C chains joined to it, has no
  // liberty left in the region: 2 when it has none outside either
  // (captured), 1 when it has one there (in atari), else 0.
  int enclosure_danger(std::uint32_t c, std::uint32_t o) const {
    int danger = 0;
    const std::uint32_t empty = ((1u << n) - 1) & ~(c | o);
    for (int k = 0; k < blocks; ++k) {
      std::uint32_t group = 1u << k, joined = 0;
      for (;;) {
        std::uint32_t touch = 0;
        for (int j = 0; j < blocks; ++j)
          if (group >> j & 1) touch |= next_to[j];
        joined = chains(c, touch & c);
        std::uint32_t grown = group;
        for (int j = 0; j < blocks; ++j)
          if (next_to[j] & joined) grown |= 1u << j;
        if (grown == group) {
          if (joined & strong) break;  // joined to a block never captured
          int out = 0;
          for (int j = 0; j < blocks; ++j)
            if (group >> j & 1) out += outside[j];
          if (!((touch | around(joined)) & empty) && out < 2) danger = std::max(danger, 2 - out);
          break;
        }
        group = grown;
      }
    }
    return danger;
  }
  enum class Play { Illegal, Legal, Starved };
  // The mover (C when c_moves) plays at empty point i. Starved: an enclosing
  // block lost its last liberty by the other's move. C never leaves one
  // without a liberty in the region (nor in atari: the other captures next).
  Play play(std::uint32_t& c, std::uint32_t& o, bool c_moves, int i) const {
    std::uint32_t& own = c_moves ? c : o;
    std::uint32_t& opp = c_moves ? o : c;
    own |= 1u << i;
    for (std::uint32_t r = adj[i] & opp; r; r &= r - 1) {
      const std::uint32_t g = chain(opp, std::countr_zero(r));
      if (!c_moves && (g & edge)) continue;  // a C chain joined to an enclosing block
      if (!(around(g) & ~(c | o))) opp &= ~g;
    }
    const int danger = enclosure_danger(c, o);
    if (danger > 0 && c_moves) return Play::Illegal;
    if (danger == 2) return Play::Starved;
    const std::uint32_t g = chain(own, i);
    return (around(g) & ~(c | o)) || (c_moves && (g & edge)) ? Play::Legal : Play::Illegal;
  }
};

}  // namespace

LocalOracle::Shape LocalOracle::solve(std::uint64_t region, const std::vector<std::uint64_t>& enclosure,
                                      std::uint64_t empty) const {
  Shape s;
  RegionGame game{};
  for (std::uint64_t r = region; r; r &= r - 1) s.point[s.n++] = static_cast<std::int8_t>(std::countr_zero(r));
  game.n = s.n;
  for (const std::uint64_t b : enclosure) {
    const std::uint64_t around = go_.neighbours(b);
    const int outside = std::popcount(around & empty & ~region);
    std::uint32_t next_to = 0;
    for (int j = 0; j < s.n; ++j)
      if (around >> s.point[j] & 1) next_to |= 1u << j;
    if (outside >= 2) {  // taken as never captured
      game.strong |= next_to;
      continue;
    }
    game.next_to[game.blocks] = next_to;
    game.outside[game.blocks++] = outside;
  }
  game.pow3[0] = 1;
  for (int i = 0; i < s.n; ++i) {
    game.pow3[i + 1] = 3 * game.pow3[i];
    const std::uint64_t around = go_.neighbours(std::uint64_t{1} << s.point[i]);
    for (int j = 0; j < s.n; ++j)
      if (around >> s.point[j] & 1) game.adj[i] |= 1u << j;
    if (around & ~region) game.edge |= 1u << i;
  }
  const int configs = game.pow3[s.n];
  // States (config, mover, passes) as (config * 2 + mover) * 2 + passes, mover 0 = C.
  // Each state's successors: a state, -1 - config for the end after a second
  // pass, or kStarved for an enclosing block captured (worse for C than any end).
  const int states = configs * 4;
  constexpr int kStarved = -(1 << 30);
  std::vector<int> first(states + 1), succ;
  std::vector<std::int8_t> end_score(configs);
  std::vector<std::uint32_t> c_of(configs), o_of(configs);
  for (int k = 0; k < configs; ++k) {
    for (int i = 0, x = k; i < s.n; ++i, x /= 3) {
      if (x % 3 == 1) c_of[k] |= 1u << i;
      if (x % 3 == 2) o_of[k] |= 1u << i;
    }
    end_score[k] = static_cast<std::int8_t>(game.score(c_of[k], o_of[k]));
  }
  for (int st = 0; st < states; ++st) {
    first[st] = static_cast<int>(succ.size());
    const int k = st / 4, mover = st / 2 % 2, passes = st % 2;
    const std::uint32_t empty = ((1u << s.n) - 1) & ~(c_of[k] | o_of[k]);
    if (mover == 1 && game.enclosure_danger(c_of[k], o_of[k]) > 0) succ.push_back(kStarved);  // the other captures
    for (std::uint32_t r = empty; r; r &= r - 1) {
      std::uint32_t c = c_of[k], o = o_of[k];
      const RegionGame::Play play = game.play(c, o, mover == 0, std::countr_zero(r));
      if (play == RegionGame::Play::Legal) succ.push_back((game.encode(c, o) * 2 + (1 - mover)) * 2);
      if (play == RegionGame::Play::Starved) succ.push_back(kStarved);
    }
    succ.push_back(passes ? -1 - k : (k * 2 + (1 - mover)) * 2 + 1);
  }
  first[states] = static_cast<int>(succ.size());
  // Value iteration to the least (from) and the greatest fixpoint.
  const auto iterate = [&](std::int8_t start) {
    std::vector<std::int8_t> v(states, start);
    for (bool changed = true; changed;) {
      changed = false;
      for (int st = 0; st < states; ++st) {
        const bool c_moves = st / 2 % 2 == 0;
        int best = c_moves ? -128 : 127;
        for (int e = first[st]; e < first[st + 1]; ++e) {
          const int x = succ[e] >= 0 ? v[succ[e]] : succ[e] == kStarved ? -s.n - 1 : end_score[-1 - succ[e]];
          best = c_moves ? std::max(best, x) : std::min(best, x);
        }
        if (best != v[st]) {
          v[st] = static_cast<std::int8_t>(best);
          changed = true;
        }
      }
    }
    return v;
  };
  const std::vector<std::int8_t> low = iterate(static_cast<std::int8_t>(-s.n - 2));
  const std::vector<std::int8_t> high = iterate(static_cast<std::int8_t>(s.n + 1));
  s.c_first.resize(configs);
  s.o_first.resize(configs);
  for (int k = 0; k < configs; ++k) {
    const int c = k * 4, o = k * 4 + 2;
    s.c_first[k] = low[c] == high[c] && low[c] >= -s.n ? low[c] : kUnsolved;
    s.o_first[k] = low[o] == high[o] && low[o] >= -s.n ? low[o] : kUnsolved;
  }
  return s;
}

const LocalOracle::Shape* LocalOracle::shape(std::uint64_t region, std::uint64_t safe, std::uint64_t empty) {
  std::vector<std::uint64_t> enclosure;
  // The key: each enclosing block's neighbours in the region (at most
  // kMaxRegion points) and its liberties outside (0, 1, 2 or more), 12 bits each.
  unsigned __int128 key = 0;
  for (std::uint64_t rest = go_.neighbours(region) & safe; rest;) {
    const std::uint64_t b = component(go_, rest & (~rest + 1), safe);
    rest &= ~b;
    enclosure.push_back(b);
  }
  if (enclosure.size() > 6) return nullptr;
  std::vector<std::uint64_t> bytes;
  for (const std::uint64_t b : enclosure) {
    const std::uint64_t around = go_.neighbours(b) & region;
    std::uint64_t byte = 0;
    int j = 0;
    for (std::uint64_t r = region; r; r &= r - 1, ++j)
      if (around >> std::countr_zero(r) & 1) byte |= std::uint64_t{1} << j;
    bytes.push_back(byte | std::uint64_t(std::min(2, std::popcount(go_.neighbours(b) & empty & ~region))) << 10);
  }
  std::sort(bytes.begin(), bytes.end());
  for (const std::uint64_t byte : bytes) key = key << 12 | byte;
  auto it = tables_.find({region, key});
  if (it == tables_.end()) it = tables_.emplace(std::pair{region, key}, solve(region, enclosure, empty)).first;
  return &it->second;
}

int LocalOracle::value(std::uint64_t region, std::uint64_t safe, std::uint64_t c_stones, std::uint64_t o_stones) {
  const Shape* found = shape(region, safe, go_.board_mask() & ~(c_stones | o_stones));
  if (!found) return kUnsolved;
  const Shape& sh = *found;
  int index = 0;
  for (int i = 0, w = 1; i < sh.n; ++i, w *= 3)
    index += w * ((c_stones >> sh.point[i] & 1) ? 1 : (o_stones >> sh.point[i] & 1) ? 2 : 0);
  const int v = sh.c_first[index];
  return v == sh.o_first[index] ? v : kUnsolved;
}

std::uint64_t LocalOracle::safe_stones(std::uint64_t c_stones, std::uint64_t o_stones) {
  std::uint64_t safe = c_stones;
  for (bool removed = true; removed && safe;) {
    std::uint64_t owned[Go::kMaxMoves];
    int count = 0;
    const std::uint64_t within = go_.board_mask() & ~safe;
    for (std::uint64_t rest = within; rest;) {
      const std::uint64_t r = component(go_, rest & (~rest + 1), within);
      rest &= ~r;
      if (std::popcount(r) <= max_region_ && value(r, safe, c_stones, o_stones) == std::popcount(r)) owned[count++] = r;
    }
    removed = false;
    for (std::uint64_t rest = safe; rest;) {
      const std::uint64_t b = component(go_, rest & (~rest + 1), safe);
      rest &= ~b;
      const std::uint64_t around = go_.neighbours(b);
      int eyes = 0;
      for (int i = 0; i < count && eyes < 2; ++i) eyes += (around & owned[i]) != 0;
      if (eyes < 2) {
        safe &= ~b;
        removed = true;
      }
    }
  }
  return safe | search::go::unconditional(go_, c_stones, o_stones).alive;
}

LocalOracle::Bounds LocalOracle::bounds(const Go::Position& p) {
  const int points = go_.points();
  const int komi = go_.komi();
  const auto of_side_to_move = [&](int low_margin, int high_margin, int settled, bool any_alive) {
    return p.black_to_move ? Bounds{low_margin - komi, high_margin - komi, settled, any_alive}
                           : Bounds{komi - high_margin, komi - low_margin, settled, any_alive};
  };
  if (p.passes > 0) return of_side_to_move(-points, points, 0, false);
  const std::uint64_t alive[2] = {safe_stones(p.black, p.white), safe_stones(p.white, p.black)};
  int margin = std::popcount(alive[0]) - std::popcount(alive[1]);  // Black's, komi excluded
  std::uint64_t covered = alive[0] | alive[1];
  for (int colour = 0; colour < 2; ++colour) {
    const std::uint64_t a = alive[colour], other_alive = alive[1 - colour];
    if (!a) continue;
    const std::uint64_t c_stones = colour == 0 ? p.black : p.white, o_stones = colour == 0 ? p.white : p.black;
    const std::uint64_t within = go_.board_mask() & ~a;
    for (std::uint64_t rest = within; rest;) {
      const std::uint64_t r = component(go_, rest & (~rest + 1), within);
      rest &= ~r;
      if ((r & other_alive) || std::popcount(r) > max_region_) continue;
      const int v = value(r, a, c_stones, o_stones);
      if (v == kUnsolved) continue;
      margin += colour == 0 ? v : -v;
      covered |= r;
    }
  }
  const int settled = std::popcount(covered);
  return of_side_to_move(margin - (points - settled), margin + (points - settled), settled, alive[0] | alive[1]);
}

}  // namespace gsolve::go_measure
