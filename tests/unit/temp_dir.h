// A fresh directory for a test's files, removed with everything in it when the
// test ends.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>

namespace gsolve::testing {

struct TempDir {
  std::string path;
  // memory: in /dev/shm where there is one (hundreds of tiny databases: no disk syncs).
  explicit TempDir(bool memory = false) {
    std::string tmpl = (memory && std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "/tmp");
    tmpl += "/gsolve-test-XXXXXX";
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return path + "/" + name; }
};

}  // namespace gsolve::testing
