#include "games/quickcross.h"

#include <algorithm>
#include <charconv>

#include "games/input_quote.h"

namespace gsolve {

namespace {

// kByteValue[b]: the base-3 value of one byte of a bitboard, a set bit j worth 3^j.
constexpr std::array<std::uint32_t, 256> make_byte_value() {
  std::array<std::uint32_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    std::uint32_t v = 0, w = 1;
    for (int j = 0; j < 8; ++j, w *= 3)
      if (b >> j & 1) v += w;
    t[b] = v;
  }
  return t;
}
constexpr auto kByteValue = make_byte_value();

// kDigits[d], d < 3^8: the 8 base-3 digits of d as two bytes, '-' low, '|' high.
constexpr std::array<std::uint16_t, 6561> make_digits() {
  std::array<std::uint16_t, 6561> t{};
  for (int d = 0; d < 6561; ++d) {
    int h = 0, v = 0;
    for (int j = 0, x = d; j < 8; ++j, x /= 3) {
      if (x % 3 == 1) h |= 1 << j;
      if (x % 3 == 2) v |= 1 << j;
    }
    t[d] = static_cast<std::uint16_t>(h | v << 8);
  }
  return t;
}
constexpr auto kDigits = make_digits();

constexpr std::uint64_t kByteSpace = 6561;  // 3^8

std::uint64_t key(const QuickCross::Position& p) { return std::uint64_t{p.h} << 32 | p.v; }

bool parse_int(std::string_view s, int& out) {
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && ptr == s.data() + s.size();
}

}  // namespace

QuickCross::QuickCross(int rows, int cols, int connect) : rows_(rows), cols_(cols), connect_(connect) {
  // Each side is checked first: rows * cols of two huge sides overflows (found by fuzz_spec).
  constexpr int kMax = static_cast<int>(kMaxSquares);
  if (rows < 1 || cols < 1 || rows > kMax || cols > kMax || rows * cols > kMax)
    throw ParseError("quickcross board " + std::to_string(rows) + "x" + std::to_string(cols) +
                     " is not supported (at most " + std::to_string(kMaxSquares) + " squares)");
  if (connect_ <= 0) connect_ = std::min(rows_, cols_);
  if (connect_ > std::max(rows_, cols_))
    throw ParseError("connect=" + std::to_string(connect_) + " does not fit a " + std::to_string(rows_) + "x" +
                     std::to_string(cols_) + " board (no line is that long)");
  board_ = (std::uint32_t{1} << squares()) - 1;
  for (int q = 0; q < squares(); ++q) rank_space_ *= 3;

  // Directions: east, south, south-east, south-west; a line of K from (r, c)
  // must stay on the board. With K = 1 every square is a line: one direction.
  const int k = connect_;
  const std::array<int, 4> steps = {1, cols_, cols_ + 1, cols_ - 1};
  for (int d = 0; d < (k == 1 ? 1 : 4); ++d) {
    std::uint32_t starts = 0;
    for (int r = 0; r < rows_; ++r)
      for (int c = 0; c < cols_; ++c) {
        const bool fits = d == 0   ? c + k <= cols_
                          : d == 1 ? r + k <= rows_
                          : d == 2 ? c + k <= cols_ && r + k <= rows_
                                   : c - k + 1 >= 0 && r + k <= rows_;
        if (fits) starts |= std::uint32_t{1} << (r * cols_ + c);
      }
    if (!starts) continue;
    step_[directions_] = steps[d];
    line_starts_[directions_++] = starts;
  }

  // Board symmetries: 0 identity, 1 mirror left-right, 2 mirror top-bottom,
  // 3 rotate 180; on a square board also 4 transpose, 5 anti-transpose,
  // 6 rotate 90, 7 rotate 270.
  board_symmetries_ = rows_ == cols_ ? 8 : 4;
  transform_.assign(board_symmetries_ * 3 * 256, 0);
  const int R = rows_, C = cols_;
  for (int s = 0; s < board_symmetries_; ++s)
    for (int byte = 0; byte < 3; ++byte)
      for (int b = 0; b < 256; ++b) {
        std::uint32_t out = 0;
        for (int j = 0; j < 8; ++j) {
          const int q = byte * 8 + j;
          if (!(b >> j & 1) || q >= squares()) continue;
          const int r = q / C, c = q % C;
          int nr = r, nc = c;
          if (s == 1) nc = C - 1 - c;
          if (s == 2) nr = R - 1 - r;
          if (s == 3) nr = R - 1 - r, nc = C - 1 - c;
          if (s == 4) nr = c, nc = r;
          if (s == 5) nr = C - 1 - c, nc = R - 1 - r;
          if (s == 6) nr = c, nc = R - 1 - r;
          if (s == 7) nr = C - 1 - c, nc = r;
          out |= std::uint32_t{1} << (nr * C + nc);
        }
        transform_[(s * 3 + byte) * 256 + b] = out;
      }
}

QuickCross QuickCross::from_options(std::string_view options) {
  if (options.empty()) return QuickCross(4, 4, 0);
  const std::string all(options);
  const auto comma = options.find(',');
  const std::string_view size = options.substr(0, comma);
  int rows = 0, cols = 0, connect = 0;
  const auto x = size.find('x');
  if (x == std::string_view::npos || !parse_int(size.substr(0, x), rows) || !parse_int(size.substr(x + 1), cols))
    throw ParseError("bad quickcross size '" + quote_input(size) + "' (expected RxC, e.g. 3x4)");
  options = comma == std::string_view::npos ? std::string_view{} : options.substr(comma + 1);
  while (!options.empty()) {
    const auto next = options.find(',');
    const std::string_view part = options.substr(0, next);
    options = next == std::string_view::npos ? std::string_view{} : options.substr(next + 1);
    if (part.substr(0, 8) != "connect=")
      throw ParseError("unknown quickcross option '" + quote_input(part) + "' in '" + quote_input(all) +
                       "' (expected RxC[,connect=K])");
    if (!parse_int(part.substr(8), connect) || connect < 1)
      throw ParseError("bad quickcross option '" + quote_input(part) + "' (expected connect=K, K >= 1)");
  }
  return QuickCross(rows, cols, connect);
}

std::string QuickCross::spec() const {
  return "quickcross:" + std::to_string(rows_) + "x" + std::to_string(cols_) + ",connect=" + std::to_string(connect_);
}

bool QuickCross::has_line(std::uint32_t pieces) const {
  for (int d = 0; d < directions_; ++d) {
    std::uint32_t m = pieces & line_starts_[d];
    for (int k = 1; m && k < connect_; ++k) m &= pieces >> (k * step_[d]);
    if (m) return true;
  }
  return false;
}

void QuickCross::generate_moves(const Position& p, MoveList<QuickCross>& moves) const {
  moves.clear();
  for (int q = 0; q < squares(); ++q) {
    const auto place = static_cast<Move>(2 * q);
    if (!(p.h >> q & 1)) moves.push_back(place);      // '-' on empty or on '|'
    if (!(p.v >> q & 1)) moves.push_back(place | 1);  // '|' on empty or on '-'
  }
}

std::uint32_t QuickCross::transform_bits(std::uint32_t b, int s) const {
  const std::uint32_t* t = transform_.data() + s * 3 * 256;
  return t[b & 255] | t[256 + (b >> 8 & 255)] | t[512 + (b >> 16 & 255)];
}

QuickCross::Position QuickCross::transform(const Position& p, int s) const {
  const std::uint32_t h = transform_bits(p.h, s >> 1), v = transform_bits(p.v, s >> 1);
  return s & 1 ? Position{v, h} : Position{h, v};
}

QuickCross::Position QuickCross::canonical(const Position& p) const {
  Position best = p;
  for (int s = 1; s < symmetry_count(); ++s) {
    const Position t = transform(p, s);
    if (key(t) < key(best)) best = t;
  }
  return best;
}

int QuickCross::symmetry_class_size(const Position& p) const {
  int fixed = 1;  // orbit size = group order / stabiliser size
  for (int s = 1; s < symmetry_count(); ++s) fixed += transform(p, s) == p;
  return symmetry_count() / fixed;
}

std::uint64_t QuickCross::rank(const Position& p) const {
  std::uint64_t r = 0;
  for (int byte = 2; byte >= 0; --byte) {
    const int shift = 8 * byte;
    r = r * kByteSpace + kByteValue[p.h >> shift & 255] + 2 * kByteValue[p.v >> shift & 255];
  }
  return r;
}

QuickCross::Position QuickCross::unrank(std::uint64_t r) const {
  Position p;
  for (int byte = 0; byte < 3; ++byte, r /= kByteSpace) {
    const std::uint32_t d = kDigits[r % kByteSpace];
    p.h |= (d & 255) << (8 * byte);
    p.v |= (d >> 8) << (8 * byte);
  }
  return p;
}

QuickCross::Position QuickCross::parse(std::string_view text) const {
  if (text.size() != static_cast<std::size_t>(squares()))
    throw ParseError("quickcross " + std::to_string(rows_) + "x" + std::to_string(cols_) + " board needs " +
                     std::to_string(squares()) + " characters ('.', '-' or '|', row-major), got " +
                     std::to_string(text.size()));
  Position p;
  for (int q = 0; q < squares(); ++q) {
    const char ch = text[q];
    if (ch == '-')
      p.h |= std::uint32_t{1} << q;
    else if (ch == '|')
      p.v |= std::uint32_t{1} << q;
    else if (ch != '.')
      throw ParseError("bad character '" + quote_input(std::string_view(&ch, 1)) + "' at square " + square_name(q) +
                       " (expected '.', '-' or '|')");
  }
  return p;
}

std::string QuickCross::format(const Position& p) const {
  std::string s(squares(), '.');
  for (int q = 0; q < squares(); ++q) {
    if (p.h >> q & 1) s[q] = '-';
    if (p.v >> q & 1) s[q] = '|';
  }
  return s;
}

std::string QuickCross::square_name(int square) const {
  return static_cast<char>('a' + square % cols_) + std::to_string(square / cols_ + 1);
}

int QuickCross::square_from_text(std::string_view text) const {
  if (text.size() < 2) return -1;
  const int c = text[0] - 'a';
  int r = 0;
  if (c < 0 || c >= cols_ || !parse_int(text.substr(1), r) || r < 1 || r > rows_) return -1;
  return (r - 1) * cols_ + c;
}

std::string QuickCross::format_move(const Position& p, Move m) const {
  const int q = m >> 1;
  const bool occupied = ((p.h | p.v) >> q) & 1;
  if (occupied) return "flip@" + square_name(q);
  return std::string(m & 1 ? "|@" : "-@") + square_name(q);
}

QuickCross::Move QuickCross::parse_move(const Position& p, std::string_view text) const {
  const auto at = text.find('@');
  const std::string_view piece = text.substr(0, at);
  const int q = at == std::string_view::npos ? -1 : square_from_text(text.substr(at + 1));
  if (q < 0 || (piece != "-" && piece != "|" && piece != "flip"))
    throw ParseError("bad quickcross move '" + quote_input(text) + "' (expected -@a1, |@a1 or flip@a1; columns a.." +
                     std::string(1, static_cast<char>('a' + cols_ - 1)) + ", rows 1.." + std::to_string(rows_) + ")");
  if (terminal(p).primitive()) throw ParseError("the game is over: no move " + quote_input(text));
  const bool h = p.h >> q & 1, v = p.v >> q & 1;
  if (piece == "flip") {
    if (!h && !v) throw ParseError("square " + square_name(q) + " is empty: nothing to flip");
    return static_cast<Move>(2 * q + (h ? 1 : 0));
  }
  const bool vertical = piece == "|";
  if (vertical ? v : h) throw ParseError("square " + square_name(q) + " already holds '" + quote_input(piece) + "'");
  return static_cast<Move>(2 * q + (vertical ? 1 : 0));
}

}  // namespace gsolve
