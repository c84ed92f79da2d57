// Database safety (docs/database.md, "Safety"): the meta check, chunk headers whose counts
// disagree, cursor errors reported as damage, zstd contexts, and the frame
// cache of db::RecordReader giving the same records at every size.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "db/contents.h"
#include "db/database.h"
#include "db/resolver.h"
#include "games/connect4.h"
#include "sanitized.h"
#include "src/solve/solve.h"
#include "temp_dir.h"

using namespace gsolve;
using gsolve::testing::TempDir;

namespace {

std::string open_error(const std::string& path) {
  try {
    db::Database::open(path, db::Database::Mode::read);
  } catch (const db::DbError& e) {
    return e.what();
  }
  return "";
}

// Writes one meta entry around WriteTxn::put_meta, as an editor of the file would: no new check.
void raw_put(db::Database& database, const std::string& key, const std::string& value) {
  db::WriteTxn txn(database);
  MDB_val k{key.size(), const_cast<char*>(key.data())}, v{value.size(), const_cast<char*>(value.data())};
  REQUIRE(mdb_put(txn.raw(), database.meta_dbi(), &k, &v, 0) == MDB_SUCCESS);
  txn.commit();
}

std::uint32_t fnv1a(const std::string& a, const std::string& b) {
  std::uint32_t h = 2166136261u;
  for (const std::string* part : {&a, &b})
    for (unsigned char c : *part) h = (h ^ c) * 16777619u;
  return h;
}

}  // namespace

TEST_CASE("db: the meta check catches an edit of any meta entry, and its absence") {
  TempDir dir;
  const std::string path = dir.file("m.gsdb");
  {
    auto database = db::Database::create(path);
    db::WriteTxn txn(*database);
    txn.put_meta("game", "connect4:5x4");
    txn.put_meta("stats/3", "{\"x\":1}");
    txn.commit();
  }
  CHECK(open_error(path) == "");
  auto damaged_of = [](const std::string& file) {
    return file + ": database metadata is damaged (its checksum does not match)";
  };
  for (const auto& entry : std::vector<std::pair<std::string, std::string>>{
           {"game", "connect4:4x4"}, {"stats/3", "{\"x\":2}"}, {"complete", "1"}, {"new_entry", ""}}) {
    const std::string& key = entry.first;  // not a structured binding: clang 14 cannot capture one
    const std::string& value = entry.second;
    const std::string copy = dir.file("copy-" + key.substr(0, 4) + ".gsdb");
    std::filesystem::copy_file(path, copy);
    {
      auto database = db::Database::open(copy, db::Database::Mode::write);
      raw_put(*database, key, value);
    }
    CHECK_MESSAGE(open_error(copy) == damaged_of(copy), key);
  }
  // A file without the check (as format 3 wrote them, had it said 4) is refused the same way.
  {
    auto database = db::Database::open(path, db::Database::Mode::write);
    db::WriteTxn txn(*database);
    MDB_val k{10, const_cast<char*>("meta_check")};
    REQUIRE(mdb_del(txn.raw(), database->meta_dbi(), &k, nullptr) == MDB_SUCCESS);
    txn.commit();
  }
  CHECK(open_error(path) == damaged_of(path));
}

TEST_CASE("db: cursor loops report any error but the end of data as damage, with the place") {
  CHECK_NOTHROW(db::check_end_of_data(MDB_NOTFOUND, "x"));
  std::string message;
  try {
    db::check_end_of_data(MDB_CORRUPTED, "f.gsdb: keyed table, after keyed run 0000000000000012");
  } catch (const db::DbError& e) {
    message = e.what();
  }
  CHECK(message == std::string("f.gsdb: keyed table, after keyed run 0000000000000012: damaged database (") +
                       mdb_strerror(MDB_CORRUPTED) + ")");
}

TEST_CASE("db: a chunk whose frame count does not fit its record count is damaged") {
  const auto layout = db::ChunkLayout::for_game(false);
  ZSTD_CCtx* cctx = db::new_cctx();
  ZSTD_DCtx* dctx = db::new_dctx();
  std::vector<PackedRecord> records(2 * layout.frame_records + 100, pack(Record{Value::Lose, 2, 0}));
  const std::string blob = db::encode_chunk(records, layout, cctx, 3);
  std::uint32_t frames = 0, count = 0;
  REQUIRE(db::chunk_header(blob, frames, count));
  REQUIRE(frames == 3);
  // Claim one frame's worth more records, with a header check that matches the edit.
  std::string bad = blob;
  const std::uint32_t more = count + layout.frame_records;
  std::memcpy(bad.data() + 4, &more, 4);
  const std::uint32_t check = fnv1a(bad.substr(0, 16), bad.substr(20, 4 * (frames + 1)));
  std::memcpy(bad.data() + 16, &check, 4);
  CHECK_FALSE(db::chunk_header(bad, frames, count));
  std::vector<PackedRecord> out(layout.frame_records);
  std::uint32_t got = 0;
  CHECK(db::decode_frame(bad, 2, layout, dctx, out, got) == db::FrameStatus::damaged);
  CHECK(db::decode_frame(blob, 2, layout, dctx, out, got) == db::FrameStatus::ok);
  CHECK(got == 100);
  ZSTD_freeCCtx(cctx);
  ZSTD_freeDCtx(dctx);
}

TEST_CASE("db: RecordReader's frame cache gives the same records at 8 frames and at the default size") {
  TempDir dir;
  SolveOptions o;
  o.db_path = dir.file("c4.gsdb");
  Progress quiet(false);
  solve_spec("connect4:5x4", o, quiet);
  auto database = db::Database::open(o.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  const Connect4 g(5, 4);
  db::RecordReader small(*database, contents.tiers, contents.layout, 0);
  db::RecordReader large(*database, contents.tiers, contents.layout);
  // Random ranks: the small cache evicts all the time, the large one never.
  std::mt19937_64 rng(7);
  std::uint64_t known = 0, mismatches = 0;
  const int reads = gsolve::testing::samples(200000, 25000);  // 24 s under ASan with 200,000
  for (int i = 0; i < reads; ++i) {
    const std::uint64_t r = rng() % g.rank_space();
    const auto a = small.get(r), b = large.get(r);
    known += a.status == db::RecordReader::Status::ok;
    mismatches += a.status != b.status || (a.status == db::RecordReader::Status::ok && !(a.record == b.record));
  }
  CHECK(mismatches == 0);
  CHECK(known > static_cast<std::uint64_t>(reads / 20));
}

TEST_CASE("db: what a solve killed while creating its file leaves is recognised as holding nothing") {
  TempDir dir;
  const std::string empty = dir.file("empty.gsdb");
  {
    std::FILE* f = std::fopen(empty.c_str(), "w");
    REQUIRE(f);
    std::fclose(f);
  }
  CHECK(db::Database::interrupted_creation(empty));
  CHECK_FALSE(db::Database::interrupted_creation(dir.file("missing.gsdb")));

  // An LMDB file whose tables were made but never filled (a kill before the header's commit).
  const std::string shell = dir.file("shell.gsdb");
  {
    MDB_env* env = nullptr;
    REQUIRE(mdb_env_create(&env) == MDB_SUCCESS);
    REQUIRE(mdb_env_set_maxdbs(env, 4) == MDB_SUCCESS);
    REQUIRE(mdb_env_open(env, shell.c_str(), MDB_NOSUBDIR, 0644) == MDB_SUCCESS);
    MDB_txn* txn = nullptr;
    REQUIRE(mdb_txn_begin(env, nullptr, 0, &txn) == MDB_SUCCESS);
    MDB_dbi dbi;
    REQUIRE(mdb_dbi_open(txn, "meta", MDB_CREATE, &dbi) == MDB_SUCCESS);
    REQUIRE(mdb_txn_commit(txn) == MDB_SUCCESS);
    mdb_env_close(env);
  }
  CHECK(db::Database::interrupted_creation(shell));
  // Once created, the file holds the header and is a database, not a shell.
  std::filesystem::remove(shell);
  db::Database::create(shell, {{"game", "connect4:4x4"}}).reset();
  CHECK_FALSE(db::Database::interrupted_creation(shell));
  CHECK(db::Database::open(shell, db::Database::Mode::read)->meta_or("game", "?") == "connect4:4x4");
  // A file that is not LMDB at all is not a shell either: it is refused, never overwritten.
  const std::string text = dir.file("text.gsdb");
  {
    std::FILE* f = std::fopen(text.c_str(), "w");
    REQUIRE(f);
    std::fputs("not a database\n", f);
    std::fclose(f);
  }
  CHECK_FALSE(db::Database::interrupted_creation(text));
}
