#include "games/reversi.h"

#include <cctype>
#include <charconv>

#include "games/bits.h"

namespace gsolve {

namespace {

// User text for an error message: at most ~80 characters, control bytes
// escaped, so a message stays one short line whatever was typed.
std::string excerpt(std::string_view text) {
  constexpr std::size_t kMax = 80;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == kMax) return out + "...";
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      constexpr char kHex[] = "0123456789abcdef";
      out += {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  return text;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

// "pass", "pa" or "ps" in any case, as a whole token.
bool is_pass_token(std::string_view t) {
  return equals_ignoring_case(t, "pass") || equals_ignoring_case(t, "pa") || equals_ignoring_case(t, "ps");
}

constexpr std::uint64_t square_bit(int r, int c) { return std::uint64_t{1} << (r * 8 + c); }

}  // namespace

Reversi::Reversi(int size) : n_(size) {
  if (size < 4 || size > 8 || size % 2 != 0)
    throw ParseError("reversi board " + std::to_string(size) + "x" + std::to_string(size) +
                     " is not supported (the size must be even, 4..8)");
  const int squares = n_ * n_;
  board_ = reversi::board_mask(n_);
  const int h = n_ / 2;
  const std::uint64_t white = square_bit(h - 1, h - 1) | square_bit(h, h);
  const std::uint64_t black = square_bit(h, h - 1) | square_bit(h - 1, h);
  centre_ = white | black;
  outer_ = board_ & ~centre_;
  start_ = {black, white, 1, 0};

  // Tier sizes C(N*N - 4, t) * 2^(t + 4) * 2, in 128 bits to see whether they fit.
  tier_begin_.assign(tier_count() + 1, 0);
  unsigned __int128 total = 0;
  bool fits = true;
  for (int t = 0; t < tier_count(); ++t) {
    total += static_cast<unsigned __int128>(bits::binomial(squares - 4, t)) << (t + 5);
    if (total >> 63) fits = false;
    if (fits) tier_begin_[t + 1] = static_cast<std::uint64_t>(total);
  }
  rank_available_ = fits;
  if (!fits) tier_begin_.assign(tier_count() + 1, 0);
}

Reversi Reversi::from_options(std::string_view options) {
  if (options.empty()) return Reversi(8);
  const auto bad = [&] { return ParseError("bad reversi size '" + excerpt(options) + "' (expected NxN, e.g. 8x8)"); };
  const auto x = options.find('x');
  if (x == std::string_view::npos) throw bad();
  int w = 0, h = 0;
  auto [p1, e1] = std::from_chars(options.data(), options.data() + x, w);
  auto [p2, e2] = std::from_chars(options.data() + x + 1, options.data() + options.size(), h);
  if (e1 != std::errc{} || e2 != std::errc{} || p1 != options.data() + x || p2 != options.data() + options.size())
    throw bad();
  if (w != h) throw ParseError("reversi board must be square (got " + excerpt(options) + ")");
  return Reversi(w);
}

std::string Reversi::spec() const { return "reversi:" + std::to_string(n_) + "x" + std::to_string(n_); }

int Reversi::final_score(const Position& p) const {
  const int own = reversi::count(p.own), opp = reversi::count(p.opp);
  const int empties = n_ * n_ - own - opp;
  if (own > opp) return own - opp + empties;
  if (own < opp) return own - opp - empties;
  return 0;
}

Terminal Reversi::terminal(const Position& p) const {
  if (legal_moves(p.own, p.opp) || legal_moves(p.opp, p.own)) return {};
  const int score = final_score(p);
  return {score > 0 ? Value::Win : score < 0 ? Value::Lose : Value::Tie, score};
}

void Reversi::generate_moves(const Position& p, MoveList<Reversi>& moves) const {
  moves.clear();
  std::uint64_t m = legal_moves(p.own, p.opp);
  if (!m) {
    moves.push_back(kPass);  // non-primitive, so the opponent can move
    return;
  }
  for (; m; m &= m - 1) moves.push_back(static_cast<Move>(__builtin_ctzll(m)));
}

// The least of the 4 start-preserving images. The frame layout keeps the
// row-major order of the squares, so comparing frame words orders boards
// exactly as the former N*N layout did: the canonical choice is unchanged.
Reversi::Position Reversi::canonical(const Position& p) const {
  Position best = p;
  for (int s = 1; s < kSymmetries; ++s) {
    const Position t = transform(p, s);
    if (t.own < best.own || (t.own == best.own && t.opp < best.opp)) best = t;
  }
  return best;
}

int Reversi::symmetry_class_size(const Position& p) const {
  int fixed = 1;  // orbit size = group order / stabiliser size
  for (int s = 1; s < kSymmetries; ++s) fixed += transform(p, s) == p;
  return kSymmetries / fixed;
}

// bits::extract/deposit with board masks keep the square order, so these are
// the ranks of the former row-major layout bit for bit.
std::uint64_t Reversi::rank(const Position& p) const {
  if (!rank_available_) return 0;  // 8x8: no 64-bit rank (documented in reversi.h)
  const std::uint64_t occupied = p.own | p.opp;
  const int n = reversi::count(occupied);
  const std::uint64_t occupancy = bits::combination_rank(bits::extract(occupied, outer_));
  const std::uint64_t colours = bits::extract(black(p), occupied);
  return tier_begin_[n - 4] + (((occupancy << n) | colours) << 1) + p.black_to_move;
}

Reversi::Position Reversi::unrank(std::uint64_t r) const {
  if (!rank_available_) return start_;
  int t = 0;
  while (tier_begin_[t + 1] <= r) ++t;
  r -= tier_begin_[t];
  const int n = t + 4;
  const auto to_move = static_cast<std::uint32_t>(r & 1);
  r >>= 1;
  const std::uint64_t occupied = bits::deposit(bits::combination_unrank(r >> n, t), outer_) | centre_;
  const std::uint64_t black = bits::deposit(r & ((std::uint64_t{1} << n) - 1), occupied);
  const std::uint64_t white = occupied ^ black;
  return to_move ? Position{black, white, 1, 0} : Position{white, black, 0, 0};
}

std::string Reversi::square_name(int square) const {
  return {static_cast<char>('a' + square % 8), static_cast<char>('1' + square / 8)};
}

int Reversi::square_from_text(std::string_view token) const {
  if (token.size() != 2) return -1;
  const int c = std::tolower(static_cast<unsigned char>(token[0])) - 'a';
  const int r = token[1] - '1';
  if (c < 0 || c >= 8 || r < 0 || r >= 8) return -1;
  if (c >= n_ || r >= n_) return -2;
  return r * 8 + c;
}

Reversi::Position Reversi::parse(std::string_view text) const {
  text = trim(text);
  if (const auto semi = text.find(';'); semi != std::string_view::npos) text = trim(text.substr(0, semi));
  // A board has discs or empties (X O * - .); a move list never does.
  if (text.find_first_of("XO*-.") != std::string_view::npos) return parse_board(text);
  return parse_moves(text);
}

Reversi::Position Reversi::parse_board(std::string_view text) const {
  const std::size_t squares = n_ * n_;
  const std::string expected =
      " (expected " + std::to_string(squares) + " squares X/O/- from a1 row by row, a space, then X or O to move)";
  std::size_t end = 0;
  while (end < text.size() && !is_space(text[end])) ++end;
  const std::string_view board = text.substr(0, end), side = trim(text.substr(end));
  if (board.size() < squares)
    throw ParseError("reversi board text is too short (" + std::to_string(board.size()) + " squares)" + expected);
  if (board.size() > squares)
    throw ParseError("reversi board text is too long (" + std::to_string(board.size()) + " squares for " +
                     std::to_string(n_) + "x" + std::to_string(n_) + ")" + expected);
  std::uint64_t black = 0, white = 0;
  for (std::size_t q = 0; q < squares; ++q) {
    const char ch = board[q];
    const int sq = static_cast<int>(q / n_ * 8 + q % n_);
    if (ch == 'X' || ch == '*')
      black |= std::uint64_t{1} << sq;
    else if (ch == 'O')
      white |= std::uint64_t{1} << sq;
    else if (ch != '-' && ch != '.')
      throw ParseError("bad character '" + excerpt(board.substr(q, 1)) + "' at square " + square_name(sq) + expected);
  }
  if (side.empty()) throw ParseError("reversi board text lacks the side to move" + expected);
  if (side != "X" && side != "O") throw ParseError("bad side to move '" + excerpt(side) + "'" + expected);
  for (std::uint64_t c = centre_; c; c &= c - 1) {
    const int q = __builtin_ctzll(c);
    if (!(((black | white) >> q) & 1))
      throw ParseError("centre square " + square_name(q) + " is empty (the 4 centre squares are never empty)");
  }
  return side == "X" ? Position{black, white, 1, 0} : Position{white, black, 0, 0};
}

Reversi::Position Reversi::parse_moves(std::string_view text) const {
  Position p = start_;
  int index = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    // "pass" is one token; everything else takes 2 characters ("f5", "pa").
    const std::size_t length = equals_ignoring_case(text.substr(i, 4), "pass") ? 4 : 2;
    const std::string_view token = text.substr(i, length);
    i += length;
    ++index;
    const std::string where = "move " + std::to_string(index) + " '" + excerpt(token) + "'";
    const bool pass = is_pass_token(token);
    const int q = pass ? -1 : square_from_text(token);
    if (q == -2)
      throw ParseError(where + " is off the " + std::to_string(n_) + "x" + std::to_string(n_) + " board (a1.." +
                       square_name(8 * (n_ - 1) + n_ - 1) + ")");
    if (!pass && q < 0)
      throw ParseError("bad " + where + " (expected a square a1.." + square_name(8 * (n_ - 1) + n_ - 1) +
                       " or a pass 'pa')");
    if (terminal(p).primitive()) throw ParseError(where + " comes after the game ended");
    const std::uint64_t moves = legal_moves(p.own, p.opp);
    if (pass) {
      if (moves) throw ParseError(where + ": " + (p.black_to_move ? "X" : "O") + " has a legal move, so may not pass");
      p = play(p, kPass);
      continue;
    }
    if (!moves) p = play(p, kPass);  // a forced pass left out of the list
    const char* side = p.black_to_move ? "X" : "O";
    if ((p.own | p.opp) >> q & 1) throw ParseError(where + " is not legal for " + side + ": the square is taken");
    if (!(legal_moves(p.own, p.opp) >> q & 1))
      throw ParseError(where + " is not legal for " + side + ": it flips nothing");
    p = play(p, static_cast<Move>(q));
  }
  return p;
}

std::string Reversi::format(const Position& p) const {
  std::string s;
  const std::uint64_t b = black(p), w = white(p);
  for (int r = 0; r < n_; ++r)
    for (int c = 0; c < n_; ++c) {
      const int q = r * 8 + c;
      s += (b >> q & 1) ? 'X' : (w >> q & 1) ? 'O' : '-';
    }
  s += p.black_to_move ? " X" : " O";
  return s;
}

std::string Reversi::format_move(const Position&, Move m) const {
  return m == kPass ? std::string("pass") : square_name(m);
}

Reversi::Move Reversi::parse_move(const Position& p, std::string_view text) const {
  text = trim(text);
  const std::uint64_t moves = legal_moves(p.own, p.opp);
  if (is_pass_token(text)) {
    if (moves) throw ParseError("may not pass: there is a legal move");
    if (!legal_moves(p.opp, p.own)) throw ParseError("the game is over: no move, not even a pass");
    return kPass;
  }
  const int q = square_from_text(text);
  const std::string last = square_name(8 * (n_ - 1) + n_ - 1);
  if (q == -2)
    throw ParseError("move " + excerpt(text) + " is off the " + std::to_string(n_) + "x" + std::to_string(n_) +
                     " board (a1.." + last + ")");
  if (q < 0)
    throw ParseError("bad reversi move '" + excerpt(text) + "' (expected a square a1.." + last + " or 'pass')");
  if ((p.own | p.opp) >> q & 1) throw ParseError("move " + excerpt(text) + " is not legal: the square is taken");
  if (!(moves >> q & 1)) throw ParseError("move " + excerpt(text) + " is not legal: it flips nothing");
  return static_cast<Move>(q);
}

}  // namespace gsolve
