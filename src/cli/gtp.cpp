// gsolve gtp --game go:WxH: a Go Text Protocol (version 2) engine on stdin/stdout.
// genmove plays a best move proven by the history-exact Go solver (so it only
// answers quickly on the smallest boards), or with --time the best move of the
// deepest search finished in time. Colour out of turn is an illegal move:
// the line of play alternates (a controller passes explicitly).
#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "games/go.h"
#include "src/cli/cli.h"
#include "src/cli/go_line_book.h"
#include "src/cli/option_ranges.h"
#include "src/search/go/solver.h"
#include "src/core/version.h"

namespace gsolve::cli {
namespace {

constexpr const char* kCommands[] = {
    "protocol_version",      "name",        "version", "known_command", "list_commands", "quit", "boardsize",
    "rectangular_boardsize", "clear_board", "komi",    "play",          "genmove",       "undo", "showboard",
    "final_score",           "is_legal",    "loadsgf", "printsgf"};

struct GtpOptions {
  double seconds = 0;  // genmove's time limit (0: until proven)
  std::string db_path;
  int threads = 1;
  std::size_t hash_mb = 256;
};

struct GtpError {
  std::string message;
};

class GtpEngine {
 public:
  GtpEngine(const Go& go, const GtpOptions& o, std::unique_ptr<GoLineBook> book)
      : go_(go), game_(std::make_unique<GoGame>(go)), options_(o), book_(std::move(book)) {}

  // Runs one command; returns false after quit.
  bool run(const std::string& command, const std::vector<std::string>& args, std::string& reply) {
    if (command == "protocol_version")
      reply = "2";
    else if (command == "name")
      reply = "gsolve";
    else if (command == "version")
      reply = kVersion;
    else if (command == "known_command") {
      need(args, 1);
      reply = "false";
      for (const char* c : kCommands)
        if (args[0] == c) reply = "true";
    } else if (command == "list_commands") {
      for (const char* c : kCommands) reply += std::string(reply.empty() ? "" : "\n") + c;
    } else if (command == "quit") {
      return false;
    } else if (command == "boardsize") {
      need(args, 1);
      const int n = number(args[0]);
      resize(n, n);
    } else if (command == "rectangular_boardsize") {
      need(args, 2);
      resize(number(args[0]), number(args[1]));
    } else if (command == "clear_board") {
      game_ = std::make_unique<GoGame>(go_);
    } else if (command == "komi") {
      need(args, 1);
      double k = 0;
      std::istringstream in(args[0]);
      if (!(in >> k) || k != static_cast<int>(k)) throw GtpError{"syntax error (komi must be an integer)"};
      go_ = Go(go_.width(), go_.height(), static_cast<int>(k), go_.superko());
      replay();
    } else if (command == "play" || command == "is_legal") {
      need(args, 2);
      const bool black = colour(args[0]);
      Go::Move m = 0;
      try {
        m = go_.parse_vertex(args[1]);
      } catch (const ParseError&) {
        throw GtpError{"invalid color or coordinate"};
      }
      const bool legal = black == (game_->position().black_to_move == 1) && game_->legal(m);
      if (command == "is_legal")
        reply = legal ? "1" : "0";
      else if (!legal)
        throw GtpError{"illegal move"};
      else
        game_->play_unchecked(m);
    } else if (command == "genmove") {
      need(args, 1);
      const bool black = colour(args[0]);
      if (black != (game_->position().black_to_move == 1)) throw GtpError{"illegal move (not that colour's turn)"};
      if (game_->over()) throw GtpError{"game is over"};
      Go::Move m = Go::kPass;
      if (const auto stored = book_ ? book_->best(*game_) : std::nullopt) {
        m = *stored;  // from the database: instant
      } else if (options_.seconds > 0) {
        const auto c = solver().choose_move(*game_, options_.seconds);
        m = c.move;
        if (!c.proven)
          std::cerr << fmt::format("genmove: no proof within {} s; {} is the best move of depth {} (score {})\n",
                                   options_.seconds, go_.point_name(m), c.depth,
                                   c.depth ? fmt::format("in [{}, {}]", c.lower, c.upper) : "unknown");
      } else {
        m = solver().best_move(*game_);
      }
      game_->play_unchecked(m);
      reply = upper(go_.point_name(m));
    } else if (command == "undo") {
      if (!game_->undo()) throw GtpError{"cannot undo"};
    } else if (command == "showboard") {
      reply = showboard();
    } else if (command == "final_score") {
      const auto& p = game_->position();
      const int black = go_.black_area_margin(p) - go_.komi();
      reply = black > 0 ? fmt::format("B+{}", black) : black < 0 ? fmt::format("W+{}", -black) : "0";
    } else if (command == "loadsgf") {
      need(args, 1);
      load_sgf(args[0], args.size() > 1 ? number(args[1]) : 0);
      reply = game_->position().black_to_move ? "black" : "white";
    } else if (command == "printsgf") {
      const std::string sgf = write_sgf();
      if (args.empty()) {
        reply = sgf;
      } else {
        std::ofstream out(args[0]);
        if (!(out << sgf << "\n")) throw GtpError{"cannot write file"};
      }
    } else {
      throw GtpError{"unknown command"};
    }
    return true;
  }

 private:
  static void need(const std::vector<std::string>& args, std::size_t n) {
    if (args.size() < n) throw GtpError{"syntax error"};
  }
  static int number(const std::string& s) {
    try {
      std::size_t used = 0;
      const int n = std::stoi(s, &used);
      if (used == s.size()) return n;
    } catch (const std::exception&) {
    }
    throw GtpError{"syntax error"};
  }
  static bool colour(std::string s) {
    s = lower(s);
    if (s == "b" || s == "black") return true;
    if (s == "w" || s == "white") return false;
    throw GtpError{"invalid color or coordinate"};
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
    if (w < 1 || w > 7 || h < 1 || h > 7) throw GtpError{"unacceptable size"};
    go_ = Go(w, h, go_.komi(), go_.superko());
    game_ = std::make_unique<GoGame>(go_);
  }
  // Komi changed: the same moves on a game with the new rules object.
  void replay() {
    auto fresh = std::make_unique<GoGame>(go_);
    // Recover the moves by undoing to the start, then replay them.
    std::vector<Go::Position> positions;
    while (true) {
      positions.push_back(game_->position());
      if (!game_->undo()) break;
    }
    fresh->reset(positions.back());
    for (auto it = positions.rbegin() + 1; it != positions.rend(); ++it) {
      MoveList<Go> moves;
      fresh->legal_moves(moves);
      for (const auto m : moves)
        if (go_.play(fresh->position(), m) == *it) {
          fresh->play_unchecked(m);
          break;
        }
    }
    game_ = std::move(fresh);
  }
  // The board size and komi come from the file (SZ, KM, else the current ones); move_number > 0 stops
  // before that move is played, as GNU Go does.
  void load_sgf(const std::string& path, int move_number) {
    std::ifstream in(path);
    std::stringstream text;
    if (!in || !(text << in.rdbuf())) throw GtpError{"cannot open file"};
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
    s += fmt::format("KM[{}]", go_.komi());
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
      replay.play_unchecked(move);
      s += fmt::format(";{}[{}]", before.black_to_move ? "B" : "W", move == Go::kPass ? "" : point(move));
      if (values) {
        const int to_move = solver().solve(replay);
        const int black = line[i].black_to_move ? to_move : -to_move;
        s += fmt::format("V[{}]C[proven: {}]", black,
                         black > 0 ? fmt::format("B+{}", black) : black < 0 ? fmt::format("W+{}", -black) : "0");
      }
    }
    return s + ")";
  }

  // One solver (one table) for the whole game, and the next under the same rules.
  search::go::GoSolver& solver() {
    if (!solver_ || solver_go_ != go_.spec()) {
      solver_ = std::make_unique<search::go::GoSolver>(go_, options_.hash_mb << 20, options_.threads);
      solver_go_ = go_.spec();
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
  std::string solver_go_;  // the rules solver_ was made for
  std::unique_ptr<GoLineBook> book_;  // --db: stored lines answer genmove first
};

// GTP framing: strip CR and control characters, tabs to spaces, '#' comments; empty lines ignored.
void run_gtp(const std::string& spec, const GtpOptions& o) {
  const std::string& db_path = o.db_path;
  const auto colon = spec.find(':');
  if (spec != "go" && !spec.starts_with("go:")) throw ParseError("gtp plays go only (got --game " + spec + ")");
  const Go go = Go::from_options(colon == std::string::npos ? "" : std::string_view(spec).substr(colon + 1));
  auto book = db_path.empty() ? nullptr : std::make_unique<GoLineBook>(db_path);
  if (book && book->spec() != go.spec())
    throw ParseError(db_path + " holds " + book->spec() + ", not " + go.spec());
  GtpEngine engine(go, o, std::move(book));
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
  CLI::App* cmd = app.add_subcommand("gtp", "Go Text Protocol engine on stdin/stdout (--game go:WxH)");
  cmd->add_option("--game", *spec, "Game spec, e.g. go:3x3")->required();
  add_seconds_option(cmd, "--time", o->seconds,
                     "Seconds per genmove: without a proof by then, play the best move of the deepest finished "
                     "search (said on stderr); default: search until proven");
  cmd->add_option("--db", o->db_path,
                  "A Go database of lines (solve go:WxH --store-depth D): genmove plays its stored best move while "
                  "the game, from the empty board under the same rules, is within its depth; the search after");
  add_threads_option(cmd, o->threads, "1");
  add_integer_option<std::size_t>(cmd, "--hash", o->hash_mb, 1, kMaxHashMb,
                                  "Search tables in MB: a quarter for the timed search, the rest one table for all the threads' provers (default 256)");
  cmd->callback([spec, o] {
    GtpOptions options = *o;
    options.threads = thread_count(options.threads);
    run_gtp(*spec, options);
  });
}

}  // namespace gsolve::cli
