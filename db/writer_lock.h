// One writer per database file: an exclusive flock(2) on the database file
// itself (not on LMDB's "<file>-lock", whose POSIX locks LMDB owns), taken
// without waiting and held until the WriterLock is destroyed, i.e. for a whole
// solve. Readers (query, info, verify) take no lock and keep reading: LMDB
// gives them consistent snapshots while the solve commits.
//
// flock locks the open file (inode), so a solve that replaces the file
// (solve --force renames a new file over it) keeps the old file locked until
// it ends; a solve started after the rename sees the complete new file.
#pragma once

#include <string>

namespace gsolve::db {

class WriterLock {
 public:
  // Locks `path`, creating it empty first when `create` (O_EXCL: if another
  // process made it meanwhile, it is locked as an existing file). Throws
  // DbError "... another solve is writing it" when the lock is held.
  WriterLock(const std::string& path, bool create);
  ~WriterLock();
  WriterLock(const WriterLock&) = delete;
  WriterLock& operator=(const WriterLock&) = delete;
  // True if this lock created the (empty) file.
  bool created() const { return created_; }
  // True while a solve holds the lock on `path`, as /proc/locks lists it
  // (looking takes no lock, so a reader can never make a solve fail to start).
  static bool held(const std::string& path);
  // Why a database is not complete, as a reader says it: a solve still
  // writing it (held), else an interrupted solve.
  static std::string why_incomplete(const std::string& path) {
    return held(path) ? "a solve is still writing it" : "solve interrupted";
  }

 private:
  int fd_ = -1;
  bool created_ = false;
};

}  // namespace gsolve::db
