#include "db/writer_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "db/database.h"

namespace gsolve::db {

WriterLock::WriterLock(const std::string& path, bool create) {
  if (create) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    created_ = fd_ >= 0;
    if (fd_ < 0 && errno != EEXIST) throw DbError(path + ": cannot create: " + std::strerror(errno));
  }
  if (fd_ < 0) fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw DbError(path + ": cannot open: " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd_);
    fd_ = -1;
    if (err == EWOULDBLOCK) throw DbError(path + ": another solve is writing it (the file is locked)");
    throw DbError(path + ": cannot lock: " + std::strerror(err));
  }
}

bool WriterLock::held(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return false;
  // A line of /proc/locks: "3: FLOCK  ADVISORY  WRITE 28940 fe:00:10952831 0 EOF".
  char inode[64];
  std::snprintf(inode, sizeof inode, "%02x:%02x:%llu", ::major(st.st_dev), ::minor(st.st_dev),
                static_cast<unsigned long long>(st.st_ino));
  std::ifstream locks("/proc/locks");
  for (std::string line; std::getline(locks, line);) {
    std::istringstream fields(line);
    std::string id, kind, mode, access, pid, file;
    if (fields >> id >> kind >> mode >> access >> pid >> file && kind == "FLOCK" && access == "WRITE" && file == inode)
      return true;
  }
  return false;
}

WriterLock::~WriterLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace gsolve::db
