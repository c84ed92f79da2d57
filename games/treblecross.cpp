#include "games/treblecross.h"

#include <charconv>

#include "games/input_quote.h"

namespace gsolve {
namespace {

// C(n, k) for n, k <= kMaxCells; C(40, 20) < 2^38.
using Binomials = std::array<std::array<std::uint64_t, Treblecross::kMaxCells + 1>, Treblecross::kMaxCells + 1>;
constexpr Binomials make_binomials() {
  Binomials c{};
  for (int n = 0; n <= Treblecross::kMaxCells; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
  }
  return c;
}
constexpr Binomials kChoose = make_binomials();

}  // namespace

Treblecross::Treblecross(int cells) : n_(cells) {
  for (int t = 0; t <= n_; ++t) tier_begin_[t + 1] = tier_begin_[t] + kChoose[n_][t];
}

Treblecross Treblecross::from_options(std::string_view options) {
  if (options.empty()) return Treblecross();
  int n = 0;
  const auto [end, error] = std::from_chars(options.data(), options.data() + options.size(), n);
  if (error != std::errc() || end != options.data() + options.size() || n < 1 || n > kMaxCells)
    throw ParseError("bad treblecross size '" + quote_input(options) + "' (expected N cells, 1.." +
                     std::to_string(kMaxCells) + ")");
  return Treblecross(n);
}

Terminal Treblecross::terminal(const Position& p) const {
  if (has_three(p.cells)) return {Value::Lose, 0};  // the player who just moved made three
  if (p.cells == full()) return {Value::Tie, 0};
  return {};
}

void Treblecross::generate_moves(const Position& p, MoveList<Treblecross>& moves) const {
  moves.clear();
  for (std::uint64_t empty = full() & ~p.cells; empty; empty &= empty - 1)
    moves.push_back(static_cast<Move>(__builtin_ctzll(empty)));
}

Treblecross::Position Treblecross::mirror(const Position& p) const {
  std::uint64_t out = 0;
  for (std::uint64_t c = p.cells; c; c &= c - 1) out |= std::uint64_t{1} << (n_ - 1 - __builtin_ctzll(c));
  return {out};
}

Treblecross::Position Treblecross::canonical(const Position& p) const {
  const Position m = mirror(p);
  return m.cells < p.cells ? m : p;
}

std::uint64_t Treblecross::rank(const Position& p) const {
  // Colex: the j-th occupied cell (from 1) at index i adds C(i, j).
  std::uint64_t r = 0;
  int j = 0;
  for (std::uint64_t c = p.cells; c; c &= c - 1) r += kChoose[__builtin_ctzll(c)][++j];
  return tier_begin_[j] + r;
}

Treblecross::Position Treblecross::unrank(std::uint64_t rank) const {
  int n = 0;
  while (tier_begin_[n + 1] <= rank) ++n;
  std::uint64_t r = rank - tier_begin_[n];
  std::uint64_t cells = 0;
  // The largest cell first: the largest i with C(i, j) <= r.
  for (int j = n, i = n_ - 1; j >= 1; --j) {
    while (kChoose[i][j] > r) --i;
    cells |= std::uint64_t{1} << i;
    r -= kChoose[i][j];
    --i;
  }
  return {cells};
}

Treblecross::Position Treblecross::parse(std::string_view text) const {
  if (static_cast<int>(text.size()) != n_)
    throw ParseError("a treblecross:" + std::to_string(n_) + " position has " + std::to_string(n_) +
                     " cells ('X', '.' or '-'), got " + std::to_string(text.size()) + " characters in '" +
                     quote_input(text) + "'");
  Position p;
  for (int i = 0; i < n_; ++i) {
    if (text[i] == 'X' || text[i] == 'x')
      p.cells |= std::uint64_t{1} << i;
    else if (text[i] != '.' && text[i] != '-')
      throw ParseError("bad character '" + quote_input(text.substr(i, 1)) + "' at cell " + std::to_string(i + 1) +
                       " (expected 'X', '.' or '-')");
  }
  return p;
}

std::string Treblecross::format(const Position& p) const {
  std::string s(n_, '.');
  for (int i = 0; i < n_; ++i)
    if ((p.cells >> i) & 1) s[i] = 'X';
  return s;
}

Treblecross::Move Treblecross::parse_move(const Position& p, std::string_view text) const {
  int cell = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), cell);
  if (error != std::errc() || end != text.data() + text.size() || cell < 1 || cell > n_)
    throw ParseError("bad treblecross move '" + quote_input(text) + "' (expected a cell 1.." + std::to_string(n_) +
                     ")");
  if ((p.cells >> (cell - 1)) & 1) throw ParseError("cell " + quote_input(text) + " is already taken");
  if (terminal(p).primitive()) throw ParseError("the game is over: no move at cell " + quote_input(text));
  return static_cast<Move>(cell - 1);
}

}  // namespace gsolve
