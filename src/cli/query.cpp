// gsolve query: value, remoteness (score) and every move's value of positions,
// from a database, or searched live (connect4) below a partial database's
// stored plies or with --game and no database.
#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>
#include <type_traits>

#include "db/contents.h"
#include "db/resolver.h"
#include "db/writer_lock.h"
#include "games/input_quote.h"
#include "games/registry.h"
#include "src/cli/board_text.h"
#include "src/cli/cli.h"
#include "src/cli/option_ranges.h"
#include "src/cli/position_report.h"
#include "src/cli/search_watch.h"
#include "src/search/searcher.h"
#include "src/search/stop.h"

namespace gsolve::cli {
namespace {

struct QueryOptions {
  std::string db_path;
  std::string game;
  std::vector<std::string> positions;
  bool json = false;
  bool weak = false;
  bool progress = false;
  std::string sgf_path;         // go: the position at the end of this SGF file's main line
  std::optional<int> at_least;  // one test "score >= T" (scored games, searched)
  double seconds = 0;           // --time per position (0: none; the option takes > 0)
  int threads = 1;
  std::size_t hash_mb = 256;
  std::string journal;                                                // go: --journal FILE
  std::optional<int> cut_plies;                                       // go: --cut-plies N
  std::size_t cache_mb = db::RecordReader::kDefaultCacheBytes >> 20;  // decoded frames kept
};

// Where one report's records come from: the database (if any), then the
// searcher (if any). A search a stop request (--time, Ctrl-C) cut short
// leaves the records it did not reach unknown and the report incomplete.
template <Game G>
struct RecordSource {
  std::function<Record(const typename G::Position&)> stored;  // Unknown where not stored; none: no database
  search::Searcher<G>* searcher = nullptr;
  bool weak = false;                       // the value (and score) only, no remoteness
  bool searched = false, stopped = false;  // for the report being made

  Record operator()(const typename G::Position& canonical) { return find(canonical, canonical); }

  // The record of the position whose canonical form is `canonical`, searched
  // (where it is searched) in the orientation `form`: any of its images, the same record.
  Record find(const typename G::Position& canonical, const typename G::Position& form) {
    if (stored) {
      const Record r = stored(canonical);
      if (r.known() || !searcher) return r;
    }
    if (!searcher) return {};
    if (!stopped) searched = true;
    // The last records found: symmetric moves share a canonical child, searched once.
    for (const auto& [q, r] : recent)
      if (q == canonical) return r;
    if (stopped) return recorded(form);
    try {
      if constexpr (search::kHasSearcher<G>) {
        if (recent.size() >= 64) recent.clear();
        recent.emplace_back(canonical, search_record(form));
        return recent.back().second;
      }
    } catch (const search::Stopped&) {
      stopped = true;
    }
    return {};
  }

  // A searched scored position's record from its children's (DESIGN.md's
  // rule), which are searched first, as played from p: p itself needs no
  // search, and the children's walks and the line from p (best_line) probe
  // the table in the orientation the children's searches stored. Records
  // found are kept for the report's lookups. Stopped first: p's record stays
  // unknown and root_bounds holds what the finished children prove of its score.
  void search_children_first(const G& g, const typename G::Position& p) {
    static_assert(G::kScored);
    recent.clear();
    root_bounds.reset();
    MoveList<G> moves;
    g.generate_moves(p, moves);
    const auto range = searcher->impl().score_range(p);
    int lower = range.first;  // the best score a finished child gives p
    std::vector<Record> children;
    for (const auto m : moves) {
      const auto child = g.play(p, m);
      const Record r = find(g.canonical(child), child);
      if (!r.known()) {
        if (!stopped) return;
        // The unfinished child's score is at least its proven lower bound; the others' unknown.
        const int upper = children.size() + 1 < moves.size() ? range.second : -searcher->proven_range().first;
        root_bounds = {lower, std::max(lower, upper)};
        return;
      }
      lower = std::max(lower, -static_cast<int>(r.score));
      children.push_back(r);
    }
    Record root = combine_children(children, true);
    if (weak) root.remoteness = 0;
    recent.emplace_back(g.canonical(p), root);
  }

  // Bounds on the score of a position search_children_first left unknown.
  std::optional<std::pair<int, int>> root_bounds;

 private:
  std::vector<std::pair<typename G::Position, Record>> recent;

  Record search_record(const typename G::Position& p) { return weak ? searcher->weak_record(p) : searcher->record(p); }
  // After a stop, the record the searcher's records alone give (a Go proof
  // journal: the proof's own moves), else unknown; no search.
  Record recorded(const typename G::Position& form) {
    if (!searcher->set_recorded_only(true)) return {};
    Record r{};
    try {
      if constexpr (search::kHasSearcher<G>) r = search_record(form);
    } catch (const search::Stopped&) {
    }
    searcher->set_recorded_only(false);
    return r;
  }
};

// Both sides' best moves from p, whose record is `here`, as text: the stored
// children's records while the database holds them (each step a child whose
// record, seen from the mover, is the position's), then the searcher's
// best_line. None for a draw (no end), where no move keeps the record (weak
// records), or where a stop request cut the search short (source.stopped).
template <Game G>
std::optional<std::string> principal_line(const G& g, const typename G::Position& p, Record here,
                                          RecordSource<G>& source) {
  if (!here.known() || here.value == Value::Draw) return std::nullopt;
  std::vector<typename G::Move> line;
  auto q = p;
  MoveList<G> moves;
  while (source.stored && !g.terminal(q).primitive()) {  // the remoteness falls by one a step: it ends
    g.generate_moves(q, moves);
    std::optional<typename G::Move> best;
    bool unstored = false;
    for (const auto m : moves) {
      const Record r = source.stored(g.canonical(g.play(q, m)));
      unstored |= !r.known();
      if (r.known() && as_parent(r) == here) {
        best = m, here = r;
        break;
      }
    }
    if (!best && !unstored) return std::nullopt;
    if (!best) break;  // past the stored plies: the search goes on
    line.push_back(*best);
    q = g.play(q, *best);
  }
  if (!g.terminal(q).primitive()) {
    if (!source.searcher) return std::nullopt;
    if constexpr (search::kHasSearcher<G>) {
      try {
        for (const auto m : source.searcher->best_line(q, here)) line.push_back(m);
      } catch (const search::Stopped&) {
        source.stopped = true;
        return std::nullopt;
      }
    }
  }
  return line_text(g, p, line);
}

// After a stop, in a scored game: the bounds the searcher's records prove
// without a search (a Go proof journal's tests) on each unknown move's score
// and, where its record is unknown, on the position's, which scores what its
// best move scores.
template <Game G>
void add_recorded_bounds(const G& g, const typename G::Position& p, search::Searcher<G>& searcher,
                         PositionReport& report) {
  const auto range = searcher.impl().score_range(p);
  std::pair<int, int> best{range.first, range.first};  // bounds on the best move's score
  MoveList<G> moves;
  g.generate_moves(p, moves);
  for (const auto m : moves) {
    const std::string text = g.format_move(p, m);
    const auto it =
        std::find_if(report.moves.begin(), report.moves.end(), [&](const MoveReport& r) { return r.move == text; });
    if (it == report.moves.end()) return;
    std::pair<int, int> own{range.first, range.second};
    if (it->record.known()) {
      own = {it->record.score, it->record.score};
    } else if (const auto child = searcher.recorded_range(g.play(p, m))) {
      own = {-child->second, -child->first};
      it->score_bounds = own;
    }
    best = {std::max(best.first, own.first), std::max(best.second, own.second)};
  }
  if (report.record.known()) return;
  auto bounds = report.score_bounds.value_or(range);
  if (const auto here = searcher.recorded_range(p))
    bounds = {std::max(bounds.first, here->first), std::min(bounds.second, here->second)};
  bounds = {std::max(bounds.first, best.first), std::min(bounds.second, best.second)};
  if (bounds.first <= bounds.second) report.score_bounds = bounds;
}

// "score >= T" of a searched position: one test.
template <Game G>
void answer_at_least(const G& g, const QueryOptions& o, const std::string& text, search::Searcher<G>& searcher,
                     const SearchWatch& watch) {
  const auto p = g.canonical(g.parse(text));
  const std::uint64_t before = searcher.nodes();
  std::optional<bool> holds;
  try {
    holds = searcher.at_least(p, *o.at_least);
  } catch (const search::Stopped&) {
  }
  const std::uint64_t nodes = searcher.nodes() - before;
  if (o.json) {
    nlohmann::ordered_json j;
    j["position"] = text;
    j["at_least"] = *o.at_least;
    j["holds"] = holds ? nlohmann::ordered_json(*holds) : nlohmann::ordered_json(nullptr);
    j["source"] = "search";
    j["complete"] = holds.has_value();
    j["nodes"] = nodes;
    j["seconds"] = watch.seconds();
    std::cout << j.dump() << "\n";
  } else {
    std::cout << fmt::format("{}: score >= {}: {} (searched{})\n", text.empty() ? "(start)" : text, *o.at_least,
                             !holds   ? "unknown"
                             : *holds ? "yes"
                                      : "no",
                             holds ? "" : "; incomplete: " + watch.reason());
  }
}

// Reads positions (arguments, or lines of stdin for "-") and prints a report
// for each. A position that cannot be answered (bad text; or no record in a
// complete database: it is not reachable from the start) gives an error (an
// object on stdout with --json, else one line on stderr, with the line number
// for stdin) and the rest is still answered; the exit code is then 2. Empty
// stdin lines are skipped, except in connect4 where the empty move sequence
// is the start, and so are lines starting with '%' (comments, as in bench's
// sets). Ctrl-C ends the answers after the position it cut short (exit 130).
template <Game G>
void answer_all(const G& g, const QueryOptions& o, bool scored, bool complete, RecordSource<G>& source) {
  const bool weak = source.weak;
  SearchWatch watch(source.searcher ? o.seconds : 0,
                    source.searcher && o.progress && !std::is_same_v<G, GoLine>
                        ? std::function<std::uint64_t()>([&] { return source.searcher->nodes(); })
                        : std::function<std::uint64_t()>());
  auto answer = [&](const std::string& text) {
    watch.start();
    if (source.searcher) source.searcher->set_deadline(watch.deadline());
    if constexpr (search::kHasSearcher<G>)
      if (o.at_least) return answer_at_least(g, o, text, *source.searcher, watch);
    const auto p = g.parse(text);
    source.searched = source.stopped = false;
    const std::uint64_t before = source.searcher ? source.searcher->nodes() : 0;
    source.root_bounds.reset();
    if constexpr (search::kWalkedRemoteness<G>)
      if (source.searcher && !source.stored && !g.terminal(p).primitive()) source.search_children_first(g, p);
    auto report = report_position(g, p, text, [&](const auto& canonical) { return source(canonical); });
    const bool by_rules = report.primitive && !report.record.known() && !source.stopped;
    if (by_rules) report.record = rules_record(g, p, scored);
    if (!report.record.known() && complete)
      throw ParseError("position '" + quote_input(text) +
                       "' is not reachable from the start (the complete database holds no record of it)");
    report.source = by_rules ? "rules" : source.searched ? "search" : "database";
    report.half_point_scores = half_point_scores(g);
    if (o.json)
      report.board_line = board_line(g, p);
    else
      report.board = board_text(g, p);
    if (!weak && !source.stopped) report.line = principal_line(g, p, report.record, source);
    if (source.searched) report.nodes = source.searcher->nodes() - before;  // the line's searches too
    if (source.stopped) {
      report.incomplete = watch.reason();
      if (!report.record.known() && (!weak || scored))
        report.score_bounds = source.root_bounds.value_or(source.searcher->proven_range());
      if constexpr (G::kScored)
        if (!report.primitive) add_recorded_bounds(g, p, *source.searcher, report);
    }
    if (o.json)
      std::cout << report_to_json(report, scored, weak).dump() << "\n";
    else
      std::cout << report_to_text(report, scored, weak);
    std::cout.flush();
  };
  bool any_bad = false;
  // line: 1.. for stdin, 0 for an argument.
  auto answer_or_report = [&](const std::string& text, std::size_t line) {
    try {
      answer(text);
    } catch (const ParseError& e) {
      any_bad = true;
      if (o.json) {
        nlohmann::ordered_json j;  // line, position, error: in the order a reader wants them
        if (line) j["line"] = line;
        j["position"] = quote_input(text);
        j["error"] = e.what();
        std::cout << j.dump() << "\n";
        std::cout.flush();
      } else {
        std::cerr << "gsolve: error: " << (line ? fmt::format("line {}: ", line) : "") << e.what() << "\n";
      }
    }
    return !watch.interrupted();
  };
  for (const auto& text : o.positions) {
    if (text != "-") {
      if (!answer_or_report(text, 0)) break;
      continue;
    }
    std::size_t number = 0;
    for (std::string line; std::getline(std::cin, line);) {
      ++number;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      // An empty line is the start where the text is a move sequence
      // (connect4), and skipped in board games (a trailing newline).
      if (line.empty() && !text_names_only_reachable<G>()) continue;
      if (line.starts_with('%')) continue;
      // The standard test sets carry "<moves> <score>": the first field is the position.
      if (!answer_or_report(g.spec().starts_with("connect4") ? line.substr(0, line.find(' ')) : line, number)) break;
    }
    if (watch.interrupted()) break;
  }
  if (any_bad) exit_code() = 2;
  if (watch.interrupted()) exit_code() = 130;
}

// Live search where the game has a search solver (search::kHasSearcher).
// Searcher<G> exists for every game; only games with a plug-in make one.
template <Game G>
std::unique_ptr<search::Searcher<G>> make_searcher(const G& g, const QueryOptions& o) {
  if constexpr (search::kHasSearcher<G>) {
    search::SearchOptions so;
    so.threads = thread_count(o.threads);
    so.hash_mb = o.hash_mb;
    so.cut_plies = o.cut_plies.value_or(-1);
    so.journal = o.journal;
    if (o.progress) so.progress = [](const std::string& line) { std::cerr << line << "\n"; };
    return std::make_unique<search::Searcher<G>>(g, so);
  } else {
    (void)g, (void)o;
    return nullptr;
  }
}

// The options that only some games or only searches take.
template <Game G>
void check_options(const G& g, const QueryOptions& o, bool searching) {
  const bool go = std::is_same_v<G, GoLine>;
  if (!o.journal.empty() && !go)
    throw ParseError("--journal applies to go searches (--game go:WxH), not " + std::string(g.spec()));
  if (o.cut_plies && !go)
    throw ParseError("--cut-plies applies to go searches (--game go:WxH), not " + std::string(g.spec()));
  if (o.at_least && !(G::kScored && searching))
    throw ParseError("--at-least applies to searches of scored games without a database (reversi, go), not " +
                     std::string(g.spec()) + (searching ? "" : " with --db"));
}

void run_query(const QueryOptions& o) {
  const int threads = thread_count(o.threads);
  // oneTBB starts (it loads its allocator and probes for more libraries) only
  // where a search may run: a cold query of a complete database never starts it.
  std::optional<tbb::global_control> limit;
  const auto may_search = [&] {
    limit.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  };
  if (o.db_path.empty()) {
    if (o.game.empty()) throw ParseError("query needs --db FILE, or --game SPEC to search without a database");
    may_search();
    with_game(o.game, [&](const auto& g) {
      using G = std::decay_t<decltype(g)>;
      check_options(g, o, true);
      auto solver = make_searcher(g, o);
      if (!solver) throw ParseError("no database given and " + std::string(g.spec()) + " has no search solver");
      RecordSource<G> source;
      source.searcher = solver.get();
      source.weak = o.weak;
      answer_all(g, o, G::kScored, false, source);
    });
    return;
  }
  if (o.weak) throw ParseError("--weak applies to searches without a database (--game)");
  auto database = db::Database::open(o.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  if (!o.game.empty()) {
    const std::string wanted = with_game(o.game, [](const auto& g) { return std::string(g.spec()); });
    if (wanted != contents.game) throw db::DbError(o.db_path + ": database holds " + contents.game + ", not " + wanted);
  }
  const bool partial = contents.coverage != "complete";
  if (partial) may_search();
  with_game(contents.game, [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    check_options(g, o, false);
    db::RecordReader reader(*database, contents.tiers, contents.layout, o.cache_mb << 20);
    Resolver resolver(g, reader, contents.layout, contents.scored,
                      [](std::span<const Record> c, bool scored) { return combine_children(c, scored); });
    auto solver = partial ? make_searcher(g, o) : nullptr;
    RecordSource<G> source;
    source.searcher = solver.get();
    source.weak = !contents.remoteness;  // objective score: below the stored plies too
    source.stored = [&](const typename G::Position& canonical) {
      const std::uint64_t rank = g.rank(canonical);
      std::uint64_t read_rank = rank;
      const auto found = resolver.get(canonical, g.tier(canonical), rank, &read_rank);
      if (found.status == db::RecordReader::Status::damaged)
        throw db::DbError(o.db_path + ": damaged frame (" + reader.locate(read_rank) + ")");
      return found.record;
    };
    answer_all(g, o, contents.scored, contents.complete && !partial, source);
  });
  if (!contents.complete)
    std::cerr << "gsolve: warning: " << o.db_path << " is not complete (" << db::WriterLock::why_incomplete(o.db_path)
              << ")\n";
}

// The positions CLI11 gave as positionals and as extras, in the order they
// were typed on the command line.
std::vector<std::string> positions_in_order(const std::vector<std::string>& positionals,
                                            const std::vector<std::string>& extras) {
  std::map<std::string, int> pending;
  for (const auto& p : positionals) ++pending[p];
  for (const auto& p : extras) ++pending[p];
  std::vector<std::string> out;
  const auto& args = command_line();
  const auto query = std::find(args.begin(), args.end(), "query");
  for (auto it = query; it != args.end(); ++it) {
    if (auto found = pending.find(*it); found != pending.end() && found->second > 0) {
      --found->second;
      out.push_back(*it);
    }
  }
  // Not found as typed (cannot happen from the command line): keep them.
  for (const auto& [p, n] : pending)
    for (int i = 0; i < n; ++i) out.push_back(p);
  return out;
}

// What CLI11 would take for an option ("-x", "--name", "--two-words",
// "--name=value"), not a board that starts with '-'. By hand: compiling a
// std::regex cost a cold query a sixth of its instructions.
bool looks_like_option(std::string_view arg) {
  const auto letter = [](char c, bool upper) { return (c >= 'a' && c <= 'z') || (upper && c >= 'A' && c <= 'Z'); };
  if (arg.size() == 2 && arg[0] == '-') return letter(arg[1], true);
  if (!arg.starts_with("--")) return false;
  const std::size_t equals = arg.find('=');
  const std::string_view name = arg.substr(2, equals == arg.npos ? arg.npos : equals - 2);
  if (name.empty() || name.front() == '-' || name.back() == '-') return false;
  for (std::size_t i = 0; i < name.size(); ++i)
    if (name[i] == '-' ? name[i - 1] == '-' : !letter(name[i], false)) return false;
  return true;
}

}  // namespace

void add_query(CLI::App& app) {
  auto o = std::make_shared<QueryOptions>();
  CLI::App* cmd = app.add_subcommand(
      "query", "Value, remoteness and every move's value of positions (from a database, or searched)");
  cmd->add_option("--db", o->db_path, "Database file (a partial one is completed by live search)");
  // Boards that start with '-' ("-X-------") need no "--": CLI11 reads them
  // as unknown short options, kept as extras and merged back in the order
  // typed (positions_in_order). Only what looks like an option ("-x",
  // "--name", "--name=value") is refused as one.
  cmd->allow_extras();
  cmd->add_option("positions", o->positions,
                  "Positions in the game's text form; '-' reads one per line from stdin; '' (an empty line "
                  "too) is the connect4 start; boards starting with '-' need no '--'");
  cmd->add_option("--game", o->game, "Game spec: checked against the database, or searched without one");
  cmd->add_flag("--json", o->json, "One JSON object per position");
  cmd->add_flag("--weak", o->weak,
                "Search without remoteness: win/lose/tie, and the exact score in scored games (reversi, go), of the "
                "position and every move; without --db. A full report (the default) finds every record's remoteness "
                "and the line too: 8x8 reversi endgames of 15-20 empties take about 1.5 times the nodes of --weak "
                "(1.4 times the CPU), go:4x4 3.4 times the expansions (docs/benchmarks.md)");
  cmd->add_option("--sgf", o->sgf_path, "go: the position at the end of the main line of this SGF file")
      ->check(CLI::ExistingFile);
  cmd->add_flag("--progress", o->progress,
                "Lines on stderr while a search runs: every 2 s the nodes so far; go: per finished proof test (score "
                "or value >= t, nodes, rate), per child test of a test split over --threads, and every 2^22 nodes");
  add_threads_option(cmd, o->threads, "1");
  add_integer_option<std::size_t>(cmd, "--hash", o->hash_mb, 1, kMaxHashMb,
                                  "Search transposition table in MB (default 256)");
  cmd->add_option_function<int>(
         "--at-least", [o](int t) { o->at_least = t; },
         "Scored games searched without a database: prove or refute one threshold: is the side to move's score at "
         "least T? (one test; go: a proof-number test, with --threads N split over the moves, N at a time)")
      ->check(CLI::Range(-99, 99));
  add_seconds_option(cmd, "--time", o->seconds,
                     "Seconds of search per position: then print what the finished searches proved (the score's "
                     "bounds, or the moves answered so far), marked incomplete (\"complete\":false in --json); "
                     "Ctrl-C does the same and ends with exit code 130");
  cmd->add_option("--cut-plies", o->cut_plies,
                  "go: a proof test is cut at its root and its children's tests again down to N plies below it, "
                  "each test at a cut's leaf run whole (default 3); deeper cuts make those tests smaller, so that "
                  "a --journal records more often and a kill loses less")
      ->check(integer_range<int>(1, 20));
  cmd->add_option("--journal", o->journal,
                  "go: record every proof test closed in FILE (created if missing) and take the answers it holds: "
                  "a killed search run again with the same FILE resumes with the tests it had closed");
  add_integer_option<std::size_t>(cmd, "--cache", o->cache_mb, 0, kMaxHashMb,
                                  "Decoded record frames kept in memory, MiB (default 256)");
  cmd->callback([o, cmd] {
    std::vector<std::string> extras = cmd->remaining();
    // CLI11 keeps the first "--" (end of options) among the extras.
    if (auto mark = std::find(extras.begin(), extras.end(), "--"); mark != extras.end()) extras.erase(mark);
    for (const auto& arg : extras)
      if (looks_like_option(arg)) throw ParseError("query: unknown option '" + quote_input(arg) + "'");
    o->positions = positions_in_order(o->positions, extras);
    if (!o->sgf_path.empty()) {
      if (!o->game.empty() && o->game != "go" && !o->game.starts_with("go:"))
        throw ParseError("--sgf reads Go games (SGF GM[1]), not " + quote_input(o->game.substr(0, o->game.find(':'))));
      std::ifstream in(o->sgf_path);
      std::stringstream text;
      if (!(text << in.rdbuf())) throw ParseError("--sgf " + quote_input(o->sgf_path) + ": cannot read it");
      o->positions.push_back(sgf_game_only(text.str()));
    }
    if (o->positions.empty()) throw ParseError("query needs a position ('-' reads them from stdin, --sgf FILE)");
    run_query(*o);
  });
}

}  // namespace gsolve::cli
