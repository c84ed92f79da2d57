#include "src/cli/go_line_book.h"

#include "db/writer_lock.h"
#include "games/registry.h"

namespace gsolve::cli {
GoLineBook::GoLineBook(const std::string& path)
    : database_(db::Database::open(path, db::Database::Mode::read)),
      contents_(db::Contents::read(*database_)),
      lines_(Go(1, 1)) {
  const auto [name, options] = split_spec(contents_.game);
  if (name != GoLine::kName) throw ParseError(path + " holds " + contents_.game + ", not a Go game");
  if (!contents_.complete)
    throw ParseError(path + " is not complete (" + db::WriterLock::why_incomplete(path) + "): resume it first");
  lines_ = GoLine::from_options(options);
  reader_ = std::make_unique<db::RecordReader>(*database_, contents_.tiers, contents_.layout);
}

std::optional<Record> GoLineBook::lookup(const GoLine::Position& p) {
  const auto found = reader_->get(lines_.rank(lines_.canonical(p)));
  if (found.status != db::RecordReader::Status::ok) return std::nullopt;
  return found.record;
}

std::optional<Go::Move> GoLineBook::best(const GoGame& game) {
  if (game.go().spec() != contents_.game) return std::nullopt;
  const auto line = lines_.line_of(game);
  // Setup stones, or children without a rank; past the database's depth the lookups find nothing.
  if (!line || line->length >= lines_.tier_count()) return std::nullopt;
  const GoLine::Position p = *line;
  const auto here = lookup(p);
  if (!here) return std::nullopt;
  MoveList<Go> moves;
  game.legal_moves(moves);
  for (const Go::Move m : moves) {
    const auto child = lookup(lines_.play(p, m));
    if (!child) return std::nullopt;
    if (as_parent(*child) == *here) return m;
  }
  return std::nullopt;
}

}  // namespace gsolve::cli
