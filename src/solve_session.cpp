#include "src/solve_session.h"

#include <sys/stat.h>
#include <unistd.h>

#include <ctime>

#include "src/version.h"

namespace gsolve {

std::string now_utc() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string record_to_json(const Record& r) {
  nlohmann::json j = {{"value", value_name(r.value)}, {"remoteness", r.remoteness}, {"score", r.score}};
  return j.dump();
}

SolveSession::SolveSession(const SolveOptions& options, const std::string& spec, const std::string& solver,
                           const std::vector<std::uint64_t>& tiers, bool scored, const std::string& coverage,
                           const std::string& addressing)
    : layout_(db::ChunkLayout::for_game(scored)), zstd_level_(options.zstd_level) {
  const std::string& path = options.db_path;
  const std::string objective = options.wdl ? "wdl" : "full";
  struct stat st;
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && options.resume) {
    db_ = db::Database::open(path, db::Database::Mode::write);
    auto expect = [&](const char* key, const std::string& want) {
      const std::string got = db_->meta_or(key, "?");
      if (got != want)
        throw db::DbError(path + ": cannot resume: database holds " + key + " '" + got + "', not '" + want + "'");
    };
    expect("game", spec);
    expect("objective", objective);
    expect("solver", solver);
    expect("tiers", db::tiers_to_json(tiers));
    expect("coverage", coverage);
    already_complete_ = db_->meta_or("complete", "0") == "1";
    if (auto c = db_->meta("checkpoint")) checkpoint_ = std::stoi(*c);
    return;
  }
  if (exists && !options.force)
    throw db::DbError(path + ": already exists (--resume continues an interrupted solve, --force replaces it)");
  if (exists) {
    ::unlink(path.c_str());
    ::unlink((path + "-lock").c_str());
  }
  db_ = db::Database::create(path);
  db::WriteTxn txn(*db_);
  txn.put_meta("game", spec);
  txn.put_meta("objective", objective);
  txn.put_meta("scored", scored ? "1" : "0");
  txn.put_meta("coverage", coverage);
  txn.put_meta("addressing", addressing);
  txn.put_meta("rank_version", "1");
  txn.put_meta("solver", solver);
  txn.put_meta("solver_version", kVersion);
  txn.put_meta("tiers", db::tiers_to_json(tiers));
  txn.put_meta("layout", nlohmann::json{layout_.planes, layout_.frame_records, layout_.frames_per_chunk}.dump());
  txn.put_meta("created", now_utc());
  txn.commit();
}

Stats SolveSession::stats_of_tier(int tier) const {
  const auto text = db_->meta("stats/" + std::to_string(tier));
  if (!text) return {};
  return Stats::from_json(nlohmann::json::parse(*text));
}

std::vector<std::pair<std::string, std::string>> SolveSession::tier_meta(int tier, const Stats& stats,
                                                                         std::uint64_t hash) {
  return {{"checkpoint", std::to_string(tier)},
          {"stats/" + std::to_string(tier), stats.to_json().dump()},
          {"hash/" + std::to_string(tier), std::to_string(hash)}};
}

void SolveSession::finish(const Stats& total, const Record& start, std::uint64_t signature) {
  db::WriteTxn txn(*db_);
  txn.put_meta("stats", total.to_json().dump());
  txn.put_meta("canonical_positions", std::to_string(total.total_canonical()));
  txn.put_meta("reachable_positions", std::to_string(total.total_reachable()));
  txn.put_meta("start", record_to_json(start));
  txn.put_meta("signature", std::to_string(signature));
  txn.put_meta("completed", now_utc());
  txn.put_meta("complete", "1");
  txn.commit();
}

}  // namespace gsolve
