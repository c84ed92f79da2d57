#include "db/writer_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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

WriterLock::~WriterLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace gsolve::db
