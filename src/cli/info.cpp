// gsolve info --db FILE: what the database holds.
#include <fmt/format.h>

#include <charconv>
#include <iostream>
#include <map>
#include <memory>

#include "db/contents.h"
#include "db/keyed_runs.h"
#include "db/writer_lock.h"
#include "src/cli/cli.h"
#include "src/core/stats.h"

namespace gsolve::cli {
namespace {

// The per-tier statistics committed so far (all of them when complete), by tier.
std::map<int, Stats> committed_stats(const db::Database& database) {
  std::map<int, Stats> tiers;
  for (const auto& [key, value] : database.all_meta()) {
    if (!key.starts_with("stats/")) continue;
    try {  // the meta check passed at open, so only a writer's bug lands here
      tiers[std::stoi(key.substr(6))] = Stats::from_json(nlohmann::json::parse(value));
    } catch (const std::exception&) {
      throw db::DbError(database.path() + ": database metadata is damaged (meta entry '" + key.substr(0, 40) + "')");
    }
  }
  return tiers;
}

// The start record from its meta entry ("null" before the solve ends), without
// a score where the database keeps none (wdl), its remoteness null where it
// keeps none (objective score).
nlohmann::json start_json(const std::string& meta, const db::Contents& contents) {
  nlohmann::json j = nlohmann::json::parse(meta, nullptr, false);
  if (!j.is_object()) return nullptr;
  if (!contents.scored) j.erase("score");
  if (!contents.remoteness) j["remoteness"] = nullptr;
  return j;
}

// The start record as query prints it: "win in 3, score +2", "draw".
std::string start_text(const nlohmann::json& j) {
  if (!j.is_object()) return "not solved yet";
  std::string s = j.value("value", "unknown");
  if (s != "draw" && s != "unknown" && j.contains("remoteness") && j["remoteness"].is_number())
    s += fmt::format(" in {}", j["remoteness"].get<int>());
  if (j.contains("score") && s != "unknown") s += fmt::format(", score {:+}", j.value("score", 0));
  return s;
}

// The signature in hex, as solve and bench print it (stored in decimal).
std::string signature_hex(const std::string& meta) {
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(meta.data(), meta.data() + meta.size(), v);
  if (meta.empty() || ec != std::errc{} || ptr != meta.data() + meta.size()) return "";
  return fmt::format("{:016x}", v);
}

// The counts of a set of records (the whole file, or one tier): values and
// primitives, of reachable positions (symmetric copies counted) and of the
// canonical positions stored.
nlohmann::json counts_json(const Stats& s) {
  const auto values = [&](auto count) {
    return nlohmann::json{{"win", count(Value::Win)},
                          {"lose", count(Value::Lose)},
                          {"tie", count(Value::Tie)},
                          {"draw", count(Value::Draw)}};
  };
  return {{"canonical_positions", s.total_canonical()},
          {"reachable_positions", s.total_reachable()},
          {"primitive_positions", {{"canonical", s.primitive_canonical}, {"reachable", s.primitive_reachable}}},
          {"counts", values([&](Value v) { return s.reachable_of(v); })},
          {"canonical_counts", values([&](Value v) { return s.canonical_of(v); })}};
}

void run_info(const std::string& path, bool json) {
  auto database = db::Database::open(path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  const std::map<int, Stats> by_tier = committed_stats(*database);
  Stats stats;
  for (const auto& [tier, s] : by_tier) stats.merge(s);
  std::uint64_t chunks = 0, chunk_bytes = 0;
  database->chunk_totals(chunks, chunk_bytes);
  const std::uint64_t file_bytes = database->file_bytes();
  const std::uint64_t canonical = stats.total_canonical();
  // A search solve not finished yet: the frontier positions it has searched so far.
  const std::uint64_t pending = contents.complete ? 0 : db::read_pending(*database).size();
  // Two sizes per canonical position: the record blobs alone, and the whole
  // file as `ls -l` shows it (LMDB's pages, B-tree and free space included).
  auto bits_per_position = [&](std::uint64_t bytes) {
    return canonical ? 8.0 * static_cast<double>(bytes) / static_cast<double>(canonical) : 0.0;
  };
  const double bits = bits_per_position(chunk_bytes), file_bits = bits_per_position(file_bytes);
  const int max_r = stats.max_remoteness();
  auto at = [](const std::vector<std::uint64_t>& v, int r) { return r < static_cast<int>(v.size()) ? v[r] : 0; };
  const auto& R = stats.reachable;
  const int W = static_cast<int>(Value::Win), L = static_cast<int>(Value::Lose), T = static_cast<int>(Value::Tie),
            D = static_cast<int>(Value::Draw);
  const nlohmann::json start = start_json(database->meta_or("start", "null"), contents);
  const std::string signature = signature_hex(database->meta_or("signature", ""));
  nlohmann::json runs = nlohmann::json::parse(database->meta_or("runs", "[]"), nullptr, false);
  if (!runs.is_array()) runs = nlohmann::json::array();  // older files: no record of their runs
  if (json) {
    nlohmann::json rows = nlohmann::json::array();  // none where no remoteness is kept
    for (int r = 0; r <= max_r && contents.remoteness; ++r)
      if (at(R[W], r) || at(R[L], r) || at(R[T], r))
        rows.push_back({{"remoteness", r}, {"win", at(R[W], r)}, {"lose", at(R[L], r)}, {"tie", at(R[T], r)}});
    // Each tier's counts under the names of the whole file's (docs/database.md, "info --json").
    nlohmann::json tiers = nlohmann::json::array();
    for (const auto& [tier, s] : by_tier) {
      nlohmann::json t = counts_json(s);
      t["tier"] = tier;
      tiers.push_back(std::move(t));
    }
    nlohmann::json j = counts_json(stats);
    j.update(nlohmann::json{{"game", contents.game},
                            {"objective", contents.objective},
                            {"coverage", contents.coverage},
                            {"complete", contents.complete},
                            {"running", !contents.complete && db::WriterLock::held(path)},
                            {"searched_pending", pending},
                            {"solver", contents.solver},
                            {"start", start},
                            {"remoteness", rows},
                            {"by_tier", tiers},
                            {"draw", stats.reachable_of(Value::Draw)},
                            {"bytes", file_bytes},
                            {"record_bytes", chunk_bytes},
                            {"chunks", chunks},
                            {"bits_per_position", bits},
                            {"record_bits_per_position", bits},
                            {"file_bits_per_position", file_bits},
                            {"signature", signature},
                            {"created", database->meta_or("created", "")},
                            {"completed", database->meta_or("completed", "")},
                            {"runs", runs}});
    std::cout << j.dump() << "\n";
    return;
  }
  fmt::print("game          {}  (objective {}, solver {})\n", contents.game, contents.objective, contents.solver);
  fmt::print("coverage      {}\n", contents.coverage == "complete"
                                       ? "every reachable position"
                                       : contents.coverage + " (deeper positions are searched by query)");
  fmt::print("solve         {}\n", contents.complete            ? "finished, signature " + signature
                                   : db::WriterLock::held(path) ? "RUNNING (a solve is writing it now)"
                                                                : "INTERRUPTED (solve --resume continues it)");
  if (pending) fmt::print("searched      {} positions of the deepest stored ply so far\n", pending);
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const int p = runs[k].value("processes", 1), t = runs[k].value("threads", 0);
    fmt::print("{}{} process{} x {} thread{}, started {}\n", k == 0 ? "made by       " : "  resumed by  ", p,
               p == 1 ? "" : "es", t, t == 1 ? "" : "s", runs[k].value("started", "?"));
  }
  fmt::print("start         {}\n", start_text(start));
  fmt::print("positions     {} canonical, {} reachable ({} primitive)\n", canonical, stats.total_reachable(),
             stats.primitive_reachable);
  fmt::print("values        win {}  lose {}  tie {}  draw {}   (reachable positions)\n", stats.reachable_of(Value::Win),
             stats.reachable_of(Value::Lose), stats.reachable_of(Value::Tie), stats.reachable_of(Value::Draw));
  fmt::print(
      "size          file {} bytes ({:.3f} bits per canonical position), records {} bytes in {} chunks "
      "({:.3f} bits per canonical position)\n",
      file_bytes, file_bits, chunk_bytes, chunks, bits);
  if (!contents.remoteness) return;  // objective score: every record's remoteness is unknown
  fmt::print("\n{:>10} {:>14} {:>14} {:>14}\n", "remoteness", "win", "lose", "tie");
  for (int r = 0; r <= max_r; ++r)
    if (at(R[W], r) || at(R[L], r) || at(R[T], r))
      fmt::print("{:>10} {:>14} {:>14} {:>14}\n", r, at(R[W], r), at(R[L], r), at(R[T], r));
  if (stats.reachable_of(Value::Draw)) fmt::print("{:>10} {:>14}\n", "draw", at(R[D], 0));
}

}  // namespace

void add_info(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("info", "What a database holds: counts, remoteness table, size");
  cmd->add_option("db,--db", *path, "Database file (a positional argument or --db)")->required();
  cmd->add_flag("--json", *json, "One JSON object");
  cmd->callback([=] { run_info(*path, *json); });
}

}  // namespace gsolve::cli
