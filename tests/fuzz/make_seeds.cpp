// Writes the seed corpora of the database fuzz targets from a real database:
//   fuzz_make_seeds <db> <corpus dir> <name>
// corpus/chunk/<name>-<n>: its record chunks (at most kMaxSeeds, each at most
// kMaxBytes), corpus/keyed_run/<name>-<n>: its keyed runs, corpus/meta/<name>:
// its meta table as key \0 value \0 ... (the fuzz_meta input form).
// tools/fuzz_seeds.sh runs it on the databases of a few small solves.
#include <lmdb.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "db/database.h"

namespace {

constexpr int kMaxSeeds = 6;
constexpr std::size_t kMaxBytes = 48 * 1024;

void write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Writes up to kMaxSeeds small values of one table.
int dump_table(const gsolve::db::Database& db, MDB_dbi dbi, const std::filesystem::path& dir, const std::string& name) {
  MDB_txn* txn = nullptr;
  MDB_cursor* cursor = nullptr;
  if (mdb_txn_begin(db.env(), nullptr, MDB_RDONLY, &txn) != 0) return 0;
  int written = 0;
  if (mdb_cursor_open(txn, dbi, &cursor) == 0) {
    MDB_val key, value;
    for (int rc = mdb_cursor_get(cursor, &key, &value, MDB_FIRST); rc == 0 && written < kMaxSeeds;
         rc = mdb_cursor_get(cursor, &key, &value, MDB_NEXT)) {
      if (value.mv_size > kMaxBytes) continue;
      write_file(dir / (name + "-" + std::to_string(written++)),
                 std::string_view(static_cast<const char*>(value.mv_data), value.mv_size));
    }
    mdb_cursor_close(cursor);
  }
  mdb_txn_abort(txn);
  return written;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: fuzz_make_seeds <db> <corpus dir> <name>\n");
    return 2;
  }
  using gsolve::db::Database;
  const auto db = Database::open(argv[1], Database::Mode::read);
  const std::filesystem::path corpus = argv[2];
  const std::string name = argv[3];
  const int chunks = dump_table(*db, db->records_dbi(), corpus / "chunk", name);
  const int runs = db->has_keyed() ? dump_table(*db, db->keyed_dbi(), corpus / "keyed_run", name) : 0;
  std::string meta;
  for (const auto& [key, value] : db->all_meta()) meta += key + '\0' + value + '\0';
  write_file(corpus / "meta" / name, meta);
  std::printf("%s: %d chunks, %d keyed runs, %zu meta bytes\n", name.c_str(), chunks, runs, meta.size());
  return 0;
}
