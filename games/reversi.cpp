#include "games/reversi.h"

#include <cctype>
#include <charconv>

#include "games/bits.h"

namespace gsolve {

Reversi::Reversi(int size) : n_(size) {
  if (size < 4 || size > 8 || size % 2 != 0)
    throw ParseError("reversi board " + std::to_string(size) + "x" + std::to_string(size) +
                     " is not supported (the size must be even, 4..8)");
  const int squares = n_ * n_;
  board_ = squares == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << squares) - 1;
  std::uint64_t first_col = 0, last_col = 0;
  for (int r = 0; r < n_; ++r) {
    first_col |= std::uint64_t{1} << (r * n_);
    last_col |= std::uint64_t{1} << (r * n_ + n_ - 1);
  }
  // Steps east, south, south-east, south-west; the opposite directions shift right.
  step_ = {1, n_, n_ + 1, n_ - 1};
  left_mask_ = {board_ & ~first_col, board_, board_ & ~first_col, board_ & ~last_col};
  right_mask_ = {board_ & ~last_col, board_, board_ & ~last_col, board_ & ~first_col};

  const int h = n_ / 2;
  const auto sq = [&](int r, int c) { return std::uint64_t{1} << (r * n_ + c); };
  const std::uint64_t white = sq(h - 1, h - 1) | sq(h, h);
  const std::uint64_t black = sq(h, h - 1) | sq(h - 1, h);
  centre_ = white | black;
  outer_ = board_ & ~centre_;
  start_ = {black, white, 1, 0};

  // Byte-at-a-time tables for the 3 non-identity symmetries.
  transform_.assign(3 * 8 * 256, 0);
  for (int s = 1; s < kSymmetries; ++s)
    for (int k = 0; k < 8; ++k)
      for (int b = 0; b < 256; ++b) {
        std::uint64_t out = 0;
        for (int j = 0; j < 8; ++j) {
          const int q = 8 * k + j;
          if (!(b >> j & 1) || q >= squares) continue;
          const int r = q / n_, c = q % n_;
          int nr = r, nc = c;
          if (s == 1) nr = n_ - 1 - r, nc = n_ - 1 - c;  // rotate 180
          if (s == 2) nr = c, nc = r;                    // transpose (a1-h8 diagonal)
          if (s == 3) nr = n_ - 1 - c, nc = n_ - 1 - r;  // anti-transpose (h1-a8 diagonal)
          out |= std::uint64_t{1} << (nr * n_ + nc);
        }
        transform_[((s - 1) * 8 + k) * 256 + b] = out;
      }

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
  const auto bad = [&] {
    return ParseError("bad reversi size '" + std::string(options) + "' (expected NxN, e.g. 8x8)");
  };
  const auto x = options.find('x');
  if (x == std::string_view::npos) throw bad();
  int w = 0, h = 0;
  auto [p1, e1] = std::from_chars(options.data(), options.data() + x, w);
  auto [p2, e2] = std::from_chars(options.data() + x + 1, options.data() + options.size(), h);
  if (e1 != std::errc{} || e2 != std::errc{} || p1 != options.data() + x ||
      p2 != options.data() + options.size())
    throw bad();
  if (w != h) throw ParseError("reversi board must be square (got " + std::string(options) + ")");
  return Reversi(w);
}

std::string Reversi::spec() const { return "reversi:" + std::to_string(n_) + "x" + std::to_string(n_); }

// Dumb7fill in each of the 8 directions: runs of opponent discs that start next
// to an own disc, then the empty square just past the run. A run holds at most
// N - 2 discs, hence N - 3 extra steps.
std::uint64_t Reversi::legal_moves(std::uint64_t own, std::uint64_t opp) const {
  const std::uint64_t empty = board_ & ~(own | opp);
  std::uint64_t moves = 0;
  for (int i = 0; i < 4; ++i) {
    const int s = step_[i];
    const std::uint64_t lm = left_mask_[i] & opp, rm = right_mask_[i] & opp;
    std::uint64_t l = (own << s) & lm, r = (own >> s) & rm;
    for (int k = 3; k < n_; ++k) {
      l |= (l << s) & lm;
      r |= (r >> s) & rm;
    }
    moves |= ((l << s) & left_mask_[i]) | ((r >> s) & right_mask_[i]);
  }
  return moves & empty;
}

std::uint64_t Reversi::flips(std::uint64_t own, std::uint64_t opp, std::uint64_t move) const {
  std::uint64_t flipped = 0;
  for (int i = 0; i < 4; ++i) {
    const int s = step_[i];
    std::uint64_t run = 0, x = (move << s) & left_mask_[i];
    while (x & opp) {
      run |= x;
      x = (x << s) & left_mask_[i];
    }
    if (x & own) flipped |= run;
    run = 0;
    x = (move >> s) & right_mask_[i];
    while (x & opp) {
      run |= x;
      x = (x >> s) & right_mask_[i];
    }
    if (x & own) flipped |= run;
  }
  return flipped;
}

int Reversi::final_score(const Position& p) const {
  const int own = __builtin_popcountll(p.own), opp = __builtin_popcountll(p.opp);
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

std::uint64_t Reversi::transform_bits(std::uint64_t b, int s) const {
  if (s == 0) return b;
  const std::uint64_t* table = transform_.data() + (s - 1) * 8 * 256;
  std::uint64_t out = 0;
  for (int k = 0; b; ++k, b >>= 8) out |= table[k * 256 + (b & 255)];
  return out;
}

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

std::uint64_t Reversi::rank(const Position& p) const {
  if (!rank_available_) return 0;  // 8x8: no 64-bit rank (documented in reversi.h)
  const std::uint64_t occupied = p.own | p.opp;
  const int n = __builtin_popcountll(occupied);
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
  return {static_cast<char>('a' + square % n_), static_cast<char>('1' + square / n_)};
}

int Reversi::square_from_text(std::string_view token) const {
  if (token.size() != 2) return -1;
  const int c = std::tolower(static_cast<unsigned char>(token[0])) - 'a';
  const int r = token[1] - '1';
  if (c < 0 || c >= n_ || r < 0 || r >= n_) return -1;
  return r * n_ + c;
}

static bool is_pass_token(std::string_view t) {
  return t == "pa" || t == "PA" || t == "ps" || t == "PS" || t == "--" || t == "pass";
}

Reversi::Position Reversi::parse(std::string_view text) const {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  // A board has discs (X or O); a move list never does (columns stop at h).
  if (text.find_first_of("XO") != std::string_view::npos) return parse_board(text);
  return parse_moves(text);
}

Reversi::Position Reversi::parse_board(std::string_view text) const {
  const std::size_t squares = n_ * n_;
  const std::string expected = " (expected " + std::to_string(squares) +
                               " squares X/O/- from a1 row by row, a space, then X or O to move)";
  if (text.size() < squares) throw ParseError("reversi board text is too short" + expected);
  std::uint64_t black = 0, white = 0;
  for (std::size_t q = 0; q < squares; ++q) {
    const char ch = text[q];
    if (ch == 'X')
      black |= std::uint64_t{1} << q;
    else if (ch == 'O')
      white |= std::uint64_t{1} << q;
    else if (ch != '-')
      throw ParseError("bad character '" + std::string(1, ch) + "' at square " +
                       square_name(static_cast<int>(q)) + expected);
  }
  if (text.size() == squares) throw ParseError("reversi board text lacks the side to move" + expected);
  if (text.size() != squares + 2 || text[squares] != ' ' ||
      (text[squares + 1] != 'X' && text[squares + 1] != 'O'))
    throw ParseError("bad side to move '" + std::string(text.substr(squares)) + "'" + expected);
  for (std::uint64_t c = centre_; c; c &= c - 1) {
    const int q = __builtin_ctzll(c);
    if (!(((black | white) >> q) & 1))
      throw ParseError("centre square " + square_name(q) +
                       " is empty (the 4 centre squares are never empty)");
  }
  return text[squares + 1] == 'X' ? Position{black, white, 1, 0} : Position{white, black, 0, 0};
}

Reversi::Position Reversi::parse_moves(std::string_view text) const {
  Position p = start_;
  int index = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    const std::string_view token = text.substr(i, 2);
    i += 2;
    ++index;
    const std::string where = "move " + std::to_string(index) + " '" + std::string(token) + "'";
    const bool pass = is_pass_token(token);
    const int q = pass ? -1 : square_from_text(token);
    if (!pass && q < 0)
      throw ParseError("bad " + where + " (expected a square a1.." + square_name(n_ * n_ - 1) +
                       " or a pass 'pa')");
    if (terminal(p).primitive()) throw ParseError(where + " comes after the game ended");
    const std::uint64_t moves = legal_moves(p.own, p.opp);
    const char* side = p.black_to_move ? "X" : "O";
    if (pass) {
      if (moves) throw ParseError(where + ": " + side + " has a legal move, so may not pass");
      p = play(p, kPass);
      continue;
    }
    if (!moves) p = play(p, kPass);  // a forced pass left out of the list
    if (!(legal_moves(p.own, p.opp) >> q & 1))
      throw ParseError(where + " is not legal for " + (p.black_to_move ? "X" : "O") +
                       " (the square is taken or flips nothing)");
    p = play(p, static_cast<Move>(q));
  }
  return p;
}

std::string Reversi::format(const Position& p) const {
  std::string s(n_ * n_, '-');
  const std::uint64_t b = black(p), w = white(p);
  for (int q = 0; q < n_ * n_; ++q) {
    if (b >> q & 1) s[q] = 'X';
    if (w >> q & 1) s[q] = 'O';
  }
  s += p.black_to_move ? " X" : " O";
  return s;
}

std::string Reversi::format_move(const Position&, Move m) const {
  return m == kPass ? std::string("pass") : square_name(m);
}

Reversi::Move Reversi::parse_move(const Position& p, std::string_view text) const {
  const std::uint64_t moves = legal_moves(p.own, p.opp);
  if (is_pass_token(text)) {
    if (moves) throw ParseError("may not pass: there is a legal move");
    if (!legal_moves(p.opp, p.own)) throw ParseError("the game is over: no move, not even a pass");
    return kPass;
  }
  const int q = square_from_text(text);
  if (q < 0)
    throw ParseError("bad reversi move '" + std::string(text) + "' (expected a square a1.." +
                     square_name(n_ * n_ - 1) + " or 'pass')");
  if (!(moves >> q & 1))
    throw ParseError("move " + std::string(text) + " is not legal (the square is taken or flips nothing)");
  return static_cast<Move>(q);
}

}  // namespace gsolve
