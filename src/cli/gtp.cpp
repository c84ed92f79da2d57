// gsolve gtp --game go:WxH: a Go Text Protocol (version 2) engine on stdin/stdout.
// genmove plays a best move proven by the history-exact Go solver (so it only
// answers quickly on the smallest boards). Colour out of turn is an illegal move:
// the line of play alternates (a controller passes explicitly).
#include <fmt/format.h>

#include <cctype>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "games/go.h"
#include "src/cli/cli.h"
#include "src/search/go/solver.h"
#include "src/core/version.h"

namespace gsolve::cli {
namespace {

constexpr const char* kCommands[] = {
    "protocol_version",      "name",        "version", "known_command", "list_commands", "quit", "boardsize",
    "rectangular_boardsize", "clear_board", "komi",    "play",          "genmove",       "undo", "showboard",
    "final_score",           "is_legal"};

struct GtpError {
  std::string message;
};

class GtpEngine {
 public:
  explicit GtpEngine(const Go& go) : go_(go), game_(std::make_unique<GoGame>(go)) {}

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
      search::go::GoSolver solver(go_);
      const Go::Move m = solver.best_move(*game_);
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
};

// GTP framing: strip CR and control characters, tabs to spaces, '#' comments; empty lines ignored.
void run_gtp(const std::string& spec) {
  const auto colon = spec.find(':');
  if (spec != "go" && !spec.starts_with("go:")) throw ParseError("gtp plays go only (got --game " + spec + ")");
  GtpEngine engine(Go::from_options(colon == std::string::npos ? "" : std::string_view(spec).substr(colon + 1)));
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
  CLI::App* cmd = app.add_subcommand("gtp", "Go Text Protocol engine on stdin/stdout (--game go:WxH)");
  cmd->add_option("--game", *spec, "Game spec, e.g. go:3x3")->required();
  cmd->callback([spec] { run_gtp(*spec); });
}

}  // namespace gsolve::cli
