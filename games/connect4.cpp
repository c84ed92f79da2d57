#include "games/connect4.h"

#include <algorithm>
#include <charconv>

#include "games/bits.h"
#include "games/input_quote.h"

namespace gsolve {

Connect4::Connect4(int width, int height) : width_(width), height_(height) {
  // Sides first: the product of two huge ones overflows (as fuzz_spec found in quickcross).
  if (width < 1 || height < 1 || width > 32 || height > 63 || width * (height + 1) > 64)
    throw ParseError("connect4 board " + std::to_string(width) + "x" + std::to_string(height) +
                     " does not fit a 64-bit board (need width*(height+1) <= 64)");
  geometry_ = connect4::Connect4Geometry(width, height);
  for (int c = 0; c < width_; ++c) {
    board_ |= column_mask(c);
    bottom_row_ |= bottom_of(c);
  }
  // Height-vector tables for the rank.
  const int n_max = width_ * height_;
  // vectors[i][s]: height vectors of columns i..W-1 that sum to s.
  std::vector<std::vector<std::uint64_t>> vectors(width_ + 1, std::vector<std::uint64_t>(n_max + 1, 0));
  vectors[width_][0] = 1;
  for (int i = width_ - 1; i >= 0; --i)
    for (int s = 0; s <= n_max; ++s)
      for (int v = 0; v <= height_ && v <= s; ++v) vectors[i][s] += vectors[i + 1][s - v];
  while ((1 << sum_bits_) < n_max + 1) ++sum_bits_;
  while ((1 << value_bits_) < height_ + 2) ++value_bits_;
  below_.assign(static_cast<std::size_t>(width_) << (sum_bits_ + value_bits_), 0);
  for (int i = 0; i < width_; ++i)
    for (int s = 0; s <= n_max; ++s)
      for (int v = 0; v <= height_; ++v)
        below_[((static_cast<std::size_t>(i) << sum_bits_) + s) << value_bits_ | (v + 1)] =
            below(i, s, v) + (v <= s ? vectors[i + 1][s - v] : 0);
  tier_begin_.assign(n_max + 2, 0);
  has_rank_ = true;
  for (int n = 0; n <= n_max; ++n) {
    const unsigned __int128 size = static_cast<unsigned __int128>(vectors[0][n]) * bits::binomial(n, (n + 1) / 2);
    const unsigned __int128 next = tier_begin_[n] + size;
    if (next >> 62) {
      has_rank_ = false;
      break;
    }
    tier_begin_[n + 1] = static_cast<std::uint64_t>(next);
  }
}

Connect4 Connect4::from_options(std::string_view options) {
  if (options.empty()) return Connect4(7, 6);
  const auto x = options.find('x');
  int w = 0, h = 0;
  const auto bad = [&] {
    return ParseError("bad connect4 size '" + quote_input(options) + "' (expected WxH, e.g. 7x6)");
  };
  if (x == std::string_view::npos) throw bad();
  auto [p1, e1] = std::from_chars(options.data(), options.data() + x, w);
  auto [p2, e2] = std::from_chars(options.data() + x + 1, options.data() + options.size(), h);
  if (e1 != std::errc{} || e2 != std::errc{} || p1 != options.data() + x || p2 != options.data() + options.size())
    throw bad();
  return Connect4(w, h);
}

std::string Connect4::spec() const { return "connect4:" + std::to_string(width_) + "x" + std::to_string(height_); }

bool Connect4::has_four(std::uint64_t pos) const { return connect4::has_four(geometry_, pos); }

std::uint64_t Connect4::winning_squares(std::uint64_t own, std::uint64_t mask) const {
  return connect4::winning_squares(geometry_, own, mask);
}

Terminal Connect4::terminal(const Position& p) const {
  if (has_four(p.current ^ p.mask)) return {Value::Lose, 0};
  if (p.mask == board_) return {Value::Tie, 0};
  return {};
}

void Connect4::generate_moves(const Position& p, MoveList<Connect4>& moves) const {
  moves.clear();
  for (int c = 0; c < width_; ++c)
    if (can_play(p, c)) moves.push_back(static_cast<Move>(c));
}

Connect4::Position Connect4::mirror(const Position& p) const {
  return {connect4::mirror(geometry_, p.current), connect4::mirror(geometry_, p.mask)};
}

namespace {
const Connect4::Position& smaller(const Connect4::Position& a, const Connect4::Position& b) {
  if (a.mask != b.mask) return a.mask < b.mask ? a : b;
  return a.current < b.current ? a : b;
}
}  // namespace

Connect4::Position Connect4::canonical(const Position& p) const {
  const Position m = mirror(p);
  return smaller(m, p);
}

void Connect4::canonical_children(const Position& p, FixedList<Position, kMaxMoves>& children) const {
  children.clear();
  const Position m = mirror(p);
  for (int c = 0; c < width_; ++c) {
    if (!can_play(p, c)) continue;
    const Position child = play(p, static_cast<Move>(c));
    const Position mirrored = play(m, static_cast<Move>(width_ - 1 - c));
    children.push_back(smaller(mirrored, child));
  }
}

std::uint64_t Connect4::rank(const Position& p) const {
  const int n = stones(p);
  std::uint64_t vector_index = 0;
  int remaining = n;
  for (int c = 0; c < width_; ++c) {
    const int h = __builtin_popcountll(p.mask & column_mask(c));
    vector_index += below(c, remaining, h);
    remaining -= h;
  }
  // The first player's stones: the side to move when n is even.
  const std::uint64_t first = (n % 2 == 0) ? p.current : (p.current ^ p.mask);
  const std::uint64_t colours = bits::extract(first, p.mask);
  const std::uint64_t per_vector = bits::binomial(n, (n + 1) / 2);
  return tier_begin_[n] + vector_index * per_vector + bits::combination_rank(colours);
}

Connect4::Position Connect4::unrank(std::uint64_t r) const {
  const int n = static_cast<int>(std::upper_bound(tier_begin_.begin(), tier_begin_.end(), r) - tier_begin_.begin()) - 1;
  r -= tier_begin_[n];
  const std::uint64_t per_vector = bits::binomial(n, (n + 1) / 2);
  std::uint64_t vector_index = r / per_vector;
  const std::uint64_t colour_rank = r % per_vector;
  Position p;
  int remaining = n;
  for (int c = 0; c < width_; ++c) {
    int v = 0;
    while (v < height_ && below(c, remaining, v + 1) <= vector_index) ++v;
    vector_index -= below(c, remaining, v);
    remaining -= v;
    p.mask |= ((std::uint64_t{1} << v) - 1) << (c * (height_ + 1));
  }
  const std::uint64_t first = bits::deposit(bits::combination_unrank(colour_rank, (n + 1) / 2, n), p.mask);
  p.current = (n % 2 == 0) ? first : (first ^ p.mask);
  return p;
}

bool Connect4::next_in_tier(Position& p) const {
  const int n = stones(p);
  const bool first_to_move = n % 2 == 0;
  const std::uint64_t first = first_to_move ? p.current : (p.current ^ p.mask);
  const std::uint64_t w = bits::extract(first, p.mask);
  if (w == 0) return false;  // no first-player stone: one colouring only
  // Next word with the same number of set bits (Gosper, division-free form).
  const std::uint64_t t = w | (w - 1);
  const std::uint64_t next = (t + 1) | (((~t & (t + 1)) - 1) >> (__builtin_ctzll(w) + 1));
  if (n < 64 && (next >> n)) return false;
  const std::uint64_t placed = bits::deposit(next, p.mask);
  p.current = first_to_move ? placed : (placed ^ p.mask);
  return true;
}

int Connect4::column_from_char(char c) const {
  int col = -1;
  if (c >= '1' && c <= '9')
    col = c - '1';
  else if (width_ > 9 && c >= 'a' && c <= 'z')
    col = 9 + (c - 'a');  // columns 10.. as a, b, ...
  return col;
}

namespace {
// The columns as they are typed: "1..7", "1..9, a", "1..9, a..c".
std::string column_range(int width) {
  std::string out = "1.." + std::to_string(width < 9 ? width : 9);
  if (width == 10) out += ", a";
  if (width > 10) out += std::string(", a..") + static_cast<char>('a' + width - 10);
  return out;
}
}  // namespace

Connect4::Position Connect4::parse(std::string_view text) const {
  Position p = start();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const int col = column_from_char(ch);
    const std::string where = " at move " + std::to_string(i + 1);
    if (col < 0)
      throw ParseError("bad character '" + quote_input(text.substr(i, 1)) + "'" + where + " (expected a column " +
                       column_range(width_) + ")");
    if (col >= width_) throw ParseError("column " + std::string(1, ch) + where + " is outside " + column_range(width_));
    if (terminal(p).primitive()) throw ParseError("move" + where + " comes after the game ended");
    if (!can_play(p, col)) throw ParseError("column " + std::string(1, ch) + " is full" + where);
    p = play(p, static_cast<Move>(col));
  }
  return p;
}

std::string Connect4::format_move(const Position&, Move column) const {
  return std::string(1, column < 9 ? static_cast<char>('1' + column) : static_cast<char>('a' + column - 9));
}

Connect4::Move Connect4::parse_move(const Position& p, std::string_view text) const {
  const int col = text.size() == 1 ? column_from_char(text[0]) : -1;
  if (col < 0 || col >= width_)
    throw ParseError("bad connect4 move '" + quote_input(text) + "' (expected a column " + column_range(width_) + ")");
  if (!can_play(p, col)) throw ParseError("column " + quote_input(text) + " is full");
  return static_cast<Move>(col);
}

// A position from a rank has no history: find one move order that reaches it by
// taking the last mover's stones off the tops of the columns, never passing
// through a position where the game had already ended.
bool Connect4::unwind(Position p, std::string& moves) const {
  if (p.mask == 0) return true;
  const std::uint64_t last_mover = p.current ^ p.mask;
  for (int c = 0; c < width_; ++c) {
    const std::uint64_t col = p.mask & column_mask(c);
    if (!col) continue;
    const std::uint64_t top = std::uint64_t{1} << (63 - __builtin_clzll(col));
    if (!(last_mover & top)) continue;
    Position prev;
    prev.mask = p.mask ^ top;
    prev.current = last_mover ^ top;
    if (terminal(prev).primitive()) continue;
    moves.push_back(format_move(prev, static_cast<Move>(c))[0]);
    if (unwind(prev, moves)) return true;
    moves.pop_back();
  }
  return false;
}

std::string Connect4::format(const Position& p) const {
  std::string moves;
  if (!unwind(p, moves)) return "?unreachable";
  return std::string(moves.rbegin(), moves.rend());
}

}  // namespace gsolve
