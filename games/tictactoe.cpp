#include "games/tictactoe.h"

#include "games/bits.h"
#include "games/input_quote.h"

namespace gsolve {

namespace {

constexpr std::array<std::uint16_t, 8> kLines = {
    0007, 0070, 0700,  // rows
    0111, 0222, 0444,  // columns
    0421, 0124,        // diagonals
};

// Every 9-bit board answered by one load instead of eight compares.
constexpr std::array<bool, 512> make_line_table() {
  std::array<bool, 512> t{};
  for (unsigned b = 0; b < 512; ++b)
    for (auto line : kLines)
      if ((b & line) == line) t[b] = true;
  return t;
}
constexpr auto kLineTable = make_line_table();

// Where square (r, c) goes under symmetry s: the 4 rotations, then the 4
// reflections. The order is fixed because canonical() depends on it.
constexpr int image(int square, int s) {
  const int r = square / 3, c = square % 3;
  int nr = r, nc = c;
  if (s == 1) nr = c, nc = 2 - r;      // rotate 90
  if (s == 2) nr = 2 - r, nc = 2 - c;  // rotate 180
  if (s == 3) nr = 2 - c, nc = r;      // rotate 270
  if (s == 4) nc = 2 - c;              // mirror left-right
  if (s == 5) nr = 2 - r;              // mirror top-bottom
  if (s == 6) nr = c, nc = r;          // transpose
  if (s == 7) nr = 2 - c, nc = 2 - r;  // anti-transpose
  return nr * 3 + nc;
}

// Whole 9-bit boards mapped at once: 8 x 512 entries, 8 KiB.
constexpr std::array<std::array<std::uint16_t, 512>, 8> make_transform_table() {
  std::array<std::array<std::uint16_t, 512>, 8> t{};
  for (int s = 0; s < 8; ++s)
    for (unsigned b = 0; b < 512; ++b) {
      unsigned out = 0;
      for (int q = 0; q < 9; ++q)
        if (b >> q & 1) out |= 1u << image(q, s);
      t[s][b] = static_cast<std::uint16_t>(out);
    }
  return t;
}
constexpr auto kTransform = make_transform_table();

constexpr std::uint32_t key(const TicTacToe::Position& p) { return p.x | static_cast<std::uint32_t>(p.o) << 9; }

}  // namespace

TicTacToe TicTacToe::from_options(std::string_view options) {
  if (!options.empty()) throw ParseError("tictactoe takes no options (got '" + quote_input(options) + "')");
  return TicTacToe();
}

bool TicTacToe::has_line(std::uint16_t board) { return kLineTable[board & kBoard]; }

Terminal TicTacToe::terminal(const Position& p) const {
  // Only the player who just moved can have completed a line.
  if (has_line(x_to_move(p) ? p.o : p.x)) return {Value::Lose, 0};
  if ((p.x | p.o) == kBoard) return {Value::Tie, 0};
  return {};
}

void TicTacToe::generate_moves(const Position& p, MoveList<TicTacToe>& moves) const {
  moves.clear();
  for (unsigned empty = kBoard & ~(p.x | p.o); empty; empty &= empty - 1)
    moves.push_back(static_cast<Move>(__builtin_ctz(empty)));
}

TicTacToe::Position TicTacToe::transform(const Position& p, int s) { return {kTransform[s][p.x], kTransform[s][p.o]}; }

TicTacToe::Position TicTacToe::canonical(const Position& p) const {
  Position best = p;
  for (int s = 1; s < kSymmetries; ++s) {
    const Position t = transform(p, s);
    if (key(t) < key(best)) best = t;
  }
  return best;
}

int TicTacToe::symmetry_class_size(const Position& p) const {
  // Orbit size = group order / stabiliser size.
  int fixed = 0;
  for (int s = 0; s < kSymmetries; ++s) fixed += transform(p, s) == p;
  return kSymmetries / fixed;
}

std::uint64_t TicTacToe::rank(const Position& p) const {
  const std::uint64_t occupied = p.x | p.o;
  const int n = stones(static_cast<std::uint16_t>(occupied));
  return kTierBegin[n] + bits::combination_rank(occupied) * bits::binomial(n, (n + 1) / 2) +
         bits::combination_rank(bits::extract(p.x, occupied));
}

TicTacToe::Position TicTacToe::unrank(std::uint64_t r) const {
  int n = 0;
  while (kTierBegin[n + 1] <= r) ++n;
  r -= kTierBegin[n];
  const std::uint64_t per_set = bits::binomial(n, (n + 1) / 2);
  const std::uint64_t occupied = bits::combination_unrank(r / per_set, n);
  const std::uint64_t x = bits::deposit(bits::combination_unrank(r % per_set, (n + 1) / 2), occupied);
  return {static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(occupied ^ x)};
}

TicTacToe::Position TicTacToe::parse(std::string_view text) const {
  if (text.size() != 9)
    throw ParseError("tictactoe position needs 9 characters (X, O or -, row-major), got " +
                     std::to_string(text.size()));
  Position p;
  for (int q = 0; q < 9; ++q) {
    const char ch = text[q];
    const auto bit = static_cast<std::uint16_t>(1u << q);
    if (ch == 'X')
      p.x |= bit;
    else if (ch == 'O')
      p.o |= bit;
    else if (ch != '-')
      throw ParseError("bad character '" + quote_input(std::string_view(&ch, 1)) + "' at square " +
                       std::to_string(q + 1) + " (expected X, O or -)");
  }
  const int xs = stones(p.x), os = stones(p.o);
  if (xs != os && xs != os + 1)
    throw ParseError("X has " + std::to_string(xs) + " stones and O has " + std::to_string(os) +
                     " (X moves first: X needs as many stones as O or one more)");
  const bool x_line = has_line(p.x), o_line = has_line(p.o);
  if (x_line && o_line) throw ParseError("both X and O have three in a row");
  // The line must have been completed by the last move, or play went on after it.
  if (x_line && xs == os) throw ParseError("X has three in a row but O moved after the game ended");
  if (o_line && xs == os + 1) throw ParseError("O has three in a row but X moved after the game ended");
  return p;
}

std::string TicTacToe::format(const Position& p) const {
  std::string s(9, '-');
  for (int q = 0; q < 9; ++q) {
    if (p.x >> q & 1) s[q] = 'X';
    if (p.o >> q & 1) s[q] = 'O';
  }
  return s;
}

std::string TicTacToe::format_move(const Position&, Move square) const {
  return std::string(1, static_cast<char>('1' + square));
}

TicTacToe::Move TicTacToe::parse_move(const Position& p, std::string_view text) const {
  if (text.size() != 1 || text[0] < '1' || text[0] > '9')
    throw ParseError("bad tictactoe move '" + quote_input(text) + "' (expected a square 1..9, row-major)");
  const int q = text[0] - '1';
  if (((p.x | p.o) >> q) & 1) throw ParseError("square " + quote_input(text) + " is already taken");
  if (terminal(p).primitive()) throw ParseError("the game is over: no move at square " + quote_input(text));
  return static_cast<Move>(q);
}

}  // namespace gsolve
