#include "games/go_line.h"

#include <algorithm>
#include <bit>
#include <sstream>

namespace gsolve {

GoLine::GoLine(const Go& go) : go_(go), symmetries_(go.width() == go.height() ? 8 : 4) {
  // tier_begin_[t]: lines shorter than t. Tier t exists while the ranks of
  // lines one longer (the children of its lines) still fit in 64 bits.
  const std::uint64_t base = static_cast<std::uint64_t>(go.points()) + 1;
  std::uint64_t count = 1;  // lines of length t
  tiers_ = 0;
  tier_begin_[0] = 0;
  for (int t = 0; t < kMaxLine; ++t) {
    if (count > (~std::uint64_t{0} - tier_begin_[t]) / (base + 1)) break;  // keep room for tier t + 1
    tier_begin_[t + 1] = tier_begin_[t] + count;
    count *= base;
    tiers_ = t + 1;
  }
  tier_begin_[tiers_ + 1] = tier_begin_[tiers_] + count;  // ranks of the lines one past the last tier
}

GoGame GoLine::replay(const Position& p) const {
  GoGame game(go_);
  for (int i = 0; i < p.length; ++i) game.play(p.moves[i]);
  return game;
}

Terminal GoLine::terminal(const Position& p) const {
  if (p.length < 2 || p.moves[p.length - 1] != Go::kPass || p.moves[p.length - 2] != Go::kPass) return {};
  return go_.terminal(replay(p).position());
}

void GoLine::generate_moves(const Position& p, MoveList<GoLine>& moves) const {
  MoveList<Go> legal;
  replay(p).legal_moves(legal);
  moves.clear();
  for (const Move m : legal) moves.push_back(m);
}

GoLine::Position GoLine::play(const Position& p, Move m) const {
  if (p.length >= kMaxLine) throw std::runtime_error("go: a line longer than " + std::to_string(kMaxLine) + " moves");
  Position q = p;
  q.moves[q.length++] = m;
  return q;
}

GoLine::Move GoLine::transform(int s, Move m) const {
  if (m == Go::kPass) return m;
  const int w = go_.width(), h = go_.height();
  int x = m % w, y = m / w;
  if (s & 4) std::swap(x, y);  // squares only
  if (s & 1) x = w - 1 - x;
  if (s & 2) y = h - 1 - y;
  return static_cast<Move>(y * w + x);
}

GoLine::Position GoLine::image(int s, const Position& p) const {
  Position q = p;
  for (int i = 0; i < p.length; ++i) q.moves[i] = transform(s, p.moves[i]);
  return q;
}

GoLine::Position GoLine::canonical(const Position& p) const {
  Position best = p;
  for (int s = 1; s < symmetries_; ++s) {
    const Position q = image(s, p);
    if (std::lexicographical_compare(q.moves.begin(), q.moves.begin() + p.length, best.moves.begin(),
                                     best.moves.begin() + p.length))
      best = q;
  }
  return best;
}

int GoLine::symmetry_class_size(const Position& p) const {
  std::array<Position, 8> images;
  int distinct = 0;
  for (int s = 0; s < symmetries_; ++s) {
    const Position q = image(s, p);
    if (std::find(images.begin(), images.begin() + distinct, q) == images.begin() + distinct) images[distinct++] = q;
  }
  return distinct;
}

std::uint64_t GoLine::rank(const Position& p) const {
  if (p.length > tiers_) throw std::runtime_error("go: no rank for a line of " + std::to_string(p.length) + " moves");
  const std::uint64_t base = static_cast<std::uint64_t>(go_.points()) + 1;
  std::uint64_t r = 0;
  for (int i = 0; i < p.length; ++i) r = r * base + digit(p.moves[i]);
  return tier_begin_[p.length] + r;
}

GoLine::Position GoLine::unrank(std::uint64_t rank) const {
  int t = 0;
  while (t + 1 <= tiers_ && rank >= tier_begin_[t + 1]) ++t;
  std::uint64_t r = rank - tier_begin_[t];
  const std::uint64_t base = static_cast<std::uint64_t>(go_.points()) + 1;
  Position p;
  p.length = static_cast<std::uint8_t>(t);
  for (int i = t - 1; i >= 0; --i) {
    const auto d = static_cast<int>(r % base);
    r /= base;
    p.moves[i] = d == go_.points() ? Go::kPass : static_cast<Move>(d);
  }
  return p;
}

std::optional<GoLine::Position> GoLine::line_of(const GoGame& game) const {
  const auto& line = game.line();
  if (!(line.front() == Go::Position{}) || line.size() > kMaxLine || !game.alternates())
    return std::nullopt;  // children too must fit; a move out of turn is no line of play
  Position p;
  for (std::size_t i = 1; i < line.size(); ++i) {  // the move between two positions of the line
    const Go::Position& a = line[i - 1];
    const Go::Position& b = line[i];
    const std::uint64_t placed = a.black_to_move ? b.black & ~a.black : b.white & ~a.white;
    p.moves[p.length++] = placed ? static_cast<Move>(std::countr_zero(placed)) : Go::kPass;
  }
  return p;
}

GoLine::Position GoLine::parse(std::string_view text) const {
  if (looks_like_sgf(text)) {
    const auto p = line_of(parse_go_game(go_, text));
    if (!p)
      throw ParseError(
          "go: an SGF game with setup stones or a move out of turn is not a line of play from the empty board");
    return *p;
  }
  std::istringstream in{std::string(text)};
  Position p;
  GoGame game(go_);
  for (std::string word; in >> word;) {
    if (p.length + 1 >= kMaxLine)  // its children must still be lines
      throw ParseError("go: a line of more than " + std::to_string(kMaxLine - 1) + " moves");
    const Move m = go_.parse_move(game.position(), word);
    game.play(m);  // throws ParseError when illegal on this line
    p.moves[p.length++] = m;
  }
  return p;
}

std::string GoLine::format(const Position& p) const {
  std::string s;
  for (int i = 0; i < p.length; ++i) {
    if (i) s += ' ';
    s += go_.point_name(p.moves[i]);  // not " " + name: GCC 12 warns falsely (-Wrestrict) on that
  }
  return s;
}

GoLine::Move GoLine::parse_move(const Position& p, std::string_view text) const {
  return go_.parse_move(replay(p).position(), text);
}

}  // namespace gsolve
