// gsolve gtp --game go:WxH: a Go Text Protocol (version 2) engine on stdin/stdout.
// genmove plays a best move proven by the history-exact Go solver (so it only
// answers quickly on the smallest boards), or with --time the best move of the
// deepest search finished in time (a controller's clock, time_settings and
// time_left, bounds it too). As the specification says, either colour may move
// at any time (handicap, setups) and play goes on after two passes;
// final_score counts the board as it stands (Tromp-Taylor area: every stone
// on the board is alive), final_status_list says which stones the solver
// proves dead. Every refusal says why.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "games/go.h"
#include "games/input_quote.h"
#include "src/cli/cli.h"
#include "src/cli/go_line_book.h"
#include "src/cli/option_ranges.h"
#include "src/core/version.h"
#include "src/search/go/benson.h"
#include "src/search/go/go_solver.h"
#include "src/search/go/proof_journal.h"

namespace gsolve::cli {
namespace {

constexpr const char* kCommands[] = {"protocol_version",
                                     "name",
                                     "version",
                                     "known_command",
                                     "list_commands",
                                     "quit",
                                     "boardsize",
                                     "rectangular_boardsize",
                                     "clear_board",
                                     "komi",
                                     "play",
                                     "genmove",
                                     "undo",
                                     "showboard",
                                     "final_score",
                                     "is_legal",
                                     "loadsgf",
                                     "printsgf",
                                     "final_status_list",
                                     "time_settings",
                                     "time_left"};

struct GtpOptions {
  double seconds = 0;  // genmove's time limit (0: until proven)
  std::string db_path;
  int threads = 1;
  std::size_t hash_mb = 256;
  std::string journal;  // go proof journal (--journal FILE)
};

struct GtpError {
  std::string message;
};

// A controller's clock (time_settings, time_left), in whole seconds as GTP sends them.
struct GtpClock {
  int main_time = 0, byo_yomi_time = 0, byo_yomi_stones = 0;
  struct Left {
    int seconds = 0, stones = 0;  // stones 0: in main time
  };
  // No limit: byo-yomi time without stones (the GTP specification's convention).
  bool unlimited() const { return byo_yomi_time > 0 && byo_yomi_stones == 0; }
  // Seconds for the next move: a byo-yomi period's share for each of its
  // stones, or in main time a share of what is left for the moves a game on
  // `empty` empty points still has (at least half of them, plus ten), with a
  // byo-yomi period's first move added when one follows; a tenth of a second
  // at least, and a tenth of the share kept for the reply's way back.
  double seconds_for_move(const Left& left, int empty) const {
    double share = left.stones > 0 ? double(left.seconds) / left.stones : double(left.seconds) / (empty / 2 + 10);
    if (left.stones == 0 && byo_yomi_stones > 0) share += double(byo_yomi_time) / byo_yomi_stones;
    return std::max(0.1, 0.9 * share);
  }
};

// Seconds final_status_list gives the solver's line when gtp has no --time.
constexpr double kStatusSeconds = 10;

class GtpEngine {
 public:
  GtpEngine(const Go& go, const GtpOptions& o, std::unique_ptr<GoLineBook> book,
            std::unique_ptr<search::go::ProofJournal> journal)
      : go_(go),
        game_(std::make_unique<GoGame>(go)),
        options_(o),
        book_(std::move(book)),
        journal_(std::move(journal)),
        journal_go_(go.spec()) {}

  // Runs one command; returns false after quit.
  bool run(const std::string& command, const std::vector<std::string>& args, std::string& reply) {
    if (command == "protocol_version")
      reply = "2";
    else if (command == "name")
      reply = "gsolve";
    else if (command == "version")
      reply = kVersion;
    else if (command == "known_command") {
      need(args, 1, command);
      reply = "false";
      for (const char* c : kCommands)
        if (args[0] == c) reply = "true";
    } else if (command == "list_commands") {
      for (const char* c : kCommands) reply += std::string(reply.empty() ? "" : "\n") + c;
    } else if (command == "quit") {
      return false;
    } else if (command == "boardsize") {
      need(args, 1, command);
      const int n = number(args[0]);
      resize(n, n);
    } else if (command == "rectangular_boardsize") {
      need(args, 2, command);
      resize(number(args[0]), number(args[1]));
    } else if (command == "clear_board") {
      game_ = std::make_unique<GoGame>(go_);
    } else if (command == "komi") {
      need(args, 1, command);
      try {
        go_ = Go(go_.width(), go_.height(), Go::parse_komi(args[0], "komi"), go_.superko());
      } catch (const ParseError& e) {
        throw GtpError{std::string("syntax error (") + e.what() + ")"};
      }
      game_ = std::make_unique<GoGame>(game_->with_komi(go_.komi()));
    } else if (command == "play" || command == "is_legal") {
      need(args, 2, command);
      const bool black = colour(args[0]);
      const Go::Move m = vertex(args[1]);
      const std::string why = illegal_reason(black, m);
      if (command == "is_legal")
        reply = why.empty() ? "1" : "0";
      else if (!why.empty())
        throw GtpError{"illegal move (" + why + ")"};
      else
        play(black, m);
    } else if (command == "genmove") {
      need(args, 1, command);
      const bool black = colour(args[0]);
      game_->set_turn(black);  // either colour may move, the game over or not
      const Go::Move m = choose_move();
      play(black, m);
      reply = upper(go_.point_name(m));
    } else if (command == "time_settings") {
      need(args, 3, command);
      clock_ = GtpClock{non_negative(args[0]), non_negative(args[1]), non_negative(args[2])};
      left_[0] = left_[1] = GtpClock::Left{clock_->main_time, 0};
    } else if (command == "time_left") {
      need(args, 3, command);
      left_[colour(args[0]) ? 0 : 1] = GtpClock::Left{non_negative(args[1]), non_negative(args[2])};
    } else if (command == "final_status_list") {
      need(args, 1, command);
      reply = final_status_list(lower(args[0]));
    } else if (command == "undo") {
      if (!game_->undo()) throw GtpError{"cannot undo (no move to take back)"};
    } else if (command == "showboard") {
      reply = showboard();
    } else if (command == "final_score") {
      const auto& p = game_->position();
      reply = go_.result_text(go_.score(go_.black_area_margin(p), true));
    } else if (command == "loadsgf") {
      need(args, 1, command);
      load_sgf(args[0], args.size() > 1 ? number(args[1]) : 0);
      reply = game_->position().black_to_move ? "black" : "white";
    } else if (command == "printsgf") {
      const std::string sgf = write_sgf();
      if (args.empty()) {
        reply = sgf;
      } else {
        std::ofstream out(args[0]);
        if (!(out << sgf << "\n")) throw GtpError{"cannot write file '" + quote_input(args[0]) + "'"};
      }
    } else {
      throw GtpError{"unknown command"};  // the specification's words: controllers test for them
    }
    return true;
  }

 private:
  static void need(const std::vector<std::string>& args, std::size_t n, const std::string& command) {
    if (args.size() < n)
      throw GtpError{fmt::format("syntax error ({} takes {} argument{})", command, n, n == 1 ? "" : "s")};
  }
  static int number(const std::string& s) {
    try {
      std::size_t used = 0;
      const int n = std::stoi(s, &used);
      if (used == s.size()) return n;
    } catch (const std::exception&) {
    }
    throw GtpError{"syntax error (expected an integer, got '" + quote_input(s) + "')"};
  }
  static int non_negative(const std::string& s) {
    const int n = number(s);
    if (n < 0) throw GtpError{"syntax error (expected seconds or stones >= 0, got '" + quote_input(s) + "')"};
    return n;
  }
  static bool colour(std::string s) {
    const std::string l = lower(s);
    if (l == "b" || l == "black") return true;
    if (l == "w" || l == "white") return false;
    throw GtpError{"invalid color ('" + quote_input(s) + "': expected b, w, black or white)"};
  }
  Go::Move vertex(const std::string& s) const {
    try {
      return go_.parse_vertex(s);
    } catch (const ParseError& e) {
      throw GtpError{std::string("invalid coordinate (") + e.what() + ")"};
    }
  }
  // Why the colour may not play m now ("" when it may): either colour may
  // move at any time, and after two passes play goes on.
  std::string illegal_reason(bool black, Go::Move m) const {
    GoGame game = *game_;
    game.set_turn(black);
    return game.illegal_reason(m);
  }
  void play(bool black, Go::Move m) {
    game_->set_turn(black);
    game_->play_unchecked(m);
  }
  // genmove's move for the side to move: the database's, else the solver's,
  // within --time and the controller's clock where they are given.
  Go::Move choose_move() {
    if (const auto stored = book_ ? book_->best(*game_) : std::nullopt) return *stored;  // instant
    double seconds = options_.seconds;
    if (clock_ && !clock_->unlimited()) {
      const auto& p = game_->position();
      const int empty = go_.points() - std::popcount(p.black | p.white);
      const double share = clock_->seconds_for_move(left_[p.black_to_move ? 0 : 1], empty);
      seconds = seconds > 0 ? std::min(seconds, share) : share;
    }
    if (seconds <= 0) return solver().best_move(*game_);
    const auto c = solver().choose_move(*game_, seconds);
    if (c.score_only)
      std::cerr << fmt::format("genmove: {} keeps the proven score, {:+}; its length is not proven within {} s\n",
                               go_.point_name(c.move), c.lower, seconds);
    else if (!c.proven)
      std::cerr << fmt::format("genmove: no proof within {} s; {} is the best move of depth {} (score {})\n", seconds,
                               go_.point_name(c.move), c.depth,
                               c.depth ? fmt::format("in [{}, {}]", c.lower, c.upper) : "unknown");
    return c.move;
  }

  // Stones by status: dead inside the other colour's unconditional territory
  // and alive in unconditionally alive blocks (Benson, benson.h); the others
  // as the solver's best line from here (the game played on past its passes)
  // leaves them: captured on it is dead, a survivor sharing a liberty with
  // the other colour at its end is seki, else alive. Without a proof in time
  // (--time, else kStatusSeconds) those others count as alive.
  std::string final_status_list(const std::string& status) {
    if (status != "alive" && status != "dead" && status != "seki")
      throw GtpError{"syntax error (expected alive, dead or seki, got '" + quote_input(status) + "')"};
    const Go::Position p = game_->position();
    const auto black = search::go::unconditional(go_, p.black, p.white);
    const auto white = search::go::unconditional(go_, p.white, p.black);
    std::uint64_t dead = (p.white & black.territory) | (p.black & white.territory), seki = 0;
    const std::uint64_t open = (p.black | p.white) & ~dead & ~(black.alive | white.alive);
    if (open) {
      GoGame line = *game_;
      line.set_turn(p.black_to_move);
      std::uint64_t kept_black = p.black, kept_white = p.white;  // never captured along the line
      const double seconds = options_.seconds > 0 ? options_.seconds : kStatusSeconds;
      solver().set_deadline(
          std::chrono::steady_clock::now() +
          std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds)));
      try {
        for (int i = 0; i < 4 * go_.points() && !line.over(); ++i) {
          line.play_unchecked(solver().best_move(line));
          kept_black &= line.position().black;
          kept_white &= line.position().white;
        }
        const Go::Position& end = line.position();
        dead |= open & ((p.black & ~kept_black) | (p.white & ~kept_white));
        const std::uint64_t empty = go_.board_mask() & ~(end.black | end.white);
        const std::uint64_t shared = empty & go_.neighbours(end.black) & go_.neighbours(end.white);
        for (std::uint64_t rest = open & ~dead; rest;) {  // each surviving block of the line's end
          const std::uint64_t stone = rest & (~rest + 1);
          const std::uint64_t own = (end.black & stone) ? end.black : end.white;
          std::uint64_t block = stone;
          for (std::uint64_t grown = block; (grown = block | (go_.neighbours(block) & own)) != block;) block = grown;
          if (go_.neighbours(block) & shared) seki |= block & open;
          rest &= ~block;
        }
      } catch (const search::go::GoProver::TimedOut&) {
      }
      solver().set_deadline(std::nullopt);
    }
    const std::uint64_t wanted = status == "dead"   ? dead
                                 : status == "seki" ? seki
                                                    : (p.black | p.white) & ~dead & ~seki;
    std::string out;
    for (std::uint64_t b = wanted; b; b &= b - 1)
      out += (out.empty() ? "" : " ") + upper(go_.point_name(static_cast<Go::Move>(std::countr_zero(b))));
    return out;
  }
  static std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  }
  static std::string upper(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
  }
  void resize(int w, int h) {
    if (w < 1 || w > 7 || h < 1 || h > 7)
      throw GtpError{fmt::format("unacceptable size ({}x{}: gsolve plays boards of 1 to 7 points a side)", w, h)};
    go_ = Go(w, h, go_.komi(), go_.superko());
    game_ = std::make_unique<GoGame>(go_);
  }
  // The board size and komi come from the file (SZ, KM, else the current ones); move_number > 0 stops
  // before that move is played, as GNU Go does.
  void load_sgf(const std::string& path, int move_number) {
    std::ifstream in(path);
    std::stringstream text;
    if (!in || !(text << in.rdbuf())) throw GtpError{"cannot open file '" + quote_input(path) + "'"};
    const std::string sgf = text.str();
    try {
      const Go go = sgf_rules(go_, sgf);
      auto game = std::make_unique<GoGame>(parse_go_game(go, sgf));
      if (move_number > 0)
        while (static_cast<int>(game->length()) > move_number && game->undo()) {
        }
      go_ = go;
      game_ = std::move(game);
    } catch (const ParseError& e) {
      throw GtpError{std::string("cannot load file (") + e.what() + ")"};
    }
  }

  // The game as SGF: setup stones when it did not start from the empty board,
  // then each move with the proven value of the position after it (V: Black's
  // score; C: in words), on boards of up to 12 points where the solver is quick.
  std::string write_sgf() {
    const auto& line = game_->line();
    const auto point = [&](int m) {
      return std::string{static_cast<char>('a' + m % go_.width()), static_cast<char>('a' + m / go_.width())};
    };
    std::string s = "(;GM[1]FF[4]CA[UTF-8]AP[gsolve:" + std::string(kVersion) + "]RU[Chinese]";
    s += go_.width() == go_.height() ? fmt::format("SZ[{}]", go_.width())
                                     : fmt::format("SZ[{}:{}]", go_.width(), go_.height());
    s += fmt::format("KM[{}]", go_.komi_text());
    const Go::Position& first = line.front();
    if (first.black | first.white) {
      for (const auto& [set, id] : {std::pair{first.black, "AB"}, std::pair{first.white, "AW"}}) {
        if (!set) continue;
        s += id;
        for (std::uint64_t b = set; b; b &= b - 1) s += "[" + point(__builtin_ctzll(b)) + "]";
      }
    }
    if (!first.black_to_move) s += "PL[W]";
    const bool values = go_.points() <= 12;
    GoGame replay(go_);
    replay.reset(first);
    for (std::size_t i = 1; i < line.size(); ++i) {
      const Go::Position& before = line[i - 1];
      const Go::Move move = Go::move_between(before, line[i]);
      replay.set_turn(before.black_to_move);  // a colour that moved out of turn
      replay.play_unchecked(move);
      s += fmt::format(";{}[{}]", before.black_to_move ? "B" : "W", move == Go::kPass ? "" : point(move));
      if (values) {
        const int to_move = solver().solve(replay);
        const int black = line[i].black_to_move ? to_move : -to_move;
        s += fmt::format("V[{}]C[proven: {}]", black, go_.result_text(black));
      }
    }
    return s + ")";
  }

  // One solver (one table) for the whole game, and the next under the same rules.
  search::go::GoSolver& solver() {
    if (!solver_ || solver_go_ != go_.spec()) {
      solver_ = std::make_unique<search::go::GoSolver>(go_, options_.hash_mb << 20, options_.threads);
      solver_go_ = go_.spec();
      if (journal_ && journal_go_ == solver_go_) solver_->set_journal(journal_.get());
    }
    return *solver_;
  }

  std::string showboard() const {
    const auto& p = game_->position();
    std::string s = "\n  ";
    for (int x = 0; x < go_.width(); ++x) s += std::string(1, static_cast<char>('A' + x + (x >= 8))) + " ";
    for (int y = 0; y < go_.height(); ++y) {
      s += fmt::format("\n{} ", go_.height() - y);
      for (int x = 0; x < go_.width(); ++x) {
        const int i = y * go_.width() + x;
        s += (p.black >> i & 1) ? "X " : (p.white >> i & 1) ? "O " : ". ";
      }
    }
    s += fmt::format("\n{} to move", p.black_to_move ? "Black" : "White");
    return s;
  }

  Go go_;
  std::unique_ptr<GoGame> game_;
  GtpOptions options_;
  std::unique_ptr<search::go::GoSolver> solver_;
  std::string solver_go_;                              // the rules solver_ was made for
  std::unique_ptr<GoLineBook> book_;                   // --db: stored lines answer genmove first
  std::unique_ptr<search::go::ProofJournal> journal_;  // --journal: for the --game's rules only
  std::string journal_go_;                             // the rules journal_ is for (boardsize and komi change go_)
  std::optional<GtpClock> clock_;                      // time_settings
  GtpClock::Left left_[2];                             // time_left of Black, White
};

// GTP framing: strip CR and control characters, tabs to spaces, '#' comments; empty lines ignored.
void run_gtp(const std::string& spec, const GtpOptions& o) {
  const std::string& db_path = o.db_path;
  const auto colon = spec.find(':');
  if (spec != "go" && !spec.starts_with("go:")) throw ParseError("gtp plays go only (got --game " + spec + ")");
  const Go go = Go::from_options(colon == std::string::npos ? "" : std::string_view(spec).substr(colon + 1));
  auto book = db_path.empty() ? nullptr : std::make_unique<GoLineBook>(db_path);
  if (book && book->spec() != go.spec()) throw ParseError(db_path + " holds " + book->spec() + ", not " + go.spec());
  auto journal = o.journal.empty() ? nullptr : std::make_unique<search::go::ProofJournal>(o.journal, go);
  GtpEngine engine(go, o, std::move(book), std::move(journal));
  for (std::string raw; std::getline(std::cin, raw);) {
    std::string line;
    for (char c : raw) {
      if (c == '#') break;
      if (c == '\t') c = ' ';
      if (static_cast<unsigned char>(c) < 32 || c == 127) continue;
      line += c;
    }
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty()) continue;
    std::string id;
    if (std::isdigit(static_cast<unsigned char>(words[0][0]))) {
      id = words[0];
      words.erase(words.begin());
      if (words.empty()) continue;
    }
    const std::string command = words[0];
    words.erase(words.begin());
    std::string reply;
    bool more = true;
    try {
      more = engine.run(command, words, reply);
      std::cout << "=" << id << (reply.empty() ? "" : " " + reply) << "\n\n";
    } catch (const GtpError& e) {
      std::cout << "?" << id << " " << e.message << "\n\n";
    }
    std::cout.flush();
    if (!more) return;
  }
}

}  // namespace

void add_gtp(CLI::App& app) {
  auto spec = std::make_shared<std::string>();
  auto o = std::make_shared<GtpOptions>();
  CLI::App* cmd = app.add_subcommand(
      "gtp",
      "Go Text Protocol engine on stdin/stdout (--game go:WxH[,komi=K], K whole or half). final_score counts the "
      "board as it stands (Tromp-Taylor area: every stone on it is alive, so play on until dead stones are "
      "captured); final_status_list names the stones the solver proves dead or in seki; time_settings and "
      "time_left bound genmove");
  cmd->add_option("--game", *spec, "Game spec, e.g. go:3x3")->required();
  add_seconds_option(cmd, "--time", o->seconds,
                     "Seconds per genmove: without a proof by then, play the best move of the deepest finished "
                     "search (said on stderr); default: search until proven");
  cmd->add_option("--db", o->db_path,
                  "A Go database of lines (solve go:WxH --store-depth D): genmove plays its stored best move while "
                  "the game, from the empty board under the same rules, is within its depth; the search after");
  cmd->add_option("--journal", o->journal,
                  "A Go proof journal (query --journal, tools/go5x5_proof.sh) for the --game's rules: its tests "
                  "answer genmove's, which records the tests it closes there");
  add_threads_option(cmd, o->threads, "1");
  add_integer_option<std::size_t>(cmd, "--hash", o->hash_mb, 1, kMaxHashMb,
                                  "Search tables in MB: a quarter for the timed search, the rest one table for all the "
                                  "threads' provers (default 256)");
  cmd->callback([spec, o] {
    GtpOptions options = *o;
    options.threads = thread_count(options.threads);
    run_gtp(*spec, options);
  });
}

}  // namespace gsolve::cli
