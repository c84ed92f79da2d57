// A database or a game the server answers for: its name, its spec, and
// functions (made once per game type, so the handlers make no game dispatch)
// that draw a position's board and read a position's report from the database.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace gsolve::serve {

struct ServedGame {
  std::string name;      // the database's file name without .gsdb, or the game spec
  std::string spec;      // the game spec
  std::string db_path;   // "" for a game searched live
  bool partial = false;  // a database of the first plies only: deeper positions are searched live
  std::string info;      // the database's summary, as `info --json` prints it
  std::string start;     // the start position's text
  // The board of a position in text form (board_view.h); throws ParseError on bad text.
  std::function<nlohmann::json(const std::string&)> board;
  // The report of a position, as `query --json` prints it, from the database; nullopt
  // where a record is not stored (a partial database: searched live). Throws ParseError.
  std::function<std::optional<nlohmann::json>(const std::string&)> stored;
  // The report of a position no search finished: every record unknown. Throws ParseError.
  std::function<nlohmann::json(const std::string&)> unsolved;
  // Whether a search of this game stops at a --time limit with what it proved (query's --time).
  bool timed_search = false;
  std::shared_ptr<void> keep;  // the database and its readers
};

// Opens a database read-only; `cache_mb`: decoded frames kept per reader (one reader per server thread at most).
ServedGame serve_database(const std::string& path, std::size_t cache_mb, const std::string& program);
// A game without a database (every position searched live); throws ParseError for a bad spec.
ServedGame serve_game(const std::string& spec);

}  // namespace gsolve::serve
