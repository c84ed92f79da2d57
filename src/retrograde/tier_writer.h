// Writes one tier at a time in the background while the solver goes on.
#pragma once

#include <exception>
#include <thread>
#include <utility>

namespace gsolve {

// One tier write at a time, on a background thread (or inline). wait()
// rethrows the write's exception; the destructor waits too (an exception
// from the solve then wins over one from the write).
class TierWriter {
 public:
  explicit TierWriter(bool background) : background_(background) {}
  ~TierWriter() {
    if (thread_.joinable()) thread_.join();
  }
  template <class F>
  void start(F&& f) {
    wait();
    if (!background_) return f();
    thread_ = std::thread([this, f = std::forward<F>(f)]() mutable {
      try {
        f();
      } catch (...) {
        error_ = std::current_exception();
      }
    });
  }
  void wait() {
    if (thread_.joinable()) thread_.join();
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  bool background_;
  std::thread thread_;
  std::exception_ptr error_;
};

}  // namespace gsolve
