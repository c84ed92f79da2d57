#include "db/solve_session.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include "src/core/version.h"

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

namespace {
// Tiers left out of the database (db/chunk.h, derived_tiers): every other one,
// counted from the last, which is stored (measured on connect4:6x4: 3% smaller
// than deriving the last tier and its full boards). Each derived tier's
// records follow from the stored tier below it, one ply of lookahead
// (db/resolver.h). Only where
// every move goes up one tier and every readable position is reachable
// (connect4: fill_unknown), and only for the tiered solver, which never reads
// a tier back except its checkpoint, always a stored one (db/tier_io.cpp).
std::uint64_t derived_tiers(const SolveOptions& o, bool fill_unknown, const std::string& solver,
                            const std::vector<std::uint64_t>& tiers, bool scored, const std::string& coverage) {
  const int count = static_cast<int>(tiers.size()) - 1;
  if (!o.derive_tiers || scored || solver != "retrograde-tiered" || coverage != "complete" || count > 64 ||
      !fill_unknown)
    return 0;
  std::uint64_t mask = 0;
  for (int t = count - 2; t >= 0; t -= 2) mask |= std::uint64_t{1} << t;
  return mask;
}

std::string derived_json(std::uint64_t mask) {
  nlohmann::json list = nlohmann::json::array();
  for (int t = 0; t < 64; ++t)
    if (mask >> t & 1) list.push_back(t);
  return list.dump();
}
}  // namespace

SolveSession::SolveSession(const SolveOptions& options, const std::string& spec, const std::string& solver,
                           const std::vector<std::uint64_t>& tiers, bool scored, const std::string& coverage,
                           const std::string& addressing, bool fill_unknown)
    : layout_(db::ChunkLayout::for_game(scored, fill_unknown)), zstd_level_(options.zstd_level) {
  SolveOptions real = options;  // through a symbolic link: the real file, its lock, its ".new"
  real.db_path = db::real_path(options.db_path);
  layout_.derived_tiers = derived_tiers(options, fill_unknown, solver, tiers, scored, coverage);
  layout_.win_in_1 = layout_.derived_tiers != 0;
  // Level 14 takes connect4:6x4 under 0.5 bits per position (0.483; level 6:
  // 0.579) for 1.26x the 1-thread solve CPU (17.0 s vs 13.5 s); other games
  // keep the fast level.
  zstd_level_ = options.zstd_level > 0 ? options.zstd_level : layout_.derived_tiers ? 14 : 6;
  const std::string& path = real.db_path;
  struct stat st;
  lock_ = std::make_unique<db::WriterLock>(path, ::stat(path.c_str(), &st) != 0);
  const bool exists = !lock_->created();
  try {
    open_or_create(real, spec, solver, tiers, scored, coverage, addressing, exists);
  } catch (...) {
    if (lock_->created() && ::stat(path.c_str(), &st) == 0 && st.st_size == 0) ::unlink(path.c_str());
    throw;
  }
  record_run(options);
}

// A --force solve that did not finish (an error such as a full disk, or an
// interrupt) leaves the old database as it was and nothing beside it: its
// ".new" file could never be resumed (--resume continues the old file).
SolveSession::~SolveSession() {
  if (final_path_.empty() || finished_ || !db_) return;
  const std::string written = db_->path();
  db_.reset();
  ::unlink(written.c_str());
  ::unlink((written + "-lock").c_str());
}

void SolveSession::record_run(const SolveOptions& options) {
  nlohmann::json runs = nlohmann::json::parse(db_->meta_or("runs", "[]"), nullptr, false);
  if (!runs.is_array()) runs = nlohmann::json::array();
  runs.push_back({{"started", now_utc()}, {"processes", options.processes}, {"threads", options.threads}});
  db::WriteTxn txn(*db_);
  txn.put_meta("runs", runs.dump());
  txn.commit();
}

void SolveSession::open_or_create(const SolveOptions& options, const std::string& spec, const std::string& solver,
                                  const std::vector<std::uint64_t>& tiers, bool scored, const std::string& coverage,
                                  const std::string& addressing, bool exists) {
  const std::string& path = options.db_path;
  const std::string objective = options.wdl ? "wdl" : options.score_only ? "score" : "full";
  // A solve killed while it created the file left nothing to resume: start afresh.
  const bool fresh_shell = exists && options.resume && db::Database::interrupted_creation(path);
  if (exists && options.resume && !fresh_shell) {
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
    expect("derived_tiers", derived_json(layout_.derived_tiers));
    expect("derived_win_in_1", layout_.win_in_1 ? "1" : "0");
    already_complete_ = db_->meta_or("complete", "0") == "1";
    if (auto c = db_->meta("checkpoint")) {
      try {
        checkpoint_ = std::stoi(*c);
      } catch (const std::exception&) {
        throw db::DbError(path + ": database metadata is damaged (meta entry 'checkpoint')");
      }
    }
    return;
  }
  if (exists && !options.force && !fresh_shell)
    throw db::DbError(path + ": already exists (--resume continues an interrupted solve, --force replaces it)");
  std::string target = path;
  if (exists && !fresh_shell) {  // --force: a new file beside the old one, renamed over it when complete
    final_path_ = path;
    target = path + ".new";
    ::unlink(target.c_str());  // left by a killed --force solve; the lock on `path` makes it ours
    ::unlink((target + "-lock").c_str());
  }
  ::unlink((path + ".compact").c_str());  // left by a solve killed in finish()
  // One transaction with the magic: a kill leaves a whole header or nothing.
  db_ = db::Database::create(
      target, {{"game", spec},
               {"objective", objective},
               {"scored", scored ? "1" : "0"},
               {"coverage", coverage},
               {"addressing", addressing},
               {"rank_version", "1"},
               {"solver", solver},
               {"solver_version", kVersion},
               {"tiers", db::tiers_to_json(tiers)},
               {"derived_tiers", derived_json(layout_.derived_tiers)},
               {"derived_win_in_1", layout_.win_in_1 ? "1" : "0"},
               {"layout", nlohmann::json{layout_.planes, layout_.frame_records, layout_.frames_per_chunk}.dump()},
               {"created", now_utc()}});
}

Stats SolveSession::stats_of_tier(int tier) const {
  const auto text = db_->meta("stats/" + std::to_string(tier));
  if (!text) return {};
  try {
    return Stats::from_json(nlohmann::json::parse(*text));
  } catch (const std::exception&) {
    throw db::DbError(db_->path() + ": database metadata is damaged (meta entry 'stats/" + std::to_string(tier) + "')");
  }
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
  replace_by_compact_copy();
  finished_ = true;
}

// The complete database, copied without LMDB's free pages (MDB_CP_COMPACT:
// on connect4:6x4 about 13 pages, 2% of the file), replaces the file as the
// user named it: the written file itself, or the old database (--force).
// Readers that have the old file open keep reading it. LMDB's lock file of
// the old one goes first, so that a reader opening the new file makes a
// fresh one (a lock file's reader table holds the transaction id of the file
// it was made for); a reader that opens between the two calls (microseconds)
// makes a lock file for the old data (docs/database.md, "Safety"). A kill leaves
// "<file>.compact" behind and the file as it was: complete, or (--force) the
// old one; the next solve of the file removes it.
void SolveSession::replace_by_compact_copy() {
  const std::string written = db_->path();
  const std::string target = final_path_.empty() ? written : final_path_;
  const std::string compact = target + ".compact";
  ::unlink(compact.c_str());
  if (const int rc = mdb_env_copy2(db_->env(), compact.c_str(), MDB_CP_COMPACT); rc != MDB_SUCCESS) {
    const std::string why = db::write_error_text(rc, compact);
    ::unlink(compact.c_str());
    throw db::DbError(compact + ": cannot write the compact copy: " + why);
  }
  ::unlink((target + "-lock").c_str());
  if (::rename(compact.c_str(), target.c_str()) != 0)
    throw db::DbError(target + ": cannot replace it by " + compact + ": " + std::strerror(errno));
  if (written != target) {
    ::unlink(written.c_str());
    ::unlink((written + "-lock").c_str());
  }
}

}  // namespace gsolve
