#include "src/search/go/proof_journal.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "games/input_quote.h"
#include "src/core/fnv1a.h"

namespace gsolve::search::go {

namespace {

std::string system_error(const std::string& path, const char* what) {
  return fmt::format("journal {}: {}: {}", path, what, std::strerror(errno));
}

template <class T>
bool parse_number(std::string_view text, T& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

ProofJournal::ProofJournal(const std::string& path, const Go& go)
    : symmetry_(go), path_(path), header_("gsolve go proof journal 1 " + go.spec()) {
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error(system_error(path, "cannot open"));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const bool busy = errno == EWOULDBLOCK;
    const std::string error = busy ? fmt::format("journal {}: another gsolve is writing it (the file is locked)", path)
                                   : system_error(path, "cannot lock");
    ::close(fd_);
    throw std::runtime_error(error);
  }
  try {
    load();
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

ProofJournal::~ProofJournal() { ::close(fd_); }

void ProofJournal::load() {
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0) throw std::runtime_error(system_error(path_, "cannot read"));
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  // Up to the last complete line; what follows it is a record torn by a
  // kill (or the header of a journal killed while it was made).
  const std::size_t complete = text.rfind('\n') + 1;  // npos + 1 == 0: no complete line
  if (complete == 0) {
    if (!std::string_view(header_).starts_with(text))
      throw std::runtime_error(fmt::format("journal {}: not a journal (it has no complete line)", path_));
    if (::ftruncate(fd_, 0) != 0) throw std::runtime_error(system_error(path_, "cannot truncate"));
    const std::string line = header_ + "\n";
    if (::pwrite(fd_, line.data(), line.size(), 0) != static_cast<ssize_t>(line.size()) || ::fdatasync(fd_) != 0)
      throw std::runtime_error(system_error(path_, "cannot write"));
    return;
  }
  std::size_t at = 0;
  for (int number = 1; at < complete; ++number) {
    const std::size_t end = text.find('\n', at);
    std::string_view line(text.data() + at, end - at);
    at = end + 1;
    if (line.ends_with('\r')) line.remove_suffix(1);  // a journal that went through a CRLF editor
    if (number == 1) {
      if (line != header_)
        throw std::runtime_error(fmt::format("journal {}: not a journal of {} (its first line is \"{}\")", path_,
                                             header_.substr(header_.rfind(' ') + 1), quote_input(line)));
      continue;
    }
    const auto damaged = [&](const char* why) {
      return std::runtime_error(fmt::format("journal {}: line {} is damaged ({})", path_, number, why));
    };
    const std::size_t last = line.rfind(' ');
    std::uint64_t check = 0;
    if (last == std::string_view::npos ||
        std::from_chars(line.data() + last + 1, line.data() + line.size(), check, 16).ec != std::errc{} ||
        line.size() - last - 1 != 16)
      throw damaged("no check");
    if (fnv1a64(line.substr(0, last)) != check) throw damaged("its check does not match");
    // <line> <S|V> <t> <0|1> <expansions>
    std::string_view fields[5];
    std::string_view rest = line.substr(0, last);
    for (int f = 0; f < 5; ++f) {
      const std::size_t space = rest.find(' ');
      if ((f < 4) == (space == std::string_view::npos)) throw damaged("wrong number of fields");
      fields[f] = rest.substr(0, space);
      rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    int t = 0;
    std::uint64_t expansions = 0;
    if ((fields[1] != "S" && fields[1] != "V") || !parse_number(fields[2], t) ||
        (fields[3] != "0" && fields[3] != "1") || !parse_number(fields[4], expansions))
      throw damaged("a field is malformed");
    if (!add(std::string(fields[0]) + ' ' + std::string(fields[1]), t, fields[3] == "1"))
      throw damaged("it contradicts an earlier record");
    ++records_;
  }
  if (complete < text.size() && ::ftruncate(fd_, static_cast<off_t>(complete)) != 0)
    throw std::runtime_error(system_error(path_, "cannot truncate"));
}

std::string ProofJournal::key(const GoGame& game, GoProver::Goal goal, int s) const {
  std::string k;
  for (const Go::Position& p : game.line()) {
    if (!k.empty()) k += '/';
    k += fmt::format("{:x}.{:x}.{}{}", symmetry_.apply(s, p.black), symmetry_.apply(s, p.white), int{p.black_to_move},
                     int{p.passes});
  }
  k += goal == GoProver::Goal::Score ? " S" : " V";
  return k;
}

bool ProofJournal::add(const std::string& key, int t, bool holds) {
  Known& known = known_[key];
  if (holds) {
    if (t >= known.fails_from) return false;
    known.holds_up_to = std::max(known.holds_up_to, t);
  } else {
    if (t <= known.holds_up_to) return false;
    known.fails_from = std::min(known.fails_from, t);
  }
  return true;
}

std::optional<bool> ProofJournal::find(const GoGame& game, GoProver::Goal goal, int t) const {
  const std::lock_guard<std::mutex> hold(lock_);
  for (int s = 0; s < symmetry_.count(); ++s) {
    const auto it = known_.find(key(game, goal, s));
    if (it == known_.end()) continue;
    if (t <= it->second.holds_up_to) return true;
    if (t >= it->second.fails_from) return false;
  }
  return std::nullopt;
}

std::optional<std::pair<int, int>> ProofJournal::recorded_bounds(const GoGame& game) const {
  std::optional<std::pair<int, int>> out;
  for (int s = 0; s < symmetry_.count(); ++s) {
    const auto it = known_.find(key(game, GoProver::Goal::Score, s));
    if (it == known_.end()) continue;
    if (!out) out = {INT_MIN, INT_MAX};
    out->first = std::max(out->first, it->second.holds_up_to);
    if (it->second.fails_from != INT_MAX) out->second = std::min(out->second, it->second.fails_from - 1);
  }
  return out;
}

std::optional<std::pair<int, int>> ProofJournal::score_bounds(const GoGame& game) const {
  const std::lock_guard<std::mutex> hold(lock_);
  std::optional<std::pair<int, int>> out = recorded_bounds(game);
  MoveList<Go> moves;
  game.legal_moves(moves);
  // The mover scores what its best move scores: any move's recorded upper
  // bound is a lower bound here, and every move's lower bound an upper one.
  int lower = INT_MIN;
  int upper = INT_MIN;
  bool every = !moves.empty();
  for (const Go::Move m : moves) {
    GoGame child = game;
    child.play_unchecked(m);
    const auto b = recorded_bounds(child);
    if (b && b->second != INT_MAX) lower = std::max(lower, -b->second);
    if (b && b->first != INT_MIN)
      upper = std::max(upper, -b->first);
    else
      every = false;
  }
  if (lower == INT_MIN && !every) return out;
  if (!out) out = {INT_MIN, INT_MAX};
  out->first = std::max(out->first, lower);
  if (every) out->second = std::min(out->second, upper);
  return out;
}

void ProofJournal::record(const GoGame& game, GoProver::Goal goal, int t, bool holds, std::uint64_t expansions) {
  const std::string k = key(game, goal);
  const std::string body = fmt::format("{} {} {} {}", k, t, holds ? 1 : 0, expansions);
  const std::string line = fmt::format("{} {:016x}\n", body, fnv1a64(body));
  const std::lock_guard<std::mutex> hold(lock_);
  if (!add(k, t, holds))
    throw std::logic_error(fmt::format("journal {}: a test's answer contradicts its record ({})", path_, body));
  if (::lseek(fd_, 0, SEEK_END) < 0 || ::write(fd_, line.data(), line.size()) != static_cast<ssize_t>(line.size()) ||
      ::fdatasync(fd_) != 0)
    throw std::runtime_error(system_error(path_, "cannot write"));
  ++records_;
}

std::size_t ProofJournal::size() const {
  const std::lock_guard<std::mutex> hold(lock_);
  return records_;
}

}  // namespace gsolve::search::go
