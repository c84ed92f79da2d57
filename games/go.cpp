#include "games/go.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <tuple>

#include "games/input_quote.h"

namespace gsolve {

namespace {

std::uint64_t lowest(std::uint64_t s) { return s & (~s + 1); }

int parse_int(std::string_view text, const std::string& what) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || ptr != text.data() + text.size() || text.empty())
    throw ParseError("bad " + what + " '" + quote_input(text) + "'");
  return v;
}

}  // namespace

double Go::parse_komi(std::string_view text, const std::string& where) {
  double k = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), k, std::chars_format::fixed);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size() || !(std::abs(k) <= 1000) ||
      2 * k != static_cast<int>(2 * k))
    throw ParseError("bad " + where + " '" + quote_input(text) +
                     "' (expected a whole or half point between -1000 and 1000, e.g. 7 or 7.5)");
  return k;
}

namespace {

// Komi in half points (the constructor's check: a whole or half point, bounded).
int komi_half_points(double komi) {
  if (!(std::abs(komi) <= 1000) || 2 * komi != static_cast<int>(2 * komi))
    throw ParseError("komi " + std::to_string(komi) + " is not a whole or half point between -1000 and 1000");
  return static_cast<int>(2 * komi);
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

Go::Go(int width, int height, double komi, Superko ko)
    : w_(width), h_(height), komi_half_(komi_half_points(komi)), ko_(ko) {
  if (w_ < 1 || w_ > 7 || h_ < 1 || h_ > 7)
    throw ParseError("go board " + std::to_string(w_) + "x" + std::to_string(h_) +
                     " is not supported (width and height must be 1..7)");
  board_ = (std::uint64_t{1} << (w_ * h_)) - 1;
  std::uint64_t first = 0, last = 0;
  for (int y = 0; y < h_; ++y) {
    first |= std::uint64_t{1} << (y * w_);
    last |= std::uint64_t{1} << (y * w_ + w_ - 1);
  }
  not_first_col_ = board_ & ~first;
  not_last_col_ = board_ & ~last;
}

Go Go::from_options(std::string_view options) {
  const auto bad_size = [&] {
    return ParseError("bad go size '" + quote_input(options) + "' (expected WxH, e.g. go:5x5)");
  };
  std::string_view size = options.substr(0, options.find(','));
  std::string_view rest = size.size() < options.size() ? options.substr(size.size() + 1) : "";
  const auto x = size.find('x');
  if (x == std::string_view::npos) throw bad_size();
  int w = 0, h = 0;
  try {
    w = parse_int(size.substr(0, x), "go width");
    h = parse_int(size.substr(x + 1), "go height");
  } catch (const ParseError&) {
    throw bad_size();
  }
  double komi = 0;
  Superko ko = Superko::Positional;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
    if (item.starts_with("komi=")) {
      komi = Go::parse_komi(item.substr(5), "komi");
    } else if (item == "ko=psk") {
      ko = Superko::Positional;
    } else if (item == "ko=ssk") {
      ko = Superko::Situational;
    } else {
      throw ParseError("bad go option '" + quote_input(item) + "' (known: komi=K, ko=psk, ko=ssk)");
    }
  }
  return Go(w, h, komi, ko);
}

std::string Go::spec() const {
  std::string s = "go:" + std::to_string(w_) + "x" + std::to_string(h_);
  if (komi_half_ != 0) s += ",komi=" + komi_text();
  if (ko_ == Superko::Situational) s += ",ko=ssk";
  return s;
}

std::string Go::komi_text() const {
  const std::string whole = std::to_string(std::abs(komi_half_) / 2);
  return (komi_half_ < 0 ? "-" : "") + whole + (half_point_komi() ? ".5" : "");
}

std::string Go::result_text(int black_score) const {
  if (black_score == 0) return "0";
  const int points = std::abs(black_score) - (half_point_komi() ? 1 : 0);  // undo the rounding away from zero
  return std::string(black_score > 0 ? "B+" : "W+") + std::to_string(points) + (half_point_komi() ? ".5" : "");
}

Go::Position Go::play(const Position& p, Move m) const {
  if (m == kPass) {
    Position q = p;
    q.black_to_move ^= 1;
    q.passes = static_cast<std::uint8_t>(p.passes + 1);
    return q;
  }
  const std::uint64_t bit = std::uint64_t{1} << m;
  const std::uint64_t own = p.own() | bit;
  std::uint64_t opp = p.opp();
  const std::uint64_t empty = board_ & ~(own | opp);
  std::uint64_t todo = neighbours(bit) & opp;
  while (todo) {
    // Flood fill the opponent group until it shows a liberty (most do at
    // once); captured when it has grown whole without one.
    std::uint64_t g = lowest(todo);
    for (;;) {
      const std::uint64_t around = neighbours(g);
      if (around & empty) break;
      const std::uint64_t grown = g | (around & opp);
      if (grown == g) {
        opp &= ~g;
        break;
      }
      g = grown;
    }
    todo &= ~g;
  }
  Position q;
  q.black = p.black_to_move ? own : opp;
  q.white = p.black_to_move ? opp : own;
  q.black_to_move = p.black_to_move ^ 1;
  q.passes = 0;
  return q;
}

bool Go::try_play(const Position& p, Move m, Position& next) const {
  if (m == kPass) {
    next = play(p, m);
    return true;
  }
  if (m >= points()) return false;
  const std::uint64_t bit = std::uint64_t{1} << m;
  if ((p.black | p.white) & bit) return false;
  next = play(p, m);
  const std::uint64_t own = p.black_to_move ? next.black : next.white;
  const std::uint64_t empty = board_ & ~(next.black | next.white);
  // Suicide: the new stone's group has no liberty after the captures. Flood
  // fill it until it shows one (most moves: an empty point next to the stone).
  for (std::uint64_t g = bit;;) {
    const std::uint64_t around = neighbours(g);
    if (around & empty) return true;
    const std::uint64_t grown = g | (around & own);
    if (grown == g) return false;
    g = grown;
  }
}

bool Go::simple_legal(const Position& p, Move m) const {
  Position next;
  return try_play(p, m, next);
}

void Go::generate_moves(const Position& p, MoveList<Go>& moves) const {
  moves.clear();
  for (int m = 0; m < points(); ++m)
    if (simple_legal(p, static_cast<Move>(m))) moves.push_back(static_cast<Move>(m));
  moves.push_back(kPass);
}

// An empty region counts for a colour when it touches that colour's stones and
// not the other's: flood the empty points from each colour's stones, once.
int Go::black_area_margin(const Position& p) const {
  const std::uint64_t empty = board_ & ~(p.black | p.white);
  const auto reached = [&](std::uint64_t stones) {
    std::uint64_t r = neighbours(stones) & empty;
    for (;;) {
      const std::uint64_t grown = (r | neighbours(r)) & empty;
      if (grown == r) return r;
      r = grown;
    }
  };
  const std::uint64_t by_black = reached(p.black), by_white = reached(p.white);
  return __builtin_popcountll(p.black | (by_black & ~by_white)) -
         __builtin_popcountll(p.white | (by_white & ~by_black));
}

int Go::final_score(const Position& p) const {
  const int black = black_area_margin(p);
  return score(p.black_to_move ? black : -black, p.black_to_move);
}

Terminal Go::terminal(const Position& p) const {
  if (p.passes < 2) return {};
  const int s = final_score(p);
  return {s > 0 ? Value::Win : s < 0 ? Value::Lose : Value::Tie, s};
}

std::string Go::point_name(Move m) const {
  if (m == kPass) return "pass";
  const int x = m % w_, y = m / w_;
  std::string s(1, static_cast<char>('a' + x + (x >= 8 ? 1 : 0)));
  return s + std::to_string(h_ - y);
}

Go::Move Go::move_between(const Position& from, const Position& to) {
  const std::uint64_t placed = from.black_to_move ? to.black & ~from.black : to.white & ~from.white;
  return placed ? static_cast<Move>(__builtin_ctzll(placed)) : kPass;
}

Go::Move Go::parse_vertex(std::string_view text) const {
  const std::string t = lower(text);
  if (t == "pass") return kPass;
  const auto bad = [&] {
    return ParseError("'" + quote_input(text) + "' is not a point of the " + std::to_string(w_) + "x" +
                      std::to_string(h_) + " board (expected e.g. b2 or pass)");
  };
  if (t.size() < 2 || t[0] < 'a' || t[0] > 'z' || t[0] == 'i') throw bad();
  const int x = t[0] - 'a' - (t[0] > 'i' ? 1 : 0);
  int row = 0;
  const auto [ptr, ec] = std::from_chars(t.data() + 1, t.data() + t.size(), row);
  if (ec != std::errc{} || ptr != t.data() + t.size()) throw bad();
  if (x >= w_ || row < 1 || row > h_) throw bad();
  return static_cast<Move>((h_ - row) * w_ + x);
}

Go::Move Go::parse_move(const Position& p, std::string_view text) const {
  const Move m = parse_vertex(text);
  if (p.passes >= 2) throw ParseError("move " + quote_input(text) + " after two passes: the game is over");
  if (!simple_legal(p, m))
    throw ParseError("illegal move " + quote_input(text) + " (" +
                     (((p.black | p.white) >> m) & 1 ? "occupied" : "suicide") + ")");
  return m;
}

std::string Go::format(const Position& p) const {
  std::string s;
  for (int y = 0; y < h_; ++y) {
    if (y) s += '/';
    for (int x = 0; x < w_; ++x) {
      const int i = y * w_ + x;
      s += (p.black >> i & 1) ? 'X' : (p.white >> i & 1) ? 'O' : '.';
    }
  }
  s += p.black_to_move ? " X" : " O";
  if (p.passes) s += " passes=" + std::to_string(p.passes);
  return s;
}

Go::Position Go::parse(std::string_view text) const { return parse_go_game(*this, text).position(); }

// ---------------------------------------------------------------- GoGame

GoGame::GoGame(const Go& go, std::uint64_t hash_mask) : go_(go), mask_(hash_mask) {
  std::uint64_t state = 0x9e3779b97f4a7c15ull;  // splitmix64, fixed seed: deterministic hashes
  for (auto& colour : zobrist_)
    for (auto& z : colour) {
      state += 0x9e3779b97f4a7c15ull;
      std::uint64_t v = state;
      v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ull;
      v = (v ^ (v >> 27)) * 0x94d049bb133111ebull;
      z = v ^ (v >> 31);
    }
  reset(go_.start());
}

std::uint64_t GoGame::hash(const Go::Position& p) const {
  std::uint64_t h = 0;
  for (std::uint64_t b = p.black; b; b &= b - 1) h ^= zobrist_[0][__builtin_ctzll(b)];
  for (std::uint64_t w = p.white; w; w &= w - 1) h ^= zobrist_[1][__builtin_ctzll(w)];
  return h & mask_;
}

void GoGame::reset(const Go::Position& p) {
  line_.assign(1, p);
  hashes_.assign(1, hash(p));
}

bool GoGame::repeats(const Go::Position& next) const {
  const std::uint64_t h = hash(next);
  for (std::size_t i = 0; i < line_.size(); ++i) {
    if (hashes_[i] != h) continue;
    const auto& q = line_[i];  // confirm: a hash collision never forbids a move
    if (q.black != next.black || q.white != next.white) continue;
    if (go_.superko() == Superko::Positional || q.black_to_move == next.black_to_move) return true;
  }
  return false;
}

std::string GoGame::illegal_reason(Go::Move m) const {
  const auto& p = position();
  if (over()) return "game over";
  if (m == Go::kPass) return "";
  if (m >= go_.points()) return "off the board";
  if (((p.black | p.white) >> m) & 1) return "occupied";
  Go::Position next;
  if (!go_.try_play(p, m, next)) return "suicide";
  if (repeats(next)) return "superko";
  return "";
}

bool GoGame::legal(Go::Move m) const { return illegal_reason(m).empty(); }

void GoGame::play_unchecked(Go::Move m) {
  const Go::Position q = go_.play(position(), m);
  line_.push_back(q);
  hashes_.push_back(hash(q));
}

void GoGame::play(Go::Move m) {
  const std::string why = illegal_reason(m);
  if (!why.empty()) {
    if (why == "game over") throw ParseError("move " + go_.point_name(m) + " after two passes: the game is over");
    throw ParseError("illegal move " + go_.point_name(m) + " (" + why + ")");
  }
  play_unchecked(m);
}

bool GoGame::undo() {
  if (line_.size() <= 1) return false;
  line_.pop_back();
  hashes_.pop_back();
  return true;
}

void GoGame::set_turn(bool black) {
  Go::Position& p = line_.back();
  if (p.black_to_move != black) p.black_to_move = black ? 1 : 0;
  if (p.passes >= 2) p.passes = 0;
}

bool GoGame::alternates() const {
  for (std::size_t i = 1; i < line_.size(); ++i) {
    const Go::Position &a = line_[i - 1], &b = line_[i];
    const bool pass = a.black == b.black && a.white == b.white;
    if (a.black_to_move == b.black_to_move || (pass && b.passes != a.passes + 1)) return false;
  }
  return true;
}

void GoGame::legal_moves(MoveList<Go>& moves) const {
  moves.clear();
  if (over()) return;
  const auto& p = position();
  for (int m = 0; m < go_.points(); ++m) {
    const auto mv = static_cast<Go::Move>(m);
    Go::Position next;
    if (go_.try_play(p, mv, next) && !repeats(next)) moves.push_back(mv);
  }
  moves.push_back(Go::kPass);
}

// ---------------------------------------------------------------- text

namespace {

struct SgfProperty {
  std::string id;
  std::vector<std::string> values;
};

constexpr std::string_view kUtf8Bom = "\xef\xbb\xbf";

// The text without leading white space and a UTF-8 byte-order mark.
std::string_view sgf_start(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  s.remove_prefix(i);
  return s.starts_with(kUtf8Bom) ? s.substr(kUtf8Bom.size()) : s;
}

// The main line of the game tree: a list of nodes, each a list of properties.
// A file holds one game tree (a second is refused, not silently dropped).
std::vector<std::vector<SgfProperty>> parse_sgf_main_line(std::string_view s) {
  const auto bad = [](const std::string& why) { return ParseError("bad SGF: " + why); };
  s = sgf_start(s);
  std::size_t i = 0;
  const auto skip_space = [&] {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  };
  const auto skip_value = [&](const std::string& id) {  // from '[' past its ']'
    for (++i; i < s.size() && s[i] != ']'; ++i)
      if (s[i] == '\\') ++i;
    if (i >= s.size()) throw bad("unterminated value of " + quote_input(id));
    ++i;
  };
  if (s.empty() || s[0] != '(') throw bad("a game tree must start with '('");
  ++i;
  int depth = 1;  // game trees open around the current node
  std::vector<std::vector<SgfProperty>> nodes;
  for (;;) {
    skip_space();
    if (i >= s.size()) throw bad("missing ')'");
    const char c = s[i];
    if (c == ')') break;  // end of the main line
    if (c == '(') {       // variations: follow the first one
      ++i;
      ++depth;
      continue;
    }
    if (c != ';') throw bad("unexpected '" + quote_input(std::string_view(&s[i], 1)) + "'");
    ++i;
    nodes.emplace_back();
    for (;;) {
      skip_space();
      if (i >= s.size() || !std::isupper(static_cast<unsigned char>(s[i]))) break;
      SgfProperty prop;
      while (i < s.size() && std::isupper(static_cast<unsigned char>(s[i]))) prop.id += s[i++];
      skip_space();
      if (i >= s.size() || s[i] != '[') throw bad("property " + quote_input(prop.id) + " has no value");
      while (i < s.size() && s[i] == '[') {
        const std::size_t from = i + 1;
        skip_value(prop.id);
        std::string v;
        for (std::size_t j = from; j + 1 < i; ++j) {
          if (s[j] == '\\') ++j;
          v += s[j];
        }
        prop.values.push_back(std::move(v));
        skip_space();
      }
      nodes.back().push_back(std::move(prop));
    }
  }
  if (nodes.empty()) throw bad("no nodes");
  // The other variations, to the end of the game tree; then nothing but space.
  for (; depth > 0; ++i) {
    if (i >= s.size()) throw bad("missing ')'");
    if (s[i] == '[') {
      skip_value("a variation");
      --i;
    } else if (s[i] == '(') {
      ++depth;
    } else if (s[i] == ')') {
      --depth;
    }
  }
  skip_space();
  if (i < s.size()) {
    if (s[i] == '(')
      throw ParseError("SGF holds more than one game tree (gsolve reads one: keep one game in the file)");
    throw bad("text after the game tree ('" + quote_input(s.substr(i)) + "')");
  }
  return nodes;
}

// The root's game (GM) and rules (RU): Go under area scoring, as gsolve plays it.
void check_sgf_root(const std::vector<SgfProperty>& root) {
  for (const auto& prop : root) {
    if (prop.values.size() != 1) continue;
    const std::string& v = prop.values[0];
    if (prop.id == "GM" && v != "1") throw ParseError("SGF game GM[" + quote_input(v) + "] is not Go (GM[1])");
    if (prop.id == "RU") {
      const std::string rules = lower(v);
      const bool area = rules.empty() || rules == "chinese" || rules == "aga" || rules == "nz" ||
                        rules == "new zealand" || rules.starts_with("tromp") || rules == "tt" || rules == "area";
      if (!area)
        throw ParseError("SGF rules RU[" + quote_input(v) +
                         "] are not gsolve's (area scoring, superko: Chinese, AGA, NZ, Tromp-Taylor); "
                         "remove RU to read the moves under gsolve's rules");
    }
  }
}

Go::Move sgf_point(const Go& go, const std::string& v, bool pass_ok) {
  if (v.empty() || v == "tt") {
    if (pass_ok) return Go::kPass;
    throw ParseError("bad SGF: empty point in a setup property");
  }
  if (v.size() != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z')
    throw ParseError("bad SGF: point '" + quote_input(v) + "'");
  const int x = v[0] - 'a', y = v[1] - 'a';
  if (x >= go.width() || y >= go.height())
    throw ParseError("bad SGF: point '" + quote_input(v) + "' is off the " + std::to_string(go.width()) + "x" +
                     std::to_string(go.height()) + " board");
  return static_cast<Go::Move>(y * go.width() + x);
}

// SZ[n] or SZ[cols:rows].
std::pair<int, int> sgf_size(const std::string& v) {
  const auto colon = v.find(':');
  try {
    const int w = parse_int(std::string_view(v).substr(0, colon), "SGF size");
    const int h = colon == std::string::npos ? w : parse_int(std::string_view(v).substr(colon + 1), "SGF size");
    if (w >= 1 && w <= 52 && h >= 1 && h <= 52) return {w, h};
  } catch (const ParseError&) {
  }
  throw ParseError("bad SGF: size SZ[" + quote_input(v) + "] (expected 1..52, or columns:rows)");
}

double sgf_komi(const std::string& v) { return Go::parse_komi(v, "SGF komi"); }

GoGame parse_sgf(const Go& go, std::string_view text) {
  GoGame game(go);
  const auto nodes = parse_sgf_main_line(text);
  check_sgf_root(nodes.front());
  for (const auto& node : nodes) {
    bool setup = false;
    Go::Position p = game.position();
    for (const auto& prop : node) {
      const auto one = [&]() -> const std::string& {
        if (prop.values.size() != 1) throw ParseError("bad SGF: " + quote_input(prop.id) + " takes one value");
        return prop.values[0];
      };
      if (prop.id == "SZ") {
        const auto [w, h] = sgf_size(one());
        if (w != go.width() || h != go.height())
          throw ParseError("SGF board size " + std::to_string(w) + "x" + std::to_string(h) +
                           " differs from the game's " + std::to_string(go.width()) + "x" +
                           std::to_string(go.height()));
      } else if (prop.id == "KM") {
        const std::string& v = one();
        if (sgf_komi(v) != go.komi())
          throw ParseError("SGF komi " + quote_input(v) + " differs from the game's komi " + go.komi_text());
      } else if (prop.id == "AB" || prop.id == "AW" || prop.id == "AE") {
        setup = true;
        for (const auto& v : prop.values) {
          const std::uint64_t bit = std::uint64_t{1} << sgf_point(go, v, false);
          p.black &= ~bit;
          p.white &= ~bit;
          if (prop.id == "AB") p.black |= bit;
          if (prop.id == "AW") p.white |= bit;
        }
      } else if (prop.id == "PL") {
        setup = true;
        const std::string& v = one();
        if (v != "B" && v != "W") throw ParseError("bad SGF: PL[" + quote_input(v) + "] (expected B or W)");
        p.black_to_move = v == "B";
      }
    }
    if (setup) {
      p.passes = 0;
      game.reset(p);
    }
    for (const auto& prop : node) {
      if (prop.id != "B" && prop.id != "W") continue;
      if (prop.values.size() != 1) throw ParseError("bad SGF: " + prop.id + " takes one value");
      game.set_turn(prop.id == "B");  // SGF lets a colour move twice (a setup's first move, handicap)
      game.play(sgf_point(go, prop.values[0], true));
    }
  }
  return game;
}

}  // namespace

Go sgf_rules(const Go& rules, std::string_view sgf) {
  int w = rules.width(), h = rules.height();
  double komi = rules.komi();
  const auto nodes = parse_sgf_main_line(sgf);
  check_sgf_root(nodes.front());
  for (const auto& node : nodes)
    for (const auto& prop : node) {
      if (prop.values.size() != 1) continue;  // parse_sgf reports it
      if (prop.id == "SZ") std::tie(w, h) = sgf_size(prop.values[0]);
      if (prop.id == "KM") komi = sgf_komi(prop.values[0]);
    }
  return Go(w, h, komi, rules.superko());
}

std::string sgf_game_only(std::string_view sgf) {
  std::vector<std::vector<SgfProperty>> nodes;
  try {
    nodes = parse_sgf_main_line(sgf);
  } catch (const ParseError&) {
    return std::string(sgf);
  }
  static constexpr std::string_view kRead[] = {"GM", "RU", "SZ", "KM", "AB", "AW", "AE", "PL", "B", "W"};
  std::string out = "(";
  for (const auto& node : nodes) {
    out += ';';
    for (const auto& prop : node) {
      if (std::find(std::begin(kRead), std::end(kRead), prop.id) == std::end(kRead)) continue;
      out += prop.id;
      for (const auto& v : prop.values) {
        out += '[';
        for (const char c : v) {
          if (c == ']' || c == '\\') out += '\\';
          out += c;
        }
        out += ']';
      }
    }
  }
  return out + ")";
}

bool looks_like_sgf(std::string_view text) {
  text = sgf_start(text);
  return text.starts_with('(') || text.starts_with(';');
}

GoGame parse_go_game(const Go& go, std::string_view text) {
  if (looks_like_sgf(text)) return parse_sgf(go, text);
  text = sgf_start(text);
  GoGame game(go);
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (std::isspace(static_cast<unsigned char>(text[i])) || text[i] == ',')) ++i;
    std::size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != ',') ++j;
    if (j > i) game.play(go.parse_vertex(text.substr(i, j - i)));
    i = j;
  }
  return game;
}

}  // namespace gsolve
