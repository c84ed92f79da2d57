// Best moves of Go lines from a database of lines (solve go:WxH --store-depth
// D, games/go_line.h): gtp --db answers genmove from it while the game's line
// of play, from the empty board, has its children stored.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "db/contents.h"
#include "db/database.h"
#include "games/go.h"
#include "games/go_line.h"

namespace gsolve::cli {

class GoLineBook {
 public:
  // Throws ParseError when the file is not a complete Go database.
  explicit GoLineBook(const std::string& path);
  const std::string& spec() const { return contents_.game; }
  // A move of the best stored record for the line's side to move, or nothing
  // when the line is not in the database (setup stones, past its depth).
  std::optional<Go::Move> best(const GoGame& game);

 private:
  std::optional<Record> lookup(const GoLine::Position& p);

  std::unique_ptr<db::Database> database_;
  db::Contents contents_;
  GoLine lines_;
  std::unique_ptr<db::RecordReader> reader_;
};

}  // namespace gsolve::cli
