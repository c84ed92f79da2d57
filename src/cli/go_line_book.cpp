#include "src/cli/go_line_book.h"

#include <bit>

#include "games/registry.h"

namespace gsolve::cli {
namespace {

// The move that turned position a into b (consecutive positions of one line).
Go::Move move_between(const Go::Position& a, const Go::Position& b) {
  if (a.black == b.black && a.white == b.white) return Go::kPass;
  const std::uint64_t placed = a.black_to_move ? b.black & ~a.black : b.white & ~a.white;
  return static_cast<Go::Move>(std::countr_zero(placed));
}

}  // namespace

GoLineBook::GoLineBook(const std::string& path)
    : database_(db::Database::open(path, db::Database::Mode::read)),
      contents_(db::Contents::read(*database_)),
      lines_(Go(1, 1)) {
  const auto [name, options] = split_spec(contents_.game);
  if (name != GoLine::kName) throw ParseError(path + " holds " + contents_.game + ", not a Go game");
  if (!contents_.complete) throw ParseError(path + " is not complete (solve interrupted): resume it first");
  lines_ = GoLine::from_options(options);
  if (contents_.coverage.rfind("depth:", 0) == 0) depth_ = std::stoi(contents_.coverage.substr(6));
  reader_ = std::make_unique<db::RecordReader>(*database_, contents_.tiers, contents_.layout);
}

std::optional<Record> GoLineBook::lookup(const GoLine::Position& p) {
  const auto found = reader_->get(lines_.rank(lines_.canonical(p)));
  if (found.status != db::RecordReader::Status::ok) return std::nullopt;
  return found.record;
}

std::optional<Go::Move> GoLineBook::best(const GoGame& game) {
  const auto& line = game.line();
  if (game.go().spec() != contents_.game || !(line.front() == Go::Position{})) return std::nullopt;
  if (static_cast<int>(line.size()) > depth_) return std::nullopt;  // its children would be past the depth
  GoLine::Position p;
  for (std::size_t i = 1; i < line.size(); ++i) p = lines_.play(p, move_between(line[i - 1], line[i]));
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
