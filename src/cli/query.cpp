// gsolve query: value, remoteness (score) and every move's value of positions,
// from a database, or searched live (connect4) below a partial database's
// stored plies or with --game and no database.
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <algorithm>
#include <iostream>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "db/contents.h"
#include "games/input_quote.h"
#include "games/registry.h"
#include "src/cli/cli.h"
#include "src/cli/option_ranges.h"
#include "src/cli/query_go.h"
#include "src/cli/position_report.h"
#include "db/resolver.h"
#include "db/writer_lock.h"
#include "src/search/go/split_test.h"
#include "src/search/searcher.h"

namespace gsolve::cli {
namespace {

struct QueryOptions {
  std::string db_path;
  std::string game;
  std::vector<std::string> positions;
  bool json = false;
  bool weak = false;
  bool progress = false;
  std::string sgf_path;  // go: the position at the end of this SGF file's main line
  std::optional<int> at_least;  // go: one test "score >= T"
  double seconds = 0;  // go: --time per position (0: none; the option takes > 0)
  int threads = 1;
  std::size_t hash_mb = 256;
  std::string journal;  // go: --journal FILE
  std::optional<int> cut_plies;  // go: --cut-plies N
  std::size_t cache_mb = db::RecordReader::kDefaultCacheBytes >> 20;  // decoded frames kept
};

// A position the rules end: its record by the rules (value, remoteness 0,
// score), whether or not a database stores it (an unreachable final board).
template <Game G>
Record rules_record(const G& g, const typename G::Position& p, bool scored) {
  const Terminal t = g.terminal(p);
  return primitive_record(t.value, scored ? t.score : 0);
}

// Reads positions (arguments, or lines of stdin for "-") and prints a report
// for each; records come from `lookup(canonical, searched&)`. A position that
// cannot be answered (bad text; or no record in a complete database: it is
// not reachable from the start) gives an error (an object on stdout with
// --json, else one line on stderr, with the line number for stdin) and the
// rest is still answered; the exit code is then 2. Empty stdin lines are
// skipped, except in connect4 where the empty move sequence is the start.
template <Game G, class Lookup>
void answer_all(const G& g, const QueryOptions& o, bool scored, bool complete, Lookup&& lookup) {
  auto answer = [&](const std::string& text) {
    const auto p = g.parse(text);
    bool searched = false;
    auto record_of = [&](const auto& canonical) { return lookup(canonical, searched); };
    auto report = report_position(g, p, text, record_of);
    const bool by_rules = report.primitive && !report.record.known();
    if (by_rules) report.record = rules_record(g, p, scored);
    if (!report.record.known() && complete)
      throw ParseError("position '" + quote_input(text) +
                       "' is not reachable from the start (the complete database holds no record of it)");
    report.source = by_rules ? "rules" : searched ? "search" : "database";
    if (o.json) std::cout << report_to_json(report, scored, o.weak).dump() << "\n";
    else std::cout << report_to_text(report, scored, o.weak);
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
  };
  for (const auto& text : o.positions) {
    if (text != "-") {
      answer_or_report(text, 0);
      continue;
    }
    std::size_t number = 0;
    for (std::string line; std::getline(std::cin, line);) {
      ++number;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      // An empty line is the start where the text is a move sequence
      // (connect4), and skipped in board games (a trailing newline).
      if (line.empty() && !text_names_only_reachable<G>()) continue;
      // The standard test sets carry "<moves> <score>": the first field is the position.
      answer_or_report(g.spec().starts_with("connect4") ? line.substr(0, line.find(' ')) : line, number);
    }
  }
  if (any_bad) exit_code() = 2;
}

// Live search where the game has a search solver (search::kHasSearcher).
// Searcher<G> exists for every game; only games with a plug-in make one.
template <Game G>
std::unique_ptr<search::Searcher<G>> make_searcher(const G& g, const QueryOptions& o) {
  if constexpr (search::kHasSearcher<G>) {
    search::SearchOptions so;
    so.threads = thread_count(o.threads);
    so.hash_mb = o.hash_mb;
    return std::make_unique<search::Searcher<G>>(g, so);
  } else {
    (void)g, (void)o;
    return nullptr;
  }
}

template <Game G>
Record searched_record(search::Searcher<G>& solver, const typename G::Position& p, bool weak) {
  if constexpr (search::kHasSearcher<G>) {
    if (!weak) return solver.record(p);
    const int sign = solver.solve_weak(p);
    return Record{sign > 0 ? Value::Win : sign < 0 ? Value::Lose : Value::Tie, 0, 0};
  } else {
    (void)solver, (void)p, (void)weak;
    return {};
  }
}

void run_query(const QueryOptions& o) {
  const int threads = thread_count(o.threads);
  // oneTBB starts (it loads its allocator and probes for more libraries) only
  // where a search may run: a cold query of a complete database never starts it.
  std::optional<tbb::global_control> limit;
  const auto may_search = [&] {
    limit.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  };
  if (o.db_path.empty()) may_search();
  if (o.db_path.empty() && is_go_spec(o.game)) {
    run_go_query(o.game, o.positions,
                 {o.json, o.weak, o.progress, o.hash_mb, threads, o.at_least, o.seconds,
                  o.cut_plies.value_or(search::go::kCutPlies), o.journal});
    return;
  }
  if (o.at_least) throw ParseError("--at-least applies to go searches without a database (--game go:WxH)");
  if (!o.journal.empty()) throw ParseError("--journal applies to go searches without a database (--game go:WxH)");
  if (o.cut_plies)
    throw ParseError("--cut-plies applies to go searches without a database (--game go:WxH)");
  if (o.seconds > 0) throw ParseError("--time applies to go searches without a database (--game go:WxH)");
  if (o.db_path.empty()) {
    if (o.game.empty()) throw ParseError("query needs --db FILE, or --game SPEC to search without a database");
    with_game(o.game, [&](const auto& g) {
      auto solver = make_searcher(g, o);
      if (!solver) throw ParseError("no database given and " + std::string(g.spec()) + " has no search solver");
      answer_all(g, o, std::decay_t<decltype(g)>::kScored, false, [&](const auto& canonical, bool& searched) {
        searched = true;
        return searched_record(*solver, canonical, o.weak);
      });
    });
    return;
  }
  if (o.weak) throw ParseError("--weak applies to searches without a database (--game)");
  auto database = db::Database::open(o.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  if (!o.game.empty()) {
    const std::string wanted = with_game(o.game, [](const auto& g) { return std::string(g.spec()); });
    if (wanted != contents.game)
      throw db::DbError(o.db_path + ": database holds " + contents.game + ", not " + wanted);
  }
  const bool partial = contents.coverage != "complete";
  if (partial) may_search();
  with_game(contents.game, [&](const auto& g) {
    db::RecordReader reader(*database, contents.tiers, contents.layout, o.cache_mb << 20);
    Resolver resolver(g, reader, contents.layout, contents.scored,
                      [](std::span<const Record> c, bool scored) { return combine_children(c, scored); });
    auto solver = partial ? make_searcher(g, o) : nullptr;
    answer_all(g, o, contents.scored, contents.complete && !partial, [&](const auto& canonical, bool& searched) {
      const std::uint64_t rank = g.rank(canonical);
      const auto found = resolver.get(canonical, g.tier(canonical), rank);
      if (found.status == db::RecordReader::Status::damaged)
        throw db::DbError(o.db_path + ": damaged frame (" + reader.locate(resolver.stored_rank()) + ")");
      if (found.record.known() || !solver) return found.record;
      searched = true;
      return searched_record(*solver, canonical, false);
    });
  });
  if (!contents.complete) std::cerr << "gsolve: warning: " << o.db_path << " is not complete (" << db::WriterLock::why_incomplete(o.db_path) << ")\n";
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
  cmd->add_flag("--weak", o->weak, "Search only for win/lose/tie (no remoteness; go: the score, no move list): faster; without --db");
  cmd->add_option("--sgf", o->sgf_path, "go: the position at the end of the main line of this SGF file")
      ->check(CLI::ExistingFile);
  cmd->add_flag("--progress", o->progress, "go: a line on stderr per finished proof test (score or value >= t, nodes, rate), per child test of a test split over --threads, and a heartbeat every 2^22 nodes");
  add_threads_option(cmd, o->threads, "1");
  add_integer_option<std::size_t>(cmd, "--hash", o->hash_mb, 1, kMaxHashMb,
                                  "Search transposition table in MB (default 256)");
  cmd->add_option_function<int>(
         "--at-least", [o](int t) { o->at_least = t; },
         "go: prove or refute one threshold: is the side to move's score at least T? (one proof-number test; with --threads N, split over the moves, N at a time)")
      ->check(CLI::Range(-99, 99));
  add_seconds_option(cmd, "--time", o->seconds,
                     "go: seconds per position: then print what the finished tests proved (the score's bounds, "
                     "or the value without the move list), marked incomplete (\"complete\":false in --json)");
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
